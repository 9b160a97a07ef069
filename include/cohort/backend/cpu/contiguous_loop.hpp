// SPDX-License-Identifier: MIT
#pragma once
// The innermost work-item loops of the two- and three-dimensional CPU kernel models.
// Work-group extents are runtime values, but rows of 8, 16 or 32 items are by far the most
// common; for those the row loop gets a compile-time trip count, so the compiler can unroll
// and vectorise the kernel body exactly as it would a hand-written tile loop. The choice is
// made once, outside the loop over rows: made per row, it left the compiler nothing to keep
// in registers from one row to the next. DGEMM's 16 x 16 tiles, hierarchical, against the
// same tiling in OpenMP: 0.82x with runtime trip counts, 0.89x with the choice per row,
// 0.98x with it hoisted (single thread). Other extents take the runtime loop, unrolled four
// times (COHORT_UNROLL_4): a group's chunk copy then issues four loads before its stores,
// as memcpy does (SYCL-Bench's tree reductions over 2^24 values against the same tree in
// OpenMP, Intel Xeon, medians of three interleaved rounds: scoped float 0.73 -> 0.92x,
// int32 0.74 -> 0.94x, double 0.92 -> 1.02x; hierarchical double 0.94 -> 1.08x; stream,
// n-body and DGEMM within the noise).
//
// One-dimensional item loops (kernel_hooks.hpp, scoped_hooks.hpp) are that unrolled runtime
// loop, written at their call sites. Through contiguous_rows(1, n, ...) the tree reduction's
// steps of 32, 16 and 8 items ran as straight-line code; against a runtime loop without
// unrolling that won on AMD Zen 4 (hierarchical double 0.69 -> 0.97x, int32 0.85 -> 1.04x;
// scoped double 0.67 -> 1.08x, int32 0.77 -> 0.98x), but against the unrolled loop it lost
// on Intel Xeon: hierarchical float / int32 0.90 / 0.91x with it, 0.97 / 0.98x without;
// scoped 0.91 / 0.92x against 1.04 / 0.95x; segmented reductions 0.90-0.92x against
// 0.93-1.02x (medians of three interleaved rounds; g++ built the small steps' vectors
// element by element there). A one-row wrapper function around either loop changed g++'s
// code for the same kernels (hierarchical double reduction 3.2-3.7 -> 5.4 ms), hence the
// loops at the call sites. GCC warns that the unrolled paths a kernel never takes would
// overflow its fixed-size tile arrays; the cohort target turns that warning off.
#include <cstddef>

#include <cohort/detail/macros.hpp>  // COHORT_IVDEP, COHORT_UNROLL_4

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
