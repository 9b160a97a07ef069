// SPDX-License-Identifier: MIT
#pragma once
// SYCL 2020 common functions (4.17.9): clamp, degrees, max, min, mix, radians, step,
// smoothstep, sign, on float, double and half scalars and NonScalars. clamp, max and min are
// also SYCL's integer functions (4.17.8) of the same names; one template serves both.
// vec and marray min/max themselves are in vec.hpp and marray.hpp; here are the scalar forms
// and those with swizzle views.

#include <cmath>
#include <type_traits>

#include "cohort/core/builtins/math.hpp"
#include "cohort/core/builtins/traits.hpp"
#include "cohort/detail/macros.hpp"

namespace cohort {
namespace detail {

template <typename X>
inline constexpr bool is_genfloat_or_int_v = is_genfloat_v<X> || is_genint_v<X>;

// half computes in float and rounds the result once.
#define COHORT_COMMON_FN(NAME, PARAMS, ARGS_AS_FLOAT, BODY)                                 \
  struct NAME##_fn {                                                                       \
    template <typename T>                                                                  \
    COHORT_FUNCTION T operator()(PARAMS) const {                                           \
      if constexpr (std::is_same_v<T, half>) {                                             \
        return half((*this)(ARGS_AS_FLOAT));                                               \
      } else {                                                                             \
        BODY                                                                               \
      }                                                                                    \
    }                                                                                      \
  };
#define COHORT_COMMA ,

COHORT_COMMON_FN(degrees, T r, static_cast<float>(r), return (T(180) / pi_v<T>) * r;)
COHORT_COMMON_FN(radians, T d, static_cast<float>(d), return (pi_v<T> / T(180)) * d;)
COHORT_COMMON_FN(mix, T x COHORT_COMMA T y COHORT_COMMA T a,
                 static_cast<float>(x) COHORT_COMMA static_cast<float>(y) COHORT_COMMA static_cast<float>(a),
                 return x + (y - x) * a;)
COHORT_COMMON_FN(step, T edge COHORT_COMMA T x, static_cast<float>(edge) COHORT_COMMA static_cast<float>(x),
                 return (x < edge) ? T(0) : T(1);)
COHORT_COMMON_FN(smoothstep, T edge0 COHORT_COMMA T edge1 COHORT_COMMA T x,
                 static_cast<float>(edge0) COHORT_COMMA static_cast<float>(edge1) COHORT_COMMA static_cast<float>(x),
                 const T t = std::fmin(std::fmax((x - edge0) / (edge1 - edge0), T(0)), T(1));
                 return t * t * (T(3) - T(2) * t);)
// 1 or -1 by the sign, zeros as they are (+0, -0), 0 for NaN.
COHORT_COMMON_FN(sign, T x, static_cast<float>(x),
                 if (x > T(0)) return T(1);
                 if (x < T(0)) return T(-1);
                 if (x == T(0)) return x;
                 return T(0);)

#undef COHORT_COMMON_FN
#undef COHORT_COMMA

// Floating point: fmin(fmax(x, lo), hi); integers: min(max(x, lo), hi).
struct clamp_fn {
  template <typename T>
  COHORT_FUNCTION T operator()(T x, T lo, T hi) const {
    if constexpr (is_genint_scalar_v<T>) {
      const T m = (x < lo) ? lo : x;
      return (hi < m) ? hi : m;
    } else {
      return fmin_fn{}(fmax_fn{}(x, lo), hi);
    }
  }
};
struct max_fn {
  template <typename T>
  COHORT_FUNCTION T operator()(T x, T y) const {
    return (x < y) ? y : x;
  }
};
struct min_fn {
  template <typename T>
  COHORT_FUNCTION T operator()(T x, T y) const {
    return (y < x) ? y : x;
  }
};

}  // namespace detail

/// min(max(x, minval), maxval) (fmin/fmax for floating point), element-wise on NonScalars.
template <typename X, typename Y, typename Z>
  requires(detail::is_genfloat_or_int_v<X> && detail::same_shape_v<X, Y> && detail::same_shape_v<X, Z>)
COHORT_INLINE detail::result_t<X> clamp(const X& x, const Y& minval, const Z& maxval) {
  return detail::map_elements<detail::result_t<X>>(detail::clamp_fn{}, x, minval, maxval);
}
template <typename X>
  requires(detail::is_nonscalar_v<X> && detail::is_genfloat_or_int_v<X>)
COHORT_INLINE detail::result_t<X> clamp(const X& x, detail::element_type_t<X> minval,
                                        detail::element_type_t<X> maxval) {
  return detail::map_elements<detail::result_t<X>>(detail::clamp_fn{}, x, minval, maxval);
}

/// y if x < y, otherwise x.
template <typename T>
  requires(detail::is_genfloat_scalar_v<T> || detail::is_genint_scalar_v<T>)
