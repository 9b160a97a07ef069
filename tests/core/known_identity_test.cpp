// SPDX-License-Identifier: MIT
#include <cohort/core/known_identity.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <functional>
#include <type_traits>

namespace {

using cohort::has_known_identity_v;
using cohort::known_identity_v;
using cohort::marray;
using cohort::vec;

// Expected identities written out by hand, independent of the implementation
// (which uses std::numeric_limits).
template <typename T>
struct expected;

template <>
struct expected<std::int8_t> {
  static constexpr std::int8_t all_bits = -1, max = 127, lowest = -128;
};
template <>
struct expected<std::uint8_t> {
  static constexpr std::uint8_t all_bits = 0xFF, max = 0xFF, lowest = 0;
};
template <>
struct expected<std::int16_t> {
  static constexpr std::int16_t all_bits = -1, max = 32767, lowest = -32768;
};
template <>
struct expected<std::uint16_t> {
  static constexpr std::uint16_t all_bits = 0xFFFF, max = 0xFFFF, lowest = 0;
};
template <>
struct expected<std::int32_t> {
  static constexpr std::int32_t all_bits = -1, max = 2147483647, lowest = -2147483647 - 1;
};
template <>
struct expected<std::uint32_t> {
  static constexpr std::uint32_t all_bits = 0xFFFFFFFFu, max = 0xFFFFFFFFu, lowest = 0;
};
template <>
struct expected<std::int64_t> {
  static constexpr std::int64_t all_bits = -1, max = 9223372036854775807LL,
                                lowest = -9223372036854775807LL - 1;
};
template <>
struct expected<std::uint64_t> {
  static constexpr std::uint64_t all_bits = 0xFFFFFFFFFFFFFFFFull, max = 0xFFFFFFFFFFFFFFFFull,
                                 lowest = 0;
};
template <>
struct expected<bool> {
  static constexpr bool all_bits = true, max = true, lowest = false;
};

// Every name a binary operation can be spelled with, per operation.
template <template <typename> class Op, typename T>
constexpr bool all_forms_known() {
  return has_known_identity_v<Op<T>, T> && has_known_identity_v<Op<void>, T> &&
         cohort::has_known_identity<Op<T>, T>::value;
}

template <template <typename> class Op, typename T>
constexpr bool no_form_known() {
  return !has_known_identity_v<Op<T>, T> && !has_known_identity_v<Op<void>, T> &&
         !cohort::has_known_identity<Op<T>, T>::value;
}

// The value through both typed and transparent forms.
template <template <typename> class Op, typename T>
void expect_identity(T value) {
  EXPECT_EQ((known_identity_v<Op<T>, T>), value);
  EXPECT_EQ((known_identity_v<Op<void>, T>), value);
  EXPECT_EQ((cohort::known_identity<Op<T>, T>::value), value);
  static_assert(std::is_same_v<decltype(known_identity_v<Op<T>, T>), const T>);
  static_assert(std::is_same_v<decltype(cohort::known_identity<Op<void>, T>::value), const T>);
}

template <typename T>
concept has_value_member = requires { T::value; };

// ---- integers (and bool) ------------------------------------------------

template <typename T>
class IntegralIdentity : public ::testing::Test {};
using integral_types = ::testing::Types<std::int8_t, std::uint8_t, std::int16_t, std::uint16_t,
                                        std::int32_t, std::uint32_t, std::int64_t,
                                        std::uint64_t, bool>;
TYPED_TEST_SUITE(IntegralIdentity, integral_types);

TYPED_TEST(IntegralIdentity, Table) {
  using T = TypeParam;
  static_assert(all_forms_known<cohort::plus, T>());
  static_assert(all_forms_known<cohort::multiplies, T>());
  static_assert(all_forms_known<cohort::bit_and, T>());
  static_assert(all_forms_known<cohort::bit_or, T>());
  static_assert(all_forms_known<cohort::bit_xor, T>());
  static_assert(all_forms_known<cohort::minimum, T>());
  static_assert(all_forms_known<cohort::maximum, T>());

  expect_identity<cohort::plus, T>(T(0));
  expect_identity<cohort::multiplies, T>(T(1));
  expect_identity<cohort::bit_and, T>(expected<T>::all_bits);
  expect_identity<cohort::bit_or, T>(T(0));
  expect_identity<cohort::bit_xor, T>(T(0));
  expect_identity<cohort::minimum, T>(expected<T>::max);
  expect_identity<cohort::maximum, T>(expected<T>::lowest);

  if constexpr (std::is_same_v<T, bool>) {
    static_assert(all_forms_known<cohort::logical_and, T>());
    static_assert(all_forms_known<cohort::logical_or, T>());
    expect_identity<cohort::logical_and, T>(true);
    expect_identity<cohort::logical_or, T>(false);
  } else {
    static_assert(no_form_known<cohort::logical_and, T>());
    static_assert(no_form_known<cohort::logical_or, T>());
    static_assert(!has_value_member<cohort::known_identity<cohort::logical_and<T>, T>>);
  }
}

// The identity really is neutral for the operation.
TYPED_TEST(IntegralIdentity, IsNeutral) {
  using T = TypeParam;
  const T samples[] = {T(0), T(1), T(5), expected<T>::max, expected<T>::lowest,
                       expected<T>::all_bits};
  for (T x : samples) {
    EXPECT_EQ((cohort::plus<T>{}(x, known_identity_v<cohort::plus<T>, T>)), x);
    EXPECT_EQ((cohort::multiplies<T>{}(x, known_identity_v<cohort::multiplies<T>, T>)), x);
    EXPECT_EQ((cohort::bit_and<T>{}(x, known_identity_v<cohort::bit_and<T>, T>)), x);
    EXPECT_EQ((cohort::bit_or<T>{}(x, known_identity_v<cohort::bit_or<T>, T>)), x);
    EXPECT_EQ((cohort::bit_xor<T>{}(x, known_identity_v<cohort::bit_xor<T>, T>)), x);
    EXPECT_EQ((cohort::minimum<T>{}(x, known_identity_v<cohort::minimum<T>, T>)), x);
    EXPECT_EQ((cohort::maximum<T>{}(x, known_identity_v<cohort::maximum<T>, T>)), x);
  }
}

// ---- floating point -----------------------------------------------------

template <typename T>
class FloatingIdentity : public ::testing::Test {};
using floating_types = ::testing::Types<float, double>;
TYPED_TEST_SUITE(FloatingIdentity, floating_types);

TYPED_TEST(FloatingIdentity, Table) {
  using T = TypeParam;
  static_assert(all_forms_known<cohort::plus, T>());
  static_assert(all_forms_known<cohort::multiplies, T>());
  static_assert(all_forms_known<cohort::minimum, T>());
  static_assert(all_forms_known<cohort::maximum, T>());
  static_assert(no_form_known<cohort::bit_and, T>());
  static_assert(no_form_known<cohort::bit_or, T>());
  static_assert(no_form_known<cohort::bit_xor, T>());
  static_assert(no_form_known<cohort::logical_and, T>());
  static_assert(no_form_known<cohort::logical_or, T>());
  static_assert(!has_value_member<cohort::known_identity<cohort::bit_and<T>, T>>);

  expect_identity<cohort::plus, T>(T(0));
  expect_identity<cohort::multiplies, T>(T(1));

  const T min_id = known_identity_v<cohort::minimum<T>, T>;
  const T max_id = known_identity_v<cohort::maximum<void>, T>;
  EXPECT_TRUE(std::isinf(min_id));
  EXPECT_GT(min_id, T(0));
  EXPECT_TRUE(std::isinf(max_id));
  EXPECT_LT(max_id, T(0));
  EXPECT_EQ(min_id, static_cast<T>(HUGE_VAL));
  EXPECT_EQ((known_identity_v<cohort::minimum<void>, T>), min_id);
  EXPECT_EQ((known_identity_v<cohort::maximum<T>, T>), max_id);
  static_assert(std::is_same_v<decltype(known_identity_v<cohort::minimum<T>, T>), const T>);
  // plus's identity is +0.0.
  EXPECT_FALSE(std::signbit(known_identity_v<cohort::plus<T>, T>));
}

// ---- operations that do not match the accumulator ----------------------

TEST(KnownIdentity, MismatchedOrForeignOperations) {
  // A typed operation of another type is not recognised for the accumulator.
  static_assert(!has_known_identity_v<cohort::plus<int>, float>);
  static_assert(!has_known_identity_v<cohort::minimum<long>, int>);
  static_assert(!has_known_identity_v<std::plus<int>, double>);
  // Arbitrary callables have no known identity.
  struct custom_op {
    int operator()(int a, int b) const { return a + b; }
  };
  static_assert(!has_known_identity_v<custom_op, int>);
  static_assert(!has_known_identity_v<std::minus<int>, int>);
  static_assert(!has_known_identity_v<std::divides<>, int>);
  static_assert(!has_value_member<cohort::known_identity<custom_op, int>>);
  static_assert(std::is_base_of_v<std::false_type, cohort::has_known_identity<custom_op, int>>);
  static_assert(std::is_base_of_v<std::true_type, cohort::has_known_identity<cohort::plus<>, int>>);
  SUCCEED();
}

TEST(KnownIdentity, StandardFunctionObjects) {
  static_assert(has_known_identity_v<std::plus<int>, int>);
  static_assert(has_known_identity_v<std::plus<>, double>);
  static_assert(has_known_identity_v<std::multiplies<float>, float>);
  static_assert(has_known_identity_v<std::bit_and<std::uint32_t>, std::uint32_t>);
  static_assert(has_known_identity_v<std::bit_or<>, long>);
  static_assert(has_known_identity_v<std::bit_xor<short>, short>);
  static_assert(has_known_identity_v<std::logical_and<bool>, bool>);
  static_assert(has_known_identity_v<std::logical_or<>, bool>);
  static_assert(!has_known_identity_v<std::logical_or<int>, int>);
  static_assert(!has_known_identity_v<std::bit_and<float>, float>);

  EXPECT_EQ((known_identity_v<std::plus<int>, int>), 0);
  EXPECT_EQ((known_identity_v<std::plus<>, double>), 0.0);
  EXPECT_EQ((known_identity_v<std::multiplies<float>, float>), 1.0f);
  EXPECT_EQ((known_identity_v<std::multiplies<>, std::int64_t>), 1);
  EXPECT_EQ((known_identity_v<std::bit_and<std::uint32_t>, std::uint32_t>), 0xFFFFFFFFu);
  EXPECT_EQ((known_identity_v<std::bit_and<>, std::int16_t>), -1);
  EXPECT_EQ((known_identity_v<std::bit_or<>, long>), 0L);
  EXPECT_EQ((known_identity_v<std::bit_xor<short>, short>), 0);
  EXPECT_EQ((known_identity_v<std::logical_and<bool>, bool>), true);
  EXPECT_EQ((known_identity_v<std::logical_or<>, bool>), false);
}

TEST(KnownIdentity, CvQualifiedArguments) {
  static_assert(has_known_identity_v<const cohort::plus<int>, int>);
  EXPECT_EQ((known_identity_v<const cohort::multiplies<>, int>), 1);
}

TEST(KnownIdentity, UsableInConstantExpressions) {
  static_assert(known_identity_v<cohort::plus<int>, int> == 0);
  static_assert(known_identity_v<cohort::maximum<>, std::int8_t> == -128);
  static_assert(cohort::detail::make_known_identity<cohort::minimum<>, std::uint16_t>() == 0xFFFF);
  SUCCEED();
}

// ---- vec and marray accumulators -----------------------------------------

template <typename V, typename T>
void expect_broadcast(const V& v, T value) {
  for (std::size_t i = 0; i < cohort::detail::num_elements_v<V>; ++i) {
    EXPECT_EQ(v[i], value) << "element " << i;
  }
}

TEST(KnownIdentity, Vec) {
  using v4 = vec<int, 4>;
  static_assert(has_known_identity_v<cohort::plus<v4>, v4>);
  static_assert(has_known_identity_v<cohort::plus<>, v4>);
  static_assert(has_known_identity_v<std::plus<v4>, v4>);
  static_assert(has_known_identity_v<cohort::bit_and<v4>, v4>);
  static_assert(!has_known_identity_v<cohort::logical_and<v4>, v4>);
  static_assert(!has_known_identity_v<cohort::bit_or<vec<float, 2>>, vec<float, 2>>);
  static_assert(std::is_same_v<decltype(known_identity_v<cohort::plus<v4>, v4>), const v4>);

  expect_broadcast(known_identity_v<cohort::plus<v4>, v4>, 0);
  expect_broadcast(known_identity_v<cohort::multiplies<>, v4>, 1);
  expect_broadcast(known_identity_v<cohort::bit_and<v4>, v4>, -1);
  expect_broadcast(known_identity_v<cohort::bit_or<v4>, v4>, 0);
  expect_broadcast(known_identity_v<cohort::bit_xor<>, v4>, 0);
  expect_broadcast(known_identity_v<cohort::minimum<v4>, v4>, 2147483647);
  expect_broadcast(known_identity_v<cohort::maximum<>, v4>, -2147483647 - 1);

  using f3 = vec<float, 3>;
  const f3 fmin = known_identity_v<cohort::minimum<f3>, f3>;
  const f3 fmax = known_identity_v<cohort::maximum<f3>, f3>;
  for (int i = 0; i < 3; ++i) {
    EXPECT_TRUE(std::isinf(fmin[i]) && fmin[i] > 0);
    EXPECT_TRUE(std::isinf(fmax[i]) && fmax[i] < 0);
  }

  using b2 = vec<bool, 2>;
  expect_broadcast(known_identity_v<cohort::logical_and<b2>, b2>, true);
  expect_broadcast(known_identity_v<cohort::logical_or<>, b2>, false);

  // The function form gives the same value (for device code).
  expect_broadcast(cohort::detail::make_known_identity<cohort::maximum<>, vec<std::uint8_t, 8>>(),
                   std::uint8_t{0});
}

TEST(KnownIdentity, Marray) {
  using m5 = marray<std::uint8_t, 5>;
  static_assert(has_known_identity_v<cohort::bit_and<m5>, m5>);
  static_assert(!has_known_identity_v<cohort::logical_or<m5>, m5>);
  static_assert(std::is_same_v<decltype(known_identity_v<cohort::bit_and<m5>, m5>), const m5>);
  expect_broadcast(known_identity_v<cohort::bit_and<m5>, m5>, std::uint8_t{0xFF});
  expect_broadcast(known_identity_v<cohort::plus<>, m5>, std::uint8_t{0});
  expect_broadcast(known_identity_v<cohort::minimum<m5>, m5>, std::uint8_t{0xFF});

  using d2 = marray<double, 2>;
  static_assert(!has_known_identity_v<cohort::bit_xor<d2>, d2>);
  expect_broadcast(known_identity_v<cohort::multiplies<d2>, d2>, 1.0);
  EXPECT_TRUE(std::isinf((known_identity_v<cohort::maximum<>, d2>[1])));

  using mb = marray<bool, 3>;
  expect_broadcast(known_identity_v<cohort::logical_and<>, mb>, true);
  expect_broadcast(known_identity_v<cohort::logical_or<mb>, mb>, false);
  expect_broadcast(known_identity_v<std::logical_or<mb>, mb>, false);
}

}  // namespace
