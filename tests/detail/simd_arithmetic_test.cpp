// SPDX-License-Identifier: MIT
// The vectorised single-thread reductions and scans under the group algorithms
// (cohort/detail/simd_arithmetic.hpp), against host loops: every length from 0 to 130 and
// a few longer ones (the vector loops have a four-vector body, a one-vector loop and a
// scalar tail), sums and products, in place and not, integers wrapping at their limits,
// floats exactly (integer values) and with a relative tolerance (arbitrary values).
#include <cohort/core/functional.hpp>
#include <cohort/detail/simd_arithmetic.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <type_traits>
#include <vector>

namespace {

std::vector<std::size_t> lengths() {
  std::vector<std::size_t> n;
  for (std::size_t i = 0; i <= 130; ++i) n.push_back(i);
  for (std::size_t i : {255, 256, 257, 511, 1000, 1023, 1024, 1025}) n.push_back(i);
  return n;
}

/// a op b as the reference computes it: integers in the unsigned type of their width
/// (wrapping, as the group algorithms define overflow), floats as themselves.
template <bool Plus, typename T>
T apply(T a, T b) {
  if constexpr (std::is_integral_v<T>) {
    using U = std::make_unsigned_t<std::conditional_t<(sizeof(T) < sizeof(int)), int, T>>;
    const U x = static_cast<U>(a), y = static_cast<U>(b);
    return static_cast<T>(Plus ? static_cast<U>(x + y) : static_cast<U>(x * y));
  } else {
    return Plus ? a + b : a * b;
  }
}

template <bool Plus, typename T>
using op_t = std::conditional_t<Plus, cohort::plus<T>, cohort::multiplies<T>>;

/// Values for sums: near the type's limits for integers (so sums wrap), small integers
/// for floats (exact in any order). For products: -1, 1 and a few 2s and 3s (integers
/// wrap; floats stay exact).
template <bool Plus, typename T>
std::vector<T> values(std::size_t n, std::mt19937& rng) {
  std::vector<T> v(n);
  for (std::size_t i = 0; i < n; ++i) {
    const unsigned r = rng();
    if constexpr (Plus) {
      if constexpr (std::is_integral_v<T>)
        v[i] = r % 3 == 0 ? std::numeric_limits<T>::max() - static_cast<T>(r % 7)
                          : r % 3 == 1 ? std::numeric_limits<T>::min() + static_cast<T>(r % 5) : static_cast<T>(r % 100);
      else
        v[i] = static_cast<T>(static_cast<int>(r % 201) - 100);
    } else {
      const int pick = static_cast<int>(r % 16);
      const bool grow = std::is_integral_v<T> || i % 64 == 0;  // floats: exact up to 2^24
      v[i] = static_cast<T>(pick < 7 ? -1 : pick < 14 || !grow ? 1 : pick == 14 ? 2 : 3);
    }
  }
  return v;
}

template <bool Plus, typename T>
void check_exact() {
  std::mt19937 rng(12345 + sizeof(T) + (Plus ? 1 : 0));
  const T init = Plus ? static_cast<T>(7) : static_cast<T>(-1);
  for (std::size_t n : lengths()) {
    const std::vector<T> in = values<Plus, T>(n, rng);
    T total = init;
    std::vector<T> inclusive(n), exclusive(n);
    for (std::size_t i = 0; i < n; ++i) {
      exclusive[i] = total;
      total = apply<Plus>(total, in[i]);
      inclusive[i] = total;
    }
    using op = op_t<Plus, T>;
    EXPECT_EQ(cohort::detail::simd_reduce<op>(in.data(), n, init), total) << "reduce, n = " << n;

    std::vector<T> out(n, T(99));
    EXPECT_EQ((cohort::detail::simd_scan<true, op>(in.data(), n, out.data(), init)), total) << "n = " << n;
    EXPECT_EQ(out, inclusive) << "inclusive scan, n = " << n;
    out.assign(n, T(99));
    EXPECT_EQ((cohort::detail::simd_scan<false, op>(in.data(), n, out.data(), init)), total) << "n = " << n;
    EXPECT_EQ(out, exclusive) << "exclusive scan, n = " << n;

    std::vector<T> same = in;
    EXPECT_EQ((cohort::detail::simd_scan<true, op>(same.data(), n, same.data(), init)), total) << "n = " << n;
    EXPECT_EQ(same, inclusive) << "inclusive scan in place, n = " << n;
    same = in;
    EXPECT_EQ((cohort::detail::simd_scan<false, op>(same.data(), n, same.data(), init)), total) << "n = " << n;
    EXPECT_EQ(same, exclusive) << "exclusive scan in place, n = " << n;
  }
}

template <typename T>
class simd_arithmetic_exact : public ::testing::Test {};
using exact_types = ::testing::Types<std::int8_t, std::uint8_t, std::int16_t, std::uint16_t, std::int32_t, std::uint32_t,
                                     std::int64_t, std::uint64_t, char, float, double, long double>;
TYPED_TEST_SUITE(simd_arithmetic_exact, exact_types);

TYPED_TEST(simd_arithmetic_exact, sums_equal_a_sequential_loop) { check_exact<true, TypeParam>(); }
TYPED_TEST(simd_arithmetic_exact, products_equal_a_sequential_loop) { check_exact<false, TypeParam>(); }

// Arbitrary floating-point values: the vector order rounds differently from the loop, within
// a few ulps of the sum of magnitudes.
template <typename T>
void check_rounding() {
  std::mt19937 rng(777);
  std::uniform_real_distribution<T> dist(T(-1), T(1));
  for (std::size_t n : lengths()) {
    std::vector<T> in(n);
    for (auto& x : in) x = dist(rng);
    T total = T(0.5), magnitude = T(0.5);
    std::vector<T> inclusive(n), bound(n);
    for (std::size_t i = 0; i < n; ++i) {
      total += in[i];
      magnitude += std::abs(in[i]);
      inclusive[i] = total;
      bound[i] = magnitude * T(n + 2) * std::numeric_limits<T>::epsilon();
    }
    const T tolerance = magnitude * T(n + 2) * std::numeric_limits<T>::epsilon();
    EXPECT_NEAR(cohort::detail::simd_reduce<cohort::plus<T>>(in.data(), n, T(0.5)), total, tolerance) << n;
    std::vector<T> out(n);
    EXPECT_NEAR((cohort::detail::simd_scan<true, cohort::plus<T>>(in.data(), n, out.data(), T(0.5))), total, tolerance);
    for (std::size_t i = 0; i < n; ++i) ASSERT_NEAR(out[i], inclusive[i], bound[i]) << "n = " << n << ", i = " << i;
  }
}

TEST(simd_arithmetic, float_sums_round_within_bounds) { check_rounding<float>(); }
TEST(simd_arithmetic, double_sums_round_within_bounds) { check_rounding<double>(); }

// Ends of the input: a scan must not read or write past `count` (the vector loops stop at
// whole vectors and finish element by element).
TEST(simd_arithmetic, scans_touch_only_their_range) {
  for (std::size_t n : lengths()) {
    std::vector<int> in(n + 64, 1), out(n + 64, -5);
    for (std::size_t i = n; i < n + 64; ++i) in[i] = 1000;
    EXPECT_EQ((cohort::detail::simd_scan<true, cohort::plus<int>>(in.data(), n, out.data(), 0)), static_cast<int>(n));
    EXPECT_EQ(cohort::detail::simd_reduce<cohort::plus<int>>(in.data(), n, 0), static_cast<int>(n));
    for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(out[i], static_cast<int>(i + 1));
    for (std::size_t i = n; i < n + 64; ++i) ASSERT_EQ(out[i], -5) << "written past the end, n = " << n;
  }
}

}  // namespace
