// SPDX-License-Identifier: MIT
#pragma once
// The compiler's own vector type (GNU `vector_size`) for vec's element-wise arithmetic at
// run time. vec stores a plain array so that it stays constexpr (modifying an element of a
// vector type is not a constant expression in g++ or clang), but accessed element by
// element such an array is split by g++ into one scalar per element: in a kernel that
// keeps a vec across a group algorithm's fiber switch, every lane then lives in its own
// stack slot and the vector is rebuilt lane by lane for each call. Loading and storing the
// whole array as one vector instead keeps it in a vector register.
#include <cstddef>
#include <type_traits>

#include "cohort/detail/macros.hpp"

#if (defined(__GNUC__) || defined(__clang__)) && !COHORT_DEVICE_PASS
#define COHORT_NATIVE_VECTORS 1
#else
#define COHORT_NATIVE_VECTORS 0
#endif

namespace cohort::detail {

/// Whether vec<T, N> computes through a native vector: arithmetic elements other than
/// bool and the signed integers narrower than int (the loops compute those in int, where
/// they cannot overflow, and a native vector would compute in the element type itself),
/// and not N == 3, whose padding element must stay as the loops leave it.
template <typename T, int N>
inline constexpr bool native_vector_v = COHORT_NATIVE_VECTORS && std::is_arithmetic_v<T> && !std::is_same_v<T, bool> &&
                                        !(std::is_signed_v<T> && std::is_integral_v<T> && sizeof(T) < sizeof(int)) &&
                                        N != 3;

#if COHORT_NATIVE_VECTORS
template <typename T, int N>
struct native_vector {
  typedef T type __attribute__((vector_size(sizeof(T) * N)));
};
template <typename T, int N>
using native_vector_t = typename native_vector<T, N>::type;

/// The width of the target's vector registers: a wider native vector lives in memory (and
/// g++ warns that passing or returning one by value changes the calling convention).
#if defined(__AVX512F__)
inline constexpr std::size_t native_register_bytes = 64;
#elif defined(__AVX__)
inline constexpr std::size_t native_register_bytes = 32;
#else
inline constexpr std::size_t native_register_bytes = 16;
#endif
#endif

}  // namespace cohort::detail
