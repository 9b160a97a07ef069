// SPDX-License-Identifier: MIT
// BabelStream's five classic kernels (copy, mul, add, triad, dot) on fp64 arrays, in every
// cohort kernel model against the same loops in plain OpenMP.
//
// Data: a, b, c hold bounded, index-dependent values (so an indexing bug cannot pass) and
// are reset at the start of each case; a case's output array is poisoned with NaN before
// every run. Copy, add and dot are exact; mul and triad are checked to BabelStream's
// relative 100 epsilon (a fused multiply-add may round once less).
//
// Dot: each group reduces one contiguous block of `local * dot_per_item` elements, its items
// striding by the group size inside the block (consecutive items read consecutive
// elements: coalesced on GPUs; cache- and TLB-friendly on CPUs, unlike BabelStream's
// grid-wide stride, which on this CPU touches a new page on every access); each group
// then sums its items' values in local memory (a barrier tree) and writes one partial;
// the partials are summed on the host inside the timed run, as BabelStream does. Its
// reference is that algorithm as plain OpenMP loops; a plain OpenMP `reduction(+)` dot
// is the ceiling (each item's chain of 64 dependent adds makes the blocked form about
// 0.43x of it as OpenMP loops already: g++ vectorises neither form across items).
#include <cmath>
#include <limits>
#include <stdexcept>
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include <cohort/cohort.hpp>
#include <cohort/detail/macros.hpp>
#include <cohort/scoped.hpp>

#include "harness/harness.hpp"

