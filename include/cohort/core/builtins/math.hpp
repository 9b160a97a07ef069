// SPDX-License-Identifier: MIT
#pragma once
// SYCL 2020 math functions (4.17.5), with the native:: (4.17.6) and half_precision:: (4.17.7)
// forms: float, double and half scalars, and element-wise on marray, vec and swizzle views.
// They compute with <cmath>, whose functions nvcc also compiles for the device; half computes
// in float (or double, for fma) and rounds once to half. Functions <cmath> lacks follow
// OpenCL's definitions: sinpi and cospi reduce the argument exactly, so that integers and
// half-integers give exact zeros and ones.
//
// Each function is a function object in namespace detail (so that the element-wise loop can
// call it, and nvcc compiles it for the device) plus the overloads SYCL lists.

#include <cmath>
#include <cstdint>
#include <type_traits>

#include "cohort/core/bit_cast.hpp"
#include "cohort/core/builtins/traits.hpp"
#include "cohort/core/half.hpp"
#include "cohort/detail/macros.hpp"

namespace cohort {
namespace detail {

template <typename T>
inline constexpr T pi_v = static_cast<T>(3.141592653589793);

// sin(pi x) for |r| <= 1/2 ... reduced so that the angle given to sin/cos is at most pi/4.
template <typename T>
COHORT_FUNCTION T sinpi_reduced(T r) {
  const T a = std::fabs(r);
  T s;
  if (a <= T(0.25)) {
    s = std::sin(pi_v<T> * a);
  } else {
    s = std::cos(pi_v<T> * (T(0.5) - a));  // exact difference (Sterbenz)
  }
  return std::copysign(s, r);
}

template <typename T>
COHORT_FUNCTION T sinpi(T x) {
  if (!std::isfinite(x)) return x - x;  // NaN
  // remainder by 2 is exact: r in [-1, 1] with sin(pi r) == sin(pi x).
  T r = std::remainder(x, T(2));
  // sin(pi r) == sin(pi (sign(r) - r)), which brings |r| to at most 1/2 (exactly).
  if (r > T(0.5)) r = T(1) - r;
  if (r < T(-0.5)) r = T(-1) - r;
  const T s = sinpi_reduced(r);
  return (s == T(0)) ? std::copysign(T(0), x) : s;
}

template <typename T>
COHORT_FUNCTION T cospi(T x) {
  if (!std::isfinite(x)) return x - x;
  const T a = std::fabs(std::remainder(x, T(2)));  // in [0, 1], exact
  if (a <= T(0.25)) return std::cos(pi_v<T> * a);
  if (a < T(0.75)) return std::sin(pi_v<T> * (T(0.5) - a));  // exact 0 at a == 1/2
  return -std::cos(pi_v<T> * (T(1) - a));
}

template <typename T>
COHORT_FUNCTION T tanpi(T x) {
  return sinpi(x) / cospi(x);
}

// OpenCL's fract: the fraction, kept below 1 (x - floor(x) of a tiny negative x rounds to 1).
template <typename T>
COHORT_FUNCTION T fract(T x, T* iptr) {
  const T fl = std::floor(x);
  *iptr = fl;
  if (std::isnan(x)) return x;
  if (std::isinf(x)) return std::copysign(T(0), x);
  return std::fmin(x - fl, std::nextafter(T(1), T(0)));
}

template <typename T>
COHORT_FUNCTION T maxmag(T x, T y) {
  const T ax = std::fabs(x), ay = std::fabs(y);
  if (ax > ay) return x;
  if (ay > ax) return y;
  return std::fmax(x, y);
}

template <typename T>
COHORT_FUNCTION T minmag(T x, T y) {
  const T ax = std::fabs(x), ay = std::fabs(y);
  if (ax < ay) return x;
  if (ay < ax) return y;
  return std::fmin(x, y);
}

// x^n with an exact integer exponent: float computes in double, where n is exact.
template <typename T>
COHORT_FUNCTION T pown(T x, int n) {
  return static_cast<T>(std::pow(static_cast<double>(x), static_cast<double>(n)));
}

// OpenCL's powr: pow for x >= 0, NaN for x < 0.
template <typename T>
COHORT_FUNCTION T powr(T x, T y) {
  if (x < T(0)) return std::numeric_limits<T>::quiet_NaN();
  return std::pow(x, y);
}

// OpenCL's rootn: x^(1/n); odd roots of negative numbers are negative, even ones NaN, n == 0
// NaN.
template <typename T>
COHORT_FUNCTION T rootn(T x, int n) {
  if (n == 0) return std::numeric_limits<T>::quiet_NaN();
  const double e = 1.0 / static_cast<double>(n);
  if (x < T(0)) {
    if (n % 2 == 0) return std::numeric_limits<T>::quiet_NaN();
    return static_cast<T>(-std::pow(-static_cast<double>(x), e));
  }
  return static_cast<T>(std::pow(static_cast<double>(x), e));
}

// lgamma and the sign of gamma: positive for x > 0, alternating between the poles below 0
// (negative on (-1, 0), positive on (-2, -1), ...); at the poles and for -0 as the limit from
// the side the input is on.
template <typename T>
COHORT_FUNCTION T lgamma_r(T x, int* signp) {
  int sign = 1;
  if (x < T(0) || (x == T(0) && std::signbit(x))) {
    const T fl = std::floor(x);
    if (fl == x) {
      sign = std::signbit(x) && x == T(0) ? -1 : 1;
    } else {
      sign = (std::fmod(fl, T(2)) == T(0)) ? 1 : -1;
    }
  }
  *signp = sign;
  return std::lgamma(x);
}

// remquo with the seven low bits of the quotient that SYCL asks for (C promises three). x
// reduced modulo 128 |y| (exactly, by fmod) keeps the remainder and those bits, and leaves a
// quotient of at most 128, which the reduced x minus the remainder, divided by y, rounds to.
template <typename T>
COHORT_FUNCTION T remquo(T x, T y, int* quo) {
  if (!std::isfinite(x) || std::isnan(y) || y == T(0)) {
    *quo = 0;
    return std::remainder(x, y);  // NaN
  }
  const T r = std::remainder(x, y);
  const double y128 = 128.0 * std::fabs(static_cast<double>(y));
  const double reduced = std::isfinite(y128) ? std::fmod(static_cast<double>(x), y128) : static_cast<double>(x);
  const double n = std::rint((reduced - static_cast<double>(r)) / static_cast<double>(y));
  const int bits = static_cast<int>(std::fabs(n)) & 0x7f;
  *quo = (std::signbit(x) != std::signbit(y)) ? -bits : bits;
  return r;
}

// binary16 helpers that work on the encoding.
COHORT_FUNCTION constexpr std::uint16_t half_bits(half h) { return cohort::bit_cast<std::uint16_t>(h); }
COHORT_FUNCTION constexpr bool half_isnan(half h) { return (half_bits(h) & 0x7fffu) > 0x7c00u; }

COHORT_FUNCTION constexpr half half_nextafter(half x, half y) {
  if (half_isnan(x) || half_isnan(y)) return half::from_bits(0x7e00);
  if (static_cast<float>(x) == static_cast<float>(y)) return y;
  const std::uint16_t b = half_bits(x);
  if ((b & 0x7fffu) == 0) {  // from +-0 to the smallest subnormal towards y
    return half::from_bits(static_cast<std::uint16_t>((static_cast<float>(y) < 0.0f ? 0x8000u : 0u) | 1u));
  }
  const bool away_from_zero = (static_cast<float>(x) < static_cast<float>(y)) == ((b & 0x8000u) == 0);
  return half::from_bits(static_cast<std::uint16_t>(away_from_zero ? b + 1 : b - 1));
}

// The function objects behind the element-wise forms: scalar T (float, double, half) in,
// T out. half goes through float unless the function is given for half.
#define COHORT_MATH_FN_1(NAME, EXPR)                                                   \
  struct NAME##_fn {                                                                   \
    template <typename T>                                                              \
    COHORT_FUNCTION T operator()(T x) const {                                          \
      if constexpr (std::is_same_v<T, half>) {                                         \
        return half((*this)(static_cast<float>(x)));                                   \
      } else {                                                                         \
        return EXPR;                                                                   \
      }                                                                                \
    }                                                                                  \
  };
#define COHORT_MATH_FN_2(NAME, EXPR)                                                   \
  struct NAME##_fn {                                                                   \
    template <typename T>                                                              \
    COHORT_FUNCTION T operator()(T x, T y) const {                                     \
      if constexpr (std::is_same_v<T, half>) {                                         \
        return half((*this)(static_cast<float>(x), static_cast<float>(y)));            \
      } else {                                                                         \
        return EXPR;                                                                   \
      }                                                                                \
    }                                                                                  \
  };

