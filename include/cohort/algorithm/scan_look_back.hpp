// SPDX-License-Identifier: MIT
#pragma once
// The GPU strategy of the device-wide scans (algorithm/scan.hpp): a single pass with
// decoupled look-back (Merrill & Garland). Each work-group scans one tile of
// group_size x items elements; it takes its tile's index from a counter in scratch memory
// (cohort does not promise that groups start in order, so a group only ever waits for
// tiles that running groups hold), publishes its tile's aggregate (PARTIAL) at once, then
// one sub-group combines the predecessors' published values back to the nearest tile that
// published its inclusive prefix (INCLUSIVE), and the group publishes its own.
//
// Tile status: for 4-byte accumulators, status and value travel in one 64-bit word, read
// and written with one relaxed atomic (they cannot be seen apart, so nothing needs
// ordering); other accumulators keep a 32-bit status (release on publish, acquire on read)
// and separate PARTIAL and INCLUSIVE value arrays (a value is never overwritten after its
// status says it is there; the value arrays are in ordinary scratch memory, the status
// words alone in the sync area). A status carries the call's epoch (temporary_storage's
// sync_words): one with another epoch, left by an earlier call, is INVALID, so no memset
// precedes the scan unless words of another format were in the area. The group that draws the last tile index puts the counter back to 0.
// A look-back that finds a predecessor not yet published backs off before reading again
// (spin_pause), as polling at full rate slows the groups that are publishing.
//
// Operand order is kept everywhere (the operator need only be associative): the look-back
// combines its window of predecessors earliest tile first.
#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>

#include <cohort/algorithm/temporary_storage.hpp>
#include <cohort/core/atomic_ref.hpp>
#include <cohort/core/bit_cast.hpp>
#include <cohort/core/exception.hpp>
#include <cohort/core/known_identity.hpp>
#include <cohort/core/nd_item.hpp>
#include <cohort/detail/algorithm_support.hpp>
#include <cohort/detail/atomic_ops.hpp>
#include <cohort/detail/combine.hpp>
#include <cohort/detail/macros.hpp>
#include <cohort/group/algorithms.hpp>
#include <cohort/group/ext/ballot.hpp>
#include <cohort/runtime/local_accessor.hpp>
#include <cohort/runtime/event.hpp>
#include <cohort/runtime/properties.hpp>
#include <cohort/runtime/queue.hpp>

