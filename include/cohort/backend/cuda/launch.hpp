// SPDX-License-Identifier: MIT
#pragma once
// Host-side launchers of the CUDA backend and the kernels they launch; only translation
// units that nvcc compiles include this (backend/list.hpp). Mapping: a work-group is a
// block, SYCL's last dimension is CUDA's x (so linear ids agree with the CPU's), a
// sub-group is a warp; a basic range is a grid-stride loop with the block size of the
// occupancy API; a scoped work-group is a block too (scoped_layout.hpp).
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <cuda_runtime.h>

#include <cohort/backend/cuda/block_ops.hpp>
#include <cohort/backend/cuda/error.hpp>
#include <cohort/backend/cuda/hierarchical.hpp>
#include <cohort/backend/cuda/reduction.hpp>
#include <cohort/backend/cuda/scoped_layout.hpp>
#include <cohort/backend/cuda/warp_ops.hpp>
#include <cohort/core/group.hpp>
#include <cohort/core/item.hpp>
#include <cohort/core/nd_item.hpp>
#include <cohort/core/nd_range.hpp>
#include <cohort/scoped/scoped_group.hpp>

namespace cohort::backends::cuda {

/// A CUDA triple (thread index, block extents) in SYCL's order: the last dimension is x.
template <int D, typename Index>
__device__ inline Index in_sycl_order(const ::uint3 v) {
  if constexpr (D == 1)
    return Index{v.x};
  else if constexpr (D == 2)
    return Index{v.y, v.x};
  else
    return Index{v.z, v.y, v.x};
}

/// The work-item's local id in SYCL's order.
template <int D>
__device__ inline id<D> local_id_of_thread() {
  return in_sycl_order<D, id<D>>(threadIdx);
}

/// The work-group's id: blocks are numbered linearly, as groups are.
template <int D>
__device__ inline id<D> group_id_of_block(const range<D>& groups) {
  if constexpr (D == 1)
    return id<1>{blockIdx.x};
  else
    return detail::delinearize<D, id<D>>(blockIdx.x, groups);
}

template <int D>
inline dim3 block_of(const range<D>& local) {
  if constexpr (D == 1)
    return dim3(static_cast<unsigned>(local[0]));
  else if constexpr (D == 2)
    return dim3(static_cast<unsigned>(local[1]), static_cast<unsigned>(local[0]));
  else
    return dim3(static_cast<unsigned>(local[2]), static_cast<unsigned>(local[1]), static_cast<unsigned>(local[0]));
}

template <int D, typename Kernel>
__device__ inline void invoke_range_kernel(const Kernel& k, const id<D>& i, const range<D>& r) {
  if constexpr (std::is_invocable_v<const Kernel&, item<D>>)
    k(item<D>(i, r, 0));
  else if constexpr (std::is_invocable_v<const Kernel&, item<D, false>>)
    k(item<D, false>(i, r, 0));
  else
    k(i);
}

template <int D, typename Kernel>
__global__ void range_kernel(Kernel k, range<D> r, std::size_t n) {
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  for (std::size_t lin = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x; lin < n; lin += stride) {
    if constexpr (D == 1)
      invoke_range_kernel<1>(k, id<1>{lin}, r);
    else
      invoke_range_kernel<D>(k, detail::delinearize<D, id<D>>(lin, r), r);
  }
}

// Kernels whose group size is known only at launch are compiled for the largest block
// (1024 threads), so no work-group size a device accepts is refused for registers.
inline constexpr int max_block_threads = 1024;

/// What the launcher, which sees the work-group size, tells an nd_range kernel compiled
/// for a run-time size about it:
/// - `full_warps`: a multiple of 32. Every collective then drops its partial-warp path,
///   which it otherwise keeps beside the full-warp one in a kernel's loop (and then
///   recomputes lane ids and scratch addresses around both in every iteration);
/// - `few_full_warps`: two to four warps (64, 96, 128 items, the sizes where the
///   collectives' general paths cost most against their short ones). The group carries
///   that bound, a constant of the kernel, so the collectives take the paths of groups
///   that small (block_ops.hpp). One warp keeps the `full_warps` kernel, whose collectives
///   need no shared memory.
/// Each class is a kernel of its own (the kernel's code is compiled once per class used).
/// One-dimensional groups of `common_group_size` items take the kernel of that fixed size
/// (as with the work_group_size property): the most common size gets the collectives'
/// constant-size paths without the property.
enum class group_shape { partial_warps, full_warps, few_full_warps };
inline constexpr std::size_t few_warps_limit = max_folded_warps * warp_size;
inline constexpr std::size_t common_group_size = 256;

/// The largest group of a kernel of the class (0: any).
template <group_shape Shape>
constexpr std::size_t group_bound_of = Shape == group_shape::few_full_warps ? few_warps_limit : 0;
template <group_shape Shape>
constexpr int max_threads_of = group_bound_of<Shape> != 0 ? static_cast<int>(group_bound_of<Shape>) : max_block_threads;

template <int D, typename Kernel, group_shape Shape>
__global__ void __launch_bounds__(max_threads_of<Shape>) nd_range_kernel(Kernel k, range<D> groups, range<D> local) {
  const group<D> g(group_id_of_block<D>(groups), groups, local, local_id_of_thread<D>(), group_bound_of<Shape>);
  if constexpr (Shape != group_shape::partial_warps) __builtin_assume(g.get_local_linear_range() % warp_size == 0);
  k(nd_item<D>(g, warp_size));
}

/// The same with the work-group size fixed at compile time (the work_group_size property):
/// the collectives' warp counts and loops become constants. `MinGroups`: the
/// min_work_groups_per_multiprocessor property (0: none), which caps the registers.
template <int D, typename Kernel, unsigned MinGroups, std::size_t... Extents>
__global__ void __launch_bounds__((Extents * ...), MinGroups) nd_range_kernel_fixed(Kernel k, range<D> groups) {
  const range<D> local{Extents...};
  const group<D> g(group_id_of_block<D>(groups), groups, local, local_id_of_thread<D>(), (Extents * ...));
  k(nd_item<D>(g, warp_size));
}

/// The block's extents in SYCL's order, which the compiler knows to be at most 1024.
template <int D>
__device__ inline range<D> local_range_of_block() {
  return in_sycl_order<D, range<D>>(::uint3{blockDim.x, blockDim.y, blockDim.z});
}

template <int D, typename Kernel>
__global__ void __launch_bounds__(max_block_threads) work_group_kernel(Kernel k, range<D> groups) {
  unsigned scope_storage_top = 0;  // hierarchical_arena's offset, in a register once inlined
  const group<D> g(group_id_of_block<D>(groups), groups, local_range_of_block<D>(), local_id_of_thread<D>(), 0,
                   &scope_storage_top);
  k(g);
}

/// A scoped work-group of n logical items: one block of min(n, 1024) threads (see
/// scoped_layout.hpp). Compiled twice, for groups of at most 1024 items (`Large` false:
/// one item per thread) and for larger ones; each tells the compiler which, so the hooks'
/// one-item-per-thread tests fold and small groups keep private memory in registers.
template <int D, typename Kernel, bool Large>
__global__ void __launch_bounds__(max_block_threads) scoped_kernel(Kernel k, range<D> groups, range<D> local) {
  static_assert(scoped::max_threads == max_block_threads);
  const std::size_t n = local.size();
  if constexpr (Large) {
    __builtin_assume(n > scoped::max_threads);
    __builtin_assume(n <= scoped::max_items);
  } else {
    __builtin_assume(n <= scoped::max_threads);
  }
  k(scoped_group<D>(group_id_of_block<D>(groups), groups, local));
}

template <typename Kernel>
__global__ void single_task_kernel(Kernel k) {
  k();
}

/// Static properties of a kernel on the current device, asked once per kernel.
struct kernel_attributes {
  int max_threads_per_block = 0;
  std::size_t static_shared_bytes = 0;
  int occupancy_block_size = 0;  // range kernels' block size (see below)
};

/// The smallest block size (from 256) that keeps as many warps on a multiprocessor as the
/// occupancy API's suggestion: for streaming kernels it suggests the largest block that
/// fills one, and smaller blocks of the same occupancy copied faster, down to 256 (128
/// copied 1% faster than 256 on an H100 but 13% slower on an H200).
template <typename KernelFunction>
inline int smallest_full_occupancy_block(KernelFunction* f, int suggested) {
  auto warps_at = [f](int block) {
    int blocks = 0;
    check(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, f, block, 0), "asking the occupancy API");
    return blocks * block;
  };
  const int best = warps_at(suggested);
  for (int block = 256; block < suggested; block *= 2)
    if (warps_at(block) == best) return block;
  return suggested;
}
/// One entry per kernel function and device: kernels of one signature (the nd_range
/// kernels of each group shape, fixed-size kernels of one closure) differ in their launch
/// bounds, and a kernel's registers and occupancy differ between kinds of GPU.
template <typename KernelFunction>
inline const kernel_attributes& attributes_of(KernelFunction* f) {
  struct entry {
    KernelFunction* function;
    int device;
    std::unique_ptr<const kernel_attributes> attributes;
  };
  static std::mutex known_mutex;
  static std::vector<entry> known;
  const int device = current_device("querying a kernel's attributes");
  std::lock_guard lock(known_mutex);
  for (const entry& e : known)
    if (e.function == f && e.device == device) return *e.attributes;
  const kernel_attributes a = [f] {
    kernel_attributes r;
    cudaFuncAttributes fa{};
    check(cudaFuncGetAttributes(&fa, f), "querying a kernel's attributes");
    r.max_threads_per_block = fa.maxThreadsPerBlock;
    r.static_shared_bytes = fa.sharedSizeBytes;
    int min_grid_size = 0;
    check(cudaOccupancyMaxPotentialBlockSize(&min_grid_size, &r.occupancy_block_size, f, 0, 0),
          "asking the occupancy API for a block size");
    r.occupancy_block_size = smallest_full_occupancy_block(f, r.occupancy_block_size);
    return r;
  }();
  known.push_back(entry{f, device, std::make_unique<const kernel_attributes>(a)});
  return *known.back().attributes;
}

