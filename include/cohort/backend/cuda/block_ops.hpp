// SPDX-License-Identifier: MIT
#pragma once
// Work-group collectives of the CUDA backend: a warp step, at most 32 slots of shared
// scratch (one per warp, declared here per type so its size is exact), then every warp
// combines the slots it needs itself, so no broadcast round follows. Each ends with a
// barrier, so back-to-back collectives never race on the scratch. Work-groups of one warp
// need no shared memory at all.
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
  __shared__ alignas(T) unsigned char slots[warp_size * sizeof(T)];
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
// size is one) take paths with constant lane masks and 32-bit ids, and a step over the
// slots compiled for the number of warps rounded up to a power of two ("width": 2 .. 32;
// a run-time group size picks one with a switch). Shuffles and shared-memory loads share
// one pipe, which bounds these collectives, so each step is the one with the fewest of
// them:
// - up to 8 warps, every thread reads the slots (broadcast loads, a few per thread) and
//   combines them in order, as CUB's block scan does;
// - more warps: a reduction is combined by warp 0 alone, which leaves it in the slot after
//   the last warp's for everyone to read (this needs no third barrier: the next
//   collective writes that slot only after its own first barrier); a scan's prefix, and
//   a reduction over all 32 slots, is a butterfly over `width` lanes in every warp
//   (operators with a known identity, all commutative, pad the missing slots with it;
//   others combine in order). Every warp computes the same tree, so floating-point
//   results agree across the group.
// A group with a partial warp, which cannot shuffle across its missing lanes, folds the
// slots in order.

/// The smallest power of two >= n (n in 1 .. 32).
__device__ inline unsigned lanes_for(unsigned n) { return n <= 1 ? 1u : 1u << (32 - __clz(n - 1)); }

template <unsigned Width>
using width_constant = std::integral_constant<unsigned, Width>;

/// f(width_constant<lanes_for(warps)>) for warps in 2 .. 32.
template <typename F>
__device__ inline decltype(auto) with_width(unsigned warps, F&& f) {
  switch (lanes_for(warps)) {
    case 2: return f(width_constant<2>{});
    case 4: return f(width_constant<4>{});
    case 8: return f(width_constant<8>{});
    case 16: return f(width_constant<16>{});
    default: return f(width_constant<32>{});
  }
}

/// Slots [0, warps) combined in order by every thread (Width >= warps).
template <unsigned Width, typename T, typename Op>
__device__ inline T fold_slots_unrolled(const T* slots, unsigned warps, Op op) {
  T r = slots[0];
#pragma unroll
  for (unsigned i = 1; i < Width; ++i) {
    const T v = slots[i];
    if (i < warps) r = op(r, v);
  }
  return r;
}

/// Slots [0, warp) combined in order (warp in 1 .. Width - 1; unspecified for warp 0).
template <unsigned Width, typename T, typename Op>
__device__ inline T prefix_of_slots_unrolled(const T* slots, unsigned warp, Op op) {
  T acc = slots[0];
  T prefix = acc;
#pragma unroll
  for (unsigned i = 1; i + 1 < Width; ++i) {
    acc = op(acc, slots[i]);
    if (warp == i + 1) prefix = acc;
  }
  return prefix;
}