namespace cohort::detail {

/// How long a look-back waits before it reads a predecessor that was not published again.
inline constexpr unsigned look_back_pause_ns = 64;

/// The GPU scan's tile shape: `group_size` work-items of `items` elements each, and the
/// look-back's pause. CUB's sm_90 scan policy (docs: ../shared/reference/cub.md section 4
/// and CUB's tuning_scan.cuh): 128 x 24 for 4-byte accumulators, 224 x 24 for 8-byte ones;
/// larger types keep about 96 bytes per item. On an H200 (2026-11-27, the tile shapes of
/// bench/cuda/algorithm_scan.cu) these were the fastest: int32 128 x 24 at 1.01x CUB at
/// 2^24 against 0.80-0.86x for 128 x 16, 256 x 12, 256 x 16 and 512 x 8; fp64 224 x 24 at
/// 0.86x against 0.64-0.76x for 224 x 12, 128 x 12, 256 x 8 and 128 x 8; pauses of 0 to
/// 1000 ns changed nothing. `sub_group_size` 0: the device's own (32 on NVIDIA GPUs); the
/// look-back window is one sub-group wide whatever its size. `min_groups_per_unit` (0: none):
/// the work-groups a compute unit should hold at once (the min_work_groups_per_multiprocessor
/// property, which caps the registers on CUDA).
template <std::size_t GroupSize, std::size_t Items, std::uint32_t SubGroupSize = 0,
          unsigned PauseNs = look_back_pause_ns, std::uint32_t MinGroupsPerUnit = 0>
struct scan_single_pass_tuning {
  static_assert(GroupSize > 0 && Items > 0, "a tile needs items");
  static constexpr std::size_t group_size = GroupSize;
  static constexpr std::size_t items = Items;
  static constexpr std::uint32_t sub_group_size = SubGroupSize;
  static constexpr std::size_t tile = GroupSize * Items;
  static constexpr unsigned pause_ns = PauseNs;
  static constexpr std::uint32_t min_groups_per_unit = MinGroupsPerUnit;
};

/// The occupancy hints: on an H100 (2026-11-27, the tile study of
/// bench/cuda/algorithm_scan.cu), int32 128 x 24 scanned at 2^24 / 2^28 elements at 0.89 /
/// 0.82x CUB with the compiler's 96 registers (5 groups per multiprocessor), 0.98 / 0.92x
/// with 8 groups, 1.02 / 0.97x with 10 and 1.06 / 1.00x with 12 (40 registers, no spills);
/// fp64 224 x 24 at 0.86 / 0.81x with 80 registers (3 groups), 0.91 / 0.86x with 4.
/// 4-byte tiles of 128 x 32 at 10 groups (48 registers), fewer look-backs per byte: on an
/// H200 (2026-11-29, the same study), int32 inclusive / exclusive at 2^24 1.17 / 1.16x CUB
/// and at 2^28 1.04 / 1.03x, against 1.14 / 1.12x and 1.00 / 0.98x for 128 x 24 at 12, and
/// 1.08-1.14x and 0.94-1.02x for 128 x 32 at 12, 192 x 24 at 8 and 256 x 24 at 6.
template <typename Acc>
using scan_tuning_gpu = std::conditional_t<
    (sizeof(Acc) <= 4), scan_single_pass_tuning<128, 32, 0, look_back_pause_ns, 10>,
    std::conditional_t<(sizeof(Acc) <= 8), scan_single_pass_tuning<224, 24, 0, look_back_pause_ns, 4>,
                       scan_single_pass_tuning<128, (sizeof(Acc) >= 96 ? 1 : 96 / sizeof(Acc))>>>;

inline constexpr std::uint32_t tile_invalid = 0, tile_partial = 1, tile_inclusive = 2;

/// A status word: the epoch above the two bits of the status.
COHORT_INLINE constexpr std::uint32_t status_word(std::uint32_t epoch, std::uint32_t status) {
  return (epoch << 2) | status;
}
/// The status a word says for the call of `epoch`.
COHORT_INLINE constexpr std::uint32_t status_of(std::uint32_t word, std::uint32_t epoch) {
  return (word >> 2) == epoch ? (word & 3u) : tile_invalid;
}

/// 64-bit look-back words of a count (copy_if's tiles, radix_sort's digits): the status word
/// above a count of `counted_bits` bits, so a relaxed load sees both or neither.
inline constexpr int counted_bits = 42;
inline constexpr std::uint64_t counted_mask = (std::uint64_t{1} << counted_bits) - 1;
COHORT_INLINE constexpr std::uint64_t counted_word(std::uint32_t epoch, std::uint32_t status, std::uint64_t count) {
  return (static_cast<std::uint64_t>(status_word(epoch, status)) << counted_bits) | count;
}
COHORT_INLINE constexpr std::uint32_t counted_status(std::uint64_t word, std::uint32_t epoch) {
  return status_of(static_cast<std::uint32_t>(word >> counted_bits), epoch);
}

static_assert(temporary_storage::max_epoch < (std::uint32_t{1} << (64 - counted_bits - 2)),
              "a counted word holds every epoch");

/// Throws unless `n` elements in `tiles` tiles fit the counted words and 32-bit tile indices.
inline void check_counted_tiles(const char* name, std::size_t n, std::size_t tiles) {
  if (n > counted_mask || tiles > 0xffffffffu)
    throw exception(errc::invalid, std::string(name) + ": too many elements for the GPU strategy");
}

/// The next tile index of a single-pass kernel, from a counter in temporary_storage's sync
/// words (zero before the kernel): the group that draws the last of `tiles` puts it back to
/// zero, as no group draws after it.
COHORT_INLINE std::uint32_t draw_tile(std::uint32_t* counter, std::uint32_t tiles) {
  atomic_ref<std::uint32_t, memory_order::relaxed, memory_scope::device, access::address_space::global_space> next(
      *counter);
  const std::uint32_t drawn = next.fetch_add(1u);
  if (drawn == tiles - 1) next.store(0u);
  return drawn;
}

/// How a single-pass kernel's groups take their tiles. A group's look-back waits for the
/// tiles before its own, so every one of them must belong to a group that has started:
/// `drawn` (from the call's tile counter, in the order groups start) guarantees it on any
/// device; `by_group_id` (tile = group id) spares each tile an atomic round trip and a
/// barrier where the device starts groups in id order (device_description).
enum class tile_order { drawn, by_group_id };

inline tile_order tile_order_of(const queue& q) {
  return q.get_device().description().groups_start_in_order ? tile_order::by_group_id : tile_order::drawn;
}

/// The events after which a call's kernels may read their status words: the lease's
/// dependencies, and a memset of what words of another format left (stale_bytes).
inline std::vector<event> status_words_ready(queue& q, temporary_storage::lease& lease) {
  const temporary_storage::sync_words& sync = lease.sync();
  if (sync.stale_bytes == 0) return lease.dependencies();
  event cleared = q.memset(sync.status, 0, sync.stale_bytes, lease.dependencies());
  lease.used_by(cleared);
  return {cleared};
}


/// What a look-back reads of one tile.
template <typename Acc>
struct tile_entry {
  std::uint32_t status;
  Acc value;
};

/// Where the scan's scratch memory puts things: the tile counter, then the status words
/// (the part to zero before each scan), then any value arrays.
inline constexpr std::size_t scan_scratch_align = 256;
COHORT_INLINE constexpr std::size_t scan_round_up(std::size_t bytes) {
  return (bytes + scan_scratch_align - 1) / scan_scratch_align * scan_scratch_align;
}

/// How a tile's status travels with its value: in one 64-bit word, in one 16-byte word, or
/// apart.
enum class tile_status_layout { packed, wide, separate };
template <typename Acc>
inline constexpr tile_status_layout tile_status_layout_v = sizeof(Acc) == 4   ? tile_status_layout::packed
                                                           : sizeof(Acc) == 8 ? tile_status_layout::wide
                                                                              : tile_status_layout::separate;

template <typename Acc, tile_status_layout Layout = tile_status_layout_v<Acc>>
struct tile_status;

/// 4-byte values: (value << 32) | status in one 64-bit word.
template <typename Acc>
struct tile_status<Acc, tile_status_layout::packed> {
  using word_ref = atomic_ref<std::uint64_t, memory_order::relaxed, memory_scope::device,
                              access::address_space::global_space>;
  std::uint64_t* words;
  std::uint32_t epoch;

