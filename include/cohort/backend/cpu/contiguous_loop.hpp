// SPDX-License-Identifier: MIT
#pragma once
// The innermost work-item loops of the two- and three-dimensional CPU kernel models.
// Work-group extents are runtime values, but rows of 8, 16 or 32 items are by far the most
// common; for those the row loop gets a compile-time trip count, chosen once outside the
// loop over rows, so the compiler unrolls and vectorises the kernel body as it would a
// hand-written tile loop. Other extents take a runtime loop unrolled four times, so that a
// group's chunk copy issues several loads before its stores. One-dimensional item loops
// (kernel_hooks.hpp, scoped_hooks.hpp) are that unrolled runtime loop, written at their
// call sites: a wrapper function around it changed g++'s code for the same kernels. The
// measurements behind these choices are in docs/results/cpu.md.
#include <cstddef>

#include <cohort/detail/macros.hpp>  // COHORT_IVDEP, COHORT_UNROLL_4

// GCC warns that the fixed-extent paths a kernel never takes would overflow its fixed-size
// tile arrays; those paths are never taken for such kernels.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Waggressive-loop-optimizations"
#endif

namespace cohort::backends::cpu {

template <std::size_t N, typename Body>
inline void fixed_contiguous_rows(std::size_t rows, Body& body) {
  for (std::size_t i = 0; i < rows; ++i) {
COHORT_IVDEP
    for (std::size_t j = 0; j < N; ++j) body(i, j);
  }
}

/// body(i, j) for i in [0, rows) and j in [0, n), the iterations of a row independent of
/// each other.
template <typename Body>
inline void contiguous_rows(std::size_t rows, std::size_t n, Body&& body) {
  switch (n) {
    case 8: return fixed_contiguous_rows<8>(rows, body);
    case 16: return fixed_contiguous_rows<16>(rows, body);
    case 32: return fixed_contiguous_rows<32>(rows, body);
    default:
      for (std::size_t i = 0; i < rows; ++i) {
COHORT_IVDEP
COHORT_UNROLL_4
        for (std::size_t j = 0; j < n; ++j) body(i, j);
      }
  }
}

}  // namespace cohort::backends::cpu

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
