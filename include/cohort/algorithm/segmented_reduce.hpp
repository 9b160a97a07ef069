// SPDX-License-Identifier: MIT
#pragma once
// segmented_reduce: out[s] = init op values[begin_offsets[s]] op ... op
// values[end_offsets[s] - 1] for every segment s (CUB's DeviceSegmentedReduce::Reduce:
// each segment has its own begin and end, in any order, overlapping or not; an empty
// segment gives init). The operator is taken as associative and commutative, as CUB and
// the SYCL group reductions take it.
//
// CPU: a range kernel over the segments, each folded sequentially by one work-item.
// GPU: one work-group per segment (as CUB's one block per segment): each work-item folds a
// strided share of the segment, then reduce_over_group combines the work-items.
#include <cstddef>
#include <iterator>
#include <string>
#include <type_traits>
#include <vector>

#include <cohort/algorithm/temporary_storage.hpp>
#include <cohort/core/exception.hpp>
#include <cohort/core/known_identity.hpp>
#include <cohort/core/nd_item.hpp>
#include <cohort/core/nd_range.hpp>
#include <cohort/core/range.hpp>
#include <cohort/detail/algorithm_support.hpp>
#include <cohort/detail/macros.hpp>
#include <cohort/group/reduce.hpp>
#include <cohort/runtime/event.hpp>
#include <cohort/runtime/handler.hpp>
#include <cohort/runtime/properties.hpp>
#include <cohort/runtime/queue.hpp>

namespace cohort {

/// The GPU strategy's constants; not yet tuned by a GPU measurement. Each work-item keeps
/// four loads in flight per step of its strided loop.
struct segmented_reduce_tuning_gpu {
  static constexpr std::size_t group_size = 256;
  static constexpr std::size_t loads_per_step = 4;
};

namespace detail {

template <typename InputIt, typename OutputIt, typename OffsetIt, typename T, typename BinaryOp>
struct segmented_reduce_items {
  InputIt values;
  OutputIt out;
  OffsetIt begins, ends;
  T init;
  BinaryOp op;
  COHORT_FUNCTION void operator()(id<1> s) const {
    const auto b = static_cast<std::size_t>(begins[s[0]]), e = static_cast<std::size_t>(ends[s[0]]);
    T acc = init;
    for (std::size_t i = b; i < e; ++i) acc = op(acc, static_cast<T>(values[i]));
    out[s[0]] = acc;
  }
};

/// A partial result that may hold no value yet: the group reduction's operand where the
/// operator has no known identity and a segment is shorter than the group.
template <typename T>
struct maybe_value {
  T value;
  bool has;
};
template <typename BinaryOp>
struct combine_maybe {
  BinaryOp op;
  template <typename T>
  COHORT_FUNCTION maybe_value<T> operator()(const maybe_value<T>& a, const maybe_value<T>& b) const {
    if (!a.has) return b;
    if (!b.has) return a;
    return {op(a.value, b.value), true};
  }
};

template <typename InputIt, typename OutputIt, typename OffsetIt, typename T, typename BinaryOp>
struct segmented_reduce_groups {
  static constexpr std::size_t group_size = segmented_reduce_tuning_gpu::group_size;
  static constexpr std::size_t unroll = segmented_reduce_tuning_gpu::loads_per_step;
  InputIt values;
  OutputIt out;
  OffsetIt begins, ends;
  T init;
  BinaryOp op;

  /// Folds values[i], values[i + group_size], ... below e into acc.
  COHORT_FUNCTION T fold(T acc, std::size_t i, std::size_t e) const {
    for (; i + (unroll - 1) * group_size < e; i += unroll * group_size) {
      T x[unroll];
      for (std::size_t k = 0; k < unroll; ++k) x[k] = static_cast<T>(values[i + k * group_size]);
      for (std::size_t k = 0; k < unroll; ++k) acc = op(acc, x[k]);
    }
    for (; i < e; i += group_size) acc = op(acc, static_cast<T>(values[i]));
    return acc;
  }

