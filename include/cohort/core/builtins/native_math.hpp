// SPDX-License-Identifier: MIT
#pragma once
// SYCL 2020's native:: (4.17.6) and half_precision:: (4.17.7, deprecated) math functions: on
// float and on NonScalars of float. Their accuracy is the backend's: in nvcc's device pass
// native:: uses CUDA's fast intrinsics (backend/native_math_definitions.hpp), elsewhere both
// namespaces compute as the full-precision functions, which meets every bound SYCL allows.

#include <cmath>
#include <type_traits>

#include "cohort/backend/native_math_definitions.hpp"
#include "cohort/core/builtins/traits.hpp"
#include "cohort/detail/macros.hpp"

namespace cohort {
namespace detail {

template <typename X>
inline constexpr bool is_nonscalar_float_v = is_nonscalar_v<X> && std::is_same_v<element_type_t<X>, float>;

#if COHORT_NATIVE_MATH_HOOKS
#define COHORT_NATIVE_BODY_1(NAME, EXPR) return native_hooks::NAME(x);
#define COHORT_NATIVE_BODY_2(NAME, EXPR) return native_hooks::NAME(x, y);
#else
#define COHORT_NATIVE_BODY_1(NAME, EXPR) return EXPR;
#define COHORT_NATIVE_BODY_2(NAME, EXPR) return EXPR;
#endif

#define COHORT_NATIVE_FN_1(NAME, EXPR)                                                          \
  struct native_##NAME##_fn {                                                                   \
    COHORT_FUNCTION float operator()(float x) const { COHORT_NATIVE_BODY_1(NAME, EXPR) }        \
  };                                                                                            \
  struct half_precision_##NAME##_fn {                                                           \
    COHORT_FUNCTION float operator()(float x) const { return EXPR; }                            \
  };
#define COHORT_NATIVE_FN_2(NAME, EXPR)                                                          \
  struct native_##NAME##_fn {                                                                   \
    COHORT_FUNCTION float operator()(float x, float y) const { COHORT_NATIVE_BODY_2(NAME, EXPR) } \
  };                                                                                            \
  struct half_precision_##NAME##_fn {                                                           \
    COHORT_FUNCTION float operator()(float x, float y) const { return EXPR; }                   \
  };

COHORT_NATIVE_FN_1(cos, std::cos(x))
COHORT_NATIVE_FN_1(exp, std::exp(x))
COHORT_NATIVE_FN_1(exp2, std::exp2(x))
COHORT_NATIVE_FN_1(exp10, std::pow(10.0f, x))
COHORT_NATIVE_FN_1(log, std::log(x))
COHORT_NATIVE_FN_1(log2, std::log2(x))
COHORT_NATIVE_FN_1(log10, std::log10(x))
COHORT_NATIVE_FN_1(recip, 1.0f / x)
COHORT_NATIVE_FN_1(rsqrt, 1.0f / std::sqrt(x))
COHORT_NATIVE_FN_1(sin, std::sin(x))
COHORT_NATIVE_FN_1(sqrt, std::sqrt(x))
COHORT_NATIVE_FN_1(tan, std::tan(x))
COHORT_NATIVE_FN_2(divide, x / y)
COHORT_NATIVE_FN_2(powr, (x < 0.0f ? std::nanf("") : std::pow(x, y)))

#undef COHORT_NATIVE_BODY_1
#undef COHORT_NATIVE_BODY_2
#undef COHORT_NATIVE_FN_1
#undef COHORT_NATIVE_FN_2

}  // namespace detail

#define COHORT_NATIVE_1(SPACE, NAME)                                                            \
  COHORT_INLINE float NAME(float x) { return detail::SPACE##_##NAME##_fn{}(x); }                \
  template <typename X>                                                                         \
    requires(detail::is_nonscalar_float_v<X>)                                                   \
  COHORT_INLINE detail::result_t<X> NAME(const X& x) {                                          \
    return detail::map_elements<detail::result_t<X>>(detail::SPACE##_##NAME##_fn{}, x);         \
  }
#define COHORT_NATIVE_2(SPACE, NAME)                                                            \
  COHORT_INLINE float NAME(float x, float y) { return detail::SPACE##_##NAME##_fn{}(x, y); }    \
  template <typename X, typename Y>                                                             \
    requires(detail::is_nonscalar_float_v<X> && detail::same_shape_v<X, Y>)                     \
  COHORT_INLINE detail::result_t<X> NAME(const X& x, const Y& y) {                              \
    return detail::map_elements<detail::result_t<X>>(detail::SPACE##_##NAME##_fn{}, x, y);      \
  }
#define COHORT_NATIVE_ALL(SPACE)                                                                \
  COHORT_NATIVE_1(SPACE, cos)                                                                   \
  COHORT_NATIVE_1(SPACE, exp)                                                                   \
  COHORT_NATIVE_1(SPACE, exp2)                                                                  \
  COHORT_NATIVE_1(SPACE, exp10)                                                                 \
  COHORT_NATIVE_1(SPACE, log)                                                                   \
  COHORT_NATIVE_1(SPACE, log2)                                                                  \
  COHORT_NATIVE_1(SPACE, log10)                                                                 \
  COHORT_NATIVE_1(SPACE, recip)                                                                 \
  COHORT_NATIVE_1(SPACE, rsqrt)                                                                 \
  COHORT_NATIVE_1(SPACE, sin)                                                                   \
  COHORT_NATIVE_1(SPACE, sqrt)                                                                  \
  COHORT_NATIVE_1(SPACE, tan)                                                                   \
  COHORT_NATIVE_2(SPACE, divide)                                                                \
  COHORT_NATIVE_2(SPACE, powr)

/// Implementation-defined accuracy (the backend's fastest forms).
namespace native {
COHORT_NATIVE_ALL(native)
}  // namespace native

/// At least 10 bits of accuracy (deprecated in SYCL 2020).
namespace half_precision {
COHORT_NATIVE_ALL(half_precision)
}  // namespace half_precision

#undef COHORT_NATIVE_1
#undef COHORT_NATIVE_2
#undef COHORT_NATIVE_ALL

}  // namespace cohort
