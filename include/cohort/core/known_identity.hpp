// SPDX-License-Identifier: MIT
#pragma once
// SYCL 2020 known_identity / has_known_identity: the identity element of the
// built-in function objects, which reductions use to initialise partials.

#include <functional>
#include <limits>
#include <type_traits>

#include "cohort/core/functional.hpp"
#include "cohort/core/marray.hpp"
#include "cohort/core/type_traits.hpp"
#include "cohort/core/vec.hpp"
#include "cohort/detail/macros.hpp"

namespace cohort {

namespace detail {

enum class identity_op {
  none,
  plus,
  multiplies,
  bit_and,
  bit_or,
  bit_xor,
  logical_and,
  logical_or,
  minimum,
  maximum,
};

// Which operation Op is when accumulating into Acc: cohort's or std's function
// object of Acc, or its transparent (void) form.
template <typename Op, typename Acc>
struct classify_op : std::integral_constant<identity_op, identity_op::none> {};

#define COHORT_CLASSIFY_OP(TEMPLATE, KIND)                                             \
  template <typename Acc>                                                              \
    requires(!std::is_void_v<Acc>)                                                     \
  struct classify_op<TEMPLATE<Acc>, Acc>                                               \
      : std::integral_constant<identity_op, identity_op::KIND> {};                     \
  template <typename Acc>                                                              \
    requires(!std::is_void_v<Acc>)                                                     \
  struct classify_op<TEMPLATE<void>, Acc>                                              \
      : std::integral_constant<identity_op, identity_op::KIND> {};

COHORT_CLASSIFY_OP(cohort::plus, plus)
COHORT_CLASSIFY_OP(cohort::multiplies, multiplies)
COHORT_CLASSIFY_OP(cohort::bit_and, bit_and)
COHORT_CLASSIFY_OP(cohort::bit_or, bit_or)
COHORT_CLASSIFY_OP(cohort::bit_xor, bit_xor)
COHORT_CLASSIFY_OP(cohort::logical_and, logical_and)
COHORT_CLASSIFY_OP(cohort::logical_or, logical_or)
COHORT_CLASSIFY_OP(cohort::minimum, minimum)
COHORT_CLASSIFY_OP(cohort::maximum, maximum)
COHORT_CLASSIFY_OP(std::plus, plus)
COHORT_CLASSIFY_OP(std::multiplies, multiplies)
COHORT_CLASSIFY_OP(std::bit_and, bit_and)
COHORT_CLASSIFY_OP(std::bit_or, bit_or)
COHORT_CLASSIFY_OP(std::bit_xor, bit_xor)
COHORT_CLASSIFY_OP(std::logical_and, logical_and)
COHORT_CLASSIFY_OP(std::logical_or, logical_or)

#undef COHORT_CLASSIFY_OP

// The SYCL 2020 identity table for a scalar element type E.
template <identity_op Kind, typename E>
struct scalar_identity {
  static constexpr bool known = false;
};

template <typename E>
  requires(std::is_arithmetic_v<E>)
struct scalar_identity<identity_op::plus, E> {
  static constexpr bool known = true;
  COHORT_FUNCTION static constexpr E value() { return E{}; }
};

template <typename E>
  requires(std::is_arithmetic_v<E>)
struct scalar_identity<identity_op::multiplies, E> {
  static constexpr bool known = true;
  COHORT_FUNCTION static constexpr E value() { return static_cast<E>(1); }
};

template <typename E>
  requires(std::is_integral_v<E>)
struct scalar_identity<identity_op::bit_and, E> {
  static constexpr bool known = true;
  // complement keeps bool at true (~bool{} would promote to int).
  COHORT_FUNCTION static constexpr E value() { return detail::complement(E{}); }
};

template <typename E>
  requires(std::is_integral_v<E>)
struct scalar_identity<identity_op::bit_or, E> {
  static constexpr bool known = true;
  COHORT_FUNCTION static constexpr E value() { return E{}; }
};

template <typename E>
  requires(std::is_integral_v<E>)
struct scalar_identity<identity_op::bit_xor, E> {
  static constexpr bool known = true;
  COHORT_FUNCTION static constexpr E value() { return E{}; }
};

template <>
struct scalar_identity<identity_op::logical_and, bool> {
  static constexpr bool known = true;
  COHORT_FUNCTION static constexpr bool value() { return true; }
};

template <>
struct scalar_identity<identity_op::logical_or, bool> {
  static constexpr bool known = true;
  COHORT_FUNCTION static constexpr bool value() { return false; }
};

template <typename E>
  requires(std::is_integral_v<E>)
struct scalar_identity<identity_op::minimum, E> {
  static constexpr bool known = true;
  COHORT_FUNCTION static constexpr E value() { return std::numeric_limits<E>::max(); }
};

template <typename E>
  requires(std::is_floating_point_v<E>)
struct scalar_identity<identity_op::minimum, E> {
  static constexpr bool known = true;
  COHORT_FUNCTION static constexpr E value() { return std::numeric_limits<E>::infinity(); }
};

template <typename E>
  requires(std::is_integral_v<E>)
struct scalar_identity<identity_op::maximum, E> {
  static constexpr bool known = true;
  COHORT_FUNCTION static constexpr E value() { return std::numeric_limits<E>::lowest(); }
};

template <typename E>
  requires(std::is_floating_point_v<E>)
struct scalar_identity<identity_op::maximum, E> {
  static constexpr bool known = true;
  COHORT_FUNCTION static constexpr E value() { return -std::numeric_limits<E>::infinity(); }
};

template <typename Op, typename Acc>
using identity_of =
    scalar_identity<classify_op<std::remove_cv_t<Op>, std::remove_cv_t<Acc>>::value,
                    element_type_t<Acc>>;

template <typename Op, typename Acc>
inline constexpr bool has_known_identity_impl_v = identity_of<Op, Acc>::known;

}  // namespace detail

/// Whether BinaryOperation has an identity known for AccumulatorT.
template <typename BinaryOperation, typename AccumulatorT>
struct has_known_identity
    : std::bool_constant<detail::has_known_identity_impl_v<BinaryOperation, AccumulatorT>> {};

template <typename BinaryOperation, typename AccumulatorT>
inline constexpr bool has_known_identity_v =
    has_known_identity<BinaryOperation, AccumulatorT>::value;

namespace detail {

/// The identity as a function, so device code can obtain a vec/marray identity
/// by value (nvcc does not let device code bind references to a host constexpr
/// variable of class type, such as known_identity<...>::value).
template <typename BinaryOperation, typename AccumulatorT>
  requires(has_known_identity_v<BinaryOperation, AccumulatorT>)
COHORT_FUNCTION constexpr std::remove_cv_t<AccumulatorT> make_known_identity() {
  using acc = std::remove_cv_t<AccumulatorT>;
  const auto scalar = identity_of<BinaryOperation, AccumulatorT>::value();
  if constexpr (is_vec_or_marray_v<acc>) {
    return acc(scalar);  // broadcast
  } else {
    return scalar;
  }
}

template <typename BinaryOperation, typename AccumulatorT,
          bool = has_known_identity_v<BinaryOperation, AccumulatorT>>
struct known_identity_base {};

template <typename BinaryOperation, typename AccumulatorT>
struct known_identity_base<BinaryOperation, AccumulatorT, true> {
  static constexpr AccumulatorT value = make_known_identity<BinaryOperation, AccumulatorT>();
};

}  // namespace detail

/// The identity of BinaryOperation for AccumulatorT (no `value` when unknown).
template <typename BinaryOperation, typename AccumulatorT>
struct known_identity : detail::known_identity_base<BinaryOperation, AccumulatorT> {};

template <typename BinaryOperation, typename AccumulatorT>
inline constexpr AccumulatorT known_identity_v =
    known_identity<BinaryOperation, AccumulatorT>::value;

}  // namespace cohort
