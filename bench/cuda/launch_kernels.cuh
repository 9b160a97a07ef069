// SPDX-License-Identifier: MIT
#pragma once
// Which __global__ function the CUDA backend launches for a kernel, for its attributes
// (registers, shared memory): the launch templates of include/cohort/backend/cuda/launch.hpp
// instantiated with the kernel's closure type, as the launcher does.
#include <cstddef>

#include <cohort/cohort.hpp>

#include "common.cuh"
#include "kernels/probe.hpp"

namespace cbench {

namespace launch = cohort::backends::cuda;

/// An nd_range kernel of `threads` items (whole warps, as all of these benchmarks' groups)
/// with `local_bytes` of local accessors.
template <int D, typename Kernel>
kernel_info nd_range_attributes(std::size_t threads, std::size_t local_bytes) {
  if (threads > launch::warp_size && threads <= launch::few_warps_limit)
    return attributes_of(&launch::nd_range_kernel<D, Kernel, launch::group_shape::few_full_warps>,
                         static_cast<int>(threads), static_cast<long long>(local_bytes));
  return attributes_of(&launch::nd_range_kernel<D, Kernel, launch::group_shape::full_warps>, static_cast<int>(threads),
                       static_cast<long long>(local_bytes));
}

/// A hierarchical kernel: its dynamic shared memory is the backend's local_memory arena.
template <int D, typename Kernel>
kernel_info hierarchical_attributes(std::size_t threads) {
  return attributes_of(&launch::work_group_kernel<D, Kernel>, static_cast<int>(threads),
                       static_cast<long long>(launch::hierarchical_arena::bytes()));
}

/// A scoped kernel of `threads` logical items (<= 1024: a thread each). The scoped launch
/// passes no dynamic shared memory: memory_environment's local memory is static.
template <int D, typename Kernel>
kernel_info scoped_attributes(std::size_t threads) {
  return attributes_of(&launch::scoped_kernel<D, Kernel, false>, static_cast<int>(threads), 0);
}

/// The probe for the shared kernel functions (bench/kernels/): each kernel's attributes into
/// *info, where info is not null (a model's first run).
struct attributes_probe {
  kernel_info* info;
  template <typename Kernel, int D>
  void operator()(const Kernel&, kernels::nd_range_shape<D> s) const {
    if (info) *info = nd_range_attributes<D, Kernel>(s.items, s.local_bytes);
  }
  template <typename Kernel, int D>
  void operator()(const Kernel&, kernels::hierarchical_shape<D> s) const {
    if (info) *info = hierarchical_attributes<D, Kernel>(s.items);
  }
  template <typename Kernel, int D>
  void operator()(const Kernel&, kernels::scoped_shape<D> s) const {
    if (info) *info = scoped_attributes<D, Kernel>(s.items);
  }
};

}  // namespace cbench