/// Launches `f<<<blocks, block, shared_bytes, stream>>>(args...)` after checking what the
/// device allows for this kernel: the block size (registers limit it below 1024 for large
/// kernels) and shared memory beyond the default 48 KB, which each kernel must opt into.
template <typename... Params, typename... Args>
inline void launch(void (*f)(Params...), std::size_t blocks, dim3 block, std::size_t shared_bytes,
                   cudaStream_t stream, const char* what, Args&&... args) {
  const kernel_attributes& a = attributes_of(f);
  const std::size_t threads = static_cast<std::size_t>(block.x) * block.y * block.z;
  if (threads > static_cast<std::size_t>(a.max_threads_per_block))
    throw exception(errc::nd_range, std::string(what) + ": work-group size " + std::to_string(threads) +
                                        " exceeds the " + std::to_string(a.max_threads_per_block) +
                                        " work-items this kernel can run per group on the device (its registers)");
  if (blocks > 0x7fffffffu)
    throw exception(errc::nd_range, std::string(what) + ": " + std::to_string(blocks) +
                                        " work-groups exceed the device's 2^31 - 1");
  if (shared_bytes > 48 * 1024) {
    const int device = current_device(what);
    int optin = 0;
    check(cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, device), what);
    if (shared_bytes + a.static_shared_bytes > static_cast<std::size_t>(optin))
      throw exception(errc::memory_allocation, std::string(what) + ": " + std::to_string(shared_bytes) +
                                                   " bytes of local memory and the kernel's own " +
                                                   std::to_string(a.static_shared_bytes) + " exceed the device's " +
                                                   std::to_string(optin) + " bytes per work-group");
    check(cudaFuncSetAttribute(f, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(shared_bytes)),
          what);
  }
  f<<<static_cast<unsigned>(blocks), block, shared_bytes, stream>>>(std::forward<Args>(args)...);
  check(cudaGetLastError(), what);
}

