// SPDX-License-Identifier: MIT
// Device-wide reductions on the CPU: cohort::reduce (int32 and fp64 sums) and
// cohort::min_element (fp64) at 2^10, 2^16, 2^20 and 2^24 elements (2^26 with --full),
// against OpenMP in the same run: `#pragma omp parallel for reduction(+ : sum)` for the
// sums, and for min_element a loop in which each thread keeps the first minimum of its
// static chunk, the threads' candidates merged by value then index. The SYCL reduction
// interface (`parallel_for(range, reduction)`) does the sums too, for comparison. Where TBB
// is installed, std::reduce and std::min_element with std::execution::par_unseq are shown
// too (libstdc++ runs them on TBB, limited to the OpenMP team's thread count, so every
// variant has the same 2 threads here), after the others' rounds (std_parallel.hpp says why).
//
// Values are exact in any order (small integers for int32; multiples of 2^-4 below 1 for
// fp64), so sums are checked exactly; min_element's input holds its minimum several times
// and must give the first index. Results are poisoned before each run.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <numeric>
#include <string>
#include <vector>

#include <omp.h>

#include <cohort/algorithm/min_max_element.hpp>
#include <cohort/algorithm/reduce.hpp>
#include <cohort/cohort.hpp>

#include "harness/harness.hpp"
#include "kernels/algorithm_inputs.hpp"
#include "std_parallel.hpp"
#include "sum_case.hpp"

namespace {

/// Values 1 .. 1000 in a scrambled order, the minimum (0.5) at a few places from the
/// middle on (so a wrong tie rule shows).
inline double extremum_value_at(std::size_t i, std::size_t n) {
  if (kernels::holds_minimum(i, n)) return 0.5;
  return static_cast<double>(kernels::scrambled_1_to_1000(i));
}

/// The first minimum's index: each thread's first minimum of its static chunk, merged by
/// value, then by index.
inline std::size_t min_index_openmp(const double* x, std::size_t n) {
  std::size_t best = 0;
#pragma omp parallel
  {
    std::size_t mine = n;
    double value = std::numeric_limits<double>::infinity();
#pragma omp for schedule(static) nowait
    for (std::size_t i = 0; i < n; ++i)
      if (x[i] < value || mine == n) {
        value = x[i];
        mine = i;
      }
#pragma omp critical
    if (mine != n && (x[mine] < x[best] || (!(x[best] < x[mine]) && mine < best))) best = mine;
  }
  return best;
}

template <typename T>
bench::bench_case sum_case(cohort::queue* q, std::size_t n, const std::string& name) {
  auto s = std::make_shared<bench::sums::sum_data<T>>();
  s->q = q;
  s->n = n;
  bench::bench_case c = bench::sums::sum_case(s, name, "algorithm / element type / elements");
  c.variants.push_back(bench::sums::sum_variant(s, "cohort::reduce", bench::role::model, [s] {
    cohort::reduce(*s->q, s->x.get(), s->x.get() + s->n, s->result.get(), T(0)).wait_and_throw();
  }));
  c.variants.back().submits_kernels = true;
  c.variants.push_back(bench::sums::range_reduction_variant(s));
#if COHORT_BENCH_HAVE_TBB
  c.variants.push_back(bench::sums::sum_variant(s, "std::reduce(par_unseq)", bench::role::ceiling, [s] {
    s->result.get()[0] = std::reduce(std::execution::par_unseq, s->x.get(), s->x.get() + s->n, T(0));
  }));
#endif
  return c;
}

struct min_data {
  cohort::queue* q = nullptr;
  std::size_t n = 0;
  cohort::usm_unique_ptr<double, cohort::usm::alloc::shared> x;
  cohort::usm_unique_ptr<std::size_t, cohort::usm::alloc::shared> result;
  std::size_t expected = 0;
};

bench::bench_case min_element_case(cohort::queue* q, std::size_t n, const std::string& name) {
  auto s = std::make_shared<min_data>();
  s->q = q;
  s->n = n;
  bench::bench_case c;
  c.name = name;
  c.parts = "algorithm / element type / elements";
  c.size = n;
  c.throughput = {sizeof(double) * static_cast<double>(n), "GB/s"};
  c.setup = [s] {
    s->x = cohort::make_shared_unique<double>(s->n, *s->q);
    s->result = cohort::make_shared_unique<std::size_t>(1, *s->q);
    const std::size_t count = s->n;
    bench::parallel_fill(s->x.get(), count, [count](std::size_t i) { return extremum_value_at(i, count); });
    std::size_t e = 0;
    for (std::size_t i = 1; i < count; ++i)
      if (s->x.get()[i] < s->x.get()[e]) e = i;
    s->expected = e;
  };
  c.teardown = [s] {
    s->x.reset();
    s->result.reset();
  };
  auto prepare = [s] { s->result.get()[0] = std::numeric_limits<std::size_t>::max(); };
  auto verify = [s] {
    return bench::check_value("index", static_cast<double>(s->result.get()[0]), static_cast<double>(s->expected), 0.0);
  };
  c.variants.push_back({"openmp_first_minimum", bench::role::reference, prepare,
                        [s] { s->result.get()[0] = min_index_openmp(s->x.get(), s->n); }, verify});
  c.variants.push_back({"cohort::min_element", bench::role::model, prepare,
                        [s] {
                          cohort::min_element(*s->q, s->x.get(), s->x.get() + s->n, s->result.get())
                              .wait_and_throw();
                        },
                        verify});
  c.variants.back().submits_kernels = true;
#if COHORT_BENCH_HAVE_TBB
  c.variants.push_back({"std::min_element(par_unseq)", bench::role::ceiling, prepare,
                        [s] {
                          const double* x = s->x.get();
                          s->result.get()[0] =
                              static_cast<std::size_t>(std::min_element(std::execution::par_unseq, x, x + s->n) - x);
                        },
                        verify});
#endif
  return c;
}

bench::suite make_algorithm_reduce(const bench::config& cfg) {
  std::vector<std::size_t> sizes;
  if (cfg.size != 0)
    sizes = {cfg.size};
  else if (cfg.preset == bench::size_preset::quick)
    sizes = {std::size_t{1} << 10, std::size_t{1} << 16};
  else
    sizes = {std::size_t{1} << 10, std::size_t{1} << 16, std::size_t{1} << 20, std::size_t{1} << 24};
  if (cfg.size == 0 && cfg.preset == bench::size_preset::full) sizes.push_back(std::size_t{1} << 26);
  bench::suite suite;
#if COHORT_BENCH_HAVE_TBB
  suite.setup = bench::limit_tbb_to_openmp_threads;
#endif
  for (std::size_t n : sizes) {
    std::string at = "/";
    at += std::to_string(n);
    suite.cases.push_back(sum_case<std::int32_t>(cfg.queue, n, "algorithm_reduce/sum/int32" + at));
    suite.cases.push_back(sum_case<double>(cfg.queue, n, "algorithm_reduce/sum/fp64" + at));
    suite.cases.push_back(min_element_case(cfg.queue, n, "algorithm_reduce/min_element/fp64" + at));
  }
  return suite;
}

bench::registration reg{"algorithm_reduce", 80,
                        "cohort::reduce and cohort::min_element against OpenMP's reduction clause and loop "
                        "(and std::reduce / std::min_element with par_unseq where TBB is installed)",
                        make_algorithm_reduce};

}  // namespace
