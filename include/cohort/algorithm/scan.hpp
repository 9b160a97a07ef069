// SPDX-License-Identifier: MIT
#pragma once
// Device-wide scans: inclusive_scan, exclusive_scan, transform_inclusive_scan and
// transform_exclusive_scan, with the standard algorithms' argument order after the queue
// (and an optional temporary_storage& second), the events to wait for last. Each returns
// the event of its last command. The output may be the input (in place); partly
// overlapping ranges are errc::invalid. The operator must be associative, not necessarily
// commutative. The accumulator type is the standard's: the init's type, else the input's
// value type (for the transform scans: the transform's result type); it must be trivially
// copyable and default constructible.
//
// Strategies (docs/adding_an_algorithm.md):
// - CPU: two passes over memory. A range kernel of one item per thread reduces each
//   thread's contiguous chunk into a partial in scratch memory; a second one has each item
//   combine the partials before its chunk and scan the chunk, writing the output. Each
//   chunk reads an element before it writes it, so scans in place work.
// - GPU: one kernel, a single pass with decoupled look-back (algorithm/scan_look_back.hpp)
//   whose tile counter and status words are temporary_storage's sync_words, so nothing
//   has to clear them first.
#include <cstddef>
#include <optional>
#include <cstdint>
#include <iterator>
#include <limits>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <cohort/algorithm/scan_look_back.hpp>
#include <cohort/algorithm/temporary_storage.hpp>
#include <cohort/core/functional.hpp>
#include <cohort/core/item.hpp>
#include <cohort/detail/algorithm_support.hpp>
#include <cohort/detail/combine.hpp>
#include <cohort/runtime/event.hpp>
#include <cohort/runtime/handler.hpp>
#include <cohort/runtime/queue.hpp>

