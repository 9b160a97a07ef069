// SPDX-License-Identifier: MIT
#pragma once
// The keys of cohort::radix_sort as unsigned integers whose ascending order is the keys'
// order (CUB's transforms, cub/util_type.cuh), and the digits a pass sorts by.
//
// - unsigned integers: the bits as they are;
// - signed integers: the sign bit flipped (two's complement then orders as unsigned);
// - float, double: -0.0 taken as +0.0 (CUB: "positive and negative zeros are considered
//   equivalent", so they keep their input order), then the sign bit flipped for
//   non-negative values and every bit flipped for negative ones. NaNs get no special
//   handling and sort by their bits as CUB's do: those with the sign bit clear after +inf,
//   those with it set before -inf.
// - descending: every bit of the transformed key flipped.
#include <concepts>
#include <cstdint>
#include <type_traits>

#include <cohort/core/bit_cast.hpp>
#include <cohort/detail/macros.hpp>

namespace cohort {

/// The key types radix_sort takes: 32- and 64-bit integers, float and double.
template <typename Key>
concept radix_sortable_key = (std::is_integral_v<Key> && !std::is_same_v<Key, bool> &&
                              (sizeof(Key) == 4 || sizeof(Key) == 8)) ||
                             std::is_same_v<Key, float> || std::is_same_v<Key, double>;

namespace detail {

template <typename Key>
struct radix_key {
  using bits_type = std::conditional_t<sizeof(Key) == 4, std::uint32_t, std::uint64_t>;
  static constexpr int bits = static_cast<int>(sizeof(Key) * 8);
  static constexpr bits_type high_bit = bits_type{1} << (bits - 1);

  /// The key as an unsigned integer in the sort's order (ascending).
  COHORT_FUNCTION static bits_type ordered(Key k) {
    bits_type b = cohort::bit_cast<bits_type>(k);
    if constexpr (std::is_floating_point_v<Key>) {
      if (b == high_bit) b = 0;  // -0.0 sorts as +0.0
      return b ^ ((b & high_bit) ? ~bits_type{0} : high_bit);
    } else if constexpr (std::is_signed_v<Key>) {
      return b ^ high_bit;
    } else {
      return b;
    }
  }
};

/// Which bits one call sorts by, and how each pass cuts them into digits: pass p takes
/// `digit_bits` bits from bit `begin_bit + p * digit_bits` (fewer in the last pass).
template <typename Key>
struct radix_digits {
  using bits_type = typename radix_key<Key>::bits_type;
  bits_type flip;  // all ones for a descending sort
  int begin_bit, end_bit, digit_bits;

  COHORT_FUNCTION int passes() const { return (end_bit - begin_bit + digit_bits - 1) / digit_bits; }
  COHORT_FUNCTION int shift(int pass) const { return begin_bit + pass * digit_bits; }
  COHORT_FUNCTION std::uint32_t mask(int pass) const {
    const int left = end_bit - shift(pass);
    const int width = left < digit_bits ? left : digit_bits;
    return (std::uint32_t{1} << width) - 1u;
  }
  /// The transformed key (ascending or descending order as unsigned bits).
  COHORT_FUNCTION bits_type ordered(Key k) const { return radix_key<Key>::ordered(k) ^ flip; }
  /// Digit of pass `pass` of a transformed key.
  COHORT_FUNCTION std::uint32_t digit(bits_type ordered_key, int pass) const {
    return static_cast<std::uint32_t>(ordered_key >> shift(pass)) & mask(pass);
  }
};

}  // namespace detail
}  // namespace cohort
