// SPDX-License-Identifier: MIT
#pragma once
// Pieces shared by vec and marray: which arguments their constructors and
// mixed scalar operators accept, and the integer type of vec comparisons.

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "cohort/core/type_traits.hpp"
#include "cohort/detail/macros.hpp"

namespace cohort::detail {

// SYCL vec relational operators yield a signed integer of the element's size.
template <std::size_t Size>
struct signed_int_of_size;
template <>
struct signed_int_of_size<1> {
  using type = std::int8_t;
};
template <>
struct signed_int_of_size<2> {
  using type = std::int16_t;
};
template <>
struct signed_int_of_size<4> {
  using type = std::int32_t;
};
template <>
struct signed_int_of_size<8> {
  using type = std::int64_t;
};
template <typename T>
using signed_int_of_size_t = typename signed_int_of_size<sizeof(T)>::type;

// A scalar operand of a mixed vector/scalar operation: anything convertible to
// the element type that is not itself a vector. Operators take it as a
// template parameter (rather than as the element type) so that it is an exact
// match and wins over the built-in operators that vec<T, 1>/marray<T, 1>'s
// conversion to T would otherwise make ambiguous.
// A swizzle view is not a scalar operand either, even one of a single element: its own
// operators take it.
template <typename U, typename T>
inline constexpr bool is_scalar_operand_v =
    !is_vec_or_marray_v<std::remove_cvref_t<U>> && !is_swizzle_v<U> && std::is_convertible_v<const U&, T>;

// A constructor argument of vec<T, N>: a scalar operand, or a vec<T, M> or swizzle of one.
template <typename A, typename T>
inline constexpr bool is_vec_ctor_arg_v =
    is_scalar_operand_v<A, T> ||
    ((is_vec_v<A> || is_swizzle_v<A>) && std::is_same_v<element_type_t<A>, T>);

// A constructor argument of marray<T, N>: a scalar operand, or a marray<T, M>.
template <typename A, typename T>
inline constexpr bool is_marray_ctor_arg_v =
    is_scalar_operand_v<A, T> ||
    (is_marray_v<A> && std::is_same_v<element_type_t<A>, T>);

// Writes the elements of one constructor argument to dst[pos...], advancing pos.
template <typename T, typename A>
COHORT_FUNCTION constexpr void append_elements(T* dst, std::size_t& pos, const A& arg) {
  if constexpr (is_vec_or_marray_v<A> || is_swizzle_v<A>) {
    for (std::size_t i = 0; i < num_elements_v<A>; ++i) {
      dst[pos++] = arg[i];
    }
  } else {
    dst[pos++] = static_cast<T>(arg);
  }
}

// Element types with the bitwise operators &, |, ^ and ~: the integers and std::byte.
template <typename T>
inline constexpr bool bitwise_element_v = std::is_integral_v<T> || std::is_same_v<T, std::byte>;
// Element types with arithmetic (+, -, *, /, unary -, ++, --): all but std::byte.
template <typename T>
inline constexpr bool arithmetic_element_v = !std::is_same_v<T, std::byte>;

// Bitwise complement that stays meaningful for bool (where ~ would promote to
// int and always give a non-zero value).
template <typename T>
COHORT_FUNCTION constexpr T complement(const T& v) {
  if constexpr (std::is_same_v<T, bool>) {
    return !v;
  } else {
    return static_cast<T>(~v);
  }
}

}  // namespace cohort::detail