struct launcher {
  void* native_queue;

  cudaStream_t stream() const { return static_cast<cudaStream_t>(native_queue); }

  template <int D, typename Kernel>
  void parallel_for(const range<D>& r, const Kernel& kernel) const {
    const std::size_t n = r.size();
    if (n == 0) return;
    auto* f = &range_kernel<D, Kernel>;
    const kernel_attributes& a = attributes_of(f);
    const std::size_t block = static_cast<std::size_t>(a.occupancy_block_size);
    // One item per thread, as an nd_range kernel runs (a grid-stride loop over fewer
    // blocks measured a few percent slower on streaming kernels); the loop in the kernel
    // only covers ranges beyond the largest grid.
    const std::size_t needed = (n + block - 1) / block;
    const std::size_t max_blocks = 0x7fffffff;
    launch(f, needed < max_blocks ? needed : max_blocks, dim3(static_cast<unsigned>(block)), 0, stream(),
           "parallel_for(range)", kernel, r, n);
  }

  template <int D, typename Kernel>
  void parallel_for(const nd_range<D>& r, std::size_t local_bytes, std::uint32_t, const Kernel& kernel) const {
    const range<D> local = r.get_local_range();
    range<D> groups;
    for (int d = 0; d < D; ++d) groups[d] = r.get_global_range()[d] / local[d];
    if (groups.size() == 0) return;
    const std::size_t size = local.size();
    if constexpr (D == 1) {
      if (size == common_group_size) {
        launch(&nd_range_kernel_fixed<1, Kernel, 0, common_group_size>, groups.size(), block_of(local), local_bytes,
               stream(), "parallel_for(nd_range)", kernel, groups);
        return;
      }
    }
    if (size % warp_size != 0)
      launch(&nd_range_kernel<D, Kernel, group_shape::partial_warps>, groups.size(), block_of(local), local_bytes,
             stream(), "parallel_for(nd_range)", kernel, groups, local);
    else if (size > warp_size && size <= few_warps_limit)
      launch(&nd_range_kernel<D, Kernel, group_shape::few_full_warps>, groups.size(), block_of(local), local_bytes,
             stream(), "parallel_for(nd_range)", kernel, groups, local);
    else
      launch(&nd_range_kernel<D, Kernel, group_shape::full_warps>, groups.size(), block_of(local), local_bytes,
             stream(), "parallel_for(nd_range)", kernel, groups, local);
  }