  COHORT_FUNCTION void operator()(nd_item<1> it) const {
    const auto g = it.get_group();
    const std::size_t s = it.get_group(0), lid = it.get_local_id(0);
    const auto b = static_cast<std::size_t>(begins[s]), e = static_cast<std::size_t>(ends[s]);
    if (e <= b) {  // the same for the whole group
      if (lid == 0) out[s] = init;
      return;
    }
    if constexpr (has_known_identity_v<BinaryOp, T>) {
      const T total = reduce_over_group(g, fold(make_known_identity<BinaryOp, T>(), b + lid, e), op);
      if (lid == 0) out[s] = op(init, total);
    } else {
      maybe_value<T> mine{init, false};
      if (b + lid < e) mine = {fold(static_cast<T>(values[b + lid]), b + lid + group_size, e), true};
      const maybe_value<T> total = reduce_over_group(g, mine, combine_maybe<BinaryOp>{op});
      if (lid == 0) out[s] = op(init, total.value);
    }
  }
};

struct no_segments {
  COHORT_FUNCTION void operator()() const {}
};

enum class segmented_reduce_strategy { device_default, cpu, gpu };

template <typename InputIt, typename OutputIt, typename OffsetIt, typename T, typename BinaryOp>
event segmented_reduce(queue& q, InputIt values, OutputIt out, std::size_t segments, OffsetIt begin_offsets,
                       OffsetIt end_offsets, T init, BinaryOp op, const std::vector<event>& depends_on,
                       segmented_reduce_strategy strategy) {
  const char* algorithm = "segmented_reduce";
  check_not_null(algorithm, "output", out, segments);
  check_not_null(algorithm, "begin offset pointer", begin_offsets, segments);
  check_not_null(algorithm, "end offset pointer", end_offsets, segments);
  if constexpr (std::is_pointer_v<InputIt>)
    if (segments != 0 && values == nullptr) throw exception(errc::invalid, std::string(algorithm) + ": a null input pointer");
  const bool cpu = strategy == segmented_reduce_strategy::device_default ? q.get_device().is_cpu()
                                                                         : strategy == segmented_reduce_strategy::cpu;
  return q.submit([&](handler& h) {
    h.depends_on(depends_on);
    if (segments == 0) {
      h.single_task(no_segments{});  // still an event ordered after depends_on
    } else if (cpu) {
      h.parallel_for(range<1>{segments}, segmented_reduce_items<InputIt, OutputIt, OffsetIt, T, BinaryOp>{
                                             values, out, begin_offsets, end_offsets, init, op});
    } else {
      using kernel = segmented_reduce_groups<InputIt, OutputIt, OffsetIt, T, BinaryOp>;
      h.parallel_for(nd_range<1>{segments * kernel::group_size, kernel::group_size},
                     properties{work_group_size<kernel::group_size>},
                     kernel{values, out, begin_offsets, end_offsets, init, op});
    }
  });
}

}  // namespace detail

/// out[s] = the fold with `op` of init and values[begin_offsets[s]] ..
/// values[end_offsets[s] - 1], for s < segments (CUB's DeviceSegmentedReduce semantics:
/// segments in any order, an empty segment, end <= begin, gives init). `op` must be
/// associative and commutative. errc::invalid for null pointers while segments > 0. Needs
/// no scratch memory: the overload with a temporary_storage is for a uniform interface.
template <typename InputIt, typename OutputIt, typename OffsetIt, typename T, typename BinaryOp>
event segmented_reduce(queue& q, temporary_storage&, InputIt values, OutputIt out, std::size_t segments,
                       OffsetIt begin_offsets, OffsetIt end_offsets, T init, BinaryOp op,
                       const std::vector<event>& depends_on = {}) {
  return detail::segmented_reduce(q, values, out, segments, begin_offsets, end_offsets, init, op, depends_on,
                                  detail::segmented_reduce_strategy::device_default);
}
template <typename InputIt, typename OutputIt, typename OffsetIt, typename T, typename BinaryOp>
event segmented_reduce(queue& q, InputIt values, OutputIt out, std::size_t segments, OffsetIt begin_offsets,
                       OffsetIt end_offsets, T init, BinaryOp op, const std::vector<event>& depends_on = {}) {
  return detail::segmented_reduce(q, values, out, segments, begin_offsets, end_offsets, init, op, depends_on,
                                  detail::segmented_reduce_strategy::device_default);
}

}  // namespace cohort
