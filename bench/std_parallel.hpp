// SPDX-License-Identifier: MIT
#pragma once
// The standard library's parallel algorithms (std::execution::par_unseq) as references of
// the algorithm benchmarks. libstdc++ runs them on TBB, where installed; without TBB it runs
// them sequentially, so the benchmarks add these references only with
// COHORT_BENCH_HAVE_TBB (bench/CMakeLists.txt). They are role::ceiling variants, which run
// after the rounds of the others, one at a time: TBB's idle workers keep spinning after a
// call and would take a core from the OpenMP team of the variant after them in a round.
#if COHORT_BENCH_HAVE_TBB
#include <cstddef>
#include <execution>

#include <omp.h>
#include <tbb/global_control.h>

namespace bench {

/// Limits TBB, for the rest of the process, to as many threads as the OpenMP team that runs
/// the OpenMP references and cohort's kernels, so that every variant has the same cores.
/// Call it in a case's setup (idempotent). Never destroyed: TBB may be torn down first.
inline void limit_tbb_to_openmp_threads() {
  static const auto* limit = new tbb::global_control(tbb::global_control::max_allowed_parallelism,
                                                     static_cast<std::size_t>(omp_get_max_threads()));
  (void)limit;
}

}  // namespace bench
#endif
