// SPDX-License-Identifier: MIT
#pragma once
// vec's swizzles (SYCL 2020 4.14.2.5-6): detail::swizzle_view<T, N, Const, I...> is a view of
// elements I... of a vec<T, N>, SYCL's __writeable_swizzle__ (Const false) and
// __const_swizzle__ (Const true). It reads and writes through to the vec, converts to
// vec<T, sizeof...(I)>, and its operators compute as that vec would. Not copyable, as in
// SYCL: it refers to a vec, so keep it only as long as the expression that made it.
// The view's template arguments name only T among types, so argument-dependent lookup sees
// what SYCL allows (the view, T and T's namespace) and not vec's hidden friends.

#include <cstddef>
#include <type_traits>
#include <utility>

#include "cohort/core/type_traits.hpp"
#include "cohort/core/vec.hpp"
#include "cohort/detail/macros.hpp"

namespace cohort {

/// Named swizzle indexes, for vec::swizzle<elem::z, elem::x>().
struct elem {
  static constexpr int x = 0, y = 1, z = 2, w = 3;
  static constexpr int r = 0, g = 1, b = 2, a = 3;
  static constexpr int s0 = 0, s1 = 1, s2 = 2, s3 = 3, s4 = 4, s5 = 5, s6 = 6, s7 = 7;
  static constexpr int s8 = 8, s9 = 9, sA = 10, sB = 11, sC = 12, sD = 13, sE = 14, sF = 15;
};

namespace detail {

// X, in a form that depends on S: it delays checking an operator's return type to its use.
template <typename S, typename X>
struct dependent_type {
  using type = X;
};

// Whether no index repeats: only such views can be written.
template <int... I>
COHORT_FUNCTION constexpr bool distinct_indexes() {
  constexpr int idx[] = {I..., -1};
  for (std::size_t i = 0; i < sizeof...(I); ++i)
    for (std::size_t j = i + 1; j < sizeof...(I); ++j)
      if (idx[i] == idx[j]) return false;
  return true;
}

// The value an operand of a view's operator stands for: a view its vec, others themselves.
template <typename A>
COHORT_FUNCTION constexpr decltype(auto) swizzle_operand(const A& a) {
  if constexpr (is_swizzle_v<A>) {
    return vec<element_type_t<A>, static_cast<int>(num_elements_v<A>)>(a);
  } else {
    return (a);
  }
}

// The other operand of a view's binary operator: a view or vec of the same element type and
// count, or a scalar convertible to the element type.
template <typename A, typename T, int Count>
inline constexpr bool swizzle_other_operand_v =
    ((is_swizzle_v<A> || is_vec_v<A>) && std::is_same_v<element_type_t<A>, T> &&
     num_elements_v<A> == static_cast<std::size_t>(Count)) ||
    is_scalar_operand_v<A, T>;

#define COHORT_SWIZZLE_BINARY_OP(OP)                                                    \
  template <typename R>                                                                 \
    requires(swizzle_other_operand_v<R, T, count>)                                      \
  friend COHORT_FUNCTION constexpr auto operator OP(const swizzle_view& lhs, const R& rhs)  \
      ->decltype(std::declval<const value_type&>() OP swizzle_operand(rhs)) {           \
    return lhs.get() OP swizzle_operand(rhs);                                           \
  }                                                                                     \
  template <typename L>                                                                 \
    requires(!is_swizzle_v<L> && swizzle_other_operand_v<L, T, count>)                  \
  friend COHORT_FUNCTION constexpr auto operator OP(const L& lhs, const swizzle_view& rhs)  \
      ->decltype(lhs OP std::declval<const value_type&>()) {                            \
    return lhs OP rhs.get();                                                            \
  }

#define COHORT_SWIZZLE_COMPOUND_OP(OP)                                                  \
  template <typename R>                                                                 \
    requires(writable && swizzle_other_operand_v<R, T, count>)                          \
  friend COHORT_FUNCTION constexpr auto operator OP##=(const swizzle_view& lhs, const R& rhs) \
      ->decltype(std::declval<value_type&>() OP##= swizzle_operand(rhs), lhs) {         \
    value_type v = lhs.get();                                                           \
    v OP##= swizzle_operand(rhs);                                                       \
    lhs.set(v);                                                                         \
    return lhs;                                                                         \
  }

#define COHORT_SWIZZLE_ELEMENT(NAME, POS, COND)                                         \
  COHORT_FUNCTION constexpr reference NAME() const                                      \
    requires(COND)                                                                      \
  {                                                                                     \
    return (*m_vec)[index(POS)];                                                        \
  }

#define COHORT_SWIZZLE_OF_SWIZZLE(NAME, ...)                                            \
  COHORT_FUNCTION constexpr auto NAME() const                                           \
    requires(simple_swizzle_v<count, false, __VA_ARGS__>)                               \
  {                                                                                     \
    return swizzle_at<__VA_ARGS__>();                                                   \
  }
#define COHORT_SWIZZLE_OF_SWIZZLE_RGBA(NAME, ...)                                       \
  COHORT_FUNCTION constexpr auto NAME() const                                           \
    requires(simple_swizzle_v<count, true, __VA_ARGS__>)                                \
  {                                                                                     \
    return swizzle_at<__VA_ARGS__>();                                                   \
  }

template <typename T, int N, bool Const, int... I>
class swizzle_view {
  static constexpr int count = static_cast<int>(sizeof...(I));
  static constexpr bool writable = !Const && distinct_indexes<I...>();
  using vec_type = std::conditional_t<Const, const vec<T, N>, vec<T, N>>;
  using reference = std::conditional_t<Const, const T&, T&>;
  using value_type_vec = vec<T, count>;
  using value_type = value_type_vec;

