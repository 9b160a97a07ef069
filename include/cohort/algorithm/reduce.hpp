// SPDX-License-Identifier: MIT
#pragma once
// Device-wide reductions: reduce and transform_reduce (std::reduce and std::transform_reduce
// with a queue first and the result written to device-accessible memory).
//
//   cohort::event e = cohort::reduce(q, x, x + n, sum, 0.0);                    // *sum = 0.0 + x[0] + ...
//   cohort::event f = cohort::transform_reduce(q, x, x + n, y, dot, 0.0,        // *dot = x . y
//                                              cohort::plus<>(), cohort::multiplies<>());
//
// The operator must be associative and commutative (as for std::reduce and CUB's
// DeviceReduce): elements are combined in an unspecified order and grouping, so floating
// point results may differ from a sequential loop's in rounding. The accumulator type is T
// (the type of `init`): each element, or each transformed element, is converted to T first,
// and `op(T, T)` must be convertible to T. Integer sums and products wrap around in T.
//
// Strategies (chosen by the queue's device):
// - CPU: one `range` kernel with one item per thread of the backend's team; each item folds
//   its contiguous chunk into a partial in scratch memory (arithmetic types with the built-in
//   operators through several independent accumulators, so the loop vectorises even for
//   floating point), then a single task combines the partials in chunk order. Small inputs
//   are one single task.
// - GPU: one kernel. Work-groups of 256 items stride over tiles of 256 x ITEMS elements
//   (vector loads where the input is an aligned pointer to an arithmetic type), each item
//   folding privately; one group reduction per group writes a partial, and the group that
//   finishes last (a counter of finished groups in temporary_storage's sync words) reduces
//   the partials with `init`, where CUB launches a second kernel for that. An input of one
//   tile at most is one group.
//
// The helpers in namespace detail::reduction (value sources, the kernels, the driver) are
// shared with min_element / max_element (min_max_element.hpp).
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <type_traits>
#include <vector>

#include <cohort/algorithm/temporary_storage.hpp>
#include <cohort/core/atomic_fence.hpp>
#include <cohort/core/atomic_ref.hpp>
#include <cohort/core/functional.hpp>
#include <cohort/core/item.hpp>
#include <cohort/core/known_identity.hpp>
#include <cohort/core/nd_item.hpp>
#include <cohort/core/nd_range.hpp>
#include <cohort/core/range.hpp>
#include <cohort/detail/algorithm_support.hpp>
#include <cohort/detail/combine.hpp>
#include <cohort/detail/macros.hpp>
#include <cohort/group/barrier.hpp>
#include <cohort/group/reduce.hpp>
#include <cohort/runtime/event.hpp>
#include <cohort/runtime/handler.hpp>
#include <cohort/runtime/local_accessor.hpp>
#include <cohort/runtime/properties.hpp>
#include <cohort/runtime/queue.hpp>
#include <cohort/runtime/reduction.hpp>

