// SPDX-License-Identifier: MIT
// copy_if, partition_copy, stable_partition and partition against std::copy_if /
// std::partition_copy / std::stable_partition (partition: the rejected elements reversed,
// as CUB's DevicePartition::If). The inputs are 0, 1, 2, ... so every element is distinct and any
// reordering (a lost stability) shows. Each device also runs the other device kind's
// strategy (the GPU's look-back on the CPU, the CPU's chunks on a GPU), so both are
// checked wherever the tests run.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include <cohort/algorithm/copy_if.hpp>
#include <cohort/cohort.hpp>

#include "support/devices.hpp"
#include "support/expect_errc.hpp"
#include "support/shared_array.hpp"

namespace {

using cohort_test::expect_errc;
using cohort_test::shared_array;

enum class selection { none, all, every_third, random };

COHORT_INLINE std::uint32_t mix(std::uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdull;
  x ^= x >> 29;
  return static_cast<std::uint32_t>(x);
}

/// The user predicate of every test: which elements one `selection` keeps.
struct selects {
  selection which;
  template <typename T>
  COHORT_FUNCTION bool operator()(const T& v) const {
    const auto i = static_cast<std::uint64_t>(v);
    switch (which) {
      case selection::none: return false;
      case selection::all: return true;
      case selection::every_third: return i % 3 == 0;
      default: return (mix(i) & 1) != 0;
    }
  }
};

const char* name_of(selection s) {
  switch (s) {
    case selection::none: return "none";
    case selection::all: return "all";
    case selection::every_third: return "every third";
    default: return "random";
  }
}

template <typename T>
constexpr std::size_t gpu_tile() {
  return cohort::select_tuning_gpu::shape<T>::tile;
}

template <typename T>
std::vector<std::size_t> sizes(std::size_t large) {
  const std::size_t tile = gpu_tile<T>();
  return {0, 1, 2, tile - 1, tile, tile + 1, 5 * tile + 7, large};
}

template <typename T>
std::vector<T> iota_values(std::size_t n) {
  std::vector<T> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = static_cast<T>(i);
  return v;
}

using strategy = cohort::detail::select_strategy;

/// The strategy of the other kind of device than q's.
strategy other_strategy(const cohort::queue& q) { return q.get_device().is_cpu() ? strategy::gpu : strategy::cpu; }

template <typename T>
void check_copy_if(cohort::queue& q, std::size_t n, selection s, strategy how) {
  SCOPED_TRACE(std::string("n = ") + std::to_string(n) + ", " + name_of(s));
  const std::vector<T> host = iota_values<T>(n);
  shared_array<T> in(host, q), out(n + 1, q, T(-7));
  shared_array<std::size_t> count(1, q, 12345);
  cohort::detail::select<cohort::detail::select_mode::copy_if>("copy_if", q, cohort::storage_of(q), in.begin(),
                                                                in.end(), out.data(), out.data(), count.data(),
                                                                selects{s}, {}, how)
      .wait_and_throw();
  std::vector<T> expected;
  std::copy_if(host.begin(), host.end(), std::back_inserter(expected), selects{s});
  ASSERT_EQ(count[0], expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) ASSERT_EQ(out[i], expected[i]) << "at " << i;
  EXPECT_EQ(out[expected.size()], T(-7)) << "written past the selected elements";
}

template <typename T>
void check_partitions(cohort::queue& q, std::size_t n, selection s, strategy how) {
  SCOPED_TRACE(std::string("n = ") + std::to_string(n) + ", " + name_of(s));
  const std::vector<T> host = iota_values<T>(n);
  std::vector<T> expected_true, expected_false;
  std::partition_copy(host.begin(), host.end(), std::back_inserter(expected_true), std::back_inserter(expected_false),
                      selects{s});
  shared_array<T> in(host, q), yes(n + 1, q, T(-7)), no(n + 1, q, T(-7)), both(n + 1, q, T(-7)),
      reversed(n + 1, q, T(-7));
  shared_array<std::size_t> count(3, q, 12345);
  using cohort::detail::select_mode;
  cohort::detail::select<select_mode::partition_copy>("partition_copy", q, cohort::storage_of(q), in.begin(), in.end(),
                                                      yes.data(), no.data(), count.data(), selects{s}, {}, how)
      .wait_and_throw();
  cohort::detail::select<select_mode::stable_partition>("stable_partition", q, cohort::storage_of(q), in.begin(),
                                                        in.end(), both.data(), both.data(), count.data() + 1,
                                                        selects{s}, {}, how)
      .wait_and_throw();
  cohort::detail::select<select_mode::partition>("partition", q, cohort::storage_of(q), in.begin(), in.end(),
                                                 reversed.data(), reversed.data(), count.data() + 2, selects{s}, {}, how)
      .wait_and_throw();
  ASSERT_EQ(count[0], expected_true.size());
  ASSERT_EQ(count[1], expected_true.size());
  ASSERT_EQ(count[2], expected_true.size());
  for (std::size_t i = 0; i < expected_true.size(); ++i) {
    ASSERT_EQ(yes[i], expected_true[i]) << "partition_copy, selected, at " << i;
    ASSERT_EQ(both[i], expected_true[i]) << "stable_partition, selected, at " << i;
    ASSERT_EQ(reversed[i], expected_true[i]) << "partition, selected, at " << i;
  }
  for (std::size_t i = 0; i < expected_false.size(); ++i) {
    ASSERT_EQ(no[i], expected_false[i]) << "partition_copy, rejected, at " << i;
    ASSERT_EQ(both[expected_true.size() + i], expected_false[i]) << "stable_partition, rejected, at " << i;
    ASSERT_EQ(reversed[n - 1 - i], expected_false[i]) << "partition, rejected, at " << n - 1 - i;
  }
  EXPECT_EQ(yes[expected_true.size()], T(-7));
  EXPECT_EQ(no[expected_false.size()], T(-7));
  EXPECT_EQ(both[n], T(-7));
  EXPECT_EQ(reversed[n], T(-7));
}

/// A check of one element type: check_copy_if<T> or check_partitions<T>.
using check_fn = void (*)(cohort::queue&, std::size_t, selection, strategy);

/// The checks of the other device kind's strategy: every selection of int32 and a random
/// one of double, at sizes around the tiles.
void with_other_strategy(cohort::queue& q, check_fn int32, check_fn fp64) {
  const strategy other = other_strategy(q);
  for (std::size_t n : sizes<std::int32_t>(100'003))
    for (selection s : {selection::none, selection::all, selection::every_third, selection::random})
      int32(q, n, s, other);
  for (std::size_t n : sizes<double>(30'011)) fp64(q, n, selection::random, other);
}

class CopyIf : public cohort_test::on_device {};

template <typename T>
void copy_if_all_cases(cohort::queue& q, std::size_t large) {
  for (std::size_t n : sizes<T>(large))
    for (selection s : {selection::none, selection::all, selection::every_third, selection::random})
      check_copy_if<T>(q, n, s, strategy::device_default);
}

TEST_P(CopyIf, MatchesStdCopyIf) {
  copy_if_all_cases<std::int32_t>(q, 1'000'003);
  copy_if_all_cases<std::uint32_t>(q, 1'000'003);
  copy_if_all_cases<std::int64_t>(q, 1'000'003);
  copy_if_all_cases<float>(q, 1'000'003);
  copy_if_all_cases<double>(q, 100'003);
}

/// The GPU strategy with a tile of 384 work-items (groups of 12 sub-groups) of 5 elements,
/// on whatever device runs the test.
TEST_P(CopyIf, GpuStrategyOfAnotherTileShape) {
  using shape = cohort::detail::tile_shape<384, 5>;
  for (std::size_t n : {std::size_t{1}, shape::tile - 1, shape::tile, 7 * shape::tile + 11, std::size_t{200'003}}) {
    SCOPED_TRACE("n = " + std::to_string(n));
    const std::vector<std::int32_t> host = iota_values<std::int32_t>(n);
    shared_array<std::int32_t> in(host, q), out(n + 1, q, -7);
    shared_array<std::size_t> count(1, q, 12345);
    cohort::detail::select_gpu<cohort::detail::select_mode::copy_if, shape>(
        q, cohort::storage_of(q), in.data(), n, out.data(), out.data(), count.data(), selects{selection::random}, {})
        .wait_and_throw();
    std::vector<std::int32_t> expected;
    std::copy_if(host.begin(), host.end(), std::back_inserter(expected), selects{selection::random});
    ASSERT_EQ(count[0], expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i) ASSERT_EQ(out[i], expected[i]) << "at " << i;
    EXPECT_EQ(out[expected.size()], -7) << "written past the selected elements";
  }
}

TEST_P(CopyIf, OtherDeviceKindsStrategy) {
  with_other_strategy(q, check_copy_if<std::int32_t>, check_copy_if<double>);
  check_copy_if<std::int64_t>(q, 1'000'003, selection::random, other_strategy(q));
}

TEST_P(CopyIf, PartitionsMatchTheStandardOnes) {
  for (std::size_t n : sizes<std::int32_t>(1'000'003))
    for (selection s : {selection::none, selection::all, selection::every_third, selection::random}) {
      check_partitions<std::int32_t>(q, n, s, strategy::device_default);
      check_partitions<std::uint32_t>(q, n, s, strategy::device_default);
    }
  for (std::size_t n : sizes<double>(100'003)) {
    check_partitions<std::int64_t>(q, n, selection::random, strategy::device_default);
    check_partitions<float>(q, n, selection::every_third, strategy::device_default);
    check_partitions<double>(q, n, selection::random, strategy::device_default);
  }
}

TEST_P(CopyIf, PartitionsWithOtherDeviceKindsStrategy) {
  with_other_strategy(q, check_partitions<std::int32_t>, check_partitions<double>);
}

struct fill_iota {
  std::int32_t* x;
  COHORT_FUNCTION void operator()(cohort::id<1> i) const { x[i[0]] = static_cast<std::int32_t>(i[0]); }
};

TEST_P(CopyIf, PublicCallsWaitForTheirDependencies) {
  const std::size_t n = 300'007;
  shared_array<std::int32_t> in(n, q, -1), out(n, q, -7), yes(n, q), no(n, q), both(n, q), reversed(n, q);
  shared_array<std::size_t> count(4, q, 0);
  cohort::event filled = q.parallel_for(cohort::range<1>{n}, fill_iota{in.data()});
  cohort::event a = cohort::copy_if(q, in.begin(), in.end(), out.data(), count.data(), selects{selection::every_third},
                                    {filled});
  cohort::event b = cohort::partition_copy(q, in.begin(), in.end(), yes.data(), no.data(), count.data() + 1,
                                           selects{selection::random}, {a});
  cohort::event c = cohort::stable_partition(q, in.begin(), in.end(), both.data(), count.data() + 2,
                                             selects{selection::random}, {b});
  cohort::partition(q, in.begin(), in.end(), reversed.data(), count.data() + 3, selects{selection::every_third}, {c})
      .wait_and_throw();
  const std::vector<std::int32_t> host = iota_values<std::int32_t>(n);
  std::vector<std::int32_t> thirds, t, f;
  std::copy_if(host.begin(), host.end(), std::back_inserter(thirds), selects{selection::every_third});
  std::partition_copy(host.begin(), host.end(), std::back_inserter(t), std::back_inserter(f),
                      selects{selection::random});
  ASSERT_EQ(count[0], thirds.size());
  ASSERT_EQ(count[1], t.size());
  ASSERT_EQ(count[2], t.size());
  ASSERT_EQ(count[3], thirds.size());
  EXPECT_TRUE(std::equal(thirds.begin(), thirds.end(), out.begin()));
  EXPECT_TRUE(std::equal(t.begin(), t.end(), yes.begin()));
  EXPECT_TRUE(std::equal(f.begin(), f.end(), no.begin()));
  EXPECT_TRUE(std::equal(t.begin(), t.end(), both.begin()));
  EXPECT_TRUE(std::equal(f.begin(), f.end(), both.begin() + static_cast<std::ptrdiff_t>(t.size())));
  EXPECT_TRUE(std::equal(thirds.begin(), thirds.end(), reversed.begin()));
  std::vector<std::int32_t> others;
  std::remove_copy_if(host.begin(), host.end(), std::back_inserter(others), selects{selection::every_third});
  EXPECT_TRUE(std::equal(others.rbegin(), others.rend(), reversed.begin() + static_cast<std::ptrdiff_t>(thirds.size())));
}

TEST_P(CopyIf, OwnStorageReusedInALoop) {
  cohort::temporary_storage storage(q);
  const std::size_t n = 200'003;
  shared_array<std::int32_t> in(iota_values<std::int32_t>(n), q), out(n, q);
  shared_array<std::size_t> count(1, q);
  std::size_t capacity = 0;
  for (int round = 0; round < 6; ++round) {
    const std::size_t m = n - static_cast<std::size_t>(round) * 1000;
    cohort::event e = cohort::copy_if(q, storage, in.begin(), in.begin() + m, out.data(), count.data(),
                                      selects{selection::random});
    e = cohort::stable_partition(q, storage, in.begin(), in.begin() + m, out.data(), count.data(),
                                 selects{selection::random}, {e});
    e.wait_and_throw();
    if (round == 0) capacity = storage.capacity();
    EXPECT_EQ(storage.capacity(), capacity) << "storage grew for a smaller call";
    std::vector<std::int32_t> expected(in.begin(), in.begin() + m);
    std::stable_partition(expected.begin(), expected.end(), selects{selection::random});
    ASSERT_TRUE(std::equal(expected.begin(), expected.end(), out.begin())) << "round " << round;
    ASSERT_EQ(count[0], static_cast<std::size_t>(std::count_if(in.begin(), in.begin() + m, selects{selection::random})));
  }
}

TEST_P(CopyIf, BadArguments) {
  shared_array<std::int32_t> in(100, q), out(100, q);
  shared_array<std::size_t> count(1, q);
  const selects pred{selection::all};
  std::int32_t* null = nullptr;
  expect_errc([&] { cohort::copy_if(q, in.begin(), in.end(), null, count.data(), pred); }, cohort::errc::invalid);
  expect_errc([&] { cohort::copy_if(q, in.begin(), in.end(), out.data(), nullptr, pred); }, cohort::errc::invalid);
  expect_errc([&] { cohort::copy_if(q, in.end(), in.begin(), out.data(), count.data(), pred); }, cohort::errc::invalid);
  expect_errc([&] { cohort::copy_if(q, in.begin(), in.end(), in.data() + 50, count.data(), pred); },
              cohort::errc::invalid);
  expect_errc([&] { cohort::partition_copy(q, in.begin(), in.end(), out.data(), null, count.data(), pred); },
              cohort::errc::invalid);
  expect_errc([&] { cohort::partition_copy(q, in.begin(), in.end(), out.data(), in.data(), count.data(), pred); },
              cohort::errc::invalid);
  expect_errc([&] { cohort::partition(q, in.begin(), in.end(), in.data(), count.data(), pred); },
              cohort::errc::invalid);
  expect_errc([&] { cohort::partition(q, in.begin(), in.end(), null, count.data(), pred); }, cohort::errc::invalid);
  expect_errc([&] { cohort::stable_partition(q, in.begin(), in.end(), in.data() + 99, count.data(), pred); },
              cohort::errc::invalid);
  expect_errc([&] { cohort::stable_partition(q, in.begin(), in.end(), out.data(), nullptr, pred); },
              cohort::errc::invalid);
  // Empty input: nothing to check but the count, which is written.
  count[0] = 99;
  cohort::copy_if(q, null, null, null, count.data(), pred).wait_and_throw();
  EXPECT_EQ(count[0], 0u);
}

COHORT_INSTANTIATE_ON_ALL_DEVICES(CopyIf);

}  // namespace
