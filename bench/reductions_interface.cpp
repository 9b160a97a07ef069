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
#include <memory>
#include <string>

#include <cohort/cohort.hpp>

#include "harness/harness.hpp"
#include "sum_case.hpp"

namespace {

using bench::sums::sum_data;

template <typename T>
bench::bench_case sum_case(const std::shared_ptr<sum_data<T>>& s, const char* name) {
  bench::bench_case c = bench::sums::sum_case(s, name, "kernel");
  c.variants.push_back(bench::sums::range_reduction_variant(s));
  const cohort::property_list init{cohort::property::reduction::initialize_to_identity{}};
  c.variants.push_back(bench::sums::sum_variant(s, "nd_range_reduction", bench::role::model, [s, init] {
    s->q->parallel_for(cohort::nd_range<1>(s->n, s->local),
                       cohort::reduction(s->result.get(), cohort::plus<T>(), init),
                       kernels::sum_nd_range_kernel<T>{s->x.get()})
        .wait_and_throw();
  }));
  c.variants.back().submits_kernels = true;
  return c;
}

bench::suite make_reductions_interface(const bench::config& cfg) {
  const std::size_t n = cfg.pick_size(std::size_t{1} << 20, std::size_t{1} << 24, std::size_t{1} << 26);
  const std::size_t local = cfg.pick_local(256);
  auto d = std::make_shared<sum_data<double>>();
  auto i = std::make_shared<sum_data<std::int32_t>>();
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
