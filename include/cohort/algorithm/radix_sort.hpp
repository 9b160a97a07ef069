// SPDX-License-Identifier: MIT
#pragma once
// cohort::radix_sort: a stable least-significant-digit radix sort of keys, or of keys with
// values, in place in the user's arrays (CUB's DeviceRadixSort::SortKeys / SortPairs).
//
//   cohort::event e = cohort::radix_sort(q, keys, n);                 // ascending, stable
//   cohort::event f = cohort::radix_sort(q, keys, values, n, {e});    // pairs
//   cohort::radix_sort(q, keys, n, cohort::radix_sort_options{.descending = true});
//
// Keys: 32- and 64-bit integers, float and double, ordered as CUB orders them
// (radix_sort_keys.hpp): -0.0 and +0.0 are equal (they keep their input order), NaNs sort
// by their bits (sign bit clear: after +inf; set: before -inf). Values: any trivially
// copyable type. Scratch: a second key and value array of n elements and the histograms,
// from the temporary storage; a pass moves the elements from one array to the other, so
// an odd number of passes ends with a copy back into the user's arrays. Passes whose digit
// is the same in every key (small-range keys: the high bytes) are skipped, decided on the
// device from the histograms, so nothing waits on the host.
//
// CPU strategy (q.get_device().is_cpu()): `range` kernels of one item per thread of the
// team, each item one contiguous chunk. One read of the keys counts every pass's digits per
// chunk (as CUB's onesweep upsweep), which gives the totals that decide the skipped passes,
// and the first pass's per-chunk counts; each later pass counts its chunk again (the
// previous pass moved the keys) and then scatters it: chunk c's keys of digit d go after
// every key of a smaller digit and after those of digit d in chunks before c, in order, so
// each pass is stable.
//
// GPU strategy: onesweep (Adinets and Merrill 2022, CUB's sort on sm_90): one kernel
// counts every pass's digits over all keys, and one group turns the counts into each
// pass's digit starts and decides the skipped passes; then each pass is one kernel whose
// groups take tiles in order from an atomic counter, count their tile's digits per
// sub-group and publish the tile's per-digit counts, rank the keys stably (each sub-group
// ranks its consecutive keys in key order, finding the lanes of the same digit with one
// ballot per digit bit), find the counts of all earlier tiles by a decoupled look-back per
// digit (one work-item per digit; a 64-bit word holds a status and a count, so relaxed
// single-word atomics suffice), reorder the tile in local memory by rank and write each
// key to its place (runs of one digit, so writes coalesce).
// That moves each key twice per pass (read, write) where the classic reduce-then-scan
// sort reads it three times, which is why CUB sorts this way on sm_90.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include <cohort/algorithm/radix_sort_keys.hpp>
#include <cohort/algorithm/scan_look_back.hpp>
#include <cohort/algorithm/temporary_storage.hpp>
#include <cohort/cohort.hpp>
#include <cohort/detail/algorithm_support.hpp>
#include <cohort/group/ext/ballot.hpp>

