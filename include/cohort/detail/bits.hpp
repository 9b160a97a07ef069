// SPDX-License-Identifier: MIT
#pragma once
// Bit counts of 32-bit words for code that runs on every backend. <bit>'s functions are
// host functions: in a device pass (where nvcc lets constexpr host functions through) their
// compiler builtins do not count, so the device pass counts with plain arithmetic.
#include <bit>
#include <cstdint>

#include <cohort/detail/macros.hpp>

namespace cohort::detail {

COHORT_FUNCTION constexpr int popcount32(std::uint32_t x) {
#if COHORT_DEVICE_PASS
  x = x - ((x >> 1) & 0x55555555u);
  x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
  x = (x + (x >> 4)) & 0x0f0f0f0fu;
  return static_cast<int>((x * 0x01010101u) >> 24);
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
