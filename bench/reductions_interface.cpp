// SPDX-License-Identifier: MIT
// The SYCL 2020 reduction interface against OpenMP's reduction clause: the sum of an fp64
// and of an int32 array with `parallel_for(range, reduction, kernel)` and
// `parallel_for(nd_range, reduction, kernel)`, beside `#pragma omp parallel for
// reduction(+ : sum)` over the same array in the same run. The values are exact in any
// order (multiples of 2^-4 below 1 for fp64, small integers for int32), so each result is
// checked exactly; the variable starts from a poisoned value and the reductions use
// initialize_to_identity.
#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <string>

#include <cohort/cohort.hpp>

#include "harness/harness.hpp"

namespace {

template <typename T>
inline T value_at(std::size_t i) {
  if constexpr (std::is_floating_point_v<T>)
    return static_cast<T>(i % 16) * static_cast<T>(0.0625);
  else
    return static_cast<T>(static_cast<int>(i % 7) - 3);
}

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

template <typename T>
T sum_openmp(const T* x, std::size_t n) {
  T sum = 0;
#pragma omp parallel for schedule(static) reduction(+ : sum)
  for (std::size_t i = 0; i < n; ++i) sum += x[i];
  return sum;
}

template <typename T>
struct data {
  cohort::queue* q = nullptr;
  std::size_t n = 0, local = 0;
  cohort::usm_unique_ptr<T, cohort::usm::alloc::shared> x, result;
  T expected = 0;
};

template <typename T>
T poison_value() {
  if constexpr (std::is_floating_point_v<T>)
    return std::numeric_limits<T>::quiet_NaN();
  else
    return std::numeric_limits<T>::min();
}

template <typename T>
bench::bench_case sum_case(const std::shared_ptr<data<T>>& s, const char* name) {
  bench::bench_case c;
  c.name = name;
  c.parts = "kernel";
  c.size = s->n;
  c.local = s->local;
  c.throughput = {sizeof(T) * static_cast<double>(s->n), "GB/s"};
  c.setup = [s] {
    s->x = cohort::make_shared_unique<T>(s->n, *s->q);
    s->result = cohort::make_shared_unique<T>(1, *s->q);
    bench::parallel_fill(s->x.get(), s->n, value_at<T>);
    T e = 0;
    for (std::size_t i = 0; i < s->n; ++i) e += value_at<T>(i);
    s->expected = e;
  };
  c.teardown = [s] {
    s->x.reset();
    s->result.reset();
  };
  auto prepare = [s] { s->result.get()[0] = poison_value<T>(); };
  auto verify = [s] {
    return bench::check_value("sum", static_cast<double>(s->result.get()[0]), static_cast<double>(s->expected), 0.0);
  };
  const cohort::property_list init{cohort::property::reduction::initialize_to_identity{}};
  c.variants.push_back({"openmp_reduction_clause", bench::role::reference, prepare,
                        [s] { s->result.get()[0] = sum_openmp(s->x.get(), s->n); }, verify});
  c.variants.push_back({"range_reduction", bench::role::model, prepare,
                        [s, init] {
                          s->q->parallel_for(cohort::range<1>(s->n),
                                             cohort::reduction(s->result.get(), cohort::plus<T>(), init),
                                             sum_range_kernel<T>{s->x.get()})
                              .wait_and_throw();
                        },
                        verify});
  c.variants.back().submits_kernels = true;
  c.variants.push_back({"nd_range_reduction", bench::role::model, prepare,
                        [s, init] {
                          s->q->parallel_for(cohort::nd_range<1>(s->n, s->local),
                                             cohort::reduction(s->result.get(), cohort::plus<T>(), init),
                                             sum_nd_range_kernel<T>{s->x.get()})
                              .wait_and_throw();
                        },
                        verify});
  c.variants.back().submits_kernels = true;
  return c;
}

bench::suite make_reductions_interface(const bench::config& cfg) {
  const std::size_t n = cfg.pick_size(std::size_t{1} << 20, std::size_t{1} << 24, std::size_t{1} << 26);
  const std::size_t local = cfg.pick_local(256);
  auto d = std::make_shared<data<double>>();
  auto i = std::make_shared<data<std::int32_t>>();
  d->q = i->q = cfg.queue;
  d->n = i->n = (n + local - 1) / local * local;  // nd_range needs a multiple of the group
  d->local = i->local = local;
  bench::suite suite;
  suite.cases.push_back(sum_case(d, "reductions_interface/sum_fp64"));
  suite.cases.push_back(sum_case(i, "reductions_interface/sum_int32"));
  return suite;
}

bench::registration reg{"reductions_interface", 16,
                        "SYCL 2020 reduction interface (range and nd_range) against OpenMP's reduction clause",
                        make_reductions_interface};

}  // namespace
