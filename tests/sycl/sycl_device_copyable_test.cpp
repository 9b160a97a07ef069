// Device copyable types as SYCL 2020 section 3.13.1 describes them: is_device_copyable and
// its specializations for the standard wrappers and for a program's own types, and where
// SYCL asks for them: a buffer's items, the pattern of fill, and a reduction's variables
// (section 4.9.2), which may be device copyable without being trivially copyable
// (std::pair, as in the minloc reduction of the SYCL book), checked against the host.
#include <sycl/sycl.hpp>

#include <array>
#include <climits>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "support/devices.hpp"
#include "support/expect_errc.hpp"

namespace {

/// A program's type that is not trivially copyable (its copy constructor is its own) but
/// copies as its bytes would, so the program declares it device copyable.
struct money {
  long cents = 0;
  money() = default;
  COHORT_FUNCTION explicit money(long c) : cents(c) {}
  COHORT_FUNCTION money(const money& other) : cents(other.cents) {}
  money& operator=(const money&) = default;
};

/// Not device copyable: its copies own memory.
struct owner {
  std::vector<int> items;
};

template <int N>
struct tensor_list {
  int sizes[N];
  tensor_list() = default;
  tensor_list(const tensor_list& other) { std::copy(other.sizes, other.sizes + N, sizes); }
};

}  // namespace

template <>
struct sycl::is_device_copyable<money> : std::true_type {};
// A partial specialization, as programs ported from CUDA write them.
template <int N>
struct sycl::is_device_copyable<tensor_list<N>> : std::true_type {};

