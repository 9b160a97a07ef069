// SPDX-License-Identifier: MIT
#pragma once
// Where the logical items of a scoped kernel run on the CUDA backend (device code only).
//
// - A work-group of n logical items is one block of P = min(n, 1024) threads in x. Thread t
//   runs logical items t, t + P, t + 2P, ... in linear order (exactly one when n <= 1024)
//   and keeps their private memory, in that order, in its own storage (at most 8 items:
//   the launcher refuses groups above 8192).
// - distribute_groups makes sub-groups of 32 consecutive logical items that form a box
//   (1D: chunks of 32, the last one possibly partial). Warp w of the W = ceil(P / 32) warps
//   runs sub-groups w, w + W, ...; lane i runs the sub-group's item i.
// - Consistency: when n > P, P is 1024 (a multiple of 32), and when n <= P, sub-group s is
//   run by warp s; either way item 32s + i of the work-group is run by thread
//   (32s + i) mod P = 32 (s mod W) + i, the same thread as in distribute_items on the
//   work-group. So private memory requested on the work-group and used on a sub-group is
//   in the registers of the thread that uses it: nothing moves between threads.
#include <cstddef>
#include <cstdio>

#include <cohort/backend/cuda/warp_ops.hpp>
#include <cohort/core/id.hpp>
#include <cohort/core/memory_scope.hpp>
#include <cohort/core/range.hpp>

namespace cohort::backends::cuda::scoped {

/// Threads of a work-group's block at most, items a thread holds private memory for at
/// most, and so logical items of a work-group at most.
inline constexpr std::size_t max_threads = 1024;
inline constexpr std::size_t max_items_per_thread = 8;
inline constexpr std::size_t max_items = max_threads * max_items_per_thread;

template <typename G>
inline constexpr bool is_scoped_work_group_v = G::fence_scope == memory_scope::work_group;
template <typename G>
inline constexpr bool is_scoped_sub_group_v = G::fence_scope == memory_scope::sub_group;
template <typename G>
inline constexpr bool is_scoped_scalar_group_v = G::fence_scope == memory_scope::work_item;

/// Whether a work-group of n logical items runs one item per thread. The launcher compiles
/// one kernel for each answer and tells the compiler which it is (launch.hpp), so this test
/// folds away: below it, private memory is indexed by constants and stays in registers.
__device__ inline bool one_item_per_thread(std::size_t n) { return n <= max_threads; }

/// P: the threads (physical items) of a work-group of n logical items.
__device__ inline std::size_t physical_size(std::size_t n) { return one_item_per_thread(n) ? n : max_threads; }

__device__ inline unsigned thread_index() { return threadIdx.x; }
__device__ inline unsigned lane_index() { return threadIdx.x % warp_size; }

/// The threads of the calling thread's warp: 32, or fewer in a block's last warp.
__device__ inline unsigned warp_lanes() {
  const unsigned left = blockDim.x - (threadIdx.x & ~(warp_size - 1));
  return left < warp_size ? left : warp_size;
}
__device__ inline unsigned warp_mask() { return lanes_below(warp_lanes()); }

template <int D>
__device__ inline range<D> unit_range() {
  range<D> r;
  for (int d = 0; d < D; ++d) r[d] = 1;
  return r;
}

/// The local id of linear position `lin` in `r` (no division in 1D).
template <int D>
__device__ inline id<D> local_id_of(std::size_t lin, const range<D>& r) {
  return detail::delinearize<D, id<D>>(lin, r);
}

/// The sub-group tile of a work-group of more than one dimension: 32 items, consecutive in
/// linear order and a box. From the last dimension back, a dimension either completes the
/// tile with a divisor of its extent, or is taken whole when its extent divides what is
/// left. False where no such tile exists (the work-group then divides into scalar groups).
template <int D>
__device__ inline bool sub_group_tile(const range<D>& local, range<D>& tile) {
  std::size_t left = warp_size;
  for (int d = D - 1; d >= 0; --d) {
    if (left == 1) {
      tile[d] = 1;
    } else if (local[d] % left == 0) {
      tile[d] = left;
      left = 1;
    } else if (left % local[d] == 0) {
      tile[d] = local[d];
      left /= local[d];
    } else {
      return false;
    }
  }
  return left == 1;
}

/// The calling thread's storage slot of private memory requested on `owner` for the item
/// at `owner_local` in it (a work-group item t + jP is slot j of thread t; sub-groups hold
/// one item per lane, scalar groups one).
template <typename Owner>
__device__ inline std::size_t private_slot(const Owner& owner, const id<Owner::dimensions>& owner_local) {
  if constexpr (is_scoped_work_group_v<Owner>) {
    if (one_item_per_thread(owner.get_logical_local_linear_range())) return 0;
    return detail::linearize<Owner::dimensions>(owner_local, owner.get_logical_local_range()) / max_threads;
  } else {
    return (void)owner, (void)owner_local, 0;
  }
}

/// Stops the kernel with a message (`format` takes two unsigned long long): misuse that the
/// CPU reports with an exception, which device code cannot throw. The launch then fails
/// and the queue's wait reports it (CUDA keeps the error: the context is unusable after).
__device__ inline void trap(const char* format, unsigned long long a = 0, unsigned long long b = 0) {
  printf(format, a, b);
  __trap();
}

}  // namespace cohort::backends::cuda::scoped
