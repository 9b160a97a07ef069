// SPDX-License-Identifier: MIT
// cohort::min_element and cohort::max_element against std::min_element / std::max_element:
// the index of the FIRST extremum, with the extremum repeated (first and last index ties,
// ties across chunks and tiles), at sizes around the CPU's single-task limit and the GPU's
// tiles and a large odd size; int32, uint32, int64, float and double; a user comparison; a
// counting iterator; the events it waits for; a caller's own storage; bad input.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string>
#include <vector>

#include <cohort/algorithm/min_max_element.hpp>

#include "support/algorithm_inputs.hpp"
#include "support/devices.hpp"
#include "support/expect_errc.hpp"
#include "support/shared_array.hpp"

using namespace cohort;
using cohort_test::counting_iterator;
using cohort_test::shared_array;
using cohort_test::type_label;

namespace {

class algorithm_min_max_element : public cohort_test::on_device {};

const std::vector<std::size_t> sizes = {0,    1,    2,     255,   1023,  1024,  1025,  2047,   2048,    2049,
                                        4095, 4096, 4097,  8193,  16383, 16384, 16385, 65537, 12'291, 1'000'003};

/// Orders by the distance from 500 (a user comparison; many ties).
struct closer_to_500 {
  template <typename T>
  COHORT_FUNCTION bool operator()(T a, T b) const {
    const T da = a < T(500) ? T(500) - a : a - T(500);
    const T db = b < T(500) ? T(500) - b : b - T(500);
    return da < db;
  }
};

/// min_element and max_element of `host` against the standard's, with `comp`.
template <typename T, typename Compare>
void check_both(queue& q, const std::vector<T>& host, Compare comp, const std::string& what) {
  const std::size_t n = host.size();
  shared_array<T> x(host, q);
  shared_array<std::size_t> lo(1, q, 12345), hi(1, q, 12345);
  event a = cohort::min_element(q, x.data(), x.data() + n, lo.data(), comp);
  event b = cohort::max_element(q, x.data(), x.data() + n, hi.data(), comp);
  a.wait_and_throw();
  b.wait_and_throw();
  const auto expected_lo = static_cast<std::size_t>(std::min_element(host.begin(), host.end(), comp) - host.begin());
  const auto expected_hi = static_cast<std::size_t>(std::max_element(host.begin(), host.end(), comp) - host.begin());
  EXPECT_EQ(lo[0], expected_lo) << "min_element " << what << " " << type_label<T>() << " n = " << n;
  EXPECT_EQ(hi[0], expected_hi) << "max_element " << what << " " << type_label<T>() << " n = " << n;
}

template <typename T>
void check_type(queue& q) {
  for (std::size_t n : sizes) {
    // Values 0 .. 12 in a pattern of period 13: the extrema repeat every 13 elements, so
    // every chunk and tile holds ties and only the first may win.
    std::vector<T> v(n);
    for (std::size_t i = 0; i < n; ++i) v[i] = static_cast<T>((i * 7 + 3) % 13);
    check_both(q, v, std::less<>(), "periodic");
    // All equal: index 0.
    check_both(q, std::vector<T>(n, T(4)), std::less<>(), "constant");
    if (n < 2) continue;
    // The extremum twice: at the last index and one other place (later found first only
    // if the ties resolve wrongly).
    for (std::size_t other : {std::size_t{0}, n / 2, n - 2}) {
      std::vector<T> w(n, T(5));
      w[n - 1] = w[other] = T(1);
      check_both(q, w, std::less<>(), "min at " + std::to_string(other) + " and last");
      w[n - 1] = w[other] = T(9);
      check_both(q, w, std::less<>(), "max at " + std::to_string(other) + " and last");
    }
  }
}

}  // namespace

TEST_P(algorithm_min_max_element, every_type_first_index_on_ties) {
  check_type<std::int32_t>(q);
  check_type<std::uint32_t>(q);
  check_type<std::int64_t>(q);
  check_type<float>(q);
  check_type<double>(q);
}

TEST_P(algorithm_min_max_element, user_comparison) {
  for (std::size_t n : {std::size_t{7}, std::size_t{5000}, std::size_t{1'000'003}}) {
    std::vector<std::int32_t> v(n);
    for (std::size_t i = 0; i < n; ++i) v[i] = static_cast<std::int32_t>((i * 37) % 1001);
    check_both(q, v, closer_to_500(), "closer_to_500");
    std::vector<double> d(v.begin(), v.end());
    check_both(q, d, std::greater<>(), "greater");
  }
}

TEST_P(algorithm_min_max_element, counting_iterator) {
  shared_array<std::size_t> lo(1, q), hi(1, q);
  for (std::size_t n : sizes) {
    const counting_iterator first{-3};
    const counting_iterator last = first + static_cast<std::ptrdiff_t>(n);
    cohort::min_element(q, first, last, lo.data()).wait_and_throw();
    cohort::max_element(q, first, last, hi.data()).wait_and_throw();
    EXPECT_EQ(lo[0], 0u) << "n = " << n;
    EXPECT_EQ(hi[0], n == 0 ? 0 : n - 1) << "n = " << n;
  }
}

TEST_P(algorithm_min_max_element, waits_for_depends_on_and_own_storage) {
  const std::size_t n = 1'000'003;
  shared_array<float> x(n, q, 1.0f);
  shared_array<std::size_t> lo(1, q), hi(1, q);
  float* p = x.data();
  event writes = q.parallel_for(range<1>{n}, COHORT_LAMBDA(item<1> it) {
    const std::size_t i = it.get_id(0);
    p[i] = i == 777'777 ? -1.0f : i == 12 ? 3.0f : 2.0f;
  });
  temporary_storage mine(q);
  event a = cohort::min_element(q, mine, p, p + n, lo.data(), std::less<>(), {writes});
  event b = cohort::max_element(q, mine, p, p + n, hi.data(), std::less<>(), {writes});
  a.wait_and_throw();
  b.wait_and_throw();
  EXPECT_EQ(lo[0], 777'777u);
  EXPECT_EQ(hi[0], 12u);
}

TEST_P(algorithm_min_max_element, rejects_bad_input) {
  shared_array<int> x(8, q, 1);
  shared_array<std::size_t> result(1, q, 99);
  int* null = nullptr;
  int* null_end = reinterpret_cast<int*>(std::uintptr_t{8 * sizeof(int)});
  std::size_t* null_result = nullptr;
  cohort_test::expect_errc([&] { cohort::min_element(q, null, null_end, result.data()); }, errc::invalid);
  cohort_test::expect_errc([&] { cohort::max_element(q, x.data(), x.data() + 8, null_result); }, errc::invalid);
  cohort_test::expect_errc([&] { cohort::min_element(q, x.data() + 8, x.data(), result.data()); }, errc::invalid);
  cohort::max_element(q, null, null, result.data()).wait_and_throw();
  EXPECT_EQ(result[0], 0u);
}

COHORT_INSTANTIATE_ON_ALL_DEVICES(algorithm_min_max_element);