namespace cohort {

namespace detail::reduction {

// ---- Tuning ------------------------------------------------------------------------------

/// The CPU strategy's constants.
struct reduce_tuning_cpu {
  /// Independent accumulators of the vectorised inner loop (arithmetic types, built-in
  /// operators): enough vector registers' worth that the loop is bound by loads, not by
  /// the latency of one chain of additions.
  static constexpr std::size_t accumulator_bytes = 128;
  /// Up to this many elements the whole reduction is one single task: below it a parallel
  /// kernel plus the combining task cost more than one thread's loop.
  static constexpr std::size_t sequential_limit = std::size_t{1} << 14;
};

/// The GPU strategy's constants: CUB's sm_60-sm_90 reduce policy (256 threads, 16 items of
/// 4 bytes or 8 of 8 bytes per thread, 16-byte vector loads), on a grid of at most one wave
/// of resident groups (8 of 256 items per multiprocessor), each looping over its tiles.
/// CUB's grid of five waves (40 groups per multiprocessor) measured 1.00-1.08x CUB at 2^24
/// elements against 1.12-1.20x for one wave (H200, 2026-11-28; 16 groups in between), the
/// same at 2^26-2^28 (1.00-1.06x).
struct reduce_tuning_gpu {
  static constexpr std::size_t group_size = 256;
  template <typename T>
  static constexpr int items_per_item = sizeof(T) <= 4 ? 16 : sizeof(T) <= 8 ? 8 : 4;
  /// A source's items per item: by the element it loads (min/max_element's sources load
  /// one element and only attach its index), else by the accumulator.
  template <typename Source, typename T>
  static constexpr int items_of_source = [] {
    if constexpr (requires { typename Source::loaded_type; })
      return items_per_item<typename Source::loaded_type>;
    else
      return items_per_item<T>;
  }();
  static constexpr std::size_t groups_per_compute_unit = 8;
};

// ---- Values --------------------------------------------------------------------------

// optional_value and optional_op (detail/algorithm_support.hpp): a partial of an empty
// chunk, an item that saw no element.

/// Operators whose combination may be split into independent accumulators that the CPU
/// loop keeps in vector registers: the built-in arithmetic and bitwise ones on arithmetic T.
template <typename Op, typename T>
inline constexpr bool vectorisable_v = builtin_arithmetic_op_v<Op, T>;

/// Operators that say how to fold the next element of an in-order sequence more cheaply
/// than the general operator (min/max_element: a strict comparison, as ties keep the first).
template <typename Op, typename T>
concept has_in_order_fold = requires(const Op& op, const T& a) {
  { op.in_order(a, a) } -> std::convertible_to<T>;
};

template <typename T, typename Op>
COHORT_INLINE T fold_next_in_order(const Op& op, const T& acc, const T& next) {
  if constexpr (has_in_order_fold<Op, T>)
    return op.in_order(acc, next);
  else
    return detail::combine<T>(op, acc, next);
}

// ---- Sources: element i of the (transformed) input as T ---------------------------------

template <typename It>
inline constexpr bool arithmetic_pointer_v =
    std::is_pointer_v<It> && std::is_arithmetic_v<std::remove_cv_t<std::remove_pointer_t<It>>>;

template <typename... It>
constexpr std::size_t largest_element_size() {
  std::size_t most = 1;
  ((most = sizeof(*std::declval<It>()) > most ? sizeof(*std::declval<It>()) : most), ...);
  return most;
}

/// Elements per 16-byte vector load of pointers to these element types (1: no vector loads).
template <typename... It>
inline constexpr int vector_width_v =
    (arithmetic_pointer_v<It> && ...) ? static_cast<int>(16 / largest_element_size<It...>()) : 1;

/// W elements of E read as one aligned access.
template <typename E, int W>
struct alignas(sizeof(E) * W) vector_words {
  E v[W];
};

template <int W, typename E>
COHORT_INLINE vector_words<std::remove_cv_t<E>, W> load_words(const E* p) {
  return *reinterpret_cast<const vector_words<std::remove_cv_t<E>, W>*>(p);
}

template <int W, typename It>
bool aligned_for_vectors(It p) {
  if constexpr (W > 1)
    return reinterpret_cast<std::uintptr_t>(p) % (W * sizeof(*p)) == 0;
  else
    return false;
}

/// first[i] as T.
template <typename T, typename It>
struct element_source {
  It first;
  static constexpr int vector_width = vector_width_v<It>;
  COHORT_FUNCTION T operator()(std::size_t i) const { return static_cast<T>(first[i]); }
  /// Elements i .. i + W (i a multiple of W) into out.
  template <int W>
  COHORT_FUNCTION void load(std::size_t i, T* out) const {
    const auto w = load_words<W>(first + i);
    for (int j = 0; j < W; ++j) out[j] = static_cast<T>(w.v[j]);
  }
  bool vector_loads_allowed() const { return aligned_for_vectors<vector_width>(first); }
};

/// f(first[i]) as T.
template <typename T, typename It, typename F>
struct transform_source {
  It first;
  F f;
  static constexpr int vector_width = vector_width_v<It>;
  COHORT_FUNCTION T operator()(std::size_t i) const { return static_cast<T>(f(first[i])); }
  template <int W>
  COHORT_FUNCTION void load(std::size_t i, T* out) const {
    const auto w = load_words<W>(first + i);
    for (int j = 0; j < W; ++j) out[j] = static_cast<T>(f(w.v[j]));
  }
  bool vector_loads_allowed() const { return aligned_for_vectors<vector_width>(first); }
};

/// f(first1[i], first2[i]) as T.
template <typename T, typename It1, typename It2, typename F>
struct transform2_source {
  It1 first1;
  It2 first2;
  F f;
  static constexpr int vector_width = vector_width_v<It1, It2>;
  COHORT_FUNCTION T operator()(std::size_t i) const { return static_cast<T>(f(first1[i], first2[i])); }
  template <int W>
  COHORT_FUNCTION void load(std::size_t i, T* out) const {
    const auto a = load_words<W>(first1 + i);
    const auto b = load_words<W>(first2 + i);
    for (int j = 0; j < W; ++j) out[j] = static_cast<T>(f(a.v[j], b.v[j]));
  }
  bool vector_loads_allowed() const {
    return aligned_for_vectors<vector_width>(first1) && aligned_for_vectors<vector_width>(first2);
  }
};

// ---- Outputs: where the total goes ---------------------------------------------------------

/// *result = op(init, total); an empty input gives init.
template <typename T, typename Op>
struct init_output {
  T* result;
  T init;
  Op op;
  COHORT_FUNCTION void store(std::size_t, const T& total) const { *result = detail::combine<T>(op, init, total); }
  COHORT_FUNCTION void store_empty() const { *result = init; }
};

/// The GPU's output of more than one group: each group stores its total in `partials`,
/// and the group that finishes last (it counts finished groups in `finished`) combines
/// them and hands the result to `out`; so the whole reduction is one kernel.
template <typename T, typename Output>
struct finishing_output {
  T* partials;
  std::uint32_t* finished;  // zero before; left zero
  Output out;
};

template <typename Output>
inline constexpr bool is_finishing_output_v = false;
template <typename T, typename Output>
inline constexpr bool is_finishing_output_v<finishing_output<T, Output>> = true;

// ---- CPU kernels ---------------------------------------------------------------------------

/// `op` over the elements [begin, end) of `src` (begin < end), in an unspecified grouping.
template <typename T, typename Source, typename Op>
COHORT_INLINE T fold_chunk(const Source& src, const Op& op, std::size_t begin, std::size_t end) {
  if constexpr (requires { { op.fold_chunk(src, begin, end) } -> std::convertible_to<T>; }) {
    return op.fold_chunk(src, begin, end);  // the operator's own loop (min/max_element's lanes)
  } else if constexpr (vectorisable_v<Op, T>) {
    constexpr std::size_t lanes = reduce_tuning_cpu::accumulator_bytes / sizeof(T) < 4 ? 4 : reduce_tuning_cpu::accumulator_bytes / sizeof(T);
    T acc[lanes];
    for (std::size_t k = 0; k < lanes; ++k) acc[k] = detail::make_known_identity<Op, T>();
    std::size_t i = begin;
    for (; i + lanes <= end; i += lanes)
      for (std::size_t k = 0; k < lanes; ++k) acc[k] = detail::combine<T>(op, acc[k], src(i + k));
    for (std::size_t k = 0; i < end; ++i, ++k) acc[k] = detail::combine<T>(op, acc[k], src(i));
    for (std::size_t width = lanes / 2; width > 0; width /= 2)
      for (std::size_t k = 0; k < width; ++k) acc[k] = detail::combine<T>(op, acc[k], acc[k + width]);
    return acc[0];
  } else {
    T acc = src(begin);
    for (std::size_t i = begin + 1; i < end; ++i) acc = fold_next_in_order<T>(op, acc, src(i));
    return acc;
  }
}

/// Item c folds chunk c of the input into partials[c].
template <typename T, typename Source, typename Op>
struct cpu_chunk_kernel {
  Source src;
  Op op;
  std::size_t n, chunks;
  optional_value<T>* partials;
  COHORT_FUNCTION void operator()(item<1> it) const {
    const std::size_t c = it.get_id(0);
    const chunk_range r = chunk_of(n, chunks, c);
    if (r.begin == r.end)
      partials[c] = {T{}, false};
    else
      partials[c] = {fold_chunk<T>(src, op, r.begin, r.end), true};
  }
};

/// Item c folds chunk c of the input into the launch's reduction (one command: the CPU
/// backend combines the threads' partials in thread order after the kernel); item 0 adds
/// `init`. For operators with a known identity writing to init_output.
template <typename T, typename Source, typename Op>
struct cpu_chunk_reduction_kernel {
  Source src;
  Op op;
  std::size_t n, chunks;
  T init;
  template <typename Reducer>
  COHORT_FUNCTION void operator()(item<1> it, Reducer& total) const {
    const std::size_t c = it.get_id(0);
    const chunk_range r = chunk_of(n, chunks, c);
    T partial = r.begin == r.end ? detail::make_known_identity<Op, T>() : fold_chunk<T>(src, op, r.begin, r.end);
    if (c == 0) partial = detail::combine<T>(op, init, partial);
    total.combine(partial);
  }
};

template <typename Output>
inline constexpr bool is_init_output_v = false;
template <typename T, typename Op>
inline constexpr bool is_init_output_v<init_output<T, Op>> = true;

/// Combines the partials in chunk order and stores the total.
template <typename T, typename Op, typename Output>
struct cpu_combine_kernel {
  const optional_value<T>* partials;
  std::size_t chunks;
  Op op;
  Output out;
  COHORT_FUNCTION void operator()() const {
    optional_value<T> total{T{}, false};
    const optional_op<T, Op> combine_op{op};
    for (std::size_t c = 0; c < chunks; ++c) total = combine_op(total, partials[c]);
    out.store(0, total.value);  // n > 0: some chunk has elements
  }
};

/// The whole (small, non-empty) input on one thread.
template <typename T, typename Source, typename Op, typename Output>
struct sequential_kernel {
  Source src;
  Op op;
  std::size_t n;
  Output out;
  COHORT_FUNCTION void operator()() const { out.store(0, fold_chunk<T>(src, op, 0, n)); }
};

/// What an empty input gives.
template <typename Output>
struct empty_kernel {
  Output out;
  COHORT_FUNCTION void operator()() const { out.store_empty(); }
};

// ---- GPU kernel ----------------------------------------------------------------------------

/// Groups of GroupSize items stride over tiles of GroupSize x Items elements: tile k goes
/// to group k mod G. Each item folds its elements of each full tile (Vector: W-element
/// aligned loads, word j of the tile to item j mod GroupSize; else element j to item
/// j mod GroupSize, both coalesced), then the partial last tile element by element; one
/// group reduction. One group: the leader stores the total; more (finishing_output): see
/// there.
template <typename T, typename Source, typename Op, typename Output, std::size_t GroupSize, int Items, bool Vector>
struct tile_kernel {
  Source src;
  Op op;
  std::size_t n;
  Output out;
  local_accessor<std::uint32_t, 1> last;  // finishing_output: whether this group finishes