COHORT_MATH_FN_1(acos, std::acos(x))
COHORT_MATH_FN_1(acosh, std::acosh(x))
COHORT_MATH_FN_1(acospi, std::acos(x) / pi_v<T>)
COHORT_MATH_FN_1(asin, std::asin(x))
COHORT_MATH_FN_1(asinh, std::asinh(x))
COHORT_MATH_FN_1(asinpi, std::asin(x) / pi_v<T>)
COHORT_MATH_FN_1(atan, std::atan(x))
COHORT_MATH_FN_1(atanh, std::atanh(x))
COHORT_MATH_FN_1(atanpi, std::atan(x) / pi_v<T>)
COHORT_MATH_FN_1(cbrt, std::cbrt(x))
COHORT_MATH_FN_1(ceil, std::ceil(x))
COHORT_MATH_FN_1(cos, std::cos(x))
COHORT_MATH_FN_1(cosh, std::cosh(x))
COHORT_MATH_FN_1(cospi, detail::cospi(x))
COHORT_MATH_FN_1(erfc, std::erfc(x))
COHORT_MATH_FN_1(erf, std::erf(x))
COHORT_MATH_FN_1(exp, std::exp(x))
COHORT_MATH_FN_1(exp2, std::exp2(x))
COHORT_MATH_FN_1(exp10, std::pow(T(10), x))
COHORT_MATH_FN_1(expm1, std::expm1(x))
COHORT_MATH_FN_1(floor, std::floor(x))
COHORT_MATH_FN_1(lgamma, std::lgamma(x))
COHORT_MATH_FN_1(log, std::log(x))
COHORT_MATH_FN_1(log2, std::log2(x))
COHORT_MATH_FN_1(log10, std::log10(x))
COHORT_MATH_FN_1(log1p, std::log1p(x))
COHORT_MATH_FN_1(logb, std::logb(x))
COHORT_MATH_FN_1(rint, std::rint(x))
COHORT_MATH_FN_1(round, std::round(x))
COHORT_MATH_FN_1(rsqrt, T(1) / std::sqrt(x))
COHORT_MATH_FN_1(sin, std::sin(x))
COHORT_MATH_FN_1(sinh, std::sinh(x))
COHORT_MATH_FN_1(sinpi, detail::sinpi(x))
COHORT_MATH_FN_1(sqrt, std::sqrt(x))
COHORT_MATH_FN_1(tan, std::tan(x))
COHORT_MATH_FN_1(tanh, std::tanh(x))
COHORT_MATH_FN_1(tanpi, detail::tanpi(x))
COHORT_MATH_FN_1(tgamma, std::tgamma(x))
COHORT_MATH_FN_1(trunc, std::trunc(x))

