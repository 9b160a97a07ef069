// SPDX-License-Identifier: MIT
#pragma once
#include <cstddef>
#include <type_traits>

#include <cohort/detail/macros.hpp>

namespace cohort::detail {

/// Storage and element-wise operators shared by `id` and `range`.
template <typename Derived, int D>
class array_base {
  static_assert(D >= 1 && D <= 3, "cohort supports 1, 2 and 3 dimensions");

public:
  static constexpr int dimensions = D;

  COHORT_INLINE constexpr array_base() : m_data{} {}
  template <typename... Ts,
            typename = std::enable_if_t<sizeof...(Ts) == D && (std::is_convertible_v<Ts, std::size_t> && ...)>>
  COHORT_INLINE constexpr array_base(Ts... values) : m_data{static_cast<std::size_t>(values)...} {}

  COHORT_INLINE constexpr std::size_t get(int d) const { return m_data[d]; }
  COHORT_INLINE constexpr std::size_t& operator[](int d) { return m_data[d]; }
  COHORT_INLINE constexpr const std::size_t& operator[](int d) const { return m_data[d]; }

  COHORT_INLINE friend constexpr bool operator==(const Derived& a, const Derived& b) {
    for (int d = 0; d < D; ++d)
      if (a.m_data[d] != b.m_data[d]) return false;
    return true;
  }
  COHORT_INLINE friend constexpr bool operator!=(const Derived& a, const Derived& b) { return !(a == b); }

  // Element-wise operators with an id / range or a size_t on either side; the arithmetic
  // and bitwise ones also compound. Comparisons and logical operators give 1 or 0 per
  // dimension (as the spec lists them for id and range).
#define COHORT_ARRAY_ELEMENTWISE_OP(op)                                                  \
  COHORT_INLINE friend constexpr Derived operator op(const Derived& a, const Derived& b) { \
    Derived r;                                                                          \
    for (int d = 0; d < D; ++d) r.m_data[d] = a.m_data[d] op b.m_data[d];               \
    return r;                                                                           \
  }                                                                                     \
  COHORT_INLINE friend constexpr Derived operator op(const Derived& a, std::size_t s) {  \
    Derived r;                                                                          \
    for (int d = 0; d < D; ++d) r.m_data[d] = a.m_data[d] op s;                         \
    return r;                                                                           \
  }                                                                                     \
  COHORT_INLINE friend constexpr Derived operator op(std::size_t s, const Derived& a) {  \
    Derived r;                                                                          \
    for (int d = 0; d < D; ++d) r.m_data[d] = s op a.m_data[d];                         \
    return r;                                                                           \
  }
#define COHORT_ARRAY_BINARY_OP(op)                                                      \
  COHORT_ARRAY_ELEMENTWISE_OP(op)                                                       \
  COHORT_INLINE friend constexpr Derived& operator op##=(Derived & a, const Derived & b) { \
    for (int d = 0; d < D; ++d) a.m_data[d] op## = b.m_data[d];                         \
    return a;                                                                           \
  }                                                                                     \
  COHORT_INLINE friend constexpr Derived& operator op##=(Derived & a, std::size_t s) {   \
    for (int d = 0; d < D; ++d) a.m_data[d] op## = s;                                   \
    return a;                                                                           \
  }
  COHORT_ARRAY_BINARY_OP(+)
  COHORT_ARRAY_BINARY_OP(-)
  COHORT_ARRAY_BINARY_OP(*)
  COHORT_ARRAY_BINARY_OP(/)
  COHORT_ARRAY_BINARY_OP(%)
  COHORT_ARRAY_BINARY_OP(<<)
  COHORT_ARRAY_BINARY_OP(>>)
  COHORT_ARRAY_BINARY_OP(&)
  COHORT_ARRAY_BINARY_OP(|)
  COHORT_ARRAY_BINARY_OP(^)
  COHORT_ARRAY_ELEMENTWISE_OP(&&)
  COHORT_ARRAY_ELEMENTWISE_OP(||)
  COHORT_ARRAY_ELEMENTWISE_OP(<)
  COHORT_ARRAY_ELEMENTWISE_OP(>)
  COHORT_ARRAY_ELEMENTWISE_OP(<=)
  COHORT_ARRAY_ELEMENTWISE_OP(>=)
#undef COHORT_ARRAY_BINARY_OP
#undef COHORT_ARRAY_ELEMENTWISE_OP

  COHORT_INLINE friend constexpr Derived operator+(const Derived& a) { return a; }
  COHORT_INLINE friend constexpr Derived operator-(const Derived& a) {
    Derived r;
    for (int d = 0; d < D; ++d) r.m_data[d] = -a.m_data[d];
    return r;
  }
  COHORT_INLINE friend constexpr Derived& operator++(Derived& a) { return a += 1; }
  COHORT_INLINE friend constexpr Derived& operator--(Derived& a) { return a -= 1; }
  COHORT_INLINE friend constexpr Derived operator++(Derived& a, int) {
    Derived old = a;
    ++a;
    return old;
  }
  COHORT_INLINE friend constexpr Derived operator--(Derived& a, int) {
    Derived old = a;
    --a;
    return old;
  }

protected:
  std::size_t m_data[D];
};

}  // namespace cohort::detail
