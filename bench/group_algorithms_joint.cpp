// SPDX-License-Identifier: MIT
// Joint (pointer) forms of the group-algorithm benchmark: one work-group runs
// joint_reduce, joint_inclusive_scan, joint_exclusive_scan or joint_any_of over a range
// of n elements (1 Mi by default), R times in one kernel, each time over the window
// [k, k + n) of an input of n + R - 1 elements (so no call repeats another). Reported:
// ns per element = time / (n x R).
//
// Reference: the same R windows as single-thread loops (one group runs on one thread):
// an OpenMP `simd` reduction, a scan loop, a `simd` or-reduction over the whole window.
//
// Inputs are i & 15, so every sum and prefix sum stays below 2^24 and is exact in fp32 in
// any order. Checks: reduce -- every item's total over the R windows; scans -- the output
// of the last window; any_of -- a single element above the predicate's bound sits at the
// end of the input, inside the last window only, so the count of true answers must be 1
// (and every window is searched to its end).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include <cohort/cohort.hpp>
#include <cohort/detail/macros.hpp>

#include "compiler_pass.hpp"
#include "fiber_switches.hpp"
#include "group_algorithms_joint.hpp"
#include "group_algorithms_values.hpp"
#include "harness/harness.hpp"

namespace bench {

namespace {

using group_values::type_name;

enum class joint { reduce, inclusive_scan, exclusive_scan, any_of };

const char* joint_name(joint a) {
  switch (a) {
    case joint::reduce: return "joint_reduce";
    case joint::inclusive_scan: return "joint_inclusive_scan";
    case joint::exclusive_scan: return "joint_exclusive_scan";
    default: return "joint_any_of";
  }
}

/// Windows per kernel: enough work per run that launching is negligible.
constexpr std::size_t windows(joint a) { return a == joint::reduce || a == joint::any_of ? 16 : 4; }

constexpr int any_bound = 50;  // joint_any_of looks for an element above this

template <typename T>
struct above_bound {
  COHORT_INLINE bool operator()(const T& v) const { return v > T(any_bound); }
};

template <typename T>
struct data {
  cohort::queue* q = nullptr;
  std::size_t n = 0, local = 0, reps = 0;
  cohort::usm_unique_ptr<T, cohort::usm::alloc::shared> in, out;
  cohort::usm_unique_ptr<double, cohort::usm::alloc::shared> totals;  // one per item
  std::vector<T> expect_out;
  double expect_total = 0;
};

template <joint A, typename T>
void run_reference(data<T>& d) {
  const T* in = d.in.get();
  const std::size_t n = d.n;
  double total = 0;
  for (std::size_t k = 0; k < d.reps; ++k) {
    const T* w = in + k;
    if constexpr (A == joint::reduce) {
      T s = 0;
#pragma omp simd reduction(+ : s)
      for (std::size_t i = 0; i < n; ++i) s += w[i];
      total += static_cast<double>(s);
    } else if constexpr (A == joint::any_of) {
      int any = 0;  // an int or-reduction vectorises; `||` does not
#pragma omp simd reduction(| : any)
      for (std::size_t i = 0; i < n; ++i) any |= above_bound<T>{}(w[i]) ? 1 : 0;
      total += any != 0 ? 1 : 0;
    } else if constexpr (A == joint::inclusive_scan) {
      group_values::group_inclusive_scan(w, d.out.get(), n);
    } else {
      group_values::group_exclusive_scan(w, d.out.get(), n);
    }
  }
  for (std::size_t l = 0; l < d.local; ++l) d.totals[l] = total;
}

template <joint A, typename T>
void run_nd_range(data<T>& d) {
  const T* in = d.in.get();
  T* out = d.out.get();
  double* totals = d.totals.get();
  const std::size_t n = d.n, reps = d.reps;
  d.q->parallel_for(cohort::nd_range<1>{cohort::range<1>{d.local}, cohort::range<1>{d.local}},
                    COHORT_LAMBDA(cohort::nd_item<1> it) {
                      const auto g = it.get_group();
                      double total = 0;
                      for (std::size_t k = 0; k < reps; ++k) {
                        const T* w = in + k;
                        if constexpr (A == joint::reduce)
                          total += static_cast<double>(cohort::joint_reduce(g, w, w + n, cohort::plus<T>()));
                        else if constexpr (A == joint::any_of)
                          total += cohort::joint_any_of(g, w, w + n, above_bound<T>{}) ? 1 : 0;
                        else if constexpr (A == joint::inclusive_scan)
                          cohort::joint_inclusive_scan(g, w, w + n, out, cohort::plus<T>());
                        else
                          cohort::joint_exclusive_scan(g, w, w + n, out, cohort::plus<T>());
                      }
                      totals[it.get_local_id(0)] = total;
                    })
      .wait_and_throw();
}

template <joint A, typename T>
bench_case make_case(const config& cfg) {
  auto d = std::make_shared<data<T>>();
  d->q = cfg.queue;
  d->n = cfg.pick_size(std::size_t{1} << 16, std::size_t{1} << 20, std::size_t{1} << 20);
  d->local = cfg.pick_local(256);
  d->reps = windows(A);

  bench_case c;
  c.name = std::string("group_algorithms/") + joint_name(A) + "/" + type_name<T>() + "/" + std::to_string(d->local);
  c.size = d->n;
  c.local = d->local;
  c.family = "group_algorithms_joint";  // another reference (1-thread simd): its ratios apart
  c.parts = "algorithm / element type / work-group size";
  c.throughput = {static_cast<double>(d->n) * static_cast<double>(d->reps), "ns/element", true};
  c.setup = [d] {
    const std::size_t len = d->n + d->reps - 1;
    d->in = cohort::make_shared_unique<T>(len, *d->q);
    d->out = cohort::make_shared_unique<T>(d->n, *d->q);
    d->totals = cohort::make_shared_unique<double>(d->local, *d->q);
    parallel_fill(d->in.get(), len, [](std::size_t i) { return static_cast<T>(i & 15); });
    if constexpr (A == joint::any_of) d->in[len - 1] = T(any_bound + 1);
    if constexpr (A == joint::reduce) {
      std::int64_t total = 0;
      for (std::size_t k = 0; k < d->reps; ++k)
        for (std::size_t i = k; i < k + d->n; ++i) total += static_cast<std::int64_t>(i & 15);
      d->expect_total = static_cast<double>(total);
    } else if constexpr (A == joint::any_of) {
      d->expect_total = 1;
    } else {
      d->expect_out.resize(d->n);
      std::int64_t acc = 0;
      for (std::size_t i = 0; i < d->n; ++i) {
        const std::int64_t v = static_cast<std::int64_t>((d->reps - 1 + i) & 15);
        if constexpr (A == joint::exclusive_scan) d->expect_out[i] = static_cast<T>(acc);
        acc += v;
        if constexpr (A == joint::inclusive_scan) d->expect_out[i] = static_cast<T>(acc);
      }
    }
  };
  c.teardown = [d] {
    d->in.reset();
    d->out.reset();
    d->totals.reset();
    d->expect_out = {};
  };
  auto prepare = [d] {
    poison(d->out.get(), d->n);
    poison(d->totals.get(), d->local);
  };
  auto check = [d]() -> verdict {
    if constexpr (A == joint::reduce || A == joint::any_of) {
      const double expected = d->expect_total;
      return check_array("total", d->totals.get(), d->local, [expected](std::size_t) { return expected; }, 0.0);
    } else {
      const T* e = d->expect_out.data();
      return check_array("out", d->out.get(), d->n, [e](std::size_t i) { return e[i]; }, 0.0);
    }
  };
  c.variants.push_back({"openmp_simd_1thread", role::reference, prepare, [d] { run_reference<A>(*d); }, check});
  // On fibers, and as the compiler pass's loops in nd_range_cbs where cohort-bench is built
  // with it (compiler_pass.hpp).
  for (const bool loops : {false, true}) {
    if (loops && !with_compiler_pass) break;
    auto run = [d, loops] { with_loops(loops, [&] { run_nd_range<A>(*d); }); };
    variant nd{loops ? "nd_range_cbs" : "nd_range", role::model, prepare, run, check};
    nd.note = [d, run] {
      char buf[48];
      std::snprintf(buf, sizeof buf, "%.2f sw/item/call",
                    fiber_switches_per_call(static_cast<double>(d->local) * static_cast<double>(d->reps), run));
      return std::string(buf);
    };
    c.variants.push_back(std::move(nd));
  }
  return c;
}

template <typename T>
void add_type(suite& s, const config& cfg) {
  s.cases.push_back(make_case<joint::reduce, T>(cfg));
  s.cases.push_back(make_case<joint::inclusive_scan, T>(cfg));
  s.cases.push_back(make_case<joint::exclusive_scan, T>(cfg));
  s.cases.push_back(make_case<joint::any_of, T>(cfg));
}

}  // namespace

void add_joint_cases(suite& s, const config& cfg) {
  add_type<float>(s, cfg);
  if (cfg.preset == size_preset::full) {
    add_type<std::int32_t>(s, cfg);
    add_type<double>(s, cfg);
  }
}

}  // namespace bench
