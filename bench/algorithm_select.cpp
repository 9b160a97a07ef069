// SPDX-License-Identifier: MIT
// Three device-wide algorithms against the plain OpenMP loops that do the same work:
// - copy_if of int32 keeping about half of them, against a two-pass OpenMP compaction
//   (each thread counts its static chunk, then writes its selected elements at the sum of
//   the counts before it);
// - histogram_even of int32 samples into 256 bins, against OpenMP with one histogram per
//   thread summed over the bins afterwards (the same exact integer bin arithmetic);
// - segmented_reduce (sum) of int32 in segments of equal length, against an OpenMP loop
//   over the segments.
// The inputs are pseudo-random integers; every result is integer and checked exactly
// against values computed once in the setup. Outputs are poisoned before each run.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <omp.h>

#include <cohort/algorithm/copy_if.hpp>
#include <cohort/algorithm/histogram.hpp>
#include <cohort/algorithm/segmented_reduce.hpp>
#include <cohort/cohort.hpp>

#include "harness/harness.hpp"
#include "kernels/algorithm_inputs.hpp"

namespace {

struct is_even {
  COHORT_FUNCTION bool operator()(std::int32_t v) const { return (v & 1) == 0; }
};

template <typename T>
using shared_ptr_usm = cohort::usm_unique_ptr<T, cohort::usm::alloc::shared>;

/// A case over n int32 elements moving `bytes` a run.
bench::bench_case int32_case(const std::string& name, std::size_t n, double bytes) {
  bench::bench_case c;
  c.name = name;
  c.parts = "algorithm / size";
  c.size = n;
  c.throughput = {bytes, "GB/s"};
  return c;
}

// ---- copy_if ------------------------------------------------------------------------------

struct select_data {
  cohort::queue* q = nullptr;
  std::size_t n = 0;
  shared_ptr_usm<std::int32_t> in, out;
  shared_ptr_usm<std::size_t> count;
  std::vector<std::int32_t> expected;
  std::vector<std::size_t> thread_counts;
};

void copy_if_openmp(const std::int32_t* in, std::size_t n, std::int32_t* out, std::size_t* count,
                    std::vector<std::size_t>& counts) {
#pragma omp parallel
  {
    const std::size_t t = static_cast<std::size_t>(omp_get_thread_num());
    const std::size_t threads = static_cast<std::size_t>(omp_get_num_threads());
    const std::size_t begin = n * t / threads, end = n * (t + 1) / threads;
    std::size_t mine = 0;
    for (std::size_t i = begin; i < end; ++i) mine += is_even{}(in[i]) ? 1 : 0;
    counts[t] = mine;
#pragma omp barrier
    std::size_t before = 0;
    for (std::size_t k = 0; k < t; ++k) before += counts[k];
    std::int32_t* to = out + before;
    for (std::size_t i = begin; i < end; ++i) {
      const std::int32_t v = in[i];
      if (is_even{}(v)) *to++ = v;
    }
    if (t == threads - 1) *count = static_cast<std::size_t>(to - out);
  }
}

bench::bench_case copy_if_case(const std::shared_ptr<select_data>& s, const std::string& name) {
  // Read n, write the selected ones.
  bench::bench_case c = int32_case(name, s->n, 4.0 * static_cast<double>(s->n) * 1.5);
  c.setup = [s] {
    s->in = cohort::make_shared_unique<std::int32_t>(s->n, *s->q);
    s->out = cohort::make_shared_unique<std::int32_t>(s->n, *s->q);
    s->count = cohort::make_shared_unique<std::size_t>(1, *s->q);
    bench::parallel_fill(s->in.get(), s->n, kernels::random_int32);
    s->expected.clear();
    std::copy_if(s->in.get(), s->in.get() + s->n, std::back_inserter(s->expected), is_even{});
    s->thread_counts.assign(static_cast<std::size_t>(omp_get_max_threads()), 0);
  };
  c.teardown = [s] {
    s->in.reset();
    s->out.reset();
    s->count.reset();
    s->expected = {};
  };
  auto prepare = [s] {
    bench::poison(s->out.get(), s->n);
    s->count.get()[0] = 0;
  };
  auto check = [s]() -> bench::verdict {
    if (s->count.get()[0] != s->expected.size())
      return bench::verdict::fail("count " + std::to_string(s->count.get()[0]) + ", expected " +
                                  std::to_string(s->expected.size()));
    return bench::check_array("out", s->out.get(), s->expected.size(), [s](std::size_t i) { return s->expected[i]; },
                              0.0);
  };
  c.variants.push_back({"openmp_two_pass", bench::role::reference, prepare,
                        [s] { copy_if_openmp(s->in.get(), s->n, s->out.get(), s->count.get(), s->thread_counts); },
                        check});
  c.variants.push_back({"cohort::copy_if", bench::role::model, prepare,
                        [s] {
                          cohort::copy_if(*s->q, s->in.get(), s->in.get() + s->n, s->out.get(), s->count.get(),
                                          is_even{})
                              .wait_and_throw();
                        },
                        check});
  c.variants.back().submits_kernels = true;
  return c;
}

// ---- histogram_even -----------------------------------------------------------------------

constexpr std::size_t histogram_bins = 256;
constexpr std::int32_t histogram_lower = -(1 << 20), histogram_upper = 3 << 20;

/// The bounds and the bin count are run-time values, as in a call of histogram_even.
struct bin_bounds {
  std::int32_t lower, upper;
  std::size_t bins;
};

struct histogram_data {
  cohort::queue* q = nullptr;
  std::size_t n = 0;
  shared_ptr_usm<std::int32_t> samples, histogram;
  std::vector<std::int32_t> expected;
  std::vector<std::int32_t> per_thread;  // bins per thread, padded
  bin_bounds bounds{histogram_lower, histogram_upper, histogram_bins};
};

/// A sample spread a little beyond [lower, upper), so that some are not counted.
inline std::int32_t histogram_sample(std::size_t i) {
  const auto r = static_cast<std::uint32_t>(kernels::random_int32(i));
  return static_cast<std::int32_t>(r % (5u << 20)) - (3 << 19);
}

void histogram_openmp(const std::int32_t* samples, std::size_t n, std::int32_t* histogram, const bin_bounds& h,
                      std::vector<std::int32_t>& per_thread) {
  const std::size_t stride = h.bins + 16;  // a cache line apart
#pragma omp parallel
  {
    const std::size_t threads = static_cast<std::size_t>(omp_get_num_threads());
    std::int32_t* mine = per_thread.data() + static_cast<std::size_t>(omp_get_thread_num()) * stride;
    std::fill(mine, mine + h.bins, 0);
#pragma omp for schedule(static)
    for (std::size_t i = 0; i < n; ++i) {
      std::size_t b;
      if (kernels::histogram_bin(samples[i], h.lower, h.upper, h.bins, b)) ++mine[b];
    }
#pragma omp for schedule(static)
    for (std::size_t b = 0; b < h.bins; ++b) {
      std::int32_t sum = 0;
      for (std::size_t t = 0; t < threads; ++t) sum += per_thread[t * stride + b];
      histogram[b] = sum;
    }
  }
}

bench::bench_case histogram_case(const std::shared_ptr<histogram_data>& s, const std::string& name) {
  bench::bench_case c = int32_case(name, s->n, 4.0 * static_cast<double>(s->n));
  c.setup = [s] {
    s->samples = cohort::make_shared_unique<std::int32_t>(s->n, *s->q);
    s->histogram = cohort::make_shared_unique<std::int32_t>(histogram_bins, *s->q);
    bench::parallel_fill(s->samples.get(), s->n, histogram_sample);
    s->expected = kernels::expected_histogram(s->samples.get(), s->n, s->bounds.lower, s->bounds.upper, s->bounds.bins);
    s->per_thread.assign(static_cast<std::size_t>(omp_get_max_threads()) * (histogram_bins + 16), 0);
  };
  c.teardown = [s] {
    s->samples.reset();
    s->histogram.reset();
  };
  auto prepare = [s] { bench::poison(s->histogram.get(), histogram_bins); };
  auto check = [s] {
    return bench::check_array("histogram", s->histogram.get(), histogram_bins,
                              [s](std::size_t b) { return s->expected[b]; }, 0.0);
  };
  c.variants.push_back({"openmp_per_thread_histograms", bench::role::reference, prepare,
                        [s] { histogram_openmp(s->samples.get(), s->n, s->histogram.get(), s->bounds, s->per_thread); }, check});
  c.variants.push_back({"cohort::histogram_even", bench::role::model, prepare,
                        [s] {
                          cohort::histogram_even(*s->q, s->samples.get(), s->n, s->histogram.get(), s->bounds.bins,
                                                 s->bounds.lower, s->bounds.upper)
                              .wait_and_throw();
                        },
                        check});
  c.variants.back().submits_kernels = true;
  return c;
}

// ---- segmented_reduce ---------------------------------------------------------------------

struct segments_data {
  cohort::queue* q = nullptr;
  std::size_t n = 0, segments = 0;
  shared_ptr_usm<std::int32_t> values, sums;
  shared_ptr_usm<std::size_t> offsets;  // segments + 1: segment s is [offsets[s], offsets[s + 1])
  std::vector<std::int32_t> expected;
};

void segmented_sum_openmp(const std::int32_t* values, const std::size_t* offsets, std::size_t segments,
                          std::int32_t* sums) {
#pragma omp parallel for schedule(static)
  for (std::size_t s = 0; s < segments; ++s) {
    std::int32_t sum = 0;
    for (std::size_t i = offsets[s]; i < offsets[s + 1]; ++i) sum += values[i];
    sums[s] = sum;
  }
}

bench::bench_case segments_case(const std::shared_ptr<segments_data>& s, const std::string& name) {
  bench::bench_case c = int32_case(name, s->n, 4.0 * static_cast<double>(s->n));
  c.setup = [s] {
    s->values = cohort::make_shared_unique<std::int32_t>(s->n, *s->q);
    s->sums = cohort::make_shared_unique<std::int32_t>(s->segments, *s->q);
    s->offsets = cohort::make_shared_unique<std::size_t>(s->segments + 1, *s->q);
    bench::parallel_fill(s->values.get(), s->n, kernels::segment_value);
    for (std::size_t k = 0; k <= s->segments; ++k) s->offsets.get()[k] = kernels::segment_begin(s->n, s->segments, k);
    s->expected = kernels::expected_segment_sums(s->values.get(), s->offsets.get(), s->segments);
  };
  c.teardown = [s] {
    s->values.reset();
    s->sums.reset();
    s->offsets.reset();
  };
  auto prepare = [s] { bench::poison(s->sums.get(), s->segments); };
  auto check = [s] {
    return bench::check_array("sums", s->sums.get(), s->segments, [s](std::size_t k) { return s->expected[k]; }, 0.0);
  };
  c.variants.push_back({"openmp_loop_over_segments", bench::role::reference, prepare,
                        [s] { segmented_sum_openmp(s->values.get(), s->offsets.get(), s->segments, s->sums.get()); },
                        check});
  c.variants.push_back({"cohort::segmented_reduce", bench::role::model, prepare,
                        [s] {
                          cohort::segmented_reduce(*s->q, s->values.get(), s->sums.get(), s->segments,
                                                   s->offsets.get(), s->offsets.get() + 1, std::int32_t{0},
                                                   cohort::plus<std::int32_t>())
                              .wait_and_throw();
                        },
                        check});
  c.variants.back().submits_kernels = true;
  return c;
}

std::string power_of_two(std::size_t n) {
  std::size_t e = 0;
  while ((std::size_t{1} << e) < n) ++e;
  return (std::size_t{1} << e) == n ? "2^" + std::to_string(e) : std::to_string(n);
}

bench::suite make_algorithm_select(const bench::config& cfg) {
  bench::suite suite;
  const std::size_t small = cfg.pick_size(std::size_t{1} << 16, std::size_t{1} << 20, std::size_t{1} << 20);
  const std::size_t large = cfg.pick_size(std::size_t{1} << 18, std::size_t{1} << 24, std::size_t{1} << 26);
  for (std::size_t n : {small, large}) {
    auto s = std::make_shared<select_data>();
    s->q = cfg.queue;
    s->n = n;
    suite.cases.push_back(copy_if_case(s, "algorithm_select/copy_if_int32_half/" + power_of_two(n)));
  }
  auto h = std::make_shared<histogram_data>();
  h->q = cfg.queue;
  h->n = large;
  suite.cases.push_back(histogram_case(h, "algorithm_select/histogram_even_int32_256_bins/" + power_of_two(large)));
  auto g = std::make_shared<segments_data>();
  g->q = cfg.queue;
  g->n = large;
  g->segments = std::max<std::size_t>(1, large >> 10);
  suite.cases.push_back(segments_case(g, "algorithm_select/segmented_reduce_int32/" + power_of_two(large) + "_in_" +
                                             power_of_two(g->segments)));
  return suite;
}

bench::registration reg{"algorithm_select", 82,
                        "copy_if, histogram_even and segmented_reduce against the same work in plain OpenMP loops",
                        make_algorithm_select};

}  // namespace