  static_assert(sizeof...(I) > 0 && ((I >= 0 && I < detail::vec_storage_size<N>) && ...),
                "swizzle indexes must name elements of the vec");

public:
  using element_type = T;

  swizzle_view() = delete;
  swizzle_view(const swizzle_view&) = delete;

  /// The swizzled elements as a vec.
  COHORT_FUNCTION constexpr operator value_type_vec() const { return get(); }

  COHORT_FUNCTION constexpr operator T() const
    requires(count == 1)
  {
    return (*m_vec)[index(0)];
  }
  template <typename U>
    requires(count == 1 && !std::is_same_v<U, T> && !is_vec_v<U> && std::is_convertible_v<const T&, U>)
  COHORT_FUNCTION explicit constexpr operator U() const {
    return static_cast<U>((*m_vec)[index(0)]);
  }

  COHORT_FUNCTION static constexpr std::size_t size() noexcept { return sizeof...(I); }
  COHORT_FUNCTION static constexpr std::size_t byte_size() noexcept { return value_type_vec::byte_size(); }
  [[deprecated("use size()")]] COHORT_FUNCTION std::size_t get_count() const { return size(); }
  [[deprecated("use byte_size()")]] COHORT_FUNCTION std::size_t get_size() const { return byte_size(); }

  template <typename U, rounding_mode Mode = rounding_mode::automatic>
  COHORT_FUNCTION constexpr vec<U, count> convert() const {
    return get().template convert<U, Mode>();
  }
  template <typename As>
  COHORT_FUNCTION constexpr As as() const {
    return get().template as<As>();
  }

  /// The vec element behind position `pos` of the view.
  COHORT_FUNCTION constexpr reference operator[](int pos) const { return (*m_vec)[index(pos)]; }

  COHORT_SWIZZLE_ELEMENT(x, 0, count <= 4)
  COHORT_SWIZZLE_ELEMENT(y, 1, count >= 2 && count <= 4)
  COHORT_SWIZZLE_ELEMENT(z, 2, count >= 3 && count <= 4)
  COHORT_SWIZZLE_ELEMENT(w, 3, count == 4)
  COHORT_SWIZZLE_ELEMENT(r, 0, count == 4)
  COHORT_SWIZZLE_ELEMENT(g, 1, count == 4)
  COHORT_SWIZZLE_ELEMENT(b, 2, count == 4)
  COHORT_SWIZZLE_ELEMENT(a, 3, count == 4)
  COHORT_SWIZZLE_ELEMENT(s0, 0, true)
  COHORT_SWIZZLE_ELEMENT(s1, 1, count > 1)
  COHORT_SWIZZLE_ELEMENT(s2, 2, count > 2)
  COHORT_SWIZZLE_ELEMENT(s3, 3, count > 3)
  COHORT_SWIZZLE_ELEMENT(s4, 4, count > 4)
  COHORT_SWIZZLE_ELEMENT(s5, 5, count > 5)
  COHORT_SWIZZLE_ELEMENT(s6, 6, count > 6)
  COHORT_SWIZZLE_ELEMENT(s7, 7, count > 7)
  COHORT_SWIZZLE_ELEMENT(s8, 8, count > 8)
  COHORT_SWIZZLE_ELEMENT(s9, 9, count > 9)
  COHORT_SWIZZLE_ELEMENT(sA, 10, count > 10)
  COHORT_SWIZZLE_ELEMENT(sB, 11, count > 11)
  COHORT_SWIZZLE_ELEMENT(sC, 12, count > 12)
  COHORT_SWIZZLE_ELEMENT(sD, 13, count > 13)
  COHORT_SWIZZLE_ELEMENT(sE, 14, count > 14)
  COHORT_SWIZZLE_ELEMENT(sF, 15, count > 15)

