// SPDX-License-Identifier: MIT
// Cost of nd_range work-group barriers on the CPU backend. A kernel runs K steps; in each,
// every item writes its value into local memory, waits at a barrier and takes its right
// neighbour's value plus one (two buffers alternate, so one barrier per step is enough:
// an item can only overwrite a buffer after everybody passed the barrier that follows the
// reads of it). After K steps item l holds in[(l + K) mod L] + K, checked exactly.
// Reported: ns per work-item per barrier = time / (items x K), for group sizes 32 ... 1024.
//
// Reference: the same K-step exchange as a plain OpenMP loop per group, where items are
// loop iterations and the barrier is the boundary between two loops.
//
// Fiber switches per item per barrier (the note) come from an extra, untimed run.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>

#include <omp.h>

#include <cohort/backend/cpu/fiber_engine.hpp>
#include <cohort/cohort.hpp>
#include <cohort/detail/macros.hpp>

#include "compiler_pass.hpp"
#include "fiber_switches.hpp"
#include "harness/harness.hpp"

namespace {

constexpr std::size_t steps = 200;  // barriers per work-item

struct data {
  cohort::queue* q = nullptr;
  std::size_t n = 0, local = 0;
  cohort::usm_unique_ptr<std::uint32_t, cohort::usm::alloc::shared> in, out;
};

inline std::uint32_t initial(std::size_t i) { return static_cast<std::uint32_t>(i * 2654435761u); }

void exchange_openmp(const std::uint32_t* in, std::uint32_t* out, std::size_t n, std::size_t local) {
  const std::size_t groups = n / local;
#pragma omp parallel for schedule(static)
  for (std::size_t g = 0; g < groups; ++g) {
    std::uint32_t value[1024], buf[2][1024];
    for (std::size_t l = 0; l < local; ++l) value[l] = in[g * local + l];
    for (std::size_t k = 0; k < steps; ++k) {
      std::uint32_t* b = buf[k & 1];
      for (std::size_t l = 0; l < local; ++l) b[l] = value[l];
      for (std::size_t l = 0; l < local; ++l) value[l] = b[(l + 1) & (local - 1)] + 1;
    }
    for (std::size_t l = 0; l < local; ++l) out[g * local + l] = value[l];
  }
}

void exchange_nd_range(cohort::queue& q, const std::uint32_t* in, std::uint32_t* out, std::size_t n,
                       std::size_t local) {
  q.submit([&](cohort::handler& h) {
     cohort::local_accessor<std::uint32_t, 1> buf(cohort::range<1>{2 * local}, h);
     h.parallel_for(cohort::nd_range<1>{cohort::range<1>{n}, cohort::range<1>{local}},
                    COHORT_LAMBDA(cohort::nd_item<1> it) {
                      const std::size_t lid = it.get_local_id(0);
                      std::uint32_t value = in[it.get_global_id(0)];
                      for (std::size_t k = 0; k < steps; ++k) {
                        const std::size_t b = (k & 1) * local;
                        buf[b + lid] = value;
                        cohort::group_barrier(it.get_group());
                        value = buf[b + ((lid + 1) & (local - 1))] + 1;
                      }
                      out[it.get_global_id(0)] = value;
                    });
   }).wait_and_throw();
}

bench::bench_case make_case(const bench::config& cfg, std::size_t local) {
  auto d = std::make_shared<data>();
  d->q = cfg.queue;
  d->n = cfg.pick_size(std::size_t{1} << 14, std::size_t{1} << 17, std::size_t{1} << 19);
  d->local = local;

  bench::bench_case c;
  c.name = "barrier/local_" + std::to_string(local);
  c.size = d->n;
  c.local = local;
  c.parts = "work-group size";
  c.throughput = {static_cast<double>(d->n) * static_cast<double>(steps), "ns/item/barrier", true};
  c.setup = [d] {
    if (d->n % d->local != 0 || d->local > 1024 || (d->local & (d->local - 1)) != 0)
      throw std::invalid_argument("barrier needs power-of-two group sizes <= 1024 dividing --size");
    d->in = cohort::make_shared_unique<std::uint32_t>(d->n, *d->q);
    d->out = cohort::make_shared_unique<std::uint32_t>(d->n, *d->q);
    bench::parallel_fill(d->in.get(), d->n, initial);
  };
  c.teardown = [d] {
    d->in.reset();
    d->out.reset();
  };
  auto prepare = [d] { bench::poison(d->out.get(), d->n); };
  auto check = [d] {
    const std::size_t local = d->local;
    return bench::check_array(
        "out", d->out.get(), d->n,
        [local](std::size_t i) {
          const std::size_t base = i - i % local;
          return static_cast<std::uint32_t>(initial(base + (i % local + steps) % local) + steps);
        },
        0.0);
  };
  c.variants.push_back({"openmp", bench::role::reference, prepare,
                        [d] { exchange_openmp(d->in.get(), d->out.get(), d->n, d->local); }, check});
  // With the compiler pass, nd_range is the same kernel on fibers and nd_range_cbs the
  // pass's loops (compiler_pass.hpp).
  for (const bool loops : {false, true}) {
    if (loops && !bench::with_compiler_pass) break;
    bench::variant nd{loops ? "nd_range_cbs" : "nd_range", bench::role::model, prepare,
                      [d, loops] {
                        bench::with_loops(loops, [&] { exchange_nd_range(*d->q, d->in.get(), d->out.get(), d->n, d->local); });
                      },
                      check};
    nd.note = [d, loops] {
      char buf[64];
      std::snprintf(buf, sizeof buf, "%.3f fiber switches/item/barrier",
                    bench::fiber_switches_per_call(static_cast<double>(d->n) * steps, [&] {
                      bench::with_loops(loops, [&] { exchange_nd_range(*d->q, d->in.get(), d->out.get(), d->n, d->local); });
                    }));
      return std::string(buf);
    };
    c.variants.push_back(std::move(nd));
  }
  return c;
}

bench::suite make_barrier(const bench::config& cfg) {
  bench::suite s;
  if (cfg.local != 0) {
    s.cases.push_back(make_case(cfg, cfg.local));
  } else {
    for (std::size_t local : {32, 64, 128, 256, 512, 1024}) s.cases.push_back(make_case(cfg, local));
  }
  return s;
}

bench::registration reg{"barrier", 60,
                        "nd_range group_barrier cost: K = 200 barriers per item, group sizes 32 to 1024",
                        make_barrier};

}  // namespace