  static constexpr sync_word_format format = scan_value_and_status;
  static std::size_t bytes(std::size_t tiles) { return scan_round_up(tiles * sizeof(std::uint64_t)); }
  static std::size_t values_bytes(std::size_t) { return 0; }
  static tile_status at(void* status, void*, std::size_t, std::uint32_t epoch) {
    return {static_cast<std::uint64_t*>(status), epoch};
  }

  COHORT_INLINE void publish(std::uint32_t tile, std::uint32_t status, const Acc& value) const {
    const std::uint64_t w =
        (static_cast<std::uint64_t>(bit_cast<std::uint32_t>(value)) << 32) | status_word(epoch, status);
    word_ref(words[tile]).store(w, memory_order::relaxed);
  }
  COHORT_INLINE tile_entry<Acc> read(std::uint32_t tile) const {
    const std::uint64_t w = word_ref(words[tile]).load(memory_order::relaxed);
    return {status_of(static_cast<std::uint32_t>(w), epoch), bit_cast<Acc>(static_cast<std::uint32_t>(w >> 32))};
  }
};

/// Other values: a status word per tile, published with release after its value, read
/// with acquire before it; PARTIAL and INCLUSIVE values in separate arrays.
template <typename Acc>
struct tile_status<Acc, tile_status_layout::separate> {
  using status_ref = atomic_ref<std::uint32_t, memory_order::relaxed, memory_scope::device,
                                access::address_space::global_space>;
  std::uint32_t* status;
  Acc* partial;
  Acc* inclusive;
  std::uint32_t epoch;

