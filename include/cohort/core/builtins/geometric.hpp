// SPDX-License-Identifier: MIT
#pragma once
// SYCL 2020 geometric functions (4.17.10): dot, cross, distance, length, normalize and their
// fast_ forms, on float, double and half scalars and on NonScalars of 2, 3 or 4 elements (3 or
// 4 for cross; fast_ forms on float only). half accumulates in float.

#include <cmath>
#include <type_traits>

#include "cohort/core/builtins/math.hpp"
#include "cohort/core/builtins/traits.hpp"
#include "cohort/detail/macros.hpp"

namespace cohort {
namespace detail {

template <typename X>
inline constexpr bool is_geometric_size_v =
    !is_nonscalar_v<X> || (num_elements_v<X> >= 2 && num_elements_v<X> <= 4);
template <typename X>
inline constexpr bool is_gengeo_v = is_genfloat_v<X> && is_geometric_size_v<X>;
template <typename X>
inline constexpr bool is_gengeo_float_v = is_gengeo_v<X> && std::is_same_v<element_type_t<X>, float>;

/// The arithmetic type in which a geometric function of T elements accumulates.
template <typename T>
using geometric_accumulator_t = std::conditional_t<std::is_same_v<T, half>, float, T>;

template <typename X, typename Y>
COHORT_FUNCTION geometric_accumulator_t<element_type_t<X>> dot_accumulate(const X& p0, const Y& p1) {
  using A = geometric_accumulator_t<element_type_t<X>>;
  A sum = 0;
  for (std::size_t i = 0; i < num_elements_v<X>; ++i) {
    sum += static_cast<A>(element(p0, i)) * static_cast<A>(element(p1, i));
  }
  return sum;
}

// p times s (Divide: divided by s) element by element, in the accumulator type S.
template <bool Divide, typename X, typename S>
COHORT_FUNCTION result_t<X> scale(const X& p, S s) {
  using E = element_type_t<X>;
  result_t<X> r;
  for (std::size_t i = 0; i < num_elements_v<X>; ++i) {
    const S e = static_cast<S>(element(p, i));
    const E v = static_cast<E>(Divide ? e / s : e * s);
    if constexpr (is_nonscalar_v<X>) {
      r[i] = v;
    } else {
      r = v;
    }
  }
  return r;
}

}  // namespace detail

/// The dot product (the element type for NonScalars).
template <typename X, typename Y>
  requires(detail::is_gengeo_v<X> && detail::same_shape_v<X, Y>)
COHORT_INLINE detail::element_type_t<X> dot(const X& p0, const Y& p1) {
  return static_cast<detail::element_type_t<X>>(detail::dot_accumulate(p0, p1));
}

/// The cross product of the first three elements; a fourth element is 0.
template <typename X, typename Y>
  requires(detail::is_nonscalar_genfloat_v<X> && detail::same_shape_v<X, Y> &&
           (detail::num_elements_v<X> == 3 || detail::num_elements_v<X> == 4))
COHORT_INLINE detail::result_t<X> cross(const X& p0, const Y& p1) {
  using E = detail::element_type_t<X>;
  using A = detail::geometric_accumulator_t<E>;
  const A a0 = static_cast<A>(p0[0]), a1 = static_cast<A>(p0[1]), a2 = static_cast<A>(p0[2]);
  const A b0 = static_cast<A>(p1[0]), b1 = static_cast<A>(p1[1]), b2 = static_cast<A>(p1[2]);
  detail::result_t<X> r;
  r[0] = static_cast<E>(a1 * b2 - a2 * b1);
  r[1] = static_cast<E>(a2 * b0 - a0 * b2);
  r[2] = static_cast<E>(a0 * b1 - a1 * b0);
  if constexpr (detail::num_elements_v<X> == 4) r[3] = E(0);
  return r;
}

/// sqrt of the sum of the squares.
template <typename X>
  requires(detail::is_gengeo_v<X>)
COHORT_INLINE detail::element_type_t<X> length(const X& p) {
  return static_cast<detail::element_type_t<X>>(std::sqrt(detail::dot_accumulate(p, p)));
}

/// length(p0 - p1).
template <typename X, typename Y>
  requires(detail::is_gengeo_v<X> && detail::same_shape_v<X, Y>)
COHORT_INLINE detail::element_type_t<X> distance(const X& p0, const Y& p1) {
  using A = detail::geometric_accumulator_t<detail::element_type_t<X>>;
  A sum = 0;
  for (std::size_t i = 0; i < detail::num_elements_v<X>; ++i) {
    // The difference rounded to the element type, as p0 - p1 would be.
    const A d = static_cast<A>(static_cast<detail::element_type_t<X>>(detail::element(p0, i) - detail::element(p1, i)));
    sum += d * d;
  }
  return static_cast<detail::element_type_t<X>>(std::sqrt(sum));
}

/// p / length(p); p itself when every element is 0.
template <typename X>
  requires(detail::is_gengeo_v<X>)
COHORT_INLINE detail::result_t<X> normalize(const X& p) {
  using A = detail::geometric_accumulator_t<detail::element_type_t<X>>;
  const A len = std::sqrt(detail::dot_accumulate(p, p));
  if (len == A(0)) return detail::result_t<X>(p);
  return detail::scale<true>(p, len);
}

/// length computed as half_precision::sqrt of the sum of squares.
template <typename X>
  requires(detail::is_gengeo_float_v<X>)
COHORT_INLINE float fast_length(const X& p) {
  return half_precision::sqrt(detail::dot_accumulate(p, p));
}

/// fast_length(p0 - p1).
template <typename X, typename Y>
  requires(detail::is_gengeo_float_v<X> && detail::same_shape_v<X, Y>)
COHORT_INLINE float fast_distance(const X& p0, const Y& p1) {
  float sum = 0;
  for (std::size_t i = 0; i < detail::num_elements_v<X>; ++i) {
    const float d = detail::element(p0, i) - detail::element(p1, i);
    sum += d * d;
  }
  return half_precision::sqrt(sum);
}

/// p * half_precision::rsqrt(sum of squares); p itself when every element is 0.
template <typename X>
  requires(detail::is_gengeo_float_v<X>)
COHORT_INLINE detail::result_t<X> fast_normalize(const X& p) {
  const float sum = detail::dot_accumulate(p, p);
  if (sum == 0.0f) return detail::result_t<X>(p);
  return detail::scale<false>(p, half_precision::rsqrt(sum));
}

}  // namespace cohort
