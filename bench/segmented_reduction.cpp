// SPDX-License-Identifier: MIT
// SYCL-Bench's Pattern_SegmentedReduction: one kernel in which every work-group sums its
// own `local`-sized segment in place, writing the sum into the segment's first element
// and leaving the others untouched (the kernels are cohort-bench-cuda's too:
// bench/kernels/segmented_reduction.hpp). Reference (BENCHMARKING.md: the same algorithm in
// plain OpenMP): the kernels' tree algorithm written as OpenMP loops; ceiling: an OpenMP
// loop over segments whose inner loop is an `omp simd reduction(+)` sum.
//
// Inputs are `i % 16`, restored before every run (the data is overwritten in place, so the
// restore is also the poison: an unwritten segment keeps 0 in its first element while its
// sum is 1920). Sums are small integers, exact in every type and order, so the check is
// exact: element 0 of a segment equals the segment sum, all others are unchanged.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>

#include <cohort/cohort.hpp>

#include "compiler_pass.hpp"
#include "harness/harness.hpp"
#include "kernels/segmented_reduction.hpp"

namespace {

template <typename T>
struct data {
  cohort::queue* q = nullptr;
  std::size_t n = 0, local = 0;
  cohort::usm_unique_ptr<T, cohort::usm::alloc::shared> values;
};

template <typename T>
const char* type_name() {
  if constexpr (std::is_same_v<T, double>) return "double";
  else if constexpr (std::is_same_v<T, float>) return "float";
  else return "int32";
}

template <typename T>
T initial(std::size_t i) {
  return static_cast<T>(i % 16);
}

template <typename T>
void segments_openmp(T* v, std::size_t n, std::size_t local) {
  const std::size_t segments = n / local;
#pragma omp parallel for schedule(static)
  for (std::size_t s = 0; s < segments; ++s) {
    T* seg = v + s * local;
    T sum = 0;
#pragma omp simd reduction(+ : sum)
    for (std::size_t l = 0; l < local; ++l) sum += seg[l];
    seg[0] = sum;
  }
}

template <typename T>
void segments_openmp_tree(T* v, std::size_t n, std::size_t local) {
  const std::size_t segments = n / local;
#pragma omp parallel for schedule(static)
  for (std::size_t s = 0; s < segments; ++s) {
    T* seg = v + s * local;
    T scratch[1024];
    for (std::size_t l = 0; l < local; ++l) scratch[l] = seg[l];
    for (std::size_t half = local / 2; half > 0; half /= 2)
      for (std::size_t l = 0; l < half; ++l) scratch[l] += scratch[l + half];
    seg[0] = scratch[0];
  }
}

template <typename T>
bench::bench_case make_case(const bench::config& cfg) {
  auto d = std::make_shared<data<T>>();
  d->q = cfg.queue;
  d->n = cfg.pick_size(std::size_t{1} << 20, std::size_t{1} << 24, std::size_t{1} << 26);
  d->local = cfg.pick_local(256);

  bench::bench_case c;
  c.name = std::string("segmented_reduction/") + type_name<T>();
  c.parts = "element type";
  c.size = d->n;
  c.local = d->local;
  c.throughput = {static_cast<double>(d->n) * sizeof(T), "GB/s"};
  c.setup = [d] {
    if (d->local > 1024 || d->local < 2 || (d->local & (d->local - 1)) != 0 || d->n % d->local != 0)
      throw std::invalid_argument("segmented_reduction needs a power-of-two --local in [2, 1024] dividing --size");
    d->values = cohort::make_shared_unique<T>(d->n, *d->q);
  };
  c.teardown = [d] { d->values.reset(); };
  auto prepare = [d] { bench::parallel_fill(d->values.get(), d->n, [](std::size_t i) { return initial<T>(i); }); };
  auto check = [d] {
    const std::size_t local = d->local;
    return bench::check_array(
        "segment", d->values.get(), d->n,
        [local](std::size_t i) {
          if (i % local != 0) return static_cast<double>(initial<T>(i));
          double sum = 0;
          for (std::size_t j = i; j < i + local; ++j) sum += static_cast<double>(initial<T>(j));
          return sum;
        },
        0.0);
  };
  c.variants.push_back({"openmp_tree", bench::role::reference, prepare,
                        [d] { segments_openmp_tree(d->values.get(), d->n, d->local); }, check});
  // Kernels with barriers run on fibers, and as the compiler pass's loops in nd_range_cbs
  // where cohort-bench is built with it (compiler_pass.hpp).
  auto models = [&](const char* name, auto segments, bool loops = false) {
    c.variants.push_back({name, bench::role::model, prepare,
                          [d, segments, loops] {
                            bench::with_loops(loops, [&] { segments(*d->q, d->values.get(), d->n, d->local).wait_and_throw(); });
                          },
                          check});
  };
  models("nd_range", [](auto&&... a) { return kernels::segments_nd_range<T>(a...); });
  if (bench::with_compiler_pass)
    models("nd_range_cbs", [](auto&&... a) { return kernels::segments_nd_range<T>(a...); }, true);
  models("hierarchical", [](auto&&... a) { return kernels::segments_hierarchical<T>(a...); });
  models("scoped", [](auto&&... a) { return kernels::segments_scoped<T>(a...); });
  c.variants.push_back({"openmp_simd_sum", bench::role::ceiling, prepare,
                        [d] { segments_openmp(d->values.get(), d->n, d->local); }, check});
  return c;
}

// The nd_range form runs in cases of its own, for the reason given in reduction.cpp.
bench::suite make_segmented(const bench::config& cfg) {
  return bench::per_type_cases_with_variant_apart(
      [&](auto tag) { return make_case<typename decltype(tag)::type>(cfg); }, "nd_range");
}

bench::registration reg{"segmented_reduction", 30,
                        "SYCL-Bench Pattern_SegmentedReduction: in-place per-group tree vs the same tree in OpenMP; a per-segment simd sum as the ceiling",
                        make_segmented};

}  // namespace