namespace {

class sycl_device_copyable : public cohort_test::on_device {};

using cohort_test::expect_errc;
using cohort_test::shared_array;

// ---- The trait ----

static_assert(SYCL_DEVICE_COPYABLE == 1);
static_assert(std::is_base_of_v<std::true_type, sycl::is_device_copyable<int>>);
static_assert(std::is_base_of_v<std::false_type, sycl::is_device_copyable<owner>>);
static_assert(std::is_default_constructible_v<sycl::is_device_copyable<int>>);

// Trivially copyable types are device copyable, cv-qualified and in arrays too.
static_assert(sycl::is_device_copyable_v<int> && sycl::is_device_copyable_v<const double>);
static_assert(sycl::is_device_copyable_v<float[4]> && sycl::is_device_copyable_v<int*>);
static_assert(sycl::is_device_copyable_v<sycl::vec<float, 4>> && sycl::is_device_copyable_v<sycl::id<3>>);
static_assert(sycl::is_device_copyable_v<sycl::half> && sycl::is_device_copyable_v<sycl::marray<int, 3>>);

// A program's specializations, and what follows from them.
static_assert(!std::is_trivially_copyable_v<money> && sycl::is_device_copyable_v<money>);
static_assert(sycl::is_device_copyable_v<const money> && sycl::is_device_copyable_v<money[3]>);
static_assert(sycl::is_device_copyable_v<tensor_list<4>> && sycl::is_device_copyable_v<const tensor_list<1>>);
static_assert(!sycl::is_device_copyable_v<owner> && !sycl::is_device_copyable_v<std::string>);
static_assert(!sycl::is_device_copyable_v<std::vector<int>> && !sycl::is_device_copyable_v<owner[2]>);

// The standard wrappers of device copyable types, which C++ does not make trivially copyable.
static_assert(!std::is_trivially_copyable_v<std::pair<float, int>>);
static_assert(sycl::is_device_copyable_v<std::pair<float, int>> && sycl::is_device_copyable_v<std::pair<money, int>>);
static_assert(!sycl::is_device_copyable_v<std::pair<int, owner>>);
static_assert(sycl::is_device_copyable_v<std::tuple<>> && sycl::is_device_copyable_v<std::tuple<int, money, double>>);
static_assert(!sycl::is_device_copyable_v<std::tuple<int, std::string>>);
static_assert(sycl::is_device_copyable_v<std::optional<money>> && !sycl::is_device_copyable_v<std::optional<owner>>);
static_assert(sycl::is_device_copyable_v<std::variant<int, money>> && !sycl::is_device_copyable_v<std::variant<int, owner>>);
static_assert(sycl::is_device_copyable_v<std::array<money, 3>> && !sycl::is_device_copyable_v<std::array<owner, 3>>);
static_assert(sycl::is_device_copyable_v<std::array<owner, 0>>);
static_assert(sycl::is_device_copyable_v<std::string_view> && sycl::is_device_copyable_v<std::span<owner>>);
// Nested wrappers.
static_assert(sycl::is_device_copyable_v<std::pair<std::tuple<money, float>, std::array<money, 2>>>);
static_assert(!sycl::is_device_copyable_v<std::pair<std::tuple<money, owner>, int>>);

// ---- Buffers and fill ----

TEST_P(sycl_device_copyable, buffers_hold_device_copyable_items_that_are_not_trivially_copyable) {
  std::vector<money> wallet;
  for (long i = 0; i < 100; ++i) wallet.emplace_back(i * 3);
  std::vector<std::pair<int, float>> pairs(50, {1, 0.5f});
  {
    sycl::buffer<money> b(wallet.data(), sycl::range<1>(wallet.size()));
    sycl::buffer<std::pair<int, float>> p(pairs.data(), sycl::range<1>(pairs.size()));
    q.submit([&](sycl::handler& h) {
      sycl::accessor a{b, h};
      sycl::accessor c{p, h};
      h.parallel_for(sycl::range<1>(100), COHORT_LAMBDA(sycl::id<1> i) {
        a[i].cents += 7;
        if (i[0] < 50) {
          c[i].first += static_cast<int>(i[0]);
          c[i].second *= 4.0f;
        }
      });
    });
  }
  for (long i = 0; i < 100; ++i) EXPECT_EQ(wallet[i].cents, i * 3 + 7) << i;
  for (int i = 0; i < 50; ++i) {
    EXPECT_EQ(pairs[i].first, 1 + i);
    EXPECT_EQ(pairs[i].second, 2.0f);
  }
}

TEST_P(sycl_device_copyable, fill_takes_a_device_copyable_pattern) {
  shared_array<std::pair<int, float>> pairs(37, q, {0, 0.0f});
  q.fill(pairs.data(), std::pair<int, float>{-3, 1.25f}, 30).wait_and_throw();
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    EXPECT_EQ(pairs[i].first, i < 30 ? -3 : 0) << i;
    EXPECT_EQ(pairs[i].second, i < 30 ? 1.25f : 0.0f) << i;
  }
  shared_array<money> cash(5, q, money(1));
  q.submit([&](sycl::handler& h) { h.fill(cash.data() + 1, money(250), 3); }).wait_and_throw();
  const std::vector<long> expected{1, 250, 250, 250, 1};
  for (std::size_t i = 0; i < cash.size(); ++i) EXPECT_EQ(cash[i].cents, expected[i]) << i;
}

// ---- Reductions over types that are device copyable, not trivially copyable ----
// A GPU exchanges reduction values in registers and combines them atomically, as bytes, so
// there the type must be trivially copyable (runtime/reduction.hpp): these run on the CPU,
// which the g++ build of this file tests.
#if !defined(__CUDACC__)

/// The smallest value and, among equal ones, the smallest index: the SYCL book's minloc,
/// made independent of the order in which partial results combine.
struct minloc {
  std::pair<float, int> operator()(const std::pair<float, int>& a, const std::pair<float, int>& b) const {
    return (b.first < a.first || (b.first == a.first && b.second < a.second)) ? b : a;
  }
};

float value_at(std::size_t i) { return static_cast<float>((i * 7919) % 10007) - 5000.0f; }