namespace {

using real = double;
constexpr real scalar = 0.4;          // BabelStream's startScalar
constexpr std::size_t dot_per_item = 64;  // elements each work-item of dot accumulates

// Initial values: multiples of 2^-4 in [0.5, 2], so every product a*b is a multiple of
// 2^-8 below 4 and the dot sum is exact in fp64 for any order up to 2^44 elements.
inline real a0(std::size_t i) { return 1.0 + static_cast<real>(i % 16) * 0.0625; }
inline real b0(std::size_t i) { return 2.0 - static_cast<real>(i % 8) * 0.125; }
inline real c0(std::size_t i) { return 0.5 + static_cast<real>(i % 4) * 0.25; }

struct arrays {
  cohort::queue* q = nullptr;
  std::size_t n = 0, local = 0;
  cohort::usm_unique_ptr<real, cohort::usm::alloc::shared> a, b, c, partial;
  std::size_t dot_groups = 0;
  real dot = 0;  // result of the last dot run
};

// The four streaming kernels as element functions; each variant runs the same body.
struct copy_op {
  const real* a;
  real* c;
  COHORT_INLINE void operator()(std::size_t i) const { c[i] = a[i]; }
};
struct mul_op {
  real* b;
  const real* c;
  COHORT_INLINE void operator()(std::size_t i) const { b[i] = scalar * c[i]; }
};
struct add_op {
  const real* a;
  const real* b;
  real* c;
  COHORT_INLINE void operator()(std::size_t i) const { c[i] = a[i] + b[i]; }
};
struct triad_op {
  real* a;
  const real* b;
  const real* c;
  COHORT_INLINE void operator()(std::size_t i) const { a[i] = b[i] + scalar * c[i]; }
};

template <typename Op>
void run_openmp(std::size_t n, Op op) {
#pragma omp parallel for schedule(static)
  for (std::size_t i = 0; i < n; ++i) op(i);
}
template <typename Op>
void run_range(cohort::queue& q, std::size_t n, Op op) {
  q.parallel_for(cohort::range<1>{n}, COHORT_LAMBDA(cohort::id<1> i) { op(i[0]); }).wait_and_throw();
}
template <typename Op>
void run_nd_range(cohort::queue& q, std::size_t n, std::size_t local, Op op) {
  q.parallel_for(cohort::nd_range<1>{cohort::range<1>{n}, cohort::range<1>{local}},
                 COHORT_LAMBDA(cohort::nd_item<1> it) { op(it.get_global_id(0)); })
      .wait_and_throw();
}
template <typename Op>
void run_hierarchical(cohort::queue& q, std::size_t n, std::size_t local, Op op) {
  q.submit([&](cohort::handler& h) {
     h.parallel_for_work_group(cohort::range<1>{n / local}, cohort::range<1>{local},
                               COHORT_LAMBDA(cohort::group<1> g) {
                                 g.parallel_for_work_item([&](cohort::h_item<1> it) { op(it.get_global_id(0)); });
                               });
   }).wait_and_throw();
}

template <typename Op>
void run_scoped(cohort::queue& q, std::size_t n, std::size_t local, Op op) {
  q.parallel(cohort::range<1>{n / local}, cohort::range<1>{local}, COHORT_LAMBDA(auto g) {
     cohort::distribute_items(g, [&](cohort::s_item<1> it) { op(it.get_global_id(0)); });
   }).wait_and_throw();
}

// ---- dot -------------------------------------------------------------------------------

real dot_openmp(const real* a, const real* b, std::size_t n) {
  real sum = 0;
#pragma omp parallel for simd schedule(static) reduction(+ : sum)
  for (std::size_t i = 0; i < n; ++i) sum += a[i] * b[i];
  return sum;
}

real sum_partials(const real* p, std::size_t groups) {
  real s = 0;
  for (std::size_t g = 0; g < groups; ++g) s += p[g];
  return s;
}

/// One work-item's share of dot: elements first, first + local, ... (dot_per_item of them,
/// those below n).
COHORT_INLINE real item_dot(const real* a, const real* b, std::size_t n, std::size_t first, std::size_t local) {
  real s = 0;
  for (std::size_t k = 0; k < dot_per_item; ++k) {
    const std::size_t i = first + k * local;
    if (i < n) s += a[i] * b[i];
  }
  return s;
}

/// The kernels' algorithm as plain OpenMP loops (the reference): a group's items each
/// accumulate their strided elements, a tree halves the group's values, one partial per group.
real dot_openmp_blocked(const real* a, const real* b, real* partial, std::size_t n, std::size_t local,
                        std::size_t groups) {
#pragma omp parallel for schedule(static)
  for (std::size_t g = 0; g < groups; ++g) {
    real scratch[1024];  // local <= 1024 (checked by the factory)
    const std::size_t block = g * local * dot_per_item;
    for (std::size_t lid = 0; lid < local; ++lid) scratch[lid] = item_dot(a, b, n, block + lid, local);
    for (std::size_t half = local / 2; half > 0; half /= 2)
      for (std::size_t l = 0; l < half; ++l) scratch[l] += scratch[l + half];
    partial[g] = scratch[0];
  }
  return sum_partials(partial, groups);
}

real dot_nd_range(cohort::queue& q, const real* a, const real* b, real* partial, std::size_t n, std::size_t local,
                  std::size_t groups) {
  q.submit([&](cohort::handler& h) {
     cohort::local_accessor<real, 1> scratch(cohort::range<1>{local}, h);
     h.parallel_for(cohort::nd_range<1>{cohort::range<1>{groups * local}, cohort::range<1>{local}},
                    COHORT_LAMBDA(cohort::nd_item<1> it) {
                      const std::size_t lid = it.get_local_id(0);
                      scratch[lid] = item_dot(a, b, n, it.get_group(0) * local * dot_per_item + lid, local);
                      for (std::size_t half = local / 2; half > 0; half /= 2) {
                        cohort::group_barrier(it.get_group());
                        if (lid < half) scratch[lid] += scratch[lid + half];
                      }
                      if (lid == 0) partial[it.get_group(0)] = scratch[0];
                    });
   }).wait_and_throw();
  return sum_partials(partial, groups);
}

real dot_hierarchical(cohort::queue& q, const real* a, const real* b, real* partial, std::size_t n,
                      std::size_t local, std::size_t groups) {
  q.submit([&](cohort::handler& h) {
     h.parallel_for_work_group(
         cohort::range<1>{groups}, cohort::range<1>{local}, COHORT_LAMBDA(cohort::group<1> g) {
           cohort::local_memory<real[1024]> scratch(g);  // local <= 1024 (checked by the factory)
           const std::size_t block = g.get_group_id(0) * local * dot_per_item;
           g.parallel_for_work_item([&](cohort::h_item<1> it) {
             const std::size_t lid = it.get_local_id(0);
             scratch[lid] = item_dot(a, b, n, block + lid, local);
           });
           for (std::size_t half = local / 2; half > 0; half /= 2)
             g.parallel_for_work_item([&](cohort::h_item<1> it) {
               const std::size_t lid = it.get_local_id(0);
               if (lid < half) scratch[lid] += scratch[lid + half];
             });
           partial[g.get_group_id(0)] = scratch[0];
         });
   }).wait_and_throw();
  return sum_partials(partial, groups);
}

real dot_scoped(cohort::queue& q, const real* a, const real* b, real* partial, std::size_t n, std::size_t local,
                std::size_t groups) {
  q.parallel(cohort::range<1>{groups}, cohort::range<1>{local}, COHORT_LAMBDA(auto g) {
     cohort::memory_environment(g, cohort::require_local_mem<real[1024]>(), [&](auto& scratch) {
       const std::size_t block = g.get_group_id(0) * local * dot_per_item;
       cohort::distribute_items_and_wait(g, [&](cohort::s_item<1> it) {
         const std::size_t lid = it.get_innermost_local_id(0);
         scratch[lid] = item_dot(a, b, n, block + lid, local);
       });
       for (std::size_t half = local / 2; half > 0; half /= 2)
         cohort::distribute_items_and_wait(g, [&](cohort::s_item<1> it) {
           const std::size_t lid = it.get_innermost_local_id(0);
           if (lid < half) scratch[lid] += scratch[lid + half];
         });
       cohort::single_item(g, [&] { partial[g.get_group_id(0)] = scratch[0]; });
     });
   }).wait_and_throw();
  return sum_partials(partial, groups);
}

// ---- the suite -------------------------------------------------------------------------

bench::metric bytes_moved(std::size_t n, int arrays_moved) {
  return {static_cast<double>(arrays_moved) * sizeof(real) * static_cast<double>(n), "GB/s"};
}

void reset_arrays(arrays& s) {
  bench::parallel_fill(s.a.get(), s.n, a0);
  bench::parallel_fill(s.b.get(), s.n, b0);
  bench::parallel_fill(s.c.get(), s.n, c0);
}

// One streaming case: the output array and its expected values, and the kernel body.
template <typename Op, typename Expected>
bench::bench_case streaming_case(const std::shared_ptr<arrays>& s, const char* name, int weight, Op (*make)(arrays&),
                                 real* (*output)(arrays&), Expected expected, double tol) {
  bench::bench_case c;
  c.name = std::string("stream/") + name;
  c.parts = "kernel";
  c.size = s->n;
  c.local = s->local;
  c.throughput = bytes_moved(s->n, weight);
  c.setup = [s] { reset_arrays(*s); };
  auto prepare = [s, output] { bench::poison(output(*s), s->n); };
  auto check = [s, output, expected, tol, name] { return bench::check_array(name, output(*s), s->n, expected, tol); };
  c.variants.push_back({"openmp", bench::role::reference, prepare, [s, make] { run_openmp(s->n, make(*s)); }, check});
  c.variants.push_back({"range", bench::role::model, prepare, [s, make] { run_range(*s->q, s->n, make(*s)); }, check});
  c.variants.push_back(
      {"nd_range", bench::role::model, prepare, [s, make] { run_nd_range(*s->q, s->n, s->local, make(*s)); }, check});
  c.variants.push_back({"hierarchical", bench::role::model, prepare,
                        [s, make] { run_hierarchical(*s->q, s->n, s->local, make(*s)); }, check});
  c.variants.push_back(
      {"scoped", bench::role::model, prepare, [s, make] { run_scoped(*s->q, s->n, s->local, make(*s)); }, check});
  return c;
}

bench::suite make_stream(const bench::config& cfg) {
  auto s = std::make_shared<arrays>();
  s->q = cfg.queue;
  s->n = cfg.pick_size(std::size_t{1} << 20, std::size_t{1} << 25, std::size_t{1} << 27);
  s->local = cfg.pick_local(256);
  s->dot_groups = (s->n + s->local * dot_per_item - 1) / (s->local * dot_per_item);
  const bool shape_ok = s->n % s->local == 0 && s->local <= 1024 && (s->local & (s->local - 1)) == 0;

  bench::suite suite;
  suite.setup = [s, shape_ok] {
    if (!shape_ok) throw std::invalid_argument("stream needs a power-of-two --local <= 1024 dividing --size");
    s->a = cohort::make_shared_unique<real>(s->n, *s->q);
    s->b = cohort::make_shared_unique<real>(s->n, *s->q);
    s->c = cohort::make_shared_unique<real>(s->n, *s->q);
    s->partial = cohort::make_shared_unique<real>(s->dot_groups, *s->q);
  };
  suite.teardown = [s] {
    s->a.reset();
    s->b.reset();
    s->c.reset();
    s->partial.reset();
  };

  const double tol = 100 * std::numeric_limits<real>::epsilon();  // BabelStream's check
  suite.cases.push_back(streaming_case(
      s, "copy", 2, +[](arrays& x) { return copy_op{x.a.get(), x.c.get()}; },
      +[](arrays& x) { return x.c.get(); }, [](std::size_t i) { return a0(i); }, 0.0));
  suite.cases.push_back(streaming_case(
      s, "mul", 2, +[](arrays& x) { return mul_op{x.b.get(), x.c.get()}; },
      +[](arrays& x) { return x.b.get(); }, [](std::size_t i) { return scalar * c0(i); }, tol));
  suite.cases.push_back(streaming_case(
      s, "add", 3, +[](arrays& x) { return add_op{x.a.get(), x.b.get(), x.c.get()}; },
      +[](arrays& x) { return x.c.get(); }, [](std::size_t i) { return a0(i) + b0(i); }, 0.0));
  suite.cases.push_back(streaming_case(
      s, "triad", 3, +[](arrays& x) { return triad_op{x.a.get(), x.b.get(), x.c.get()}; },
      +[](arrays& x) { return x.a.get(); }, [](std::size_t i) { return b0(i) + scalar * c0(i); }, tol));

  // Dot: exact (see a0/b0), so the expected value is the sum over one period of 16.
  bench::bench_case dot;
  dot.name = "stream/dot";
  dot.parts = "kernel";
  dot.size = s->n;
  dot.local = s->local;
  dot.throughput = bytes_moved(s->n, 2);
  dot.setup = [s] { reset_arrays(*s); };
  auto prepare = [s] {
    s->dot = std::numeric_limits<real>::quiet_NaN();
    bench::poison(s->partial.get(), s->dot_groups);
  };
  auto check = [s] {
    real expected = 0;
    for (std::size_t i = 0; i < s->n % 16; ++i) expected += a0(i) * b0(i);
    real period = 0;
    for (std::size_t i = 0; i < 16; ++i) period += a0(i) * b0(i);
    expected += period * static_cast<real>(s->n / 16);
    return bench::check_value("dot", s->dot, expected, 0.0);
  };
  dot.variants.push_back({"openmp_blocked", bench::role::reference, prepare,
                          [s] {
                            s->dot = dot_openmp_blocked(s->a.get(), s->b.get(), s->partial.get(), s->n, s->local,
                                                        s->dot_groups);
                          },
                          check});
  dot.variants.push_back({"nd_range", bench::role::model, prepare,
                          [s] {
                            s->dot = dot_nd_range(*s->q, s->a.get(), s->b.get(), s->partial.get(), s->n, s->local, s->dot_groups);
                          },
                          check});
  dot.variants.push_back({"hierarchical", bench::role::model, prepare,
                          [s] {
                            s->dot =
                                dot_hierarchical(*s->q, s->a.get(), s->b.get(), s->partial.get(), s->n, s->local, s->dot_groups);
                          },
                          check});
  dot.variants.push_back({"scoped", bench::role::model, prepare,
                          [s] {
                            s->dot = dot_scoped(*s->q, s->a.get(), s->b.get(), s->partial.get(), s->n, s->local,
                                                s->dot_groups);
                          },
                          check});
  dot.variants.push_back({"openmp_reduction", bench::role::ceiling, prepare,
                          [s] { s->dot = dot_openmp(s->a.get(), s->b.get(), s->n); }, check});
  suite.cases.push_back(std::move(dot));
  return suite;
}

bench::registration reg{"stream", 10, "BabelStream copy/mul/add/triad/dot, fp64, BabelStream byte counts",
                        make_stream};

}  // namespace
