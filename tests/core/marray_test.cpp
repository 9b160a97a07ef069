// SPDX-License-Identifier: MIT
#include <cohort/core/marray.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <iterator>
#include <numeric>
#include <type_traits>

namespace {

using cohort::marray;

template <typename T, std::size_t N>
void expect_elements(const marray<T, N>& m, std::initializer_list<T> expected) {
  ASSERT_EQ(expected.size(), N);
  std::size_t i = 0;
  for (T e : expected) {
    EXPECT_EQ(m[i], e) << "element " << i;
    ++i;
  }
}

template <std::size_t N>
void expect_bools(const marray<bool, N>& m, std::initializer_list<bool> expected) {
  expect_elements<bool, N>(m, expected);
}

// ---- layout and types ---------------------------------------------------

static_assert(std::is_trivially_copyable_v<marray<float, 4>>);
static_assert(std::is_trivially_copyable_v<marray<std::int8_t, 7>>);
static_assert(std::is_trivially_copyable_v<marray<bool, 1>>);
static_assert(sizeof(marray<float, 3>) == 3 * sizeof(float));
static_assert(sizeof(marray<double, 5>) == 5 * sizeof(double));
static_assert(marray<int, 13>::size() == 13);
static_assert(std::is_same_v<marray<int, 2>::value_type, int>);
static_assert(std::is_same_v<marray<int, 2>::reference, int&>);
static_assert(std::is_same_v<marray<int, 2>::const_reference, const int&>);
static_assert(std::is_same_v<marray<int, 2>::iterator, int*>);
static_assert(std::is_same_v<marray<int, 2>::const_iterator, const int*>);

template <typename M>
concept has_modulo = requires(M a) { a % a; };
template <typename M>
concept has_bitwise = requires(M a) { a & a; a | a; a ^ a; ~a; a << a; a >> a; };
template <typename M>
concept has_increment = requires(M a) { ++a; a--; };

static_assert(has_modulo<marray<long, 3>> && !has_modulo<marray<double, 3>>);
static_assert(has_bitwise<marray<std::uint16_t, 2>> && !has_bitwise<marray<float, 2>>);
static_assert(has_increment<marray<int, 2>> && !has_increment<marray<bool, 2>>);
static_assert(!std::is_convertible_v<int, marray<int, 4>>);
static_assert(!std::is_constructible_v<marray<int, 4>, int, int, int>);
static_assert(!std::is_constructible_v<marray<int, 4>, marray<float, 2>, marray<float, 2>>);

// ---- construction and access -------------------------------------------

TEST(Marray, DefaultIsZero) {
  marray<int, 9> m;
  for (std::size_t i = 0; i < 9; ++i) EXPECT_EQ(m[i], 0);
}

TEST(Marray, BroadcastAndScalars) {
  marray<double, 5> b(1.25);
  expect_elements(b, {1.25, 1.25, 1.25, 1.25, 1.25});
  marray<int, 5> s(1, 2, 3, 4, 5);
  expect_elements(s, {1, 2, 3, 4, 5});
  marray<float, 3> conv(1, 2.5, 3.0f);
  expect_elements(conv, {1.f, 2.5f, 3.f});
}

TEST(Marray, Mixes) {
  marray<int, 2> a(7, 8);
  marray<int, 5> m(a, 1, a);
  expect_elements(m, {7, 8, 1, 7, 8});
  marray<int, 3> m2(marray<int, 1>(4), a);
  expect_elements(m2, {4, 7, 8});
}

TEST(Marray, DeductionGuide) {
  marray m(1, 2, 3, 4, 5, 6, 7);
  static_assert(std::is_same_v<decltype(m), marray<int, 7>>);
  EXPECT_EQ(m[6], 7);
}

TEST(Marray, IteratorsAndIndexing) {
  marray<int, 6> m(1, 2, 3, 4, 5, 6);
  EXPECT_EQ(std::distance(m.begin(), m.end()), 6);
  EXPECT_EQ(std::accumulate(m.begin(), m.end(), 0), 21);
  int expected = 1;
  for (int v : m) EXPECT_EQ(v, expected++);
  for (int& v : m) v *= 10;
  EXPECT_EQ(m[0], 10);
  EXPECT_EQ(m[5], 60);
  const marray<int, 6>& c = m;
  EXPECT_EQ(*c.begin(), 10);
  EXPECT_EQ(*(c.end() - 1), 60);
  m[2] = -1;
  EXPECT_EQ(c[2], -1);
}

TEST(Marray, ScalarAssignment) {
  marray<short, 3> m(1, 2, 3);
  m = 4;
  expect_elements(m, {short(4), short(4), short(4)});
}

TEST(Marray, SingleElementConvertsToScalar) {
  marray<double, 1> m(3.0);
  double d = m;
  EXPECT_EQ(d, 3.0);
  auto s = m * 2;
  static_assert(std::is_same_v<decltype(s), marray<double, 1>>);
  EXPECT_EQ(s[0], 6.0);
  auto c = 3 == m;
  static_assert(std::is_same_v<decltype(c), marray<bool, 1>>);
  EXPECT_TRUE(c[0]);
}

TEST(Marray, Constexpr) {
  constexpr marray<int, 3> a(1, 2, 3);
  constexpr auto b = (a + a) * 3;
  static_assert(b[0] == 6 && b[1] == 12 && b[2] == 18);
  static_assert(cohort::all(a > 0));
  SUCCEED();
}

// ---- arithmetic ---------------------------------------------------------

TEST(Marray, Arithmetic) {
  marray<int, 5> a(10, -20, 30, 7, 0);
  marray<int, 5> b(3, 4, -5, 2, 9);
  expect_elements(a + b, {13, -16, 25, 9, 9});
  expect_elements(a - b, {7, -24, 35, 5, -9});
  expect_elements(a * b, {30, -80, -150, 14, 0});
  expect_elements(a / b, {3, -5, -6, 3, 0});
  expect_elements(a % b, {1, 0, 0, 1, 0});
  expect_elements(a + 1, {11, -19, 31, 8, 1});
  expect_elements(100 - a, {90, 120, 70, 93, 100});
  expect_elements(a % 4, {2, 0, 2, 3, 0});
  expect_elements(61 % b, {1, 1, 1, 1, 7});

  marray<float, 2> f(1.5f, -3.f);
  expect_elements(f * 2.0, {3.f, -6.f});
  expect_elements(3 / f, {2.f, -1.f});
}

TEST(Marray, SmallIntegersWrap) {
  marray<std::int8_t, 2> a(127, -128);
  auto s = a + marray<std::int8_t, 2>(1, -1);
  static_assert(std::is_same_v<decltype(s), marray<std::int8_t, 2>>);
  EXPECT_EQ(s[0], static_cast<std::int8_t>(128));
  EXPECT_EQ(s[1], static_cast<std::int8_t>(-129));
}

TEST(Marray, CompoundAssignment) {
  marray<unsigned, 3> m(1u, 2u, 3u);
  m += 1u;
  expect_elements(m, {2u, 3u, 4u});
  m *= marray<unsigned, 3>(3u, 2u, 1u);
  expect_elements(m, {6u, 6u, 4u});
  m -= 1;
  expect_elements(m, {5u, 5u, 3u});
  m /= 2u;
  expect_elements(m, {2u, 2u, 1u});
  m <<= marray<unsigned, 3>(1u, 2u, 3u);
  expect_elements(m, {4u, 8u, 8u});
  m >>= 1;
  expect_elements(m, {2u, 4u, 4u});
  m |= 1u;
  expect_elements(m, {3u, 5u, 5u});
  m &= 6u;
  expect_elements(m, {2u, 4u, 4u});
  m ^= marray<unsigned, 3>(2u, 0u, 5u);
  expect_elements(m, {0u, 4u, 1u});
  m %= marray<unsigned, 3>(7u, 3u, 7u);
  expect_elements(m, {0u, 1u, 1u});
}

TEST(Marray, Bitwise) {
  marray<std::uint16_t, 3> a(0xF0F0, 0x00FF, 0x1234);
  marray<std::uint16_t, 3> b(0xFF00, 0x0F0F, 0x0000);
  using u16 = std::uint16_t;
  expect_elements(a & b, {u16(0xF000), u16(0x000F), u16(0)});
  expect_elements(a | b, {u16(0xFFF0), u16(0x0FFF), u16(0x1234)});
  expect_elements(a ^ b, {u16(0x0FF0), u16(0x0FF0), u16(0x1234)});
  expect_elements(~a, {u16(0x0F0F), u16(0xFF00), u16(0xEDCB)});
  expect_elements(a << 4, {u16(0x0F00), u16(0x0FF0), u16(0x2340)});
  expect_elements(a >> 4, {u16(0x0F0F), u16(0x000F), u16(0x0123)});
  marray<bool, 2> flags(true, false);
  expect_bools(~flags, {false, true});
}

TEST(Marray, UnaryAndIncrement) {
  marray<int, 3> m(1, -2, 0);
  expect_elements(+m, {1, -2, 0});
  expect_elements(-m, {-1, 2, 0});
  expect_elements(++m, {2, -1, 1});
  expect_elements(m++, {2, -1, 1});
  expect_elements(m, {3, 0, 2});
  expect_elements(--m, {2, -1, 1});
  expect_elements(m--, {2, -1, 1});
  expect_elements(m, {1, -2, 0});
}

// ---- relational and logical --------------------------------------------

TEST(Marray, Comparisons) {
  marray<double, 4> a(1.0, 2.0, 3.0, NAN);
  marray<double, 4> b(1.0, 3.0, 2.0, NAN);
  static_assert(std::is_same_v<decltype(a < b), marray<bool, 4>>);
  expect_bools(a == b, {true, false, false, false});
  expect_bools(a != b, {false, true, true, true});
  expect_bools(a < b, {false, true, false, false});
  expect_bools(a > b, {false, false, true, false});
  expect_bools(a <= b, {true, true, false, false});
  expect_bools(a >= b, {true, false, true, false});
  expect_bools(a > 1.5, {false, true, true, false});
  expect_bools(2 == a, {false, true, false, false});
}

TEST(Marray, Logical) {
  marray<int, 4> a(0, 1, 0, -3);
  marray<int, 4> b(0, 0, 2, 4);
  static_assert(std::is_same_v<decltype(!a), marray<bool, 4>>);
  static_assert(std::is_same_v<decltype(a && b), marray<bool, 4>>);
  expect_bools(!a, {true, false, true, false});
  expect_bools(a && b, {false, false, false, true});
  expect_bools(a || b, {false, true, true, true});
  expect_bools(a || 0, {false, true, false, true});
  expect_bools(1 && b, {false, false, true, true});
}

// ---- free functions -----------------------------------------------------

TEST(Marray, MinMax) {
  marray<int, 5> a(1, 5, -3, 7, 0);
  marray<int, 5> b(2, 4, -3, -8, 0);
  expect_elements(cohort::min(a, b), {1, 4, -3, -8, 0});
  expect_elements(cohort::max(a, b), {2, 5, -3, 7, 0});
  expect_elements(cohort::min(a, 2), {1, 2, -3, 2, 0});
  expect_elements(cohort::max(a, 2), {2, 5, 2, 7, 2});

  marray<float, 2> neg(-0.0f, +0.0f);
  marray<float, 2> pos(+0.0f, -0.0f);
  const auto mn = cohort::min(neg, pos);
  const auto mx = cohort::max(neg, pos);
  EXPECT_TRUE(std::signbit(mn[0]));
  EXPECT_FALSE(std::signbit(mn[1]));
  EXPECT_TRUE(std::signbit(mx[0]));
  EXPECT_FALSE(std::signbit(mx[1]));
}

TEST(Marray, AnyAll) {
  EXPECT_FALSE(cohort::any(marray<bool, 3>(false, false, false)));
  EXPECT_TRUE(cohort::any(marray<bool, 3>(false, true, false)));
  EXPECT_FALSE(cohort::all(marray<bool, 3>(true, true, false)));
  EXPECT_TRUE(cohort::all(marray<bool, 3>(true, true, true)));
  EXPECT_TRUE(cohort::all(marray<bool, 1>(true)));
  marray<int, 4> m(1, 2, 3, 4);
  EXPECT_TRUE(cohort::all(m > 0));
  EXPECT_FALSE(cohort::any(m > 4));
}

TEST(Marray, TraitsSeeMarray) {
  using namespace cohort::detail;
  static_assert(is_marray_v<marray<int, 5>> && is_marray_v<const marray<int, 5>>);
  static_assert(!is_vec_v<marray<int, 5>> && !is_marray_v<int>);
  static_assert(is_vec_or_marray_v<marray<bool, 2>>);
  static_assert(std::is_same_v<element_type_t<marray<float, 5>>, float>);
  static_assert(num_elements_v<marray<float, 5>> == 5);
  SUCCEED();
}

}  // namespace
