// SPDX-License-Identifier: MIT
// Buffers and accessors against USM: the same kernels, reaching their data through
// accessors to buffers or through USM pointers, so the ratio is what the buffer path costs
// (accessor subscripts in the kernel, the dependency graph at every submission).
//
// - triad: BabelStream's triad as a range kernel over fp64 arrays;
// - dot: BabelStream's blocked dot as an nd_range kernel with a local-memory tree;
// - submit: command groups with three accessors (two read, one read-write, so each waits
//   for the one before) against the same tiny kernel with three USM pointers; ns per
//   command group, submission to completion.
#include <cstddef>
#include <limits>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

#include <cohort/cohort.hpp>

#include "harness/harness.hpp"

namespace {

using real = double;
constexpr real scalar = 0.4;
constexpr std::size_t dot_per_item = 64;

inline real b0(std::size_t i) { return 2.0 - static_cast<real>(i % 8) * 0.125; }
inline real c0(std::size_t i) { return 0.5 + static_cast<real>(i % 4) * 0.25; }

/// The kernels, on pointers or accessors alike.
template <typename Out, typename In>
struct triad_kernel {
  Out a;
  In b, c;
  COHORT_INLINE void operator()(cohort::id<1> i) const { a[i[0]] = b[i[0]] + scalar * c[i[0]]; }
};

template <typename In, typename Out>
struct dot_kernel {
  In a, b;
  Out partial;
  cohort::local_accessor<real, 1> scratch;
  std::size_t n, local;
  COHORT_INLINE void operator()(cohort::nd_item<1> it) const {
    const std::size_t lid = it.get_local_id(0);
    const std::size_t first = it.get_group(0) * local * dot_per_item + lid;
    real s = 0;
    for (std::size_t k = 0; k < dot_per_item; ++k) {
      const std::size_t i = first + k * local;
      if (i < n) s += a[i] * b[i];
    }
    scratch[lid] = s;
    for (std::size_t half = local / 2; half > 0; half /= 2) {
      cohort::group_barrier(it.get_group());
      if (lid < half) scratch[lid] += scratch[lid + half];
    }
    if (lid == 0) partial[it.get_group(0)] = scratch[0];
  }
};

template <typename In, typename Out>
struct touch_kernel {
  In x, y;
  Out z;
  COHORT_INLINE void operator()() const { z[0] += x[0] * y[0]; }
};

/// Each array both ways: USM for the reference, a buffer for the model.
struct arrays {
  cohort::queue* q = nullptr;
  std::size_t n = 0, local = 0, groups = 0;
  cohort::usm_unique_ptr<real, cohort::usm::alloc::shared> a, b, c, partial;
  std::optional<cohort::buffer<real>> buf_a, buf_b, buf_c, buf_partial;
};

/// Fills `b` on the host, items i from `f(i)`.
template <typename F>
void fill_buffer(cohort::buffer<real>& b, F f) {
  cohort::host_accessor h{b, cohort::write_only};
  bench::parallel_fill(&h[0], b.size(), f);
}

void make_arrays(arrays& s, std::size_t partials) {
  s.a = cohort::make_shared_unique<real>(s.n, *s.q);
  s.b = cohort::make_shared_unique<real>(s.n, *s.q);
  s.c = cohort::make_shared_unique<real>(s.n, *s.q);
  s.partial = cohort::make_shared_unique<real>(partials, *s.q);
  bench::parallel_fill(s.b.get(), s.n, b0);
  bench::parallel_fill(s.c.get(), s.n, c0);
  s.buf_a.emplace(cohort::range<1>(s.n));
  s.buf_b.emplace(cohort::range<1>(s.n));
  s.buf_c.emplace(cohort::range<1>(s.n));
  s.buf_partial.emplace(cohort::range<1>(partials));
  fill_buffer(*s.buf_b, b0);
  fill_buffer(*s.buf_c, c0);
}

void free_arrays(arrays& s) {
  s.a.reset();
  s.b.reset();
  s.c.reset();
  s.partial.reset();
  s.buf_a.reset();
  s.buf_b.reset();
  s.buf_c.reset();
  s.buf_partial.reset();
}

bench::bench_case triad_case(const std::shared_ptr<arrays>& s) {
  bench::bench_case c;
  c.name = "buffers/triad";
  c.parts = "kernel";
  c.size = s->n;
  c.throughput = {3.0 * sizeof(real) * static_cast<double>(s->n), "GB/s"};
  c.setup = [s] { make_arrays(*s, 1); };
  c.teardown = [s] { free_arrays(*s); };
  auto expected = [](std::size_t i) { return b0(i) + scalar * c0(i); };
  c.variants.push_back({"range_usm", bench::role::reference, [s] { bench::poison(s->a.get(), s->n); },
                        [s] {
                          s->q->parallel_for(cohort::range<1>(s->n),
                                             triad_kernel<real*, const real*>{s->a.get(), s->b.get(), s->c.get()})
                              .wait_and_throw();
                        },
                        [s, expected] { return bench::check_array("triad", s->a.get(), s->n, expected, 1e-14); }});
  c.variants.back().submits_kernels = true;
  c.variants.push_back(
      {"range_buffer", bench::role::model,
       [s] {
         cohort::host_accessor h{*s->buf_a, cohort::write_only};
         bench::poison(&h[0], s->n);
       },
       [s] {
         s->q->submit([&](cohort::handler& h) {
               using out = cohort::accessor<real, 1, cohort::access_mode::write>;
               using in = cohort::accessor<real, 1, cohort::access_mode::read>;
               h.parallel_for(cohort::range<1>(s->n),
                              triad_kernel<out, in>{out(*s->buf_a, h, cohort::no_init), in(*s->buf_b, h),
                                                    in(*s->buf_c, h)});
             })
             .wait_and_throw();
       },
       [s, expected] {
         cohort::host_accessor h{*s->buf_a, cohort::read_only};
         return bench::check_array("triad", &h[0], s->n, expected, 1e-14);
       }});
  return c;
}

bench::bench_case dot_case(const std::shared_ptr<arrays>& s) {
  bench::bench_case c;
  c.name = "buffers/dot";
  c.parts = "kernel";
  c.size = s->n;
  c.local = s->local;
  c.throughput = {2.0 * sizeof(real) * static_cast<double>(s->n), "GB/s"};
  c.setup = [s] { make_arrays(*s, s->groups); };
  c.teardown = [s] { free_arrays(*s); };
  auto expected = [s] {  // exact in any order: multiples of 2^-3 below 2 (see stream.cpp)
    real e = 0;
    for (std::size_t i = 0; i < s->n; ++i) e += b0(i) * c0(i);
    return e;
  };
  const cohort::nd_range<1> ndr{cohort::range<1>(s->groups * s->local), cohort::range<1>(s->local)};
  c.variants.push_back(
      {"nd_range_usm", bench::role::reference, [s] { bench::poison(s->partial.get(), s->groups); },
       [s, ndr] {
         s->q->submit([&](cohort::handler& h) {
               h.parallel_for(ndr, dot_kernel<const real*, real*>{s->b.get(), s->c.get(), s->partial.get(),
                                                                   cohort::local_accessor<real, 1>(s->local, h), s->n,
                                                                   s->local});
             })
             .wait_and_throw();
       },
       [s, expected] {
         real sum = 0;
         for (std::size_t g = 0; g < s->groups; ++g) sum += s->partial.get()[g];
         return bench::check_value("dot", sum, expected(), 0.0);
       }});
  c.variants.back().submits_kernels = true;
  c.variants.push_back(
      {"nd_range_buffer", bench::role::model,
       [s] {
         cohort::host_accessor h{*s->buf_partial, cohort::write_only};
         bench::poison(&h[0], s->groups);
       },
       [s, ndr] {
         s->q->submit([&](cohort::handler& h) {
               using in = cohort::accessor<real, 1, cohort::access_mode::read>;
               using out = cohort::accessor<real, 1, cohort::access_mode::write>;
               h.parallel_for(ndr, dot_kernel<in, out>{in(*s->buf_b, h), in(*s->buf_c, h),
                                                       out(*s->buf_partial, h, cohort::no_init),
                                                       cohort::local_accessor<real, 1>(s->local, h), s->n, s->local});
             })
             .wait_and_throw();
       },
       [s, expected] {
         cohort::host_accessor h{*s->buf_partial, cohort::read_only};
         real sum = 0;
         for (std::size_t g = 0; g < s->groups; ++g) sum += h[g];
         return bench::check_value("dot", sum, expected(), 0.0);
       }});
  return c;
}

constexpr std::size_t submissions = 256;

bench::bench_case submit_case(const std::shared_ptr<arrays>& s) {
  bench::bench_case c;
  c.name = "buffers/submit";
  c.parts = "kernel";
  c.size = submissions;
  c.throughput = {static_cast<double>(submissions), "ns/command group", true};
  c.setup = [s] {
    make_arrays(*s, 1);
    s->partial.get()[0] = 0;
    cohort::host_accessor h{*s->buf_partial, cohort::write_only};
    h[0] = 0;
  };
  c.teardown = [s] { free_arrays(*s); };
  // z[0] grows by b[0] * c[0] = 2 * 0.5 per command group, from 0 at setup.
  c.variants.push_back({"single_task_usm", bench::role::reference, [] {},
                        [s] {
                          for (std::size_t k = 0; k < submissions; ++k)
                            s->q->single_task(touch_kernel<const real*, real*>{s->b.get(), s->c.get(), s->partial.get()});
                          s->q->wait_and_throw();
                        },
                        [s] {
                          const real z = s->partial.get()[0];
                          return z > 0 && z == static_cast<real>(static_cast<std::size_t>(z)) &&
                                         static_cast<std::size_t>(z) % submissions == 0
                                     ? bench::verdict::pass()
                                     : bench::verdict::fail("a command group did not run");
                        }});
  c.variants.back().submits_kernels = true;
  c.variants.push_back({"single_task_buffer", bench::role::model, [] {},
                        [s] {
                          using in = cohort::accessor<real, 1, cohort::access_mode::read>;
                          using out = cohort::accessor<real, 1, cohort::access_mode::read_write>;
                          for (std::size_t k = 0; k < submissions; ++k)
                            s->q->submit([&](cohort::handler& h) {
                              h.single_task(touch_kernel<in, out>{in(*s->buf_b, h), in(*s->buf_c, h),
                                                                  out(*s->buf_partial, h)});
                            });
                          s->q->wait_and_throw();
                        },
                        [s] {
                          cohort::host_accessor h{*s->buf_partial, cohort::read_only};
                          const real z = h[0];
                          return z > 0 && z == static_cast<real>(static_cast<std::size_t>(z)) &&
                                         static_cast<std::size_t>(z) % submissions == 0
                                     ? bench::verdict::pass()
                                     : bench::verdict::fail("a command group did not run");
                        }});
  return c;
}

bench::suite make_buffers(const bench::config& cfg) {
  auto s = std::make_shared<arrays>();
  s->q = cfg.queue;
  s->n = cfg.pick_size(std::size_t{1} << 20, std::size_t{1} << 24, std::size_t{1} << 26);
  s->local = cfg.pick_local(256);
  s->groups = (s->n + s->local * dot_per_item - 1) / (s->local * dot_per_item);
  bench::suite suite;
  suite.setup = [s] {
    if (s->local > 1024 || (s->local & (s->local - 1)) != 0)
      throw std::invalid_argument("buffers needs a power-of-two --local <= 1024");
  };
  suite.cases.push_back(triad_case(s));
  suite.cases.push_back(dot_case(s));
  suite.cases.push_back(submit_case(s));
  return suite;
}

bench::registration reg{"buffers", 15, "buffers and accessors against USM pointers: triad, dot, submission", make_buffers};

}  // namespace