COHORT_MATH_FN_2(atan2, std::atan2(x, y))
COHORT_MATH_FN_2(atan2pi, std::atan2(x, y) / pi_v<T>)
COHORT_MATH_FN_2(fdim, std::fdim(x, y))
COHORT_MATH_FN_2(fmax, std::fmax(x, y))
COHORT_MATH_FN_2(fmin, std::fmin(x, y))
COHORT_MATH_FN_2(fmod, std::fmod(x, y))
COHORT_MATH_FN_2(hypot, std::hypot(x, y))
COHORT_MATH_FN_2(maxmag, detail::maxmag(x, y))
COHORT_MATH_FN_2(minmag, detail::minmag(x, y))
COHORT_MATH_FN_2(pow, std::pow(x, y))
COHORT_MATH_FN_2(powr, detail::powr(x, y))
COHORT_MATH_FN_2(remainder, std::remainder(x, y))

// Exact on the encoding for half (a NaN keeps its payload, -0 its sign).
struct fabs_fn {
  template <typename T>
  COHORT_FUNCTION T operator()(T x) const {
    if constexpr (std::is_same_v<T, half>) {
      return half::from_bits(static_cast<std::uint16_t>(half_bits(x) & 0x7fffu));
    } else {
      return std::fabs(x);
    }
  }
};
struct copysign_fn {
  template <typename T>
  COHORT_FUNCTION T operator()(T x, T y) const {
    if constexpr (std::is_same_v<T, half>) {
      return half::from_bits(static_cast<std::uint16_t>((half_bits(x) & 0x7fffu) | (half_bits(y) & 0x8000u)));
    } else {
      return std::copysign(x, y);
    }
  }
};
// half steps to its own neighbour, not float's.
struct nextafter_fn {
  template <typename T>
  COHORT_FUNCTION T operator()(T x, T y) const {
    if constexpr (std::is_same_v<T, half>) {
      return half_nextafter(x, y);
    } else {
      return std::nextafter(x, y);
    }
  }
};
// half in double: a * b is exact there, and the sum is rounded once to double.
struct fma_fn {
  template <typename T>
  COHORT_FUNCTION T operator()(T a, T b, T c) const {
    if constexpr (std::is_same_v<T, half>) {
      return half(std::fma(static_cast<double>(a), static_cast<double>(b), static_cast<double>(c)));
    } else {
      return std::fma(a, b, c);
    }
  }
};
struct mad_fn {
  template <typename T>
  COHORT_FUNCTION T operator()(T a, T b, T c) const {
    return a * b + c;
  }
};
struct ilogb_fn {
  template <typename T>
  COHORT_FUNCTION int operator()(T x) const {
    if constexpr (std::is_same_v<T, half>) {
      return std::ilogb(static_cast<float>(x));
    } else {
      return std::ilogb(x);
    }
  }
};
struct ldexp_fn {
  template <typename T>
  COHORT_FUNCTION T operator()(T x, int k) const {
    if constexpr (std::is_same_v<T, half>) {
      return half(std::ldexp(static_cast<float>(x), k));
    } else {
      return std::ldexp(x, k);
    }
  }
};
struct pown_fn {
  template <typename T>
  COHORT_FUNCTION T operator()(T x, int n) const {
    if constexpr (std::is_same_v<T, half>) {
      return half(detail::pown(static_cast<float>(x), n));
    } else {
      return detail::pown(x, n);
    }
  }
};
struct rootn_fn {
  template <typename T>
  COHORT_FUNCTION T operator()(T x, int n) const {
    if constexpr (std::is_same_v<T, half>) {
      return half(detail::rootn(static_cast<float>(x), n));
    } else {
      return detail::rootn(x, n);
    }
  }
};

