// SPDX-License-Identifier: MIT
#pragma once
// Single-thread reductions and scans of sums and products of arithmetic values as OpenMP
// simd loops, which the compiler vectorises with the fewest fixed costs:
// - scans (`reduction(inscan, ...)`) scan each vector in registers and carry one vector
//   add per vector instead of one dependent add per element: fp32 sums 0.15 ns per element
//   against 0.57 for the one-chain loop (2^12 .. 2^16 elements, AVX-512, g++ 12), 0.25
//   against 0.63 at 2^20; int32 0.15 against 0.32;
// - reductions: int32 sums of 256 values 0.028 ns per element against 0.083 for a fold
//   into 32 lanes, whose final combination of the lanes is one dependent chain.
// Without OpenMP the pragmas are ignored and the loops are one chain.
//
// Integers accumulate in the unsigned type of the same width (see combine.hpp), so the
// results equal a sequential loop bit for bit; floating-point results differ by rounding.
#include <cstddef>
#include <type_traits>

#include "cohort/core/known_identity.hpp"
#include "cohort/detail/combine.hpp"
#include "cohort/detail/macros.hpp"

namespace cohort::detail {

/// Whether `op` over T values read as `In` runs as an OpenMP simd loop: a sum or product
/// of an arithmetic type (not bool), read as that same type.
template <typename Op, typename T, typename In>
inline constexpr bool simd_arithmetic_v = [] {
  if constexpr (std::is_arithmetic_v<T> && !std::is_same_v<T, bool> && std::is_same_v<std::remove_cv_t<In>, T>) {
    constexpr identity_op kind = classify_op<std::remove_cv_t<Op>, T>::value;
    return kind == identity_op::plus || kind == identity_op::multiplies;
  } else {
    return false;
  }
}();

/// Shorter scans use the one-chain loop, which has no set-up (the simd scan of 32 int32
/// takes 0.13 against 0.33 ns per element, of 7 about as long as the chain).
inline constexpr std::size_t simd_scan_threshold = 16;

template <typename T, bool = std::is_integral_v<T>>
struct simd_accumulator {
  using type = T;
};
template <typename T>
struct simd_accumulator<T, true> {
  using type = wrapping_unsigned_t<T>;
};

/// `init` op in[0] op ... op in[count - 1] (see simd_arithmetic_v).
template <typename Op, typename T>
COHORT_INLINE T simd_reduce(const T* in, std::size_t count, T init) {
  constexpr identity_op kind = classify_op<std::remove_cv_t<Op>, T>::value;
  using A = typename simd_accumulator<T>::type;
  A acc = static_cast<A>(init);
  if constexpr (kind == identity_op::plus) {
#pragma omp simd reduction(+ : acc)
    for (std::size_t i = 0; i < count; ++i) acc += static_cast<A>(in[i]);
  } else {
#pragma omp simd reduction(* : acc)
    for (std::size_t i = 0; i < count; ++i) acc *= static_cast<A>(in[i]);
  }
  return static_cast<T>(acc);
}

/// out[i] = acc op in[0] op ... op in[i] (Inclusive) or up to in[i-1]; returns the total.
/// `in` and `out` must not overlap (simd_scan below handles in place).
template <bool Inclusive, identity_op Kind, typename A, typename T>
COHORT_INLINE A simd_scan_disjoint(const T* in, std::size_t count, T* out, A acc) {
  if constexpr (Kind == identity_op::plus) {
    if constexpr (Inclusive) {
#pragma omp simd reduction(inscan, + : acc)
      for (std::size_t i = 0; i < count; ++i) {
        acc += static_cast<A>(in[i]);
#pragma omp scan inclusive(acc)
        out[i] = static_cast<T>(acc);
      }
    } else {
#pragma omp simd reduction(inscan, + : acc)
      for (std::size_t i = 0; i < count; ++i) {
        out[i] = static_cast<T>(acc);
#pragma omp scan exclusive(acc)
        acc += static_cast<A>(in[i]);
      }
    }
  } else {
    if constexpr (Inclusive) {
#pragma omp simd reduction(inscan, * : acc)
      for (std::size_t i = 0; i < count; ++i) {
        acc *= static_cast<A>(in[i]);
#pragma omp scan inclusive(acc)
        out[i] = static_cast<T>(acc);
      }
    } else {
#pragma omp simd reduction(inscan, * : acc)
      for (std::size_t i = 0; i < count; ++i) {
        out[i] = static_cast<T>(acc);
#pragma omp scan exclusive(acc)
        acc *= static_cast<A>(in[i]);
      }
    }
  }
  return acc;
}

/// Scans in[0, count) into out starting from `init` (see simd_arithmetic_v); out may equal
/// in. Returns init op in[0] op ... op in[count - 1].
template <bool Inclusive, typename Op, typename T>
COHORT_INLINE T simd_scan(const T* in, std::size_t count, T* out, T init) {
  constexpr identity_op kind = classify_op<std::remove_cv_t<Op>, T>::value;
  using A = typename simd_accumulator<T>::type;
  A acc = static_cast<A>(init);
  // The inclusive loop reads in[i] before it writes out[i], so in place is fine.
  if (Inclusive || in != out) return static_cast<T>(simd_scan_disjoint<Inclusive, kind>(in, count, out, acc));
  // The exclusive loop writes out[i] before it reads in[i]: in place, scan from a copy.
  constexpr std::size_t chunk = 512;
  T copy[chunk];
  for (std::size_t at = 0; at < count; at += chunk) {
    const std::size_t n = count - at < chunk ? count - at : chunk;
    for (std::size_t i = 0; i < n; ++i) copy[i] = in[at + i];
    acc = simd_scan_disjoint<false, kind>(copy, n, out + at, acc);
  }
  return static_cast<T>(acc);
}

}  // namespace cohort::detail
