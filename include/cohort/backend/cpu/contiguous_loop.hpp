// SPDX-License-Identifier: MIT
#pragma once
// The innermost work-item loop of the CPU kernel models. Work-group extents are runtime
// values, but tiles of 8, 16 or 32 items are by far the most common; for those the loop
// gets a compile-time trip count, so the compiler can unroll and vectorise the kernel
// body exactly as it would a hand-written tile loop (DGEMM's 16 x 16 tiles, hierarchical:
// 0.82x of the same tiling in OpenMP with the runtime loop, 0.91x with this). Other
// extents take the runtime loop. GCC warns that the unrolled paths a kernel never takes
// would overflow its fixed-size tile arrays; the cohort target turns that warning off.
#include <cstddef>

#include <cohort/detail/macros.hpp>  // COHORT_IVDEP

namespace cohort::backends::cpu {

template <std::size_t N, typename Body>
inline void fixed_contiguous_loop(Body& body) {
COHORT_IVDEP
  for (std::size_t i = 0; i < N; ++i) body(i);
}

/// body(i) for i in [0, n), iterations independent of each other.
template <typename Body>
inline void contiguous_loop(std::size_t n, Body&& body) {
  switch (n) {
    case 8: return fixed_contiguous_loop<8>(body);
    case 16: return fixed_contiguous_loop<16>(body);
    case 32: return fixed_contiguous_loop<32>(body);
    default:
COHORT_IVDEP
      for (std::size_t i = 0; i < n; ++i) body(i);
  }
}

}  // namespace cohort::backends::cpu