namespace cohort {

/// How radix_sort orders: descending instead of ascending, and by which bits of the
/// (transformed) key: [begin_bit, end_bit), end_bit = -1 meaning the key's width (CUB's
/// bit range; keys equal in those bits keep their input order).
struct radix_sort_options {
  bool descending = false;
  int begin_bit = 0;
  int end_bit = -1;
};

namespace detail {

/// The CPU strategy's constants. 8-bit digits: a chunk's 256 counters and its 256 write
/// streams stay in L1; 11-bit digits (one pass fewer for 32-bit keys) are not measured yet.
struct radix_sort_tuning_cpu {
  static constexpr int digit_bits = 8;
  static constexpr std::size_t radix = std::size_t{1} << digit_bits;
};

/// sizeof(Value), 0 for a keys-only sort (Value = void).
template <typename Value>
constexpr std::size_t radix_value_bytes() {
  if constexpr (std::is_void_v<Value>)
    return 0;
  else
    return sizeof(Value);
}

/// The GPU strategy's constants: 8-bit digits as CUB's onesweep on sm_90; the pass kernel's
/// tile shape by key and value size (`shape`), chosen among the shapes cohort-bench-cuda's
/// sort benchmark compares (bench/cuda/algorithm_sort.cu, -DCOHORT_BENCH_TILE_STUDIES=ON;
/// docs/results/cuda.md). On an H100 (2026-11-28), at 2^24 / 2^28 keys: 32-bit keys alone
/// 0.94x / 0.87x CUB with 256 x 24 and room for three groups per multiprocessor, against
/// 0.88x / 0.80x for 256 x 20 with three and 0.84-0.89x / 0.76-0.81x for 256 x 24 and 28
/// with two, 384 x 16 and 512 x 12; with 32-bit values 0.94x / 0.93x with 256 x 28 and two
/// groups, against 0.85x / 0.80x for 256 x 20 with three; 64-bit keys 1.00x / 0.95x with
/// 256 x 16 and three groups, against 0.90x / 0.85x without the hint. Larger tiles spread
/// each tile's fixed work (the digit scans, the look-back) over more keys, until the
/// registers they take leave too few groups.
struct radix_sort_tuning_gpu {
  static constexpr int digit_bits = 8;
  static constexpr std::size_t radix = std::size_t{1} << digit_bits;
  static constexpr std::size_t sub_group = 32;
  /// The digit-counting kernel: groups of 256, each work-item loading 16 keys of a tile
  /// before it counts them, four groups per compute unit (up to 64 registers an item).
  static constexpr std::size_t histogram_group = 256;
  static constexpr std::size_t histogram_items = 16;
  static constexpr std::size_t histogram_groups_per_unit = 4;
  template <typename Key, typename Value>
  static constexpr std::size_t widest() {
    constexpr std::size_t value_bytes = radix_value_bytes<Value>();
    return sizeof(Key) > value_bytes ? sizeof(Key) : value_bytes;
  }
  template <typename Key, typename Value>
  using shape = std::conditional_t<
      (widest<Key, Value>() <= 4),
      std::conditional_t<std::is_void_v<Value>, detail::tile_shape<256, 24, 3>, detail::tile_shape<256, 28, 2>>,
      std::conditional_t<(widest<Key, Value>() <= 8), detail::tile_shape<256, 16, 3>,
                         detail::tile_shape<256, (128 / widest<Key, Value>() > 0 ? 128 / widest<Key, Value>() : 1)>>>;
  /// Inputs below `small_input` keys make few tiles; 32-bit pairs take smaller ones there:
  /// at 2^16, 0.98x CUB with 256 x 20 and three groups against 0.83x with 256 x 28 (H100),
  /// the same at 2^20.
  static constexpr std::size_t small_input = std::size_t{1} << 20;
  /// Keys alone take their tiles by group id where the device allows it (2^28 uint32 keys
  /// on an H100: 0.95x CUB against 0.94x with drawn tiles); pairs draw them (0.98x against
  /// 0.94x at 2^28, the same at 2^24).
  template <typename Value>
  static tile_order tile_order_of(const queue& q) {
    return std::is_void_v<Value> ? detail::tile_order_of(q) : tile_order::drawn;
  }
  template <typename Key, typename Value>
  using small_input_shape = std::conditional_t<(widest<Key, Value>() <= 4 && !std::is_void_v<Value>),
                                               detail::tile_shape<256, 20, 3>, shape<Key, Value>>;
};

inline constexpr int radix_max_passes = 64;  // 64-bit keys, 1-bit digits at the extreme

COHORT_FUNCTION inline std::size_t radix_round_up(std::size_t bytes) { return (bytes + 255) / 256 * 256; }

// ---------------------------------------------------------------------------------------
// CPU strategy
// ---------------------------------------------------------------------------------------

/// What the first kernels decide: which passes move keys, where each pass's digits start,
/// and in which array (0: the user's, 1: the scratch one) each pass finds the keys.
struct radix_cpu_plan {
  int first_active;
  bool active[radix_max_passes];
  unsigned char source[radix_max_passes + 1];
};

template <typename Key, typename Value>
struct radix_cpu_arrays {
  Key* keys[2];
  Value* values[2];  // null for a keys-only sort
};

/// Every pass's digit counts of each chunk, in one read of the keys.
template <typename Key>
struct radix_cpu_count_all {
  const Key* keys;
  std::size_t n, chunks, radix;
  radix_digits<Key> digits;
  std::size_t* counts;  // [chunk][pass][digit]
  COHORT_FUNCTION void operator()(item<1> it) const {
    const std::size_t c = it[0];
    const int passes = digits.passes();
    std::size_t* mine = counts + c * static_cast<std::size_t>(passes) * radix;
    for (std::size_t j = 0; j < static_cast<std::size_t>(passes) * radix; ++j) mine[j] = 0;
    const chunk_range r = chunk_of(n, chunks, c);
    for (std::size_t i = r.begin; i < r.end; ++i) {
      const auto b = digits.ordered(keys[i]);
      for (int p = 0; p < passes; ++p) ++mine[static_cast<std::size_t>(p) * radix + digits.digit(b, p)];
    }
  }
};

/// One work-item: the totals per pass (the same whatever the order), the skipped passes,
/// each pass's source array, and each pass's digit starts.
template <typename Key>
struct radix_cpu_make_plan {
  std::size_t n, chunks, radix;
  radix_digits<Key> digits;
  const std::size_t* counts;
  std::size_t* starts;  // [pass][digit]
  radix_cpu_plan* plan;
  COHORT_FUNCTION void operator()(item<1>) const {
    const int passes = digits.passes();
    const std::size_t per_chunk = static_cast<std::size_t>(passes) * radix;
    plan->first_active = -1;
    plan->source[0] = 0;
    for (int p = 0; p < passes; ++p) {
      std::size_t* start = starts + static_cast<std::size_t>(p) * radix;
      std::size_t running = 0;
      bool active = true;
      for (std::size_t d = 0; d < radix; ++d) {
        std::size_t total = 0;
        for (std::size_t c = 0; c < chunks; ++c) total += counts[c * per_chunk + static_cast<std::size_t>(p) * radix + d];
        if (total == n) active = false;
        start[d] = running;
        running += total;
      }
      plan->active[p] = active;
      if (active && plan->first_active < 0) plan->first_active = p;
      plan->source[p + 1] = static_cast<unsigned char>(plan->source[p] ^ (active ? 1 : 0));
    }
  }
};

/// What a later pass's kernels share: the arrays, the digits and which pass this is.
template <typename Key, typename Value>
struct radix_cpu_pass {
  radix_cpu_arrays<Key, Value> arrays;
  std::size_t n, chunks, radix;
  radix_digits<Key> digits;
  int pass;
  /// Where chunk c's digit counts of this pass start in `counts` ([chunk][pass][digit]).
  COHORT_FUNCTION std::size_t counts_at(std::size_t c) const {
    const std::size_t per_chunk = static_cast<std::size_t>(digits.passes()) * radix;
    return c * per_chunk + static_cast<std::size_t>(pass) * radix;
  }
};

/// A later active pass: the chunk's digit counts in the order the previous pass left.
template <typename Key, typename Value>
struct radix_cpu_count_pass {
  radix_cpu_pass<Key, Value> at;
  std::size_t* counts;
  const radix_cpu_plan* plan;
  COHORT_FUNCTION void operator()(item<1> it) const {
    const int pass = at.pass;
    if (!plan->active[pass] || plan->first_active == pass) return;
    const std::size_t c = it[0];
    std::size_t* mine = counts + at.counts_at(c);
    std::size_t local[radix_sort_tuning_cpu::radix] = {};
    const Key* keys = at.arrays.keys[plan->source[pass]];
    const chunk_range r = chunk_of(at.n, at.chunks, c);
    for (std::size_t i = r.begin; i < r.end; ++i) ++local[at.digits.digit(at.digits.ordered(keys[i]), pass)];
    for (std::size_t d = 0; d < at.radix; ++d) mine[d] = local[d];
  }
};

/// A pass's scatter: chunk c's keys of digit d go to start[d] + (the keys of digit d in
/// chunks before c) + their rank in the chunk.
template <typename Key, typename Value>
struct radix_cpu_scatter {
  radix_cpu_pass<Key, Value> at;
  const std::size_t* counts;
  const std::size_t* starts;
  const radix_cpu_plan* plan;
  COHORT_FUNCTION void operator()(item<1> it) const {
    const int pass = at.pass;
    if (!plan->active[pass]) return;
    const std::size_t c = it[0];
    const std::size_t radix = at.radix;
    const radix_cpu_arrays<Key, Value>& arrays = at.arrays;
    const radix_digits<Key>& digits = at.digits;
    std::size_t next[radix_sort_tuning_cpu::radix];
    const std::size_t* start = starts + static_cast<std::size_t>(pass) * radix;
    for (std::size_t d = 0; d < radix; ++d) {
      std::size_t count = start[d];
      for (std::size_t before = 0; before < c; ++before) count += counts[at.counts_at(before) + d];
      next[d] = count;
    }
    const int from = plan->source[pass];
    const Key* src = arrays.keys[from];
    Key* dst = arrays.keys[from ^ 1];
    const chunk_range r = chunk_of(at.n, at.chunks, c);
    if constexpr (std::is_void_v<Value>) {
      for (std::size_t i = r.begin; i < r.end; ++i) {
        const Key k = src[i];
        dst[next[digits.digit(digits.ordered(k), pass)]++] = k;
      }
    } else {
      const Value* vsrc = arrays.values[from];
      Value* vdst = arrays.values[from ^ 1];
      for (std::size_t i = r.begin; i < r.end; ++i) {
        const Key k = src[i];
        const std::size_t to = next[digits.digit(digits.ordered(k), pass)]++;
        dst[to] = k;
        vdst[to] = vsrc[i];
      }
    }
  }
};

/// After an odd number of active passes: the scratch arrays back into the user's.
template <typename Key, typename Value>
struct radix_cpu_copy_back {
  radix_cpu_arrays<Key, Value> arrays;
  std::size_t n, chunks;
  int passes;
  const radix_cpu_plan* plan;
  COHORT_FUNCTION void operator()(item<1> it) const {
    if (plan->source[passes] == 0) return;
    const chunk_range r = chunk_of(n, chunks, it[0]);
    for (std::size_t i = r.begin; i < r.end; ++i) arrays.keys[0][i] = arrays.keys[1][i];
    if constexpr (!std::is_void_v<Value>)
      for (std::size_t i = r.begin; i < r.end; ++i) arrays.values[0][i] = arrays.values[1][i];
  }
};

template <typename Key, typename Value>
event radix_sort_cpu(queue& q, temporary_storage& storage, Key* keys, Value* values, std::size_t n,
                     radix_digits<Key> digits, const std::vector<event>& depends_on) {
  constexpr std::size_t radix = radix_sort_tuning_cpu::radix;
  constexpr std::size_t value_bytes = radix_value_bytes<Value>();
  const std::size_t chunks = std::min(cpu_chunks(q), n);
  const int passes = digits.passes();
  const std::size_t key_bytes = radix_round_up(n * sizeof(Key));
  const std::size_t values_bytes = radix_round_up(n * value_bytes);
  const std::size_t count_bytes = radix_round_up(chunks * static_cast<std::size_t>(passes) * radix * sizeof(std::size_t));
  const std::size_t start_bytes = radix_round_up(static_cast<std::size_t>(passes) * radix * sizeof(std::size_t));
  auto lease = storage.acquire(key_bytes + values_bytes + count_bytes + start_bytes + sizeof(radix_cpu_plan), depends_on);
  auto* base = static_cast<unsigned char*>(lease.data());
  radix_cpu_arrays<Key, Value> arrays{{keys, reinterpret_cast<Key*>(base)}, {values, nullptr}};
  if constexpr (!std::is_void_v<Value>) arrays.values[1] = reinterpret_cast<Value*>(base + key_bytes);
  auto* counts = reinterpret_cast<std::size_t*>(base + key_bytes + values_bytes);
  auto* starts = reinterpret_cast<std::size_t*>(base + key_bytes + values_bytes + count_bytes);
  auto* plan = reinterpret_cast<radix_cpu_plan*>(base + key_bytes + values_bytes + count_bytes + start_bytes);

  event last = q.submit([&](handler& h) {
    h.depends_on(lease.dependencies());
    h.parallel_for(range<1>{chunks}, radix_cpu_count_all<Key>{keys, n, chunks, radix, digits, counts});
  });
  lease.used_by(last);
  auto then = [&](auto&& kernel, std::size_t items) {
    last = q.submit([&](handler& h) {
      h.depends_on(last);
      h.parallel_for(range<1>{items}, kernel);
    });
    lease.used_by(last);
  };
  then(radix_cpu_make_plan<Key>{n, chunks, radix, digits, counts, starts, plan}, 1);
  for (int p = 0; p < passes; ++p) {
    const radix_cpu_pass<Key, Value> at{arrays, n, chunks, radix, digits, p};
    if (p > 0) then(radix_cpu_count_pass<Key, Value>{at, counts, plan}, chunks);
    then(radix_cpu_scatter<Key, Value>{at, counts, starts, plan}, chunks);
  }
  then(radix_cpu_copy_back<Key, Value>{arrays, n, chunks, passes, plan}, chunks);
  return last;
}

// ---------------------------------------------------------------------------------------
// GPU strategy
// ---------------------------------------------------------------------------------------

/// What the plan kernel decides once for the pass kernels: which passes move keys (a pass
/// whose digit is the same in every key moves none) and in which array (0: the user's, 1:
/// the scratch one) each pass finds the keys; source[passes]: where the sorted keys end.
struct radix_gpu_plan {
  std::uint64_t active;  // bit p: pass p moves keys
  unsigned char source[radix_max_passes + 1];
};

template <typename Key, typename Value>
struct radix_gpu_arrays {
  Key* keys[2];
  Value* values[2];
};

/// Every pass's digit totals over all keys. Each group counts tiles of histogram_group x
/// histogram_items keys in local memory: a work-item loads all its keys of a tile (one
/// coalesced load per key) before it counts any, so many loads are in flight; then the
/// group adds its counts to the totals, one global atomic per digit.
template <typename Key>
struct radix_gpu_histogram {
  static constexpr std::uint32_t radix = radix_sort_tuning_gpu::radix;
  static constexpr std::uint32_t group_size = radix_sort_tuning_gpu::histogram_group;
  static constexpr std::uint32_t items = radix_sort_tuning_gpu::histogram_items;
  static constexpr std::size_t tile = std::size_t{group_size} * items;
  using bits_type = typename radix_digits<Key>::bits_type;
  using local_counter = atomic_ref<std::uint32_t, memory_order::relaxed, memory_scope::work_group,
                                   access::address_space::local_space>;

