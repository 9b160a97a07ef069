// SPDX-License-Identifier: MIT
#pragma once
// SYCL 2020's vec and marray aliases: <type><elems> = vec<<storage-type>, <elems>> and
// m<type><elems> = marray<<storage-type>, <elems>>, <elems> 2, 3, 4, 8, 16 (char2 ...
// double16, mbool2 ... mdouble16). char is std::int8_t, long std::int64_t, as SYCL says.

#include <cstdint>

#include "cohort/core/half.hpp"
#include "cohort/core/marray.hpp"
#include "cohort/core/vec.hpp"

#define COHORT_ALIASES_OF(TEMPLATE, NAME, T) \
  using NAME##2 = TEMPLATE<T, 2>;            \
  using NAME##3 = TEMPLATE<T, 3>;            \
  using NAME##4 = TEMPLATE<T, 4>;            \
  using NAME##8 = TEMPLATE<T, 8>;            \
  using NAME##16 = TEMPLATE<T, 16>;
#define COHORT_ALIASES(NAME, T) \
  COHORT_ALIASES_OF(vec, NAME, T) COHORT_ALIASES_OF(marray, m##NAME, T)

namespace cohort {

COHORT_ALIASES(char, std::int8_t)
COHORT_ALIASES(uchar, std::uint8_t)
COHORT_ALIASES(short, std::int16_t)
COHORT_ALIASES(ushort, std::uint16_t)
COHORT_ALIASES(int, std::int32_t)
COHORT_ALIASES(uint, std::uint32_t)
COHORT_ALIASES(long, std::int64_t)
COHORT_ALIASES(ulong, std::uint64_t)
COHORT_ALIASES(half, half)
COHORT_ALIASES(float, float)
COHORT_ALIASES(double, double)
COHORT_ALIASES_OF(marray, mbool, bool)

}  // namespace cohort

#undef COHORT_ALIASES
#undef COHORT_ALIASES_OF
