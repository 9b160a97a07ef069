// SPDX-License-Identifier: MIT
#pragma once
// Work-group collectives of the CUDA backend: a warp step, at most 32 slots of shared
// scratch (one per warp, declared here per type so its size is exact), a step over the
// slots, two barriers; back-to-back collectives never race on the scratch (see below).
// Work-groups of one warp need no shared memory at all.
// Device code only.
#include <cstddef>
#include <new>
#include <type_traits>

#include <cohort/backend/cuda/warp_ops.hpp>

namespace cohort::backends::cuda {

/// One slot per warp of a work-group, for values of type T. Raw storage: __shared__
/// variables cannot have constructors.
template <typename T>
__device__ inline T* warp_slots() {
  __shared__ alignas(alignof(T) > 16 ? alignof(T) : 16) unsigned char slots[warp_size * sizeof(T)];
  return reinterpret_cast<T*>(slots);
}

/// Where a work-item sits in its work-group's warps.
struct warp_position {
  unsigned lane, warp, warps, lanes_in_warp;
  __device__ warp_position(std::size_t local_linear_id, std::size_t group_size)
      : lane(static_cast<unsigned>(local_linear_id % warp_size)),
        warp(static_cast<unsigned>(local_linear_id / warp_size)),
        warps(static_cast<unsigned>((group_size + warp_size - 1) / warp_size)) {
    const std::size_t first = static_cast<std::size_t>(warp) * warp_size;
    lanes_in_warp = static_cast<unsigned>(group_size - first < warp_size ? group_size - first : warp_size);
  }
};

// Groups whose warps are all full (the size a multiple of 32: a constant test wherever the
// size is one) take paths with constant lane masks and 32-bit ids. Between the warp steps,
// warp 0 alone combines the warps' slots (shuffles and shared-memory loads share one pipe,
// which bounds these collectives, so the other warps only store and load once):
// - reduce: warps 1 .. W-1 store their totals, warp 0 reduces them with its own and stores
//   the result in slot 0, everyone loads it;
// - scans: warps 1 .. W-1 store their totals, warp 0 scans them with its own and stores,
//   in slot w, what comes before warp w; warp w loads slot w.
// Two barriers each, and no third one before the next collective reuses the slots: slot 0
// is stored only after a first barrier (which every reader of the last result has
// passed), and slot w (w > 0) is stored only by warp w, after the shuffles of its warp
// step, which its own loads of the slot precede. Scans of two to four warps, in kernels
// compiled for such groups, fold the warps' totals in every warp instead, from slots of
// their own (below). Broadcasts and selects start with a barrier. A group with a partial warp, which
// cannot shuffle across its missing lanes, folds the slots in order, after a barrier that
// lets the last collective's readers finish.

/// op over the values `v` of lanes [0, count) of a full warp, in lane 0 (in every lane
/// for operators with a known identity, whose lanes beyond `count` must hold it).
template <typename T, typename Op>
__device__ inline T reduce_first_lanes(T v, unsigned count, Op op, unsigned lane) {
  if constexpr (commutative_v<Op, T>) {
    return warp_reduce_lanes<true>(v, op, warp_size, lane);
  } else {
#pragma unroll
    for (unsigned o = 1; o < warp_size; o *= 2) {
      const T y = shfl_down(0xffffffffu, v, o);
      if (lane + o < count) v = op(v, y);
    }
    return v;
  }
}

/// op over the values `v` of lanes [0, Width) of a full warp, in every one of them (lanes
/// past the warp count hold the identity): log2(Width) butterfly steps.
template <unsigned Width, typename T, typename Op>
__device__ inline T butterfly_first_lanes(T v, Op op) {
#pragma unroll
  for (unsigned o = Width / 2; o > 0; o /= 2) v = op(v, shfl_xor(0xffffffffu, v, o));
  return v;
}

/// Warp 0's combination of the warps' totals (lane w holds warp w's). `max_warps`: the
/// most warps the kernel was compiled for (a constant of the kernel: warp_size where it
/// holds any group), so known operators take as few butterfly steps as that needs; a test
/// of the run-time count would cost more than the steps it saves.
template <typename T, typename Op>
__device__ inline T reduce_warp_totals(T v, unsigned warps, Op op, unsigned lane, unsigned max_warps) {
  if constexpr (commutative_v<Op, T> && !hardware_reducible_v<T, Op>) {
    if (max_warps <= 4) return butterfly_first_lanes<4>(v, op);
    if (max_warps <= 8) return butterfly_first_lanes<8>(v, op);
    if (max_warps <= 16) return butterfly_first_lanes<16>(v, op);
  }
  return reduce_first_lanes(v, warps, op, lane);
}

/// Scans of groups of two to four full warps with a known operator, in kernels compiled for
/// groups of at most four warps (elsewhere the test of the size costs more than the fold
/// saves):
/// every warp reads the totals of the warps before it itself, in one vector load, from
/// slots of their own (`fold_totals`), where other groups have warp 0 scan the totals.
/// Fewer shared-memory operations (the pipe these collectives are bound by) than warp 0's
/// scan: four stores, one load a warp. The slots are read after a first barrier and left
/// after a second one, so the next collective may store again; the warp slots of the other
/// collectives are not touched.
inline constexpr unsigned max_folded_warps = 4;
template <typename T>
struct alignas(sizeof(T) % 4 == 0 && alignof(T) < 16 ? 16 : alignof(T)) folded_totals {
  T total[max_folded_warps];
};
template <typename T>
__device__ inline folded_totals<T>* fold_totals() {
  __shared__ alignas(folded_totals<T>) unsigned char storage[sizeof(folded_totals<T>)];
  return reinterpret_cast<folded_totals<T>*>(storage);
}
/// What comes before warp `warp` in a folded scan: each warp stores its `total` (lane 31's
/// inclusive result), and warps 1 .. 3 combine the totals of the warps before them, in
/// order, between the two barriers (unspecified in warp 0). Right for a group of one warp
/// too, which the kernels of up to four warps send here rather than test for it: a run-time
/// test of the count in a loop of collectives made the compiler keep two copies of the loop
/// and recompute the slots' addresses in each.
template <typename T, typename Op>
__device__ inline T folded_warp_prefix(const T& total, unsigned lane, unsigned warp, unsigned warps, Op op) {
  folded_totals<T>* const totals = fold_totals<T>();
  if (lane == warp_size - 1 && warp + 1 < warps) totals->total[warp] = total;
  __syncthreads();
  T before = total;
  if (warp != 0) {
    const folded_totals<T> t = *totals;
    const T two = op(t.total[0], t.total[1]);
    before = warp == 1 ? t.total[0] : warp == 2 ? two : op(two, t.total[2]);
  }
  __syncthreads();  // every warp has read the totals
  return before;
}

/// Where a work-item of a group of full warps sits. Computed before the collectives branch
/// on the group's shape, so a kernel's loop around them computes it (and the scratch's
/// address) once.
struct full_warp_position {
  unsigned lane, warp, warps;
  __device__ full_warp_position(std::size_t local_linear_id, std::size_t group_size)
      : lane(static_cast<unsigned>(local_linear_id) % warp_size),
        warp(static_cast<unsigned>(local_linear_id) / warp_size),
        warps(static_cast<unsigned>(group_size) / warp_size) {}
};

/// Slots of 4 or 8 bytes are read 16 bytes at a time where a warp folds several in order.
template <typename T>
inline constexpr bool chunked_slots_v = (sizeof(T) == 4 || sizeof(T) == 8) && std::is_arithmetic_v<T>;
template <typename T>
struct alignas(16) slot_chunk {
  static constexpr unsigned size = 16 / sizeof(T);
  T value[size];
};

/// `own` combined with slots [1, warps) in slot order (the same in every lane: the loads
/// are broadcasts), 16 bytes per load; warps <= MaxWarps.
template <unsigned MaxWarps, typename T, typename Op>
__device__ inline T fold_later_slots(const T* slots, T own, unsigned warps, Op op) {
  using chunk = slot_chunk<T>;
  const chunk* chunks = reinterpret_cast<const chunk*>(slots);
#pragma unroll
  for (unsigned first = 0; first < MaxWarps; first += chunk::size) {
    if (first >= warps) break;
    const chunk c = chunks[first / chunk::size];
#pragma unroll
    for (unsigned j = 0; j < chunk::size; ++j)
      if (first + j != 0 && first + j < warps) own = op(own, c.value[j]);
  }
  return own;
}

template <typename T, typename Op>
__device__ inline T block_reduce_full(T* slots, const full_warp_position& p, const T& x, Op op, unsigned max_warps) {
  const unsigned lane = p.lane, warp = p.warp, warps = p.warps;
  const T w = warp_reduce_lanes<true>(x, op, warp_size, lane);
  if (warps == 1) return w;
  __syncwarp();  // this warp's loads of its slot in the last collective come first
  if (warp != 0 && lane == 0) slots[warp] = w;
  __syncthreads();
  // Five to sixteen warps of a kernel compiled for them, with an operator the hardware has
  // no warp reduction for: item 0 folds the totals one after another, from 16-byte loads,
  // which ends sooner than warp 0's butterfly steps (each a shuffle's latency and the
  // operator's). Item 0 alone: its loads include slot 0, which it then stores. (At a
  // run-time size, a test of the count to choose this fold cost more than it saved.)
  if constexpr (commutative_v<Op, T> && !hardware_reducible_v<T, Op> && chunked_slots_v<T>) {
    if (max_warps > max_folded_warps && max_warps <= 16) {
      if (warp == 0 && lane == 0) slots[0] = fold_later_slots<16>(slots, w, warps, op);
      __syncthreads();
      return slots[0];
    }
  }
  if (warp == 0) {
    T v = w;
    if (lane != 0) {
      if constexpr (commutative_v<Op, T>)
        v = lane < warps ? slots[lane] : detail::make_known_identity<Op, T>();
      else if (lane < warps)
        v = slots[lane];
    }
    const T r = reduce_warp_totals(v, warps, op, lane, max_warps);
    if (lane == 0) slots[0] = r;
  }
  __syncthreads();
  return slots[0];
}

/// Warp 0's part of a scan: from the warps' totals (its own `total`, the others' slots),
/// stores in slot w what comes before warp w (w in 1 .. warps-1).
template <typename T, typename Op>
__device__ inline void store_warp_prefixes(T* slots, const T& total, unsigned warps, Op op, unsigned lane) {
  const T v = lane == 0 ? total : slots[lane < warps ? lane : 0];
  const T inclusive = warp_inclusive_scan_lanes<true>(v, op, warp_size, lane);
  const T before = shfl_up(0xffffffffu, inclusive, 1);
  if (lane != 0 && lane < warps) slots[lane] = before;
}

/// Combines slots [0, count) in slot order (every thread the same order, so floating-point
/// results agree across the group).
template <typename T, typename Op>
__device__ inline T fold_slots(const T* slots, unsigned count, Op op) {
  T r = slots[0];
  for (unsigned i = 1; i < count; ++i) r = op(r, slots[i]);
  return r;
}

template <typename T, typename Op>
__device__ inline T block_reduce(std::size_t local_linear_id, std::size_t group_size, const T& x, Op op,
                                unsigned max_warps = warp_size) {
  T* const slots = warp_slots<T>();
  if (group_size % warp_size == 0)
    return block_reduce_full(slots, full_warp_position(local_linear_id, group_size), x, op, max_warps);
  const warp_position p(local_linear_id, group_size);
  const T w = warp_reduce_lanes<false>(x, op, p.lanes_in_warp, p.lane);
  if (p.warps == 1) return w;
  __syncthreads();  // readers of the last collective's slots come first
  if (p.lane == 0) slots[p.warp] = w;
  __syncthreads();
  return fold_slots(slots, p.warps, op);
}

template <typename T, typename Op>
__device__ inline T block_inclusive_scan_full(T* slots, const full_warp_position& p, const T& x, Op op,
                                             unsigned max_warps) {
  const unsigned lane = p.lane, warp = p.warp, warps = p.warps;
  T s = warp_inclusive_scan_lanes<true>(x, op, warp_size, lane);
  if constexpr (commutative_v<Op, T>) {
    if (max_warps > 1 && max_warps <= max_folded_warps) {  // one warp too (folded_warp_prefix)
      const T before_warp = folded_warp_prefix(s, lane, warp, warps, op);
      return warp == 0 ? s : op(before_warp, s);
    }
  }
  if (warps == 1) return s;
  __syncwarp();  // this warp's loads of its slot in the last collective come first
  if (warp != 0 && lane == warp_size - 1) slots[warp] = s;
  __syncthreads();
  if (warp == 0) store_warp_prefixes(slots, shfl(0xffffffffu, s, warp_size - 1), warps, op, lane);
  __syncthreads();
  if (warp != 0) s = op(slots[warp], s);
  return s;
}

template <typename T, typename Op>
__device__ inline T block_inclusive_scan(std::size_t local_linear_id, std::size_t group_size, const T& x, Op op,
                                        unsigned max_warps = warp_size) {
  T* const slots = warp_slots<T>();
  if (group_size % warp_size == 0)
    return block_inclusive_scan_full(slots, full_warp_position(local_linear_id, group_size), x, op, max_warps);
  const warp_position p(local_linear_id, group_size);
  T s = warp_inclusive_scan_lanes<false>(x, op, p.lanes_in_warp, p.lane);
  if (p.warps == 1) return s;
  __syncthreads();  // readers of the last collective's slots come first
  if (p.lane == p.lanes_in_warp - 1) slots[p.warp] = s;
  __syncthreads();
  if (p.warp > 0) s = op(fold_slots(slots, p.warp, op), s);
  return s;
}

/// init, x0, x0 op x1, ...: the inclusive scan moved up one item, each result after init.
template <typename T, typename Op>
__device__ inline T block_exclusive_scan_full(T* slots, const full_warp_position& p, const T& x, const T& init,
                                              Op op, unsigned max_warps) {
  const unsigned lane = p.lane, warp = p.warp, warps = p.warps;
  const T s = warp_inclusive_scan_lanes<true>(x, op, warp_size, lane);
  const T before = warp_exclusive_part(s, x, op, warp_size);  // this warp's items before this one
  if constexpr (commutative_v<Op, T>) {
    if (max_warps > 1 && max_warps <= max_folded_warps) {
      const T before_warp = folded_warp_prefix(s, lane, warp, warps, op);
      const T prefix = warp == 0 ? init : op(init, before_warp);
      return lane == 0 ? prefix : op(prefix, before);
    }
  }
  if (warps == 1) return lane == 0 ? init : op(init, before);
  __syncwarp();  // this warp's loads of its slot in the last collective come first
  if (warp != 0 && lane == warp_size - 1) slots[warp] = s;
  __syncthreads();
  if (warp == 0) store_warp_prefixes(slots, shfl(0xffffffffu, s, warp_size - 1), warps, op, lane);
  __syncthreads();
  const T prefix = warp == 0 ? init : op(init, slots[warp]);
  return lane == 0 ? prefix : op(prefix, before);
}

template <typename T, typename Op>
__device__ inline T block_exclusive_scan(std::size_t local_linear_id, std::size_t group_size, const T& x,
                                         const T& init, Op op, unsigned max_warps = warp_size) {
  T* const slots = warp_slots<T>();
  if (group_size % warp_size == 0)
    return block_exclusive_scan_full(slots, full_warp_position(local_linear_id, group_size), x, init, op,
                                     max_warps);
  const warp_position p(local_linear_id, group_size);
  const T s = warp_inclusive_scan_lanes<false>(x, op, p.lanes_in_warp, p.lane);
  const T before = warp_exclusive_part(s, x, op, p.lanes_in_warp);
  if (p.warps == 1) return p.lane == 0 ? init : op(init, before);
  __syncthreads();  // readers of the last collective's slots come first
  if (p.lane == p.lanes_in_warp - 1) slots[p.warp] = s;
  __syncthreads();
  const T prefix = p.warp == 0 ? init : op(init, fold_slots(slots, p.warp, op));
  return p.lane == 0 ? prefix : op(prefix, before);
}

/// Every item gets the `x` of item `source`, the same in all items.
template <typename T>
__device__ inline T block_broadcast(std::size_t local_linear_id, std::size_t group_size, const T& x,
                                    std::size_t source) {
  if (group_size <= warp_size)
    return shfl(lanes_below(static_cast<unsigned>(group_size)), x, static_cast<unsigned>(source));
  T* slot = warp_slots<T>();
  __syncthreads();  // readers of the last collective's slot 0 (see above)
  if (local_linear_id == source) *slot = x;
  __syncthreads();
  return *slot;
}

/// Every item gets the `x` of its own `source` (its own `x` when that is outside the
/// group). In rounds of 32 items through the 32 slots: a cohort extension (SYCL has
/// shuffles on sub-groups only), correct for any pattern rather than fast.
template <typename T>
__device__ inline T block_select(std::size_t local_linear_id, std::size_t group_size, const T& x,
                                 std::size_t source) {
  if (source >= group_size) source = local_linear_id;
  if (group_size <= warp_size)
    return shfl(lanes_below(static_cast<unsigned>(group_size)), x, static_cast<unsigned>(source));
  T* slots = warp_slots<T>();
  T r = x;
  __syncthreads();  // readers of the last collective's slots (see above)
  for (std::size_t first = 0; first < group_size; first += warp_size) {
    if (local_linear_id >= first && local_linear_id < first + warp_size) slots[local_linear_id - first] = x;
    __syncthreads();
    if (source >= first && source < first + warp_size) r = slots[source - first];
    __syncthreads();
  }
  return r;
}

}  // namespace cohort::backends::cuda
