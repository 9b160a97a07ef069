// SPDX-License-Identifier: MIT
// cohort::radix_sort against std::stable_sort of the same keys (and of (key, index) pairs
// for stability) under CUB's key order: -0.0 equal to +0.0, NaNs by their bits.
// The GPU strategy also runs on the CPU (through detail::radix_sort_gpu), so its ranking
// and look-back are checked without a GPU.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <numeric>
#include <random>
#include <type_traits>
#include <vector>

#include <gtest/gtest.h>

#include <cohort/algorithm/radix_sort.hpp>
#include <cohort/cohort.hpp>

#include "support/devices.hpp"
#include "support/expect_errc.hpp"
#include "support/shared_array.hpp"

namespace {

using cohort_test::shared_array;

using gpu_shape = cohort::detail::radix_sort_tuning_gpu::shape<std::uint32_t, void>;  // 32-bit keys, keys only
constexpr std::size_t gpu_tile = gpu_shape::group * gpu_shape::items;
/// The default shape (radix_sort_gpu's Shape = void), as a value to pass around.
struct void_shape {};
/// A pass kernel with more work-items than digits (those past the radix stand for none).
using wide_shape = cohort::detail::tile_shape<384, 3>;

/// The order radix_sort promises, as a strict weak order for std::stable_sort: the
/// transformed bits of radix_sort_keys.hpp in [begin, end).
template <typename Key>
struct cub_order {
  bool descending = false;
  int begin_bit = 0, end_bit = sizeof(Key) * 8;
  auto bits(Key k) const {
    auto b = cohort::detail::radix_key<Key>::ordered(k);
    if (descending) b = ~b;
    using B = decltype(b);
    b >>= begin_bit;
    const int width = end_bit - begin_bit;
    if (width < static_cast<int>(sizeof(B) * 8)) b &= (B{1} << width) - 1;
    return b;
  }
  bool operator()(Key a, Key b) const { return bits(a) < bits(b); }
};

template <typename Key>
std::vector<Key> random_keys(std::size_t n, unsigned seed) {
  std::mt19937_64 rng(seed);
  std::vector<Key> v(n);
  for (auto& x : v) {
    if constexpr (std::is_floating_point_v<Key>)
      x = static_cast<Key>(std::uniform_real_distribution<double>(-1e6, 1e6)(rng));
    else
      x = static_cast<Key>(rng());
  }
  return v;
}

/// Bitwise equality (NaNs and signed zeros compare by their bits).
template <typename T>
::testing::AssertionResult same_bits(const std::vector<T>& expected, const T* got, const char* what) {
  for (std::size_t i = 0; i < expected.size(); ++i)
    if (std::memcmp(&expected[i], &got[i], sizeof(T)) != 0)
      return ::testing::AssertionFailure() << what << "[" << i << "] = " << got[i] << ", expected " << expected[i]
                                           << " (n = " << expected.size() << ")";
  return ::testing::AssertionSuccess();
}

/// Sorts `input` with radix_sort (keys only, and as pairs with the input indices) and
/// checks both against std::stable_sort.
template <typename Key>
void check_sort(cohort::queue& q, const std::vector<Key>& input, cub_order<Key> order = {}) {
  const std::size_t n = input.size();
  const cohort::radix_sort_options options{order.descending, order.begin_bit,
                                           order.end_bit == static_cast<int>(sizeof(Key) * 8) ? -1 : order.end_bit};
  std::vector<Key> expected_keys = input;
  std::stable_sort(expected_keys.begin(), expected_keys.end(), order);
  std::vector<std::uint32_t> index(n);
  std::iota(index.begin(), index.end(), 0u);
  std::stable_sort(index.begin(), index.end(), [&](std::uint32_t a, std::uint32_t b) { return order(input[a], input[b]); });
  std::vector<Key> expected_pair_keys(n);
  for (std::size_t i = 0; i < n; ++i) expected_pair_keys[i] = input[index[i]];

  shared_array<Key> keys(input, q);
  cohort::radix_sort(q, keys.data(), n, options).wait_and_throw();
  EXPECT_TRUE(same_bits(expected_keys, keys.data(), "keys"));

  shared_array<Key> pair_keys(input, q);
  std::vector<std::uint32_t> iota(n);
  std::iota(iota.begin(), iota.end(), 0u);
  shared_array<std::uint32_t> values(iota, q);
  cohort::radix_sort(q, pair_keys.data(), values.data(), n, options).wait_and_throw();
  EXPECT_TRUE(same_bits(expected_pair_keys, pair_keys.data(), "pair keys"));
  EXPECT_TRUE(same_bits(index, values.data(), "values"));
}

class RadixSort : public cohort_test::on_device {};

TEST_P(RadixSort, SizesAroundTilesUint32) {
  // Past small_input too: 32-bit pairs take another tile shape below it.
  static_assert(std::size_t{1'100'003} > cohort::detail::radix_sort_tuning_gpu::small_input);
  for (std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{2}, gpu_tile - 1, gpu_tile, gpu_tile + 1,
                        std::size_t{1'100'003}})
    check_sort(q, random_keys<std::uint32_t>(n, static_cast<unsigned>(n)));
}

