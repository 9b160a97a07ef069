// SPDX-License-Identifier: MIT
#pragma once
// cohort::vec<T, N>: the SYCL 2020 short vector (N = 1, 2, 3, 4, 8, 16).
// Array storage (in a union, see m_data) keeps it trivially copyable, so it can be
// passed to kernels and bit-copied between host and device.

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>

#include "cohort/core/multi_ptr.hpp"
#include "cohort/core/type_traits.hpp"
#include "cohort/detail/elementwise.hpp"
#include "cohort/detail/macros.hpp"
#include "cohort/detail/native_vector.hpp"

namespace cohort {

/// Rounding mode of vec::convert (as `sycl::rounding_mode`).
enum class rounding_mode { automatic, rte, rtz, rtp, rtn };

namespace detail {

// vec<T, 3> is stored (and aligned) as vec<T, 4>, as SYCL requires.
template <int N>
inline constexpr int vec_storage_size = (N == 3) ? 4 : N;

template <typename T, int N>
inline constexpr std::size_t vec_alignment =
    (sizeof(T) * vec_storage_size<N> < 64) ? sizeof(T) * vec_storage_size<N> : 64;

// Floating point to integer conversion with an explicit rounding mode. The
// truncated value is exactly representable in From, so the comparisons and the
// subtraction below are exact; out-of-range inputs are undefined, as for a cast.
template <typename To, rounding_mode Mode, typename From>
COHORT_FUNCTION constexpr To convert_element(const From& v) {
  if constexpr (std::is_floating_point_v<From> && std::is_integral_v<To> &&
                !std::is_same_v<To, bool> && Mode != rounding_mode::automatic &&
                Mode != rounding_mode::rtz) {
    To t = static_cast<To>(v);  // rounds toward zero
    const From tf = static_cast<From>(t);
    if constexpr (Mode == rounding_mode::rtn) {
      if (tf > v) --t;
    } else if constexpr (Mode == rounding_mode::rtp) {
      if (tf < v) ++t;
    } else {  // rte: nearest, ties to even
      const From diff = v - tf;
      const bool odd = (t % 2) != 0;
      if (diff > From(0.5) || (diff == From(0.5) && odd)) {
        ++t;
      } else if (diff < From(-0.5) || (diff == From(-0.5) && odd)) {
        --t;
      }
    }
    return t;
  } else {
    // automatic/rtz on float -> int is the truncating cast; other conversions
    // use the default (round to nearest) rounding of the cast.
    return static_cast<To>(v);
  }
}

template <typename T>
COHORT_FUNCTION constexpr bool msb_set(const T& v) {
  if constexpr (std::is_same_v<T, bool>) {
    return v;
  } else {
    using U = std::make_unsigned_t<T>;
    return ((static_cast<U>(v) >> (sizeof(T) * 8 - 1)) & U{1}) != 0;
  }
}

}  // namespace detail

// COHORT_SIMPLE_SWIZZLES(MEMBER, L0, L1, L2, L3) stamps out every 2-, 3- and 4-letter member
// of one letter set (x y z w or r g b a, naming indexes 0-3) by calling MEMBER(name, i...);
// vec and its swizzle views (vec_swizzle.hpp) use it where SYCL_SIMPLE_SWIZZLES is defined.
// One macro per letter position: a macro cannot expand inside its own expansion.
#define COHORT_SWIZZLE_D(MEMBER, A, a, B, b, C, c, D, d) MEMBER(A##B##C##D, a, b, c, d)
#define COHORT_SWIZZLE_C(MEMBER, A, a, B, b, C, c, L0, L1, L2, L3)                      \
  MEMBER(A##B##C, a, b, c)                                                              \
  COHORT_SWIZZLE_D(MEMBER, A, a, B, b, C, c, L0, 0)                                     \
  COHORT_SWIZZLE_D(MEMBER, A, a, B, b, C, c, L1, 1)                                     \
  COHORT_SWIZZLE_D(MEMBER, A, a, B, b, C, c, L2, 2)                                     \
  COHORT_SWIZZLE_D(MEMBER, A, a, B, b, C, c, L3, 3)
#define COHORT_SWIZZLE_B(MEMBER, A, a, B, b, L0, L1, L2, L3)                            \
  MEMBER(A##B, a, b)                                                                    \
  COHORT_SWIZZLE_C(MEMBER, A, a, B, b, L0, 0, L0, L1, L2, L3)                           \
  COHORT_SWIZZLE_C(MEMBER, A, a, B, b, L1, 1, L0, L1, L2, L3)                           \
  COHORT_SWIZZLE_C(MEMBER, A, a, B, b, L2, 2, L0, L1, L2, L3)                           \
  COHORT_SWIZZLE_C(MEMBER, A, a, B, b, L3, 3, L0, L1, L2, L3)
#define COHORT_SWIZZLE_A(MEMBER, A, a, L0, L1, L2, L3)                                  \
  COHORT_SWIZZLE_B(MEMBER, A, a, L0, 0, L0, L1, L2, L3)                                 \
  COHORT_SWIZZLE_B(MEMBER, A, a, L1, 1, L0, L1, L2, L3)                                 \
  COHORT_SWIZZLE_B(MEMBER, A, a, L2, 2, L0, L1, L2, L3)                                 \
  COHORT_SWIZZLE_B(MEMBER, A, a, L3, 3, L0, L1, L2, L3)
#define COHORT_SIMPLE_SWIZZLES(MEMBER, L0, L1, L2, L3)                                  \
  COHORT_SWIZZLE_A(MEMBER, L0, 0, L0, L1, L2, L3)                                       \
  COHORT_SWIZZLE_A(MEMBER, L1, 1, L0, L1, L2, L3)                                       \
  COHORT_SWIZZLE_A(MEMBER, L2, 2, L0, L1, L2, L3)                                       \
  COHORT_SWIZZLE_A(MEMBER, L3, 3, L0, L1, L2, L3)

namespace detail {

// Whether every simple-swizzle index names an element of a vector of `size` elements
// (XYZW names: vectors of up to 4 elements; RGBA names: 4 elements only).
template <int Size, bool Rgba, int... I>
inline constexpr bool simple_swizzle_v = (Rgba ? Size == 4 : Size <= 4) && ((I < Size) && ...);

}  // namespace detail

// At run time, where NATIVE holds, runs the statements after it on native vectors
// (native_vector.hpp); constant evaluation and other element types take the loops below it.
// COHORT_VEC_LOAD declares a native vector holding a vec's elements; COHORT_VEC_STORE
// copies one to an element array. Locals, not functions that return vectors: g++ warns
// about the ABI of vectors wider than the target's registers at every such call.
#if COHORT_NATIVE_VECTORS
#define COHORT_VEC_NATIVE(NATIVE, ...)                                                 \
  if constexpr (NATIVE) {                                                              \
    if (!std::is_constant_evaluated()) {                                               \
      __VA_ARGS__;                                                                     \
    }                                                                                  \
  }
#define COHORT_VEC_LOAD(NAME, V)                                                       \
  detail::native_vector_t<T, N> NAME;                                                  \
  __builtin_memcpy(&NAME, (V).m_data, sizeof NAME)
#define COHORT_VEC_STORE(ELEMENTS, VALUE) __builtin_memcpy(ELEMENTS, &(VALUE), sizeof(VALUE))
#else
#define COHORT_VEC_NATIVE(NATIVE, ...)
#endif

// Element-wise binary operator, its vec/scalar and scalar/vec forms and its
// compound assignment. COND restricts it (e.g. to integral element types); NATIVE says
// whether a native vector computes it exactly as the loop (not integer division, whose
// zero divisor must fault as the scalar one does, nor shifts, whose out-of-range counts
// differ).
#define COHORT_VEC_BINARY_OP(OP, COND, NATIVE)                                         \
  friend COHORT_FUNCTION constexpr vec operator OP(const vec& lhs, const vec& rhs)    \
    requires(COND)                                                                     \
  {                                                                                    \
    vec r;                                                                             \
    COHORT_VEC_NATIVE((detail::native_vector_v<T, N> && (NATIVE)),                     \
                      COHORT_VEC_LOAD(a, lhs); COHORT_VEC_LOAD(b, rhs);                \
                      const auto c = a OP b; COHORT_VEC_STORE(r.m_data, c); return r)  \
    for (int i = 0; i < N; ++i) {                                                      \
      r.m_data[i] = static_cast<T>(lhs.m_data[i] OP rhs.m_data[i]);                    \
    }                                                                                  \
    return r;                                                                          \
  }                                                                                    \
  template <typename U>                                                                \
  friend COHORT_FUNCTION constexpr vec operator OP(const vec& lhs, const U& rhs)      \
    requires((COND) && detail::is_scalar_operand_v<U, T>)                              \
  {                                                                                    \
    return lhs OP vec(static_cast<T>(rhs));                                            \
  }                                                                                    \
  template <typename U>                                                                \
  friend COHORT_FUNCTION constexpr vec operator OP(const U& lhs, const vec& rhs)      \
    requires((COND) && detail::is_scalar_operand_v<U, T>)                              \
  {                                                                                    \
    return vec(static_cast<T>(lhs)) OP rhs;                                            \
  }                                                                                    \
  COHORT_FUNCTION constexpr vec& operator OP##=(const vec& rhs)                        \
    requires(COND)                                                                     \
  {                                                                                    \
    COHORT_VEC_NATIVE((detail::native_vector_v<T, N> && (NATIVE)),                     \
                      COHORT_VEC_LOAD(a, *this); COHORT_VEC_LOAD(b, rhs);              \
                      const auto c = a OP b; COHORT_VEC_STORE(m_data, c); return *this) \
    for (int i = 0; i < N; ++i) {                                                      \
      m_data[i] = static_cast<T>(m_data[i] OP rhs.m_data[i]);                          \
    }                                                                                  \
    return *this;                                                                      \
  }                                                                                    \
  template <typename U>                                                                \
  COHORT_FUNCTION constexpr vec& operator OP##=(const U& rhs)                          \
    requires((COND) && detail::is_scalar_operand_v<U, T>)                              \
  {                                                                                    \
    return *this OP##= vec(static_cast<T>(rhs));                                      \
  }

// Element-wise relational/logical operator: true is -1 (all bits set), false 0,
// in a signed integer vec of the element's size (as native vector comparisons give it).
#define COHORT_VEC_RELATIONAL_OP(OP, NATIVE)                                           \
  friend COHORT_FUNCTION constexpr relational_type operator OP(const vec& lhs,        \
                                                               const vec& rhs)        \
  {                                                                                    \
    relational_type r;                                                                 \
    COHORT_VEC_NATIVE((detail::native_vector_v<T, N> && (NATIVE)),                     \
                      COHORT_VEC_LOAD(a, lhs); COHORT_VEC_LOAD(b, rhs);                \
                      const auto c = a OP b; COHORT_VEC_STORE(static_cast<void*>(&r), c); return r) \
    for (int i = 0; i < N; ++i) {                                                      \
      r[i] = (lhs.m_data[i] OP rhs.m_data[i]) ? relational_element(-1)                 \
                                              : relational_element(0);                 \
    }                                                                                  \
    return r;                                                                          \
  }                                                                                    \
  template <typename U>                                                                \
  friend COHORT_FUNCTION constexpr relational_type operator OP(const vec& lhs,        \
                                                               const U& rhs)          \
    requires(detail::is_scalar_operand_v<U, T>)                                        \
  {                                                                                    \
    return lhs OP vec(static_cast<T>(rhs));                                            \
  }                                                                                    \
  template <typename U>                                                                \
  friend COHORT_FUNCTION constexpr relational_type operator OP(const U& lhs,          \
                                                               const vec& rhs)        \
    requires(detail::is_scalar_operand_v<U, T>)                                        \
  {                                                                                    \
    return vec(static_cast<T>(lhs)) OP rhs;                                            \
  }

// One simple swizzle member, writable and read-only (SYCL_SIMPLE_SWIZZLES).
#define COHORT_VEC_SIMPLE_SWIZZLE_OF(NAME, RGBA, ...)                                   \
  COHORT_FUNCTION constexpr detail::swizzle_view<T, N, false, __VA_ARGS__> NAME()            \
    requires(detail::simple_swizzle_v<N, RGBA, __VA_ARGS__>)                            \
  {                                                                                     \
    return detail::swizzle_view<T, N, false, __VA_ARGS__>(*this);                            \
  }                                                                                     \
  COHORT_FUNCTION constexpr detail::swizzle_view<T, N, true, __VA_ARGS__> NAME() const       \
    requires(detail::simple_swizzle_v<N, RGBA, __VA_ARGS__>)                            \
  {                                                                                     \
    return detail::swizzle_view<T, N, true, __VA_ARGS__>(*this);                             \
  }
#define COHORT_VEC_SIMPLE_SWIZZLE(NAME, ...) COHORT_VEC_SIMPLE_SWIZZLE_OF(NAME, false, __VA_ARGS__)
#define COHORT_VEC_SIMPLE_SWIZZLE_RGBA(NAME, ...) COHORT_VEC_SIMPLE_SWIZZLE_OF(NAME, true, __VA_ARGS__)

#define COHORT_VEC_ACCESSOR(NAME, INDEX, COND)                                         \
  COHORT_FUNCTION constexpr T& NAME()                                                  \
    requires(COND)                                                                     \
  {                                                                                    \
    return m_data[INDEX];                                                              \
  }                                                                                    \
  COHORT_FUNCTION constexpr const T& NAME() const                                      \
    requires(COND)                                                                     \
  {                                                                                    \
    return m_data[INDEX];                                                              \
  }

/// SYCL 2020 `vec`. Element accessors (x(), s0(), ...) return references to
/// the element rather than swizzle objects.
template <typename T, int N>
class alignas(detail::vec_alignment<T, N>) vec {
  static_assert(N == 1 || N == 2 || N == 3 || N == 4 || N == 8 || N == 16,
                "vec supports 1, 2, 3, 4, 8 or 16 elements");
  static_assert(std::is_trivially_copyable_v<T> && !std::is_const_v<T> && !std::is_volatile_v<T>,
                "vec elements must be trivially copyable and unqualified");
  static_assert(sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8,
                "vec elements must be 1, 2, 4 or 8 bytes");

  using relational_element = detail::signed_int_of_size_t<T>;
  using relational_type = vec<relational_element, N>;
  static constexpr int half_size = (N >= 2) ? detail::vec_storage_size<N> / 2 : 1;

  // The view of half_size elements First, First + Stride, ...
  template <bool Const, int First, int Stride, int... K>
  static auto strided_view(std::integer_sequence<int, K...>)
      -> detail::swizzle_view<T, N, Const, (First + K * Stride)...>;
  template <bool Const, int First, int Stride>
  using strided_t =
      decltype(strided_view<Const, First, Stride>(std::make_integer_sequence<int, half_size>{}));

public:
  using element_type = T;
  using value_type = T;

  /// Zero-initialised.
  COHORT_FUNCTION constexpr vec() {}

  /// Broadcasts arg to every element.
  COHORT_FUNCTION explicit constexpr vec(const T& arg) {
    for (int i = 0; i < N; ++i) {
      m_data[i] = arg;
    }
  }

  /// Concatenates scalars (converted to T) and vec<T, M>s, N elements in all.
  template <typename... Args>
    requires(sizeof...(Args) > 1 && (detail::is_vec_ctor_arg_v<Args, T> && ...) &&
             (detail::num_elements_v<Args> + ...) == static_cast<std::size_t>(N))
  COHORT_FUNCTION constexpr vec(const Args&... args) {
    std::size_t pos = 0;
    (detail::append_elements(m_data, pos, args), ...);
  }

  /// Assigns a scalar to every element.
  template <typename U>
    requires(detail::is_scalar_operand_v<U, T>)
  COHORT_FUNCTION constexpr vec& operator=(const U& rhs) {
    for (int i = 0; i < N; ++i) {
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
  COHORT_FUNCTION static constexpr std::size_t byte_size() noexcept {
    return sizeof(T) * detail::vec_storage_size<N>;
  }

  /// Element i becomes ptr[offset * N + i] (SYCL 2020; any address space and decoration).
  template <typename U, access::address_space Space, access::decorated D>
    requires(std::is_same_v<std::remove_const_t<U>, T>)
  COHORT_FUNCTION void load(std::size_t offset, multi_ptr<U, Space, D> ptr) {
    const U* p = ptr.get_raw() + offset * N;
    for (int i = 0; i < N; ++i) m_data[i] = p[i];
  }
  /// ptr[offset * N + i] becomes element i.
  template <access::address_space Space, access::decorated D>
  COHORT_FUNCTION void store(std::size_t offset, multi_ptr<T, Space, D> ptr) const {
    T* p = ptr.get_raw() + offset * N;
    for (int i = 0; i < N; ++i) p[i] = m_data[i];
  }

  COHORT_FUNCTION constexpr T& operator[](int index) { return m_data[index]; }
  COHORT_FUNCTION constexpr const T& operator[](int index) const { return m_data[index]; }

  COHORT_VEC_ACCESSOR(x, 0, N <= 4)
  COHORT_VEC_ACCESSOR(y, 1, N >= 2 && N <= 4)
  COHORT_VEC_ACCESSOR(z, 2, N >= 3 && N <= 4)
  COHORT_VEC_ACCESSOR(w, 3, N == 4)
  COHORT_VEC_ACCESSOR(r, 0, N <= 4)
  COHORT_VEC_ACCESSOR(g, 1, N >= 2 && N <= 4)
  COHORT_VEC_ACCESSOR(b, 2, N >= 3 && N <= 4)
  COHORT_VEC_ACCESSOR(a, 3, N == 4)
  COHORT_VEC_ACCESSOR(s0, 0, N > 0)
  COHORT_VEC_ACCESSOR(s1, 1, N > 1)
  COHORT_VEC_ACCESSOR(s2, 2, N > 2)
  COHORT_VEC_ACCESSOR(s3, 3, N > 3)
  COHORT_VEC_ACCESSOR(s4, 4, N > 4)
  COHORT_VEC_ACCESSOR(s5, 5, N > 5)
  COHORT_VEC_ACCESSOR(s6, 6, N > 6)
  COHORT_VEC_ACCESSOR(s7, 7, N > 7)
  COHORT_VEC_ACCESSOR(s8, 8, N > 8)
  COHORT_VEC_ACCESSOR(s9, 9, N > 9)
  COHORT_VEC_ACCESSOR(sA, 10, N > 10)
  COHORT_VEC_ACCESSOR(sB, 11, N > 11)
  COHORT_VEC_ACCESSOR(sC, 12, N > 12)
  COHORT_VEC_ACCESSOR(sD, 13, N > 13)
  COHORT_VEC_ACCESSOR(sE, 14, N > 14)
  COHORT_VEC_ACCESSOR(sF, 15, N > 15)

  /// A view of elements I... (SYCL's swizzle): reads and writes reach this vec.
  template <int... I>
    requires(sizeof...(I) > 0 && ((I >= 0 && I < N) && ...))
  COHORT_FUNCTION constexpr detail::swizzle_view<T, N, false, I...> swizzle() {
    return detail::swizzle_view<T, N, false, I...>(*this);
  }
  template <int... I>
    requires(sizeof...(I) > 0 && ((I >= 0 && I < N) && ...))
  COHORT_FUNCTION constexpr detail::swizzle_view<T, N, true, I...> swizzle() const {
    return detail::swizzle_view<T, N, true, I...>(*this);
  }

  // Halves, as views: for N == 3 the vec counts as 4 elements, so hi() and odd() end with
  // the (unspecified) padding element, as in SYCL.
  COHORT_FUNCTION constexpr strided_t<false, 0, 1> lo()
    requires(N >= 2)
  {
    return strided_t<false, 0, 1>(*this);
  }
  COHORT_FUNCTION constexpr strided_t<true, 0, 1> lo() const
    requires(N >= 2)
  {
    return strided_t<true, 0, 1>(*this);
  }
  COHORT_FUNCTION constexpr strided_t<false, half_size, 1> hi()
    requires(N >= 2)
  {
    return strided_t<false, half_size, 1>(*this);
  }
  COHORT_FUNCTION constexpr strided_t<true, half_size, 1> hi() const
    requires(N >= 2)
  {
    return strided_t<true, half_size, 1>(*this);
  }
  COHORT_FUNCTION constexpr strided_t<false, 0, 2> even()
    requires(N >= 2)
  {
    return strided_t<false, 0, 2>(*this);
  }
  COHORT_FUNCTION constexpr strided_t<true, 0, 2> even() const
    requires(N >= 2)
  {
    return strided_t<true, 0, 2>(*this);
  }
  COHORT_FUNCTION constexpr strided_t<false, 1, 2> odd()
    requires(N >= 2)
  {
    return strided_t<false, 1, 2>(*this);
  }
  COHORT_FUNCTION constexpr strided_t<true, 1, 2> odd() const
    requires(N >= 2)
  {
    return strided_t<true, 1, 2>(*this);
  }

#ifdef SYCL_SIMPLE_SWIZZLES
  // Every 2-, 3- and 4-letter swizzle: x y z w on vectors of up to 4 elements, r g b a on
  // vectors of 4 (vec_swizzle.hpp stamps them out).
  COHORT_SIMPLE_SWIZZLES(COHORT_VEC_SIMPLE_SWIZZLE, x, y, z, w)
  COHORT_SIMPLE_SWIZZLES(COHORT_VEC_SIMPLE_SWIZZLE_RGBA, r, g, b, a)
#endif

  /// Element-wise conversion (float -> integer honours Mode; automatic
  /// truncates toward zero).
  template <typename U, rounding_mode Mode = rounding_mode::automatic>
  COHORT_FUNCTION constexpr vec<U, N> convert() const {
    vec<U, N> r;
    // The native conversion truncates floating point to integers and rounds otherwise
    // as a cast does: the same as the loop for the automatic mode.
    COHORT_VEC_NATIVE((detail::native_vector_v<T, N> && detail::native_vector_v<U, N> &&
                       Mode == rounding_mode::automatic),
                      COHORT_VEC_LOAD(a, *this);
                      const auto c = __builtin_convertvector(a, detail::native_vector_t<U, N>);
                      COHORT_VEC_STORE(r.m_data, c); return r)
    for (int i = 0; i < N; ++i) {
      r[i] = detail::convert_element<U, Mode>(m_data[i]);
    }
    return r;
  }

  /// Reinterprets the bytes as another vec of the same size.
  template <typename As>
  COHORT_FUNCTION constexpr As as() const {
    static_assert(detail::is_vec_v<As>, "as<>() converts to a vec type");
    static_assert(sizeof(As) == sizeof(vec), "as<>() needs a vec of the same size");
    if (std::is_constant_evaluated()) {
      // std::bit_cast is not a constant expression for classes with unions; the element
      // arrays have none.
      using E = typename As::element_type;
      constexpr std::size_t count = sizeof(As) / sizeof(E);
      const auto elements = std::bit_cast<std::array<E, count>>(m_data);
      As r;
      for (std::size_t i = 0; i < count; ++i) r.m_data[i] = elements[i];
      return r;
    }
    return std::bit_cast<As>(*this);
  }

  COHORT_VEC_BINARY_OP(+, detail::arithmetic_element_v<T>, true)
  COHORT_VEC_BINARY_OP(-, detail::arithmetic_element_v<T>, true)
  COHORT_VEC_BINARY_OP(*, detail::arithmetic_element_v<T>, true)
  COHORT_VEC_BINARY_OP(/, detail::arithmetic_element_v<T>, std::is_floating_point_v<T>)
  COHORT_VEC_BINARY_OP(%, std::is_integral_v<T>, false)
  COHORT_VEC_BINARY_OP(&, detail::bitwise_element_v<T>, true)
  COHORT_VEC_BINARY_OP(|, detail::bitwise_element_v<T>, true)
  COHORT_VEC_BINARY_OP(^, detail::bitwise_element_v<T>, true)
  COHORT_VEC_BINARY_OP(<<, std::is_integral_v<T>, false)
  COHORT_VEC_BINARY_OP(>>, std::is_integral_v<T>, false)

  // std::byte shifts by an integer count, as std::byte itself does.
  friend COHORT_FUNCTION constexpr vec operator<<(const vec& v, int shift)
    requires(std::is_same_v<T, std::byte>)
  {
    vec r;
    for (int i = 0; i < N; ++i) r.m_data[i] = v.m_data[i] << shift;
    return r;
  }
  friend COHORT_FUNCTION constexpr vec operator>>(const vec& v, int shift)
    requires(std::is_same_v<T, std::byte>)
  {
    vec r;
    for (int i = 0; i < N; ++i) r.m_data[i] = v.m_data[i] >> shift;
    return r;
  }
  COHORT_FUNCTION constexpr vec& operator<<=(int shift)
    requires(std::is_same_v<T, std::byte>)
  {
    return *this = *this << shift;
  }
  COHORT_FUNCTION constexpr vec& operator>>=(int shift)
    requires(std::is_same_v<T, std::byte>)
  {
    return *this = *this >> shift;
  }

  COHORT_VEC_RELATIONAL_OP(==, true)
  COHORT_VEC_RELATIONAL_OP(!=, true)
  COHORT_VEC_RELATIONAL_OP(<, true)
  COHORT_VEC_RELATIONAL_OP(>, true)
  COHORT_VEC_RELATIONAL_OP(<=, true)
  COHORT_VEC_RELATIONAL_OP(>=, true)
  COHORT_VEC_RELATIONAL_OP(&&, false)
  COHORT_VEC_RELATIONAL_OP(||, false)

  friend COHORT_FUNCTION constexpr relational_type operator!(const vec& v) {
    relational_type r;
    for (int i = 0; i < N; ++i) {
      r[i] = !v.m_data[i] ? relational_element(-1) : relational_element(0);
    }
    return r;
  }

  friend COHORT_FUNCTION constexpr vec operator+(const vec& v) { return v; }

  friend COHORT_FUNCTION constexpr vec operator-(const vec& v)
    requires(detail::arithmetic_element_v<T>)
  {
    vec r;
    COHORT_VEC_NATIVE((detail::native_vector_v<T, N>), COHORT_VEC_LOAD(a, v); const auto c = -a;
                      COHORT_VEC_STORE(r.m_data, c); return r)
    for (int i = 0; i < N; ++i) {
      r.m_data[i] = static_cast<T>(-v.m_data[i]);
    }
    return r;
  }

  friend COHORT_FUNCTION constexpr vec operator~(const vec& v)
    requires(detail::bitwise_element_v<T>)
  {
    vec r;
    for (int i = 0; i < N; ++i) {
      r.m_data[i] = detail::complement(v.m_data[i]);
    }
    return r;
  }

  COHORT_FUNCTION constexpr vec& operator++()
    requires(!std::is_same_v<T, bool> && detail::arithmetic_element_v<T>)
  {
    for (int i = 0; i < N; ++i) {
      ++m_data[i];
    }
    return *this;
  }
  COHORT_FUNCTION constexpr vec& operator--()
    requires(!std::is_same_v<T, bool> && detail::arithmetic_element_v<T>)
  {
    for (int i = 0; i < N; ++i) {
      --m_data[i];
    }
    return *this;
  }
  COHORT_FUNCTION constexpr vec operator++(int)
    requires(!std::is_same_v<T, bool> && detail::arithmetic_element_v<T>)
  {
    vec old = *this;
    ++*this;
    return old;
  }
  COHORT_FUNCTION constexpr vec operator--(int)
    requires(!std::is_same_v<T, bool> && detail::arithmetic_element_v<T>)
  {
    vec old = *this;
    --*this;
    return old;
  }

private:
  template <typename, int>
  friend class vec;
  template <typename, int, bool, int...>
  friend class detail::swizzle_view;

  // The elements, value-initialised, so the padding element of vec<T, 3> is zero as well.
  // In a union because g++ splits a small struct that is copied as a whole into one
  // scalar per element, and never a union ("total scalarization" in its SRA pass): a vec
  // variable assigned in a loop around a group algorithm was otherwise rebuilt from
  // scalars after every call (a stalled store forwarding each time).
  union {
    T m_data[detail::vec_storage_size<N>]{};
    unsigned char m_unsplit[sizeof(T) * detail::vec_storage_size<N>];
  };
};

#undef COHORT_VEC_NATIVE
#undef COHORT_VEC_LOAD
#undef COHORT_VEC_STORE
#undef COHORT_VEC_BINARY_OP
#undef COHORT_VEC_RELATIONAL_OP
#undef COHORT_VEC_ACCESSOR
#undef COHORT_VEC_SIMPLE_SWIZZLE_OF
#undef COHORT_VEC_SIMPLE_SWIZZLE
#undef COHORT_VEC_SIMPLE_SWIZZLE_RGBA

template <typename T, typename... U>
vec(T, U...) -> vec<T, sizeof...(U) + 1>;

/// Element-wise minimum: y[i] if y[i] < x[i], otherwise x[i] (SYCL's min, and
/// the first argument when the two are equivalent).
template <typename T, int N>
COHORT_FUNCTION constexpr vec<T, N> min(const vec<T, N>& x, const vec<T, N>& y) {
  vec<T, N> r;
  for (int i = 0; i < N; ++i) {
    r[i] = (y[i] < x[i]) ? y[i] : x[i];
  }
  return r;
}

template <typename T, int N>
COHORT_FUNCTION constexpr vec<T, N> min(const vec<T, N>& x, const std::type_identity_t<T>& y) {
  return cohort::min(x, vec<T, N>(y));
}

/// Element-wise maximum: y[i] if x[i] < y[i], otherwise x[i].
template <typename T, int N>
COHORT_FUNCTION constexpr vec<T, N> max(const vec<T, N>& x, const vec<T, N>& y) {
  vec<T, N> r;
  for (int i = 0; i < N; ++i) {
    r[i] = (x[i] < y[i]) ? y[i] : x[i];
  }
  return r;
}

template <typename T, int N>
COHORT_FUNCTION constexpr vec<T, N> max(const vec<T, N>& x, const std::type_identity_t<T>& y) {
  return cohort::max(x, vec<T, N>(y));
}

/// 1 if the most significant bit of any element is set, else 0 (SYCL returns int; for bool
/// elements: whether any element is true).
template <typename T, int N>
  requires(std::is_integral_v<T>)
COHORT_FUNCTION constexpr int any(const vec<T, N>& v) {
  for (int i = 0; i < N; ++i) {
    if (detail::msb_set(v[i])) return 1;
  }
  return 0;
}

/// 1 if the most significant bit of every element is set, else 0.
template <typename T, int N>
  requires(std::is_integral_v<T>)
COHORT_FUNCTION constexpr int all(const vec<T, N>& v) {
  for (int i = 0; i < N; ++i) {
    if (!detail::msb_set(v[i])) return 0;
  }
  return 1;
}

}  // namespace cohort

// The swizzle views need the complete vec.
#include "cohort/core/vec_swizzle.hpp"
