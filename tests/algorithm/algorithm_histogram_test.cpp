// SPDX-License-Identifier: MIT
// histogram_even against a host histogram whose bins are computed on their own here:
// floating point as CUB does ((sample - lower) * (bins / (upper - lower)), rounded in the
// samples' type, floored, the last bin for a product that rounds up to `bins`), integers
// exactly in 128-bit arithmetic. The samples include the edge cases: exactly `lower`, just
// below `upper`, `upper` itself (not counted), outside the range, NaN and infinities. Each
// device also runs the other device kind's strategy, and the GPU strategy's global-atomic
// path (more bins than it keeps in local memory).
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include <gtest/gtest.h>

#include <cohort/algorithm/histogram.hpp>
#include <cohort/cohort.hpp>

#include "support/devices.hpp"
#include "support/expect_errc.hpp"
#include "support/shared_array.hpp"

namespace {

using cohort_test::expect_errc;
using cohort_test::shared_array;
using strategy = cohort::detail::histogram_strategy;

template <typename T, typename Counter>
std::vector<Counter> reference_histogram(const std::vector<T>& samples, std::size_t bins, T lower, T upper) {
  std::vector<Counter> h(bins, Counter(0));
  for (const T& s : samples) {
    if (!(s >= lower) || !(s < upper)) continue;
    std::size_t b;
    if constexpr (std::is_floating_point_v<T>) {
      const T per_unit = static_cast<T>(static_cast<T>(bins) / static_cast<T>(upper - lower));
      const T position = static_cast<T>(s - lower) * per_unit;
      b = static_cast<std::size_t>(std::floor(position));
      if (b >= bins) b = bins - 1;
    } else {
      const __int128 offset = static_cast<__int128>(s) - static_cast<__int128>(lower);
      const __int128 width = static_cast<__int128>(upper) - static_cast<__int128>(lower);
      b = static_cast<std::size_t>(offset * static_cast<__int128>(bins) / width);
    }
    h[b] += Counter(1);
  }
  return h;
}

/// n samples: mostly uniform over a range a little wider than [lower, upper), with the
/// edge cases spread through them.
template <typename T>
std::vector<T> make_samples(std::size_t n, T lower, T upper, unsigned seed) {
  std::mt19937_64 rng(seed);
  std::vector<T> v(n);
  std::vector<T> edges{lower, upper};
  if constexpr (std::is_floating_point_v<T>) {
    const T width = upper - lower;
    std::uniform_real_distribution<double> d(static_cast<double>(lower - width / 8),
                                             static_cast<double>(upper + width / 8));
    for (auto& x : v) x = static_cast<T>(d(rng));
    edges.push_back(std::nextafter(upper, lower));
    edges.push_back(std::nextafter(lower, upper));
    edges.push_back(std::nextafter(lower, upper - width * 2));
    edges.push_back(std::numeric_limits<T>::quiet_NaN());
    edges.push_back(std::numeric_limits<T>::infinity());
    edges.push_back(-std::numeric_limits<T>::infinity());
  } else {
    const __int128 margin = (static_cast<__int128>(upper) - static_cast<__int128>(lower)) / 8;
    const __int128 smallest = std::numeric_limits<T>::min(), largest = std::numeric_limits<T>::max();
    const __int128 low = lower - margin, high = upper + margin;
    std::uniform_int_distribution<T> d(static_cast<T>(low < smallest ? smallest : low),
                                       static_cast<T>(high > largest ? largest : high));
    for (auto& x : v) x = d(rng);
    edges.push_back(static_cast<T>(upper - 1));
    edges.push_back(static_cast<T>(lower + 1));
    if (lower > std::numeric_limits<T>::min()) edges.push_back(static_cast<T>(lower - 1));
    edges.push_back(std::numeric_limits<T>::max());
    edges.push_back(std::numeric_limits<T>::min());
  }
  for (std::size_t k = 0; k < edges.size() && n > 0; ++k) v[(k * 7919) % n] = edges[k];
  return v;
}

template <typename T, typename Counter = std::int32_t>
void check_histogram(cohort::queue& q, std::size_t n, std::size_t bins, T lower, T upper, strategy how,
                     unsigned seed = 1) {
  SCOPED_TRACE(std::string("n = ") + std::to_string(n) + ", bins = " + std::to_string(bins) +
               ", lower = " + std::to_string(lower) + ", upper = " + std::to_string(upper));
  const std::vector<T> host = make_samples<T>(n, lower, upper, seed);
  shared_array<T> samples(host, q);
  shared_array<Counter> histogram(bins + 1, q, Counter(77));  // starts dirty: it must be overwritten
  cohort::detail::histogram_even(q, cohort::storage_of(q), samples.data(), n, histogram.data(), bins, lower, upper, {},
                                 how)
      .wait_and_throw();
  const std::vector<Counter> expected = reference_histogram<T, Counter>(host, bins, lower, upper);
  for (std::size_t b = 0; b < bins; ++b) ASSERT_EQ(histogram[b], expected[b]) << "bin " << b;
  EXPECT_EQ(histogram[bins], Counter(77)) << "written past the last bin";
}

constexpr std::size_t gpu_tile =
    cohort::histogram_tuning_gpu::group_size * cohort::histogram_tuning_gpu::samples_per_step;

template <typename T>
void all_sizes_and_bins(cohort::queue& q, T lower, T upper, strategy how, std::size_t large) {
  for (std::size_t n : {std::size_t{0}, std::size_t{1}, gpu_tile - 1, gpu_tile, gpu_tile + 1, large})
    for (std::size_t bins : {1, 7, 256, 1000}) check_histogram<T>(q, n, bins, lower, upper, how);
}

class HistogramEven : public cohort_test::on_device {};

TEST_P(HistogramEven, IntegerSamples) {
  all_sizes_and_bins<std::int32_t>(q, -1000, 2001, strategy::device_default, 1'000'003);
  all_sizes_and_bins<std::uint32_t>(q, 5, 100'000, strategy::device_default, 1'000'003);
  all_sizes_and_bins<std::int64_t>(q, -(std::int64_t{1} << 40), std::int64_t{3} << 38, strategy::device_default,
                                   100'003);
  // The whole int32 range: (sample - lower) does not fit in int32.
  check_histogram<std::int32_t>(q, 100'003, 1000, std::numeric_limits<std::int32_t>::min(),
                                std::numeric_limits<std::int32_t>::max(), strategy::device_default);
  check_histogram<std::int32_t, unsigned long long>(q, 100'003, 256, 0, 256, strategy::device_default);
}

TEST_P(HistogramEven, FloatingPointSamples) {
  all_sizes_and_bins<float>(q, -1.5f, 2.25f, strategy::device_default, 1'000'003);
  all_sizes_and_bins<double>(q, 0.1, 0.7, strategy::device_default, 100'003);
  // Widths that are not exact in binary.
  check_histogram<float>(q, 100'003, 3, 0.1f, 0.7f, strategy::device_default);
  check_histogram<double>(q, 100'003, 999, -1e-3, 1e-3, strategy::device_default);
}

TEST_P(HistogramEven, OtherDeviceKindsStrategy) {
  const strategy other = q.get_device().is_cpu() ? strategy::gpu : strategy::cpu;
  all_sizes_and_bins<std::int32_t>(q, -1000, 2001, other, 100'003);
  all_sizes_and_bins<float>(q, -1.5f, 2.25f, other, 100'003);
  check_histogram<double>(q, 30'011, 1000, 0.1, 0.7, other);
  check_histogram<std::int64_t, unsigned long long>(q, 30'011, 100, -7, 1'000'000'007, other);
}

TEST_P(HistogramEven, MoreBinsThanLocalMemoryHolds) {
  const std::size_t bins = cohort::detail::histogram_local_bins(q) + 3;
  for (strategy how : {strategy::gpu, strategy::cpu}) {
    check_histogram<std::int32_t>(q, 300'007, bins, -5, static_cast<std::int32_t>(bins * 3 + 1), how);
    check_histogram<float>(q, 300'007, bins, 0.0f, 1.0f, how);
  }
}

struct fill_ramp {
  std::int32_t* x;
  COHORT_FUNCTION void operator()(cohort::id<1> i) const { x[i[0]] = static_cast<std::int32_t>(i[0] % 1000); }
};

TEST_P(HistogramEven, WaitsForItsDependencies) {
  const std::size_t n = 500'000;
  shared_array<std::int32_t> samples(n, q, -1);
  shared_array<std::int32_t> histogram(10, q, 5);
  cohort::event filled = q.parallel_for(cohort::range<1>{n}, fill_ramp{samples.data()});
  cohort::histogram_even(q, samples.data(), n, histogram.data(), 10, 0, 1000, {filled}).wait_and_throw();
  for (std::size_t b = 0; b < 10; ++b) EXPECT_EQ(histogram[b], static_cast<std::int32_t>(n / 10)) << "bin " << b;
}

TEST_P(HistogramEven, OwnStorageReusedInALoop) {
  cohort::temporary_storage storage(q);
  const std::size_t n = 200'003;
  const std::vector<std::int32_t> host = make_samples<std::int32_t>(n, 0, 4096, 3);
  shared_array<std::int32_t> samples(host, q);
  shared_array<std::int32_t> histogram(256, q);
  std::size_t capacity = 0;
  for (int round = 0; round < 5; ++round) {
    const std::size_t m = n - static_cast<std::size_t>(round) * 777;
    cohort::histogram_even(q, storage, samples.data(), m, histogram.data(), 256, 0, 4096).wait_and_throw();
    if (round == 0) capacity = storage.capacity();
    EXPECT_EQ(storage.capacity(), capacity);
    const std::vector<std::int32_t> expected =
        reference_histogram<std::int32_t, std::int32_t>(std::vector<std::int32_t>(host.begin(), host.begin() + m),
                                                        256, 0, 4096);
    for (std::size_t b = 0; b < 256; ++b) ASSERT_EQ(histogram[b], expected[b]) << "round " << round << ", bin " << b;
  }
}

TEST_P(HistogramEven, BadArguments) {
  shared_array<float> samples(100, q, 0.5f);
  shared_array<std::int32_t> histogram(10, q);
  const float* no_samples = nullptr;
  std::int32_t* no_histogram = nullptr;
  auto call = [&](const float* s, std::size_t n, std::int32_t* h, std::size_t bins, float lo, float hi) {
    cohort::histogram_even(q, s, n, h, bins, lo, hi).wait_and_throw();
  };
  expect_errc([&] { call(samples.data(), 100, histogram.data(), 0, 0.0f, 1.0f); }, cohort::errc::invalid);
  expect_errc([&] { call(samples.data(), 100, histogram.data(), 10, 1.0f, 1.0f); }, cohort::errc::invalid);
  expect_errc([&] { call(samples.data(), 100, histogram.data(), 10, 2.0f, 1.0f); }, cohort::errc::invalid);
  expect_errc([&] { call(samples.data(), 100, histogram.data(), 10, std::nanf(""), 1.0f); }, cohort::errc::invalid);
  expect_errc([&] { call(no_samples, 100, histogram.data(), 10, 0.0f, 1.0f); }, cohort::errc::invalid);
  expect_errc([&] { call(samples.data(), 100, no_histogram, 10, 0.0f, 1.0f); }, cohort::errc::invalid);
  expect_errc(
      [&] {
        cohort::histogram_even(q, histogram.data(), 10, histogram.data() + 5, 5, 0, 10).wait_and_throw();
      },
      cohort::errc::invalid);
  expect_errc(
      [&] {
        shared_array<std::int64_t> wide(4, q);
        shared_array<std::int32_t> h(4, q);
        cohort::histogram_even(q, wide.data(), 4, h.data(), 4, std::numeric_limits<std::int64_t>::min(),
                               std::numeric_limits<std::int64_t>::max());
      },
      cohort::errc::invalid);
  // No samples: the histogram is still zeroed.
  call(no_samples, 0, histogram.data(), 10, 0.0f, 1.0f);
  for (std::size_t b = 0; b < 10; ++b) EXPECT_EQ(histogram[b], 0);
}

COHORT_INSTANTIATE_ON_ALL_DEVICES(HistogramEven);

}  // namespace