/// The combination of slots [0, count) (count in 1 .. warps), in every lane of a full warp,
/// with shuffles over Width >= warps lanes.
template <unsigned Width, typename T, typename Op>
__device__ inline T shuffle_slots(const T* slots, unsigned count, Op op, unsigned lane) {
  constexpr unsigned all = 0xffffffffu;
  if constexpr (hardware_reducible_v<T, Op>) {
    return hardware_reduce<T, Op>(all, lane < count ? slots[lane] : detail::make_known_identity<Op, T>());
  } else if constexpr (commutative_v<Op, T>) {
    // Every aligned block of Width lanes holds the same values, so every lane ends with
    // the whole.
    const unsigned i = lane % Width;
    T v = i < count ? slots[i] : detail::make_known_identity<Op, T>();
#pragma unroll
    for (unsigned o = 1; o < Width; o *= 2) v = op(v, shfl_xor(all, v, o));
    return v;
  } else {
    T v = slots[lane < count ? lane : 0];
#pragma unroll
    for (unsigned o = 1; o < Width; o *= 2) {
      const T y = shfl_down(all, v, o);
      if (lane + o < count) v = op(v, y);
    }
    return shfl(all, v, 0);
  }
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

template <typename T, typename Op>
__device__ inline T block_reduce_full(T* slots, const full_warp_position& p, const T& x, Op op) {
  const unsigned lane = p.lane, warp = p.warp, warps = p.warps;
  const T w = warp_reduce_lanes<true>(x, op, warp_size, lane);
  if (warps == 1) return w;
  if (lane == 0) slots[warp] = w;
  __syncthreads();
  if constexpr (hardware_reducible_v<T, Op>) {  // one instruction per warp
    const T r = shuffle_slots<warp_size>(slots, warps, op, lane);
    __syncthreads();
    return r;
  } else {
    return with_width(warps, [&](auto width) -> T {
      constexpr unsigned Width = decltype(width)::value;
      if constexpr (Width <= 8) {
        const T r = fold_slots_unrolled<Width>(slots, warps, op);
        __syncthreads();
        return r;
      } else {
        if (warps < warp_size) {
          if (warp == 0) {
            const T r = shuffle_slots<Width>(slots, warps, op, lane);
            if (lane == 0) slots[warps] = r;
          }
          __syncthreads();
          return slots[warps];
        }
        const T r = shuffle_slots<Width>(slots, warps, op, lane);
        __syncthreads();
        return r;
      }
    });
  }
}

/// The combination of the slots of the warps before `warp` (warp > 0).
template <typename T, typename Op>
__device__ inline T slots_before(const T* slots, unsigned warp, unsigned warps, Op op, unsigned lane) {
  if constexpr (hardware_reducible_v<T, Op>) {
    return shuffle_slots<warp_size>(slots, warp, op, lane);
  } else {
    return with_width(warps, [&](auto width) -> T {
      constexpr unsigned Width = decltype(width)::value;
      if constexpr (Width <= 8)
        return prefix_of_slots_unrolled<Width>(slots, warp, op);
      else
        return shuffle_slots<Width>(slots, warp, op, lane);
    });
  }
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
__device__ inline T block_reduce(std::size_t local_linear_id, std::size_t group_size, const T& x, Op op) {
  T* const slots = warp_slots<T>();
  if (group_size % warp_size == 0) return block_reduce_full(slots, full_warp_position(local_linear_id, group_size), x, op);
  const warp_position p(local_linear_id, group_size);
  const T w = warp_reduce_lanes<false>(x, op, p.lanes_in_warp, p.lane);
  if (p.warps == 1) return w;
  if (p.lane == 0) slots[p.warp] = w;
  __syncthreads();
  const T r = fold_slots(slots, p.warps, op);
  __syncthreads();
  return r;
}

template <typename T, typename Op>
__device__ inline T block_inclusive_scan_full(T* slots, const full_warp_position& p, const T& x, Op op) {
  const unsigned lane = p.lane, warp = p.warp, warps = p.warps;
  T s = warp_inclusive_scan_lanes<true>(x, op, warp_size, lane);
  if (warps == 1) return s;
  if (lane == warp_size - 1) slots[warp] = s;
  __syncthreads();
  if (warp > 0) s = op(slots_before(slots, warp, warps, op, lane), s);
  __syncthreads();
  return s;
}

template <typename T, typename Op>
__device__ inline T block_inclusive_scan(std::size_t local_linear_id, std::size_t group_size, const T& x, Op op) {
  T* const slots = warp_slots<T>();
  if (group_size % warp_size == 0)
    return block_inclusive_scan_full(slots, full_warp_position(local_linear_id, group_size), x, op);
  const warp_position p(local_linear_id, group_size);
  T s = warp_inclusive_scan_lanes<false>(x, op, p.lanes_in_warp, p.lane);
  if (p.warps == 1) return s;
  if (p.lane == p.lanes_in_warp - 1) slots[p.warp] = s;
  __syncthreads();
  if (p.warp > 0) s = op(fold_slots(slots, p.warp, op), s);
  __syncthreads();
  return s;
}

/// init, x0, x0 op x1, ...: the inclusive scan moved up one item, each result after init.
template <typename T, typename Op>
__device__ inline T block_exclusive_scan_full(T* slots, const full_warp_position& p, const T& x, const T& init,
                                              Op op) {
  const unsigned lane = p.lane, warp = p.warp, warps = p.warps;
  const T s = warp_inclusive_scan_lanes<true>(x, op, warp_size, lane);
  const T before = warp_exclusive_part(s, x, op, warp_size);  // this warp's items before this one
  if (warps == 1) return lane == 0 ? init : op(init, before);
  if (lane == warp_size - 1) slots[warp] = s;
  __syncthreads();
  const T prefix = warp == 0 ? init : op(init, slots_before(slots, warp, warps, op, lane));
  const T r = lane == 0 ? prefix : op(prefix, before);
  __syncthreads();
  return r;
}

template <typename T, typename Op>
__device__ inline T block_exclusive_scan(std::size_t local_linear_id, std::size_t group_size, const T& x,
                                         const T& init, Op op) {
  T* const slots = warp_slots<T>();
  if (group_size % warp_size == 0)
    return block_exclusive_scan_full(slots, full_warp_position(local_linear_id, group_size), x, init, op);
  const warp_position p(local_linear_id, group_size);
  const T s = warp_inclusive_scan_lanes<false>(x, op, p.lanes_in_warp, p.lane);
  const T before = warp_exclusive_part(s, x, op, p.lanes_in_warp);
  if (p.warps == 1) return p.lane == 0 ? init : op(init, before);
  if (p.lane == p.lanes_in_warp - 1) slots[p.warp] = s;
  __syncthreads();
  const T prefix = p.warp == 0 ? init : op(init, fold_slots(slots, p.warp, op));
  const T r = p.lane == 0 ? prefix : op(prefix, before);
  __syncthreads();
  return r;
}

/// Every item gets the `x` of item `source`, the same in all items.
template <typename T>
__device__ inline T block_broadcast(std::size_t local_linear_id, std::size_t group_size, const T& x,
                                    std::size_t source) {
  if (group_size <= warp_size)
    return shfl(lanes_below(static_cast<unsigned>(group_size)), x, static_cast<unsigned>(source));
  T* slot = warp_slots<T>();
  if (local_linear_id == source) *slot = x;
  __syncthreads();
  const T r = *slot;
  __syncthreads();
  return r;
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
  __syncthreads();  // a reduction before may still be reading its result from a slot
  for (std::size_t first = 0; first < group_size; first += warp_size) {
    if (local_linear_id >= first && local_linear_id < first + warp_size) slots[local_linear_id - first] = x;
    __syncthreads();
    if (source >= first && source < first + warp_size) r = slots[source - first];
    __syncthreads();
  }
  return r;
}

}  // namespace cohort::backends::cuda
