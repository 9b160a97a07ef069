// SPDX-License-Identifier: MIT
#pragma once
// What a shared kernel function (bench/kernels/) tells its caller about the kernel it
// submits. Each one hands its kernel to a probe just before the launch, with the launch's
// shape: cohort-bench-cuda's probe names the kernel's type to read the compiled kernel's
// registers and shared memory (bench/cuda/launch_kernels.cuh); cohort-bench passes none.
#include <cstddef>

namespace kernels {

/// An nd_range launch: `items` per work-group, `local_bytes` of local accessors.
template <int D>
struct nd_range_shape {
  std::size_t items, local_bytes;
};

/// A hierarchical launch of `items` per work-group.
template <int D>
struct hierarchical_shape {
  std::size_t items;
};

/// A scoped launch of `items` logical items per work-group.
template <int D>
struct scoped_shape {
  std::size_t items;
};

/// The probe of a caller that wants nothing.
struct no_probe {
  template <typename Kernel, typename Shape>
  void operator()(const Kernel&, Shape) const {}
};

}  // namespace kernels
