// SPDX-License-Identifier: MIT
#pragma once
// SYCL 2020 integer functions (4.17.8) on integer scalars and NonScalars (clamp, max and
// min are in common.hpp). Computed in the unsigned type where the signed one could overflow,
// so that nothing is undefined in C++ where SYCL defines the result; bit counts use
// detail/bits.hpp, which also counts in device code.

#include <cstdint>
#include <type_traits>

#include "cohort/core/builtins/common.hpp"
#include "cohort/core/builtins/traits.hpp"
#include "cohort/detail/bits.hpp"
#include "cohort/detail/macros.hpp"

namespace cohort {
namespace detail {

template <typename T>
using unsigned_of_t = std::make_unsigned_t<T>;

template <typename T>
inline constexpr int bits_of_v = static_cast<int>(sizeof(T) * 8);

template <typename T>
COHORT_FUNCTION constexpr T integer_max() {
  return static_cast<T>(std::is_signed_v<T> ? (unsigned_of_t<T>(~unsigned_of_t<T>(0)) >> 1)
                                            : unsigned_of_t<T>(~unsigned_of_t<T>(0)));
}
template <typename T>
COHORT_FUNCTION constexpr T integer_min() {
  return std::is_signed_v<T> ? static_cast<T>(-integer_max<T>() - 1) : T(0);
}

// The high 64 bits of the 128-bit product of two 64-bit words, from 32-bit halves.
COHORT_FUNCTION constexpr std::uint64_t umul_hi64(std::uint64_t a, std::uint64_t b) {
  const std::uint64_t a_lo = a & 0xffffffffu, a_hi = a >> 32, b_lo = b & 0xffffffffu, b_hi = b >> 32;
  const std::uint64_t p0 = a_lo * b_lo, p1 = a_lo * b_hi, p2 = a_hi * b_lo, p3 = a_hi * b_hi;
  const std::uint64_t mid = (p0 >> 32) + (p1 & 0xffffffffu) + (p2 & 0xffffffffu);
  return p3 + (p1 >> 32) + (p2 >> 32) + (mid >> 32);
}

// The high half of x * y, in T (two's complement for signed types).
template <typename T>
COHORT_FUNCTION constexpr T mul_hi(T x, T y) {
  if constexpr (sizeof(T) < 8) {
    using W = std::conditional_t<std::is_signed_v<T>, std::int64_t, std::uint64_t>;
    return static_cast<T>((static_cast<W>(x) * static_cast<W>(y)) >> bits_of_v<T>);
  } else {
    const std::uint64_t ux = static_cast<std::uint64_t>(x), uy = static_cast<std::uint64_t>(y);
    std::uint64_t hi = umul_hi64(ux, uy);
    if constexpr (std::is_signed_v<T>) {  // signed high half from the unsigned one
      if (x < 0) hi -= uy;
      if (y < 0) hi -= ux;
    }
    return static_cast<T>(hi);
  }
}

struct abs_fn {
  template <typename T>
  COHORT_FUNCTION constexpr T operator()(T x) const {
    using U = unsigned_of_t<T>;
    // |INT_MIN| does not fit (SYCL leaves it undefined): it wraps to INT_MIN here.
    return static_cast<T>(x < T(0) ? static_cast<U>(U(0) - static_cast<U>(x)) : static_cast<U>(x));
  }
};
struct abs_diff_fn {
  template <typename T>
  COHORT_FUNCTION constexpr T operator()(T x, T y) const {
    using U = unsigned_of_t<T>;
    return static_cast<T>(x > y ? static_cast<U>(static_cast<U>(x) - static_cast<U>(y))
                                : static_cast<U>(static_cast<U>(y) - static_cast<U>(x)));
  }
};
struct add_sat_fn {
  template <typename T>
  COHORT_FUNCTION constexpr T operator()(T x, T y) const {
    if constexpr (std::is_signed_v<T>) {
      if (y > 0 && x > integer_max<T>() - y) return integer_max<T>();
      if (y < 0 && x < integer_min<T>() - y) return integer_min<T>();
      return static_cast<T>(x + y);
    } else {
      const T r = static_cast<T>(x + y);
      return (r < x) ? integer_max<T>() : r;
    }
  }
};
struct sub_sat_fn {
  template <typename T>
  COHORT_FUNCTION constexpr T operator()(T x, T y) const {
    if constexpr (std::is_signed_v<T>) {
      if (y < 0 && x > integer_max<T>() + y) return integer_max<T>();
      if (y > 0 && x < integer_min<T>() + y) return integer_min<T>();
      return static_cast<T>(x - y);
    } else {
      return (x < y) ? T(0) : static_cast<T>(x - y);
    }
  }
};
// (x + y) >> 1 and (x + y + 1) >> 1 without forming the sum: halves first, then the carry of
// the low bits (>> of a negative number rounds down, as the wide sum's shift would).
struct hadd_fn {
  template <typename T>
  COHORT_FUNCTION constexpr T operator()(T x, T y) const {
    return static_cast<T>((x >> 1) + (y >> 1) + (x & y & 1));
  }
};
struct rhadd_fn {
  template <typename T>
  COHORT_FUNCTION constexpr T operator()(T x, T y) const {
    return static_cast<T>((x >> 1) + (y >> 1) + ((x | y) & 1));
  }
};
struct clz_fn {
  template <typename T>
  COHORT_FUNCTION constexpr T operator()(T x) const {
    const auto u = static_cast<unsigned_of_t<T>>(x);
    if constexpr (sizeof(T) == 8) {
      const auto hi = static_cast<std::uint32_t>(u >> 32);
      return static_cast<T>(hi ? countl_zero32(hi) : 32 + countl_zero32(static_cast<std::uint32_t>(u)));
    } else {
      return static_cast<T>(countl_zero32(static_cast<std::uint32_t>(u)) - (32 - bits_of_v<T>));
    }
  }
};
struct ctz_fn {
  template <typename T>
  COHORT_FUNCTION constexpr T operator()(T x) const {
    const auto u = static_cast<unsigned_of_t<T>>(x);
    if (u == 0) return static_cast<T>(bits_of_v<T>);
    if constexpr (sizeof(T) == 8) {
      const auto lo = static_cast<std::uint32_t>(u);
      return static_cast<T>(lo ? countr_zero32(lo) : 32 + countr_zero32(static_cast<std::uint32_t>(u >> 32)));
    } else {
      return static_cast<T>(countr_zero32(static_cast<std::uint32_t>(u)));
    }
  }
};
struct popcount_fn {
  template <typename T>
  COHORT_FUNCTION constexpr T operator()(T x) const {
    const auto u = static_cast<unsigned_of_t<T>>(x);
    if constexpr (sizeof(T) == 8) {
      return static_cast<T>(popcount32(static_cast<std::uint32_t>(u)) + popcount32(static_cast<std::uint32_t>(u >> 32)));
    } else {
      return static_cast<T>(popcount32(static_cast<std::uint32_t>(u)));
    }
  }
};
struct mul_hi_fn {
  template <typename T>
  COHORT_FUNCTION constexpr T operator()(T x, T y) const {
    return detail::mul_hi(x, y);
  }
};
struct mad_hi_fn {
  template <typename T>
  COHORT_FUNCTION constexpr T operator()(T a, T b, T c) const {
    using U = unsigned_of_t<T>;
    return static_cast<T>(static_cast<U>(static_cast<U>(detail::mul_hi(a, b)) + static_cast<U>(c)));
  }
};
// a * b + c, saturated: exact in 64 bits below 64-bit operands, in 128 bits (as hi:lo) there.
struct mad_sat_fn {
  template <typename T>
  COHORT_FUNCTION constexpr T operator()(T a, T b, T c) const {
    if constexpr (sizeof(T) < 8) {
      using W = std::conditional_t<std::is_signed_v<T>, std::int64_t, std::uint64_t>;
      const W r = static_cast<W>(a) * static_cast<W>(b) + static_cast<W>(c);
      if (r > static_cast<W>(integer_max<T>())) return integer_max<T>();
      if (r < static_cast<W>(integer_min<T>())) return integer_min<T>();
      return static_cast<T>(r);
    } else if constexpr (std::is_signed_v<T>) {
      const auto ua = static_cast<std::uint64_t>(a), ub = static_cast<std::uint64_t>(b);
      std::uint64_t hi = umul_hi64(ua, ub);
      if (a < 0) hi -= ub;
      if (b < 0) hi -= ua;
      const std::uint64_t lo = ua * ub;
      const std::uint64_t sum = lo + static_cast<std::uint64_t>(c);
      hi += (sum < lo ? 1u : 0u) + (c < 0 ? ~std::uint64_t{0} : 0u);
      // The 128-bit result fits in 64 bits when hi is the sign extension of sum.
      if (hi == ((sum >> 63) ? ~std::uint64_t{0} : 0u)) return static_cast<T>(sum);
      return (hi >> 63) ? integer_min<T>() : integer_max<T>();
    } else {
      if (umul_hi64(a, b) != 0) return integer_max<T>();
      const T p = static_cast<T>(a * b);
      const T sum = static_cast<T>(p + c);
      return (sum < p) ? integer_max<T>() : sum;
    }
  }
};
// Left rotation; the count is taken modulo the width (OpenCL's shift rule).
struct rotate_fn {
  template <typename T>
  COHORT_FUNCTION constexpr T operator()(T v, T count) const {
    using U = unsigned_of_t<T>;
    const unsigned n = static_cast<unsigned>(static_cast<U>(count)) & static_cast<unsigned>(bits_of_v<T> - 1);
    const U u = static_cast<U>(v);
    if (n == 0) return v;
    return static_cast<T>(static_cast<U>((u << n) | (u >> (bits_of_v<T> - static_cast<int>(n)))));
  }
};
// The low 32 bits of the product (24-bit operands, as SYCL requires, give the exact one).
struct mul24_fn {
  template <typename T>
  COHORT_FUNCTION constexpr T operator()(T x, T y) const {
    return static_cast<T>(static_cast<std::uint32_t>(x) * static_cast<std::uint32_t>(y));
  }
};
struct mad24_fn {
  template <typename T>
  COHORT_FUNCTION constexpr T operator()(T x, T y, T z) const {
    return static_cast<T>(static_cast<std::uint32_t>(x) * static_cast<std::uint32_t>(y) + static_cast<std::uint32_t>(z));
  }
};

// upsample(hi, lo): hi is 8, 16 or 32 bits, signed or not, lo unsigned of the same size;
// the result has twice the bits and hi's signedness.
template <typename Hi, typename Lo>
COHORT_FUNCTION constexpr bool upsample_pair() {
  if constexpr (is_genint_scalar_v<Hi> && is_genint_scalar_v<Lo> && std::is_unsigned_v<Lo> &&
                sizeof(Hi) == sizeof(Lo) && sizeof(Hi) <= 4) {
    return std::is_same_v<Hi, std::conditional_t<std::is_signed_v<Hi>, std::make_signed_t<Lo>, Lo>>;
  } else {
    return false;
  }
}
template <typename Hi, typename Lo>
inline constexpr bool upsample_pair_v = upsample_pair<Hi, Lo>();
template <typename Hi>
using upsample_t = std::conditional_t<
    sizeof(Hi) == 1, std::conditional_t<std::is_signed_v<Hi>, std::int16_t, std::uint16_t>,
    std::conditional_t<sizeof(Hi) == 2, std::conditional_t<std::is_signed_v<Hi>, std::int32_t, std::uint32_t>,
                       std::conditional_t<std::is_signed_v<Hi>, std::int64_t, std::uint64_t>>>;
struct upsample_fn {
  template <typename Hi, typename Lo>
  COHORT_FUNCTION constexpr upsample_t<Hi> operator()(Hi hi, Lo lo) const {
    using R = upsample_t<Hi>;
    using UR = std::make_unsigned_t<R>;
    return static_cast<R>((static_cast<UR>(static_cast<R>(hi)) << bits_of_v<Hi>) | static_cast<UR>(lo));
  }
};

// The spec's types for mad24 and mul24: 32-bit integers.
template <typename X>
inline constexpr bool is_int32_gen_v =
    (std::is_same_v<element_type_t<X>, std::int32_t> || std::is_same_v<element_type_t<X>, std::uint32_t>) &&
    (is_nonscalar_v<X> || is_genint_scalar_v<X>);

}  // namespace detail

#define COHORT_INTEGER_1(NAME)                                                                \
  template <typename X>                                                                       \
    requires(detail::is_genint_v<X>)                                                          \
  COHORT_INLINE constexpr detail::result_t<X> NAME(const X& x) {                              \
    return detail::map_elements<detail::result_t<X>>(detail::NAME##_fn{}, x);                 \
  }
#define COHORT_INTEGER_2(NAME, KIND)                                                          \
  template <typename X, typename Y>                                                           \
    requires(detail::KIND<X> && detail::same_shape_v<X, Y>)                                   \
  COHORT_INLINE constexpr detail::result_t<X> NAME(const X& x, const Y& y) {                  \
    return detail::map_elements<detail::result_t<X>>(detail::NAME##_fn{}, x, y);              \
  }
#define COHORT_INTEGER_3(NAME, KIND)                                                          \
  template <typename X, typename Y, typename Z>                                               \
    requires(detail::KIND<X> && detail::same_shape_v<X, Y> && detail::same_shape_v<X, Z>)     \
  COHORT_INLINE constexpr detail::result_t<X> NAME(const X& a, const Y& b, const Z& c) {      \
    return detail::map_elements<detail::result_t<X>>(detail::NAME##_fn{}, a, b, c);           \
  }

COHORT_INTEGER_1(abs)
COHORT_INTEGER_1(clz)
COHORT_INTEGER_1(ctz)
COHORT_INTEGER_1(popcount)
COHORT_INTEGER_2(abs_diff, is_genint_v)
COHORT_INTEGER_2(add_sat, is_genint_v)
COHORT_INTEGER_2(sub_sat, is_genint_v)
COHORT_INTEGER_2(hadd, is_genint_v)
COHORT_INTEGER_2(rhadd, is_genint_v)
COHORT_INTEGER_2(mul_hi, is_genint_v)
COHORT_INTEGER_2(rotate, is_genint_v)
COHORT_INTEGER_2(mul24, is_int32_gen_v)
COHORT_INTEGER_3(mad_hi, is_genint_v)
COHORT_INTEGER_3(mad_sat, is_genint_v)
COHORT_INTEGER_3(mad24, is_int32_gen_v)

#undef COHORT_INTEGER_1
#undef COHORT_INTEGER_2
#undef COHORT_INTEGER_3

/// ((wide)hi << bits) | lo, twice as wide as its arguments, signed as hi.
template <typename Hi, typename Lo>
  requires(detail::upsample_pair_v<Hi, Lo>)
COHORT_INLINE constexpr detail::upsample_t<Hi> upsample(Hi hi, Lo lo) {
  return detail::upsample_fn{}(hi, lo);
}
template <typename Hi, typename Lo>
  requires(detail::is_nonscalar_v<Hi> && detail::is_nonscalar_v<Lo> &&
           detail::upsample_pair_v<detail::element_type_t<Hi>, detail::element_type_t<Lo>> &&
           detail::num_elements_v<Hi> == detail::num_elements_v<Lo> &&
           (detail::is_marray_v<Hi> ? detail::is_marray_v<Lo> : (detail::is_vec_like_v<Hi> && detail::is_vec_like_v<Lo>)))
COHORT_INLINE constexpr detail::rebind_t<Hi, detail::upsample_t<detail::element_type_t<Hi>>> upsample(const Hi& hi,
                                                                                                     const Lo& lo) {
  return detail::map_elements<detail::rebind_t<Hi, detail::upsample_t<detail::element_type_t<Hi>>>>(
      detail::upsample_fn{}, hi, lo);
}

}  // namespace cohort
