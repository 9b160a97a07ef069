// SPDX-License-Identifier: MIT
#pragma once
// Kernels with SYCL reductions on a GPU. Each work-item keeps private partials in registers
// (an array reduction's elements combine atomically into the variable instead). Scalar
// reductions finish in the same kernel: each work-group reduces its items' partials with
// the block collectives and stores its total in the stream's scratch memory
// (stream_scratch.hpp), and the group that finishes last combines the totals, in group
// order, with the variables (or sets them, for initialize_to_identity). Where there are
// array reductions, or more groups than the scratch is meant for, each group's leader
// combines its total into the variable with one atomic (the hardware's operation where the
// type and operator have one, a compare-exchange loop otherwise), after a one-item kernel
// on the same stream has set the variables that start from the identity. A range kernel
// runs as an nd_range of 256-item groups, at most a few per multiprocessor, each work-item
// looping over the range with the grid's stride.
//
// `Pack` is the launch's reduction_pack (runtime/reduction.hpp): make_device_private(),
// combine_over_group(group, parts), the single pass's scalars_only, totals_bytes(groups),
// store_group_totals(...) and finish_from_totals(...), initializes(), initialize_variables(),
// invoke_range / invoke_nd.
#include <atomic>
#include <cstddef>
#include <cstdint>

#include <cuda_runtime.h>

#include <cohort/backend/cuda/error.hpp>
#include <cohort/backend/cuda/stream_scratch.hpp>
#include <cohort/core/atomic_fence.hpp>
#include <cohort/core/atomic_ref.hpp>
#include <cohort/core/group.hpp>
#include <cohort/core/item.hpp>
#include <cohort/core/nd_item.hpp>
#include <cohort/core/nd_range.hpp>
#include <cohort/detail/macros.hpp>
#include <cohort/group/barrier.hpp>

