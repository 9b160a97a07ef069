// SPDX-License-Identifier: MIT
#pragma once
// The inputs of the device-wide algorithm benchmarks and their exact expected results,
// shared by cohort-bench (bench/algorithm_*.cpp) and cohort-bench-cuda
// (bench/cuda/algorithm_*.cu), so that both suites measure the same data. Host code only.
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <vector>

namespace kernels {
// Internal linkage, as when these functions stood in the benchmarks' own files.
namespace {

// ---- copy_if, histogram_even, segmented_reduce (algorithm_select) -----------------------

/// A pseudo-random int32 for index i (a hash of i).
inline std::int32_t random_int32(std::size_t i) {
  std::uint64_t x = i + 0x9e3779b97f4a7c15ull;
  x ^= x >> 31;
  x *= 0xbf58476d1ce4e5b9ull;
  x ^= x >> 29;
  return static_cast<std::int32_t>(x >> 32);
}

/// histogram_even's bin of sample `s` for `bins` equal bins over [lower, upper), with the
/// exact integer arithmetic the algorithm uses; false for a sample outside.
inline bool histogram_bin(std::int32_t s, std::int32_t lower, std::int32_t upper, std::size_t bins,
                          std::size_t& bin) {
  if (s < lower || s >= upper) return false;
  const auto offset = static_cast<std::uint64_t>(static_cast<std::int64_t>(s) - lower);
  const auto width = static_cast<std::uint64_t>(static_cast<std::int64_t>(upper) - lower);
  bin = static_cast<std::size_t>(offset * bins / width);
  return true;
}

/// The histogram of the `n` samples at `samples`.
inline std::vector<std::int32_t> expected_histogram(const std::int32_t* samples, std::size_t n, std::int32_t lower,
                                                    std::int32_t upper, std::size_t bins) {
  std::vector<std::int32_t> h(bins, 0);
  for (std::size_t i = 0; i < n; ++i) {
    std::size_t b;
    if (histogram_bin(samples[i], lower, upper, bins, b)) ++h[b];
  }
  return h;
}

/// segmented_reduce's values: 0 .. 999 and their negatives, so int32 sums stay exact.
inline std::int32_t segment_value(std::size_t i) { return random_int32(i) % 1000; }

/// Where segment s of `segments` equal segments of n elements begins (s = segments: n).
inline std::size_t segment_begin(std::size_t n, std::size_t segments, std::size_t s) { return n * s / segments; }

/// Each segment's sum: segment s is [offsets[s], offsets[s + 1]).
template <typename Offset>
std::vector<std::int32_t> expected_segment_sums(const std::int32_t* values, const Offset* offsets,
                                                std::size_t segments) {
  std::vector<std::int32_t> sums(segments, 0);
  for (std::size_t s = 0; s < segments; ++s)
    for (Offset i = offsets[s]; i < offsets[s + 1]; ++i) sums[s] += values[static_cast<std::size_t>(i)];
  return sums;
}

// ---- min_element (algorithm_reduce) -------------------------------------------------------

/// 1 .. 1000 in a scrambled order.
inline std::size_t scrambled_1_to_1000(std::size_t i) { return (i * 2654435761u) % 1000 + 1; }

/// Where an input of n >= 4 elements holds its minimum: three places from the middle on, so
/// that a wrong tie rule shows; the first of them, n / 2, is the expected index.
inline bool holds_minimum(std::size_t i, std::size_t n) {
  return n >= 4 && (i == n / 2 || i == n / 2 + 1 || i == n - 1);
}

// ---- radix_sort (algorithm_sort) ----------------------------------------------------------

/// splitmix64's finaliser.
inline std::uint64_t mix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

/// Key i of the sorts' inputs: random bits for integers; for floating point, multiples of
/// 1/2 in [-500000, 500000].
template <typename Key>
Key random_key(std::size_t i) {
  if constexpr (std::is_floating_point_v<Key>)
    return static_cast<Key>(static_cast<double>(mix(i) % 2000001) - 1000000.0) * Key(0.5);
  else
    return static_cast<Key>(mix(i));
}

}  // namespace
}  // namespace kernels