  const Key* keys;
  std::size_t n;
  radix_digits<Key> digits;
  unsigned long long* histogram;  // [pass][digit], zeroed before
  local_accessor<std::uint32_t, 1> local_counts;

  /// Counts the keys base + t + j * group_size of the tile at `base` (those below n).
  template <bool Full>
  COHORT_INLINE void count_tile(std::uint32_t* counts, int passes, std::size_t base, std::uint32_t t) const {
    bits_type b[items];
    for (std::uint32_t j = 0; j < items; ++j)
      if (Full || base + t + j * group_size < n) b[j] = digits.ordered(keys[base + t + j * group_size]);
    for (int p = 0; p < passes; ++p) {
      const int shift = digits.shift(p);
      const std::uint32_t mask = digits.mask(p);
      std::uint32_t* pass_counts = counts + static_cast<std::size_t>(p) * radix;
      for (std::uint32_t j = 0; j < items; ++j)
        if (Full || base + t + j * group_size < n)
          local_counter(pass_counts[static_cast<std::uint32_t>(b[j] >> shift) & mask]).fetch_add(1u);
    }
  }

  COHORT_FUNCTION void operator()(nd_item<1> it) const {
    const auto t = static_cast<std::uint32_t>(it.get_local_id(0));  // the launch's group is group_size
    const std::size_t group = it.get_group(0), groups = it.get_group_range(0);
    const int passes = digits.passes();
    const std::size_t words = static_cast<std::size_t>(passes) * radix;
    std::uint32_t* counts = local_counts.template get_multi_ptr<access::decorated::no>().get();
    for (std::size_t j = t; j < words; j += group_size) counts[j] = 0;
    group_barrier(it.get_group());
    const std::size_t full_tiles = n / tile, tiles = (n + tile - 1) / tile;
    for (std::size_t k = group; k < full_tiles; k += groups) count_tile<true>(counts, passes, k * tile, t);
    for (std::size_t k = full_tiles + group; k < tiles; k += groups) count_tile<false>(counts, passes, k * tile, t);
    group_barrier(it.get_group());
    for (std::size_t j = t; j < words; j += group_size)
      if (counts[j] != 0)
        atomic_ref<unsigned long long, memory_order::relaxed, memory_scope::device,
                   access::address_space::global_space>(histogram[j])
            .fetch_add(counts[j]);
  }
};

/// One group of `radix` items, item t for digit t: each pass's digit totals become the
/// digits' starts over all keys (in place), and the plan; so no tile of a pass kernel
/// scans the totals or votes on the skipped passes again.
struct radix_gpu_make_plan {
  std::size_t n;
  int passes;
  unsigned long long* histogram;  // [pass][digit]: totals in, starts out
  radix_gpu_plan* plan;
  COHORT_FUNCTION void operator()(nd_item<1> it) const {
    constexpr std::size_t radix = radix_sort_tuning_gpu::radix;
    const auto g = it.get_group();
    const std::size_t t = it.get_local_id(0);
    std::uint64_t active = 0;
    unsigned char source = 0;
    // Four passes' totals are loaded at a time, so their loads' latencies overlap.
    constexpr int ahead = 4;
    for (int first = 0; first < passes; first += ahead) {
      unsigned long long totals[ahead];
      for (int k = 0; k < ahead; ++k)
        if (first + k < passes) totals[k] = histogram[static_cast<std::size_t>(first + k) * radix + t];
      for (int k = 0; k < ahead && first + k < passes; ++k) {
        const int p = first + k;
        const bool one_digit = any_of_group(g, totals[k] == n);
        histogram[static_cast<std::size_t>(p) * radix + t] =
            exclusive_scan_over_group(g, totals[k], plus<unsigned long long>());
        if (t == 0) plan->source[p] = source;
        if (!one_digit) {
          active |= std::uint64_t{1} << p;
          source ^= 1;
        }
      }
    }
    if (t == 0) {
      plan->source[passes] = source;
      plan->active = active;
    }
  }
};

/// A pass's digit straight from a key: the descending flip is shifted with the digit, so an
/// integer key's digit costs one shift and one logical operation.
template <typename Key>
struct radix_pass_digit {
  int shift;
  std::uint32_t flip, mask;
  COHORT_FUNCTION radix_pass_digit(const radix_digits<Key>& digits, int pass)
      : shift(digits.shift(pass)), flip(static_cast<std::uint32_t>(digits.flip >> digits.shift(pass))),
        mask(digits.mask(pass)) {}
  COHORT_FUNCTION std::uint32_t operator()(Key k) const {
    return (static_cast<std::uint32_t>(radix_key<Key>::ordered(k) >> shift) ^ flip) & mask;
  }
};

/// One pass of onesweep (see the top of the file); work-item t < radix also stands for
/// digit t.
template <typename Key, typename Value, typename Shape>
struct radix_gpu_pass {
  static constexpr std::uint32_t radix = radix_sort_tuning_gpu::radix;
  static constexpr std::uint32_t group_size = Shape::group;
  static constexpr std::uint32_t Items = Shape::items;
  static constexpr std::uint32_t sg_size = radix_sort_tuning_gpu::sub_group;
  static constexpr std::uint32_t sub_groups = group_size / sg_size;
  static constexpr std::uint32_t tile = group_size * Items;
  static_assert(group_size % sg_size == 0 && group_size >= radix, "a pass needs whole sub-groups and a work-item per digit");
  static_assert(sg_size == 32, "the ranking's lane masks are 32 bits");
  static_assert(radix % sg_size == 0, "each item clears radix / sg_size of the sub-groups' counters");
  /// The exchange, in 8-byte words: a tile of keys, then (pairs) a tile of values.
  static constexpr std::size_t key_words = (tile * sizeof(Key) + 7) / 8;
  static constexpr std::size_t exchange_words = key_words + (tile * radix_value_bytes<Value>() + 7) / 8;

