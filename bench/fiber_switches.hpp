// SPDX-License-Identifier: MIT
#pragma once
// Fiber switches of the CPU backend, summed over every thread of the process; benchmarks
// read the count before and after an untimed run.
#include <cstdint>

#include <cohort/backend/cpu/fiber_engine.hpp>
#include <cohort/cohort.hpp>

namespace bench {

/// Switches per work-item per collective call during `run()`.
template <typename Run>
double fiber_switches_per_call(double items_times_calls, Run&& run) {
  using cohort::backends::cpu::fiber_engine;
  const std::uint64_t before = fiber_engine::process_switch_count();
  run();
  return static_cast<double>(fiber_engine::process_switch_count() - before) / items_times_calls;
}

}  // namespace bench
