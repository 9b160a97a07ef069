// SPDX-License-Identifier: MIT
#pragma once
// cohort::half (SYCL 2020's sycl::half): IEEE 754 binary16 in 16 bits of storage, the same
// type in host and device code and under every compiler (no _Float16 or CUDA __half, which
// not all of them have). Arithmetic converts to float, computes there and rounds back: float
// has more than twice binary16's precision plus two bits, so +, -, *, / and sqrt rounded
// twice this way are still correctly rounded. Conversions round to nearest, ties to even,
// keep subnormals, infinities and NaNs, and are constexpr.

#include <cstdint>
#include <limits>
#include <type_traits>

#include "cohort/core/bit_cast.hpp"
#include "cohort/detail/macros.hpp"

namespace cohort {

class half;

namespace detail {

// Rounds a float or double, given as its bits, to binary16 bits (nearest, ties to even).
template <typename UInt, int MantissaBits, int ExponentBits>
COHORT_FUNCTION constexpr std::uint16_t to_half_bits(UInt bits) {
  constexpr int total_bits = static_cast<int>(sizeof(UInt) * 8);
  constexpr int exponent_max = (1 << ExponentBits) - 1;
  constexpr int bias = (1 << (ExponentBits - 1)) - 1;
  constexpr int dropped = MantissaBits - 10;  // mantissa bits a normal half loses
  const auto sign = static_cast<std::uint16_t>((bits >> (total_bits - 1)) << 15);
  const int exponent = static_cast<int>((bits >> MantissaBits) & static_cast<UInt>(exponent_max));
  const UInt mantissa = bits & ((UInt{1} << MantissaBits) - 1);
  if (exponent == exponent_max) {  // infinity, or NaN kept quiet with the payload's top bits
    if (mantissa == 0) return static_cast<std::uint16_t>(sign | 0x7c00u);
    return static_cast<std::uint16_t>(sign | 0x7e00u | ((mantissa >> dropped) & 0x1ffu));
  }
  // Subnormal floats and doubles are far below half's smallest subnormal: they round to 0.
  if (exponent == 0) return sign;
  const int e = exponent - bias + 15;  // the half's biased exponent, if it were normal
  if (e >= 31) return static_cast<std::uint16_t>(sign | 0x7c00u);
  const UInt m = mantissa | (UInt{1} << MantissaBits);
  // A normal half keeps the top 11 bits of m; a subnormal one 1 - e bits fewer.
  const int shift = (e > 0) ? dropped : dropped + 1 - e;
  if (shift > MantissaBits + 1) return sign;  // below half of the smallest subnormal
  UInt q = m >> shift;
  const UInt rest = m & ((UInt{1} << shift) - 1);
  const UInt halfway = UInt{1} << (shift - 1);
  if (rest > halfway || (rest == halfway && (q & 1u) != 0)) ++q;
  // Normal: q holds the implicit bit at bit 10, so adding (e - 1) << 10 gives the exponent
  // field; a carry out of the mantissa moves into the exponent (and up to infinity). Subnormal:
  // the exponent field is 0, and a carry makes the smallest normal number.
  const UInt magnitude = (e > 0) ? (static_cast<UInt>(e - 1) << 10) + q : q;
  return static_cast<std::uint16_t>(sign | static_cast<std::uint16_t>(magnitude));
}

COHORT_FUNCTION constexpr std::uint16_t float_to_half_bits(float f) {
  return to_half_bits<std::uint32_t, 23, 8>(cohort::bit_cast<std::uint32_t>(f));
}

COHORT_FUNCTION constexpr std::uint16_t double_to_half_bits(double d) {
  return to_half_bits<std::uint64_t, 52, 11>(cohort::bit_cast<std::uint64_t>(d));
}

// Exact: every binary16 value is a float.
COHORT_FUNCTION constexpr float half_bits_to_float(std::uint16_t h) {
  const std::uint32_t sign = static_cast<std::uint32_t>(h & 0x8000u) << 16;
  const std::uint32_t exponent = (h >> 10) & 0x1fu;
  const std::uint32_t mantissa = h & 0x3ffu;
  if (exponent == 0x1f) return cohort::bit_cast<float>(sign | 0x7f800000u | (mantissa << 13));
  if (exponent == 0) {  // zero or subnormal: mantissa * 2^-24, exact in float
    const float magnitude = static_cast<float>(mantissa) * 5.9604644775390625e-08f;
    return sign ? -magnitude : magnitude;
  }
  return cohort::bit_cast<float>(sign | ((exponent + 112u) << 23) | (mantissa << 13));
}

// Arithmetic operands that mix with half: the arithmetic types (not half itself).
template <typename U>
inline constexpr bool half_operand_v = std::is_arithmetic_v<U>;

// half op U: the floating type when U is floating (as _Float16 promotes), else half.
template <typename U>
using half_result_t = std::conditional_t<std::is_floating_point_v<U>, U, half>;

}  // namespace detail

#define COHORT_HALF_ARITHMETIC(OP)                                                       \
  friend COHORT_FUNCTION constexpr half operator OP(half a, half b) {                    \
    return half(static_cast<float>(a) OP static_cast<float>(b));                         \
  }                                                                                      \
  template <typename U>                                                                  \
    requires(detail::half_operand_v<U>)                                                  \
  friend COHORT_FUNCTION constexpr detail::half_result_t<U> operator OP(half a, U b) {   \
    using R = detail::half_result_t<U>;                                                  \
    return static_cast<R>(a) OP static_cast<R>(b);                                       \
  }                                                                                      \
  template <typename U>                                                                  \
    requires(detail::half_operand_v<U>)                                                  \
  friend COHORT_FUNCTION constexpr detail::half_result_t<U> operator OP(U a, half b) {   \
    using R = detail::half_result_t<U>;                                                  \
    return static_cast<R>(a) OP static_cast<R>(b);                                       \
  }                                                                                      \
  COHORT_FUNCTION constexpr half& operator OP##=(half b) { return *this = *this OP b; }  \
  template <typename U>                                                                  \
    requires(detail::half_operand_v<U>)                                                  \
  COHORT_FUNCTION constexpr half& operator OP##=(U b) {                                  \
    return *this = static_cast<half>(*this OP b);                                        \
  }