  radix_gpu_arrays<Key, Value> arrays;
  std::size_t n;
  std::uint32_t tiles;
  radix_digits<Key> digits;
  int pass;
  const unsigned long long* digit_starts;  // [pass][digit], from radix_gpu_make_plan
  const radix_gpu_plan* plan;
  unsigned long long* status;     // [tile][digit]: counted words (scan_look_back.hpp) of this pass's epoch
  std::uint32_t epoch;
  std::uint32_t* tile_counter;    // this pass's: zero before, left zero; null: tile_order::by_group_id
  local_accessor<std::uint64_t, 1> exchange;          // exchange_words
  local_accessor<std::uint32_t, 1> sub_group_counts;  // [sub-group][digit]
  local_accessor<std::uint64_t, 1> digit_place;       // [digit]: where local rank 0 of the digit goes
  local_accessor<std::uint32_t, 1> tile_slot;         // [0]: the tile

  /// The lanes of `sg` whose digit equals `d`: one ballot per digit bit, as CUB's MatchAny
  /// does (a native match of 32-bit values costs more than eight ballots).
  COHORT_INLINE static std::uint32_t same_digit_lanes(const sub_group& sg, std::uint32_t d) {
    std::uint32_t peers = ~std::uint32_t{0};
    for (int b = 0; b < radix_sort_tuning_gpu::digit_bits; ++b) {
      // All ones where bit b is set: one mask serves the ballot and the choice.
      const auto set = static_cast<std::uint32_t>(static_cast<std::int32_t>(d << (31 - b)) >> 31);
      const auto ones = static_cast<std::uint32_t>(ext::ballot(sg, set != 0).bits());
      peers &= ~(ones ^ set);
    }
    return peers;
  }

