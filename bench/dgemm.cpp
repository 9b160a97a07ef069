// SPDX-License-Identifier: MIT
// UoB-HPC/sycl_dgemm: C = A B for N x N fp64 matrices with 16 x 16 tiles, in every cohort
// kernel model, against the same tiling written as plain OpenMP loops (the reference) and
// OpenBLAS cblas_dgemm (the ceiling). As in sycl_dgemm, every variant accumulates straight
// into the global C (`c[i][j] += ...`), so C is zeroed before every run (a kernel that
// skips an element leaves 0 there, which the check catches).
//
// Inputs are sycl_dgemm's: A(i,k) = 2 (k+1), B(k,j) = 0.5 (j+1) (k+1), so every product is
// the integer (j+1)(k+1)^2, every partial sum is an integer below 2^53 (N <= 4096), and the
// exact answer C(i,j) = (j+1) N (N+1) (2N+1) / 6 is checked for equality.
#include <cblas.h>

#include <cstddef>
#include <memory>
#include <stdexcept>
#include <tuple>

#include <cohort/cohort.hpp>
#include <cohort/detail/macros.hpp>
#include <cohort/scoped.hpp>

#include "harness/harness.hpp"

namespace {

constexpr std::size_t tile = 16;

struct data {
  cohort::queue* q = nullptr;
  std::size_t n = 0;
  cohort::usm_unique_ptr<double, cohort::usm::alloc::shared> a, b, c;
};

void dgemm_openmp(const double* a, const double* b, double* c, std::size_t n) {
  const std::size_t tiles = n / tile;
#pragma omp parallel for collapse(2) schedule(static)
  for (std::size_t ti = 0; ti < tiles; ++ti)
    for (std::size_t tj = 0; tj < tiles; ++tj) {
      double awrk[tile][tile], bwrk[tile][tile];
      for (std::size_t kt = 0; kt < tiles; ++kt) {
        for (std::size_t i = 0; i < tile; ++i)
          for (std::size_t j = 0; j < tile; ++j) {
            awrk[i][j] = a[(ti * tile + i) * n + kt * tile + j];
            bwrk[i][j] = b[(kt * tile + i) * n + tj * tile + j];
          }
        for (std::size_t i = 0; i < tile; ++i)
          for (std::size_t j = 0; j < tile; ++j)
            for (std::size_t k = 0; k < tile; ++k)
              c[(ti * tile + i) * n + tj * tile + j] += awrk[i][k] * bwrk[k][j];
      }
    }
}

void dgemm_openblas(const double* a, const double* b, double* c, std::size_t n) {
  const int m = static_cast<int>(n);
  cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, m, m, m, 1.0, a, m, b, m, 1.0, c, m);
}

/// sycl_dgemm's "simple version": one work-item per element of C.
void dgemm_range(cohort::queue& q, const double* a, const double* b, double* c, std::size_t n) {
  q.parallel_for(cohort::range<2>{n, n}, COHORT_LAMBDA(cohort::id<2> idx) {
     const std::size_t i = idx[0], j = idx[1];
     for (std::size_t k = 0; k < n; ++k) c[i * n + j] += a[i * n + k] * b[k * n + j];
   }).wait_and_throw();
}

void dgemm_nd_range(cohort::queue& q, const double* a, const double* b, double* c, std::size_t n) {
  q.submit([&](cohort::handler& h) {
     cohort::local_accessor<double, 2> awrk(cohort::range<2>{tile, tile}, h);
     cohort::local_accessor<double, 2> bwrk(cohort::range<2>{tile, tile}, h);
     h.parallel_for(cohort::nd_range<2>{cohort::range<2>{n, n}, cohort::range<2>{tile, tile}},
                    COHORT_LAMBDA(cohort::nd_item<2> it) {
                      const std::size_t i = it.get_global_id(0), j = it.get_global_id(1);
                      const std::size_t li = it.get_local_id(0), lj = it.get_local_id(1);
                      for (std::size_t kt = 0; kt < n / tile; ++kt) {
                        awrk[li][lj] = a[i * n + kt * tile + lj];
                        bwrk[li][lj] = b[(kt * tile + li) * n + j];
                        cohort::group_barrier(it.get_group());
                        for (std::size_t k = 0; k < tile; ++k) c[i * n + j] += awrk[li][k] * bwrk[k][lj];
                        cohort::group_barrier(it.get_group());
                      }
                    });
   }).wait_and_throw();
}

