// SPDX-License-Identifier: MIT
#pragma once
// SYCL 2020 function objects (plus, minimum, ...), used by reductions and
// group algorithms. Each works on scalars and element-wise on vec/marray.

#include <type_traits>

#include "cohort/core/marray.hpp"
#include "cohort/core/type_traits.hpp"
#include "cohort/core/vec.hpp"
#include "cohort/detail/macros.hpp"

namespace cohort {

namespace detail {

// Both operands are the same vec/marray type, so the typed function object of
// that type can do the work (and the transparent form agrees with it).
template <typename T, typename U>
inline constexpr bool same_vector_operands_v =
    is_vec_or_marray_v<std::remove_cvref_t<T>> &&
    std::is_same_v<std::remove_cvref_t<T>, std::remove_cvref_t<U>>;

}  // namespace detail

// Arithmetic and bitwise operators: typed form returns T, transparent form
// returns whatever the operator yields (like std::plus<void>).
#define COHORT_ARITHMETIC_FUNCTION_OBJECT(NAME, OP)                                    \
  template <typename T = void>                                                         \
  struct NAME {                                                                        \
    COHORT_FUNCTION constexpr T operator()(const T& x, const T& y) const {            \
      return static_cast<T>(x OP y);                                                   \
    }                                                                                  \
  };                                                                                   \
  template <>                                                                          \
  struct NAME<void> {                                                                  \
    using is_transparent = void;                                                       \
    template <typename T, typename U>                                                  \
    COHORT_FUNCTION constexpr auto operator()(T&& x, U&& y) const                      \
        -> decltype(static_cast<T&&>(x) OP static_cast<U&&>(y)) {                      \
      return static_cast<T&&>(x) OP static_cast<U&&>(y);                               \
    }                                                                                  \
  };

COHORT_ARITHMETIC_FUNCTION_OBJECT(plus, +)
COHORT_ARITHMETIC_FUNCTION_OBJECT(multiplies, *)
COHORT_ARITHMETIC_FUNCTION_OBJECT(bit_and, &)
COHORT_ARITHMETIC_FUNCTION_OBJECT(bit_or, |)
COHORT_ARITHMETIC_FUNCTION_OBJECT(bit_xor, ^)

#undef COHORT_ARITHMETIC_FUNCTION_OBJECT

// Logical operators: the typed form returns bool for scalars (as SYCL). A
// vec/marray cannot collapse to one bool, so there it returns T with each
// element set to the element-wise result converted to the element type
// (1/0, true/false); that keeps the accumulator type of a reduction.
#define COHORT_LOGICAL_FUNCTION_OBJECT(NAME, OP)                                       \
  template <typename T = void>                                                         \
  struct NAME {                                                                        \
    using result_type = std::conditional_t<detail::is_vec_or_marray_v<T>, T, bool>;   \
    COHORT_FUNCTION constexpr result_type operator()(const T& x, const T& y) const {  \
      if constexpr (detail::is_vec_or_marray_v<T>) {                                   \
        using element = detail::element_type_t<T>;                                     \
        T r;                                                                           \
        for (int i = 0; i < static_cast<int>(detail::num_elements_v<T>); ++i) {        \
          r[i] = static_cast<element>(static_cast<bool>(x[i]) OP static_cast<bool>(y[i])); \
        }                                                                              \
        return r;                                                                      \
      } else {                                                                         \
        return static_cast<bool>(x OP y);                                              \
      }                                                                                \
    }                                                                                  \
  };                                                                                   \
  template <>                                                                          \
  struct NAME<void> {                                                                  \
    using is_transparent = void;                                                       \
    template <typename T, typename U>                                                  \
      requires(detail::same_vector_operands_v<T, U>)                                   \
    COHORT_FUNCTION constexpr std::remove_cvref_t<T> operator()(const T& x,            \
                                                                const U& y) const {    \
      return NAME<std::remove_cvref_t<T>>{}(x, y);                                     \
    }                                                                                  \
    template <typename T, typename U>                                                  \
      requires(!detail::same_vector_operands_v<T, U>)                                  \
    COHORT_FUNCTION constexpr auto operator()(T&& x, U&& y) const                      \
        -> decltype(static_cast<T&&>(x) OP static_cast<U&&>(y)) {                      \
      return static_cast<T&&>(x) OP static_cast<U&&>(y);                               \
    }                                                                                  \
  };

COHORT_LOGICAL_FUNCTION_OBJECT(logical_and, &&)
COHORT_LOGICAL_FUNCTION_OBJECT(logical_or, ||)

#undef COHORT_LOGICAL_FUNCTION_OBJECT

/// The smaller argument; the first one when neither is less than the other
/// (element-wise for vec/marray).
template <typename T = void>
struct minimum {
  COHORT_FUNCTION constexpr T operator()(const T& x, const T& y) const {
    if constexpr (detail::is_vec_or_marray_v<T>) {
      return cohort::min(x, y);
    } else {
      return (y < x) ? y : x;
    }
  }
};

template <>
struct minimum<void> {
  using is_transparent = void;
  template <typename T, typename U>
    requires(detail::same_vector_operands_v<T, U>)
  COHORT_FUNCTION constexpr std::remove_cvref_t<T> operator()(const T& x, const U& y) const {
    return cohort::min(x, y);
  }
  template <typename T, typename U>
    requires(!detail::same_vector_operands_v<T, U>)
  COHORT_FUNCTION constexpr std::common_type_t<T, U> operator()(const T& x, const U& y) const {
    using R = std::common_type_t<T, U>;
    return (y < x) ? static_cast<R>(y) : static_cast<R>(x);
  }
};

/// The larger argument; the first one when neither is less than the other
/// (element-wise for vec/marray).
template <typename T = void>
struct maximum {
  COHORT_FUNCTION constexpr T operator()(const T& x, const T& y) const {
    if constexpr (detail::is_vec_or_marray_v<T>) {
      return cohort::max(x, y);
    } else {
      return (x < y) ? y : x;
    }
  }
};

template <>
struct maximum<void> {
  using is_transparent = void;
  template <typename T, typename U>
    requires(detail::same_vector_operands_v<T, U>)
  COHORT_FUNCTION constexpr std::remove_cvref_t<T> operator()(const T& x, const U& y) const {
    return cohort::max(x, y);
  }
  template <typename T, typename U>
    requires(!detail::same_vector_operands_v<T, U>)
  COHORT_FUNCTION constexpr std::common_type_t<T, U> operator()(const T& x, const U& y) const {
    using R = std::common_type_t<T, U>;
    return (x < y) ? static_cast<R>(y) : static_cast<R>(x);
  }
};

}  // namespace cohort