namespace cohort::backends::cuda {

template <typename Pack>
struct initialize_reduction_variables {
  Pack pack;
  COHORT_FUNCTION void operator()() const { pack.initialize_variables(); }
};

/// Most work-groups whose totals the single pass keeps (beyond: atomics).
inline constexpr std::size_t single_pass_groups = std::size_t{1} << 16;

/// The end of a kernel with reductions: the group's totals into the scratch, and the last
/// group to finish combines them all with the variables and leaves the counter at zero.
/// Without scratch (null), atomics into the variables.
template <typename Pack, typename Group, typename Parts>
__device__ inline void finish_reductions(const Pack& pack, const Group& g, const Parts& parts,
                                         unsigned char* scratch) {
  if constexpr (Pack::scalars_only) {
    if (scratch) {
      const std::size_t group = g.get_group_linear_id(), groups = g.get_group_linear_range();
      unsigned char* const totals = scratch + stream_scratch_counter_bytes;
      pack.store_group_totals(g, parts, totals, group, groups);
      if (groups == 1) {  // the only group is the last: no count (the same in the whole group)
        group_barrier(g);
        pack.finish_from_totals(g, totals, groups);
        return;
      }
      // The leader's count of finished groups releases the group's totals; the group that
      // counts last acquires every group's.
      __shared__ bool last;
      if (g.leader()) {
        using counter = atomic_ref<std::uint32_t, memory_order::acq_rel, memory_scope::device,
                                   access::address_space::global_space>;
        auto* finished = reinterpret_cast<std::uint32_t*>(scratch);
        const std::uint32_t before = counter(*finished).fetch_add(1u);
        last = before == groups - 1;
        if (last) counter(*finished).store(0u, memory_order::relaxed);
      }
      group_barrier(g);
      if (!last) return;  // the same in the whole group
      atomic_fence(memory_order::acquire, memory_scope::device);
      pack.finish_from_totals(g, totals, groups);
      return;
    }
  }
  pack.combine_over_group(g, parts);
}

/// A range kernel with reductions, in groups of GroupSize: each group takes whole tiles of
/// Items elements per item, its items Items elements GroupSize apart, so their addresses
/// differ by constants (one 64-bit address a tile instead of one an element, which left the
/// kernel issuing more instructions than 4-byte elements allow at the memory's bandwidth)
/// and their loads are in flight together; the elements after the last whole tile go
/// over the whole grid.
template <int D, typename Pack, typename Kernel, std::size_t GroupSize>
struct range_reduction_kernel {
  static constexpr std::size_t items = 8;
  static constexpr std::size_t tile_size = GroupSize * items;
  Pack pack;
  Kernel kernel;
  range<D> r;
  std::size_t n;
  unsigned char* scratch;  // finish_reductions'
  COHORT_FUNCTION void operator()(const nd_item<1>& it) const {
    auto parts = pack.make_device_private();
    const std::size_t groups = it.get_group_range(0), full_tiles = n / tile_size;
    for (std::size_t tile = it.get_group(0); tile < full_tiles; tile += groups) {
      const std::size_t first = tile * tile_size + it.get_local_id(0);
#pragma unroll
      for (std::size_t k = 0; k < items; ++k) invoke(first + k * GroupSize, parts);
    }
    const std::size_t stride = it.get_global_range(0);
    std::size_t lin = full_tiles * tile_size + it.get_global_id(0);
    for (; lin + 3 * stride < n; lin += 4 * stride) {
      invoke(lin, parts);
      invoke(lin + stride, parts);
      invoke(lin + 2 * stride, parts);
      invoke(lin + 3 * stride, parts);
    }
    for (; lin < n; lin += stride) invoke(lin, parts);
    finish_reductions(pack, it.get_group(), parts, scratch);
  }
  template <typename Parts>
  COHORT_FUNCTION void invoke(std::size_t lin, Parts& parts) const {
    if constexpr (D == 1)
      Pack::invoke_range(kernel, id<1>{lin}, r, parts);
    else
      Pack::invoke_range(kernel, detail::delinearize<D, id<D>>(lin, r), r, parts);
  }
};

template <int D, typename Pack, typename Kernel>
struct nd_range_reduction_kernel {
  Pack pack;
  Kernel kernel;
  unsigned char* scratch;  // finish_reductions'
  COHORT_FUNCTION void operator()(const nd_item<D>& it) const {
    auto parts = pack.make_device_private();
    Pack::invoke_nd(kernel, it, parts);
    finish_reductions(pack, it.get_group(), parts, scratch);
  }
};

/// The scratch of a launch of `groups` work-groups with the reductions of `pack` on
/// `stream`, or null where it takes atomics (and a kernel that sets the variables first).
template <typename Pack>
unsigned char* single_pass_scratch(const Pack& pack, std::size_t groups, cudaStream_t stream) {
  if constexpr (Pack::scalars_only) {
    if (groups <= single_pass_groups) return stream_scratch(stream, pack.totals_bytes(groups));
  }
  return nullptr;
}

/// The groups of a range kernel with reductions: enough to fill the device (8 groups per
/// multiprocessor), fewer for small ranges, a tile of `tile_size` elements each (the
/// kernel's loads in flight together): a range of up to one tile is one group, which
/// finishes without counting groups.
inline std::size_t reduction_groups(std::size_t n, std::size_t tile_size) {
  // Asked once per device (the first 64 ordinals; any further one each time).
  constexpr int remembered = 64;
  static std::atomic<int> multiprocessors[remembered] = {};
  const char* what = "parallel_for(range) with reductions";
  const int device = current_device(what);
  int sms = device < remembered ? multiprocessors[device].load(std::memory_order_relaxed) : 0;
  if (sms == 0) {
    check(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device), what);
    if (device < remembered) multiprocessors[device].store(sms, std::memory_order_relaxed);
  }
  const std::size_t most = static_cast<std::size_t>(sms) * 8;
  const std::size_t needed = (n + tile_size - 1) / tile_size;
  return needed < most ? needed : most;
}

}  // namespace cohort::backends::cuda