  static constexpr sync_word_format format = scan_status_only;
  static std::size_t bytes(std::size_t tiles) { return scan_round_up(tiles * sizeof(std::uint32_t)); }
  /// The PARTIAL and INCLUSIVE values, in ordinary scratch memory.
  static std::size_t values_bytes(std::size_t tiles) { return 2 * scan_round_up(tiles * sizeof(Acc)); }
  static tile_status at(void* status, void* values, std::size_t tiles, std::uint32_t epoch) {
    auto* v = static_cast<unsigned char*>(values);
    return {static_cast<std::uint32_t*>(status), reinterpret_cast<Acc*>(v),
            reinterpret_cast<Acc*>(v + scan_round_up(tiles * sizeof(Acc))), epoch};
  }

  COHORT_INLINE void publish(std::uint32_t tile, std::uint32_t s, const Acc& value) const {
    (s == tile_partial ? partial : inclusive)[tile] = value;
    status_ref(status[tile]).store(status_word(epoch, s), memory_order::release);
  }
  COHORT_INLINE tile_entry<Acc> read(std::uint32_t tile) const {
    const std::uint32_t s = status_of(status_ref(status[tile]).load(memory_order::acquire), epoch);
    // An INVALID entry's value is never used, and its writer may be storing it right now.
    if (s == tile_invalid) return {s, Acc{}};
    return {s, (s == tile_inclusive ? inclusive : partial)[tile]};
  }
};

/// 8-byte values: in device code, a status word and the value in one 16-byte word, written
/// and read with one relaxed 16-byte access (no release and acquire, as for 4-byte values).
/// Host code (the CPU runs this strategy in tests) has no such access on every machine: it
/// keeps the protocol of `separate`, with its status word in the first half of the tile's
/// 16-byte word and its values in ordinary scratch memory.
template <typename Acc>
struct tile_status<Acc, tile_status_layout::wide> {
  struct alignas(16) word {
    std::uint64_t status;
    Acc value;
  };
  static_assert(sizeof(word) == 16);
  word* words;
  Acc* partial;
  Acc* inclusive;
  std::uint32_t epoch;

