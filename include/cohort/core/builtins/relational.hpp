// SPDX-License-Identifier: MIT
#pragma once
// SYCL 2020 relational functions (4.17.11). Comparisons and classifications give bool for
// scalars, marray<bool, N> for marrays, and for vecs and swizzle views a vec of the signed
// integer of the element's size holding -1 (true) or 0. any and all of vec and marray are in
// vec.hpp and marray.hpp (here: their swizzle forms); bitselect and select take any scalar
// type SYCL lists.

#include <cmath>
#include <cstdint>
#include <type_traits>

#include "cohort/core/bit_cast.hpp"
#include "cohort/core/builtins/traits.hpp"
#include "cohort/core/half.hpp"
#include "cohort/detail/elementwise.hpp"
#include "cohort/detail/macros.hpp"

namespace cohort {
namespace detail {

/// What a relational function returns for X.
template <typename X>
using relational_result_t =
    std::conditional_t<is_vec_like_v<X>, rebind_t<X, signed_int_of_size_t<element_type_t<X>>>, rebind_t<X, bool>>;

// A predicate per element, as relational_result_t<R-shape> expects it: -1/0 in vecs.
template <typename R, typename F, typename... A>
COHORT_FUNCTION constexpr R map_predicate(const F& f, const A&... a) {
  if constexpr (is_vec_v<R>) {
    R r;
    for (std::size_t i = 0; i < num_elements_v<R>; ++i) r[i] = f(element(a, i)...) ? -1 : 0;
    return r;
  } else {
    return map_elements<R>(f, a...);
  }
}

// Comparisons of floating point elements; half compares as float, exactly.
#define COHORT_RELATIONAL_FN_2(NAME, EXPR)                                           \
  struct NAME##_fn {                                                                 \
    template <typename T>                                                            \
    COHORT_FUNCTION bool operator()(T tx, T ty) const {                              \
      using F = std::conditional_t<std::is_same_v<T, half>, float, T>;               \
      const F x = static_cast<F>(tx), y = static_cast<F>(ty);                        \
      return EXPR;                                                                   \
    }                                                                                \
  };
#define COHORT_RELATIONAL_FN_1(NAME, EXPR)                                           \
  struct NAME##_fn {                                                                 \
    template <typename T>                                                            \
    COHORT_FUNCTION bool operator()(T tx) const {                                    \
      using F = std::conditional_t<std::is_same_v<T, half>, float, T>;               \
      const F x = static_cast<F>(tx);                                                \
      return EXPR;                                                                   \
    }                                                                                \
  };

COHORT_RELATIONAL_FN_2(isequal, x == y)
COHORT_RELATIONAL_FN_2(isnotequal, x != y)
COHORT_RELATIONAL_FN_2(isgreater, x > y)
COHORT_RELATIONAL_FN_2(isgreaterequal, x >= y)
COHORT_RELATIONAL_FN_2(isless, x < y)
COHORT_RELATIONAL_FN_2(islessequal, x <= y)
COHORT_RELATIONAL_FN_2(islessgreater, (x < y) || (x > y))
COHORT_RELATIONAL_FN_2(isordered, (x == x) && (y == y))
COHORT_RELATIONAL_FN_2(isunordered, std::isnan(x) || std::isnan(y))
COHORT_RELATIONAL_FN_1(isfinite, std::isfinite(x))
COHORT_RELATIONAL_FN_1(isinf, std::isinf(x))
COHORT_RELATIONAL_FN_1(isnan, std::isnan(x))
COHORT_RELATIONAL_FN_1(signbit, std::signbit(x))

#undef COHORT_RELATIONAL_FN_1
#undef COHORT_RELATIONAL_FN_2

// A half's normal range is its own (its subnormals are normal floats).
struct isnormal_fn {
  template <typename T>
  COHORT_FUNCTION bool operator()(T x) const {
    if constexpr (std::is_same_v<T, half>) {
      const unsigned exponent = (cohort::bit_cast<std::uint16_t>(x) >> 10) & 0x1fu;
      return exponent != 0 && exponent != 0x1f;
    } else {
      return std::isnormal(x);
    }
  }
};

// The generic scalar types of bitselect and select: integers and floating point.
template <typename T>
inline constexpr bool is_genscalar_v = is_genint_scalar_v<T> || is_genfloat_scalar_v<T>;

template <typename T>
using same_size_unsigned_t = std::make_unsigned_t<signed_int_of_size_t<T>>;

// Bits of c choose between a (0) and b (1), on the object representation.
struct bitselect_fn {
  template <typename T>
  COHORT_FUNCTION constexpr T operator()(T a, T b, T c) const {
    using U = same_size_unsigned_t<T>;
    const U ua = cohort::bit_cast<U>(a), ub = cohort::bit_cast<U>(b), uc = cohort::bit_cast<U>(c);
    return cohort::bit_cast<T>(static_cast<U>((ua & static_cast<U>(~uc)) | (ub & uc)));
  }
};
// vec select: the most significant bit of c chooses b.
struct select_msb_fn {
  template <typename T, typename C>
  COHORT_FUNCTION constexpr T operator()(T a, T b, C c) const {
    return (static_cast<std::make_unsigned_t<C>>(c) >> (sizeof(C) * 8 - 1)) ? b : a;
  }
};
struct select_bool_fn {
  template <typename T>
  COHORT_FUNCTION constexpr T operator()(T a, T b, bool c) const {
    return c ? b : a;
  }
};

}  // namespace detail