// Functions with a second result stored through a pointer: the object returns the first and
// writes the second to *out.
struct fract_fn {
  template <typename T>
  COHORT_FUNCTION T operator()(T x, T* out) const {
    if constexpr (std::is_same_v<T, half>) {
      float whole;
      const half r(detail::fract(static_cast<float>(x), &whole));
      *out = half(whole);  // exact: floor of a half is a half
      // A fraction just below 1 in float may round up to 1 in half.
      return (static_cast<float>(r) < 1.0f) ? r : half::from_bits(0x3bff);
    } else {
      return detail::fract(x, out);
    }
  }
};
struct modf_fn {
  template <typename T>
  COHORT_FUNCTION T operator()(T x, T* out) const {
    if constexpr (std::is_same_v<T, half>) {
      float whole;
      const half r(std::modf(static_cast<float>(x), &whole));
      *out = half(whole);
      return r;
    } else {
      return std::modf(x, out);
    }
  }
};
struct sincos_fn {
  template <typename T>
  COHORT_FUNCTION T operator()(T x, T* cosval) const {
    if constexpr (std::is_same_v<T, half>) {
      *cosval = half(std::cos(static_cast<float>(x)));
      return half(std::sin(static_cast<float>(x)));
    } else {
      *cosval = std::cos(x);
      return std::sin(x);
    }
  }
};
struct frexp_fn {
  template <typename T>
  COHORT_FUNCTION T operator()(T x, int* exp) const {
    if constexpr (std::is_same_v<T, half>) {
      return half(std::frexp(static_cast<float>(x), exp));
    } else {
      return std::frexp(x, exp);
    }
  }
};
struct lgamma_r_fn {
  template <typename T>
  COHORT_FUNCTION T operator()(T x, int* signp) const {
    if constexpr (std::is_same_v<T, half>) {
      return half(detail::lgamma_r(static_cast<float>(x), signp));
    } else {
      return detail::lgamma_r(x, signp);
    }
  }
};
struct remquo_fn {
  template <typename T>
  COHORT_FUNCTION T operator()(T x, T y, int* quo) const {
    if constexpr (std::is_same_v<T, half>) {
      return half(detail::remquo(static_cast<float>(x), static_cast<float>(y), quo));
    } else {
      return detail::remquo(x, y, quo);
    }
  }
};

