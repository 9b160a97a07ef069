// SPDX-License-Identifier: MIT
#pragma once
// The kernels of cohort-host-pass that bench/kernels/ does not share: a range triad (also as
// a function object), an nd_range barrier exchange (bench/barrier.cpp's) and nd_range loops
// of work-group reductions and inclusive scans (bench/group_algorithms.cpp's, int32 only).
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <vector>

#include <cohort/cohort.hpp>
#include <cohort/detail/macros.hpp>

#include "timed_case.hpp"

namespace host_pass {
namespace {  // one translation unit: main.cpp

template <typename T, typename F>
void parallel_fill(T* p, std::size_t n, F value) {
#pragma omp parallel for schedule(static)
  for (std::size_t i = 0; i < n; ++i) p[i] = value(i);
}

// ---- range: a[i] = b[i] + s c[i] (the inputs are multiples of 1/8, s = 1/2: exact) ----

inline double triad_b(std::size_t i) { return 2.0 - static_cast<double>(i % 8) * 0.125; }
inline double triad_c(std::size_t i) { return 0.5 + static_cast<double>(i % 4) * 0.25; }

inline void triad_range(cohort::queue& q, double* a, const double* b, const double* c, std::size_t n) {
  const double s = 0.5;
  q.parallel_for(cohort::range<1>{n}, COHORT_LAMBDA(cohort::item<1> it) {
     const std::size_t i = it.get_id(0);
     a[i] = b[i] + s * c[i];
   }).wait_and_throw();
}

/// The same kernel as a named function object. nvcc's host pass calls an extended
/// __host__ __device__ lambda through a function pointer (its `__nv_hdl_wrapper_t`), which
/// g++ cannot inline, but calls a function object directly: the pair shows what that costs.
struct triad_kernel {
  double* a;
  const double* b;
  double s;
  const double* c;
  COHORT_INLINE void operator()(cohort::item<1> it) const {
    const std::size_t i = it.get_id(0);
    a[i] = b[i] + s * c[i];
  }
};

inline void triad_range_function_object(cohort::queue& q, double* a, const double* b, const double* c,
                                        std::size_t n) {
  q.parallel_for(cohort::range<1>{n}, triad_kernel{a, b, 0.5, c}).wait_and_throw();
}

template <bool FunctionObject>
timed_case triad_case(cohort::queue& q, std::size_t n) {
  struct data {
    cohort::usm_unique_ptr<double, cohort::usm::alloc::shared> a, b, c;
  };
  auto d = std::make_shared<data>();
  return {FunctionObject ? "range_triad_function_object" : "range_triad",
          [d, &q, n] {
            d->a = cohort::make_shared_unique<double>(n, q);
            d->b = cohort::make_shared_unique<double>(n, q);
            d->c = cohort::make_shared_unique<double>(n, q);
            parallel_fill(d->b.get(), n, [](std::size_t i) { return triad_b(i); });
            parallel_fill(d->c.get(), n, [](std::size_t i) { return triad_c(i); });
          },
          [d, n] { parallel_fill(d->a.get(), n, [](std::size_t) { return std::numeric_limits<double>::quiet_NaN(); }); },
          [d, &q, n] {
            if constexpr (FunctionObject) triad_range_function_object(q, d->a.get(), d->b.get(), d->c.get(), n);
            else triad_range(q, d->a.get(), d->b.get(), d->c.get(), n);
          },
          [d, n] {
            for (std::size_t i = 0; i < n; ++i)
              if (d->a[i] != triad_b(i) + 0.5 * triad_c(i)) return mismatch("a", i, d->a[i], triad_b(i) + 0.5 * triad_c(i));
            return std::string();
          },
          [d] { *d = {}; }};
}

// ---- nd_range: 200 steps of write, barrier, read the right neighbour plus one ----------

constexpr std::size_t barrier_local = 256, barrier_steps = 200;

inline std::uint32_t exchange_input(std::size_t i) { return static_cast<std::uint32_t>(i * 2654435761u); }

inline void exchange_nd_range(cohort::queue& q, const std::uint32_t* in, std::uint32_t* out, std::size_t n) {
  q.submit([&](cohort::handler& h) {
     const std::size_t local = barrier_local, steps = barrier_steps;
     cohort::local_accessor<std::uint32_t, 1> buf(cohort::range<1>{2 * local}, h);
     h.parallel_for(cohort::nd_range<1>{cohort::range<1>{n}, cohort::range<1>{local}},
                    COHORT_LAMBDA(cohort::nd_item<1> it) {
                      const std::size_t lid = it.get_local_id(0);
                      std::uint32_t value = in[it.get_global_id(0)];
                      for (std::size_t k = 0; k < steps; ++k) {
                        const std::size_t b = (k & 1) * local;  // two buffers: one barrier per step
                        buf[b + lid] = value;
                        cohort::group_barrier(it.get_group());
                        value = buf[b + ((lid + 1) & (local - 1))] + 1;
                      }
                      out[it.get_global_id(0)] = value;
                    });
   }).wait_and_throw();
}

inline timed_case barrier_case(cohort::queue& q, std::size_t n) {
  struct data {
    cohort::usm_unique_ptr<std::uint32_t, cohort::usm::alloc::shared> in, out;
  };
  auto d = std::make_shared<data>();
  return {"nd_range_barrier",
          [d, &q, n] {
            d->in = cohort::make_shared_unique<std::uint32_t>(n, q);
            d->out = cohort::make_shared_unique<std::uint32_t>(n, q);
            parallel_fill(d->in.get(), n, [](std::size_t i) { return exchange_input(i); });
          },
          [d, n] { parallel_fill(d->out.get(), n, [](std::size_t) { return std::uint32_t{0xdeadbeef}; }); },
          [d, &q, n] { exchange_nd_range(q, d->in.get(), d->out.get(), n); },
          [d, n] {
            // After K steps item l holds in[(l + K) mod L] + K.
            for (std::size_t i = 0; i < n; ++i) {
              const std::size_t base = i - i % barrier_local;
              const auto want = static_cast<std::uint32_t>(
                  exchange_input(base + (i % barrier_local + barrier_steps) % barrier_local) + barrier_steps);
              if (d->out[i] != want) return mismatch("out", i, d->out[i], want);
            }
            return std::string();
          },
          [d] { *d = {}; }};
}

// ---- nd_range: 512 dependent work-group reductions or inclusive scans per item ---------

constexpr std::size_t collective_local = 256, collective_calls = 512;

COHORT_INLINE int collective_input(std::size_t gid) { return static_cast<int>((gid * 7) & 15) - 8; }
COHORT_INLINE int collective_threshold(std::size_t lid) { return static_cast<int>((lid * 5) & 15) - 8; }
/// x - 1 where the call's result r exceeds the item's threshold t, else x + 1: each call
/// depends on the last, and |x| stays below 8 + 512 (sums of 256 items fit an int).
/// Branch-free, since the outcome varies by item (bench/group_algorithms_values.hpp).
COHORT_INLINE int collective_step(int x, int r, int t) {
  const unsigned down = (static_cast<unsigned>(t) - static_cast<unsigned>(r)) >> 31;
  return x + 1 - 2 * static_cast<int>(down);
}

template <bool Scan>
void collective_nd_range(cohort::queue& q, const int* in, int* out_x, int* out_r, std::size_t n) {
  const std::size_t calls = collective_calls;
  q.parallel_for(cohort::nd_range<1>{cohort::range<1>{n}, cohort::range<1>{collective_local}},
                 COHORT_LAMBDA(cohort::nd_item<1> it) {
                   const std::size_t gid = it.get_global_id(0);
                   const int t = collective_threshold(it.get_local_id(0));
                   int x = in[gid], r = 0;
                   for (std::size_t k = 0; k < calls; ++k) {
                     if constexpr (Scan) r = cohort::inclusive_scan_over_group(it.get_group(), x, cohort::plus<int>());
                     else r = cohort::reduce_over_group(it.get_group(), x, cohort::plus<int>());
                     x = collective_step(x, r, t);
                   }
                   out_x[gid] = x;
                   out_r[gid] = r;
                 })
      .wait_and_throw();
}

/// The same loop, serially per group.
template <bool Scan>
void collective_model(std::size_t n, std::vector<int>& x, std::vector<int>& r) {
  x.resize(n);
  r.assign(n, 0);
  for (std::size_t i = 0; i < n; ++i) x[i] = collective_input(i);
  for (std::size_t base = 0; base < n; base += collective_local)
    for (std::size_t k = 0; k < collective_calls; ++k) {
      int acc = 0;
      for (std::size_t l = 0; l < collective_local; ++l) {
        acc += x[base + l];
        if (Scan) r[base + l] = acc;
      }
      for (std::size_t l = 0; l < collective_local; ++l) {
        if (!Scan) r[base + l] = acc;
        x[base + l] = collective_step(x[base + l], r[base + l], collective_threshold(l));
      }
    }
}

template <bool Scan>
timed_case collective_case(cohort::queue& q, std::size_t n) {
  struct data {
    cohort::usm_unique_ptr<int, cohort::usm::alloc::shared> in, out_x, out_r;
    std::vector<int> want_x, want_r;
  };
  auto d = std::make_shared<data>();
  return {Scan ? "nd_range_inclusive_scan_over_group" : "nd_range_reduce_over_group",
          [d, &q, n] {
            d->in = cohort::make_shared_unique<int>(n, q);
            d->out_x = cohort::make_shared_unique<int>(n, q);
            d->out_r = cohort::make_shared_unique<int>(n, q);
            parallel_fill(d->in.get(), n, [](std::size_t i) { return collective_input(i); });
            collective_model<Scan>(n, d->want_x, d->want_r);
          },
          [d, n] {
            parallel_fill(d->out_x.get(), n, [](std::size_t) { return std::numeric_limits<int>::min(); });
            parallel_fill(d->out_r.get(), n, [](std::size_t) { return std::numeric_limits<int>::min(); });
          },
          [d, &q, n] { collective_nd_range<Scan>(q, d->in.get(), d->out_x.get(), d->out_r.get(), n); },
          [d, n] {
            for (std::size_t i = 0; i < n; ++i) {
              if (d->out_x[i] != d->want_x[i]) return mismatch("x", i, d->out_x[i], d->want_x[i]);
              if (d->out_r[i] != d->want_r[i]) return mismatch("r", i, d->out_r[i], d->want_r[i]);
            }
            return std::string();
          },
          [d] { *d = {}; }};
}

}  // namespace
}  // namespace host_pass
