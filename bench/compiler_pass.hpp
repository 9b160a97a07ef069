// SPDX-License-Identifier: MIT
#pragma once
// The nd_range_cbs variants: where cohort-bench is built with the CPU compiler pass
// (COHORT_CPU_COMPILER_PASS), each nd_range case runs its kernel twice in the same run: as
// `nd_range` on fibers (the pass's loops turned off, which is the code a build without the
// pass runs) and as `nd_range_cbs`, the loops the pass made of it.
#include <cohort/backend/cpu/compiler_pass.hpp>

namespace bench {

inline constexpr bool with_compiler_pass = COHORT_CBS != 0;

/// Runs `f` with the pass's loops turned on or off (only one variant runs at a time).
template <typename F>
void with_loops(bool on, F&& f) {
  cohort::backends::cpu::cbs::set_loops_enabled(on);
  f();
  cohort::backends::cpu::cbs::set_loops_enabled(true);
}

}  // namespace bench
