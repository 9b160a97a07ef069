// SPDX-License-Identifier: MIT
#pragma once
// The kernels of a sum through SYCL 2020's reduction interface (`parallel_for(range,
// reduction, kernel)` and `parallel_for(nd_range, reduction, kernel)`), shared by
// cohort-bench (bench/reductions_interface.cpp, bench/algorithm_reduce.cpp) and
// cohort-bench-cuda (bench/cuda/algorithm_reduce.cu): each item adds its element of x.
#include <cohort/cohort.hpp>
#include <cohort/detail/macros.hpp>

namespace kernels {
// Internal linkage, as when these kernels stood in the benchmarks' own files.
namespace {

template <typename T>
struct sum_range_kernel {
  const T* x;
  template <typename Reducer>
  COHORT_INLINE void operator()(cohort::id<1> i, Reducer& sum) const {
    sum += x[i[0]];
  }
};

template <typename T>
struct sum_nd_range_kernel {
  const T* x;
  template <typename Reducer>
  COHORT_INLINE void operator()(cohort::nd_item<1> it, Reducer& sum) const {
    sum += x[it.get_global_id(0)];
  }
};

}  // namespace
}  // namespace kernels
