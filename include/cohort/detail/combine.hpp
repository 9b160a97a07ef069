// SPDX-License-Identifier: MIT
#pragma once
// How group algorithms apply their binary operation: the result is stored as the
// accumulator type T (as SYCL requires), and integer sums and products wrap around in T
// the way a host loop over T does in practice. Computing them in the unsigned type keeps
// that well-defined (signed overflow, and `unsigned short * unsigned short` promoted to
// int, are undefined behaviour) and independent of the order of evaluation, so group
// reductions may split their work into lanes and still match a sequential loop bit for bit.
#include <cstddef>
#include <type_traits>

#include "cohort/core/known_identity.hpp"
#include "cohort/core/type_traits.hpp"
#include "cohort/detail/macros.hpp"

namespace cohort::detail {

template <typename E>
inline constexpr bool wrapping_integer_v = std::is_integral_v<E> && !std::is_same_v<E, bool>;

/// The unsigned type in which `E op E` wraps like E: at least as wide as unsigned int, so
/// small types are not promoted back to (signed) int.
template <typename E>
using wrapping_unsigned_t =
    std::make_unsigned_t<std::conditional_t<(sizeof(E) < sizeof(unsigned)), unsigned, E>>;

template <identity_op Kind, typename E>
COHORT_INLINE E wrapping_apply(E a, E b) {
  using U = wrapping_unsigned_t<E>;
  if constexpr (Kind == identity_op::plus) {
    return static_cast<E>(static_cast<U>(static_cast<U>(a) + static_cast<U>(b)));
  } else {
    return static_cast<E>(static_cast<U>(static_cast<U>(a) * static_cast<U>(b)));
  }
}

/// Whether `op` is one of the built-in arithmetic or bitwise operators (sum, product,
/// minimum, maximum, and, or, xor) on an arithmetic T other than bool: associative and
/// commutative, so a fold may split into lanes (exactly so for integers).
template <typename Op, typename T>
inline constexpr bool builtin_arithmetic_op_v = [] {
  if constexpr (!std::is_arithmetic_v<T> || std::is_same_v<T, bool>) {
    return false;
  } else {
    constexpr identity_op kind = classify_op<std::remove_cv_t<Op>, T>::value;
    return kind == identity_op::plus || kind == identity_op::multiplies || kind == identity_op::minimum ||
           kind == identity_op::maximum || kind == identity_op::bit_and || kind == identity_op::bit_or ||
           kind == identity_op::bit_xor;
  }
}();

/// Whether `op(T, V)` is an integer sum or product that `combine` computes wrapping.
template <typename Op, typename T, typename V>
inline constexpr bool combines_wrapping_v = [] {
  constexpr identity_op kind = classify_op<std::remove_cv_t<Op>, std::remove_cv_t<T>>::value;
  return (kind == identity_op::plus || kind == identity_op::multiplies) &&
         wrapping_integer_v<element_type_t<T>> && std::is_integral_v<element_type_t<V>> &&
         (is_vec_or_marray_v<T> == is_vec_or_marray_v<V>);
}();

/// `op(a, b)` stored as T (see above for integer sums and products).
template <typename T, typename V, typename Op>
COHORT_INLINE T combine(const Op& op, const T& a, const V& b) {
  if constexpr (combines_wrapping_v<Op, T, V>) {
    constexpr identity_op kind = classify_op<std::remove_cv_t<Op>, std::remove_cv_t<T>>::value;
    using E = element_type_t<T>;
    if constexpr (is_vec_or_marray_v<T>) {
      T r;
      for (int i = 0; i < static_cast<int>(num_elements_v<T>); ++i)
        r[i] = wrapping_apply<kind, E>(a[i], static_cast<E>(b[i]));
      return r;
    } else {
      return wrapping_apply<kind, E>(a, static_cast<E>(b));
    }
  } else {
    return static_cast<T>(op(a, b));
  }
}

}  // namespace cohort::detail