  COHORT_FUNCTION void operator()(nd_item<1> it) const {
    if (!((plan->active >> pass) & 1u)) return;  // the same in every item
    const std::uint32_t t = static_cast<std::uint32_t>(it.get_local_id(0));
    std::uint32_t* counts = sub_group_counts.template get_multi_ptr<access::decorated::no>().get();
    for (std::uint32_t j = 0; j < radix / sg_size; ++j) counts[t + j * group_size] = 0;
    std::uint32_t tile_index;
    if (tile_counter == nullptr) {  // tile_order::by_group_id
      tile_index = static_cast<std::uint32_t>(it.get_group(0));
      group_barrier(it.get_group());  // the counters' zeros
    } else {
      if (t == 0) tile_slot[0] = draw_tile(tile_counter, tiles);
      group_barrier(it.get_group());
      tile_index = tile_slot[0];
    }
    const std::size_t tile_base = static_cast<std::size_t>(tile_index) * tile;
    if (n - tile_base >= tile)
      sort_tile<true>(it, tile_index, tile_base, tile);
    else
      sort_tile<false>(it, tile_index, tile_base, static_cast<std::uint32_t>(n - tile_base));
  }

  /// The tile of values in the exchange, behind the tile of keys.
  COHORT_INLINE Value* exchanged_values() const
    requires(!std::is_void_v<Value>)
  {
    return reinterpret_cast<Value*>(exchange.template get_multi_ptr<access::decorated::no>().get() + key_words);
  }