TEST_P(sycl_device_copyable, minloc_over_std_pair_as_the_sycl_book_writes_it) {
  const std::pair<float, int> identity{std::numeric_limits<float>::max(), INT_MAX};
  shared_array<std::pair<float, int>> result(1, q, identity);
  for (std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{7}, std::size_t{1000}, std::size_t{100003}}) {
    shared_array<float> data(n, q);
    for (std::size_t i = 0; i < n; ++i) data[i] = value_at(i);
    const float* d = data.data();
    for (bool init : {false, true}) {
      const std::pair<float, int> start{-4000.5f, 12345};  // the variable's value before the kernel
      std::pair<float, int> expected = init ? identity : start;
      for (std::size_t i = 0; i < n; ++i) expected = minloc{}(expected, {value_at(i), static_cast<int>(i)});
      const auto props = init ? sycl::property_list{sycl::property::reduction::initialize_to_identity{}}
                              : sycl::property_list{};
      result[0] = start;
      q.submit([&](sycl::handler& h) {
        h.parallel_for(sycl::range<1>{n}, sycl::reduction(result.data(), identity, minloc(), props),
                       [=](sycl::id<1> i, auto& r) { r.combine({d[i], static_cast<int>(i[0])}); });
      }).wait_and_throw();
      ASSERT_EQ(result[0], expected) << "range, n " << n << " init " << init;
      for (std::size_t local : {std::size_t{3}, std::size_t{64}}) {
        result[0] = start;
        const std::size_t global = (n + local - 1) / local * local;
        q.parallel_for(sycl::nd_range<1>{global, local}, sycl::reduction(result.data(), identity, minloc(), props),
                       [=](sycl::nd_item<1> it, auto& r) {
                         const std::size_t i = it.get_global_id(0);
                         if (i < n) r.combine({d[i], static_cast<int>(i)});
                         sycl::group_barrier(it.get_group());  // partials survive the switch to fibers
                       })
            .wait_and_throw();
        ASSERT_EQ(result[0], expected) << "nd_range, n " << n << " local " << local << " init " << init;
      }
    }
  }
}

/// Component-wise sums of a tuple, and of a program's own device copyable type.
struct tuple_sum {
  std::tuple<int, long long, money> operator()(const std::tuple<int, long long, money>& a,
                                               const std::tuple<int, long long, money>& b) const {
    return {std::get<0>(a) + std::get<0>(b), std::get<1>(a) + std::get<1>(b),
            money(std::get<2>(a).cents + std::get<2>(b).cents)};
  }
};

TEST_P(sycl_device_copyable, tuples_and_a_programs_own_type_reduce_in_one_kernel) {
  using T = std::tuple<int, long long, money>;
  const std::size_t n = 250007;
  shared_array<T> sums(1, q, T{5, 6, money(7)});
  shared_array<int> count(1, q, 100);
  q.parallel_for(sycl::range<2>{n / 7, 7}, sycl::reduction(sums.data(), T{0, 0, money(0)}, tuple_sum()),
                 sycl::reduction(count.data(), sycl::plus<int>()), [=](sycl::item<2> it, auto& s, auto& c) {
                   const long long i = static_cast<long long>(it.get_linear_id());
                   s.combine(T{static_cast<int>(i % 3), i * i, money(-i)});
                   c += 1;
                 })
      .wait_and_throw();
  long long squares = 6, cents = 7;
  int threes = 5;
  for (long long i = 0; i < static_cast<long long>(n / 7 * 7); ++i) {
    threes += static_cast<int>(i % 3);
    squares += i * i;
    cents -= i;
  }
  EXPECT_EQ(std::get<0>(sums[0]), threes);
  EXPECT_EQ(std::get<1>(sums[0]), squares);
  EXPECT_EQ(std::get<2>(sums[0]).cents, cents);
  EXPECT_EQ(count[0], 100 + static_cast<int>(n / 7 * 7));
}