  static constexpr int width = Vector ? Source::vector_width : 1;
  static_assert(Items % width == 0, "a tile's items must be whole vector loads");

  static constexpr auto get(properties_tag) { return properties{work_group_size<GroupSize>}; }

  /// The group's combination of its tiles of `source` (n elements, tiles dealt round-robin
  /// to `groups` groups). Each item meets its elements in index order, so with `InOrder`
  /// it folds them with the operator's in-order form (fold_next_in_order).
  template <int SourceItems, bool SourceVector, bool InOrder, typename S>
  COHORT_INLINE T group_total(const nd_item<1>& it, const S& source, std::size_t count, std::size_t group,
                              std::size_t groups) const {
    const auto fold = [&](const T& acc, const T& next) {
      if constexpr (InOrder)
        return fold_next_in_order<T>(op, acc, next);
      else
        return detail::combine<T>(op, acc, next);
    };
    constexpr int w = SourceVector ? S::vector_width : 1;
    constexpr std::size_t tile = GroupSize * static_cast<std::size_t>(SourceItems);
    const std::size_t t = it.get_local_id(0);
    const std::size_t full_tiles = count / tile;
    T acc{};
    bool has = false;
    for (std::size_t k = group; k < full_tiles; k += groups) {
      T v[SourceItems];
      const std::size_t base = k * tile;
      if constexpr (SourceVector) {
        for (int m = 0; m < SourceItems / w; ++m)
          source.template load<w>(base + (t + static_cast<std::size_t>(m) * GroupSize) * w, v + m * w);
      } else {
        for (int m = 0; m < SourceItems; ++m) v[m] = source(base + t + static_cast<std::size_t>(m) * GroupSize);
      }
      T s = v[0];
      for (int m = 1; m < SourceItems; ++m) s = fold(s, v[m]);
      acc = has ? fold(acc, s) : s;
      has = true;
    }
    if (full_tiles * tile < count && group == full_tiles % groups) {
      std::size_t i = full_tiles * tile + t;
      // Four elements a step, whose loads are in flight together (a small input is only
      // this partial tile, and one load at a time is its whole time).
      for (; i + 3 * GroupSize < count; i += 4 * GroupSize) {
        const T v0 = source(i), v1 = source(i + GroupSize), v2 = source(i + 2 * GroupSize), v3 = source(i + 3 * GroupSize);
        const T s = fold(fold(fold(v0, v1), v2), v3);
        acc = has ? fold(acc, s) : s;
        has = true;
      }
      for (; i < count; i += GroupSize) {
        const T v = source(i);
        acc = has ? fold(acc, v) : v;
        has = true;
      }
    }
    if constexpr (has_known_identity_v<Op, T>) {
      return reduce_over_group(it.get_group(), has ? acc : detail::make_known_identity<Op, T>(), op);
    } else {
      // A group with a full tile, or with a partial one of at least one element per item,
      // has a value in every item (the same test in the whole group).
      const bool every_item_has_one =
          group < full_tiles || (group == full_tiles % groups && count - full_tiles * tile >= GroupSize);
      if (every_item_has_one) return reduce_over_group(it.get_group(), acc, op);
      return reduce_over_group(it.get_group(), optional_value<T>{acc, has}, optional_op<T, Op>{op}).value;
    }
  }