#define COHORT_RELATIONAL_2(NAME)                                                                  \
  COHORT_INLINE bool NAME(float x, float y) { return detail::NAME##_fn{}(x, y); }                  \
  COHORT_INLINE bool NAME(double x, double y) { return detail::NAME##_fn{}(x, y); }                \
  COHORT_INLINE bool NAME(half x, half y) { return detail::NAME##_fn{}(x, y); }                    \
  template <typename X, typename Y>                                                                \
    requires(detail::is_nonscalar_genfloat_v<X> && detail::same_shape_v<X, Y>)                     \
  COHORT_INLINE detail::relational_result_t<X> NAME(const X& x, const Y& y) {                      \
    return detail::map_predicate<detail::relational_result_t<X>>(detail::NAME##_fn{}, x, y);       \
  }
#define COHORT_RELATIONAL_1(NAME)                                                                  \
  COHORT_INLINE bool NAME(float x) { return detail::NAME##_fn{}(x); }                              \
  COHORT_INLINE bool NAME(double x) { return detail::NAME##_fn{}(x); }                             \
  COHORT_INLINE bool NAME(half x) { return detail::NAME##_fn{}(x); }                               \
  template <typename X>                                                                            \
    requires(detail::is_nonscalar_genfloat_v<X>)                                                   \
  COHORT_INLINE detail::relational_result_t<X> NAME(const X& x) {                                  \
    return detail::map_predicate<detail::relational_result_t<X>>(detail::NAME##_fn{}, x);          \
  }

COHORT_RELATIONAL_2(isequal)
COHORT_RELATIONAL_2(isnotequal)
COHORT_RELATIONAL_2(isgreater)
COHORT_RELATIONAL_2(isgreaterequal)
COHORT_RELATIONAL_2(isless)
COHORT_RELATIONAL_2(islessequal)
COHORT_RELATIONAL_2(islessgreater)
COHORT_RELATIONAL_2(isordered)
COHORT_RELATIONAL_2(isunordered)
COHORT_RELATIONAL_1(isfinite)
COHORT_RELATIONAL_1(isinf)
COHORT_RELATIONAL_1(isnan)
COHORT_RELATIONAL_1(isnormal)
COHORT_RELATIONAL_1(signbit)

#undef COHORT_RELATIONAL_1
#undef COHORT_RELATIONAL_2

/// any/all of a swizzle view: as of the vec it gives.
template <typename X>
  requires(detail::is_swizzle_v<X> && std::is_integral_v<detail::element_type_t<X>>)
COHORT_INLINE constexpr int any(const X& x) {
  return cohort::any(detail::result_t<X>(x));
}
template <typename X>
  requires(detail::is_swizzle_v<X> && std::is_integral_v<detail::element_type_t<X>>)
COHORT_INLINE constexpr int all(const X& x) {
  return cohort::all(detail::result_t<X>(x));
}

/// Each bit from b where c's bit is 1, from a where it is 0.
template <typename X, typename Y, typename Z>
  requires(detail::is_genscalar_v<detail::element_type_t<X>> &&
           (detail::is_nonscalar_v<X> || detail::is_genscalar_v<X>) && detail::same_shape_v<X, Y> &&
           detail::same_shape_v<X, Z>)
COHORT_INLINE constexpr detail::result_t<X> bitselect(const X& a, const Y& b, const Z& c) {
  return detail::map_elements<detail::result_t<X>>(detail::bitselect_fn{}, a, b, c);
}

/// c ? b : a.
template <typename T>
  requires(detail::is_genscalar_v<T>)
COHORT_INLINE constexpr T select(T a, T b, bool c) {
  return c ? b : a;
}
/// marray: c[i] ? b[i] : a[i].
template <typename T, std::size_t N>
  requires(detail::is_genscalar_v<T>)
COHORT_INLINE constexpr marray<T, N> select(const marray<T, N>& a, const marray<T, N>& b, const marray<bool, N>& c) {
  return detail::map_elements<marray<T, N>>(detail::select_bool_fn{}, a, b, c);
}
/// vec and swizzle views: b[i] where the most significant bit of c[i] is set, else a[i]; c
/// holds integers of the elements' size.
template <typename X, typename Y, typename Z>
  requires(detail::is_vec_like_v<X> && detail::is_genscalar_v<detail::element_type_t<X>> &&
           detail::same_shape_v<X, Y> && detail::is_vec_like_v<Z> &&
           detail::is_genint_scalar_v<detail::element_type_t<Z>> &&
           sizeof(detail::element_type_t<Z>) == sizeof(detail::element_type_t<X>) &&
           detail::num_elements_v<Z> == detail::num_elements_v<X>)
COHORT_INLINE constexpr detail::result_t<X> select(const X& a, const Y& b, const Z& c) {
  return detail::map_elements<detail::result_t<X>>(detail::select_msb_fn{}, a, b, c);
}

}  // namespace cohort
