// SPDX-License-Identifier: MIT
// cohort::reduce and cohort::transform_reduce against host loops: sizes around the CPU's
// single-task limit and the GPU's tiles (2048 and 4096 elements) and a large odd size;
// int32, uint32, int64, float and double; plus, multiplies, minimum, maximum, bit_or and a
// user operator without an identity; pointers and a counting iterator; dot products; the
// events it waits for; scratch memory reused in a loop and a caller's own storage; bad
// input. Values are small integers (multiples of 1/4 for floating point), so every order
// of combination gives the exact result and results are compared for equality.
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string>
#include <vector>

#include <cohort/algorithm/reduce.hpp>

#include "support/algorithm_inputs.hpp"
#include "support/devices.hpp"
#include "support/expect_errc.hpp"
#include "support/shared_array.hpp"

using namespace cohort;
using cohort_test::counting_iterator;
using cohort_test::shared_array;
using cohort_test::type_label;

namespace {

class algorithm_reduce : public cohort_test::on_device {};

// 0, 1, around the CPU's single-task limit (2^14) and the GPU's tiles of 2048 (8-byte)
// and 4096 (4-byte) elements, several tiles with a partial one, and a large odd size.
const std::vector<std::size_t> sizes = {0,    1,    2,     255,   2047,  2048,  2049,  4095,     4096,
                                        4097, 8193, 16383, 16384, 16385, 65537, 12'291, 1'000'003};

/// (a + b) mod 1000 on non-negative values: associative and commutative, with no identity
/// cohort knows of.
struct add_mod_1000 {
  template <typename T>
  COHORT_FUNCTION T operator()(T a, T b) const {
    return static_cast<T>((a + b) % 1000);
  }
};

struct square {
  template <typename T>
  COHORT_FUNCTION T operator()(T x) const {
    return x * x;
  }
};

/// Small values: -6 .. 6 for signed types, 0 .. 12 unsigned, multiples of 1/4 floating.
template <typename T>
T small_value(std::size_t i) {
  const int v = static_cast<int>((i * 7) % 13);
  if constexpr (std::is_floating_point_v<T>) return static_cast<T>(v - 6) * static_cast<T>(0.25);
  if constexpr (std::is_signed_v<T>) return static_cast<T>(v - 6);
  return static_cast<T>(v);
}

/// Factors whose product stays exact: mostly 1, a 2 every 100003 elements, a -1 every
/// 50001 for signed types.
template <typename T>
T factor(std::size_t i) {
  if (i % 100003 == 7) return T(2);
  if constexpr (std::is_signed_v<T>)
    if (i % 50001 == 3) return T(-1);
  return T(1);
}

/// reduce over `values` with `op` and `init` against a host loop, at every size.
template <typename T, typename Op, typename Value>
void check_reduce(queue& q, const std::string& what, Op op, T init, Value value) {
  for (std::size_t n : sizes) {
    shared_array<T> x(n, q);
    std::vector<T> host(n);
    for (std::size_t i = 0; i < n; ++i) host[i] = x[i] = value(i);
    T expected = init;
    for (std::size_t i = 0; i < n; ++i) expected = static_cast<T>(op(expected, host[i]));
    shared_array<T> result(1, q, T(99));
    cohort::reduce(q, x.data(), x.data() + n, result.data(), init, op).wait_and_throw();
    EXPECT_EQ(result[0], expected) << what << " " << type_label<T>() << " n = " << n;
  }
}

template <typename T>
void check_every_operator(queue& q) {
  check_reduce<T>(q, "plus", plus<>(), T(3), small_value<T>);
  check_reduce<T>(q, "typed plus", plus<T>(), T(0), small_value<T>);
  check_reduce<T>(q, "multiplies", multiplies<>(), T(1), factor<T>);
  check_reduce<T>(q, "minimum", minimum<>(), T(100), small_value<T>);
  check_reduce<T>(q, "maximum", maximum<T>(), T(-100 * std::is_signed_v<T>), small_value<T>);
  // The extremum in one place only: the first, the last, the middle element.
  for (std::size_t where : {std::size_t{0}, std::size_t{4096}, std::size_t{1'000'002}})
    check_reduce<T>(q, "minimum at " + std::to_string(where), minimum<>(), T(100),
                    [&](std::size_t i) { return i == where ? T(-7 * std::is_signed_v<T>) : T(10); });
}

}  // namespace

TEST_P(algorithm_reduce, every_type_and_operator) {
  check_every_operator<std::int32_t>(q);
  check_every_operator<std::uint32_t>(q);
  check_every_operator<std::int64_t>(q);
  check_every_operator<float>(q);
  check_every_operator<double>(q);
}

TEST_P(algorithm_reduce, bit_or_and_a_user_operator) {
  check_reduce<std::uint32_t>(q, "bit_or", bit_or<>(), 0x100u,
                              [](std::size_t i) { return std::uint32_t{1} << ((i * 5) % 7); });
  check_reduce<std::int64_t>(q, "bit_or", bit_or<std::int64_t>(), 0,
                             [](std::size_t i) { return std::int64_t{1} << ((i * 3) % 40); });
  check_reduce<std::int32_t>(q, "add_mod_1000", add_mod_1000(), 5,
                             [](std::size_t i) { return static_cast<std::int32_t>(i % 997); });
  check_reduce<std::uint32_t>(q, "add_mod_1000", add_mod_1000(), 5u,
                              [](std::size_t i) { return static_cast<std::uint32_t>(i % 991); });
  check_reduce<std::int64_t>(q, "add_mod_1000", add_mod_1000(), 5,
                             [](std::size_t i) { return static_cast<std::int64_t>(i % 983); });
}

TEST_P(algorithm_reduce, accumulates_in_the_type_of_init) {
  // int32 elements summed as int64: the total exceeds int32's range.
  const std::size_t n = 1'000'003;
  shared_array<std::int32_t> x(n, q, 1 << 20);
  shared_array<std::int64_t> result(1, q);
  cohort::reduce(q, x.data(), x.data() + n, result.data(), std::int64_t{0}).wait_and_throw();
  EXPECT_EQ(result[0], static_cast<std::int64_t>(n) << 20);
}

TEST_P(algorithm_reduce, counting_iterator) {
  shared_array<std::int64_t> result(1, q);
  for (std::size_t n : sizes) {
    const counting_iterator first{0};
    cohort::reduce(q, first, first + static_cast<std::ptrdiff_t>(n), result.data(), std::int64_t{1}).wait_and_throw();
    const auto m = static_cast<std::int64_t>(n);
    EXPECT_EQ(result[0], 1 + m * (m - 1) / 2) << "n = " << n;
    cohort::reduce(q, first, first + static_cast<std::ptrdiff_t>(n), result.data(), std::int64_t{1000}, add_mod_1000())
        .wait_and_throw();
    EXPECT_EQ(result[0], n == 0 ? 1000 : (m * (m - 1) / 2) % 1000) << "add_mod_1000, n = " << n;
  }
}

TEST_P(algorithm_reduce, transform_reduce_one_range) {
  for (std::size_t n : sizes) {
    shared_array<std::int32_t> x(n, q);
    std::int64_t expected = 2;
    for (std::size_t i = 0; i < n; ++i) {
      x[i] = small_value<std::int32_t>(i);
      expected += static_cast<std::int64_t>(x[i]) * x[i];
    }
    shared_array<std::int64_t> result(1, q);
    cohort::transform_reduce(q, x.data(), x.data() + n, result.data(), std::int64_t{2}, plus<>(), square())
        .wait_and_throw();
    EXPECT_EQ(result[0], expected) << "sum of squares, n = " << n;
    // Through a counting iterator: the sum of i^2 (mod 2^64 does not matter at these sizes).
    const counting_iterator first{0};
    cohort::transform_reduce(q, first, first + static_cast<std::ptrdiff_t>(n), result.data(), std::int64_t{0},
                             plus<>(), square())
        .wait_and_throw();
    const auto m = static_cast<std::int64_t>(n);
    EXPECT_EQ(result[0], n == 0 ? 0 : (m - 1) * m * (2 * m - 1) / 6) << "counting, n = " << n;
  }
}

template <typename T>
void check_dot(queue& q) {
  for (std::size_t n : sizes) {
    shared_array<T> x(n, q), y(n, q);
    T expected = T(1);
    for (std::size_t i = 0; i < n; ++i) {
      x[i] = small_value<T>(i);
      y[i] = small_value<T>(i + 5);
      expected += x[i] * y[i];
    }
    shared_array<T> result(1, q);
    cohort::transform_reduce(q, x.data(), x.data() + n, y.data(), result.data(), T(1)).wait_and_throw();
    EXPECT_EQ(result[0], expected) << "dot " << type_label<T>() << " n = " << n;
    // Misaligned by one element: no vector loads on the GPU.
    if (n > 1) {
      T expected_shifted = T(0);
      for (std::size_t i = 1; i < n; ++i) expected_shifted += x[i] * y[i - 1];
      cohort::transform_reduce(q, x.data() + 1, x.data() + n, y.data(), result.data(), T(0), plus<>(), multiplies<>())
          .wait_and_throw();
      EXPECT_EQ(result[0], expected_shifted) << "shifted dot " << type_label<T>() << " n = " << n;
    }
  }
}

TEST_P(algorithm_reduce, transform_reduce_dot_products) {
  check_dot<std::int32_t>(q);
  check_dot<float>(q);
  check_dot<double>(q);
}

TEST_P(algorithm_reduce, misaligned_input) {
  const std::size_t n = 1'000'003;
  shared_array<float> x(n + 1, q, 0.5f);
  shared_array<float> result(1, q);
  cohort::reduce(q, x.data() + 1, x.data() + 1 + n, result.data(), 0.0f).wait_and_throw();
  EXPECT_EQ(result[0], 0.5f * static_cast<float>(n));
}

TEST_P(algorithm_reduce, waits_for_depends_on) {
  const std::size_t n = 1'000'003;
  shared_array<std::int32_t> x(n, q, 0);
  shared_array<std::int32_t> result(1, q);
  std::int32_t* p = x.data();
  event writes = q.parallel_for(range<1>{n}, COHORT_LAMBDA(item<1> it) { p[it.get_id(0)] = 2; });
  cohort::reduce(q, p, p + n, result.data(), 0, plus<>(), {writes}).wait_and_throw();
  EXPECT_EQ(result[0], 2 * static_cast<std::int32_t>(n));
}

TEST_P(algorithm_reduce, reuses_scratch_memory) {
  // A user operator: scratch memory on every device (the CPU's sums with a known identity
  // need none).
  const std::size_t n = 1'000'003;
  shared_array<std::int64_t> x(n, q, 7);
  shared_array<std::int64_t> result(1, q);
  temporary_storage& storage = storage_of(q);
  cohort::reduce(q, x.data(), x.data() + n, result.data(), std::int64_t{0}, add_mod_1000()).wait_and_throw();
  EXPECT_EQ(result[0], (7 * static_cast<std::int64_t>(n)) % 1000);
  const std::size_t capacity = storage.capacity();
  EXPECT_GT(capacity, 0u);
  std::vector<event> done;
  for (int k = 0; k < 20; ++k)
    done.push_back(cohort::reduce(q, x.data(), x.data() + n, result.data(), std::int64_t{k}, add_mod_1000()));
  for (event& e : done) e.wait_and_throw();
  EXPECT_EQ(result[0], (19 + 7 * static_cast<std::int64_t>(n)) % 1000);
  EXPECT_EQ(storage.capacity(), capacity);
}

TEST_P(algorithm_reduce, own_temporary_storage) {
  const std::size_t n = 1'000'003;
  shared_array<std::int32_t> x(n, q, 3);
  shared_array<std::int32_t> a(1, q), b(1, q);
  temporary_storage mine(q);
  event e = cohort::reduce(q, mine, x.data(), x.data() + n, a.data(), 0, add_mod_1000());
  event f = cohort::transform_reduce(q, mine, x.data(), x.data() + n, x.data(), b.data(), 0, plus<>(), multiplies<>());
  event g = cohort::transform_reduce(q, mine, x.data(), x.data() + n, b.data(), 0, plus<>(), square(), {f});
  e.wait_and_throw();
  g.wait_and_throw();
  EXPECT_EQ(a[0], (3 * static_cast<std::int32_t>(n)) % 1000);
  EXPECT_EQ(b[0], 9 * static_cast<std::int32_t>(n));
  EXPECT_GT(mine.capacity(), 0u);
}

TEST_P(algorithm_reduce, rejects_bad_input) {
  shared_array<int> x(8, q, 1);
  shared_array<int> result(1, q);
  int* null = nullptr;
  int* null_end = reinterpret_cast<int*>(std::uintptr_t{8 * sizeof(int)});
  cohort_test::expect_errc([&] { cohort::reduce(q, null, null_end, result.data(), 0); }, errc::invalid);
  cohort_test::expect_errc([&] { cohort::reduce(q, x.data(), x.data() + 8, null, 0); }, errc::invalid);
  cohort_test::expect_errc([&] { cohort::reduce(q, x.data() + 8, x.data(), result.data(), 0); }, errc::invalid);
  cohort_test::expect_errc(
      [&] { cohort::transform_reduce(q, x.data(), x.data() + 8, null, result.data(), 0); }, errc::invalid);
  cohort_test::expect_errc(
      [&] { cohort::transform_reduce(q, x.data(), x.data() + 8, null, 0, plus<>(), square()); }, errc::invalid);
  cohort_test::expect_errc(
      [&] { cohort::transform_reduce(q, x.data() + 1, x.data(), result.data(), 0, plus<>(), square()); },
      errc::invalid);
  // An empty range may have null pointers, and writes init.
  cohort::reduce(q, null, null, result.data(), 42).wait_and_throw();
  EXPECT_EQ(result[0], 42);
}

COHORT_INSTANTIATE_ON_ALL_DEVICES(algorithm_reduce);