TEST_P(sycl_device_copyable, array_reductions_over_pairs) {
  // The minloc of each of 10 buckets (item i goes to bucket i % 10).
  const std::size_t n = 54321, buckets = 10;
  const std::pair<float, int> identity{std::numeric_limits<float>::max(), INT_MAX};
  shared_array<std::pair<float, int>> result(buckets, q, identity);
  result[3] = {-6000.0f, -1};  // combined with the variable: wins its bucket
  std::vector<std::pair<float, int>> expected(result.begin(), result.end());
  for (std::size_t i = 0; i < n; ++i)
    expected[i % buckets] = minloc{}(expected[i % buckets], {value_at(i), static_cast<int>(i)});
  q.parallel_for(sycl::range<1>{n}, sycl::reduction(std::span(result.data(), buckets), identity, minloc()),
                 [=](sycl::id<1> i, auto& r) { r[i[0] % buckets].combine({value_at(i[0]), static_cast<int>(i[0])}); })
      .wait_and_throw();
  for (std::size_t b = 0; b < buckets; ++b) EXPECT_EQ(result[b], expected[b]) << "bucket " << b;
}

/// Knows whether it was copied as bytes: a copy made by its copy constructor or assignment
/// records its own address. (Not device copyable by the spec's rules, so declaring it so is
/// this test's licence: the CPU must copy reduction values as C++ does, never as bytes.)
struct self_aware {
  long value = 0;
  const self_aware* self = this;
  self_aware() = default;
  explicit self_aware(long v) : value(v) {}
  self_aware(const self_aware& other) : value(other.value) {}
  self_aware& operator=(const self_aware& other) {
    value = other.value;
    return *this;
  }
  bool intact() const { return self == this; }
};
struct self_aware_sum {
  self_aware operator()(const self_aware& a, const self_aware& b) const {
    return self_aware(a.intact() && b.intact() ? a.value + b.value : LONG_MIN / 2);
  }
};

}  // namespace

template <>
struct sycl::is_device_copyable<self_aware> : std::true_type {};

namespace {

TEST_P(sycl_device_copyable, the_cpu_copies_reduction_values_with_their_copy_constructors) {
  const std::size_t n = 100000;
  shared_array<self_aware> sum(1, q, self_aware(3));
  q.parallel_for(sycl::range<1>{n}, sycl::reduction(sum.data(), self_aware(0), self_aware_sum()),
                 [=](sycl::id<1> i, auto& r) { r.combine(self_aware(static_cast<long>(i[0]))); })
      .wait_and_throw();
  EXPECT_TRUE(sum[0].intact());
  EXPECT_EQ(sum[0].value, 3 + static_cast<long>(n * (n - 1) / 2));
  q.parallel_for(sycl::nd_range<1>{sycl::range<1>{1024}, sycl::range<1>{32}},
                 sycl::reduction(sum.data(), self_aware(0), self_aware_sum(),
                                 sycl::property::reduction::initialize_to_identity{}),
                 [=](sycl::nd_item<1> it, auto& r) {
                   r.combine(self_aware(1));
                   sycl::group_barrier(it.get_group());
                   r.combine(self_aware(2));
                 })
      .wait_and_throw();
  EXPECT_TRUE(sum[0].intact());
  EXPECT_EQ(sum[0].value, 3 * 1024);
}

TEST_P(sycl_device_copyable, bad_reduction_arguments_throw) {
  std::pair<float, int>* null = nullptr;
  expect_errc([&] { (void)sycl::reduction(null, {0.0f, 0}, minloc()); }, sycl::errc::invalid);
  shared_array<std::pair<float, int>> v(1, q);
  expect_errc([&] {
    q.parallel_for(sycl::nd_range<1>{10, 3}, sycl::reduction(v.data(), {0.0f, 0}, minloc()),
                   [=](sycl::nd_item<1>, auto& r) { r.combine({1.0f, 1}); });
  }, sycl::errc::nd_range);
}

#endif  // !defined(__CUDACC__)

COHORT_INSTANTIATE_ON_ALL_DEVICES(sycl_device_copyable);

}  // namespace