namespace cohort {
namespace detail {

/// The CPU strategy's constants. Ranges below `min_chunk` elements per thread take one
/// chunk (a single kernel scanning sequentially): below that a second kernel's submission
/// and the threads' start cost more than they share out.
struct scan_tuning_cpu {
  static constexpr std::size_t min_chunk = 8192;
};

/// The first and last command of one scan (the public functions return the last; a
/// benchmark times from the first's start).
struct scan_events {
  event first, last;
};

struct scan_identity {
  template <typename X>
  COHORT_INLINE X operator()(const X& x) const {
    return x;
  }
};

/// Pass 1: partials[c] = the combination of chunk c (chunks before the last empty one are
/// never empty: chunk_of gives the extra elements to the first chunks).
template <typename Acc, typename InputIt, typename BinaryOp, typename UnaryOp>
struct cpu_chunk_reduce_kernel {
  InputIt first;
  Acc* partials;
  std::size_t n, chunks;
  BinaryOp op;
  UnaryOp transform;
  COHORT_FUNCTION void operator()(id<1> c) const {
    const chunk_range r = chunk_of(n, chunks, c[0]);
    if (r.begin == r.end) return;
    Acc s = static_cast<Acc>(transform(first[r.begin]));
    for (std::size_t i = r.begin + 1; i < r.end; ++i) s = combine<Acc>(op, s, static_cast<Acc>(transform(first[i])));
    partials[c[0]] = s;
  }
};

/// Pass 2 (or the only pass, with one chunk): chunk c scanned after the init and the
/// partials of the chunks before it.
template <bool Inclusive, typename Acc, typename InputIt, typename OutputIt, typename BinaryOp, typename UnaryOp,
          bool HasInit>
struct cpu_chunk_scan_kernel {
  InputIt first;
  OutputIt out;
  const Acc* partials;
  std::size_t n, chunks;
  BinaryOp op;
  UnaryOp transform;
  scan_init<Acc, HasInit> init;
  COHORT_FUNCTION void operator()(id<1> c) const {
    const chunk_range r = chunk_of(n, chunks, c[0]);
    if (r.begin == r.end) return;
    std::size_t i = r.begin;
    Acc acc;
    if constexpr (HasInit) {
      acc = init.value;
      for (std::size_t k = 0; k < c[0]; ++k) acc = combine<Acc>(op, acc, partials[k]);
    } else if (c[0] > 0) {
      acc = partials[0];
      for (std::size_t k = 1; k < c[0]; ++k) acc = combine<Acc>(op, acc, partials[k]);
    } else {  // the first element starts the scan (inclusive scans only)
      acc = static_cast<Acc>(transform(first[i]));
      out[i] = acc;
      ++i;
    }
    if constexpr (Inclusive) {
      for (; i < r.end; ++i) {
        acc = combine<Acc>(op, acc, static_cast<Acc>(transform(first[i])));
        out[i] = acc;
      }
    } else {
      for (; i < r.end; ++i) {
        const Acc x = static_cast<Acc>(transform(first[i]));  // read before the write: in place
        out[i] = acc;
        acc = combine<Acc>(op, acc, x);
      }
    }
  }
};

template <bool Inclusive, typename Acc, typename InputIt, typename OutputIt, typename BinaryOp, typename UnaryOp,
          bool HasInit>
scan_events cpu_scan(queue& q, temporary_storage& storage, InputIt first, std::size_t n, OutputIt out, BinaryOp op,
                     UnaryOp transform, scan_init<Acc, HasInit> init, const std::vector<event>& deps) {
  std::size_t chunks = cpu_chunks(q);
  if (n / chunks < scan_tuning_cpu::min_chunk) chunks = 1;
  using scan_kernel = cpu_chunk_scan_kernel<Inclusive, Acc, InputIt, OutputIt, BinaryOp, UnaryOp, HasInit>;
  if (chunks == 1) {
    event e = q.submit([&](handler& h) {
      h.depends_on(deps);
      h.parallel_for(range<1>{1}, scan_kernel{first, out, nullptr, n, 1, op, transform, init});
    });
    return {e, e};
  }
  auto lease = storage.acquire(chunks * sizeof(Acc), deps);
  Acc* const partials = static_cast<Acc*>(lease.data());
  event reduced = q.submit([&](handler& h) {
    h.depends_on(lease.dependencies());
    h.parallel_for(range<1>{chunks},
                   cpu_chunk_reduce_kernel<Acc, InputIt, BinaryOp, UnaryOp>{first, partials, n, chunks, op, transform});
  });
  lease.used_by(reduced);
  event scanned = q.submit([&](handler& h) {
    h.depends_on(reduced);
    h.parallel_for(range<1>{chunks}, scan_kernel{first, out, partials, n, chunks, op, transform, init});
  });
  lease.used_by(scanned);
  return {reduced, scanned};
}

/// The GPU strategy with tile shape `Tuning` (tests run it on the CPU too, with small tiles).
template <typename Tuning, bool Inclusive, typename Acc, typename InputIt, typename OutputIt, typename BinaryOp,
          typename UnaryOp, bool HasInit>
scan_events single_pass_scan(queue& q, temporary_storage& storage, InputIt first, std::size_t n, OutputIt out,
                             BinaryOp op, UnaryOp transform, scan_init<Acc, HasInit> init,
                             const std::vector<event>& deps, std::optional<tile_order> order = std::nullopt) {
  using kernel = single_pass_scan_kernel<Inclusive, Acc, Tuning, InputIt, OutputIt, BinaryOp, UnaryOp, HasInit>;
  using status_layout = tile_status<Acc>;
  const std::size_t tiles = (n + Tuning::tile - 1) / Tuning::tile;
  if (tiles > std::numeric_limits<std::uint32_t>::max() / 2)
    throw exception(errc::invalid, "scan: too many elements for the GPU strategy's tile index");
  auto submit_scan = [&](const std::vector<event>& after, std::uint32_t* counter, status_layout status) {
    return q.submit([&](handler& h) {
      h.depends_on(after);
      kernel k{first,
               out,
               n,
               static_cast<std::uint32_t>(tiles),
               op,
               transform,
               init,
               counter,
               status,
               local_accessor<Acc, 1>(range<1>{kernel::local_tile_size}, h),
               local_accessor<Acc, 1>(range<1>{Tuning::group_size}, h),
               local_accessor<Acc, 1>(range<1>{1}, h),
               local_accessor<std::uint32_t, 1>(range<1>{1}, h)};
      h.parallel_for(nd_range<1>{range<1>{tiles * Tuning::group_size}, range<1>{Tuning::group_size}}, k);
    });
  };
  if (tiles == 1) {  // one group does it all: no counter, no look-back
    event e = submit_scan(deps, nullptr, status_layout{});
    return {e, e};
  }
  auto lease = storage.acquire_synchronised(status_layout::values_bytes(tiles), status_layout::bytes(tiles),
                                            status_layout::format, deps);
  const temporary_storage::sync_words& sync = lease.sync();
  event scanned = submit_scan(status_words_ready(q, lease), order.value_or(tile_order_of(q)) == tile_order::drawn ? sync.counters : nullptr,
                              status_layout::at(sync.status, lease.data(), tiles, sync.epoch));
  lease.used_by(scanned);
  return {scanned, scanned};
}

/// Checks the arguments, then takes the strategy of the queue's device.
template <bool Inclusive, typename Acc, typename InputIt, typename OutputIt, typename BinaryOp, typename UnaryOp,
          bool HasInit>
scan_events scan(const char* name, queue& q, temporary_storage& storage, InputIt first, InputIt last, OutputIt out,
                 BinaryOp op, UnaryOp transform, scan_init<Acc, HasInit> init, const std::vector<event>& deps) {
  static_assert(std::is_trivially_copyable_v<Acc> && std::is_default_constructible_v<Acc>,
                "the scan's accumulator must be trivially copyable and default constructible");
  const std::size_t n = checked_distance(name, first, last);
  check_not_null(name, "output pointer", out, n);
  if constexpr (std::is_pointer_v<InputIt> && std::is_pointer_v<OutputIt>)
    if (overlaps(first, n, out, n) &&
        static_cast<const void*>(std::to_address(first)) != static_cast<const void*>(std::to_address(out)))
      throw exception(errc::invalid, std::string(name) + ": the output partly overlaps the input");
  if (n == 0) {
    event e = q.submit([&](handler& h) { h.depends_on(deps); });
    return {e, e};
  }
  if (q.get_device().is_cpu())
    return cpu_scan<Inclusive>(q, storage, first, n, out, op, transform, init, deps);
  return single_pass_scan<scan_tuning_gpu<Acc>, Inclusive>(q, storage, first, n, out, op, transform, init, deps);
}

template <typename It>
using scan_value_t = typename std::iterator_traits<It>::value_type;
template <typename UnaryOp, typename It>
using scan_transformed_t = std::decay_t<std::invoke_result_t<UnaryOp&, typename std::iterator_traits<It>::reference>>;

/// Keeps the overloads apart: an operator or init is never the events or the storage.
template <typename X>
concept scan_argument = !std::is_same_v<std::remove_cvref_t<X>, std::vector<event>> &&
                        !std::is_same_v<std::remove_cvref_t<X>, temporary_storage>;

}  // namespace detail

// ---- inclusive_scan ----

template <detail::scan_argument InputIt, typename OutputIt, detail::scan_argument BinaryOp>
event inclusive_scan(queue& q, temporary_storage& storage, InputIt first, InputIt last, OutputIt d_first, BinaryOp op,
                     const std::vector<event>& deps = {}) {
  using Acc = detail::scan_value_t<InputIt>;
  return detail::scan<true>("inclusive_scan", q, storage, first, last, d_first, op, detail::scan_identity{},
                            detail::scan_init<Acc, false>{}, deps)
      .last;
}
template <detail::scan_argument InputIt, typename OutputIt>
event inclusive_scan(queue& q, temporary_storage& storage, InputIt first, InputIt last, OutputIt d_first,
                     const std::vector<event>& deps = {}) {
  return inclusive_scan(q, storage, first, last, d_first, plus<>{}, deps);
}
template <detail::scan_argument InputIt, typename OutputIt, detail::scan_argument BinaryOp,
          detail::scan_argument T>
event inclusive_scan(queue& q, temporary_storage& storage, InputIt first, InputIt last, OutputIt d_first, BinaryOp op,
                     T init, const std::vector<event>& deps = {}) {
  return detail::scan<true>("inclusive_scan", q, storage, first, last, d_first, op, detail::scan_identity{},
                            detail::scan_init<T, true>{init}, deps)
      .last;
}
template <detail::scan_argument InputIt, typename OutputIt, detail::scan_argument BinaryOp>
event inclusive_scan(queue& q, InputIt first, InputIt last, OutputIt d_first, BinaryOp op,
                     const std::vector<event>& deps = {}) {
  return inclusive_scan(q, storage_of(q), first, last, d_first, op, deps);
}
template <detail::scan_argument InputIt, typename OutputIt>
event inclusive_scan(queue& q, InputIt first, InputIt last, OutputIt d_first, const std::vector<event>& deps = {}) {
  return inclusive_scan(q, storage_of(q), first, last, d_first, plus<>{}, deps);
}
template <detail::scan_argument InputIt, typename OutputIt, detail::scan_argument BinaryOp,
          detail::scan_argument T>
event inclusive_scan(queue& q, InputIt first, InputIt last, OutputIt d_first, BinaryOp op, T init,
                     const std::vector<event>& deps = {}) {
  return inclusive_scan(q, storage_of(q), first, last, d_first, op, init, deps);
}

// ---- exclusive_scan ----

template <detail::scan_argument InputIt, typename OutputIt, detail::scan_argument T,
          detail::scan_argument BinaryOp>
event exclusive_scan(queue& q, temporary_storage& storage, InputIt first, InputIt last, OutputIt d_first, T init,
                     BinaryOp op, const std::vector<event>& deps = {}) {
  return detail::scan<false>("exclusive_scan", q, storage, first, last, d_first, op, detail::scan_identity{},
                             detail::scan_init<T, true>{init}, deps)
      .last;
}
template <detail::scan_argument InputIt, typename OutputIt, detail::scan_argument T>
event exclusive_scan(queue& q, temporary_storage& storage, InputIt first, InputIt last, OutputIt d_first, T init,
                     const std::vector<event>& deps = {}) {
  return exclusive_scan(q, storage, first, last, d_first, init, plus<>{}, deps);
}
template <detail::scan_argument InputIt, typename OutputIt, detail::scan_argument T,
          detail::scan_argument BinaryOp>
event exclusive_scan(queue& q, InputIt first, InputIt last, OutputIt d_first, T init, BinaryOp op,
                     const std::vector<event>& deps = {}) {
  return exclusive_scan(q, storage_of(q), first, last, d_first, init, op, deps);
}
template <detail::scan_argument InputIt, typename OutputIt, detail::scan_argument T>
event exclusive_scan(queue& q, InputIt first, InputIt last, OutputIt d_first, T init,
                     const std::vector<event>& deps = {}) {
  return exclusive_scan(q, storage_of(q), first, last, d_first, init, plus<>{}, deps);
}

// ---- transform_inclusive_scan ----

template <detail::scan_argument InputIt, typename OutputIt, detail::scan_argument BinaryOp,
          detail::scan_argument UnaryOp>
event transform_inclusive_scan(queue& q, temporary_storage& storage, InputIt first, InputIt last, OutputIt d_first,
                               BinaryOp op, UnaryOp transform, const std::vector<event>& deps = {}) {
  using Acc = detail::scan_transformed_t<UnaryOp, InputIt>;
  return detail::scan<true>("transform_inclusive_scan", q, storage, first, last, d_first, op, transform,
                            detail::scan_init<Acc, false>{}, deps)
      .last;
}
template <detail::scan_argument InputIt, typename OutputIt, detail::scan_argument BinaryOp,
          detail::scan_argument UnaryOp, detail::scan_argument T>
event transform_inclusive_scan(queue& q, temporary_storage& storage, InputIt first, InputIt last, OutputIt d_first,
                               BinaryOp op, UnaryOp transform, T init, const std::vector<event>& deps = {}) {
  return detail::scan<true>("transform_inclusive_scan", q, storage, first, last, d_first, op, transform,
                            detail::scan_init<T, true>{init}, deps)
      .last;
}
template <detail::scan_argument InputIt, typename OutputIt, detail::scan_argument BinaryOp,
          detail::scan_argument UnaryOp>
event transform_inclusive_scan(queue& q, InputIt first, InputIt last, OutputIt d_first, BinaryOp op,
                               UnaryOp transform, const std::vector<event>& deps = {}) {
  return transform_inclusive_scan(q, storage_of(q), first, last, d_first, op, transform, deps);
}
template <detail::scan_argument InputIt, typename OutputIt, detail::scan_argument BinaryOp,
          detail::scan_argument UnaryOp, detail::scan_argument T>
event transform_inclusive_scan(queue& q, InputIt first, InputIt last, OutputIt d_first, BinaryOp op,
                               UnaryOp transform, T init, const std::vector<event>& deps = {}) {
  return transform_inclusive_scan(q, storage_of(q), first, last, d_first, op, transform, init, deps);
}

// ---- transform_exclusive_scan ----

template <detail::scan_argument InputIt, typename OutputIt, detail::scan_argument T,
          detail::scan_argument BinaryOp, detail::scan_argument UnaryOp>
event transform_exclusive_scan(queue& q, temporary_storage& storage, InputIt first, InputIt last, OutputIt d_first,
                               T init, BinaryOp op, UnaryOp transform, const std::vector<event>& deps = {}) {
  return detail::scan<false>("transform_exclusive_scan", q, storage, first, last, d_first, op, transform,
                             detail::scan_init<T, true>{init}, deps)
      .last;
}
template <detail::scan_argument InputIt, typename OutputIt, detail::scan_argument T,
          detail::scan_argument BinaryOp, detail::scan_argument UnaryOp>
event transform_exclusive_scan(queue& q, InputIt first, InputIt last, OutputIt d_first, T init, BinaryOp op,
                               UnaryOp transform, const std::vector<event>& deps = {}) {
  return transform_exclusive_scan(q, storage_of(q), first, last, d_first, init, op, transform, deps);
}

}  // namespace cohort