  /// With the kernel's properties: work_group_size selects the kernel of that fixed size.
  template <int D, typename Props, typename Kernel>
  void parallel_for(const nd_range<D>& r, std::size_t local_bytes, std::uint32_t sub_group_size, const Kernel& kernel,
                    const Props*) const {
    if constexpr (Props::required_work_group_dimensions() == D) {
      const range<D> local = r.get_local_range();
      range<D> groups;
      for (int d = 0; d < D; ++d) groups[d] = r.get_global_range()[d] / local[d];
      if (groups.size() == 0) return;
      [&]<std::size_t... I>(std::index_sequence<I...>) {
        launch(&nd_range_kernel_fixed<D, Kernel, Props::min_work_groups_per_compute_unit(),
                                      Props::required_work_group_extent(I)...>,
               groups.size(),
               block_of(local), local_bytes, stream(), "parallel_for(nd_range)", kernel, groups);
      }(std::make_index_sequence<D>{});
    } else {
      parallel_for(r, local_bytes, sub_group_size, kernel);
    }
  }

  /// Kernels with SYCL reductions (reduction.hpp): a group reduction per work-group, then the
  /// last group to finish combines the groups' totals (scalars), or atomics.
  template <int D, typename Pack, typename Kernel>
  void parallel_for_reduction(const range<D>& r, const Pack& pack, const Kernel& kernel) const {
    const std::size_t n = r.size();
    constexpr std::size_t group_size = 256;
    using reduction_kernel = range_reduction_kernel<D, Pack, Kernel, group_size>;
    const std::size_t groups = reduction_groups(n, reduction_kernel::tile_size);
    unsigned char* const scratch = n == 0 ? nullptr : single_pass_scratch(pack, groups, stream());
    if (!scratch && pack.initializes()) single_task(initialize_reduction_variables<Pack>{pack});
    if (n == 0) return;
    parallel_for(nd_range<1>(range<1>(groups * group_size), range<1>(group_size)), 0, warp_size,
                 reduction_kernel{pack, kernel, r, n, scratch});
  }
  template <int D, typename Pack, typename Kernel>
  void parallel_for_reduction(const nd_range<D>& r, std::size_t local_bytes, std::uint32_t sub_group_size,
                              const Pack& pack, const Kernel& kernel) const {
    std::size_t groups = 1;
    for (int d = 0; d < D; ++d) groups *= r.get_global_range()[d] / r.get_local_range()[d];
    unsigned char* const scratch = groups == 0 ? nullptr : single_pass_scratch(pack, groups, stream());
    if (!scratch && pack.initializes()) single_task(initialize_reduction_variables<Pack>{pack});
    parallel_for(r, local_bytes, sub_group_size, nd_range_reduction_kernel<D, Pack, Kernel>{pack, kernel, scratch});
  }

  template <int D, typename Kernel>
  void parallel_for_work_group(const range<D>& groups, const range<D>& local, const Kernel& kernel) const {
    if (groups.size() == 0) return;
    launch(&work_group_kernel<D, Kernel>, groups.size(), block_of(local), hierarchical_arena::bytes(), stream(),
           "parallel_for_work_group", kernel, groups);
  }

  template <typename Kernel>
  void single_task(const Kernel& kernel) const {
    launch(&single_task_kernel<Kernel>, 1, dim3(1), 0, stream(), "single_task", kernel);
  }

  /// Scoped kernels: a block per work-group (see scoped_kernel). The handler has rejected
  /// empty group sizes.
  template <int D, typename Kernel>
  void parallel(const range<D>& groups, const range<D>& local, const Kernel& kernel) const {
    const std::size_t n = local.size();
    if (n > scoped::max_items)
      throw exception(errc::nd_range, "parallel (scoped): a work-group of " + std::to_string(n) +
                                          " logical items; on CUDA devices scoped work-groups hold at most " +
                                          std::to_string(scoped::max_items) + " (private memory is kept per thread, " +
                                          std::to_string(scoped::max_items_per_thread) + " items at most)");
    if (groups.size() == 0 || n == 0) return;
    if (n <= scoped::max_threads)
      launch(&scoped_kernel<D, Kernel, false>, groups.size(), dim3(static_cast<unsigned>(n)), 0, stream(),
             "parallel (scoped)", kernel, groups, local);
    else
      launch(&scoped_kernel<D, Kernel, true>, groups.size(), dim3(static_cast<unsigned>(scoped::max_threads)), 0,
             stream(), "parallel (scoped)", kernel, groups, local);
  }
};

}  // namespace cohort::backends::cuda
