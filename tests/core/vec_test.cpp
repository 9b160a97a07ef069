// SPDX-License-Identifier: MIT
#include <cohort/core/vec.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <type_traits>

namespace {

using cohort::vec;

template <typename T>
using detail_relational_t = std::conditional_t<
    sizeof(T) == 1, std::int8_t,
    std::conditional_t<sizeof(T) == 2, std::int16_t, std::conditional_t<sizeof(T) == 4, std::int32_t, std::int64_t>>>;

// Compares every logical element of v with the expected list.
template <typename T, int N>
void expect_elements(const vec<T, N>& v, std::initializer_list<T> expected) {
  ASSERT_EQ(expected.size(), static_cast<std::size_t>(N));
  int i = 0;
  for (T e : expected) {
    EXPECT_EQ(v[i], e) << "element " << i;
    ++i;
  }
}

// ---- layout -------------------------------------------------------------

static_assert(std::is_trivially_copyable_v<vec<float, 4>>);
static_assert(std::is_trivially_copyable_v<vec<std::int8_t, 3>>);
static_assert(std::is_trivially_copyable_v<vec<double, 16>>);
static_assert(std::is_trivially_copyable_v<vec<bool, 2>>);

static_assert(sizeof(vec<float, 1>) == 4 && alignof(vec<float, 1>) == 4);
static_assert(sizeof(vec<float, 2>) == 8 && alignof(vec<float, 2>) == 8);
static_assert(sizeof(vec<float, 3>) == 16 && alignof(vec<float, 3>) == 16);
static_assert(sizeof(vec<float, 4>) == 16 && alignof(vec<float, 4>) == 16);
static_assert(sizeof(vec<float, 8>) == 32 && alignof(vec<float, 8>) == 32);
static_assert(sizeof(vec<float, 16>) == 64 && alignof(vec<float, 16>) == 64);
static_assert(sizeof(vec<double, 16>) == 128 && alignof(vec<double, 16>) == 64);
static_assert(sizeof(vec<double, 8>) == 64 && alignof(vec<double, 8>) == 64);
static_assert(sizeof(vec<char, 3>) == 4 && alignof(vec<char, 3>) == 4);
static_assert(sizeof(vec<std::int16_t, 3>) == 8 && alignof(vec<std::int16_t, 3>) == 8);

static_assert(vec<float, 3>::size() == 3);
static_assert(vec<float, 3>::byte_size() == 16);
static_assert(vec<double, 16>::byte_size() == 128);
static_assert(vec<std::uint8_t, 1>::byte_size() == 1);
static_assert(std::is_same_v<vec<short, 4>::element_type, short>);
static_assert(std::is_same_v<vec<short, 4>::value_type, short>);

// ---- constraints --------------------------------------------------------

template <typename V>
concept has_modulo = requires(V a) { a % a; };
template <typename V>
concept has_bitwise = requires(V a) { a & a; a | a; a ^ a; ~a; a << a; a >> a; };
template <typename V>
concept has_w = requires(V a) { a.w(); };
template <typename V>
concept has_x = requires(V a) { a.x(); };
template <typename V>
concept has_s4 = requires(V a) { a.s4(); };
template <typename V>
concept has_lo = requires(V a) { a.lo(); };
template <typename V>
concept has_increment = requires(V a) { ++a; };

static_assert(has_modulo<vec<int, 4>> && !has_modulo<vec<float, 4>>);
static_assert(has_bitwise<vec<unsigned, 2>> && !has_bitwise<vec<double, 2>>);
static_assert(has_w<vec<int, 4>> && !has_w<vec<int, 3>> && !has_w<vec<int, 8>>);
static_assert(has_x<vec<int, 1>> && !has_x<vec<int, 8>>);
static_assert(has_s4<vec<int, 8>> && !has_s4<vec<int, 4>>);
static_assert(has_lo<vec<int, 2>> && !has_lo<vec<int, 1>>);
static_assert(has_increment<vec<int, 2>> && !has_increment<vec<bool, 2>>);
// A vec of one type does not silently mix with a vec of another.
static_assert(!std::is_constructible_v<vec<int, 4>, vec<float, 2>, vec<float, 2>>);
static_assert(!std::is_constructible_v<vec<int, 4>, int, int, int>);
// Broadcast is explicit.
static_assert(!std::is_convertible_v<int, vec<int, 4>>);

// ---- construction -------------------------------------------------------

TEST(Vec, DefaultIsZero) {
  vec<int, 16> v;
  for (int i = 0; i < 16; ++i) EXPECT_EQ(v[i], 0);
  vec<double, 3> d;
  expect_elements(d, {0.0, 0.0, 0.0});
}

TEST(Vec, Broadcast) {
  vec<float, 8> v(2.5f);
  for (int i = 0; i < 8; ++i) EXPECT_EQ(v[i], 2.5f);
  vec<float, 4> from_int(3);  // converted to the element type
  expect_elements(from_int, {3.f, 3.f, 3.f, 3.f});
}

TEST(Vec, ScalarsAndMixes) {
  vec<int, 4> v(1, 2, 3, 4);
  expect_elements(v, {1, 2, 3, 4});
  vec<int, 2> a(5, 6);
  vec<int, 4> m1(a, 7, 8);
  expect_elements(m1, {5, 6, 7, 8});
  vec<int, 4> m2(0, a, 9);
  expect_elements(m2, {0, 5, 6, 9});
  vec<int, 3> m3(vec<int, 1>(4), a);
  expect_elements(m3, {4, 5, 6});
  vec<int, 8> m4(v, a, a);
  expect_elements(m4, {1, 2, 3, 4, 5, 6, 5, 6});
  vec<float, 2> conv(1, 2.5);  // int and double scalars, converted
  expect_elements(conv, {1.f, 2.5f});
  vec<int, 4> braces{9, 8, 7, 6};
  expect_elements(braces, {9, 8, 7, 6});
}

TEST(Vec, DeductionGuide) {
  vec v(1.5, 2.5, 3.5);
  static_assert(std::is_same_v<decltype(v), vec<double, 3>>);
  expect_elements(v, {1.5, 2.5, 3.5});
}

TEST(Vec, ScalarAssignment) {
  vec<short, 4> v(1, 2, 3, 4);
  v = 7;
  expect_elements(v, {short(7), short(7), short(7), short(7)});
}

TEST(Vec, Constexpr) {
  constexpr vec<int, 4> a(1, 2, 3, 4);
  constexpr vec<int, 4> b = a * 2 + 1;
  static_assert(b[0] == 3 && b[3] == 9);
  static_assert(b.lo()[1] == 5);
  constexpr auto c = a.as<vec<unsigned, 4>>();
  static_assert(c[2] == 3u);
  SUCCEED();
}

// ---- element access -----------------------------------------------------

TEST(Vec, NamedAccessors) {
  vec<int, 4> v(10, 11, 12, 13);
  EXPECT_EQ(v.x(), 10);
  EXPECT_EQ(v.y(), 11);
  EXPECT_EQ(v.z(), 12);
  EXPECT_EQ(v.w(), 13);
  EXPECT_EQ(v.r(), 10);
  EXPECT_EQ(v.g(), 11);
  EXPECT_EQ(v.b(), 12);
  EXPECT_EQ(v.a(), 13);
  v.y() = 42;
  EXPECT_EQ(v[1], 42);
  v[3] = -1;
  EXPECT_EQ(v.s3(), -1);

  vec<int, 16> h;
  for (int i = 0; i < 16; ++i) h[i] = 100 + i;
  EXPECT_EQ(h.s0(), 100);
  EXPECT_EQ(h.s1(), 101);
  EXPECT_EQ(h.s2(), 102);
  EXPECT_EQ(h.s3(), 103);
  EXPECT_EQ(h.s4(), 104);
  EXPECT_EQ(h.s5(), 105);
  EXPECT_EQ(h.s6(), 106);
  EXPECT_EQ(h.s7(), 107);
  EXPECT_EQ(h.s8(), 108);
  EXPECT_EQ(h.s9(), 109);
  EXPECT_EQ(h.sA(), 110);
  EXPECT_EQ(h.sB(), 111);
  EXPECT_EQ(h.sC(), 112);
  EXPECT_EQ(h.sD(), 113);
  EXPECT_EQ(h.sE(), 114);
  EXPECT_EQ(h.sF(), 115);
  const vec<int, 16>& ch = h;
  EXPECT_EQ(ch.sF(), 115);
}

TEST(Vec, Halves) {
  // The halves are swizzle views (SYCL 2020), which convert to vecs of half the size.
  vec<int, 8> v(0, 1, 2, 3, 4, 5, 6, 7);
  static_assert(std::is_convertible_v<decltype(v.lo()), vec<int, 4>>);
  expect_elements(vec<int, 4>(v.lo()), {0, 1, 2, 3});
  expect_elements(vec<int, 4>(v.hi()), {4, 5, 6, 7});
  expect_elements(vec<int, 4>(v.even()), {0, 2, 4, 6});
  expect_elements(vec<int, 4>(v.odd()), {1, 3, 5, 7});

  vec<int, 2> two(8, 9);
  static_assert(std::is_convertible_v<decltype(two.hi()), vec<int, 1>>);
  EXPECT_EQ(two.lo()[0], 8);
  EXPECT_EQ(two.hi()[0], 9);
  EXPECT_EQ(two.even()[0], 8);
  EXPECT_EQ(two.odd()[0], 9);

  // vec<T, 3> counts as 4 elements: halves have 2, the last one is padding.
  vec<int, 3> three(1, 2, 3);
  static_assert(std::is_convertible_v<decltype(three.hi()), vec<int, 2>>);
  expect_elements(vec<int, 2>(three.lo()), {1, 2});
  EXPECT_EQ(three.hi()[0], 3);
  EXPECT_EQ(three.even()[0], 1);
  EXPECT_EQ(three.even()[1], 3);
  EXPECT_EQ(three.odd()[0], 2);
}

TEST(Vec, SingleElementConvertsToScalar) {
  vec<float, 1> v(2.0f);
  float f = v;
  EXPECT_EQ(f, 2.0f);
  // Mixed with scalars of another type, the vec operator wins over the
  // built-in operator reached through the conversion.
  auto sum = v + 1;
  static_assert(std::is_same_v<decltype(sum), vec<float, 1>>);
  EXPECT_EQ(sum[0], 3.0f);
  auto diff = 5 - v;
  static_assert(std::is_same_v<decltype(diff), vec<float, 1>>);
  EXPECT_EQ(diff[0], 3.0f);
  auto cmp = v == 2;
  static_assert(std::is_same_v<decltype(cmp), vec<std::int32_t, 1>>);
  EXPECT_EQ(cmp[0], -1);
}

// ---- conversion ---------------------------------------------------------

TEST(Vec, Convert) {
  vec<float, 4> f(1.7f, -1.7f, 2.5f, -0.4f);
  auto i = f.convert<int>();
  static_assert(std::is_same_v<decltype(i), vec<int, 4>>);
  expect_elements(i, {1, -1, 2, 0});  // automatic: toward zero

  vec<int, 3> n(1, -2, 3);
  expect_elements(n.convert<double>(), {1.0, -2.0, 3.0});
  expect_elements(n.convert<bool>(), {true, true, true});
  expect_elements(vec<int, 2>(0, 5).convert<bool>(), {false, true});
}

TEST(Vec, ConvertRoundingModes) {
  using cohort::rounding_mode;
  vec<double, 8> d(2.5, 3.5, -2.5, -3.5, 1.4, 1.6, -1.6, -0.5);
  expect_elements(d.convert<int, rounding_mode::rte>(), {2, 4, -2, -4, 1, 2, -2, 0});
  expect_elements(d.convert<int, rounding_mode::rtz>(), {2, 3, -2, -3, 1, 1, -1, 0});
  expect_elements(d.convert<int, rounding_mode::rtn>(), {2, 3, -3, -4, 1, 1, -2, -1});
  expect_elements(d.convert<int, rounding_mode::rtp>(), {3, 4, -2, -3, 2, 2, -1, 0});
  // Cross-check rte against the C library on a sweep of half-integers.
  for (int k = -20; k <= 20; ++k) {
    const float x = static_cast<float>(k) * 0.25f;
    const vec<float, 1> v(x);
    const long rte = v.convert<long, rounding_mode::rte>()[0];
    const long rtn = v.convert<long, rounding_mode::rtn>()[0];
    const long rtp = v.convert<long, rounding_mode::rtp>()[0];
    EXPECT_EQ(rte, std::lrint(x)) << x;  // default FP environment: nearest even
    EXPECT_EQ(rtn, static_cast<long>(std::floor(x))) << x;
    EXPECT_EQ(rtp, static_cast<long>(std::ceil(x))) << x;
  }
}

TEST(Vec, As) {
  vec<float, 2> f(1.0f, -2.0f);
  auto u = f.as<vec<std::uint32_t, 2>>();
  std::uint32_t expected[2];
  const float src[2] = {1.0f, -2.0f};
  std::memcpy(expected, src, sizeof(src));
  EXPECT_EQ(u[0], expected[0]);
  EXPECT_EQ(u[1], expected[1]);
  EXPECT_EQ(u[0], 0x3f800000u);

  vec<std::uint8_t, 4> bytes(1, 2, 3, 4);
  auto word = bytes.as<vec<std::uint32_t, 1>>();
  std::uint32_t w;
  const std::uint8_t raw[4] = {1, 2, 3, 4};
  std::memcpy(&w, raw, 4);
  EXPECT_EQ(word[0], w);

  // vec<T, 3> has the size of vec<T, 4>.
  vec<int, 3> three(7, 8, 9);
  auto four = three.as<vec<int, 4>>();
  EXPECT_EQ(four[0], 7);
  EXPECT_EQ(four[2], 9);
}

// ---- arithmetic ---------------------------------------------------------

TEST(Vec, ArithmeticVecVec) {
  vec<int, 4> a(10, -20, 30, 7);
  vec<int, 4> b(3, 4, -5, 2);
  expect_elements(a + b, {13, -16, 25, 9});
  expect_elements(a - b, {7, -24, 35, 5});
  expect_elements(a * b, {30, -80, -150, 14});
  expect_elements(a / b, {3, -5, -6, 3});
  expect_elements(a % b, {1, 0, 0, 1});

  vec<double, 3> x(1.5, -2.0, 9.0);
  vec<double, 3> y(0.5, 4.0, 3.0);
  expect_elements(x + y, {2.0, 2.0, 12.0});
  expect_elements(x - y, {1.0, -6.0, 6.0});
  expect_elements(x * y, {0.75, -8.0, 27.0});
  expect_elements(x / y, {3.0, -0.5, 3.0});
}

TEST(Vec, ArithmeticWithScalars) {
  vec<float, 4> v(1.f, 2.f, 3.f, 4.f);
  expect_elements(v + 1, {2.f, 3.f, 4.f, 5.f});
  expect_elements(v * 0.5, {0.5f, 1.f, 1.5f, 2.f});
  expect_elements(10.f - v, {9.f, 8.f, 7.f, 6.f});
  expect_elements(12 / v, {12.f, 6.f, 4.f, 3.f});
  vec<int, 2> n(7, 9);
  expect_elements(n % 4, {3, 1});
  expect_elements(20 % n, {6, 2});
}

TEST(Vec, SmallIntegersWrapLikeTheElementType) {
  vec<std::uint8_t, 2> a(250, 3);
  vec<std::uint8_t, 2> b(10, 5);
  auto s = a + b;
  static_assert(std::is_same_v<decltype(s), vec<std::uint8_t, 2>>);
  EXPECT_EQ(s[0], static_cast<std::uint8_t>(260));
  EXPECT_EQ(s[1], 8);
  EXPECT_EQ((b - a)[1], 2);
  EXPECT_EQ((a - b)[1], static_cast<std::uint8_t>(3 - 5));
}

TEST(Vec, CompoundAssignment) {
  vec<int, 3> v(1, 2, 3);
  v += vec<int, 3>(10, 20, 30);
  expect_elements(v, {11, 22, 33});
  v -= 1;
  expect_elements(v, {10, 21, 32});
  v *= 2;
  expect_elements(v, {20, 42, 64});
  v /= vec<int, 3>(2, 3, 4);
  expect_elements(v, {10, 14, 16});
  v %= 6;
  expect_elements(v, {4, 2, 4});
  v <<= 2;
  expect_elements(v, {16, 8, 16});
  v >>= vec<int, 3>(1, 2, 3);
  expect_elements(v, {8, 2, 2});
  v |= 1;
  expect_elements(v, {9, 3, 3});
  v &= vec<int, 3>(8, 2, 1);
  expect_elements(v, {8, 2, 1});
  v ^= 3;
  expect_elements(v, {11, 1, 2});
  auto& ref = (v += 1);
  EXPECT_EQ(&ref, &v);
}

TEST(Vec, Bitwise) {
  vec<unsigned, 4> a(0xF0u, 0x0Fu, 0xFFu, 0u);
  vec<unsigned, 4> b(0x3Cu, 0x3Cu, 0x01u, 0u);
  expect_elements(a & b, {0x30u, 0x0Cu, 0x01u, 0u});
  expect_elements(a | b, {0xFCu, 0x3Fu, 0xFFu, 0u});
  expect_elements(a ^ b, {0xCCu, 0x33u, 0xFEu, 0u});
  expect_elements(~a, {~0xF0u, ~0x0Fu, ~0xFFu, ~0u});
  expect_elements(a << 4, {0xF00u, 0xF0u, 0xFF0u, 0u});
  expect_elements(a >> vec<unsigned, 4>(4, 0, 7, 1), {0xFu, 0x0Fu, 0x1u, 0u});
  expect_elements(1u << vec<unsigned, 4>(0, 1, 2, 3), {1u, 2u, 4u, 8u});
  expect_elements(0xFFu & a, {0xF0u, 0x0Fu, 0xFFu, 0u});

  vec<std::int8_t, 2> c(0x0F, -1);
  expect_elements(~c, {std::int8_t(~0x0F), std::int8_t(0)});

  vec<bool, 2> flags(true, false);
  expect_elements(~flags, {false, true});
}

template <typename V>
concept has_arithmetic = requires(V v) {
  v + v;
  -v;
  ++v;
};

TEST(Vec, BitwiseOnBytes) {
  // std::byte elements: &, |, ^, ~ (also with a byte on either side and compound), and
  // shifts by an integer count, as std::byte itself has; no arithmetic.
  using b = std::byte;
  vec<b, 4> x(b{0xF0}, b{0x0F}, b{0xFF}, b{0x00});
  const vec<b, 4> y(b{0x3C}, b{0x3C}, b{0x01}, b{0x80});
  expect_elements(x & y, {b{0x30}, b{0x0C}, b{0x01}, b{0x00}});
  expect_elements(x | y, {b{0xFC}, b{0x3F}, b{0xFF}, b{0x80}});
  expect_elements(x ^ y, {b{0xCC}, b{0x33}, b{0xFE}, b{0x80}});
  expect_elements(~x, {b{0x0F}, b{0xF0}, b{0x00}, b{0xFF}});
  expect_elements(x & b{0x11}, {b{0x10}, b{0x01}, b{0x11}, b{0x00}});
  expect_elements(b{0x11} | x, {b{0xF1}, b{0x1F}, b{0xFF}, b{0x11}});
  expect_elements(x << 1, {b{0xE0}, b{0x1E}, b{0xFE}, b{0x00}});
  expect_elements(y >> 2, {b{0x0F}, b{0x0F}, b{0x00}, b{0x20}});
  x ^= y;
  x <<= 4;
  expect_elements(x, {b{0xC0}, b{0x30}, b{0xE0}, b{0x00}});
  x >>= 4;
  expect_elements(x, {b{0x0C}, b{0x03}, b{0x0E}, b{0x00}});
  static_assert(!has_arithmetic<vec<b, 4>> && has_arithmetic<vec<unsigned char, 4>>, "std::byte has no arithmetic");
}

TEST(Vec, Unary) {
  vec<int, 4> v(1, -2, 0, 4);
  expect_elements(+v, {1, -2, 0, 4});
  expect_elements(-v, {-1, 2, 0, -4});
  vec<float, 2> f(0.5f, -1.5f);
  expect_elements(-f, {-0.5f, 1.5f});
}

TEST(Vec, IncrementDecrement) {
  vec<int, 2> v(1, 5);
  expect_elements(++v, {2, 6});
  expect_elements(v++, {2, 6});
  expect_elements(v, {3, 7});
  expect_elements(--v, {2, 6});
  expect_elements(v--, {2, 6});
  expect_elements(v, {1, 5});
  vec<float, 1> f(0.5f);
  ++f;
  EXPECT_EQ(f[0], 1.5f);
}

// ---- relational and logical --------------------------------------------

TEST(Vec, ComparisonResultTypes) {
  static_assert(std::is_same_v<decltype(vec<float, 4>() < vec<float, 4>()), vec<std::int32_t, 4>>);
  static_assert(std::is_same_v<decltype(vec<double, 2>() == vec<double, 2>()), vec<std::int64_t, 2>>);
  static_assert(std::is_same_v<decltype(vec<std::uint8_t, 8>() != vec<std::uint8_t, 8>()),
                               vec<std::int8_t, 8>>);
  static_assert(std::is_same_v<decltype(vec<short, 3>() >= 1), vec<std::int16_t, 3>>);
  static_assert(std::is_same_v<decltype(vec<std::uint64_t, 16>() > 1u), vec<std::int64_t, 16>>);
  static_assert(std::is_same_v<decltype(!vec<float, 2>()), vec<std::int32_t, 2>>);
  static_assert(std::is_same_v<decltype(vec<bool, 2>() && vec<bool, 2>()), vec<std::int8_t, 2>>);
  SUCCEED();
}

TEST(Vec, Comparisons) {
  vec<float, 4> a(1.f, 2.f, 3.f, NAN);
  vec<float, 4> b(1.f, 3.f, 2.f, NAN);
  expect_elements(a == b, {-1, 0, 0, 0});
  expect_elements(a != b, {0, -1, -1, -1});
  expect_elements(a < b, {0, -1, 0, 0});
  expect_elements(a > b, {0, 0, -1, 0});
  expect_elements(a <= b, {-1, -1, 0, 0});
  expect_elements(a >= b, {-1, 0, -1, 0});
  expect_elements(a < 2.5f, {-1, -1, 0, 0});
  expect_elements(2 <= a, {0, -1, -1, 0});

  vec<std::uint64_t, 2> u(5, 6);
  auto eq = u == 5;
  EXPECT_EQ(eq[0], std::int64_t{-1});
  EXPECT_EQ(eq[1], std::int64_t{0});
}

TEST(Vec, Logical) {
  vec<int, 4> a(0, 1, 0, -3);
  vec<int, 4> b(0, 0, 2, 4);
  expect_elements(!a, {-1, 0, -1, 0});
  expect_elements(a && b, {0, 0, 0, -1});
  expect_elements(a || b, {0, -1, -1, -1});
  expect_elements(a && 1, {0, -1, 0, -1});
  expect_elements(0 || a, {0, -1, 0, -1});
  vec<double, 2> d(0.0, 0.5);
  expect_elements(!d, {std::int64_t{-1}, std::int64_t{0}});
}

// At run time the operators of arithmetic vecs compute on the compiler's vector types; in
// constant evaluation they run element loops. Both must give the same elements and the
// same bytes (vec<T, 3>'s padding element stays zero).
template <typename T, int N>
constexpr vec<T, N> operands(int seed) {
  vec<T, N> v;
  for (int i = 0; i < N; ++i) {
    const int k = (seed * 7 + i * 5) % 11 - 5;  // in [-5, 5], zero included
    v[i] = std::is_unsigned_v<T> ? static_cast<T>(static_cast<T>(250) + static_cast<T>(k)) : static_cast<T>(k);
  }
  return v;
}
template <typename T, int N>
struct all_operators {
  vec<T, N> sum, difference, product, negated, compound;
  vec<detail_relational_t<T>, N> less, equal, greater_equal;
  vec<double, N> widened;
  vec<std::int32_t, N> narrowed;
};
template <typename T, int N>
constexpr all_operators<T, N> apply_all(const vec<T, N>& a, const vec<T, N>& b) {
  all_operators<T, N> r;
  r.sum = a + b;
  r.difference = a - b;
  r.product = a * b * T(3);
  r.negated = -a;
  r.compound = a;
  r.compound += b;
  r.compound *= b;
  r.less = a < b;
  r.equal = a == b;
  r.greater_equal = a >= T(1);
  r.widened = a.template convert<double>();
  r.narrowed = a.template convert<std::int32_t>();
  return r;
}
template <typename V>
void expect_same_bytes(const V& runtime, const V& constant, const char* what) {
  for (int i = 0; i < static_cast<int>(V::size()); ++i) EXPECT_EQ(runtime[i], constant[i]) << what << " element " << i;
  EXPECT_EQ(std::memcmp(&runtime, &constant, sizeof(V)), 0) << what << " bytes";
}
template <typename T, int N>
void expect_runtime_matches_constant() {
  constexpr auto a = operands<T, N>(1), b = operands<T, N>(4);
  constexpr all_operators<T, N> constant = apply_all(a, b);
  volatile int seed_a = 1, seed_b = 4;  // keeps the run-time path at run time
  const all_operators<T, N> runtime = apply_all(operands<T, N>(seed_a), operands<T, N>(seed_b));
  expect_same_bytes(runtime.sum, constant.sum, "+");
  expect_same_bytes(runtime.difference, constant.difference, "-");
  expect_same_bytes(runtime.product, constant.product, "*");
  expect_same_bytes(runtime.negated, constant.negated, "unary -");
  expect_same_bytes(runtime.compound, constant.compound, "+= *=");
  expect_same_bytes(runtime.less, constant.less, "<");
  expect_same_bytes(runtime.equal, constant.equal, "==");
  expect_same_bytes(runtime.greater_equal, constant.greater_equal, ">= scalar");
  expect_same_bytes(runtime.widened, constant.widened, "convert<double>");
  expect_same_bytes(runtime.narrowed, constant.narrowed, "convert<int32_t>");
}

TEST(Vec, RunTimeOperatorsMatchConstantEvaluation) {
  expect_runtime_matches_constant<float, 4>();
  expect_runtime_matches_constant<float, 3>();
  expect_runtime_matches_constant<float, 16>();
  expect_runtime_matches_constant<double, 2>();
  expect_runtime_matches_constant<double, 8>();
  expect_runtime_matches_constant<std::int32_t, 8>();
  expect_runtime_matches_constant<std::int32_t, 1>();
  expect_runtime_matches_constant<std::uint8_t, 16>();
  expect_runtime_matches_constant<std::int16_t, 3>();
  expect_runtime_matches_constant<std::uint64_t, 4>();
}

TEST(Vec, RunTimeFloatComparisonsWithNaN) {
  volatile float nan = NAN;
  const vec<float, 8> a(1.f, nan, 3.f, nan, -0.f, 2.f, 5.f, 0.f);
  const vec<float, 8> b(1.f, 1.f, nan, nan, 0.f, 3.f, 4.f, 0.f);
  expect_elements(a == b, {-1, 0, 0, 0, -1, 0, 0, -1});
  expect_elements(a != b, {0, -1, -1, -1, 0, -1, -1, 0});
  expect_elements(a < b, {0, 0, 0, 0, 0, -1, 0, 0});
  expect_elements(a >= b, {-1, 0, 0, 0, -1, 0, -1, -1});
}

// ---- free functions -----------------------------------------------------

TEST(Vec, MinMax) {
  vec<int, 4> a(1, 5, -3, 7);
  vec<int, 4> b(2, 4, -3, -8);
  expect_elements(cohort::min(a, b), {1, 4, -3, -8});
  expect_elements(cohort::max(a, b), {2, 5, -3, 7});
  expect_elements(cohort::min(a, 3), {1, 3, -3, 3});
  expect_elements(cohort::max(a, 3), {3, 5, 3, 7});

  // Equivalent elements (-0.0 == +0.0): the first argument is returned.
  vec<double, 2> neg(-0.0, +0.0);
  vec<double, 2> pos(+0.0, -0.0);
  const auto mn = cohort::min(neg, pos);
  const auto mx = cohort::max(neg, pos);
  EXPECT_TRUE(std::signbit(mn[0]));
  EXPECT_FALSE(std::signbit(mn[1]));
  EXPECT_TRUE(std::signbit(mx[0]));
  EXPECT_FALSE(std::signbit(mx[1]));
}

TEST(Vec, AnyAll) {
  EXPECT_FALSE(cohort::any(vec<int, 4>(0, 1, 2, 3)));
  EXPECT_TRUE(cohort::any(vec<int, 4>(0, 1, -2, 3)));
  EXPECT_FALSE(cohort::all(vec<int, 4>(-1, -1, 0, -1)));
  EXPECT_TRUE(cohort::all(vec<int, 4>(-1, -5, -7, -1)));
  // The most significant bit counts, not "non-zero".
  EXPECT_FALSE(cohort::any(vec<unsigned, 2>(1u, 0x7FFFFFFFu)));
  EXPECT_TRUE(cohort::all(vec<std::uint8_t, 2>(0x80, 0xFF)));
  EXPECT_TRUE(cohort::any(vec<std::int64_t, 3>(0, 0, INT64_MIN)));
  // Relational results plug straight in.
  vec<float, 3> f(1.f, 2.f, 3.f);
  EXPECT_TRUE(cohort::all(f > 0.f));
  EXPECT_TRUE(cohort::any(f > 2.f));
  EXPECT_FALSE(cohort::any(f > 3.f));
  EXPECT_TRUE(cohort::any(vec<bool, 2>(false, true)));
  EXPECT_FALSE(cohort::all(vec<bool, 2>(false, true)));
}

TEST(Vec, TraitsSeeVec) {
  using namespace cohort::detail;
  static_assert(is_vec_v<vec<int, 2>> && is_vec_v<const vec<int, 2>>);
  static_assert(!is_marray_v<vec<int, 2>> && !is_vec_v<int>);
  static_assert(is_vec_or_marray_v<vec<float, 3>>);
  static_assert(std::is_same_v<element_type_t<vec<short, 8>>, short>);
  static_assert(std::is_same_v<element_type_t<const vec<short, 8>>, short>);
  static_assert(std::is_same_v<element_type_t<double>, double>);
  static_assert(num_elements_v<vec<int, 3>> == 3 && num_elements_v<int> == 1);
  SUCCEED();
}

}  // namespace
