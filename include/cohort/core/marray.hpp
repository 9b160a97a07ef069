// SPDX-License-Identifier: MIT
#pragma once
// cohort::marray<T, N>: the SYCL 2020 math array, an array of any length with
// element-wise operators. Plain array storage keeps it trivially copyable.

#include <cstddef>
#include <type_traits>

#include "cohort/core/type_traits.hpp"
#include "cohort/detail/elementwise.hpp"
#include "cohort/detail/macros.hpp"

namespace cohort {

// Element-wise binary operator, its marray/scalar and scalar/marray forms and
// its compound assignment. COND restricts it (e.g. to integral element types).
#define COHORT_MARRAY_BINARY_OP(OP, COND)                                              \
  friend COHORT_FUNCTION constexpr marray operator OP(const marray& lhs,              \
                                                      const marray& rhs)              \
    requires(COND)                                                                     \
  {                                                                                    \
    marray r;                                                                          \
    for (std::size_t i = 0; i < N; ++i) {                                              \
      r.m_data[i] = static_cast<T>(lhs.m_data[i] OP rhs.m_data[i]);                    \
    }                                                                                  \
    return r;                                                                          \
  }                                                                                    \
  template <typename U>                                                                \
  friend COHORT_FUNCTION constexpr marray operator OP(const marray& lhs, const U& rhs)\
    requires((COND) && detail::is_scalar_operand_v<U, T>)                              \
  {                                                                                    \
    return lhs OP marray(static_cast<T>(rhs));                                         \
  }                                                                                    \
  template <typename U>                                                                \
  friend COHORT_FUNCTION constexpr marray operator OP(const U& lhs, const marray& rhs)\
    requires((COND) && detail::is_scalar_operand_v<U, T>)                              \
  {                                                                                    \
    return marray(static_cast<T>(lhs)) OP rhs;                                         \
  }                                                                                    \
  COHORT_FUNCTION constexpr marray& operator OP##=(const marray& rhs)                  \
    requires(COND)                                                                     \
  {                                                                                    \
    for (std::size_t i = 0; i < N; ++i) {                                              \
      m_data[i] = static_cast<T>(m_data[i] OP rhs.m_data[i]);                          \
    }                                                                                  \
    return *this;                                                                      \
  }                                                                                    \
  template <typename U>                                                                \
  COHORT_FUNCTION constexpr marray& operator OP##=(const U& rhs)                       \
    requires((COND) && detail::is_scalar_operand_v<U, T>)                              \
  {                                                                                    \
    return *this OP##= marray(static_cast<T>(rhs));                                    \
  }

// Element-wise relational/logical operator yielding marray<bool, N>.
#define COHORT_MARRAY_RELATIONAL_OP(OP)                                                \
  friend COHORT_FUNCTION constexpr marray<bool, N> operator OP(const marray& lhs,     \
                                                               const marray& rhs)     \
  {                                                                                    \
    marray<bool, N> r;                                                                 \
    for (std::size_t i = 0; i < N; ++i) {                                              \
      r[i] = static_cast<bool>(lhs.m_data[i] OP rhs.m_data[i]);                        \
    }                                                                                  \
    return r;                                                                          \
  }                                                                                    \
  template <typename U>                                                                \
  friend COHORT_FUNCTION constexpr marray<bool, N> operator OP(const marray& lhs,     \
                                                               const U& rhs)          \
    requires(detail::is_scalar_operand_v<U, T>)                                        \
  {                                                                                    \
    return lhs OP marray(static_cast<T>(rhs));                                         \
  }                                                                                    \
  template <typename U>                                                                \
  friend COHORT_FUNCTION constexpr marray<bool, N> operator OP(const U& lhs,          \
                                                               const marray& rhs)     \
    requires(detail::is_scalar_operand_v<U, T>)                                        \
  {                                                                                    \
    return marray(static_cast<T>(lhs)) OP rhs;                                         \
  }

/// SYCL 2020 `marray`.
template <typename T, std::size_t N>
class marray {
  static_assert(N >= 1, "marray needs at least one element");
  static_assert(!std::is_const_v<T> && !std::is_volatile_v<T> && !std::is_reference_v<T>,
                "marray elements must be unqualified objects");

public:
  using value_type = T;
  using reference = T&;
  using const_reference = const T&;
  using iterator = T*;
  using const_iterator = const T*;

  /// Value-initialised (zero for arithmetic T).
  COHORT_FUNCTION constexpr marray() {}

  /// Broadcasts arg to every element.
  COHORT_FUNCTION explicit constexpr marray(const T& arg) {
    for (std::size_t i = 0; i < N; ++i) {
      m_data[i] = arg;
    }
  }

  /// Concatenates scalars (converted to T) and marray<T, M>s, N elements in all.
  template <typename... Args>
    requires(sizeof...(Args) > 1 && (detail::is_marray_ctor_arg_v<Args, T> && ...) &&
             (detail::num_elements_v<Args> + ...) == N)
  COHORT_FUNCTION constexpr marray(const Args&... args) {
    std::size_t pos = 0;
    (detail::append_elements(m_data, pos, args), ...);
  }

  /// Assigns a scalar to every element.
  template <typename U>
    requires(detail::is_scalar_operand_v<U, T>)
  COHORT_FUNCTION constexpr marray& operator=(const U& rhs) {
    for (std::size_t i = 0; i < N; ++i) {
      m_data[i] = static_cast<T>(rhs);
    }
    return *this;
  }

  COHORT_FUNCTION constexpr operator T() const
    requires(N == 1)
  {
    return m_data[0];
  }

  COHORT_FUNCTION static constexpr std::size_t size() noexcept { return N; }

