// SPDX-License-Identifier: MIT
// UoB-HPC/sycl_dgemm: C = A B for N x N fp64 matrices with 16 x 16 tiles, in every cohort
// kernel model (bench/kernels/dgemm.hpp, cohort-bench-cuda's kernels too), against the same
// tiling written as plain OpenMP loops (the reference) and OpenBLAS cblas_dgemm (the
// ceiling). As in sycl_dgemm, every variant accumulates straight into the global C
// (`c[i][j] += ...`), so C is zeroed before every run (a kernel that skips an element
// leaves 0 there, which the check catches).
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

#include "compiler_pass.hpp"
#include "harness/harness.hpp"
#include "kernels/dgemm.hpp"

namespace {

using kernels::tile;

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
  // Kernels with barriers run on fibers, and as the compiler pass's loops in nd_range_cbs
  // where cohort-bench is built with it (compiler_pass.hpp).
  auto models = [&](const char* name, auto multiply, bool loops = false) {
    c.variants.push_back({name, bench::role::model, prepare,
                          [d, args, multiply, loops] {
                            bench::with_loops(loops, [&] {
                              std::apply([&](auto... x) { multiply(*d->q, x...).wait_and_throw(); }, args());
                            });
                          },
                          check});
  };
  models("range", [](auto&&... x) { return kernels::dgemm_range(x...); });
  models("nd_range", [](auto&&... x) { return kernels::dgemm_nd_range(x...); });
  if (bench::with_compiler_pass) models("nd_range_cbs", [](auto&&... x) { return kernels::dgemm_nd_range(x...); }, true);
  models("hierarchical", [](auto&&... x) { return kernels::dgemm_hierarchical(x...); });
  models("scoped", [](auto&&... x) { return kernels::dgemm_scoped(x...); });
  c.variants.push_back({"openblas", bench::role::ceiling, prepare,
                        [args] { std::apply(dgemm_openblas, args()); }, check});
  bench::suite s;
  s.cases.push_back(std::move(c));
  return s;
}

bench::registration reg{"dgemm", 50, "UoB-HPC sycl_dgemm: 16x16 tiles in each model vs the same tiling in OpenMP",
                        make_dgemm};

}  // namespace