  COHORT_FUNCTION void operator()(nd_item<1> it) const {
    const std::size_t t = it.get_local_id(0);
    const std::size_t group = it.get_group(0), groups = it.get_group_range(0);
    const T total = group_total<Items, Vector, true>(it, src, n, group, groups);
    if constexpr (is_finishing_output_v<Output>) {
      // The group's total is released by the leader's count of finished groups; the group
      // that counts last acquires every total and combines them in group order.
      using counter = atomic_ref<std::uint32_t, memory_order::acq_rel, memory_scope::device,
                                 access::address_space::global_space>;
      if (t == 0) {
        out.partials[group] = total;
        const std::uint32_t before = counter(*out.finished).fetch_add(1u);
        last[0] = before == groups - 1 ? 1u : 0u;
        if (before == groups - 1) counter(*out.finished).store(0u, memory_order::relaxed);
      }
      group_barrier(it.get_group());
      if (last[0] == 0) return;  // the same in the whole group
      cohort::atomic_fence(memory_order::acquire, memory_scope::device);
      constexpr int partial_items = reduce_tuning_gpu::items_per_item<T>;
      // Group g's partial covers tiles g, g + G, ...: not in index order, so the general operator.
      const T result = group_total<partial_items, false, false>(it, element_source<T, const T*>{out.partials}, groups, 0, 1);
      if (t == 0) out.out.store(0, result);
    } else {
      if (t == 0) out.store(group, total);
    }
  }
};

// ---- The driver ----------------------------------------------------------------------------

/// Submits a one-group-or-more tile kernel over `src`; Vector where the source allows it.
template <typename T, typename Source, typename Op, typename Output>
void submit_tiles(handler& h, const Source& src, const Op& op, std::size_t n, std::size_t groups,
                  const Output& out) {
  constexpr std::size_t group_size = reduce_tuning_gpu::group_size;
  constexpr int base_items = reduce_tuning_gpu::items_of_source<Source, T>;
  constexpr int items = base_items < Source::vector_width ? Source::vector_width : base_items;
  const nd_range<1> shape{range<1>{groups * group_size}, range<1>{group_size}};
  const local_accessor<std::uint32_t, 1> last(range<1>{1}, h);
  if constexpr (Source::vector_width > 1) {
    if (src.vector_loads_allowed()) {
      h.parallel_for(shape, tile_kernel<T, Source, Op, Output, group_size, items, true>{src, op, n, out, last});
      return;
    }
  }
  h.parallel_for(shape, tile_kernel<T, Source, Op, Output, group_size, items, false>{src, op, n, out, last});
}

/// `op` over the n values of `src`, the total handed to `out` (its store_empty when n is 0).
template <typename T, typename Source, typename Op, typename Output>
event run(queue& q, temporary_storage& storage, std::size_t n, const Source& src, const Op& op, const Output& out,
          const std::vector<event>& depends_on) {
  if (n == 0)
    return q.submit([&](handler& h) {
      h.depends_on(depends_on);
      h.single_task(empty_kernel<Output>{out});
    });

  if (q.get_device().is_cpu()) {
    if (n <= reduce_tuning_cpu::sequential_limit)
      return q.submit([&](handler& h) {
        h.depends_on(depends_on);
        h.single_task(sequential_kernel<T, Source, Op, Output>{src, op, n, out});
      });
    const std::size_t chunks = cpu_chunks(q);
    if constexpr (vectorisable_v<Op, T> && is_init_output_v<Output>) {
      return q.submit([&](handler& h) {
        h.depends_on(depends_on);
        h.parallel_for(range<1>{chunks},
                       cohort::reduction(out.result, out.op, property_list{property::reduction::initialize_to_identity{}}),
                       cpu_chunk_reduction_kernel<T, Source, Op>{src, op, n, chunks, out.init});
      });
    }
    auto lease = storage.acquire(chunks * sizeof(optional_value<T>), depends_on);
    auto* partials = static_cast<optional_value<T>*>(lease.data());
    event e = q.submit([&](handler& h) {
      h.depends_on(lease.dependencies());
      h.parallel_for(range<1>{chunks}, cpu_chunk_kernel<T, Source, Op>{src, op, n, chunks, partials});
    });
    lease.used_by(e);
    event f = q.submit([&](handler& h) {
      h.depends_on(e);
      h.single_task(cpu_combine_kernel<T, Op, Output>{partials, chunks, op, out});
    });
    lease.used_by(f);
    return f;
  }

  constexpr std::size_t group_size = reduce_tuning_gpu::group_size;
  constexpr std::size_t tile = group_size * static_cast<std::size_t>(reduce_tuning_gpu::items_of_source<Source, T>);
  const std::size_t tiles = (n + tile - 1) / tile;
  if (tiles == 1)
    return q.submit([&](handler& h) {
      h.depends_on(depends_on);
      submit_tiles<T>(h, src, op, n, 1, out);
    });

  const std::size_t units = q.get_device().get_info<info::device::max_compute_units>();  // multiprocessors
  const std::size_t most = units * reduce_tuning_gpu::groups_per_compute_unit;
  const std::size_t groups = tiles < most ? tiles : most;
  auto lease = storage.acquire_synchronised(groups * sizeof(T), 0, no_status_words, depends_on);
  const finishing_output<T, Output> finishing{static_cast<T*>(lease.data()), lease.sync().counters, out};
  event e = q.submit([&](handler& h) {
    h.depends_on(lease.dependencies());
    submit_tiles<T>(h, src, op, n, groups, finishing);
  });
  lease.used_by(e);
  return e;
}

template <typename It>
inline constexpr bool is_storage_v = std::is_same_v<std::remove_cvref_t<It>, temporary_storage>;

}  // namespace detail::reduction

/// *result = op(init, first[0], ..., first[n-1]) in an unspecified grouping (op associative
/// and commutative); init when the range is empty. `result` must be device-accessible.
template <typename InputIt, typename T, typename BinaryOp = plus<>>
  requires(!detail::reduction::is_storage_v<InputIt>)
event reduce(queue& q, temporary_storage& storage, InputIt first, InputIt last, T* result,
             std::type_identity_t<T> init, BinaryOp op = {}, const std::vector<event>& depends_on = {}) {
  const std::size_t n = detail::checked_distance("reduce", first, last);
  detail::check_not_null("reduce", "result pointer", result, 1);
  using namespace detail::reduction;
  return run<T>(q, storage, n, element_source<T, InputIt>{first}, op, init_output<T, BinaryOp>{result, init, op},
                depends_on);
}
template <typename InputIt, typename T, typename BinaryOp = plus<>>
  requires(!detail::reduction::is_storage_v<InputIt>)
event reduce(queue& q, InputIt first, InputIt last, T* result, std::type_identity_t<T> init, BinaryOp op = {},
             const std::vector<event>& depends_on = {}) {
  return cohort::reduce(q, storage_of(q), first, last, result, init, op, depends_on);
}

/// *result = reduce_op(init, transform_op(first[0]), ..., transform_op(first[n-1])).
template <typename InputIt, typename T, typename BinaryOp, typename UnaryOp>
  requires(!detail::reduction::is_storage_v<InputIt> && std::is_invocable_v<const UnaryOp&, decltype(*std::declval<InputIt>())>)
event transform_reduce(queue& q, temporary_storage& storage, InputIt first, InputIt last, T* result,
                       std::type_identity_t<T> init, BinaryOp reduce_op, UnaryOp transform_op,
                       const std::vector<event>& depends_on = {}) {
  const std::size_t n = detail::checked_distance("transform_reduce", first, last);
  detail::check_not_null("transform_reduce", "result pointer", result, 1);
  using namespace detail::reduction;
  return run<T>(q, storage, n, transform_source<T, InputIt, UnaryOp>{first, transform_op}, reduce_op,
                init_output<T, BinaryOp>{result, init, reduce_op}, depends_on);
}
template <typename InputIt, typename T, typename BinaryOp, typename UnaryOp>
  requires(!detail::reduction::is_storage_v<InputIt> && std::is_invocable_v<const UnaryOp&, decltype(*std::declval<InputIt>())>)
event transform_reduce(queue& q, InputIt first, InputIt last, T* result, std::type_identity_t<T> init,
                       BinaryOp reduce_op, UnaryOp transform_op, const std::vector<event>& depends_on = {}) {
  return cohort::transform_reduce(q, storage_of(q), first, last, result, init, reduce_op, transform_op, depends_on);
}

/// *result = reduce_op(init, transform_op(first1[0], first2[0]), ...): with plus and
/// multiplies, the dot product of the two ranges.
template <typename InputIt1, typename InputIt2, typename T, typename BinaryOp1 = plus<>,
          typename BinaryOp2 = multiplies<>>
  requires(!detail::reduction::is_storage_v<InputIt1>)
event transform_reduce(queue& q, temporary_storage& storage, InputIt1 first1, InputIt1 last1, InputIt2 first2,
                       T* result, std::type_identity_t<T> init, BinaryOp1 reduce_op = {}, BinaryOp2 transform_op = {},
                       const std::vector<event>& depends_on = {}) {
  const std::size_t n = detail::checked_distance("transform_reduce", first1, last1);
  detail::check_not_null("transform_reduce", "second input pointer", first2, n);
  detail::check_not_null("transform_reduce", "result pointer", result, 1);
  using namespace detail::reduction;
  return run<T>(q, storage, n, transform2_source<T, InputIt1, InputIt2, BinaryOp2>{first1, first2, transform_op},
                reduce_op, init_output<T, BinaryOp1>{result, init, reduce_op}, depends_on);
}
template <typename InputIt1, typename InputIt2, typename T, typename BinaryOp1 = plus<>,
          typename BinaryOp2 = multiplies<>>
  requires(!detail::reduction::is_storage_v<InputIt1>)
event transform_reduce(queue& q, InputIt1 first1, InputIt1 last1, InputIt2 first2, T* result,
                       std::type_identity_t<T> init, BinaryOp1 reduce_op = {}, BinaryOp2 transform_op = {},
                       const std::vector<event>& depends_on = {}) {
  return cohort::transform_reduce(q, storage_of(q), first1, last1, first2, result, init, reduce_op, transform_op,
                                  depends_on);
}

}  // namespace cohort
