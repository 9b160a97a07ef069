// SPDX-License-Identifier: MIT
// SYCL-Bench's Pattern_Reduction: a full sum by a multi-pass tree reduction. Each pass runs
// ceil(n / local) groups; a group loads its chunk into local memory, halves it in a
// barrier tree and writes one value; the passes ping-pong between two buffers until one
// value is left. All passes are in the timed run. The kernels are cohort-bench-cuda's too
// (bench/kernels/reduction.hpp). The reference is the same passes as OpenMP loops; the
// ceiling an OpenMP `parallel for simd reduction(+)` loop with a typed accumulator (`simd`
// lets the compiler vectorise it; OpenMP's reduction already allows any summation order).
//
// Inputs are `i % m` (m = 16, a power of two, unless the int32 sum would overflow; m = 2 for
// float), so double and int32 results are exact in any order; see float_tolerance() for float.
// The kernels never write the input; both ping-pong buffers are poisoned before every run.
#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>

#include <cohort/cohort.hpp>

#include "compiler_pass.hpp"
#include "harness/harness.hpp"
#include "kernels/reduction.hpp"

namespace {

template <typename T>
struct data {
  cohort::queue* q = nullptr;
  std::size_t n = 0, local = 0, modulus = 16;
  cohort::usm_unique_ptr<T, cohort::usm::alloc::shared> in, ping, pong;
  T result{};
};

template <typename T>
const char* type_name() {
  if constexpr (std::is_same_v<T, double>) return "double";
  else if constexpr (std::is_same_v<T, float>) return "float";
  else return "int32";
}

/// Exact sum of i % m for i < n.
inline std::int64_t exact_sum(std::size_t n, std::size_t m) {
  const auto full = static_cast<std::int64_t>(n / m), rest = static_cast<std::int64_t>(n % m);
  const auto mm = static_cast<std::int64_t>(m);
  return full * (mm * (mm - 1) / 2) + rest * (rest - 1) / 2;
}

/// Float: the inputs are 0 and 1, so every partial sum is an integer, exact while it stays
/// below 2^24. In the tree variants only the last few levels (at most log2(n)) exceed it, each
/// adding at most 2^-24 relative error. In the OpenMP simd loop a lane adds at most n / lanes
/// ones; with 32 lanes (2 threads x 16 floats) that is exact up to 2^29 elements (2^27 with 8
/// lanes), and only the final combination rounds. So 1e-5 (about 170 roundings) is sound up to
/// 2^27 elements; beyond that a lane's sequential sum rounds as well (up to n / 8 * 2^-24).
/// (With values up to 15, lane 15 of 16 always received the 15s and passed 2^24 at 2^26.)
inline double float_tolerance(std::size_t n) {
  const double lane_chain = static_cast<double>(n) / 8.0 * 0x1p-24;
  return n <= (std::size_t{1} << 27) ? 1e-5 : (lane_chain > 1e-5 ? lane_chain : 1e-5);
}

template <typename T>
T reduce_openmp(const T* in, std::size_t n) {
  T sum = 0;
#pragma omp parallel for simd schedule(static) reduction(+ : sum)
  for (std::size_t i = 0; i < n; ++i) sum += in[i];
  return sum;
}

/// The kernels' algorithm as plain OpenMP loops (the reference): the same passes, each
/// group's chunk copied to a local array and halved in a tree.
template <typename T>
T reduce_openmp_tree(const T* in, T* ping, T* pong, std::size_t n, std::size_t local) {
  T* out = ping;
  T* other = pong;
  do {
    const std::size_t groups = (n + local - 1) / local;
#pragma omp parallel for schedule(static)
    for (std::size_t g = 0; g < groups; ++g) {
      T scratch[1024];
      const std::size_t base = g * local;
      const std::size_t valid = n - base < local ? n - base : local;
      for (std::size_t l = 0; l < valid; ++l) scratch[l] = in[base + l];
      for (std::size_t l = valid; l < local; ++l) scratch[l] = T(0);
      for (std::size_t half = local / 2; half > 0; half /= 2)
        for (std::size_t l = 0; l < half; ++l) scratch[l] += scratch[l + half];
      out[g] = scratch[0];
    }
    n = groups;
    in = out;
    std::swap(out, other);
  } while (n > 1);
  return in[0];
}

/// Passes until one value is left; returns it.
template <typename T, typename Pass>
T multi_pass(data<T>& d, Pass pass) {
  cohort::event e;
  const T* in = d.in.get();
  T* out = d.ping.get();
  T* other = d.pong.get();
  std::size_t n = d.n;
  do {
    e = pass(*d.q, e, in, out, n, d.local);
    n = (n + d.local - 1) / d.local;
    in = out;
    std::swap(out, other);
  } while (n > 1);
  e.wait_and_throw();
  return in[0];
}

template <typename T>
bench::bench_case make_case(const bench::config& cfg) {
  auto d = std::make_shared<data<T>>();
  d->q = cfg.queue;
  d->n = cfg.pick_size(std::size_t{1} << 20, std::size_t{1} << 24, std::size_t{1} << 26);
  d->local = cfg.pick_local(256);
  if constexpr (std::is_same_v<T, float>) d->modulus = 2;
  while (d->modulus > 2 && exact_sum(d->n, d->modulus) > std::numeric_limits<std::int32_t>::max()) d->modulus /= 2;

  bench::bench_case c;
  c.name = std::string("reduction/") + type_name<T>();
  c.parts = "element type";
  c.size = d->n;
  c.local = d->local;
  c.throughput = {static_cast<double>(d->n) * sizeof(T), "GB/s"};
  c.setup = [d] {
    if (d->local > 1024 || (d->local & (d->local - 1)) != 0 || d->local < 2)
      throw std::invalid_argument("reduction needs a power-of-two --local in [2, 1024]");
    const std::size_t partials = (d->n + d->local - 1) / d->local;
    d->in = cohort::make_shared_unique<T>(d->n, *d->q);
    d->ping = cohort::make_shared_unique<T>(partials, *d->q);
    d->pong = cohort::make_shared_unique<T>(partials, *d->q);
    const std::size_t m = d->modulus;
    bench::parallel_fill(d->in.get(), d->n, [m](std::size_t i) { return static_cast<T>(i & (m - 1)); });
  };
  c.teardown = [d] {
    d->in.reset();
    d->ping.reset();
    d->pong.reset();
  };
  // Rewriting the (unchanged) input too puts every variant's run on the same cache state:
  // 2^24 elements fit this machine's L3, and a variant timed right after a slow one (the
  // nd_range passes take about a second) would otherwise find it cold.
  auto prepare = [d] {
    const std::size_t m = d->modulus;
    bench::parallel_fill(d->in.get(), d->n, [m](std::size_t i) { return static_cast<T>(i & (m - 1)); });
    bench::poison(d->ping.get(), d->ping.size());
    bench::poison(d->pong.get(), d->pong.size());
    if constexpr (std::is_floating_point_v<T>) d->result = std::numeric_limits<T>::quiet_NaN();
    else d->result = T(-1);
  };
  auto check = [d] {
    const double tol = std::is_same_v<T, float> ? float_tolerance(d->n) : 0.0;
    return bench::check_value("sum", static_cast<double>(d->result), static_cast<double>(exact_sum(d->n, d->modulus)),
                              tol);
  };
  c.variants.push_back({"openmp_tree", bench::role::reference, prepare,
                        [d] { d->result = reduce_openmp_tree(d->in.get(), d->ping.get(), d->pong.get(), d->n, d->local); },
                        check});
  // Kernels with barriers run on fibers, and as the compiler pass's loops in nd_range_cbs
  // where cohort-bench is built with it (compiler_pass.hpp).
  auto models = [&](const char* name, auto pass, bool loops = false) {
    c.variants.push_back({name, bench::role::model, prepare,
                          [d, pass, loops] { bench::with_loops(loops, [&] { d->result = multi_pass(*d, pass); }); },
                          check});
  };
  models("nd_range", [](auto&&... a) { return kernels::pass_nd_range<T>(a...); });
  if (bench::with_compiler_pass)
    models("nd_range_cbs", [](auto&&... a) { return kernels::pass_nd_range<T>(a...); }, true);
  models("hierarchical", [](auto&&... a) { return kernels::pass_hierarchical<T>(a...); });
  models("scoped", [](auto&&... a) { return kernels::pass_scoped<T>(a...); });
  c.variants.push_back({"openmp_reduction", bench::role::ceiling, prepare,
                        [d] { d->result = reduce_openmp(d->in.get(), d->n); }, check});
  return c;
}

// The nd_range form (a barrier per tree level, ~0.7 s a run here) goes into cases of its
// own after the others: interleaved with them, its runs left the reference 1.6x and the
// hierarchical form 2.7x slower for seconds afterwards, in either run order.
bench::suite make_reduction(const bench::config& cfg) {
  return bench::per_type_cases_with_variant_apart(
      [&](auto tag) { return make_case<typename decltype(tag)::type>(cfg); }, "nd_range");
}

bench::registration reg{"reduction", 20,
                        "SYCL-Bench Pattern_Reduction: multi-pass local-memory tree vs the same tree in OpenMP; OpenMP reduction(+) as the ceiling",
                        make_reduction};

}  // namespace