  /// A swizzle of this view: its positions J... of the view's elements.
  template <int... J>
    requires(sizeof...(J) > 0 && ((J >= 0 && J < count) && ...))
  COHORT_FUNCTION constexpr auto swizzle() const {
    return swizzle_at<J...>();
  }

  // Halves of the view, by position (views of an even number of elements).
  COHORT_FUNCTION constexpr auto lo() const
    requires(count >= 2 && count % 2 == 0)
  {
    return strided<0, 1>(std::make_integer_sequence<int, count / 2>{});
  }
  COHORT_FUNCTION constexpr auto hi() const
    requires(count >= 2 && count % 2 == 0)
  {
    return strided<count / 2, 1>(std::make_integer_sequence<int, count / 2>{});
  }
  COHORT_FUNCTION constexpr auto even() const
    requires(count >= 2 && count % 2 == 0)
  {
    return strided<0, 2>(std::make_integer_sequence<int, count / 2>{});
  }
  COHORT_FUNCTION constexpr auto odd() const
    requires(count >= 2 && count % 2 == 0)
  {
    return strided<1, 2>(std::make_integer_sequence<int, count / 2>{});
  }

#ifdef SYCL_SIMPLE_SWIZZLES
  COHORT_SIMPLE_SWIZZLES(COHORT_SWIZZLE_OF_SWIZZLE, x, y, z, w)
  COHORT_SIMPLE_SWIZZLES(COHORT_SWIZZLE_OF_SWIZZLE_RGBA, r, g, b, a)
#endif

  // Assignments write the right-hand side's elements, all read first (the two sides may
  // share elements, as in v.xy() = v.yx()), to the view's elements in order.
  COHORT_FUNCTION constexpr const swizzle_view& operator=(const swizzle_view& rhs) const
    requires(writable)
  {
    set(rhs.get());
    return *this;
  }
  template <typename U, int M, bool C, int... J>
    requires(writable && std::is_same_v<U, T> && sizeof...(J) == sizeof...(I))
  COHORT_FUNCTION constexpr const swizzle_view& operator=(const detail::swizzle_view<U, M, C, J...>& rhs) const {
    set(value_type_vec(rhs));
    return *this;
  }
  COHORT_FUNCTION constexpr const swizzle_view& operator=(const value_type_vec& rhs) const
    requires(writable)
  {
    set(rhs);
    return *this;
  }
  COHORT_FUNCTION constexpr const swizzle_view& operator=(const T& rhs) const
    requires(writable)
  {
    (((*m_vec)[I] = rhs), ...);
    return *this;
  }

  COHORT_SWIZZLE_BINARY_OP(+)
  COHORT_SWIZZLE_BINARY_OP(-)
  COHORT_SWIZZLE_BINARY_OP(*)
  COHORT_SWIZZLE_BINARY_OP(/)
  COHORT_SWIZZLE_BINARY_OP(%)
  COHORT_SWIZZLE_BINARY_OP(&)
  COHORT_SWIZZLE_BINARY_OP(|)
  COHORT_SWIZZLE_BINARY_OP(^)
  COHORT_SWIZZLE_BINARY_OP(<<)
  COHORT_SWIZZLE_BINARY_OP(>>)
  COHORT_SWIZZLE_BINARY_OP(&&)
  COHORT_SWIZZLE_BINARY_OP(||)
  COHORT_SWIZZLE_BINARY_OP(==)
  COHORT_SWIZZLE_BINARY_OP(!=)
  COHORT_SWIZZLE_BINARY_OP(<)
  COHORT_SWIZZLE_BINARY_OP(>)
  COHORT_SWIZZLE_BINARY_OP(<=)
  COHORT_SWIZZLE_BINARY_OP(>=)

