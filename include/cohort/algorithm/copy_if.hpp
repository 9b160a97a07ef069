// SPDX-License-Identifier: MIT
#pragma once
// Stream compaction: copy_if, partition_copy and partition, all stable.
//
// CPU: two passes over one contiguous chunk per thread, as a scan does: each chunk counts
// its selected elements, then writes them at the sum of the counts before it.
// GPU: one pass with decoupled look-back (CUB's DeviceSelect): each work-group takes the
// next tile from an atomic counter (so every earlier tile belongs to a group that is
// already running), loads it through local memory into a blocked arrangement, scans its
// selection flags, publishes its count, and takes its output offset from the tiles before
// it: a sub-group looks back over a window of predecessors, summing counts until it
// meets one whose inclusive prefix is known. Status and count share one 64-bit word, so a
// relaxed load sees both or neither; the status carries the call's epoch and the tile
// counter is left at zero (temporary_storage's sync words), so no memset precedes the
// kernel. The selected elements are compacted in local memory and written out coalesced.
// partition needs the total number of selected elements before it can place the rejected
// ones, so it counts first (one more read of the input).
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string>
#include <type_traits>
#include <vector>

#include <cohort/algorithm/scan_look_back.hpp>
#include <cohort/algorithm/temporary_storage.hpp>
#include <cohort/core/atomic_ref.hpp>
#include <cohort/core/exception.hpp>
#include <cohort/core/functional.hpp>
#include <cohort/core/nd_item.hpp>
#include <cohort/core/nd_range.hpp>
#include <cohort/core/sub_group.hpp>
#include <cohort/core/range.hpp>
#include <cohort/detail/algorithm_support.hpp>
#include <cohort/detail/macros.hpp>
#include <cohort/group/barrier.hpp>
#include <cohort/group/reduce.hpp>
#include <cohort/group/scan.hpp>
#include <cohort/runtime/event.hpp>
#include <cohort/runtime/properties.hpp>
#include <cohort/runtime/handler.hpp>
#include <cohort/runtime/local_accessor.hpp>
#include <cohort/runtime/queue.hpp>

