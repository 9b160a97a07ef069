// SPDX-License-Identifier: MIT
#pragma once
// Fiber switches of the CPU backend, summed over the runtime's OpenMP team. The engine's
// counter is per thread; reading it in an `omp parallel` region of a host task reaches
// every thread of the team that runs kernels (host tasks run on the runtime's worker
// thread, whose team is persistent). Benchmarks read it before and after an untimed run.
#include <cstdint>

#include <cohort/backend/cpu/fiber_engine.hpp>
#include <cohort/cohort.hpp>

namespace bench {

inline std::uint64_t team_fiber_switches(cohort::queue& q) {
  std::uint64_t total = 0;
  q.submit([&](cohort::handler& h) {
     h.host_task([&] {
       std::uint64_t sum = 0;
#pragma omp parallel reduction(+ : sum)
       sum += cohort::backends::cpu::fiber_engine::this_thread().switch_count();
       total = sum;
     });
   }).wait_and_throw();
  return total;
}

/// Switches per work-item per collective call during `run()`.
template <typename Run>
double fiber_switches_per_call(cohort::queue& q, double items_times_calls, Run&& run) {
  const std::uint64_t before = team_fiber_switches(q);
  run();
  const std::uint64_t after = team_fiber_switches(q);
  return static_cast<double>(after - before) / items_times_calls;
}

}  // namespace bench