  COHORT_FUNCTION constexpr reference operator[](std::size_t index) { return m_data[index]; }
  COHORT_FUNCTION constexpr const_reference operator[](std::size_t index) const {
    return m_data[index];
  }

  COHORT_FUNCTION constexpr iterator begin() noexcept { return m_data; }
  COHORT_FUNCTION constexpr const_iterator begin() const noexcept { return m_data; }
  COHORT_FUNCTION constexpr iterator end() noexcept { return m_data + N; }
  COHORT_FUNCTION constexpr const_iterator end() const noexcept { return m_data + N; }

  COHORT_MARRAY_BINARY_OP(+, true)
  COHORT_MARRAY_BINARY_OP(-, true)
  COHORT_MARRAY_BINARY_OP(*, true)
  COHORT_MARRAY_BINARY_OP(/, true)
  COHORT_MARRAY_BINARY_OP(%, std::is_integral_v<T>)
  COHORT_MARRAY_BINARY_OP(&, std::is_integral_v<T>)
  COHORT_MARRAY_BINARY_OP(|, std::is_integral_v<T>)
  COHORT_MARRAY_BINARY_OP(^, std::is_integral_v<T>)
  COHORT_MARRAY_BINARY_OP(<<, std::is_integral_v<T>)
  COHORT_MARRAY_BINARY_OP(>>, std::is_integral_v<T>)

  COHORT_MARRAY_RELATIONAL_OP(==)
  COHORT_MARRAY_RELATIONAL_OP(!=)
  COHORT_MARRAY_RELATIONAL_OP(<)
  COHORT_MARRAY_RELATIONAL_OP(>)
  COHORT_MARRAY_RELATIONAL_OP(<=)
  COHORT_MARRAY_RELATIONAL_OP(>=)
  COHORT_MARRAY_RELATIONAL_OP(&&)
  COHORT_MARRAY_RELATIONAL_OP(||)

  friend COHORT_FUNCTION constexpr marray<bool, N> operator!(const marray& v) {
    marray<bool, N> r;
    for (std::size_t i = 0; i < N; ++i) {
      r[i] = !v.m_data[i];
    }
    return r;
  }

  friend COHORT_FUNCTION constexpr marray operator+(const marray& v) { return v; }

  friend COHORT_FUNCTION constexpr marray operator-(const marray& v) {
    marray r;
    for (std::size_t i = 0; i < N; ++i) {
      r.m_data[i] = static_cast<T>(-v.m_data[i]);
    }
    return r;
  }

  // For bool elements ~ is logical negation (see detail::complement).
  friend COHORT_FUNCTION constexpr marray operator~(const marray& v)
    requires(std::is_integral_v<T>)
  {
    marray r;
    for (std::size_t i = 0; i < N; ++i) {
      r.m_data[i] = detail::complement(v.m_data[i]);
    }
    return r;
  }

  COHORT_FUNCTION constexpr marray& operator++()
    requires(!std::is_same_v<T, bool>)
  {
    for (std::size_t i = 0; i < N; ++i) {
      ++m_data[i];
    }
    return *this;
  }
  COHORT_FUNCTION constexpr marray& operator--()
    requires(!std::is_same_v<T, bool>)
  {
    for (std::size_t i = 0; i < N; ++i) {
      --m_data[i];
    }
    return *this;
  }
  COHORT_FUNCTION constexpr marray operator++(int)
    requires(!std::is_same_v<T, bool>)
  {
    marray old = *this;
    ++*this;
    return old;
  }
  COHORT_FUNCTION constexpr marray operator--(int)
    requires(!std::is_same_v<T, bool>)
  {
    marray old = *this;
    --*this;
    return old;
  }

private:
  T m_data[N]{};
};

#undef COHORT_MARRAY_BINARY_OP
#undef COHORT_MARRAY_RELATIONAL_OP

template <typename T, typename... U>
marray(T, U...) -> marray<T, sizeof...(U) + 1>;

/// Element-wise minimum: y[i] if y[i] < x[i], otherwise x[i] (SYCL's min, and
/// the first argument when the two are equivalent).
template <typename T, std::size_t N>
COHORT_FUNCTION constexpr marray<T, N> min(const marray<T, N>& x, const marray<T, N>& y) {
  marray<T, N> r;
  for (std::size_t i = 0; i < N; ++i) {
    r[i] = (y[i] < x[i]) ? y[i] : x[i];
  }
  return r;
}

template <typename T, std::size_t N>
COHORT_FUNCTION constexpr marray<T, N> min(const marray<T, N>& x,
                                           const std::type_identity_t<T>& y) {
  return cohort::min(x, marray<T, N>(y));
}

/// Element-wise maximum: y[i] if x[i] < y[i], otherwise x[i].
template <typename T, std::size_t N>
COHORT_FUNCTION constexpr marray<T, N> max(const marray<T, N>& x, const marray<T, N>& y) {
  marray<T, N> r;
  for (std::size_t i = 0; i < N; ++i) {
    r[i] = (x[i] < y[i]) ? y[i] : x[i];
  }
  return r;
}

template <typename T, std::size_t N>
COHORT_FUNCTION constexpr marray<T, N> max(const marray<T, N>& x,
                                           const std::type_identity_t<T>& y) {
  return cohort::max(x, marray<T, N>(y));
}

/// True if any element is true.
template <std::size_t N>
COHORT_FUNCTION constexpr bool any(const marray<bool, N>& v) {
  for (std::size_t i = 0; i < N; ++i) {
    if (v[i]) return true;
  }
  return false;
}

/// True if every element is true.
template <std::size_t N>
COHORT_FUNCTION constexpr bool all(const marray<bool, N>& v) {
  for (std::size_t i = 0; i < N; ++i) {
    if (!v[i]) return false;
  }
  return true;
}

}  // namespace cohort
