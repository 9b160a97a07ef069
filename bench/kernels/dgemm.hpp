// SPDX-License-Identifier: MIT
#pragma once
// UoB-HPC/sycl_dgemm in cohort's kernel models, shared by cohort-bench (bench/dgemm.cpp) and
// cohort-bench-cuda (bench/cuda/dgemm.cu): C += A B for row-major N x N fp64 matrices with
// 16 x 16 tiles, every work-item accumulating straight into the global C as sycl_dgemm does.
// n is a multiple of tile.
#include <cstddef>

#include <cohort/cohort.hpp>
#include <cohort/detail/macros.hpp>
#include <cohort/scoped.hpp>

#include "probe.hpp"

namespace kernels {
// Internal linkage, as when these kernels stood in cohort-bench's .cpp files: g++ inlines
// and clones such functions more freely, and the CPU suite's code must stay what it was.
namespace {

inline constexpr std::size_t tile = 16;

/// sycl_dgemm's "simple version": one work-item per element of C (cohort-bench only).
inline cohort::event dgemm_range(cohort::queue& q, const double* a, const double* b, double* c, std::size_t n) {
  return q.parallel_for(cohort::range<2>{n, n}, COHORT_LAMBDA(cohort::id<2> idx) {
    const std::size_t i = idx[0], j = idx[1];
    for (std::size_t k = 0; k < n; ++k) c[i * n + j] += a[i * n + k] * b[k * n + j];
  });
}

template <typename Probe = no_probe>
cohort::event dgemm_nd_range(cohort::queue& q, const double* a, const double* b, double* c, std::size_t n,
                             Probe probe = {}) {
  return q.submit([&](cohort::handler& h) {
    cohort::local_accessor<double, 2> awrk(cohort::range<2>{tile, tile}, h);
    cohort::local_accessor<double, 2> bwrk(cohort::range<2>{tile, tile}, h);
    auto kernel = COHORT_LAMBDA(cohort::nd_item<2> it) {
      const std::size_t i = it.get_global_id(0), j = it.get_global_id(1);
      const std::size_t li = it.get_local_id(0), lj = it.get_local_id(1);
      for (std::size_t kt = 0; kt < n / tile; ++kt) {
        awrk[li][lj] = a[i * n + kt * tile + lj];
        bwrk[li][lj] = b[(kt * tile + li) * n + j];
        cohort::group_barrier(it.get_group());
        for (std::size_t k = 0; k < tile; ++k) c[i * n + j] += awrk[li][k] * bwrk[k][lj];
        cohort::group_barrier(it.get_group());
      }
    };
    probe(kernel, nd_range_shape<2>{tile * tile, 2 * tile * tile * sizeof(double)});
    h.parallel_for(cohort::nd_range<2>{cohort::range<2>{n, n}, cohort::range<2>{tile, tile}}, kernel);
  });
}

template <typename Probe = no_probe>
cohort::event dgemm_hierarchical(cohort::queue& q, const double* a, const double* b, double* c, std::size_t n,
                                 Probe probe = {}) {
  return q.submit([&](cohort::handler& h) {
    auto kernel = COHORT_LAMBDA(cohort::group<2> g) {
      cohort::local_memory<double[tile][tile]> awrk(g), bwrk(g);
      for (std::size_t kt = 0; kt < n / tile; ++kt) {
        g.parallel_for_work_item([&](cohort::h_item<2> it) {
          const std::size_t i = it.get_global_id(0), j = it.get_global_id(1);
          const std::size_t li = it.get_local_id(0), lj = it.get_local_id(1);
          awrk[li][lj] = a[i * n + kt * tile + lj];
          bwrk[li][lj] = b[(kt * tile + li) * n + j];
        });
        g.parallel_for_work_item([&](cohort::h_item<2> it) {
          const std::size_t i = it.get_global_id(0), j = it.get_global_id(1);
          const std::size_t li = it.get_local_id(0), lj = it.get_local_id(1);
          for (std::size_t k = 0; k < tile; ++k) c[i * n + j] += awrk[li][k] * bwrk[k][lj];
        });
      }
    };
    probe(kernel, hierarchical_shape<2>{tile * tile});
    h.parallel_for_work_group(cohort::range<2>{n / tile, n / tile}, cohort::range<2>{tile, tile}, kernel);
  });
}

template <typename Probe = no_probe>
cohort::event dgemm_scoped(cohort::queue& q, const double* a, const double* b, double* c, std::size_t n,
                           Probe probe = {}) {
  return q.submit([&](cohort::handler& h) {
    auto kernel = COHORT_LAMBDA(cohort::scoped_group<2> g) {
      cohort::memory_environment(
          g, cohort::require_local_mem<double[tile][tile]>(), cohort::require_local_mem<double[tile][tile]>(),
          [&](auto& awrk, auto& bwrk) {
            for (std::size_t kt = 0; kt < n / tile; ++kt) {
              cohort::distribute_items_and_wait(g, [&](cohort::s_item<2> it) {
                const std::size_t i = it.get_global_id(0), j = it.get_global_id(1);
                const std::size_t li = it.get_innermost_local_id(0);
                const std::size_t lj = it.get_innermost_local_id(1);
                awrk[li][lj] = a[i * n + kt * tile + lj];
                bwrk[li][lj] = b[(kt * tile + li) * n + j];
              });
              cohort::distribute_items_and_wait(g, [&](cohort::s_item<2> it) {
                const std::size_t i = it.get_global_id(0), j = it.get_global_id(1);
                const std::size_t li = it.get_innermost_local_id(0);
                const std::size_t lj = it.get_innermost_local_id(1);
                for (std::size_t k = 0; k < tile; ++k) c[i * n + j] += awrk[li][k] * bwrk[k][lj];
              });
            }
          });
    };
    probe(kernel, scoped_shape<2>{tile * tile});
    h.parallel(cohort::range<2>{n / tile, n / tile}, cohort::range<2>{tile, tile}, kernel);
  });
}

}  // namespace
}  // namespace kernels