TEST_P(RadixSort, SignedAndWideIntegers) {
  check_sort(q, random_keys<std::int32_t>(100'003, 1));
  check_sort(q, random_keys<std::uint64_t>(100'003, 2));
  check_sort(q, random_keys<std::int64_t>(100'003, 3));
  // Small magnitudes of both signs: most high bytes are 0x00 or 0xff.
  std::vector<std::int64_t> small(50'001);
  for (std::size_t i = 0; i < small.size(); ++i) small[i] = static_cast<std::int64_t>(i * 7919 % 2001) - 1000;
  check_sort(q, small);
}

template <typename F>
std::vector<F> floats_with_specials(std::size_t n, unsigned seed) {
  std::vector<F> v = random_keys<F>(n, seed);
  using lim = std::numeric_limits<F>;
  const F specials[] = {F(-0.0), F(0.0), -lim::infinity(), lim::infinity(), lim::quiet_NaN(), -lim::quiet_NaN(),
                        lim::denorm_min(), -lim::denorm_min(), lim::min(), -lim::min(), lim::max(), lim::lowest()};
  for (std::size_t i = 0; i < v.size(); i += 7) v[i] = specials[(i / 7) % std::size(specials)];
  return v;
}

TEST_P(RadixSort, FloatingPoint) {
  check_sort(q, floats_with_specials<float>(100'003, 4));
  check_sort(q, floats_with_specials<double>(100'003, 5));
}

TEST_P(RadixSort, ZerosAreEqualAndNaNsSortByBits) {
  using lim = std::numeric_limits<float>;
  const std::vector<float> input{0.0f, -0.0f, lim::quiet_NaN(), -1.0f, -lim::quiet_NaN(), -0.0f, lim::infinity(),
                                 0.0f, -lim::infinity(), 1.0f};
  shared_array<float> keys(input, q);
  cohort::radix_sort(q, keys.data(), input.size()).wait_and_throw();
  // -NaN first, +NaN last; the zeros in their input order.
  EXPECT_TRUE(std::isnan(keys[0]) && std::signbit(keys[0]));
  EXPECT_EQ(keys[1], -lim::infinity());
  EXPECT_EQ(keys[2], -1.0f);
  const bool zero_signs[] = {false, true, true, false};
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(keys[3 + i], 0.0f);
    EXPECT_EQ(std::signbit(keys[3 + i]), zero_signs[i]) << i;
  }
  EXPECT_EQ(keys[7], 1.0f);
  EXPECT_EQ(keys[8], lim::infinity());
  EXPECT_TRUE(std::isnan(keys[9]) && !std::signbit(keys[9]));
}

TEST_P(RadixSort, DuplicatesAllEqualAndFewDigits) {
  std::vector<std::uint32_t> few(200'001);
  for (std::size_t i = 0; i < few.size(); ++i) few[i] = static_cast<std::uint32_t>((i * 2654435761u) % 5);
  check_sort(q, few);
  check_sort(q, std::vector<std::int32_t>(70'001, -42));
  check_sort(q, std::vector<double>(gpu_tile + 1, 2.5));
}

TEST_P(RadixSort, DescendingAndBitRange) {
  const auto keys = random_keys<std::uint32_t>(100'003, 6);
  check_sort(q, keys, cub_order<std::uint32_t>{true, 0, 32});
  check_sort(q, keys, cub_order<std::uint32_t>{false, 4, 20});
  check_sort(q, keys, cub_order<std::uint32_t>{true, 8, 13});
  check_sort(q, random_keys<float>(30'001, 7), cub_order<float>{true, 0, 32});
  check_sort(q, random_keys<std::int64_t>(30'001, 8), cub_order<std::int64_t>{false, 16, 61});
}

TEST_P(RadixSort, DependsOnAndStorageReuse) {
  const std::size_t n = 50'001;
  const auto input = random_keys<std::uint32_t>(n, 9);
  std::vector<std::uint32_t> expected = input;
  std::sort(expected.begin(), expected.end());
  shared_array<std::uint32_t> keys(n, q);
  cohort::temporary_storage storage(q);
  for (int round = 0; round < 3; ++round) {
    // The sort must wait for the copy that fills the keys.
    cohort::event filled = q.memcpy(keys.data(), input.data(), n * sizeof(std::uint32_t));
    cohort::event sorted = cohort::radix_sort(q, storage, keys.data(), n, {filled});
    sorted.wait_and_throw();
    EXPECT_TRUE(same_bits(expected, keys.data(), "keys")) << "round " << round;
  }
  EXPECT_GT(storage.capacity(), 0u);
}

TEST_P(RadixSort, Errors) {
  shared_array<std::uint32_t> keys(16, q), values(16, q);
  using cohort::errc;
  cohort_test::expect_errc([&] { cohort::radix_sort(q, static_cast<std::uint32_t*>(nullptr), 4); }, errc::invalid);
  cohort_test::expect_errc([&] { cohort::radix_sort(q, keys.data(), static_cast<int*>(nullptr), 4); }, errc::invalid);
  cohort_test::expect_errc([&] { cohort::radix_sort(q, keys.data(), keys.data(), 16); }, errc::invalid);
  cohort_test::expect_errc([&] { cohort::radix_sort(q, keys.data(), keys.data() + 4, 8); }, errc::invalid);
  // Adjacent arrays do not overlap.
  cohort::radix_sort(q, keys.data(), keys.data() + 8, 8).wait_and_throw();
  cohort_test::expect_errc([&] { cohort::radix_sort(q, keys.data(), 16, cohort::radix_sort_options{false, 0, 33}); },
                           errc::invalid);
  cohort_test::expect_errc([&] { cohort::radix_sort(q, keys.data(), 16, cohort::radix_sort_options{false, -1, 8}); },
                           errc::invalid);
  cohort_test::expect_errc([&] { cohort::radix_sort(q, keys.data(), 16, cohort::radix_sort_options{false, 9, 8}); },
                           errc::invalid);
  // A null pointer with nothing to sort is fine.
  cohort::radix_sort(q, static_cast<float*>(nullptr), 0).wait_and_throw();
}

/// The GPU strategy on whatever device runs the test (on the CPU: fibers and sub-groups of
/// 32), for its ranking, look-back and partial tiles.
TEST_P(RadixSort, GpuStrategy) {
  auto run = [&](auto input, bool pairs, auto shape) {
    using Shape = std::conditional_t<std::is_same_v<decltype(shape), void_shape>, void, decltype(shape)>;
    using Key = typename decltype(input)::value_type;
    const std::size_t n = input.size();
    std::vector<std::uint32_t> index(n);
    std::iota(index.begin(), index.end(), 0u);
    std::stable_sort(index.begin(), index.end(), [&](std::uint32_t a, std::uint32_t b) { return cub_order<Key>{}(input[a], input[b]); });
    std::vector<Key> expected(n);
    for (std::size_t i = 0; i < n; ++i) expected[i] = input[index[i]];
    shared_array<Key> keys(input, q);
    shared_array<std::uint32_t> values(n, q);
    for (std::size_t i = 0; i < n; ++i) values[i] = static_cast<std::uint32_t>(i);
    const cohort::detail::radix_digits<Key> digits{0, 0, static_cast<int>(sizeof(Key) * 8),
                                                   cohort::detail::radix_sort_tuning_gpu::digit_bits};
    if (pairs)
      cohort::detail::radix_sort_gpu<Shape>(q, cohort::storage_of(q), keys.data(), values.data(), n, digits, {})
          .wait_and_throw();
    else
      cohort::detail::radix_sort_gpu<Shape>(q, cohort::storage_of(q), keys.data(), static_cast<void*>(nullptr), n,
                                            digits, {})
          .wait_and_throw();
    EXPECT_TRUE(same_bits(expected, keys.data(), "keys"))
        << "n = " << n << (pairs ? " (pairs)" : "") << (std::is_void_v<Shape> ? "" : ", the wide shape");
    if (pairs) {
      EXPECT_TRUE(same_bits(index, values.data(), "values")) << "n = " << n;
    }
  };
  for (std::size_t n : {gpu_tile - 1, gpu_tile, 3 * gpu_tile + 5}) {
    run(random_keys<std::uint32_t>(n, 10), false, void_shape{});
    run(random_keys<std::uint32_t>(n, 11), true, void_shape{});
  }
  std::vector<std::uint32_t> few(2 * gpu_tile + 3);
  for (std::size_t i = 0; i < few.size(); ++i) few[i] = static_cast<std::uint32_t>(i * 40503u % 3) << 9;
  run(few, true, void_shape{});
  run(floats_with_specials<double>(gpu_tile + 7, 12), true, void_shape{});
  constexpr std::size_t wide_tile = wide_shape::group * wide_shape::items;
  for (std::size_t n : {wide_tile - 1, 5 * wide_tile + 3}) {
    run(random_keys<std::uint32_t>(n, 13), false, wide_shape{});
    run(random_keys<std::uint64_t>(n, 14), true, wide_shape{});
  }
}

COHORT_INSTANTIATE_ON_ALL_DEVICES(RadixSort);

}  // namespace