namespace cohort {

/// The GPU strategy's constants: tiles of 16 KiB of input (4,096 int32) by default
/// (`shape`), chosen on an H200 among the shapes cohort-bench-cuda's select benchmark
/// compares (2026-11-27): 256 x 16 int32 copied at 0.77x CUB at 2^24 and 0.64x at 2^28,
/// against 0.69x and 0.57x for 256 x 8. Six groups per multiprocessor (40 registers, from
/// the compiler's 43 and five groups): 0.75x and 0.70x against 0.74x and 0.66x on an H100
/// the same day; eight (32 registers, spilling) 0.69x and 0.63x.
struct select_tuning_gpu {
  static constexpr std::size_t group_size = 256;
  static constexpr std::size_t tile_bytes = 16384;
  static constexpr std::uint32_t min_groups_per_unit = 6;
  template <typename T>
  using shape = detail::tile_shape<group_size, (tile_bytes / group_size / sizeof(T) > 0 ? tile_bytes / group_size / sizeof(T) : 1),
                                   min_groups_per_unit>;
  /// Groups of the counting pass of partition, per compute unit.
  static constexpr std::size_t count_groups_per_unit = 8;
};

namespace detail {

enum class select_mode { copy_if, partition_copy, partition };

// ---- CPU strategy -------------------------------------------------------------------------

template <typename InputIt, typename Predicate>
struct select_count_chunks {
  InputIt first;
  std::size_t n, chunks;
  std::size_t* counts;
  Predicate pred;
  COHORT_FUNCTION void operator()(id<1> c) const {
    const chunk_range r = chunk_of(n, chunks, c[0]);
    std::size_t k = 0;
    for (std::size_t i = r.begin; i < r.end; ++i) k += pred(first[i]) ? 1 : 0;
    counts[c[0]] = k;
  }
};

template <select_mode Mode, typename InputIt, typename OutTrue, typename OutFalse, typename Predicate>
struct select_write_chunks {
  InputIt first;
  OutTrue d_true;
  OutFalse d_false;
  std::size_t* true_count;
  std::size_t n, chunks;
  const std::size_t* counts;
  Predicate pred;
  COHORT_FUNCTION void operator()(id<1> id_c) const {
    const std::size_t c = id_c[0];
    const chunk_range r = chunk_of(n, chunks, c);
    std::size_t before = 0;
    for (std::size_t k = 0; k < c; ++k) before += counts[k];
    if (c == chunks - 1) *true_count = before + counts[c];
    // Local copies: the output's stores could alias the kernel object's members.
    const InputIt in = first;
    const Predicate keep = pred;
    if constexpr (Mode == select_mode::copy_if) {
      OutTrue out = d_true + before;
      for (std::size_t i = r.begin; i < r.end; ++i) {
        const auto v = in[i];
        if (keep(v)) *out++ = v;
      }
    } else {
      std::size_t false_base = 0;  // partition: the rejected ones follow all selected ones
      if constexpr (Mode == select_mode::partition) {
        false_base = before;
        for (std::size_t k = c; k < chunks; ++k) false_base += counts[k];
      }
      OutTrue t = d_true + before;
      OutFalse f = d_false + (false_base + (r.begin - before));
      for (std::size_t i = r.begin; i < r.end; ++i) {
        const auto v = in[i];
        if (keep(v)) *t++ = v;
        else *f++ = v;
      }
    }
  }
};

template <select_mode Mode, typename InputIt, typename OutTrue, typename OutFalse, typename Predicate>
event select_cpu(queue& q, temporary_storage& storage, InputIt first, std::size_t n, OutTrue d_true, OutFalse d_false,
                 std::size_t* true_count, Predicate pred, const std::vector<event>& depends_on) {
  const std::size_t chunks = cpu_chunks(q);
  auto lease = storage.acquire(chunks * sizeof(std::size_t), depends_on);
  auto* counts = static_cast<std::size_t*>(lease.data());
  event counted = q.submit([&](handler& h) {
    h.depends_on(lease.dependencies());
    h.parallel_for(range<1>{chunks}, select_count_chunks<InputIt, Predicate>{first, n, chunks, counts, pred});
  });
  lease.used_by(counted);
  event written = q.submit([&](handler& h) {
    h.depends_on(counted);
    h.parallel_for(range<1>{chunks}, select_write_chunks<Mode, InputIt, OutTrue, OutFalse, Predicate>{
                                         first, d_true, d_false, true_count, n, chunks, counts, pred});
  });
  lease.used_by(written);
  return written;
}

// ---- GPU strategy -------------------------------------------------------------------------

// A tile's descriptor: status in the top two bits, the count (or inclusive prefix) below.

using device_word_ref = atomic_ref<std::uint64_t, memory_order::relaxed, memory_scope::device,
                                   access::address_space::global_space>;


/// Local-memory index of tile element k: one padding slot every 32 elements, so that a
/// sub-group reading consecutive elements per work-item hits different banks.
COHORT_INLINE std::size_t padded(std::size_t k) { return k + k / 32; }

/// partition's counting pass: *total += the selected elements (one atomic per group).
template <typename InputIt, typename Predicate>
struct select_count_all {
  InputIt first;
  std::size_t n;
  std::uint64_t* total;
  Predicate pred;
  COHORT_FUNCTION void operator()(nd_item<1> it) const {
    std::uint64_t k = 0;
    const std::size_t stride = it.get_global_range(0);
    for (std::size_t i = it.get_global_id(0); i < n; i += stride) k += pred(first[i]) ? 1 : 0;
    k = reduce_over_group(it.get_group(), k, plus<std::uint64_t>());
    if (it.get_group().leader()) device_word_ref(*total).fetch_add(k);
  }
};

template <select_mode Mode, std::size_t GroupSize, std::size_t Items, typename T, typename InputIt, typename OutTrue,
          typename OutFalse, typename Predicate>
struct select_tiles {
  static constexpr std::size_t tile_size = GroupSize * Items;
  InputIt first;
  OutTrue d_true;
  OutFalse d_false;
  std::size_t* true_count;
  std::size_t n, tiles;
  std::uint32_t* tile_counter;     // zero before; left zero
  std::uint64_t* status_words;     // a word per tile
  std::uint32_t epoch;
  const std::uint64_t* partition_total;  // partition: the selected elements' count
  Predicate pred;
  local_accessor<T, 1> values;               // padded(tile_size)
  local_accessor<std::uint64_t, 1> shared;   // tile id, tile count, exclusive prefix

