// SPDX-License-Identifier: MIT
// segmented_reduce against a host loop per segment: many small segments, empty ones
// (end == begin and end < begin), one huge segment, lengths around the GPU group size,
// and segments whose offsets are in no order and overlap (CUB allows any begin and end per
// segment). plus and maximum (which have identities) and a user operator without one.
// Floating-point values are small integers, so every order of the additions gives the
// same sum. Each device also runs the other device kind's strategy.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include <cohort/algorithm/segmented_reduce.hpp>
#include <cohort/cohort.hpp>

#include "support/devices.hpp"
#include "support/expect_errc.hpp"
#include "support/shared_array.hpp"

namespace {

using cohort_test::expect_errc;
using cohort_test::shared_array;
using strategy = cohort::detail::segmented_reduce_strategy;

/// A user operator with no known identity: addition modulo a prime, giving the residue in
/// [0, p) (so associative and commutative for signed operands too).
struct plus_modulo {
  template <typename T>
  COHORT_FUNCTION T operator()(const T& a, const T& b) const {
    const T r = static_cast<T>((a + b) % T(1'000'003));  // the residue in [0, p), whatever the signs
    return r < 0 ? static_cast<T>(r + T(1'000'003)) : r;
  }
};

struct segments {
  std::vector<std::int64_t> begin, end;
  std::size_t values = 0;  // elements the offsets may reach
};

segments contiguous(const std::vector<std::size_t>& lengths) {
  segments s;
  for (std::size_t len : lengths) {
    s.begin.push_back(static_cast<std::int64_t>(s.values));
    s.values += len;
    s.end.push_back(static_cast<std::int64_t>(s.values));
  }
  return s;
}

segments many_small(std::size_t count, unsigned seed) {
  std::mt19937 rng(seed);
  std::vector<std::size_t> lengths(count);
  for (auto& l : lengths) l = rng() % 21;  // 0 .. 20, so some are empty
  return contiguous(lengths);
}

/// Begins and ends drawn at random over `values` elements: unordered, overlapping, some
/// empty and some with end < begin (empty too).
segments unordered(std::size_t count, std::size_t values, unsigned seed) {
  std::mt19937_64 rng(seed);
  segments s;
  s.values = values;
  for (std::size_t k = 0; k < count; ++k) {
    const auto b = static_cast<std::int64_t>(rng() % values);
    const auto len = static_cast<std::int64_t>(rng() % 3000) - 300;
    s.begin.push_back(b);
    s.end.push_back(std::min<std::int64_t>(b + len, static_cast<std::int64_t>(values)));
  }
  return s;
}

template <typename T>
std::vector<T> make_values(std::size_t n, unsigned seed) {
  std::mt19937 rng(seed);
  std::vector<T> v(n);
  for (auto& x : v) x = static_cast<T>(static_cast<int>(rng() % 200) - (std::is_signed_v<T> ? 100 : 0));
  return v;
}

template <typename T, typename Offset, typename Op>
void check(cohort::queue& q, const segments& layout, T init, Op op, strategy how, const char* what) {
  SCOPED_TRACE(std::string(what) + ", " + std::to_string(layout.begin.size()) + " segments");
  const std::vector<T> host = make_values<T>(layout.values, 11);
  const std::size_t count = layout.begin.size();
  shared_array<T> values(host, q), out(count + 1, q, T(99));
  std::vector<Offset> b(layout.begin.begin(), layout.begin.end()), e(layout.end.begin(), layout.end.end());
  shared_array<Offset> begins(b, q), ends(e, q);
  cohort::detail::segmented_reduce(q, values.data(), out.data(), count, begins.data(), ends.data(), init, op, {}, how)
      .wait_and_throw();
  for (std::size_t s = 0; s < count; ++s) {
    T expected = init;
    for (auto i = layout.begin[s]; i < layout.end[s]; ++i) expected = op(expected, host[static_cast<std::size_t>(i)]);
    ASSERT_EQ(out[s], expected) << "segment " << s << " [" << layout.begin[s] << ", " << layout.end[s] << ")";
  }
  EXPECT_EQ(out[count], T(99)) << "written past the last segment";
}

template <typename Offset>
void all_layouts(cohort::queue& q, strategy how) {
  const std::size_t group = cohort::segmented_reduce_tuning_gpu::group_size;
  const segments small = many_small(10'000, 1);
  const segments huge = contiguous({1'000'003});
  const segments around_group =
      contiguous({0, 1, group - 1, group, group + 1, 4 * group - 1, 4 * group, 4 * group + 1, 5 * group + 3, 2});
  const segments mixed = unordered(2'000, 200'000, 5);
  check<std::int32_t, Offset>(q, small, 7, cohort::plus<>(), how, "int32 plus, small");
  check<std::int32_t, Offset>(q, small, -1000, cohort::maximum<>(), how, "int32 maximum, small");
  check<std::int32_t, Offset>(q, huge, 0, cohort::plus<std::int32_t>(), how, "int32 plus, huge");
  check<std::int32_t, Offset>(q, around_group, 3, cohort::plus<>(), how, "int32 plus, around the group size");
  check<std::int32_t, Offset>(q, mixed, 0, cohort::plus<>(), how, "int32 plus, unordered");
  check<std::uint32_t, Offset>(q, mixed, 1u, cohort::plus<>(), how, "uint32 plus, unordered");
  check<std::uint32_t, Offset>(q, around_group, 0u, cohort::maximum<>(), how, "uint32 maximum, around the group size");
  check<std::int64_t, Offset>(q, mixed, std::int64_t{5}, plus_modulo{}, how, "int64 user operator, unordered");
  check<std::int64_t, Offset>(q, around_group, std::int64_t{0}, plus_modulo{}, how, "int64 user operator, around");
  check<std::int64_t, Offset>(q, small, std::int64_t{0}, plus_modulo{}, how, "int64 user operator, small");
  check<std::int64_t, Offset>(q, huge, std::int64_t{1} << 40, cohort::plus<>(), how, "int64 plus, huge");
  check<float, Offset>(q, mixed, 0.5f, cohort::plus<>(), how, "float plus, unordered");
  check<float, Offset>(q, huge, 0.0f, cohort::maximum<>(), how, "float maximum, huge");
  check<double, Offset>(q, small, 0.0, cohort::plus<>(), how, "double plus, small");
  check<double, Offset>(q, around_group, -1e300, cohort::maximum<>(), how, "double maximum, around the group size");
  check<std::int32_t, Offset>(q, segments{}, 0, cohort::plus<>(), how, "no segments");
}

class SegmentedReduce : public cohort_test::on_device {};

TEST_P(SegmentedReduce, MatchesAHostLoop) {
  all_layouts<std::int32_t>(q, strategy::device_default);
  all_layouts<std::size_t>(q, strategy::device_default);
}

TEST_P(SegmentedReduce, OtherDeviceKindsStrategy) {
  all_layouts<std::int64_t>(q, q.get_device().is_cpu() ? strategy::gpu : strategy::cpu);
}

struct fill_ones {
  std::int32_t* x;
  COHORT_FUNCTION void operator()(cohort::id<1> i) const { x[i[0]] = 1; }
};

TEST_P(SegmentedReduce, WaitsForItsDependencies) {
  const std::size_t n = 1 << 20, count = 1 << 10;
  shared_array<std::int32_t> values(n, q, 0), out(count, q, -1);
  std::vector<int> b(count), e(count);
  for (std::size_t s = 0; s < count; ++s) {
    b[s] = static_cast<int>(s * (n / count));
    e[s] = b[s] + static_cast<int>(s);
  }
  shared_array<int> begins(b, q), ends(e, q);
  cohort::temporary_storage storage(q);
  cohort::event filled = q.parallel_for(cohort::range<1>{n}, fill_ones{values.data()});
  cohort::event first = cohort::segmented_reduce(q, values.data(), out.data(), count, begins.data(), ends.data(), 0,
                                                 cohort::plus<>(), {filled});
  // The second call, through the storage overload, writes the same sums again after the first.
  cohort::segmented_reduce(q, storage, values.data(), out.data(), count, begins.data(), ends.data(),
                           static_cast<std::int32_t>(0), cohort::plus<>(), {first})
      .wait_and_throw();
  for (std::size_t s = 0; s < count; ++s) ASSERT_EQ(out[s], static_cast<std::int32_t>(s)) << "segment " << s;
}

TEST_P(SegmentedReduce, BadArguments) {
  shared_array<std::int32_t> values(10, q), out(2, q);
  shared_array<int> offsets({0, 5, 10}, q);
  std::int32_t* no_values = nullptr;
  std::int32_t* no_out = nullptr;
  int* no_offsets = nullptr;
  const cohort::plus<> op;
  expect_errc([&] { cohort::segmented_reduce(q, no_values, out.data(), 2, offsets.data(), offsets.data() + 1, 0, op); },
              cohort::errc::invalid);
  expect_errc([&] { cohort::segmented_reduce(q, values.data(), no_out, 2, offsets.data(), offsets.data() + 1, 0, op); },
              cohort::errc::invalid);
  expect_errc([&] { cohort::segmented_reduce(q, values.data(), out.data(), 2, no_offsets, offsets.data() + 1, 0, op); },
              cohort::errc::invalid);
  expect_errc([&] { cohort::segmented_reduce(q, values.data(), out.data(), 2, offsets.data(), no_offsets, 0, op); },
              cohort::errc::invalid);
  // No segments: nothing to reach through the pointers.
  cohort::segmented_reduce(q, no_values, no_out, 0, no_offsets, no_offsets, 0, op).wait_and_throw();
}

COHORT_INSTANTIATE_ON_ALL_DEVICES(SegmentedReduce);

}  // namespace