// A function with an output through a pointer, element by element: the outputs are gathered
// in an O and stored with one write, as for the scalar form.
template <typename R, typename O, typename F, typename X, typename... Y>
COHORT_FUNCTION R map_with_output(const F& f, O* out, const X& x, const Y&... y) {
  R r;
  O o;
  for (std::size_t i = 0; i < num_elements_v<R>; ++i) {
    element_type_t<O> e;
    r[i] = f(element(x, i), element(y, i)..., &e);
    o[i] = e;
  }
  *out = o;
  return r;
}

// The quiet NaN with nancode in its significand.
COHORT_FUNCTION constexpr float nan_of(std::uint32_t code) {
  return cohort::bit_cast<float>(0x7fc00000u | (code & 0x3fffffu));
}
COHORT_FUNCTION constexpr double nan_of(std::uint64_t code) {
  return cohort::bit_cast<double>(0x7ff8000000000000ull | (code & 0x7ffffffffffffull));
}
COHORT_FUNCTION constexpr half nan_of(std::uint16_t code) {
  return half::from_bits(static_cast<std::uint16_t>(0x7e00u | (code & 0x1ffu)));
}
struct nan_fn {
  template <typename U>
  COHORT_FUNCTION auto operator()(U code) const {
    return nan_of(code);
  }
};

template <typename U>
using nan_result_t = std::conditional_t<std::is_same_v<U, std::uint32_t>, float,
                                        std::conditional_t<std::is_same_v<U, std::uint64_t>, double, half>>;
template <typename U>
inline constexpr bool is_nancode_v =
    std::is_same_v<U, std::uint32_t> || std::is_same_v<U, std::uint64_t> || std::is_same_v<U, std::uint16_t>;

#undef COHORT_MATH_FN_1
#undef COHORT_MATH_FN_2

}  // namespace detail

