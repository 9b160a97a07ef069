// SPDX-License-Identifier: MIT
// Device-wide scans on the CPU: cohort::inclusive_scan and cohort::exclusive_scan (sums of
// int32 and fp64) against a two-pass OpenMP scan written plainly here (each thread reduces
// its contiguous chunk, then each scans its chunk after the partials of the chunks before
// it: the algorithm cohort's CPU strategy runs as two kernels), in the same run. Bytes:
// n read twice and n written, counted as n read + n written (as CUB and the GPU benchmark
// count a scan). Where TBB is installed, std::inclusive_scan and std::exclusive_scan with
// std::execution::par_unseq are shown too (libstdc++ runs them on TBB, limited to the
// OpenMP team's thread count, so every variant has the same 2 threads here), after the
// others' rounds (std_parallel.hpp says why).
//
// Inputs are (i % 7) - 3, whose every period sums to 0, so each prefix is one of seven small
// integers: exact in both types, checked for equality.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <numeric>
#include <string>
#include <vector>

#include <omp.h>

#include <cohort/algorithm/scan.hpp>
#include <cohort/cohort.hpp>

#include "harness/harness.hpp"
#include "std_parallel.hpp"

namespace {

inline double inclusive_at(std::size_t i) {
  const double r = static_cast<double>(i % 7);
  return (r + 1) * (r - 6) / 2;
}

/// The reference: the same two passes in plain OpenMP.
template <typename T>
void openmp_inclusive_scan(const T* x, T* y, std::size_t n, std::vector<T>& partials) {
#pragma omp parallel
  {
    const std::size_t threads = static_cast<std::size_t>(omp_get_num_threads());
    const std::size_t t = static_cast<std::size_t>(omp_get_thread_num());
#pragma omp single
    partials.assign(threads, T{});
    const std::size_t base = n / threads, extra = n % threads;
    const std::size_t begin = t * base + (t < extra ? t : extra);
    const std::size_t end = begin + base + (t < extra ? 1 : 0);
    T s = 0;
    for (std::size_t i = begin; i < end; ++i) s += x[i];
    partials[t] = s;
#pragma omp barrier
    T acc = 0;
    for (std::size_t k = 0; k < t; ++k) acc += partials[k];
    for (std::size_t i = begin; i < end; ++i) {
      acc += x[i];
      y[i] = acc;
    }
  }
}

template <typename T>
struct data {
  cohort::queue* q = nullptr;
  std::size_t n = 0;
  cohort::usm_unique_ptr<T, cohort::usm::alloc::shared> x, y;
  std::vector<T> partials;
};

template <typename T>
bench::bench_case scan_case(const std::shared_ptr<data<T>>& s, const std::string& name) {
  bench::bench_case c;
  c.name = name;
  c.parts = "type / elements";
  c.size = s->n;
  c.throughput = {2.0 * sizeof(T) * static_cast<double>(s->n), "GB/s"};
  c.setup = [s] {
    s->x = cohort::make_shared_unique<T>(s->n, *s->q);
    s->y = cohort::make_shared_unique<T>(s->n, *s->q);
    bench::parallel_fill(s->x.get(), s->n, [](std::size_t i) { return static_cast<T>(static_cast<int>(i % 7) - 3); });
  };
  c.teardown = [s] {
    s->x.reset();
    s->y.reset();
  };
  auto prepare = [s] { bench::poison(s->y.get(), s->n); };
  auto inclusive_ok = [s] {
    return bench::check_array("inclusive", s->y.get(), s->n, [](std::size_t i) { return inclusive_at(i); }, 0.0);
  };
  auto exclusive_ok = [s] {
    return bench::check_array(
        "exclusive", s->y.get(), s->n, [](std::size_t i) { return i == 0 ? 0.0 : inclusive_at(i - 1); }, 0.0);
  };
  c.variants.push_back({"openmp_two_pass_inclusive", bench::role::reference, prepare,
                        [s] { openmp_inclusive_scan(s->x.get(), s->y.get(), s->n, s->partials); }, inclusive_ok});
  c.variants.push_back({"inclusive_scan", bench::role::model, prepare,
                        [s] {
                          cohort::inclusive_scan(*s->q, s->x.get(), s->x.get() + s->n, s->y.get()).wait_and_throw();
                        },
                        inclusive_ok});
  c.variants.back().submits_kernels = true;
  c.variants.push_back({"exclusive_scan", bench::role::model, prepare,
                        [s] {
                          cohort::exclusive_scan(*s->q, s->x.get(), s->x.get() + s->n, s->y.get(), T{0})
                              .wait_and_throw();
                        },
                        exclusive_ok});
  c.variants.back().submits_kernels = true;
#if COHORT_BENCH_HAVE_TBB
  c.variants.push_back({"std::inclusive_scan(par_unseq)", bench::role::ceiling, prepare,
                        [s] {
                          std::inclusive_scan(std::execution::par_unseq, s->x.get(), s->x.get() + s->n, s->y.get());
                        },
                        inclusive_ok});
  c.variants.push_back({"std::exclusive_scan(par_unseq)", bench::role::ceiling, prepare,
                        [s] {
                          std::exclusive_scan(std::execution::par_unseq, s->x.get(), s->x.get() + s->n, s->y.get(),
                                              T{0});
                        },
                        exclusive_ok});
#endif
  return c;
}

bench::suite make_algorithm_scan(const bench::config& cfg) {
  std::vector<std::size_t> sizes;
  if (cfg.size != 0)
    sizes = {cfg.size};
  else if (cfg.preset == bench::size_preset::quick)
    sizes = {std::size_t{1} << 16, std::size_t{1} << 20};
  else
    sizes = {std::size_t{1} << 16, std::size_t{1} << 20, std::size_t{1} << 24};
  if (cfg.preset == bench::size_preset::full && cfg.size == 0) sizes.push_back(std::size_t{1} << 26);
  bench::suite suite;
#if COHORT_BENCH_HAVE_TBB
  suite.setup = bench::limit_tbb_to_openmp_threads;
#endif
  for (std::size_t n : sizes) {
    auto i = std::make_shared<data<std::int32_t>>();
    auto d = std::make_shared<data<double>>();
    i->q = d->q = cfg.queue;
    i->n = d->n = n;
    suite.cases.push_back(scan_case(i, "algorithm_scan/int32/" + std::to_string(n)));
    suite.cases.push_back(scan_case(d, "algorithm_scan/fp64/" + std::to_string(n)));
  }
  return suite;
}

bench::registration reg{"algorithm_scan", 81,
                        "device-wide inclusive/exclusive scan (int32, fp64 sums) against a two-pass OpenMP scan "
                        "(and std's scans with par_unseq where TBB is installed)",
                        make_algorithm_scan};

}  // namespace