#define COHORT_HALF_COMPARISON(OP)                                                       \
  friend COHORT_FUNCTION constexpr bool operator OP(half a, half b) {                    \
    return static_cast<float>(a) OP static_cast<float>(b);                               \
  }                                                                                      \
  template <typename U>                                                                  \
    requires(detail::half_operand_v<U>)                                                  \
  friend COHORT_FUNCTION constexpr bool operator OP(half a, U b) {                       \
    using R = detail::half_result_t<U>;                                                  \
    return static_cast<R>(a) OP static_cast<R>(b);                                       \
  }                                                                                      \
  template <typename U>                                                                  \
    requires(detail::half_operand_v<U>)                                                  \
  friend COHORT_FUNCTION constexpr bool operator OP(U a, half b) {                       \
    using R = detail::half_result_t<U>;                                                  \
    return static_cast<R>(a) OP static_cast<R>(b);                                       \
  }

/// IEEE 754 binary16. Converts implicitly from and to the arithmetic types, as a built-in
/// floating type does; mixed with float or double it computes in that type, mixed with an
/// integer in half.
class half {
public:
  /// Positive zero.
  COHORT_FUNCTION constexpr half() noexcept {}

  template <typename U>
    requires(std::is_arithmetic_v<U>)
  COHORT_FUNCTION constexpr half(U value) noexcept
      : m_bits(std::is_floating_point_v<U> && sizeof(U) > sizeof(float)  // double, long double
                   ? detail::double_to_half_bits(static_cast<double>(value))
                   : detail::float_to_half_bits(static_cast<float>(value))) {}

  COHORT_FUNCTION constexpr operator float() const noexcept {
    return detail::half_bits_to_float(m_bits);
  }

  COHORT_HALF_ARITHMETIC(+)
  COHORT_HALF_ARITHMETIC(-)
  COHORT_HALF_ARITHMETIC(*)
  COHORT_HALF_ARITHMETIC(/)