  /// The number of selected elements in the tiles before `tile` (sub-group 0 of the group
  /// calls it; every work-item of it gets the result).
  COHORT_FUNCTION std::uint64_t look_back(sub_group sg, std::uint64_t tile) const {
    const std::size_t lanes = sg.get_local_linear_range(), lane = sg.get_local_linear_id();
    std::uint64_t prefix = 0;
    std::uint64_t newest = tile;  // the window covers tiles newest - 1 - lane
    for (;;) {
      // Lanes before tile 0 stand for an inclusive prefix of 0.
      std::uint64_t word = counted_word(epoch, tile_inclusive, 0);
      std::uint32_t status = tile_inclusive;
      std::uint64_t* const polled = newest > lane ? status_words + (newest - 1 - lane) : nullptr;
      auto read = [&] {
        word = device_word_ref(*polled).load();
        status = counted_status(word, epoch);
      };
      if (polled) read();
      while (any_of_group(sg, status == tile_invalid)) {
        spin_pause(look_back_pause_ns);
        if (status == tile_invalid) read();
      }
      const bool inclusive = status == tile_inclusive;
      const std::size_t stop = reduce_over_group(sg, inclusive ? lane : lanes, minimum<std::size_t>());
      prefix += reduce_over_group(sg, lane <= stop ? (word & counted_mask) : std::uint64_t{0},
                                  plus<std::uint64_t>());
      if (stop < lanes) return prefix;
      newest -= lanes;
    }
  }

