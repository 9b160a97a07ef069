// SPDX-License-Identifier: MIT
#include <cohort/core/functional.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <type_traits>

namespace {

using cohort::marray;
using cohort::vec;

// Equivalent under < when the keys match, but distinguishable by tag.
struct keyed {
  int key;
  int tag;
  friend constexpr bool operator<(const keyed& a, const keyed& b) { return a.key < b.key; }
};

// ---- signatures ---------------------------------------------------------

static_assert(std::is_same_v<decltype(cohort::plus<short>{}(short{1}, short{2})), short>);
static_assert(std::is_same_v<decltype(cohort::multiplies<float>{}(1.f, 2.f)), float>);
static_assert(std::is_same_v<decltype(cohort::bit_and<unsigned>{}(1u, 2u)), unsigned>);
static_assert(std::is_same_v<decltype(cohort::logical_and<int>{}(1, 2)), bool>);
static_assert(std::is_same_v<decltype(cohort::logical_or<double>{}(1.0, 0.0)), bool>);
static_assert(std::is_same_v<decltype(cohort::minimum<long>{}(1L, 2L)), long>);
static_assert(std::is_same_v<decltype(cohort::maximum<keyed>{}(keyed{}, keyed{})), keyed>);

// Transparent forms deduce their result like the operator would.
static_assert(std::is_same_v<decltype(cohort::plus<>{}(short{1}, short{2})), int>);
static_assert(std::is_same_v<decltype(cohort::multiplies<>{}(2, 1.5)), double>);
static_assert(std::is_same_v<decltype(cohort::bit_xor<>{}(1u, std::uint64_t{2})), std::uint64_t>);
static_assert(std::is_same_v<decltype(cohort::logical_and<>{}(1, 2.0)), bool>);
static_assert(std::is_same_v<decltype(cohort::minimum<>{}(1, 2L)), long>);
static_assert(std::is_same_v<decltype(cohort::maximum<>{}(1.f, 2.0)), double>);
static_assert(std::is_same_v<decltype(cohort::minimum<>{}(vec<int, 2>{}, vec<int, 2>{})),
                             vec<int, 2>>);
static_assert(std::is_same_v<decltype(cohort::logical_or<>{}(marray<bool, 3>{}, marray<bool, 3>{})),
                             marray<bool, 3>>);

static_assert(std::is_same_v<cohort::plus<>::is_transparent, void>);
static_assert(std::is_same_v<cohort::multiplies<>::is_transparent, void>);
static_assert(std::is_same_v<cohort::bit_and<>::is_transparent, void>);
static_assert(std::is_same_v<cohort::bit_or<>::is_transparent, void>);
static_assert(std::is_same_v<cohort::bit_xor<>::is_transparent, void>);
static_assert(std::is_same_v<cohort::logical_and<>::is_transparent, void>);
static_assert(std::is_same_v<cohort::logical_or<>::is_transparent, void>);
static_assert(std::is_same_v<cohort::minimum<>::is_transparent, void>);
static_assert(std::is_same_v<cohort::maximum<>::is_transparent, void>);

// Usable in constant expressions.
static_assert(cohort::plus<int>{}(2, 3) == 5);
static_assert(cohort::maximum<>{}(2, 7) == 7);

// ---- scalars ------------------------------------------------------------

TEST(Functional, Plus) {
  EXPECT_EQ(cohort::plus<int>{}(2, -7), -5);
  EXPECT_EQ(cohort::plus<double>{}(0.5, 0.25), 0.75);
  EXPECT_EQ(cohort::plus<std::uint8_t>{}(200, 100), static_cast<std::uint8_t>(44));
  EXPECT_EQ(cohort::plus<>{}(2, 0.5), 2.5);
  EXPECT_EQ(cohort::plus<>{}(std::uint8_t{200}, std::uint8_t{100}), 300);  // promoted
}

TEST(Functional, Multiplies) {
  EXPECT_EQ(cohort::multiplies<int>{}(6, -7), -42);
  EXPECT_EQ(cohort::multiplies<float>{}(1.5f, 4.f), 6.f);
  EXPECT_EQ(cohort::multiplies<>{}(3, 2.5), 7.5);
}

TEST(Functional, Bitwise) {
  EXPECT_EQ(cohort::bit_and<unsigned>{}(0b1100u, 0b1010u), 0b1000u);
  EXPECT_EQ(cohort::bit_or<unsigned>{}(0b1100u, 0b1010u), 0b1110u);
  EXPECT_EQ(cohort::bit_xor<unsigned>{}(0b1100u, 0b1010u), 0b0110u);
  EXPECT_EQ(cohort::bit_and<std::int8_t>{}(-1, 0x35), 0x35);
  EXPECT_EQ(cohort::bit_and<>{}(0xF0, 0x3C), 0x30);
  EXPECT_EQ(cohort::bit_or<>{}(0xF0, 0x0F), 0xFF);
  EXPECT_EQ(cohort::bit_xor<>{}(0xFF, 0x0F), 0xF0);
  EXPECT_EQ(cohort::bit_and<bool>{}(true, false), false);
  EXPECT_EQ(cohort::bit_or<bool>{}(true, false), true);
  EXPECT_EQ(cohort::bit_xor<bool>{}(true, true), false);
}

TEST(Functional, Logical) {
  EXPECT_TRUE(cohort::logical_and<bool>{}(true, true));
  EXPECT_FALSE(cohort::logical_and<bool>{}(true, false));
  EXPECT_FALSE(cohort::logical_and<int>{}(2, 0));
  EXPECT_TRUE(cohort::logical_and<int>{}(2, -3));
  EXPECT_TRUE(cohort::logical_or<bool>{}(false, true));
  EXPECT_FALSE(cohort::logical_or<bool>{}(false, false));
  EXPECT_TRUE(cohort::logical_or<double>{}(0.0, 0.5));
  EXPECT_FALSE(cohort::logical_or<double>{}(0.0, 0.0));
  EXPECT_TRUE(cohort::logical_and<>{}(1, 2.0));
  EXPECT_FALSE(cohort::logical_and<>{}(1, 0));
  EXPECT_TRUE(cohort::logical_or<>{}(0, 3));
  EXPECT_FALSE(cohort::logical_or<>{}(false, 0));
}

TEST(Functional, MinimumMaximum) {
  EXPECT_EQ(cohort::minimum<int>{}(3, -4), -4);
  EXPECT_EQ(cohort::minimum<int>{}(-4, 3), -4);
  EXPECT_EQ(cohort::maximum<int>{}(3, -4), 3);
  EXPECT_EQ(cohort::maximum<int>{}(-4, 3), 3);
  EXPECT_EQ(cohort::minimum<double>{}(2.5, 1.5), 1.5);
  EXPECT_EQ(cohort::maximum<double>{}(2.5, 1.5), 2.5);
  EXPECT_EQ(cohort::minimum<std::uint64_t>{}(UINT64_MAX, 1u), 1u);
  EXPECT_EQ(cohort::minimum<>{}(7, 2L), 2L);
  EXPECT_EQ(cohort::maximum<>{}(7, 2L), 7L);
  EXPECT_EQ(cohort::maximum<>{}(1.5f, 2.0), 2.0);
}

TEST(Functional, MinimumMaximumReturnFirstOnEquivalent) {
  const keyed a{5, 1};
  const keyed b{5, 2};
  EXPECT_EQ(cohort::minimum<keyed>{}(a, b).tag, 1);
  EXPECT_EQ(cohort::minimum<keyed>{}(b, a).tag, 2);
  EXPECT_EQ(cohort::maximum<keyed>{}(a, b).tag, 1);
  EXPECT_EQ(cohort::maximum<keyed>{}(b, a).tag, 2);
  EXPECT_EQ(cohort::minimum<>{}(a, b).tag, 1);
  EXPECT_EQ(cohort::maximum<>{}(b, a).tag, 2);
  // Non-equivalent values still pick the right one.
  EXPECT_EQ(cohort::minimum<keyed>{}(keyed{9, 1}, keyed{3, 2}).tag, 2);
  EXPECT_EQ(cohort::maximum<keyed>{}(keyed{9, 1}, keyed{3, 2}).tag, 1);

  // -0.0 and +0.0 compare equal.
  EXPECT_TRUE(std::signbit(cohort::minimum<double>{}(-0.0, +0.0)));
  EXPECT_FALSE(std::signbit(cohort::minimum<double>{}(+0.0, -0.0)));
  EXPECT_TRUE(std::signbit(cohort::maximum<double>{}(-0.0, +0.0)));
  EXPECT_FALSE(std::signbit(cohort::maximum<double>{}(+0.0, -0.0)));
  EXPECT_TRUE(std::signbit(cohort::minimum<>{}(-0.0f, +0.0f)));
  EXPECT_FALSE(std::signbit(cohort::maximum<>{}(+0.0f, -0.0f)));
}

// ---- vec and marray -----------------------------------------------------

template <typename V, typename T>
void expect_elements(const V& v, std::initializer_list<T> expected) {
  std::size_t i = 0;
  for (T e : expected) {
    EXPECT_EQ(v[i], e) << "element " << i;
    ++i;
  }
  EXPECT_EQ(i, cohort::detail::num_elements_v<V>);
}

TEST(Functional, ArithmeticOnVecAndMarray) {
  const vec<int, 4> a(1, 2, 3, 4);
  const vec<int, 4> b(10, 20, 30, 40);
  expect_elements(cohort::plus<vec<int, 4>>{}(a, b), {11, 22, 33, 44});
  expect_elements(cohort::plus<>{}(a, b), {11, 22, 33, 44});
  expect_elements(cohort::multiplies<vec<int, 4>>{}(a, b), {10, 40, 90, 160});
  expect_elements(cohort::multiplies<>{}(a, 2), {2, 4, 6, 8});

  const marray<unsigned, 3> m(0b1100u, 0b1010u, 0b0110u);
  const marray<unsigned, 3> n(0b1010u, 0b1010u, 0b0011u);
  expect_elements(cohort::bit_and<marray<unsigned, 3>>{}(m, n), {0b1000u, 0b1010u, 0b0010u});
  expect_elements(cohort::bit_or<marray<unsigned, 3>>{}(m, n), {0b1110u, 0b1010u, 0b0111u});
  expect_elements(cohort::bit_xor<marray<unsigned, 3>>{}(m, n), {0b0110u, 0b0000u, 0b0101u});
  expect_elements(cohort::bit_xor<>{}(m, n), {0b0110u, 0b0000u, 0b0101u});
  expect_elements(cohort::plus<marray<unsigned, 3>>{}(m, n), {22u, 20u, 9u});
}

TEST(Functional, LogicalOnVecAndMarray) {
  using lv = vec<int, 4>;
  const lv a(0, 1, 0, -3);
  const lv b(0, 0, 2, 4);
  static_assert(std::is_same_v<decltype(cohort::logical_and<lv>{}(a, b)), lv>);
  expect_elements(cohort::logical_and<lv>{}(a, b), {0, 0, 0, 1});
  expect_elements(cohort::logical_or<lv>{}(a, b), {0, 1, 1, 1});
  expect_elements(cohort::logical_and<>{}(a, b), {0, 0, 0, 1});

  using bm = marray<bool, 3>;
  const bm x(true, false, true);
  const bm y(true, true, false);
  expect_elements(cohort::logical_and<bm>{}(x, y), {true, false, false});
  expect_elements(cohort::logical_or<bm>{}(x, y), {true, true, true});
  expect_elements(cohort::logical_or<>{}(x, y), {true, true, true});

  using bv = vec<bool, 2>;
  expect_elements(cohort::logical_and<bv>{}(bv(true, true), bv(false, true)), {false, true});
}

TEST(Functional, MinMaxOnVecAndMarray) {
  const vec<float, 4> a(1.f, 5.f, -3.f, 7.f);
  const vec<float, 4> b(2.f, 4.f, -3.f, -8.f);
  expect_elements(cohort::minimum<vec<float, 4>>{}(a, b), {1.f, 4.f, -3.f, -8.f});
  expect_elements(cohort::maximum<vec<float, 4>>{}(a, b), {2.f, 5.f, -3.f, 7.f});
  expect_elements(cohort::minimum<>{}(a, b), {1.f, 4.f, -3.f, -8.f});
  expect_elements(cohort::maximum<>{}(a, b), {2.f, 5.f, -3.f, 7.f});

  const marray<int, 3> m(3, -1, 9);
  const marray<int, 3> n(2, 0, 9);
  expect_elements(cohort::minimum<marray<int, 3>>{}(m, n), {2, -1, 9});
  expect_elements(cohort::maximum<marray<int, 3>>{}(m, n), {3, 0, 9});

  // First argument per element on equivalence.
  const vec<double, 2> neg(-0.0, +0.0);
  const vec<double, 2> pos(+0.0, -0.0);
  const auto mn = cohort::minimum<vec<double, 2>>{}(neg, pos);
  const auto mx = cohort::maximum<>{}(neg, pos);
  EXPECT_TRUE(std::signbit(mn[0]));
  EXPECT_FALSE(std::signbit(mn[1]));
  EXPECT_TRUE(std::signbit(mx[0]));
  EXPECT_FALSE(std::signbit(mx[1]));
  const marray<double, 2> mneg(-0.0, +0.0);
  const marray<double, 2> mpos(+0.0, -0.0);
  EXPECT_TRUE(std::signbit(cohort::minimum<marray<double, 2>>{}(mneg, mpos)[0]));
  EXPECT_FALSE(std::signbit(cohort::maximum<marray<double, 2>>{}(mpos, mneg)[0]));
}

}  // namespace