COHORT_INLINE constexpr T max(T x, T y) {
  return detail::max_fn{}(x, y);
}
/// y if y < x, otherwise x.
template <typename T>
  requires(detail::is_genfloat_scalar_v<T> || detail::is_genint_scalar_v<T>)
COHORT_INLINE constexpr T min(T x, T y) {
  return detail::min_fn{}(x, y);
}
// With a swizzle view among the arguments (vec.hpp has vec with vec or scalar).
template <typename X, typename Y>
  requires((detail::is_swizzle_v<X> || detail::is_swizzle_v<Y>) && detail::is_vec_like_v<X> &&
           detail::is_genfloat_or_int_v<X> && detail::same_shape_v<X, Y>)
COHORT_INLINE detail::result_t<X> max(const X& x, const Y& y) {
  return detail::map_elements<detail::result_t<X>>(detail::max_fn{}, x, y);
}
template <typename X, typename Y>
  requires((detail::is_swizzle_v<X> || detail::is_swizzle_v<Y>) && detail::is_vec_like_v<X> &&
           detail::is_genfloat_or_int_v<X> && detail::same_shape_v<X, Y>)
COHORT_INLINE detail::result_t<X> min(const X& x, const Y& y) {
  return detail::map_elements<detail::result_t<X>>(detail::min_fn{}, x, y);
}
template <typename X>
  requires(detail::is_swizzle_v<X> && detail::is_genfloat_or_int_v<X>)
COHORT_INLINE detail::result_t<X> max(const X& x, detail::element_type_t<X> y) {
  return detail::map_elements<detail::result_t<X>>(detail::max_fn{}, x, y);
}
template <typename X>
  requires(detail::is_swizzle_v<X> && detail::is_genfloat_or_int_v<X>)
COHORT_INLINE detail::result_t<X> min(const X& x, detail::element_type_t<X> y) {
  return detail::map_elements<detail::result_t<X>>(detail::min_fn{}, x, y);
}

#define COHORT_COMMON_1(NAME)                                                               \
  template <typename X>                                                                     \
    requires(detail::is_genfloat_v<X>)                                                      \
  COHORT_INLINE detail::result_t<X> NAME(const X& x) {                                      \
    return detail::map_elements<detail::result_t<X>>(detail::NAME##_fn{}, x);               \
  }
COHORT_COMMON_1(degrees)
COHORT_COMMON_1(radians)
COHORT_COMMON_1(sign)
#undef COHORT_COMMON_1

/// x + (y - x) * a, the linear blend.
template <typename X, typename Y, typename Z>
  requires(detail::is_genfloat_v<X> && detail::same_shape_v<X, Y> && detail::same_shape_v<X, Z>)
COHORT_INLINE detail::result_t<X> mix(const X& x, const Y& y, const Z& a) {
  return detail::map_elements<detail::result_t<X>>(detail::mix_fn{}, x, y, a);
}
template <typename X, typename Y>
  requires(detail::is_nonscalar_genfloat_v<X> && detail::same_shape_v<X, Y>)
COHORT_INLINE detail::result_t<X> mix(const X& x, const Y& y, detail::element_type_t<X> a) {
  return detail::map_elements<detail::result_t<X>>(detail::mix_fn{}, x, y, a);
}

/// 0 where x < edge, otherwise 1.
template <typename X, typename Y>
  requires(detail::is_genfloat_v<X> && detail::same_shape_v<X, Y>)
COHORT_INLINE detail::result_t<X> step(const X& edge, const Y& x) {
  return detail::map_elements<detail::result_t<X>>(detail::step_fn{}, edge, x);
}
template <typename X>
  requires(detail::is_nonscalar_genfloat_v<X>)
COHORT_INLINE detail::result_t<X> step(detail::element_type_t<X> edge, const X& x) {
  return detail::map_elements<detail::result_t<X>>(detail::step_fn{}, edge, x);
}

/// Hermite interpolation between 0 (x <= edge0) and 1 (x >= edge1).
template <typename X, typename Y, typename Z>
  requires(detail::is_genfloat_v<X> && detail::same_shape_v<X, Y> && detail::same_shape_v<X, Z>)
COHORT_INLINE detail::result_t<X> smoothstep(const X& edge0, const Y& edge1, const Z& x) {
  return detail::map_elements<detail::result_t<X>>(detail::smoothstep_fn{}, edge0, edge1, x);
}
template <typename X>
  requires(detail::is_nonscalar_genfloat_v<X>)
COHORT_INLINE detail::result_t<X> smoothstep(detail::element_type_t<X> edge0, detail::element_type_t<X> edge1,
                                             const X& x) {
  return detail::map_elements<detail::result_t<X>>(detail::smoothstep_fn{}, edge0, edge1, x);
}

}  // namespace cohort