  COHORT_FUNCTION void operator()(nd_item<1> it) const {
    const auto g = it.get_group();
    const std::size_t lid = it.get_local_id(0);
    if (lid == 0) shared[0] = draw_tile(tile_counter, static_cast<std::uint32_t>(tiles));
    group_barrier(g);
    const std::uint64_t tile = shared[0];
    const std::size_t base = static_cast<std::size_t>(tile) * tile_size;
    const std::size_t valid = n - base < tile_size ? n - base : tile_size;

    // Striped (coalesced) loads into local memory, then each work-item takes Items
    // consecutive elements.
    for (std::size_t j = 0; j < Items; ++j) {
      const std::size_t k = j * GroupSize + lid;
      if (k < valid) values[padded(k)] = first[base + k];
    }
    group_barrier(g);
    T v[Items];
    bool selected[Items];
    std::uint32_t mine = 0;
    for (std::size_t j = 0; j < Items; ++j) {
      const std::size_t k = lid * Items + j;
      selected[j] = false;
      if (k < valid) {
        v[j] = values[padded(k)];
        selected[j] = pred(v[j]);
      }
      mine += selected[j] ? 1 : 0;
    }
    // Every work-item has read its elements before it contributes to the scan, so the
    // compaction below may overwrite local memory once the scan returns.
    const std::uint32_t before = exclusive_scan_over_group(g, mine, plus<std::uint32_t>());
    std::uint32_t rank = before;
    for (std::size_t j = 0; j < Items; ++j) {
      const std::size_t k = lid * Items + j;
      if (k >= valid) break;
      if (selected[j]) {
        values[padded(rank++)] = v[j];
      } else if constexpr (Mode != select_mode::copy_if) {
        // The rejected ones from the tile's end backwards: their place needs no tile total.
        values[padded(valid - 1 - (k - rank))] = v[j];
      }
    }
    // The last work-item knows the tile's count: it publishes it at once, so sub-group 0
    // may start its look-back without waiting for the rest of the group's compaction.
    const bool last_item = lid == GroupSize - 1;
    const std::uint64_t own_total = before + mine;  // the tile's count in the last work-item
    if (last_item) {
      shared[1] = own_total;
      if (tile == 0) shared[2] = 0;
      device_word_ref(status_words[tile]).store(counted_word(epoch, tile == 0 ? tile_inclusive : tile_partial, own_total));
    }
    if (tile != 0) {
      const sub_group sg = it.get_sub_group();
      if (sg.get_group_linear_id() == 0) {
        const std::uint64_t prefix = look_back(sg, tile);
        if (sg.get_local_linear_id() == 0) shared[2] = prefix;
      }
    }
    group_barrier(g);
    const std::size_t tile_selected = static_cast<std::size_t>(shared[1]);
    if (tile != 0 && last_item)
      device_word_ref(status_words[tile]).store(counted_word(epoch, tile_inclusive, shared[2] + own_total));
    const std::size_t prefix = static_cast<std::size_t>(shared[2]);
    for (std::size_t k = lid; k < tile_selected; k += GroupSize) d_true[prefix + k] = values[padded(k)];
    if constexpr (Mode != select_mode::copy_if) {
      std::size_t false_base = base - prefix;
      if constexpr (Mode == select_mode::partition) false_base += static_cast<std::size_t>(*partition_total);
      for (std::size_t k = tile_selected + lid; k < valid; k += GroupSize)
        d_false[false_base + (k - tile_selected)] = values[padded(valid - 1 - (k - tile_selected))];
    }
    if (tile == tiles - 1 && lid == 0) *true_count = prefix + tile_selected;
  }
};

/// `Shape`: the tile (select_tuning_gpu's by default).
template <select_mode Mode, typename Shape = void, typename InputIt, typename OutTrue, typename OutFalse,
          typename Predicate>
event select_gpu(queue& q, temporary_storage& storage, InputIt first, std::size_t n, OutTrue d_true, OutFalse d_false,
                 std::size_t* true_count, Predicate pred, const std::vector<event>& depends_on) {
  using T = typename std::iterator_traits<InputIt>::value_type;
  using tuning = select_tuning_gpu;
  using shape = std::conditional_t<std::is_void_v<Shape>, typename tuning::template shape<T>, Shape>;
  constexpr std::size_t group_size = shape::group;
  constexpr std::size_t items = shape::items;
  using kernel = select_tiles<Mode, group_size, items, T, InputIt, OutTrue, OutFalse, Predicate>;
  const std::size_t tiles = (n + kernel::tile_size - 1) / kernel::tile_size;
  check_counted_tiles("copy_if / partition", n, tiles);
  const bool counts_first = Mode == select_mode::partition;
  auto lease = storage.acquire_synchronised(counts_first ? sizeof(std::uint64_t) : 0, tiles * sizeof(std::uint64_t),
                                            counted_words, depends_on);
  const temporary_storage::sync_words& sync = lease.sync();
  auto* partition_total = static_cast<std::uint64_t*>(lease.data());
  const std::vector<event> ready = status_words_ready(q, lease);
  event last;
  if constexpr (Mode == select_mode::partition) {
    last = q.memset(partition_total, 0, sizeof(std::uint64_t), ready);
    lease.used_by(last);
    const std::size_t units = q.get_device().get_info<info::device::max_compute_units>();
    const std::size_t wanted = (n + group_size - 1) / group_size;
    std::size_t groups = (units == 0 ? 1 : units) * tuning::count_groups_per_unit;
    if (groups > wanted) groups = wanted;
    last = q.submit([&](handler& h) {
      h.depends_on(last);
      h.parallel_for(nd_range<1>{groups * group_size, group_size}, properties{work_group_size<group_size>},
                     select_count_all<InputIt, Predicate>{first, n, partition_total, pred});
    });
    lease.used_by(last);
  }
  const std::vector<event> before = counts_first ? std::vector<event>{last} : ready;
  last = q.submit([&](handler& h) {
    h.depends_on(before);
    local_accessor<T, 1> values(range<1>{padded(kernel::tile_size)}, h);
    local_accessor<std::uint64_t, 1> shared(range<1>{3}, h);
    h.parallel_for(nd_range<1>{tiles * group_size, group_size},
                   tile_kernel_properties<group_size, 0, shape::min_groups_per_unit>(),
                   kernel{first, d_true, d_false, true_count, n, tiles, sync.counters,
                          static_cast<std::uint64_t*>(sync.status), sync.epoch, partition_total, pred, values, shared});
  });
  lease.used_by(last);
  return last;
}

struct write_zero_count {
  std::size_t* count;
  COHORT_FUNCTION void operator()() const { *count = 0; }
};

/// Which strategy runs: the device's own, or (for tests) the other one.
enum class select_strategy { device_default, cpu, gpu };

template <select_mode Mode, typename InputIt, typename OutTrue, typename OutFalse, typename Predicate>
event select(const char* algorithm, queue& q, temporary_storage& storage, InputIt first, InputIt last,
             OutTrue d_true, OutFalse d_false, std::size_t* true_count, Predicate pred,
             const std::vector<event>& depends_on, select_strategy strategy = select_strategy::device_default) {
  const std::size_t n = checked_distance(algorithm, first, last);
  check_not_null(algorithm, "output", d_true, n);
  if constexpr (Mode == select_mode::partition_copy) check_not_null(algorithm, "output for the rejected elements", d_false, n);
  if (true_count == nullptr) throw exception(errc::invalid, std::string(algorithm) + ": a null count pointer");
  if (overlaps(first, n, d_true, n) || (Mode == select_mode::partition_copy && overlaps(first, n, d_false, n)))
    throw exception(errc::invalid, std::string(algorithm) + ": the input and an output overlap");
  if (n == 0) return q.submit([&](handler& h) {
      h.depends_on(depends_on);
      h.single_task(write_zero_count{true_count});
    });
  const bool cpu = strategy == select_strategy::device_default ? q.get_device().is_cpu()
                                                               : strategy == select_strategy::cpu;
  if (cpu) return select_cpu<Mode>(q, storage, first, n, d_true, d_false, true_count, pred, depends_on);
  return select_gpu<Mode>(q, storage, first, n, d_true, d_false, true_count, pred, depends_on);
}

}  // namespace detail

/// Copies the elements of [first, last) for which `pred` holds to d_first, in input order
/// (stable); *count (device-accessible) receives how many. The input and the n elements
/// from d_first must not overlap (errc::invalid), nor may count be null.
template <typename InputIt, typename OutputIt, typename Predicate>
event copy_if(queue& q, temporary_storage& storage, InputIt first, InputIt last, OutputIt d_first, std::size_t* count,
              Predicate pred, const std::vector<event>& depends_on = {}) {
  return detail::select<detail::select_mode::copy_if>("copy_if", q, storage, first, last, d_first, d_first, count, pred,
                                                      depends_on);
}
template <typename InputIt, typename OutputIt, typename Predicate>
event copy_if(queue& q, InputIt first, InputIt last, OutputIt d_first, std::size_t* count, Predicate pred,
              const std::vector<event>& depends_on = {}) {
  return copy_if(q, storage_of(q), first, last, d_first, count, pred, depends_on);
}

/// As std::partition_copy: the elements for which `pred` holds to d_true, the others to
/// d_false, each in input order; *true_count receives how many went to d_true.
template <typename InputIt, typename OutTrue, typename OutFalse, typename Predicate>
event partition_copy(queue& q, temporary_storage& storage, InputIt first, InputIt last, OutTrue d_true,
                     OutFalse d_false, std::size_t* true_count, Predicate pred,
                     const std::vector<event>& depends_on = {}) {
  return detail::select<detail::select_mode::partition_copy>("partition_copy", q, storage, first, last, d_true, d_false,
                                                             true_count, pred, depends_on);
}
template <typename InputIt, typename OutTrue, typename OutFalse, typename Predicate>
event partition_copy(queue& q, InputIt first, InputIt last, OutTrue d_true, OutFalse d_false, std::size_t* true_count,
                     Predicate pred, const std::vector<event>& depends_on = {}) {
  return partition_copy(q, storage_of(q), first, last, d_true, d_false, true_count, pred, depends_on);
}

/// Writes [first, last) to d_first partitioned: the elements for which `pred` holds, in
/// input order, then the others, in input order (stable, like std::stable_partition into
/// a copy); *true_count receives how many satisfy `pred`. CUB's DevicePartition::If writes
/// the rejected ones in reverse order instead; keeping them in order costs a counting pass
/// over the input on the GPU.
template <typename InputIt, typename OutputIt, typename Predicate>
event partition(queue& q, temporary_storage& storage, InputIt first, InputIt last, OutputIt d_first,
                std::size_t* true_count, Predicate pred, const std::vector<event>& depends_on = {}) {
  return detail::select<detail::select_mode::partition>("partition", q, storage, first, last, d_first, d_first,
                                                        true_count, pred, depends_on);
}
template <typename InputIt, typename OutputIt, typename Predicate>
event partition(queue& q, InputIt first, InputIt last, OutputIt d_first, std::size_t* true_count, Predicate pred,
                const std::vector<event>& depends_on = {}) {
  return partition(q, storage_of(q), first, last, d_first, true_count, pred, depends_on);
}

}  // namespace cohort
