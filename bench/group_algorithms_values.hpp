// SPDX-License-Identifier: MIT
#pragma once
// The values of the group-algorithm benchmark (group_algorithms.cpp) and the per-group
// helpers its hand-written variants share: lanes of scalars and vecs, the inputs, the
// step that carries each call's result into the next call, the vectorised group
// computations, and the exact lane-by-lane check.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>

#include <cohort/core/vec.hpp>
#include <cohort/detail/macros.hpp>

#include "harness/verify.hpp"

namespace bench::group_values {

constexpr std::size_t max_local = 1024;

/// A scalar is one lane; vec<E, N> has N.
template <typename T>
struct lanes {
  using element = T;
  static constexpr int count = 1;
  COHORT_INLINE static T& at(T& v, int) { return v; }
  COHORT_INLINE static T at(const T& v, int) { return v; }
};
template <typename E, int N>
struct lanes<cohort::vec<E, N>> {
  using element = E;
  static constexpr int count = N;
  COHORT_INLINE static E& at(cohort::vec<E, N>& v, int i) { return v[i]; }
  COHORT_INLINE static E at(const cohort::vec<E, N>& v, int i) { return v[i]; }
};

template <typename T>
const char* type_name() {
  if constexpr (std::is_same_v<T, std::int32_t>) return "int32";
  else if constexpr (std::is_same_v<T, float>) return "fp32";
  else if constexpr (std::is_same_v<T, double>) return "fp64";
  else if constexpr (std::is_same_v<T, cohort::vec<float, 4>>) return "vec_float4";
  else if constexpr (std::is_same_v<T, cohort::vec<int, 8>>) return "vec_int8";
  else return "other";
}

/// Every lane set to `v`.
template <typename T>
COHORT_INLINE T filled(int v) {
  T r{};
  for (int e = 0; e < lanes<T>::count; ++e) lanes<T>::at(r, e) = static_cast<typename lanes<T>::element>(v);
  return r;
}

/// Inputs and thresholds: small integers in [-8, 8), different per lane.
template <typename T>
COHORT_INLINE T initial(std::size_t global_id) {
  T r{};
  for (int e = 0; e < lanes<T>::count; ++e)
    lanes<T>::at(r, e) = static_cast<typename lanes<T>::element>(static_cast<int>((global_id * 7 + e * 3) & 15) - 8);
  return r;
}
template <typename T>
COHORT_INLINE T threshold(std::size_t local_id) {
  T r{};
  for (int e = 0; e < lanes<T>::count; ++e)
    lanes<T>::at(r, e) = static_cast<typename lanes<T>::element>(static_cast<int>((local_id * 5 + e * 11) & 15) - 8);
  return r;
}

/// Each lane of x one down where the call's result exceeds the threshold, else one up:
/// the feedback keeps |x| <= 8 + 512, so sums over 1024 items stay exact in fp32. Written
/// without branches (the data decide each lane, so branches would mispredict), and for
/// vecs with vec operators, as a kernel would: written lane by lane, g++ keeps a vec's
/// lanes in separate scalar registers and rebuilds the vector for every collective.
///
/// Scalars take the sign of t - r as arithmetic (copysign; the sign bit of an unsigned
/// difference): written with `r > t`, g++ compiled the step of the nd_range and classic
/// kernels into a branch on it, whose mispredictions (the outcome follows each item's
/// threshold) cost every variant alike.
template <typename T>
COHORT_INLINE T step(const T& x, const T& r, const T& t) {
  if constexpr (std::is_floating_point_v<T>) {
    return x + std::copysign(T(1), t - r);  // t - r is +0 where r == t: up, as for r < t
  } else {
    using U = std::make_unsigned_t<T>;
    const U down = static_cast<U>(static_cast<U>(t) - static_cast<U>(r)) >> (8 * sizeof(T) - 1);  // r > t
    return static_cast<T>(x + T(1) - T(2) * static_cast<T>(down));
  }
}
template <typename E, int N>
COHORT_INLINE cohort::vec<E, N> step(const cohort::vec<E, N>& x, const cohort::vec<E, N>& r,
                                     const cohort::vec<E, N>& t) {
  return x + E(1) + E(2) * (r > t).template convert<E>();  // r > t: -1 in true lanes
}
/// any_of's step: all lanes down when any item's predicate held, else up.
template <typename T>
COHORT_INLINE T step_all(const T& x, bool any) {
  return x + static_cast<typename lanes<T>::element>(any ? -1 : 1);
}
/// any_of's predicate.
template <typename T>
COHORT_INLINE bool exceeds(const T& x, const T& t) {
  return lanes<T>::at(x, 0) > lanes<T>::at(t, 0);
}

/// Sum of v[0, n), n >= 4: an OpenMP simd reduction for scalars, four independent
/// accumulators for vecs (OpenMP has no built-in reduction over class types).
template <typename T>
COHORT_INLINE T group_sum(const T* v, std::size_t n) {
  if constexpr (std::is_arithmetic_v<T>) {
    T s = 0;
#pragma omp simd reduction(+ : s)
    for (std::size_t i = 0; i < n; ++i) s += v[i];
    return s;
  } else {
    T a0 = v[0], a1 = v[1], a2 = v[2], a3 = v[3];
    std::size_t i = 4;
    for (; i + 4 <= n; i += 4) {
      a0 = a0 + v[i];
      a1 = a1 + v[i + 1];
      a2 = a2 + v[i + 2];
      a3 = a3 + v[i + 3];
    }
    for (; i < n; ++i) a0 = a0 + v[i];
    return (a0 + a1) + (a2 + a3);
  }
}
/// Scans of v[0, n) into out (which may be v).
template <typename T>
COHORT_INLINE void group_inclusive_scan(const T* v, T* out, std::size_t n) {
  T acc = v[0];
  out[0] = acc;
  for (std::size_t i = 1; i < n; ++i) out[i] = acc = acc + v[i];
}
template <typename T>
COHORT_INLINE void group_exclusive_scan(const T* v, T* out, std::size_t n) {
  T acc = filled<T>(0);
  for (std::size_t i = 0; i < n; ++i) {
    const T x = v[i];
    out[i] = acc;
    acc = acc + x;
  }
}
/// Whether exceeds(x[i], t[i]) for any i < n: every element tested, or-reduced in an int
/// (an `||` reduction keeps the compiler from vectorising).
template <typename T>
COHORT_INLINE bool group_any(const T* x, const T* t, std::size_t n) {
  int any = 0;
#pragma omp simd reduction(| : any)
  for (std::size_t i = 0; i < n; ++i) any |= exceeds(x[i], t[i]) ? 1 : 0;
  return any != 0;
}
COHORT_INLINE bool group_any_flag(const bool* f, std::size_t n) {
  int any = 0;
#pragma omp simd reduction(| : any)
  for (std::size_t i = 0; i < n; ++i) any |= f[i] ? 1 : 0;
  return any != 0;
}

/// Every lane of got[i] equals expected[i] (exact: the values are integers).
template <typename T>
verdict check_lanes(const char* what, const T* got, const T* expected, std::size_t n) {
  std::size_t first_bad = n;
  int bad_lane = 0;
  for (std::size_t i = 0; i < n && first_bad == n; ++i)
    for (int e = 0; e < lanes<T>::count; ++e)
      if (!close_enough(static_cast<double>(lanes<T>::at(got[i], e)), static_cast<double>(lanes<T>::at(expected[i], e)),
                        0.0)) {
        first_bad = i;
        bad_lane = e;
        break;
      }
  if (first_bad == n) return verdict::pass();
  return verdict::fail(describe_mismatch((std::string(what) + " lane " + std::to_string(bad_lane)).c_str(), first_bad,
                                         static_cast<double>(lanes<T>::at(got[first_bad], bad_lane)),
                                         static_cast<double>(lanes<T>::at(expected[first_bad], bad_lane)), 0.0));
}

}  // namespace bench::group_values
