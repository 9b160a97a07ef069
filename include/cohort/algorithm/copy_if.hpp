// SPDX-License-Identifier: MIT
#pragma once
// Stream compaction: copy_if, partition_copy and stable_partition, all stable, and
// partition, which writes the rejected elements in reverse order as CUB's DevicePartition.
//
// CPU: two passes over one contiguous chunk per thread, as a scan does: each chunk counts
// its selected elements, then writes them at the sum of the counts before it.
// GPU: one pass with decoupled look-back (CUB's DeviceSelect): each work-group takes the
// next tile from an atomic counter (so every earlier tile belongs to a group that is
// already running); each work-item loads consecutive elements straight into registers
// (16 bytes at a time from an aligned array) and counts its selected ones; each sub-group
// compacts its stretch of the tile in local memory (places from a sub-group scan); the
// group sums the sub-groups' counts (one barrier), publishes its count, and takes its
// output offset from the tiles before it: a sub-group looks back over a window of
// predecessors, summing counts until it meets one whose inclusive prefix is known. Status
// and count share one 64-bit word, so a relaxed load sees both or neither; the status
// carries the call's epoch and the tile counter is left at zero (temporary_storage's sync
// words), so no memset precedes the kernel. Each sub-group writes its stretch out
// coalesced. Full tiles go without bounds checks, and indices within a tile are 32-bit.
// partition places a tile's rejected elements backwards from the end of the output, at the
// number of rejected elements before the tile, so it needs nothing more than copy_if.
// stable_partition needs the total number of selected elements before it can place the
// rejected ones in input order, so it counts first (one more read of the input).
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <optional>
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
#include <cohort/detail/bits.hpp>
#include <cohort/detail/macros.hpp>
#include <cohort/group/barrier.hpp>
#include <cohort/group/ext/ballot.hpp>
#include <cohort/group/reduce.hpp>
#include <cohort/group/scan.hpp>
#include <cohort/group/shuffle.hpp>
#include <cohort/runtime/event.hpp>
#include <cohort/runtime/properties.hpp>
#include <cohort/runtime/handler.hpp>
#include <cohort/runtime/local_accessor.hpp>
#include <cohort/runtime/queue.hpp>