  /// The tile's `in_tile` keys (all of them where `Full`): counted, published for the
  /// look-back, ranked, and moved to their places.
  template <bool Full>
  COHORT_INLINE void sort_tile(nd_item<1> it, std::uint32_t tile_index, std::size_t tile_base,
                               std::uint32_t in_tile) const {
    const auto g = it.get_group();
    const auto sg = it.get_sub_group();
    const std::uint32_t t = static_cast<std::uint32_t>(it.get_local_id(0));
    const std::uint32_t w = static_cast<std::uint32_t>(sg.get_group_linear_id());
    const std::uint32_t lane = static_cast<std::uint32_t>(sg.get_local_linear_id());
    const int from = plan->source[pass];
    const radix_pass_digit<Key> digit_of(digits, pass);
    const bool has_digit = t < radix;
    const unsigned long long digit_start = has_digit ? digit_starts[static_cast<std::size_t>(pass) * radix + t] : 0;

    // Keys, each sub-group's consecutive run of the tile (key k of lane l at in-tile offset
    // w * sg_size * Items + k * sg_size + l); past n: the largest digit. Each sub-group
    // counts its digits first (CUB's early counts): the tile publishes its counts before it
    // ranks, so later tiles' look-backs wait less, and the ranks come out as places in the
    // tile.
    const std::uint32_t my_offset = w * sg_size * Items + lane;
    const Key* src = arrays.keys[from] + tile_base + my_offset;
    std::uint32_t* counts = sub_group_counts.template get_multi_ptr<access::decorated::no>().get();
    std::uint32_t* mine = counts + w * radix;
    Key key[Items];
    std::uint32_t digit[Items];
    for (std::uint32_t k = 0; k < Items; ++k) {
      if (Full || my_offset + k * sg_size < in_tile) {
        key[k] = src[k * sg_size];
        digit[k] = digit_of(key[k]);
      } else {
        key[k] = Key{};
        digit[k] = radix - 1;
      }
    }
    for (std::uint32_t k = 0; k < Items; ++k)  // one 32-bit index: one multiply-add per address
      atomic_ref<std::uint32_t, memory_order::relaxed, memory_scope::work_group, access::address_space::local_space>(
          counts[w * radix + digit[k]])
          .fetch_add(1u);
    group_barrier(g);

    // Per digit (work-item t = digit t): the tile's count is published for the look-back,
    // and the sub-groups' counts become where each sub-group's keys of the digit start in
    // the tile.
    using status_ref = atomic_ref<unsigned long long, memory_order::relaxed, memory_scope::device,
                                  access::address_space::global_space>;
    std::uint32_t tile_count = 0;
    std::uint32_t sub_group_start[sub_groups];
    if (has_digit) {
      for (std::uint32_t s = 0; s < sub_groups; ++s) {
        sub_group_start[s] = tile_count;
        tile_count += counts[s * radix + t];
      }
      status_ref(status[static_cast<std::size_t>(tile_index) * radix + t])
          .store(counted_word(epoch, tile_index == 0 ? tile_inclusive : tile_partial, tile_count));
    }
    const std::uint32_t local_start = exclusive_scan_over_group(g, tile_count, plus<std::uint32_t>());
    if (has_digit)
      for (std::uint32_t s = 0; s < sub_groups; ++s) counts[s * radix + t] = local_start + sub_group_start[s];
    group_barrier(g);

    // Places in the tile: after the sub-group's keys of the same digit in earlier rounds (its
    // counter), and the same digit's lanes below in this one. Every lane reads the counter;
    // the highest lane of the digit then moves it on. The tile is reordered by place in local
    // memory (keys past n included, so every slot holds a key).
    auto* exchanged_keys = reinterpret_cast<Key*>(exchange.template get_multi_ptr<access::decorated::no>().get());
    std::uint32_t local_rank[Items];
    const std::uint32_t lanes_below = (std::uint32_t{1} << lane) - 1u;
    const std::uint32_t lanes_above = ~lanes_below << 1;
    for (std::uint32_t k = 0; k < Items; ++k) {
      const std::uint32_t peers = same_digit_lanes(sg, digit[k]);
      local_rank[k] = mine[digit[k]] + static_cast<std::uint32_t>(popcount32(peers & lanes_below));
      group_barrier(sg);  // every lane read the counter
      if ((peers & lanes_above) == 0) mine[digit[k]] = local_rank[k] + 1u;
      group_barrier(sg);  // the next round reads the new count
      exchanged_keys[local_rank[k]] = key[k];
    }

    if constexpr (!std::is_void_v<Value>) {  // the values follow their keys
      const Value* vsrc = arrays.values[from] + tile_base + my_offset;
      Value* exchanged = exchanged_values();
      for (std::uint32_t k = 0; k < Items; ++k)
        if (Full || my_offset + k * sg_size < in_tile) exchanged[local_rank[k]] = vsrc[k * sg_size];
    }

    // The look-back: the counts of this digit in all earlier tiles.
    Key* dst = arrays.keys[from ^ 1];
    if (has_digit) {
      unsigned long long earlier = 0;
      if (tile_index > 0) {
        for (std::uint32_t j = tile_index; j-- > 0;) {
          unsigned long long word = status_ref(status[static_cast<std::size_t>(j) * radix + t]).load();
          std::uint32_t s = counted_status(word, epoch);
          while (s == tile_invalid) {
            spin_pause(look_back_pause_ns);
            word = status_ref(status[static_cast<std::size_t>(j) * radix + t]).load();
            s = counted_status(word, epoch);
          }
          earlier += word & counted_mask;
          if (s == tile_inclusive) break;
        }
        status_ref(status[static_cast<std::size_t>(tile_index) * radix + t])
            .store(counted_word(epoch, tile_inclusive, earlier + tile_count));
      }
      // Not below zero: this tile's keys of smaller digits are among all keys of smaller
      // digits. Keys alone keep the address itself, which spares each key an address
      // computation; pairs keep the index their keys and values share.
      const unsigned long long first = digit_start + earlier - local_start;
      if constexpr (std::is_void_v<Value>)
        digit_place[t] = reinterpret_cast<std::uintptr_t>(dst + first);
      else
        digit_place[t] = first;
    }
    group_barrier(g);

    // Each key (and value) to its place: runs of one digit, so writes coalesce.
    for (std::uint32_t k = 0; k < Items; ++k) {
      const std::uint32_t i = t + k * group_size;
      const Key kk = exchanged_keys[i];
      const std::uint64_t place = digit_place[digit_of(kk)];
      if (Full || i < in_tile) {
        if constexpr (std::is_void_v<Value>) {
          reinterpret_cast<Key*>(place)[i] = kk;
        } else {
          dst[place + i] = kk;
          arrays.values[from ^ 1][place + i] = exchanged_values()[i];
        }
      }
    }
  }
};

/// After an odd number of active passes: the scratch arrays back into the user's.
template <typename Key, typename Value>
struct radix_gpu_copy_back {
  radix_gpu_arrays<Key, Value> arrays;
  std::size_t n;
  int passes;
  const radix_gpu_plan* plan;
  COHORT_FUNCTION void operator()(nd_item<1> it) const {
    if (plan->source[passes] == 0) return;
    for (std::size_t i = it.get_global_id(0); i < n; i += it.get_global_range(0)) {
      arrays.keys[0][i] = arrays.keys[1][i];
      if constexpr (!std::is_void_v<Value>) arrays.values[0][i] = arrays.values[1][i];
    }
  }
};

/// `Shape`: the pass kernel's tile (radix_sort_tuning_gpu's by default).
template <typename Shape = void, typename Key, typename Value>
event radix_sort_gpu(queue& q, temporary_storage& storage, Key* keys, Value* values, std::size_t n,
                     radix_digits<Key> digits, const std::vector<event>& depends_on,
                     std::optional<tile_order> order = std::nullopt) {
  using tuning = radix_sort_tuning_gpu;
  using shape = std::conditional_t<std::is_void_v<Shape>, tuning::shape<Key, Value>, Shape>;
  constexpr std::size_t tile = shape::group * shape::items;
  constexpr std::size_t radix = tuning::radix;
  constexpr std::size_t value_bytes = radix_value_bytes<Value>();
  const int passes = digits.passes();
  const std::size_t tiles = (n + tile - 1) / tile;
  const std::size_t key_bytes = radix_round_up(n * sizeof(Key));
  const std::size_t values_bytes = radix_round_up(n * value_bytes);
  const std::size_t histogram_bytes = radix_round_up(static_cast<std::size_t>(passes) * radix * sizeof(unsigned long long));
  check_counted_tiles("radix_sort", n, tiles);
  if (static_cast<std::size_t>(passes) > temporary_storage::sync_counters)
    throw exception(errc::invalid, "radix_sort: more passes than the GPU strategy has tile counters");
  // Each pass has a tile counter and an epoch of its own, so one array of look-back words
  // serves every pass and nothing clears it in between.
  auto lease = storage.acquire_synchronised(key_bytes + values_bytes + histogram_bytes + sizeof(radix_gpu_plan),
                                            tiles * radix * sizeof(unsigned long long), counted_words, depends_on,
                                            static_cast<std::uint32_t>(passes));
  auto* base = static_cast<unsigned char*>(lease.data());
  radix_gpu_arrays<Key, Value> arrays{{keys, reinterpret_cast<Key*>(base)}, {values, nullptr}};
  if constexpr (!std::is_void_v<Value>) arrays.values[1] = reinterpret_cast<Value*>(base + key_bytes);
  auto* histogram = reinterpret_cast<unsigned long long*>(base + key_bytes + values_bytes);
  auto* plan = reinterpret_cast<radix_gpu_plan*>(base + key_bytes + values_bytes + histogram_bytes);
  const temporary_storage::sync_words& sync = lease.sync();
  auto* status = static_cast<unsigned long long*>(sync.status);

  const bool drawn = order.value_or(tuning::tile_order_of<Value>(q)) == tile_order::drawn;
  const std::vector<event> ready = status_words_ready(q, lease);
  event last = q.submit([&](handler& h) {
    h.depends_on(ready);
    h.memset(histogram, 0, histogram_bytes);
  });
  lease.used_by(last);
  const std::size_t units = q.get_device().get_info<info::device::max_compute_units>();
  const std::size_t histogram_tiles = (n + radix_gpu_histogram<Key>::tile - 1) / radix_gpu_histogram<Key>::tile;
  const std::size_t histogram_groups = std::max<std::size_t>(
      1, std::min(histogram_tiles, std::max<std::size_t>(units, 1) * tuning::histogram_groups_per_unit));
  last = q.submit([&](handler& h) {
    h.depends_on(last);
    local_accessor<std::uint32_t, 1> local_counts(range<1>{static_cast<std::size_t>(passes) * radix}, h);
    h.parallel_for(nd_range<1>{histogram_groups * tuning::histogram_group, tuning::histogram_group},
                   radix_gpu_histogram<Key>{keys, n, digits, histogram, local_counts});
  });
  lease.used_by(last);
  last = q.submit([&](handler& h) {
    h.depends_on(last);
    h.parallel_for(nd_range<1>{radix, radix}, radix_gpu_make_plan{n, passes, histogram, plan});
  });
  lease.used_by(last);
  for (int p = 0; p < passes; ++p) {
    last = q.submit([&](handler& h) {
      h.depends_on(last);
      local_accessor<std::uint64_t, 1> exchange(range<1>{radix_gpu_pass<Key, Value, shape>::exchange_words}, h);
      local_accessor<std::uint32_t, 1> sub_group_counts(range<1>{shape::group / tuning::sub_group * radix}, h);
      local_accessor<std::uint64_t, 1> digit_place(range<1>{radix}, h);
      local_accessor<std::uint32_t, 1> tile_slot(range<1>{1}, h);
      h.parallel_for(nd_range<1>{tiles * shape::group, shape::group},
                     tile_kernel_properties<shape::group, tuning::sub_group, shape::min_groups_per_unit>(),
                     radix_gpu_pass<Key, Value, shape>{arrays, n, static_cast<std::uint32_t>(tiles), digits, p,
                                                       histogram, plan, status,
                                                       sync.epoch + static_cast<std::uint32_t>(p), drawn ? sync.counters + p : nullptr,
                                                       exchange, sub_group_counts, digit_place, tile_slot});
    });
    lease.used_by(last);
  }
  const std::size_t copy_groups = std::max<std::size_t>(1, std::min(tiles, std::max<std::size_t>(units, 1) * 8));
  last = q.submit([&](handler& h) {
    h.depends_on(last);
    h.parallel_for(nd_range<1>{copy_groups * tuning::histogram_group, tuning::histogram_group},
                   radix_gpu_copy_back<Key, Value>{arrays, n, passes, plan});
  });
  lease.used_by(last);
  return last;
}

template <typename Key, typename Value>
event radix_sort_dispatch(queue& q, temporary_storage& storage, Key* keys, Value* values, std::size_t n,
                          const radix_sort_options& options, const std::vector<event>& depends_on) {
  constexpr int key_bits = static_cast<int>(sizeof(Key) * 8);
  const int end_bit = options.end_bit < 0 ? key_bits : options.end_bit;
  if (options.begin_bit < 0 || end_bit > key_bits || options.begin_bit > end_bit)
    throw exception(errc::invalid, "radix_sort: the bit range [" + std::to_string(options.begin_bit) + ", " +
                                       std::to_string(options.end_bit) + ") is not within the key's " +
                                       std::to_string(key_bits) + " bits");
  check_not_null("radix_sort", "key pointer", keys, n);
  if constexpr (!std::is_void_v<Value>) {
    check_not_null("radix_sort", "value pointer", values, n);
    if (overlaps(reinterpret_cast<const unsigned char*>(keys), n * sizeof(Key),
                 reinterpret_cast<const unsigned char*>(values), n * sizeof(Value)))
      throw exception(errc::invalid, "radix_sort: the keys and the values overlap");
  }
  if (n <= 1 || options.begin_bit == end_bit) {
    // Nothing to move; the event still orders later work after depends_on.
    return q.submit([&](handler& h) { h.depends_on(depends_on); });
  }
  using bits_type = typename radix_key<Key>::bits_type;
  const bool cpu = q.get_device().is_cpu();
  radix_digits<Key> digits{options.descending ? ~bits_type{0} : bits_type{0}, options.begin_bit, end_bit,
                           cpu ? radix_sort_tuning_cpu::digit_bits : radix_sort_tuning_gpu::digit_bits};
  if (cpu) return radix_sort_cpu(q, storage, keys, values, n, digits, depends_on);
  using tuning = radix_sort_tuning_gpu;
  if constexpr (!std::is_same_v<tuning::small_input_shape<Key, Value>, tuning::shape<Key, Value>>) {
    if (n < tuning::small_input)
      return radix_sort_gpu<tuning::small_input_shape<Key, Value>>(q, storage, keys, values, n, digits, depends_on);
  }
  return radix_sort_gpu(q, storage, keys, values, n, digits, depends_on);
}

}  // namespace detail

/// Sorts keys[0, n) in place, ascending (or as `options` say), stably.
template <radix_sortable_key Key>
event radix_sort(queue& q, temporary_storage& storage, Key* keys, std::size_t n, const radix_sort_options& options,
                 const std::vector<event>& depends_on = {}) {
  return detail::radix_sort_dispatch<Key, void>(q, storage, keys, nullptr, n, options, depends_on);
}
template <radix_sortable_key Key>
event radix_sort(queue& q, Key* keys, std::size_t n, const radix_sort_options& options,
                 const std::vector<event>& depends_on = {}) {
  return radix_sort(q, storage_of(q), keys, n, options, depends_on);
}
template <radix_sortable_key Key>
event radix_sort(queue& q, temporary_storage& storage, Key* keys, std::size_t n,
                 const std::vector<event>& depends_on = {}) {
  return radix_sort(q, storage, keys, n, radix_sort_options{}, depends_on);
}
template <radix_sortable_key Key>
event radix_sort(queue& q, Key* keys, std::size_t n, const std::vector<event>& depends_on = {}) {
  return radix_sort(q, storage_of(q), keys, n, radix_sort_options{}, depends_on);
}

/// Sorts the pairs (keys[i], values[i]), i < n, in place by key, stably: equal keys keep
/// their input order and their values with them. Keys and values must not overlap.
template <radix_sortable_key Key, typename Value>
  requires std::is_trivially_copyable_v<Value>
event radix_sort(queue& q, temporary_storage& storage, Key* keys, Value* values, std::size_t n,
                 const radix_sort_options& options, const std::vector<event>& depends_on = {}) {
  return detail::radix_sort_dispatch<Key, Value>(q, storage, keys, values, n, options, depends_on);
}
template <radix_sortable_key Key, typename Value>
  requires std::is_trivially_copyable_v<Value>
event radix_sort(queue& q, Key* keys, Value* values, std::size_t n, const radix_sort_options& options,
                 const std::vector<event>& depends_on = {}) {
  return radix_sort(q, storage_of(q), keys, values, n, options, depends_on);
}
template <radix_sortable_key Key, typename Value>
  requires std::is_trivially_copyable_v<Value>
event radix_sort(queue& q, temporary_storage& storage, Key* keys, Value* values, std::size_t n,
                 const std::vector<event>& depends_on = {}) {
  return radix_sort(q, storage, keys, values, n, radix_sort_options{}, depends_on);
}
template <radix_sortable_key Key, typename Value>
  requires std::is_trivially_copyable_v<Value>
event radix_sort(queue& q, Key* keys, Value* values, std::size_t n, const std::vector<event>& depends_on = {}) {
  return radix_sort(q, storage_of(q), keys, values, n, radix_sort_options{}, depends_on);
}

}  // namespace cohort