  COHORT_HALF_COMPARISON(==)
  COHORT_HALF_COMPARISON(!=)
  COHORT_HALF_COMPARISON(<)
  COHORT_HALF_COMPARISON(>)
  COHORT_HALF_COMPARISON(<=)
  COHORT_HALF_COMPARISON(>=)

  friend COHORT_FUNCTION constexpr half operator+(half a) { return a; }
  // Negation flips the sign bit only, so -0, infinities and NaN payloads come out as IEEE says.
  friend COHORT_FUNCTION constexpr half operator-(half a) {
    return from_bits(static_cast<std::uint16_t>(a.m_bits ^ 0x8000u));
  }

  COHORT_FUNCTION constexpr half& operator++() { return *this += half(1.0f); }
  COHORT_FUNCTION constexpr half& operator--() { return *this -= half(1.0f); }
  COHORT_FUNCTION constexpr half operator++(int) {
    half old = *this;
    ++*this;
    return old;
  }
  COHORT_FUNCTION constexpr half operator--(int) {
    half old = *this;
    --*this;
    return old;
  }

  /// The half whose IEEE 754 encoding is `bits`.
  COHORT_FUNCTION static constexpr half from_bits(std::uint16_t bits) noexcept {
    half h;
    h.m_bits = bits;
    return h;
  }

private:
  std::uint16_t m_bits = 0;
};

#undef COHORT_HALF_ARITHMETIC
#undef COHORT_HALF_COMPARISON

static_assert(sizeof(half) == 2 && alignof(half) == 2 && std::is_trivially_copyable_v<half>);

}  // namespace cohort

/// The binary16 parameters, as for the built-in floating types.
template <>
struct std::numeric_limits<cohort::half> {
  static constexpr bool is_specialized = true;
  static constexpr bool is_signed = true;
  static constexpr bool is_integer = false;
  static constexpr bool is_exact = false;
  static constexpr bool has_infinity = true;
  static constexpr bool has_quiet_NaN = true;
  static constexpr bool has_signaling_NaN = true;
  static constexpr std::float_denorm_style has_denorm = std::denorm_present;
  static constexpr bool has_denorm_loss = false;
  static constexpr std::float_round_style round_style = std::round_to_nearest;
  static constexpr bool is_iec559 = true;
  static constexpr bool is_bounded = true;
  static constexpr bool is_modulo = false;
  static constexpr int digits = 11;
  static constexpr int digits10 = 3;
  static constexpr int max_digits10 = 5;
  static constexpr int radix = 2;
  static constexpr int min_exponent = -13;
  static constexpr int min_exponent10 = -4;
  static constexpr int max_exponent = 16;
  static constexpr int max_exponent10 = 4;
  static constexpr bool traps = false;
  static constexpr bool tinyness_before = false;

  COHORT_FUNCTION static constexpr cohort::half min() noexcept { return cohort::half::from_bits(0x0400); }
  COHORT_FUNCTION static constexpr cohort::half lowest() noexcept { return cohort::half::from_bits(0xfbff); }
  COHORT_FUNCTION static constexpr cohort::half max() noexcept { return cohort::half::from_bits(0x7bff); }
  COHORT_FUNCTION static constexpr cohort::half epsilon() noexcept { return cohort::half::from_bits(0x1400); }
  COHORT_FUNCTION static constexpr cohort::half round_error() noexcept { return cohort::half::from_bits(0x3800); }
  COHORT_FUNCTION static constexpr cohort::half infinity() noexcept { return cohort::half::from_bits(0x7c00); }
  COHORT_FUNCTION static constexpr cohort::half quiet_NaN() noexcept { return cohort::half::from_bits(0x7e00); }
  COHORT_FUNCTION static constexpr cohort::half signaling_NaN() noexcept { return cohort::half::from_bits(0x7d00); }
  COHORT_FUNCTION static constexpr cohort::half denorm_min() noexcept { return cohort::half::from_bits(0x0001); }
};
