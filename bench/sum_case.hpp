// SPDX-License-Identifier: MIT
#pragma once
// The sum cases of cohort-bench's reduction benchmarks (reductions_interface.cpp,
// algorithm_reduce.cpp): an array whose sum is exact in any order (multiples of 2^-4 below
// 1 for floating point, (i % 7) - 3 for integers), the OpenMP reduction clause as the
// reference, the result poisoned before each run and checked exactly. Each benchmark adds
// its own variants (sum_variant).
#include <cstddef>
#include <limits>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>

#include <cohort/cohort.hpp>

#include "harness/harness.hpp"
#include "kernels/reduction_interface.hpp"

namespace bench::sums {
// Internal linkage, as when these stood in the benchmarks' own files.
namespace {

template <typename T>
T value_at(std::size_t i) {
  if constexpr (std::is_floating_point_v<T>)
    return static_cast<T>(i % 16) * static_cast<T>(0.0625);
  else
    return static_cast<T>(static_cast<int>(i % 7) - 3);
}

template <typename T>
T sum_openmp(const T* x, std::size_t n) {
  T sum = 0;
#pragma omp parallel for schedule(static) reduction(+ : sum)
  for (std::size_t i = 0; i < n; ++i) sum += x[i];
  return sum;
}

template <typename T>
T poison_value() {
  if constexpr (std::is_floating_point_v<T>)
    return std::numeric_limits<T>::quiet_NaN();
  else
    return std::numeric_limits<T>::min();
}

template <typename T>
struct sum_data {
  cohort::queue* q = nullptr;
  std::size_t n = 0, local = 0;
  cohort::usm_unique_ptr<T, cohort::usm::alloc::shared> x, result;
  T expected = 0;
};

/// A variant of the case for s: poisons the result, runs `run`, checks the sum.
template <typename T, typename Run>
variant sum_variant(const std::shared_ptr<sum_data<T>>& s, const char* name, role kind, Run run) {
  auto prepare = [s] { s->result.get()[0] = poison_value<T>(); };
  auto verify = [s] {
    return check_value("sum", static_cast<double>(s->result.get()[0]), static_cast<double>(s->expected), 0.0);
  };
  return {name, kind, prepare, std::move(run), verify};
}

/// The case with its setup, teardown and the OpenMP reference variant.
template <typename T>
bench_case sum_case(const std::shared_ptr<sum_data<T>>& s, const std::string& name, const char* parts) {
  bench_case c;
  c.name = name;
  c.parts = parts;
  c.size = s->n;
  c.local = s->local;
  c.throughput = {sizeof(T) * static_cast<double>(s->n), "GB/s"};
  c.setup = [s] {
    s->x = cohort::make_shared_unique<T>(s->n, *s->q);
    s->result = cohort::make_shared_unique<T>(1, *s->q);
    parallel_fill(s->x.get(), s->n, value_at<T>);
    T e = 0;
    for (std::size_t i = 0; i < s->n; ++i) e += value_at<T>(i);
    s->expected = e;
  };
  c.teardown = [s] {
    s->x.reset();
    s->result.reset();
  };
  c.variants.push_back(sum_variant(s, "openmp_reduction_clause", role::reference,
                                   [s] { s->result.get()[0] = sum_openmp(s->x.get(), s->n); }));
  return c;
}

/// `parallel_for(range, reduction(result, plus, initialize_to_identity), kernel)`.
template <typename T>
variant range_reduction_variant(const std::shared_ptr<sum_data<T>>& s) {
  const cohort::property_list init{cohort::property::reduction::initialize_to_identity{}};
  variant v = sum_variant(s, "range_reduction", role::model, [s, init] {
    s->q->parallel_for(cohort::range<1>(s->n), cohort::reduction(s->result.get(), cohort::plus<T>(), init),
                       kernels::sum_range_kernel<T>{s->x.get()})
        .wait_and_throw();
  });
  v.submits_kernels = true;
  return v;
}

}  // namespace
}  // namespace bench::sums