  static constexpr sync_word_format format = scan_wide_value_and_status;
  static std::size_t bytes(std::size_t tiles) { return scan_round_up(tiles * sizeof(word)); }
  static std::size_t values_bytes(std::size_t tiles) {
    return tile_status<Acc, tile_status_layout::separate>::values_bytes(tiles);
  }
  static tile_status at(void* status, void* values, std::size_t tiles, std::uint32_t epoch) {
    const auto host = tile_status<Acc, tile_status_layout::separate>::at(status, values, tiles, epoch);
    return {static_cast<word*>(status), host.partial, host.inclusive, epoch};
  }

#if COHORT_DEVICE_PASS
  COHORT_INLINE void publish(std::uint32_t tile, std::uint32_t s, const Acc& value) const {
    atomic_store(&words[tile], word{status_word(epoch, s), value}, memory_order::relaxed, memory_scope::device);
  }
  COHORT_INLINE tile_entry<Acc> read(std::uint32_t tile) const {
    const word w = atomic_load(&words[tile], memory_order::relaxed, memory_scope::device);
    return {status_of(static_cast<std::uint32_t>(w.status), epoch), w.value};
  }
#else
  using status_ref = atomic_ref<std::uint64_t, memory_order::relaxed, memory_scope::device,
                                access::address_space::global_space>;
  COHORT_INLINE void publish(std::uint32_t tile, std::uint32_t s, const Acc& value) const {
    (s == tile_partial ? partial : inclusive)[tile] = value;
    status_ref(words[tile].status).store(status_word(epoch, s), memory_order::release);
  }
  COHORT_INLINE tile_entry<Acc> read(std::uint32_t tile) const {
    const auto s = status_of(static_cast<std::uint32_t>(status_ref(words[tile].status).load(memory_order::acquire)), epoch);
    if (s == tile_invalid) return {s, Acc{}};
    return {s, (s == tile_inclusive ? inclusive : partial)[tile]};
  }
#endif
};

/// Combines sub-group lanes that hold tiles in decreasing order (lane 0 the nearest
/// predecessor): the higher lane's value goes first; a lane with none contributes nothing
/// (windows of operators without a known identity).
template <typename Acc, typename Op>
struct later_lane_first {
  Op op;
  COHORT_INLINE optional_value<Acc> operator()(const optional_value<Acc>& a, const optional_value<Acc>& b) const {
    return optional_op<Acc, Op>{op}(b, a);
  }
};

/// The combination of every tile before `tile` (tile > 0), in tile order, computed by the
/// sub-group `sg` (all of its items call it; every item gets the result). Each lane polls
/// one predecessor of a window as wide as the sub-group until none is INVALID, the window
/// is combined down to its nearest INCLUSIVE tile, and slides back while it has none.
/// Tile 0 publishes INCLUSIVE only, so the look-back never reads before it.
template <typename Acc, typename Status, typename Op>
COHORT_INLINE Acc look_back(const sub_group& sg, const Status& status, std::uint32_t tile, Op op, unsigned pause_ns) {
  const auto lanes = static_cast<std::int64_t>(sg.get_local_linear_range());
  const auto lane = static_cast<std::int64_t>(sg.get_local_linear_id());
  Acc prefix{};
  bool have = false;
  for (std::int64_t nearest = static_cast<std::int64_t>(tile) - 1;; nearest -= lanes) {
    const std::int64_t index = nearest - lane;
    // Lanes before tile 0 stand for an INCLUSIVE boundary that contributes nothing.
    tile_entry<Acc> e = index >= 0 ? status.read(static_cast<std::uint32_t>(index)) : tile_entry<Acc>{tile_inclusive, Acc{}};
    while (any_of_group(sg, e.status == tile_invalid)) {
      spin_pause(pause_ns);
      if (e.status == tile_invalid) e = status.read(static_cast<std::uint32_t>(index));
    }
    const std::int64_t stop = ext::ballot(sg, e.status == tile_inclusive).find_low();
    const bool contributes = lane <= stop && index >= 0;
    Acc window;
    if constexpr (has_known_identity_v<Op, Acc>) {  // commutative too: any order is right
      window = reduce_over_group(sg, contributes ? e.value : make_known_identity<Op, Acc>(), op);
    } else {
      window = reduce_over_group(sg, optional_value<Acc>{e.value, contributes}, later_lane_first<Acc, Op>{op}).value;
    }
    prefix = have ? combine<Acc>(op, window, prefix) : window;
    have = true;
    if (stop < lanes) return prefix;
  }
}

/// An initial value, or none (`Has` false).
template <typename Acc, bool Has>
struct scan_init {
  Acc value;
};
template <typename Acc>
struct scan_init<Acc, false> {};

/// Calls f(integral_constant<k>) for k in [0, N): unrolled, so per-item arrays stay in
/// registers.
template <std::size_t N, typename F>
COHORT_INLINE void static_for(F&& f) {
  [&]<std::size_t... K>(std::index_sequence<K...>) {
    (f(std::integral_constant<std::size_t, K>{}), ...);
  }(std::make_index_sequence<N>{});
}

/// The single-pass scan's kernel: one tile per work-group (see the top of the file).
/// Local memory: the tile (padded, see `padded`), each item's inclusive prefix within the
/// tile, the tile's prefix and its index.
template <bool Inclusive, typename Acc, typename Tuning, typename InputIt, typename OutputIt, typename BinaryOp,
          typename UnaryOp, bool HasInit>
struct single_pass_scan_kernel {
  static_assert(Inclusive || HasInit, "an exclusive scan starts from its init");
  static_assert(std::is_trivially_copyable_v<Acc> && std::is_default_constructible_v<Acc>,
                "the scan's accumulator must be trivially copyable and default constructible");
  static constexpr std::size_t group_size = Tuning::group_size, items = Tuning::items, tile = Tuning::tile;

