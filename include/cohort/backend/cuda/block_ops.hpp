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

/// Combines slots [0, count) in slot order (every thread the same order, so floating-point
/// results agree across the group).
template <typename T, typename Op>
__device__ inline T fold_slots(const T* slots, unsigned count, Op op) {
  T r = slots[0];
  for (unsigned i = 1; i < count; ++i) r = op(r, slots[i]);
  return r;
}

// Where all the group's warps are full, every warp combines the slots with shuffles (each
// warp computes the same tree, so floating-point results agree across the group); a group
// with a partial warp, which cannot shuffle across its missing lanes, folds them in order.

/// The combination of slots [0, count) in every lane of a full warp.
template <typename T, typename Op>
__device__ inline T reduce_slots(const T* slots, unsigned count, Op op, unsigned lane) {
  constexpr unsigned all = 0xffffffffu;
  if constexpr (commutative_v<Op, T>) {
    const T v = lane < count ? slots[lane] : detail::make_known_identity<Op, T>();
    return warp_reduce(v, op, warp_size, lane);
  } else {
    T v = slots[lane < count ? lane : 0];
#pragma unroll
    for (unsigned o = 1; o < warp_size; o *= 2) {
      const T y = shfl_down(all, v, o);
      if (lane + o < count) v = op(v, y);
    }
    return shfl(all, v, 0);
  }
}

/// The combination of slots [0, before) (before > 0) in every lane of a full warp.
template <typename T, typename Op>
__device__ inline T slots_prefix(const T* slots, unsigned before, Op op, unsigned lane) {
  constexpr unsigned all = 0xffffffffu;
  T v = slots[lane < before ? lane : 0];
#pragma unroll
  for (unsigned o = 1; o < warp_size; o *= 2) {
    const T y = shfl_up(all, v, o);
    if (lane >= o) v = op(y, v);
  }
  return shfl(all, v, before - 1);
}

/// The combination of the warp totals before this item's warp (p.warp > 0).
template <typename T, typename Op>
__device__ inline T warps_before(const T* slots, const warp_position& p, std::size_t group_size, Op op) {
  return group_size % warp_size == 0 ? slots_prefix(slots, p.warp, op, p.lane) : fold_slots(slots, p.warp, op);
}

template <typename T, typename Op>
__device__ inline T block_reduce(std::size_t local_linear_id, std::size_t group_size, const T& x, Op op) {
  const warp_position p(local_linear_id, group_size);
  T w = warp_reduce(x, op, p.lanes_in_warp, p.lane);
  if (p.warps == 1) return w;
  T* slots = warp_slots<T>();
  if (p.lane == 0) slots[p.warp] = w;
  __syncthreads();
  const T r = group_size % warp_size == 0 ? reduce_slots(slots, p.warps, op, p.lane) : fold_slots(slots, p.warps, op);
  __syncthreads();
  return r;
}

template <typename T, typename Op>
__device__ inline T block_inclusive_scan(std::size_t local_linear_id, std::size_t group_size, const T& x, Op op) {
  const warp_position p(local_linear_id, group_size);
  T s = warp_inclusive_scan(x, op, p.lanes_in_warp, p.lane);
  if (p.warps == 1) return s;
  T* slots = warp_slots<T>();
  if (p.lane == p.lanes_in_warp - 1) slots[p.warp] = s;
  __syncthreads();
  if (p.warp > 0) s = op(warps_before(slots, p, group_size, op), s);
  __syncthreads();
  return s;
}

/// init, x0, x0 op x1, ...: the inclusive scan moved up one item, each result after init.
template <typename T, typename Op>
__device__ inline T block_exclusive_scan(std::size_t local_linear_id, std::size_t group_size, const T& x,
                                         const T& init, Op op) {
  const warp_position p(local_linear_id, group_size);
  const T s = warp_inclusive_scan(x, op, p.lanes_in_warp, p.lane);
  const T before = warp_exclusive_part(s, x, op, p.lanes_in_warp);  // this warp's items before this one
  if (p.warps == 1) return p.lane == 0 ? init : op(init, before);
  T* slots = warp_slots<T>();
  if (p.lane == p.lanes_in_warp - 1) slots[p.warp] = s;
  __syncthreads();
  T r;
  if (p.warp == 0)
    r = p.lane == 0 ? init : op(init, before);
  else {
    const T prefix = op(init, warps_before(slots, p, group_size, op));
    r = p.lane == 0 ? prefix : op(prefix, before);
  }
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
  for (std::size_t first = 0; first < group_size; first += warp_size) {
    if (local_linear_id >= first && local_linear_id < first + warp_size) slots[local_linear_id - first] = x;
    __syncthreads();
    if (source >= first && source < first + warp_size) r = slots[source - first];
    __syncthreads();
  }
  return r;
}

}  // namespace cohort::backends::cuda