namespace cohort {

/// The GPU strategy's constants: groups of 384 work-items, tiles of 24 KiB of input (6,144
/// int32, 16 a work-item), as CUB's select on sm_90 (384 x 17). Chosen on an H100
/// (2026-11-28, cohort-bench-cuda's select study, tiles taken by group id) among 256 x 16,
/// 256 x 20, 384 x 16 and 512 x 12: copy_if keeping half of 2^28 int32 at 0.92x CUB against
/// 0.88x, 0.91x and 0.90x for the others (1.02x against 1.00-1.01x at 2^24).
struct select_tuning_gpu {
  static constexpr std::size_t group_size = 384;
  static constexpr std::size_t tile_bytes = 24576;
  static constexpr std::uint32_t min_groups_per_unit = 0;
  /// The sub-group size the tile kernel asks for: its scan and look-back are sub-group wide.
  static constexpr std::uint32_t sub_group = 32;
  template <typename T>
  using shape = detail::tile_shape<group_size, (tile_bytes / group_size / sizeof(T) > 0 ? tile_bytes / group_size / sizeof(T) : 1),
                                   min_groups_per_unit>;
  /// Groups of the counting pass of stable_partition, per compute unit (all resident at once).
  static constexpr std::uint32_t count_groups_per_unit = 5;
};

namespace detail {

/// partition: the rejected elements backwards from the end of the output (CUB's order);
/// stable_partition: after the selected ones, in input order.
enum class select_mode { copy_if, partition_copy, partition, stable_partition };

/// Whether the mode writes the rejected elements.
constexpr bool writes_rejected(select_mode m) { return m != select_mode::copy_if; }

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
    } else if constexpr (Mode == select_mode::partition) {
      // The rejected ones backwards from the end: the chunk's first one at n - 1 - the
      // rejected ones of the chunks before.
      OutTrue t = d_true + before;
      std::size_t rejected_at = n - 1 - (r.begin - before);
      for (std::size_t i = r.begin; i < r.end; ++i) {
        const auto v = in[i];
        if (keep(v)) *t++ = v;
        else d_false[rejected_at--] = v;
      }
    } else {
      std::size_t false_base = 0;  // stable_partition: the rejected ones follow all selected ones
      if constexpr (Mode == select_mode::stable_partition) {
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

/// A work-item's Items consecutive elements of the input, from `base + mine` on. They are
/// loaded 16 bytes at a time where they are whole 16-byte chunks of an array that is
/// `aligned` (a full tile); element by element otherwise, those before `valid` in the tile.
template <typename T, typename InputIt, std::size_t Items>
struct blocked_items {
  static constexpr std::size_t chunk_items = sizeof(T) <= 16 && 16 % sizeof(T) == 0 ? 16 / sizeof(T) : 0;
  static constexpr bool chunked = std::is_pointer_v<InputIt> && std::is_trivially_copyable_v<T> &&
                                  chunk_items != 0 && Items % (chunk_items == 0 ? 1 : chunk_items) == 0;
  struct alignas(16) chunk {
    T item[chunk_items == 0 ? 1 : chunk_items];
  };

  /// Whether full tiles of `first` may be loaded in chunks (the host's test).
  static bool aligned(InputIt first) {
    if constexpr (chunked)
      return reinterpret_cast<std::uintptr_t>(first) % alignof(chunk) == 0;
    else
      return true;
  }

  template <bool Full>
  COHORT_INLINE static void load(InputIt first, T (&v)[Items], std::size_t base, std::uint32_t mine,
                                 std::uint32_t valid) {
    if constexpr (Full && chunked) {
      const chunk* src = reinterpret_cast<const chunk*>(first + (base + mine));
      for (std::size_t c = 0; c < Items / chunk_items; ++c) {
        const chunk x = src[c];
        for (std::size_t e = 0; e < chunk_items; ++e) v[c * chunk_items + e] = x.item[e];
      }
    } else {
      for (std::uint32_t j = 0; j < Items; ++j)
        if (Full || mine + j < valid) v[j] = first[base + (mine + j)];
    }
  }
};

/// stable_partition's counting pass: *total += the selected elements (one atomic per group). Each
/// group counts tiles of GroupSize x Items elements, Items (one chunk where the input is
/// loaded in chunks) a work-item, so few registers hold elements.
template <std::size_t GroupSize, std::size_t Items, typename T, typename InputIt, typename Predicate>
struct select_count_all {
  static constexpr std::uint32_t tile_size = GroupSize * Items;
  using items = blocked_items<T, InputIt, Items>;
  InputIt first;
  std::size_t n;
  bool aligned_input;  // items::aligned(first)
  std::uint64_t* total;
  Predicate pred;
  /// The selected elements of the work-item's Items in the tile at `base`.
  template <bool Full>
  COHORT_INLINE std::uint32_t count(std::size_t base, std::uint32_t mine) const {
    const std::uint32_t valid = Full || n - base >= tile_size ? tile_size : static_cast<std::uint32_t>(n - base);
    T v[Items];
    items::template load<Full>(first, v, base, mine, valid);
    std::uint32_t c = 0;
    for (std::uint32_t j = 0; j < Items; ++j) c += (Full || mine + j < valid) && pred(v[j]) ? 1u : 0u;
    return c;
  }

  COHORT_FUNCTION void operator()(nd_item<1> it) const {
    const auto mine = static_cast<std::uint32_t>(it.get_local_id(0)) * static_cast<std::uint32_t>(Items);
    const std::size_t group = it.get_group(0), groups = it.get_group_range(0);
    const std::size_t tiles = (n + tile_size - 1) / tile_size;
    const std::size_t full_tiles = aligned_input ? n / tile_size : 0;  // counted without bounds checks
    std::uint64_t k = 0;
    for (std::size_t tile = group; tile < full_tiles; tile += groups) k += count<true>(tile * tile_size, mine);
    for (std::size_t tile = full_tiles + group; tile < tiles; tile += groups) k += count<false>(tile * tile_size, mine);
    k = reduce_over_group(it.get_group(), k, plus<std::uint64_t>());
    if (it.get_group().leader()) device_word_ref(*total).fetch_add(k);
  }
};

/// What a tile's work-group shares besides the tile's elements.
struct select_tile_slots {
  std::uint64_t prefix;  // the selected elements in the tiles before
  std::uint32_t tile;
};

template <select_mode Mode, std::size_t GroupSize, std::size_t Items, typename T, typename InputIt, typename OutTrue,
          typename OutFalse, typename Predicate>
struct select_tiles {
  static constexpr std::uint32_t tile_size = GroupSize * Items;
  static constexpr std::uint32_t sub_group_size = select_tuning_gpu::sub_group;
  static constexpr std::uint32_t sub_groups = GroupSize / sub_group_size;
  static_assert(GroupSize % sub_group_size == 0 && sub_groups <= sub_group_size,
                "a tile needs whole sub-groups, their counts one a lane");
  static_assert(Items <= 64 && tile_size <= (std::uint32_t{1} << 26),
                "a work-item's flags fit a 64-bit mask, a sub-group's window of tile counts 32 bits");
  using items = blocked_items<T, InputIt, Items>;
  /// Bit j: the work-item's element j is selected.
  using flags = std::conditional_t<(Items > 32), std::uint64_t, std::uint32_t>;

  InputIt first;
  OutTrue d_true;
  OutFalse d_false;
  std::size_t* true_count;
  std::size_t n;
  std::uint32_t tiles;
  bool aligned_input;              // items::aligned(first)
  std::uint32_t* tile_counter;     // zero before; left zero; null: tile_order::by_group_id
  std::uint64_t* status_words;     // a word per tile
  std::uint32_t epoch;
  const std::uint64_t* partition_total;  // stable_partition: the selected elements' count
  Predicate pred;
  local_accessor<T, 1> values;                     // tile_size
  local_accessor<std::uint32_t, 1> sub_group_counts;  // sub_groups
  local_accessor<select_tile_slots, 1> slots;      // one

  /// The number of selected elements in the tiles before `tile` (> 0), in every work-item of
  /// `sg`: lane l reads tile newest - 1 - l of a window, and the window moves back until a
  /// tile in it has published its inclusive prefix.
  COHORT_FUNCTION std::uint64_t look_back(sub_group sg, std::uint32_t lane, std::uint32_t tile) const {
    std::uint64_t prefix = 0;
    for (std::uint32_t newest = tile;; newest -= sub_group_size) {
      // Lanes before tile 0 stand for an inclusive prefix of 0.
      std::uint64_t word = counted_word(epoch, tile_inclusive, 0);
      std::uint32_t status = tile_inclusive;
      const bool exists = newest > lane;
      std::uint64_t* const polled = status_words + (exists ? newest - 1 - lane : 0);
      auto read = [&] {
        word = device_word_ref(*polled).load();
        status = counted_status(word, epoch);
      };
      if (exists) read();
      while (ext::ballot(sg, status == tile_invalid).any()) {
        spin_pause(look_back_pause_ns);
        if (status == tile_invalid) read();
      }
      // The nearest inclusive prefix, and the tile counts after it (partial ones, each at
      // most a tile, so their sum fits 32 bits).
      const std::uint32_t stop =
          reduce_over_group(sg, status == tile_inclusive ? lane : std::uint32_t{sub_group_size}, minimum<std::uint32_t>());
      prefix += reduce_over_group(sg, lane < stop ? static_cast<std::uint32_t>(word & counted_mask) : 0u,
                                  plus<std::uint32_t>());
      if (stop < sub_group_size) return prefix + (select_from_group(sg, word, stop) & counted_mask);
    }
  }

  COHORT_FUNCTION void operator()(nd_item<1> it) const {
    const auto t = static_cast<std::uint32_t>(it.get_local_id(0));
    std::uint32_t tile;
    if (tile_counter == nullptr) {  // tile_order::by_group_id
      tile = static_cast<std::uint32_t>(it.get_group(0));
    } else {
      if (t == 0) slots[0].tile = draw_tile(tile_counter, tiles);
      group_barrier(it.get_group());
      tile = slots[0].tile;
    }
    const std::size_t base = static_cast<std::size_t>(tile) * tile_size;
    // Full tiles go without bounds checks, unless the input is a misaligned array.
    if (n - base >= tile_size && aligned_input)
      select_tile<true>(it, tile, base, tile_size);
    else
      select_tile<false>(it, tile, base, n - base < tile_size ? static_cast<std::uint32_t>(n - base) : tile_size);
  }

  /// out[k] = in[k] for k < count (at most a sub-group's stretch), element k by lane
  /// k % sub_group_size.
  template <typename Out>
  COHORT_INLINE static void write_run(Out out, const T* in, std::uint32_t count, std::uint32_t lane) {
    const auto left = static_cast<std::int32_t>(count - lane);  // negative: none for this lane
    Out to = out + lane;
    const T* from = in + lane;
    for (std::uint32_t j = 0; j < Items; ++j, to += sub_group_size, from += sub_group_size) {
      if (static_cast<std::int32_t>(j * sub_group_size) >= left) break;
      *to = *from;
    }
  }

  /// out[-k] = in[k] for k < count (at most a sub-group's stretch), element k by lane
  /// k % sub_group_size: a run written backwards from `out`.
  template <typename Out>
  COHORT_INLINE static void write_run_backwards(Out out, const T* in, std::uint32_t count, std::uint32_t lane) {
    for (std::uint32_t k = lane; k < count; k += sub_group_size) out[-static_cast<std::ptrdiff_t>(k)] = in[k];
  }

  /// The tile's `valid` elements (all tile_size of them where `Full`): selected, compacted in
  /// local memory, published for the look-back and written out.
  template <bool Full>
  COHORT_INLINE void select_tile(nd_item<1> it, std::uint32_t tile, std::size_t base, std::uint32_t valid) const {
    const auto g = it.get_group();
    const sub_group sg = it.get_sub_group();
    const auto t = static_cast<std::uint32_t>(it.get_local_id(0));
    const auto w = static_cast<std::uint32_t>(sg.get_group_linear_id());
    const auto lane = static_cast<std::uint32_t>(sg.get_local_linear_id());
    select_tile_slots& shared = slots[0];

    // Blocked: each work-item takes Items consecutive elements.
    const std::uint32_t mine = t * Items;
    T v[Items];
    items::template load<Full>(first, v, base, mine, valid);
    flags keep = 0;
    for (std::uint32_t j = 0; j < Items; ++j)
      if ((Full || mine + j < valid) && pred(v[j])) keep |= flags{1} << j;
    std::uint32_t count = static_cast<std::uint32_t>(popcount32(static_cast<std::uint32_t>(keep)));
    if constexpr (Items > 32) count += static_cast<std::uint32_t>(popcount32(static_cast<std::uint32_t>(keep >> 32)));

    // Each sub-group compacts its stretch of the tile in local memory, in place: its selected
    // elements in input order, then (partitions) its rejected ones in input order. It needs
    // no other sub-group's counts, so the elements are stored before the group's barrier.
    constexpr std::uint32_t stretch_size = sub_group_size * Items;
    const std::uint32_t stretch_begin = w * stretch_size;
    const std::uint32_t in_stretch =  // valid elements in the stretch
        Full || valid >= stretch_begin + stretch_size ? stretch_size
                                                      : (valid > stretch_begin ? valid - stretch_begin : 0u);
    const std::uint32_t before = inclusive_scan_over_group(sg, count, plus<std::uint32_t>()) - count;
    const std::uint32_t stretch_selected = reduce_over_group(sg, count, plus<std::uint32_t>());
    T* const stretch = values.template get_multi_ptr<access::decorated::no>().get() + stretch_begin;
    if constexpr (Mode == select_mode::copy_if) {
      T* next = stretch + before;
      for (std::uint32_t j = 0; j < Items; ++j) {
        const auto kept = static_cast<std::uint32_t>(keep >> j) & 1u;
        if (kept != 0) *next = v[j];
        next += kept;
      }
    } else {
      T* next_selected = stretch + before;
      T* next_rejected = stretch + (stretch_selected + lane * Items - before);
      for (std::uint32_t j = 0; j < Items; ++j) {
        if (!Full && mine + j >= valid) break;
        if ((keep >> j) & 1u)
          *next_selected++ = v[j];
        else
          *next_rejected++ = v[j];
      }
    }

    // The tile's count, and the selected elements of the sub-groups before this one.
    if (lane == 0) sub_group_counts[w] = stretch_selected;
    group_barrier(g);
    const std::uint32_t lane_count = lane < sub_groups ? sub_group_counts[lane] : 0u;
    const std::uint32_t selected = reduce_over_group(sg, lane_count, plus<std::uint32_t>());
    const std::uint32_t selected_before = reduce_over_group(sg, lane < w ? lane_count : 0u, plus<std::uint32_t>());
    // Published at once, so later tiles' look-backs wait less.
    if (t == 0) {
      device_word_ref(status_words[tile]).store(counted_word(epoch, tile == 0 ? tile_inclusive : tile_partial, selected));
      if (tile == 0) shared.prefix = 0;
    }

    // Sub-group 0 takes the tile's place among all selected elements from the tiles before it.
    if (tile != 0 && w == 0) {
      const std::uint64_t earlier = look_back(sg, lane, tile);
      if (lane == 0) {
        shared.prefix = earlier;
        device_word_ref(status_words[tile]).store(counted_word(epoch, tile_inclusive, earlier + selected));
      }
    }
    group_barrier(g);
    const std::uint64_t prefix = shared.prefix;

    // Each sub-group writes its stretch out, coalesced.
    write_run(d_true + static_cast<std::ptrdiff_t>(prefix + selected_before), stretch, stretch_selected, lane);
    if constexpr (writes_rejected(Mode)) {
      // The rejected elements before the stretch's: of the earlier tiles and stretches.
      std::uint64_t rejected_before = base - prefix + (stretch_begin < valid ? stretch_begin : valid) - selected_before;
      const std::uint32_t rejected = in_stretch - stretch_selected;
      if constexpr (Mode == select_mode::partition) {
        if (rejected != 0)
          write_run_backwards(d_false + static_cast<std::ptrdiff_t>(n - 1 - rejected_before), stretch + stretch_selected,
                              rejected, lane);
      } else {
        if constexpr (Mode == select_mode::stable_partition) rejected_before += *partition_total;
        write_run(d_false + static_cast<std::ptrdiff_t>(rejected_before), stretch + stretch_selected, rejected, lane);
      }
    }
    if (tile == tiles - 1 && t == 0) *true_count = prefix + selected;
  }
};

/// `Shape`: the tile (select_tuning_gpu's by default).
template <select_mode Mode, typename Shape = void, typename InputIt, typename OutTrue, typename OutFalse,
          typename Predicate>
event select_gpu(queue& q, temporary_storage& storage, InputIt first, std::size_t n, OutTrue d_true, OutFalse d_false,
                 std::size_t* true_count, Predicate pred, const std::vector<event>& depends_on,
                 std::optional<tile_order> order = std::nullopt) {
  using T = typename std::iterator_traits<InputIt>::value_type;
  using tuning = select_tuning_gpu;
  using shape = std::conditional_t<std::is_void_v<Shape>, typename tuning::template shape<T>, Shape>;
  constexpr std::size_t group_size = shape::group;
  constexpr std::size_t items = shape::items;
  using kernel = select_tiles<Mode, group_size, items, T, InputIt, OutTrue, OutFalse, Predicate>;
  const std::size_t tiles = (n + kernel::tile_size - 1) / kernel::tile_size;
  check_counted_tiles("copy_if / partition", n, tiles);
  const bool aligned_input = kernel::items::aligned(first);
  const bool counts_first = Mode == select_mode::stable_partition;
  auto lease = storage.acquire_synchronised(counts_first ? sizeof(std::uint64_t) : 0, tiles * sizeof(std::uint64_t),
                                            counted_words, depends_on);
  const temporary_storage::sync_words& sync = lease.sync();
  auto* partition_total = static_cast<std::uint64_t*>(lease.data());
  const std::vector<event> ready = status_words_ready(q, lease);
  event last;
  if constexpr (Mode == select_mode::stable_partition) {
    constexpr std::size_t count_items = kernel::items::chunked ? kernel::items::chunk_items : 1;
    last = q.memset(partition_total, 0, sizeof(std::uint64_t), ready);
    lease.used_by(last);
    const std::size_t units = q.get_device().get_info<info::device::max_compute_units>();
    const std::size_t wanted = (n + group_size * count_items - 1) / (group_size * count_items);
    std::size_t groups = (units == 0 ? 1 : units) * tuning::count_groups_per_unit;
    if (groups > wanted) groups = wanted;
    last = q.submit([&](handler& h) {
      h.depends_on(last);
      h.parallel_for(nd_range<1>{groups * group_size, group_size},
                     tile_kernel_properties<group_size, 0, tuning::count_groups_per_unit>(),
                     select_count_all<group_size, count_items, T, InputIt, Predicate>{first, n, aligned_input,
                                                                                     partition_total, pred});
    });
    lease.used_by(last);
  }
  const std::vector<event> before = counts_first ? std::vector<event>{last} : ready;
  last = q.submit([&](handler& h) {
    h.depends_on(before);
    local_accessor<T, 1> values(range<1>{kernel::tile_size}, h);
    local_accessor<std::uint32_t, 1> sub_group_counts(range<1>{kernel::sub_groups}, h);
    local_accessor<select_tile_slots, 1> slots(range<1>{1}, h);
    h.parallel_for(nd_range<1>{tiles * group_size, group_size},
                   tile_kernel_properties<group_size, tuning::sub_group, shape::min_groups_per_unit>(),
                   kernel{first, d_true, d_false, true_count, n, static_cast<std::uint32_t>(tiles), aligned_input,
                          order.value_or(tile_order_of(q)) == tile_order::drawn ? sync.counters : nullptr,
                          static_cast<std::uint64_t*>(sync.status), sync.epoch, partition_total, pred,
                          values, sub_group_counts, slots});
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
/// input order, then the others in reverse input order (the last rejected element first),
/// as CUB's DevicePartition::If; *true_count receives how many satisfy `pred`. One pass
/// over the input, as copy_if. stable_partition keeps the rejected ones in input order.
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

/// Writes [first, last) to d_first partitioned: the elements for which `pred` holds, in
/// input order, then the others, in input order (stable, like std::stable_partition into
/// a copy); *true_count receives how many satisfy `pred`. Keeping the rejected ones in
/// order costs a counting pass over the input on the GPU (partition does without).
template <typename InputIt, typename OutputIt, typename Predicate>
event stable_partition(queue& q, temporary_storage& storage, InputIt first, InputIt last, OutputIt d_first,
                       std::size_t* true_count, Predicate pred, const std::vector<event>& depends_on = {}) {
  return detail::select<detail::select_mode::stable_partition>("stable_partition", q, storage, first, last, d_first,
                                                               d_first, true_count, pred, depends_on);
}
template <typename InputIt, typename OutputIt, typename Predicate>
event stable_partition(queue& q, InputIt first, InputIt last, OutputIt d_first, std::size_t* true_count,
                       Predicate pred, const std::vector<event>& depends_on = {}) {
  return stable_partition(q, storage_of(q), first, last, d_first, true_count, pred, depends_on);
}

}  // namespace cohort
