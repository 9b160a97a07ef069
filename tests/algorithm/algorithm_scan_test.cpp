// SPDX-License-Identifier: MIT
// Device-wide scans (algorithm/scan.hpp) against sequential host loops: the four public
// functions with and without init, in place, with transforms, at sizes around the
// strategy's tile or chunk and large odd ones; integer and floating types (integer-valued,
// so every result is exact), unsigned products that wrap, maximum, and non-commutative
// operators (affine maps: an operand-order mistake anywhere changes the result). The GPU
// strategy (single pass, decoupled look-back) also runs with small tiles on every device,
// so thousands of tiles exercise the look-back at small sizes, and on the CPU with
// sub-groups of 1 and 32 (the look-back window's width).
#include <cohort/algorithm/copy_if.hpp>
#include <cohort/algorithm/scan.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "support/devices.hpp"
#include "support/expect_errc.hpp"
#include "support/shared_array.hpp"

namespace {

using cohort_test::shared_array;

/// x -> (a * x + b) mod 2^32, composed left to right: (f then g)(x) = g(f(x)).
struct affine32 {
  std::uint32_t a, b;
  friend bool operator==(const affine32&, const affine32&) = default;
};
struct compose32 {
  COHORT_INLINE affine32 operator()(const affine32& f, const affine32& g) const {
    return {f.a * g.a, f.b * g.a + g.b};
  }
};
/// The same on 16-bit parts: a 4-byte accumulator (the GPU's packed tile status).
struct affine16 {
  std::uint16_t a, b;
  friend bool operator==(const affine16&, const affine16&) = default;
};
struct compose16 {
  COHORT_INLINE affine16 operator()(const affine16& f, const affine16& g) const {
    return {static_cast<std::uint16_t>(static_cast<std::uint32_t>(f.a) * g.a),
            static_cast<std::uint16_t>(static_cast<std::uint32_t>(f.b) * g.a + g.b)};
  }
};

/// The same on 64-bit parts: a 16-byte accumulator (the GPU's separate status and values).
struct affine64 {
  std::uint64_t a, b;
  friend bool operator==(const affine64&, const affine64&) = default;
};
struct compose64 {
  COHORT_INLINE affine64 operator()(const affine64& f, const affine64& g) const {
    return {f.a * g.a, f.b * g.a + g.b};
  }
};

std::ostream& operator<<(std::ostream& o, const affine64& f) { return o << "(" << f.a << ", " << f.b << ")"; }
std::ostream& operator<<(std::ostream& o, const affine32& f) { return o << "(" << f.a << ", " << f.b << ")"; }
std::ostream& operator<<(std::ostream& o, const affine16& f) { return o << "(" << f.a << ", " << f.b << ")"; }

std::uint32_t mix(std::size_t i) {
  std::uint64_t z = i * 0x9E3779B97F4A7C15ull + 0x632BE59BD9B4E5ull;
  z = (z ^ (z >> 31)) * 0xBF58476D1CE4E5B9ull;
  return static_cast<std::uint32_t>(z ^ (z >> 29));
}

/// Element i of the inputs: small integers (signed: -3..3), odd numbers for products,
/// non-trivial affine maps.
template <typename T>
T value_at(std::size_t i) {
  if constexpr (std::is_same_v<T, affine32>)
    return {mix(i) | 1u, mix(i + 7)};
  else if constexpr (std::is_same_v<T, affine64>)
    return {(std::uint64_t{mix(i + 3)} << 32) | mix(i) | 1u, (std::uint64_t{mix(i + 11)} << 32) | mix(i + 7)};
  else if constexpr (std::is_same_v<T, affine16>)
    return {static_cast<std::uint16_t>(mix(i) | 1u), static_cast<std::uint16_t>(mix(i + 7))};
  else if constexpr (std::is_unsigned_v<T>)
    return static_cast<T>(mix(i) % 5);
  else
    return static_cast<T>(static_cast<int>(mix(i) % 7) - 3);
}

template <typename T>
T odd_value_at(std::size_t i) {
  return static_cast<T>(mix(i) | 1u);
}

template <typename T, typename Gen = T (*)(std::size_t)>
std::vector<T> inputs(std::size_t n, Gen gen = &value_at<T>) {
  std::vector<T> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = gen(i);
  return v;
}

/// The sequential scan (out[i] after element i when inclusive, before it when exclusive).
template <typename Acc, typename T, typename Op, typename F = cohort::detail::scan_identity>
std::vector<Acc> host_scan(const std::vector<T>& x, bool inclusive, Op op, std::optional<Acc> init, F f = {}) {
  std::vector<Acc> out(x.size());
  std::optional<Acc> acc = init;
  for (std::size_t i = 0; i < x.size(); ++i) {
    const Acc v = static_cast<Acc>(f(x[i]));
    if (!inclusive) out[i] = *acc;
    acc = acc ? cohort::detail::combine<Acc>(op, *acc, v) : v;
    if (inclusive) out[i] = *acc;
  }
  return out;
}

template <typename T>
void expect_equal(const std::vector<T>& got, const std::vector<T>& expected, const std::string& what) {
  ASSERT_EQ(got.size(), expected.size()) << what;
  for (std::size_t i = 0; i < got.size(); ++i)
    if (!(got[i] == expected[i])) {
      ADD_FAILURE() << what << ": element " << i << " of " << got.size() << " is " << got[i] << ", expected "
                    << expected[i];
      return;
    }
}

/// Where the device's strategy changes shape: the GPU's tile, the CPU's two-pass threshold.
template <typename Acc>
std::size_t tile_of(const cohort::queue& q) {
  if (q.get_device().is_cpu()) return cohort::detail::scan_tuning_cpu::min_chunk * cohort::detail::cpu_chunks(q);
  return cohort::detail::scan_tuning_gpu<Acc>::tile;
}

template <typename Acc>
std::vector<std::size_t> sizes_of(const cohort::queue& q) {
  const std::size_t t = tile_of<Acc>(q);
  std::vector<std::size_t> s{0, 1, 2, 33, t - 1, t, t + 1, 3 * t + 5, 1'000'003};
  if (!q.get_device().is_cpu()) s.push_back(1000 * t + 77);  // > 1000 tiles
  return s;
}

// Transforms (at namespace scope: nvcc launches no kernel templated on a local type).
struct twice_plus_one {
  COHORT_INLINE std::int64_t operator()(std::int32_t x) const { return 2 * static_cast<std::int64_t>(x) + 1; }
};
struct negate {
  COHORT_INLINE double operator()(double x) const { return -x; }
};

class ScanTest : public cohort_test::on_device {
protected:
  /// Every form of the public API on T with `op` against host loops.
  template <typename T, typename Op>
  void check_all_forms(Op op, T init, T (*gen)(std::size_t) = &value_at<T>) {
    for (std::size_t n : sizes_of<T>(q)) {
      const std::string at = " (n = " + std::to_string(n) + ")";
      const std::vector<T> x = inputs<T>(n, gen);
      shared_array<T> in(x, q), out(n, q);
      cohort::inclusive_scan(q, in.begin(), in.end(), out.data(), op).wait_and_throw();
      expect_equal(out.to_vector(), host_scan<T>(x, true, op, std::nullopt), "inclusive_scan" + at);
      cohort::inclusive_scan(q, in.begin(), in.end(), out.data(), op, init).wait_and_throw();
      expect_equal(out.to_vector(), host_scan<T>(x, true, op, init), "inclusive_scan with init" + at);
      cohort::exclusive_scan(q, in.begin(), in.end(), out.data(), init, op).wait_and_throw();
      expect_equal(out.to_vector(), host_scan<T>(x, false, op, init), "exclusive_scan" + at);
      // In place.
      cohort::exclusive_scan(q, in.begin(), in.end(), in.data(), init, op).wait_and_throw();
      expect_equal(in.to_vector(), host_scan<T>(x, false, op, init), "exclusive_scan in place" + at);
      in.fill(T{});
      std::copy(x.begin(), x.end(), in.begin());
      cohort::inclusive_scan(q, in.begin(), in.end(), in.data(), op).wait_and_throw();
      expect_equal(in.to_vector(), host_scan<T>(x, true, op, std::nullopt), "inclusive_scan in place" + at);
    }
  }
};

TEST_P(ScanTest, SumsOfEachType) {
  check_all_forms<std::int32_t>(cohort::plus<>(), 5);
  check_all_forms<std::uint32_t>(cohort::plus<std::uint32_t>(), 5u);
  check_all_forms<std::int64_t>(cohort::plus<>(), std::int64_t{-5});
  check_all_forms<float>(cohort::plus<float>(), 2.0f);
  check_all_forms<double>(cohort::plus<>(), -2.0);
}

TEST_P(ScanTest, WrappingProductsAndMaximum) {
  check_all_forms<std::uint32_t>(cohort::multiplies<>(), 3u, &odd_value_at<std::uint32_t>);
  check_all_forms<std::int32_t>(cohort::maximum<>(), -100);
}

TEST_P(ScanTest, NonCommutativeOperators) {
  check_all_forms<affine32>(compose32{}, affine32{3, 1});
  check_all_forms<affine16>(compose16{}, affine16{5, 2});
}

TEST_P(ScanTest, TransformScans) {
  for (std::size_t n : sizes_of<std::int64_t>(q)) {
    const std::string at = " (n = " + std::to_string(n) + ")";
    const std::vector<std::int32_t> x = inputs<std::int32_t>(n);
    shared_array<std::int32_t> in(x, q);
    shared_array<std::int64_t> out(n, q);
    const twice_plus_one f;
    cohort::transform_inclusive_scan(q, in.begin(), in.end(), out.data(), cohort::plus<>(), f).wait_and_throw();
    expect_equal(out.to_vector(), host_scan<std::int64_t>(x, true, cohort::plus<>(), std::nullopt, f),
                 "transform_inclusive_scan" + at);
    cohort::transform_inclusive_scan(q, in.begin(), in.end(), out.data(), cohort::plus<>(), f, std::int64_t{7})
        .wait_and_throw();
    expect_equal(out.to_vector(), host_scan<std::int64_t>(x, true, cohort::plus<>(), std::int64_t{7}, f),
                 "transform_inclusive_scan with init" + at);
    cohort::transform_exclusive_scan(q, in.begin(), in.end(), out.data(), std::int64_t{-7}, cohort::plus<>(), f)
        .wait_and_throw();
    expect_equal(out.to_vector(), host_scan<std::int64_t>(x, false, cohort::plus<>(), std::int64_t{-7}, f),
                 "transform_exclusive_scan" + at);
  }
}

TEST_P(ScanTest, TransformInPlace) {
  const std::size_t n = 1'000'003;
  const std::vector<double> x = inputs<double>(n);
  shared_array<double> inout(x, q);
  cohort::transform_exclusive_scan(q, inout.begin(), inout.end(), inout.data(), 1.0, cohort::plus<>(), negate{})
      .wait_and_throw();
  expect_equal(inout.to_vector(), host_scan<double>(x, false, cohort::plus<>(), 1.0, negate{}), "in place");
}

struct fill_kernel {
  std::int32_t* x;
  COHORT_INLINE void operator()(cohort::id<1> i) const { x[i[0]] = static_cast<std::int32_t>(i[0] % 3); }
};

TEST_P(ScanTest, HonoursDependenciesAndReusesStorage) {
  const std::size_t n = 300'007;
  shared_array<std::int32_t> in(n, q, -1), out(n, q);
  std::vector<std::int32_t> x(n);
  for (std::size_t i = 0; i < n; ++i) x[i] = static_cast<std::int32_t>(i % 3);
  cohort::temporary_storage storage(q);
  for (int round = 0; round < 4; ++round) {
    in.fill(-1);
    out.fill(99);
    cohort::event filled = q.parallel_for(cohort::range<1>{n}, fill_kernel{in.data()});
    cohort::event scanned;
    if (round % 2 == 0)
      scanned = cohort::inclusive_scan(q, storage, in.begin(), in.end(), out.data(), cohort::plus<>(), {filled});
    else
      scanned = cohort::exclusive_scan(q, storage, in.begin(), in.end(), out.data(), 0, cohort::plus<>(), {filled});
    scanned.wait_and_throw();
    const std::optional<std::int32_t> init = round % 2 == 0 ? std::nullopt : std::optional<std::int32_t>(0);
    expect_equal(out.to_vector(), host_scan<std::int32_t>(x, round % 2 == 0, cohort::plus<>(), init),
                 "round " + std::to_string(round));
  }
  const std::size_t held = storage.capacity();
  cohort::inclusive_scan(q, storage, in.begin(), in.end(), out.data()).wait_and_throw();
  EXPECT_EQ(storage.capacity(), held);
  // An empty range still waits for its dependencies.
  in.fill(-1);
  cohort::event filled = q.parallel_for(cohort::range<1>{n}, fill_kernel{in.data()});
  cohort::inclusive_scan(q, in.begin(), in.begin(), out.data(), {filled}).wait_and_throw();
  EXPECT_EQ(in[n - 1], static_cast<std::int32_t>((n - 1) % 3));
}

TEST_P(ScanTest, BadInput) {
  shared_array<int> a(100, q), b(100, q);
  int* null = nullptr;
  cohort_test::expect_errc([&] { cohort::inclusive_scan(q, null, null + 10, b.data()); }, cohort::errc::invalid);
  cohort_test::expect_errc([&] { cohort::inclusive_scan(q, a.data(), a.data() + 10, null); }, cohort::errc::invalid);
  cohort_test::expect_errc([&] { cohort::exclusive_scan(q, a.data() + 10, a.data(), b.data(), 0); },
                           cohort::errc::invalid);
  cohort_test::expect_errc([&] { cohort::inclusive_scan(q, a.data(), a.data() + 50, a.data() + 1); },
                           cohort::errc::invalid);
  cohort_test::expect_errc(
      [&] {
        cohort::transform_exclusive_scan(q, a.data() + 3, a.data() + 53, a.data(), 0, cohort::plus<>(),
                                         cohort::detail::scan_identity{});
      },
      cohort::errc::invalid);
  // Adjacent ranges do not overlap; an empty range may be null.
  cohort::inclusive_scan(q, a.data(), a.data() + 50, a.data() + 50).wait_and_throw();
  cohort::inclusive_scan(q, null, null, null).wait_and_throw();
}

/// The single-pass strategy with small tiles (64 x 3), on every device.
template <std::uint32_t SubGroup>
using small_tiles = cohort::detail::scan_single_pass_tuning<64, 3, SubGroup>;

template <typename Tuning, bool Inclusive, typename T, typename Op>
void check_single_pass(cohort::queue& q, Op op, std::optional<T> init, bool in_place, bool many_tiles = false) {
  cohort::temporary_storage storage(q);
  const std::size_t t = Tuning::tile;
  std::vector<std::size_t> sizes{1, 2, t - 1, t, t + 1, 2 * t - 1, 33 * t + 1};
  if (many_tiles) sizes.push_back(1100 * t + 17);
  for (std::size_t n : sizes) {
    const std::vector<T> x = inputs<T>(n);
    shared_array<T> in(x, q), out(n, q);
    T* const dest = in_place ? in.data() : out.data();
    const cohort::detail::scan_identity same;
    if (init)
      cohort::detail::single_pass_scan<Tuning, Inclusive>(q, storage, in.data(), n, dest, op, same,
                                                          cohort::detail::scan_init<T, true>{*init}, {})
          .last.wait_and_throw();
    else if constexpr (Inclusive)  // exclusive scans always have an init
      cohort::detail::single_pass_scan<Tuning, Inclusive>(q, storage, in.data(), n, dest, op, same,
                                                          cohort::detail::scan_init<T, false>{}, {})
          .last.wait_and_throw();
    const std::vector<T> got = in_place ? in.to_vector() : out.to_vector();
    expect_equal(got, host_scan<T>(x, Inclusive, op, init),
                 std::string(Inclusive ? "inclusive" : "exclusive") + (init ? " with init" : "") +
                     (in_place ? " in place" : "") + " (n = " + std::to_string(n) + ", sub-group " +
                     std::to_string(Tuning::sub_group_size) + ")");
  }
}

template <typename Tuning>
void check_single_pass_all(cohort::queue& q) {
  // 4-byte accumulators: status and value in one word.
  check_single_pass<Tuning, true, std::int32_t>(q, cohort::plus<>(), std::nullopt, false, true);
  check_single_pass<Tuning, false, std::int32_t>(q, cohort::plus<>(), 10, true);
  check_single_pass<Tuning, true, affine16>(q, compose16{}, std::nullopt, true, true);
  check_single_pass<Tuning, false, affine16>(q, compose16{}, affine16{3, 4}, false);
  check_single_pass<Tuning, true, float>(q, cohort::plus<>(), 1.0f, false);
  // 8-byte accumulators: status and value in one 16-byte word on a GPU.
  check_single_pass<Tuning, true, double>(q, cohort::plus<>(), std::nullopt, false);
  check_single_pass<Tuning, true, affine32>(q, compose32{}, std::nullopt, false, true);
  check_single_pass<Tuning, false, affine32>(q, compose32{}, affine32{7, 9}, true);
  check_single_pass<Tuning, true, std::uint64_t>(q, cohort::multiplies<>(), std::uint64_t{3}, false);
  // Larger ones: separate status and values.
  check_single_pass<Tuning, true, affine64>(q, compose64{}, std::nullopt, false, true);
  check_single_pass<Tuning, false, affine64>(q, compose64{}, affine64{7, 9}, true);
}

TEST_P(ScanTest, SinglePassWithSmallTiles) {
  check_single_pass_all<small_tiles<0>>(q);
  if (cohort_test::supports_sub_group_size(q, 32)) check_single_pass_all<small_tiles<32>>(q);
}

struct is_positive {
  COHORT_INLINE bool operator()(std::int32_t v) const { return v > 0; }
};

/// temporary_storage's protocol words: a lease whose status words have another format
/// than the area's learns how many bytes the other format may have written.
TEST_P(ScanTest, StatusWordsOfAnotherFormatAreReportedStale) {
  cohort::temporary_storage storage(q);
  auto stale_after = [&](std::size_t status_bytes, std::uint32_t format) {
    auto lease = storage.acquire_synchronised(0, status_bytes, format);
    EXPECT_NE(lease.sync().counters, nullptr);
    return lease.sync().stale_bytes;
  };
  EXPECT_EQ(stale_after(1000, 1), 0u);  // a fresh area is zero
  EXPECT_EQ(stale_after(512, 1), 0u);
  EXPECT_EQ(stale_after(2000, 2), 1000u);  // format 1 wrote up to 1000 bytes
  EXPECT_EQ(stale_after(100, 2), 0u);
  EXPECT_EQ(stale_after(0, 1), 0u);  // counters only: the area keeps its format
  EXPECT_EQ(stale_after(300, 1), 2000u);
  EXPECT_EQ(stale_after(64, 2), 300u);
  // Epochs are new for each lease, several for a lease that asks for several.
  std::uint32_t last = 0;
  for (std::uint32_t epochs : {1u, 3u, 1u}) {
    auto lease = storage.acquire_synchronised(0, 64, 2, {}, epochs);
    EXPECT_GT(lease.sync().epoch, last);
    last = lease.sync().epoch + epochs - 1;
  }
}

/// One storage shared by scans whose status words differ in format (a 4-byte value and
/// its status in one word; 8-byte values beside status words) and by copy_if (counts and
/// status in one word), in turns, each with more tiles than the last: stale words of one
/// format must never read as published words of another.
TEST_P(ScanTest, StorageSharedWithOtherFormats) {
  cohort::temporary_storage storage(q);
  using tiles = small_tiles<0>;
  const cohort::detail::scan_identity same;
  for (std::size_t k = 1; k <= 3; ++k) {
    const std::size_t n = 150 * k * tiles::tile + 7;
    SCOPED_TRACE("n = " + std::to_string(n));
    const std::vector<std::int64_t> wide = inputs<std::int64_t>(n);
    shared_array<std::int64_t> wide_in(wide, q), wide_out(n, q);
    cohort::detail::single_pass_scan<tiles, true>(q, storage, wide_in.data(), n, wide_out.data(), cohort::plus<>(),
                                                  same, cohort::detail::scan_init<std::int64_t, false>{}, {})
        .last.wait_and_throw();
    expect_equal(wide_out.to_vector(), host_scan<std::int64_t>(wide, true, cohort::plus<>(), std::nullopt), "int64 scan");

    const std::vector<std::int32_t> narrow = inputs<std::int32_t>(2 * n);
    shared_array<std::int32_t> narrow_in(narrow, q), narrow_out(2 * n, q);
    shared_array<std::size_t> count(1, q);
    const is_positive positive;
    cohort::detail::select_gpu<cohort::detail::select_mode::copy_if, cohort::detail::tile_shape<64, 3>>(
        q, storage, narrow_in.data(), 2 * n, narrow_out.data(), narrow_out.data(), count.data(), positive, {})
        .wait_and_throw();
    std::vector<std::int32_t> kept;
    for (std::int32_t v : narrow)
      if (positive(v)) kept.push_back(v);
    ASSERT_EQ(count[0], kept.size());
    for (std::size_t i = 0; i < kept.size(); ++i) ASSERT_EQ(narrow_out[i], kept[i]) << "copy_if at " << i;

    cohort::detail::single_pass_scan<tiles, true>(q, storage, narrow_in.data(), 2 * n, narrow_out.data(),
                                                  cohort::plus<>(), same, cohort::detail::scan_init<std::int32_t, false>{},
                                                  {})
        .last.wait_and_throw();
    expect_equal(narrow_out.to_vector(), host_scan<std::int32_t>(narrow, true, cohort::plus<>(), std::nullopt),
                 "int32 scan");
  }
}

COHORT_INSTANTIATE_ON_ALL_DEVICES(ScanTest);

}  // namespace