void dgemm_hierarchical(cohort::queue& q, const double* a, const double* b, double* c, std::size_t n) {
  q.submit([&](cohort::handler& h) {
     h.parallel_for_work_group(
         cohort::range<2>{n / tile, n / tile}, cohort::range<2>{tile, tile}, COHORT_LAMBDA(cohort::group<2> g) {
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
         });
   }).wait_and_throw();
}

void dgemm_scoped(cohort::queue& q, const double* a, const double* b, double* c, std::size_t n) {
  q.parallel(cohort::range<2>{n / tile, n / tile}, cohort::range<2>{tile, tile}, COHORT_LAMBDA(auto g) {
     cohort::memory_environment(g, cohort::require_local_mem<double[tile][tile]>(),
                                cohort::require_local_mem<double[tile][tile]>(), [&](auto& awrk, auto& bwrk) {
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
                                      for (std::size_t k = 0; k < tile; ++k)
                                        c[i * n + j] += awrk[li][k] * bwrk[k][lj];
                                    });
                                  }
                                });
   }).wait_and_throw();
}

bench::suite make_dgemm(const bench::config& cfg) {
  auto d = std::make_shared<data>();
  d->q = cfg.queue;
  d->n = cfg.pick_size(256, 1024, 2048);

  bench::bench_case c;
  c.name = "dgemm/double";
  c.size = d->n;
  c.local = tile * tile;
  c.parts = "element type";
  c.throughput = {2.0 * static_cast<double>(d->n) * static_cast<double>(d->n) * static_cast<double>(d->n), "GFLOP/s"};
  c.setup = [d] {
    const std::size_t n = d->n;
    if (n % tile != 0 || n > 4096) throw std::invalid_argument("dgemm needs --size a multiple of 16, at most 4096");
    d->a = cohort::make_shared_unique<double>(n * n, *d->q);
    d->b = cohort::make_shared_unique<double>(n * n, *d->q);
    d->c = cohort::make_shared_unique<double>(n * n, *d->q);
    bench::parallel_fill(d->a.get(), n * n, [n](std::size_t x) { return 2.0 * static_cast<double>(x % n + 1); });
    bench::parallel_fill(d->b.get(), n * n, [n](std::size_t x) {
      return 0.5 * static_cast<double>(x % n + 1) * static_cast<double>(x / n + 1);
    });
  };
  c.teardown = [d] {
    d->a.reset();
    d->b.reset();
    d->c.reset();
  };
  auto prepare = [d] { bench::parallel_fill(d->c.get(), d->n * d->n, [](std::size_t) { return 0.0; }); };
  auto check = [d] {
    const std::size_t n = d->n;
    const double sum_k2 = static_cast<double>(n) * static_cast<double>(n + 1) * static_cast<double>(2 * n + 1) / 6;
    return bench::check_array(
        "C", d->c.get(), n * n, [n, sum_k2](std::size_t x) { return static_cast<double>(x % n + 1) * sum_k2; }, 0.0);
  };
  auto args = [d] { return std::make_tuple(d->a.get(), d->b.get(), d->c.get(), d->n); };
  c.variants.push_back({"openmp", bench::role::reference, prepare,
                        [args] { std::apply(dgemm_openmp, args()); }, check});
  c.variants.push_back({"range", bench::role::model, prepare,
                        [d, args] { std::apply([&](auto... x) { dgemm_range(*d->q, x...); }, args()); }, check});
  c.variants.push_back({"nd_range", bench::role::model, prepare,
                        [d, args] { std::apply([&](auto... x) { dgemm_nd_range(*d->q, x...); }, args()); }, check});
  c.variants.push_back({"hierarchical", bench::role::model, prepare,
                        [d, args] { std::apply([&](auto... x) { dgemm_hierarchical(*d->q, x...); }, args()); },
                        check});
  c.variants.push_back({"scoped", bench::role::model, prepare,
                        [d, args] { std::apply([&](auto... x) { dgemm_scoped(*d->q, x...); }, args()); }, check});
  c.variants.push_back({"openblas", bench::role::ceiling, prepare,
                        [args] { std::apply(dgemm_openblas, args()); }, check});
  bench::suite s;
  s.cases.push_back(std::move(c));
  return s;
}

bench::registration reg{"dgemm", 50, "UoB-HPC sycl_dgemm: 16x16 tiles in each model vs the same tiling in OpenMP",
                        make_dgemm};

}  // namespace