  InputIt first;
  OutputIt out;
  std::size_t n;
  std::uint32_t tiles;
  BinaryOp op;
  UnaryOp transform;
  scan_init<Acc, HasInit> init;
  std::uint32_t* counter;  // null: tile_order::by_group_id
  tile_status<Acc> status;
  local_accessor<Acc, 1> tile_memory;    // local_tile_size
  local_accessor<Acc, 1> item_prefixes;  // group_size
  local_accessor<Acc, 1> tile_prefix;    // 1
  local_accessor<std::uint32_t, 1> tile_index;  // 1

  auto get(properties_tag) const {
    return tile_kernel_properties<group_size, Tuning::sub_group_size, Tuning::min_groups_per_unit>();
  }

  /// One padding slot per 32 elements: a warp's consecutive elements (the striped
  /// accesses) fall in distinct banks, and the items' strided ones (blocked) spread.
  COHORT_INLINE static std::size_t padded(std::size_t j) { return j + j / 32; }
  static constexpr std::size_t local_tile_size = tile + tile / 32 + 1;

  COHORT_FUNCTION void operator()(nd_item<1> it) const {
    const group<1> g = it.get_group();
    const std::size_t me = it.get_local_linear_id();
    std::uint32_t t = 0;
    if (tiles > 1 && counter == nullptr) {  // tile_order::by_group_id
      t = static_cast<std::uint32_t>(it.get_group(0));
    } else if (tiles > 1) {
      if (me == 0) tile_index[0] = draw_tile(counter, tiles);
      group_barrier(g);
      t = tile_index[0];
    }
    const std::size_t base = static_cast<std::size_t>(t) * tile;
    const std::size_t count = n - base < tile ? n - base : tile;
    if (count == tile)
      scan_tile<true>(it, g, me, t, base, count);
    else
      scan_tile<false>(it, g, me, t, base, count);
  }

  /// The tile's own aggregate (its last item's `through_me`) for the look-backs of later
  /// tiles: tile 0's is already its inclusive prefix.
  COHORT_INLINE void publish_own(std::uint32_t t, bool is_last_item, const Acc& through_me) const {
    if (tiles <= 1 || !is_last_item) return;
    if (t == 0) {
      if constexpr (HasInit)
        status.publish(0, tile_inclusive, combine<Acc>(op, init.value, through_me));
      else
        status.publish(0, tile_inclusive, through_me);
    } else {
      status.publish(t, tile_partial, through_me);
    }
  }

  /// Sub-group 0 combines the tiles before tile t (t > 0) into tile_prefix[0].
  COHORT_INLINE void look_back_into_local(const nd_item<1>& it, std::uint32_t t) const {
    if (t == 0) return;
    const sub_group sg = it.get_sub_group();
    if (sg.get_group_linear_id() == 0) {
      const Acc before = look_back<Acc>(sg, status, t, op, Tuning::pause_ns);
      if (sg.get_local_linear_id() == 0) tile_prefix[0] = before;
    }
  }

