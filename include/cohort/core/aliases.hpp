// SPDX-License-Identifier: MIT
#pragma once
// SYCL 2020's vec and marray aliases: <type><elems> = vec<<storage-type>, <elems>> and
// m<type><elems> = marray<<storage-type>, <elems>>, <elems> 2, 3, 4, 8, 16 (char2 ...
// double16, mbool2 ... mdouble16). char is std::int8_t, long std::int64_t, as SYCL says.

#include <cstdint>

#include "cohort/core/half.hpp"
#include "cohort/core/marray.hpp"
#include "cohort/core/vec.hpp"

// nvcc declares CUDA's own char2 ... double4 in the global namespace, and the host code it
// generates names them unqualified after the user's code: with cohort's vec aliases of
// those names, a `using namespace cohort;` (or `sycl;`) at file scope would make its own
// code ambiguous. So under nvcc the vec aliases of 2, 3 and 4 elements of those types exist
// only where a translation unit asks for them (COHORT_CUDA_VECTOR_ALIASES, and then no such
// using-directive at file scope); vec<float, 4> and the others always work.
#if defined(__CUDACC__) && !defined(COHORT_CUDA_VECTOR_ALIASES)
#define COHORT_SMALL_ALIASES_OF(TEMPLATE, NAME, T)
#else
#define COHORT_SMALL_ALIASES_OF(TEMPLATE, NAME, T) \
  using NAME##2 = TEMPLATE<T, 2>;                  \
  using NAME##3 = TEMPLATE<T, 3>;                  \
  using NAME##4 = TEMPLATE<T, 4>;
#endif
#define COHORT_ALIASES_OF(TEMPLATE, NAME, T) \
  using NAME##2 = TEMPLATE<T, 2>;            \
  using NAME##3 = TEMPLATE<T, 3>;            \
  using NAME##4 = TEMPLATE<T, 4>;            \
  using NAME##8 = TEMPLATE<T, 8>;            \
  using NAME##16 = TEMPLATE<T, 16>;
#define COHORT_ALIASES(NAME, T)                                                             \
  COHORT_SMALL_ALIASES_OF(vec, NAME, T)                                                     \
  using NAME##8 = vec<T, 8>;                                                                \
  using NAME##16 = vec<T, 16>;                                                              \
  COHORT_ALIASES_OF(marray, m##NAME, T)

namespace cohort {

COHORT_ALIASES(char, std::int8_t)
COHORT_ALIASES(uchar, std::uint8_t)
COHORT_ALIASES(short, std::int16_t)
COHORT_ALIASES(ushort, std::uint16_t)
COHORT_ALIASES(int, std::int32_t)
COHORT_ALIASES(uint, std::uint32_t)
COHORT_ALIASES(long, std::int64_t)
COHORT_ALIASES(ulong, std::uint64_t)
COHORT_ALIASES_OF(vec, half, half)  // no CUDA type of these names
COHORT_ALIASES_OF(marray, mhalf, half)
COHORT_ALIASES(float, float)
COHORT_ALIASES(double, double)
COHORT_ALIASES_OF(marray, mbool, bool)

}  // namespace cohort

#undef COHORT_ALIASES
#undef COHORT_ALIASES_OF
#undef COHORT_SMALL_ALIASES_OF