  COHORT_SWIZZLE_COMPOUND_OP(+)
  COHORT_SWIZZLE_COMPOUND_OP(-)
  COHORT_SWIZZLE_COMPOUND_OP(*)
  COHORT_SWIZZLE_COMPOUND_OP(/)
  COHORT_SWIZZLE_COMPOUND_OP(%)
  COHORT_SWIZZLE_COMPOUND_OP(&)
  COHORT_SWIZZLE_COMPOUND_OP(|)
  COHORT_SWIZZLE_COMPOUND_OP(^)
  COHORT_SWIZZLE_COMPOUND_OP(<<)
  COHORT_SWIZZLE_COMPOUND_OP(>>)

  template <typename S = swizzle_view>
  friend COHORT_FUNCTION constexpr auto operator+(const swizzle_view& sv)
      -> decltype(+std::declval<const typename dependent_type<S, value_type>::type&>()) {
    return +sv.get();
  }
  template <typename S = swizzle_view>
  friend COHORT_FUNCTION constexpr auto operator-(const swizzle_view& sv)
      -> decltype(-std::declval<const typename dependent_type<S, value_type>::type&>()) {
    return -sv.get();
  }
  template <typename S = swizzle_view>
  friend COHORT_FUNCTION constexpr auto operator~(const swizzle_view& sv)
      -> decltype(~std::declval<const typename dependent_type<S, value_type>::type&>()) {
    return ~sv.get();
  }
  template <typename S = swizzle_view>
  friend COHORT_FUNCTION constexpr auto operator!(const swizzle_view& sv)
      -> decltype(!std::declval<const typename dependent_type<S, value_type>::type&>()) {
    return !sv.get();
  }

  friend COHORT_FUNCTION constexpr const swizzle_view& operator++(const swizzle_view& sv)
    requires(writable && !std::is_same_v<T, bool>)
  {
    ((++(*sv.m_vec)[I]), ...);
    return sv;
  }
  friend COHORT_FUNCTION constexpr const swizzle_view& operator--(const swizzle_view& sv)
    requires(writable && !std::is_same_v<T, bool>)
  {
    ((--(*sv.m_vec)[I]), ...);
    return sv;
  }
  friend COHORT_FUNCTION constexpr value_type_vec operator++(const swizzle_view& sv, int)
    requires(writable && !std::is_same_v<T, bool>)
  {
    value_type_vec old = sv.get();
    ++sv;
    return old;
  }
  friend COHORT_FUNCTION constexpr value_type_vec operator--(const swizzle_view& sv, int)
    requires(writable && !std::is_same_v<T, bool>)
  {
    value_type_vec old = sv.get();
    --sv;
    return old;
  }

private:
  template <typename, int>
  friend class cohort::vec;
  template <typename, int, bool, int...>
  friend class swizzle_view;

  COHORT_FUNCTION explicit constexpr swizzle_view(vec_type& v) : m_vec(&v) {}

  // The vec index behind position pos.
  COHORT_FUNCTION static constexpr int index(int pos) {
    constexpr int idx[] = {I...};
    return idx[pos];
  }

  template <int... J>
  COHORT_FUNCTION constexpr detail::swizzle_view<T, N, Const, index(J)...> swizzle_at() const {
    return detail::swizzle_view<T, N, Const, index(J)...>(*m_vec);
  }

  template <int First, int Stride, int... K>
  COHORT_FUNCTION constexpr detail::swizzle_view<T, N, Const, index(First + K * Stride)...> strided(
      std::integer_sequence<int, K...>) const {
    return detail::swizzle_view<T, N, Const, index(First + K * Stride)...>(*m_vec);
  }

  COHORT_FUNCTION constexpr value_type_vec get() const {
    value_type_vec r;
    int pos = 0;
    ((r[pos++] = (*m_vec)[I]), ...);
    return r;
  }

  COHORT_FUNCTION constexpr void set(const value_type_vec& v) const {
    int pos = 0;
    (((*m_vec)[I] = v[pos++]), ...);
  }

  vec_type* m_vec;
};

#undef COHORT_SWIZZLE_BINARY_OP
#undef COHORT_SWIZZLE_COMPOUND_OP
#undef COHORT_SWIZZLE_ELEMENT
#undef COHORT_SWIZZLE_OF_SWIZZLE
#undef COHORT_SWIZZLE_OF_SWIZZLE_RGBA

}  // namespace detail
}  // namespace cohort
