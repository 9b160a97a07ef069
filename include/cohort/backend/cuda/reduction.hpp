// SPDX-License-Identifier: MIT
#pragma once
// Kernels with SYCL reductions on a GPU. Each work-item keeps private partials in registers
// (an array reduction's elements combine atomically into the variable instead); at the end
// of the kernel the work-group reduces its items' partials with the block collectives, and
// its leader combines the group's result into the variable with one atomic (the hardware's
// operation where the type and operator have one, a compare-exchange loop otherwise). The
// variables that start from the identity are set to it by a one-item kernel first, on the
// same stream. A range kernel runs as an nd_range of 256-item groups, at most a few per
// multiprocessor, each work-item looping over the range with the grid's stride.
//
// `Pack` is the launch's reduction_pack (runtime/reduction.hpp): make_device_private(),
// combine_over_group(group, parts), initializes(), initialize_variables(), invoke_range /
// invoke_nd.
#include <cstddef>
#include <cstdint>

#include <cuda_runtime.h>

#include <cohort/backend/cuda/error.hpp>
#include <cohort/core/group.hpp>
#include <cohort/core/item.hpp>
#include <cohort/core/nd_item.hpp>
#include <cohort/core/nd_range.hpp>
#include <cohort/detail/macros.hpp>

namespace cohort::backends::cuda {

template <typename Pack>
struct initialize_reduction_variables {
  Pack pack;
  COHORT_FUNCTION void operator()() const { pack.initialize_variables(); }
};

template <int D, typename Pack, typename Kernel>
struct range_reduction_kernel {
  Pack pack;
  Kernel kernel;
  range<D> r;
  std::size_t n;
  COHORT_FUNCTION void operator()(const nd_item<1>& it) const {
    auto parts = pack.make_device_private();
    const std::size_t stride = it.get_global_range(0);
    std::size_t lin = it.get_global_id(0);
    // Four items per step: their loads are independent, so each thread has four in flight
    // (one at a time left the memory system idle between them).
    for (; lin + 3 * stride < n; lin += 4 * stride) {
      invoke(lin, parts);
      invoke(lin + stride, parts);
      invoke(lin + 2 * stride, parts);
      invoke(lin + 3 * stride, parts);
    }
    for (; lin < n; lin += stride) invoke(lin, parts);
    pack.combine_over_group(it.get_group(), parts);
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
  COHORT_FUNCTION void operator()(const nd_item<D>& it) const {
    auto parts = pack.make_device_private();
    Pack::invoke_nd(kernel, it, parts);
    pack.combine_over_group(it.get_group(), parts);
  }
};

/// The groups of a range kernel with reductions: enough to fill the device (8 groups of 256
/// per multiprocessor), fewer for small ranges.
inline std::size_t reduction_groups(std::size_t n, std::size_t group_size) {
  static const std::size_t most = [] {
    int device = 0, sms = 0;
    check(cudaGetDevice(&device), "parallel_for(range) with reductions");
    check(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device), "parallel_for(range) with reductions");
    return static_cast<std::size_t>(sms) * 8;
  }();
  const std::size_t needed = (n + group_size - 1) / group_size;
  return needed < most ? needed : most;
}

}  // namespace cohort::backends::cuda
