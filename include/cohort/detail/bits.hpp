// SPDX-License-Identifier: MIT
#pragma once
// Bit counts of 32-bit words for code that runs on every backend. <bit>'s functions are
// host functions, and nvcc takes __builtin_ctz and __builtin_clz as host functions too: the
// device pass counts with __builtin_popcount (one POPC instruction) alone.
#include <bit>
#include <cstdint>

#include <cohort/detail/macros.hpp>

namespace cohort::detail {

COHORT_FUNCTION constexpr int popcount32(std::uint32_t x) {
#if COHORT_DEVICE_PASS
  return __builtin_popcount(x);  // one POPC; nvcc takes no std::popcount in device code
#else
  return std::popcount(x);
#endif
}

/// The number of zero bits below the lowest set bit (32 for 0).
COHORT_FUNCTION constexpr int countr_zero32(std::uint32_t x) {
#if COHORT_DEVICE_PASS
  return popcount32(~x & (x - 1u));
#else
  return std::countr_zero(x);
#endif
}

/// The number of zero bits above the highest set bit (32 for 0).
COHORT_FUNCTION constexpr int countl_zero32(std::uint32_t x) {
#if COHORT_DEVICE_PASS
  x |= x >> 1;
  x |= x >> 2;
  x |= x >> 4;
  x |= x >> 8;
  x |= x >> 16;
  return 32 - popcount32(x);
#else
  return std::countl_zero(x);
#endif
}

}  // namespace cohort::detail