// The overloads SYCL lists: (1)-(3) on float, double and half, (4) on a NonScalar (marray,
// vec or swizzle view of those), two- and three-argument forms on NonScalars of one shape.
#define COHORT_MATH_1(NAME)                                                                       \
  COHORT_INLINE float NAME(float x) { return detail::NAME##_fn{}(x); }                            \
  COHORT_INLINE double NAME(double x) { return detail::NAME##_fn{}(x); }                          \
  COHORT_INLINE half NAME(half x) { return detail::NAME##_fn{}(x); }                              \
  template <typename X>                                                                           \
    requires(detail::is_nonscalar_genfloat_v<X>)                                                  \
  COHORT_INLINE detail::result_t<X> NAME(const X& x) {                                            \
    return detail::map_elements<detail::result_t<X>>(detail::NAME##_fn{}, x);                     \
  }
#define COHORT_MATH_2(NAME)                                                                       \
  COHORT_INLINE float NAME(float x, float y) { return detail::NAME##_fn{}(x, y); }                \
  COHORT_INLINE double NAME(double x, double y) { return detail::NAME##_fn{}(x, y); }             \
  COHORT_INLINE half NAME(half x, half y) { return detail::NAME##_fn{}(x, y); }                   \
  template <typename X, typename Y>                                                               \
    requires(detail::is_nonscalar_genfloat_v<X> && detail::same_shape_v<X, Y>)                    \
  COHORT_INLINE detail::result_t<X> NAME(const X& x, const Y& y) {                                \
    return detail::map_elements<detail::result_t<X>>(detail::NAME##_fn{}, x, y);                  \
  }
#define COHORT_MATH_3(NAME)                                                                       \
  COHORT_INLINE float NAME(float a, float b, float c) { return detail::NAME##_fn{}(a, b, c); }    \
  COHORT_INLINE double NAME(double a, double b, double c) { return detail::NAME##_fn{}(a, b, c); } \
  COHORT_INLINE half NAME(half a, half b, half c) { return detail::NAME##_fn{}(a, b, c); }        \
  template <typename X, typename Y, typename Z>                                                   \
    requires(detail::is_nonscalar_genfloat_v<X> && detail::same_shape_v<X, Y> &&                  \
             detail::same_shape_v<X, Z>)                                                          \
  COHORT_INLINE detail::result_t<X> NAME(const X& a, const Y& b, const Z& c) {                    \
    return detail::map_elements<detail::result_t<X>>(detail::NAME##_fn{}, a, b, c);               \
  }
// A scalar result through a pointer (Ptr: T* or a multi_ptr to T, OUT(T) being its element).
#define COHORT_MATH_OUT(NAME, OUT_SCALAR, OUT_NONSCALAR)                                          \
  template <typename Ptr>                                                                         \
    requires(detail::is_pointer_to_v<Ptr, OUT_SCALAR(float)>)                                     \
  COHORT_INLINE float NAME(float x, Ptr out) {                                                    \
    return detail::NAME##_fn{}(x, detail::raw_pointer(out));                                      \
  }                                                                                               \
  template <typename Ptr>                                                                         \
    requires(detail::is_pointer_to_v<Ptr, OUT_SCALAR(double)>)                                    \
  COHORT_INLINE double NAME(double x, Ptr out) {                                                  \
    return detail::NAME##_fn{}(x, detail::raw_pointer(out));                                      \
  }                                                                                               \
  template <typename Ptr>                                                                         \
    requires(detail::is_pointer_to_v<Ptr, OUT_SCALAR(half)>)                                      \
  COHORT_INLINE half NAME(half x, Ptr out) {                                                      \
    return detail::NAME##_fn{}(x, detail::raw_pointer(out));                                      \
  }                                                                                               \
  template <typename X, typename Ptr>                                                             \
    requires(detail::is_nonscalar_genfloat_v<X> && detail::is_pointer_to_v<Ptr, OUT_NONSCALAR(X)>) \
  COHORT_INLINE detail::result_t<X> NAME(const X& x, Ptr out) {                                   \
    return detail::map_with_output<detail::result_t<X>>(detail::NAME##_fn{}, detail::raw_pointer(out), x); \
  }
#define COHORT_SAME_TYPE(T) T
#define COHORT_INT_TYPE(T) int
#define COHORT_RESULT_NONSCALAR(X) detail::result_t<X>
#define COHORT_INT_NONSCALAR(X) detail::int_nonscalar_t<X>

COHORT_MATH_1(acos)
COHORT_MATH_1(acosh)
COHORT_MATH_1(acospi)
COHORT_MATH_1(asin)
COHORT_MATH_1(asinh)
COHORT_MATH_1(asinpi)
COHORT_MATH_1(atan)
COHORT_MATH_1(atanh)
COHORT_MATH_1(atanpi)
COHORT_MATH_1(cbrt)
COHORT_MATH_1(ceil)
COHORT_MATH_1(cos)
COHORT_MATH_1(cosh)
COHORT_MATH_1(cospi)
COHORT_MATH_1(erfc)
COHORT_MATH_1(erf)
COHORT_MATH_1(exp)
COHORT_MATH_1(exp2)
COHORT_MATH_1(exp10)
COHORT_MATH_1(expm1)
COHORT_MATH_1(fabs)
COHORT_MATH_1(floor)
COHORT_MATH_1(lgamma)
COHORT_MATH_1(log)
COHORT_MATH_1(log2)
COHORT_MATH_1(log10)
COHORT_MATH_1(log1p)
COHORT_MATH_1(logb)
COHORT_MATH_1(rint)
COHORT_MATH_1(round)
COHORT_MATH_1(rsqrt)
COHORT_MATH_1(sin)
COHORT_MATH_1(sinh)
COHORT_MATH_1(sinpi)
COHORT_MATH_1(sqrt)
COHORT_MATH_1(tan)
COHORT_MATH_1(tanh)
COHORT_MATH_1(tanpi)
COHORT_MATH_1(tgamma)
COHORT_MATH_1(trunc)

COHORT_MATH_2(atan2)
COHORT_MATH_2(atan2pi)
COHORT_MATH_2(copysign)
COHORT_MATH_2(fdim)
COHORT_MATH_2(fmax)
COHORT_MATH_2(fmin)
COHORT_MATH_2(fmod)
COHORT_MATH_2(hypot)
COHORT_MATH_2(maxmag)
COHORT_MATH_2(minmag)
COHORT_MATH_2(nextafter)
COHORT_MATH_2(pow)
COHORT_MATH_2(powr)
COHORT_MATH_2(remainder)

COHORT_MATH_3(fma)
COHORT_MATH_3(mad)

COHORT_MATH_OUT(fract, COHORT_SAME_TYPE, COHORT_RESULT_NONSCALAR)
COHORT_MATH_OUT(modf, COHORT_SAME_TYPE, COHORT_RESULT_NONSCALAR)
COHORT_MATH_OUT(sincos, COHORT_SAME_TYPE, COHORT_RESULT_NONSCALAR)
COHORT_MATH_OUT(frexp, COHORT_INT_TYPE, COHORT_INT_NONSCALAR)
COHORT_MATH_OUT(lgamma_r, COHORT_INT_TYPE, COHORT_INT_NONSCALAR)

/// fmax/fmin of each element and one scalar (overload 5).
template <typename X>
  requires(detail::is_nonscalar_genfloat_v<X>)
COHORT_INLINE detail::result_t<X> fmax(const X& x, detail::element_type_t<X> y) {
  return detail::map_elements<detail::result_t<X>>(detail::fmax_fn{}, x, y);
}
template <typename X>
  requires(detail::is_nonscalar_genfloat_v<X>)
COHORT_INLINE detail::result_t<X> fmin(const X& x, detail::element_type_t<X> y) {
  return detail::map_elements<detail::result_t<X>>(detail::fmin_fn{}, x, y);
}

COHORT_INLINE int ilogb(float x) { return detail::ilogb_fn{}(x); }
COHORT_INLINE int ilogb(double x) { return detail::ilogb_fn{}(x); }
COHORT_INLINE int ilogb(half x) { return detail::ilogb_fn{}(x); }
template <typename X>
  requires(detail::is_nonscalar_genfloat_v<X>)
COHORT_INLINE detail::int_nonscalar_t<X> ilogb(const X& x) {
  return detail::map_elements<detail::int_nonscalar_t<X>>(detail::ilogb_fn{}, x);
}

// ldexp, pown, rootn: a float and an int, element-wise with an int NonScalar of the same
// count (ldexp also with one int for every element).
#define COHORT_MATH_INT_ARG(NAME)                                                                 \
  COHORT_INLINE float NAME(float x, int k) { return detail::NAME##_fn{}(x, k); }                  \
  COHORT_INLINE double NAME(double x, int k) { return detail::NAME##_fn{}(x, k); }                \
  COHORT_INLINE half NAME(half x, int k) { return detail::NAME##_fn{}(x, k); }                    \
  template <typename X, typename K>                                                               \
    requires(detail::is_nonscalar_genfloat_v<X> && detail::is_int_companion_v<X, K>)              \
  COHORT_INLINE detail::result_t<X> NAME(const X& x, const K& k) {                                \
    return detail::map_elements<detail::result_t<X>>(detail::NAME##_fn{}, x, k);                  \
  }
COHORT_MATH_INT_ARG(ldexp)
COHORT_MATH_INT_ARG(pown)
COHORT_MATH_INT_ARG(rootn)
#undef COHORT_MATH_INT_ARG

template <typename X>
  requires(detail::is_nonscalar_genfloat_v<X>)
COHORT_INLINE detail::result_t<X> ldexp(const X& x, int k) {
  return detail::map_elements<detail::result_t<X>>(detail::ldexp_fn{}, x, k);
}

template <typename Ptr>
  requires(detail::is_pointer_to_v<Ptr, int>)
COHORT_INLINE float remquo(float x, float y, Ptr quo) {
  return detail::remquo_fn{}(x, y, detail::raw_pointer(quo));
}
template <typename Ptr>
  requires(detail::is_pointer_to_v<Ptr, int>)
COHORT_INLINE double remquo(double x, double y, Ptr quo) {
  return detail::remquo_fn{}(x, y, detail::raw_pointer(quo));
}
template <typename Ptr>
  requires(detail::is_pointer_to_v<Ptr, int>)
COHORT_INLINE half remquo(half x, half y, Ptr quo) {
  return detail::remquo_fn{}(x, y, detail::raw_pointer(quo));
}
template <typename X, typename Y, typename Ptr>
  requires(detail::is_nonscalar_genfloat_v<X> && detail::same_shape_v<X, Y> &&
           detail::is_pointer_to_v<Ptr, detail::int_nonscalar_t<X>>)
COHORT_INLINE detail::result_t<X> remquo(const X& x, const Y& y, Ptr quo) {
  return detail::map_with_output<detail::result_t<X>>(detail::remquo_fn{}, detail::raw_pointer(quo), x, y);
}

/// A quiet NaN whose significand holds nancode (as much of it as fits).
COHORT_INLINE constexpr float nan(std::uint32_t nancode) { return detail::nan_of(nancode); }
COHORT_INLINE constexpr double nan(std::uint64_t nancode) { return detail::nan_of(nancode); }
COHORT_INLINE constexpr half nan(std::uint16_t nancode) { return detail::nan_of(nancode); }
template <typename X>
  requires(detail::is_nonscalar_v<X> && detail::is_nancode_v<detail::element_type_t<X>>)
COHORT_INLINE detail::rebind_t<X, detail::nan_result_t<detail::element_type_t<X>>> nan(const X& nancode) {
  return detail::map_elements<detail::rebind_t<X, detail::nan_result_t<detail::element_type_t<X>>>>(
      detail::nan_fn{}, nancode);
}

#undef COHORT_MATH_1
#undef COHORT_MATH_2
#undef COHORT_MATH_3
#undef COHORT_MATH_OUT
#undef COHORT_SAME_TYPE
#undef COHORT_INT_TYPE
#undef COHORT_RESULT_NONSCALAR
#undef COHORT_INT_NONSCALAR

}  // namespace cohort

#include "cohort/core/builtins/native_math.hpp"