  template <bool Full>
  COHORT_INLINE void scan_tile(const nd_item<1>& it, const group<1>& g, std::size_t me, std::uint32_t t,
                               std::size_t base, std::size_t count) const {
    Acc* const local = &tile_memory[0];
    // Coalesced loads (item `me` takes elements me, me + G, ...), all issued before the
    // stores to local memory.
    // With whole warps per group, element me + k G sits at a constant offset from
    // padded(me).
    Acc* const striped = local + padded(me);
    auto striped_at = [&](std::size_t k) -> Acc& {
      if constexpr (group_size % 32 == 0)
        return striped[k * group_size + k * group_size / 32];
      else
        return local[padded(me + k * group_size)];
    };
    {
      const InputIt in = first + base + me;
      Acc v[items];
      static_for<items>([&](auto k) {
        if (Full || me + k * group_size < count) v[k] = static_cast<Acc>(transform(in[k * group_size]));
      });
      static_for<items>([&](auto k) {
        if (Full || me + k * group_size < count) striped_at(k) = v[k];
      });
    }
    group_barrier(g);

    // Each item reduces its `items` consecutive elements (read again from local memory
    // after the look-back rather than held in registers meanwhile).
    const std::size_t mine = me * items;
    const std::size_t valid =
        Full ? items : (count > me * items ? (count - me * items < items ? count - me * items : items) : 0);
    auto blocked_at = [&](std::size_t k) -> Acc& { return local[padded(mine + k)]; };
    Acc total = Full || valid > 0 ? blocked_at(0) : local[0];  // items past the end: any defined value
    static_for<items>([&](auto k) {
      if constexpr (k > 0)
        if (Full || k < valid) total = combine<Acc>(op, total, blocked_at(k));
    });

    const std::size_t last_item = Full ? group_size - 1 : (count - 1) / items;
    // The item's elements in place, after `p` (what precedes them).
    auto scan_own_elements = [&](Acc p) {
      static_for<items>([&](auto k) {
        if (Full || k < valid) {
          const Acc x = blocked_at(k);
          if constexpr (Inclusive) {
            p = combine<Acc>(op, p, x);
            blocked_at(k) = p;
          } else {
            blocked_at(k) = p;
            p = combine<Acc>(op, p, x);
          }
        }
      });
    };
    if constexpr (has_known_identity_v<BinaryOp, Acc>) {
      // Each item's prefix within the tile comes from an exclusive group scan, so each
      // scans its elements relative to the tile's start while sub-group 0 looks back; after
      // the barrier only the tile's prefix is left to combine, as the elements are stored.
      const Acc before_me = exclusive_scan_over_group(g, total, op);
      const Acc through_me = combine<Acc>(op, before_me, total);
      publish_own(t, me == last_item, through_me);
      scan_own_elements(before_me);
      look_back_into_local(it, t);
      group_barrier(g);
      if (t > 0 && me == last_item) status.publish(t, tile_inclusive, combine<Acc>(op, tile_prefix[0], through_me));
      const OutputIt dest = out + base + me;
      if (t > 0 || HasInit) {
        Acc prefix;
        if constexpr (HasInit)
          prefix = t > 0 ? tile_prefix[0] : init.value;
        else
          prefix = tile_prefix[0];
        static_for<items>([&](auto k) {
          if (Full || me + k * group_size < count) dest[k * group_size] = combine<Acc>(op, prefix, striped_at(k));
        });
      } else {
        static_for<items>([&](auto k) {
          if (Full || me + k * group_size < count) dest[k * group_size] = striped_at(k);
        });
      }
      return;
    }

    const Acc through_me = inclusive_scan_over_group(g, total, op);
    publish_own(t, me == last_item, through_me);
    item_prefixes[me] = through_me;
    look_back_into_local(it, t);
    group_barrier(g);
    if (t > 0 && me == last_item) status.publish(t, tile_inclusive, combine<Acc>(op, tile_prefix[0], through_me));

    // Each item scans its elements after what precedes them, in place in local memory.
    if (Inclusive && !HasInit && t == 0 && me == 0) {
      Acc p = blocked_at(0);
      static_for<items>([&](auto k) {
        if constexpr (k > 0)
          if (Full || k < valid) blocked_at(k) = p = combine<Acc>(op, p, blocked_at(k));
      });
    } else {
      Acc p;
      if (t > 0) {
        p = me > 0 ? combine<Acc>(op, tile_prefix[0], item_prefixes[me - 1]) : tile_prefix[0];
      } else {
        if constexpr (HasInit)
          p = me > 0 ? combine<Acc>(op, init.value, item_prefixes[me - 1]) : init.value;
        else
          p = item_prefixes[me - 1];  // me > 0 here
      }
      scan_own_elements(p);
    }
    group_barrier(g);
    const OutputIt dest = out + base + me;
    static_for<items>([&](auto k) {
      if (Full || me + k * group_size < count) dest[k * group_size] = striped_at(k);
    });
  }
};

}  // namespace cohort::detail
