// Scalar reductions as SYCL 2020 section 4.9.2 describes them: reduction(ptr, ...),
// reduction(buffer, handler, ...), with and without an identity and initialize_to_identity,
// in range and nd_range kernels, several in one kernel, every operator of the SYCL function
// objects on integer and floating types, user operators, and the errors of bad arguments.
#include <sycl/sycl.hpp>

#include <cstdint>
#include <vector>

#include "support/devices.hpp"
#include "support/expect_errc.hpp"

namespace {

class sycl_reduction : public cohort_test::on_device {};

using cohort_test::expect_errc;
using cohort_test::shared_array;

/// 2048 and 2049: one whole tile of the CUDA range kernel with reductions, and one more element.
const std::vector<std::size_t> sizes{0, 1, 7, 256, 1000, 2048, 2049, 1000003};

/// The value item i contributes to a reduction with operator Op (small, so that sums and
/// products are exact in every type and order).
template <typename T, typename Op>
struct value_of {
  COHORT_FUNCTION T operator()(std::size_t i) const {
    if constexpr (std::is_same_v<Op, sycl::plus<T>> || std::is_same_v<Op, sycl::plus<>>)
      return static_cast<T>(static_cast<int>(i % 8) - 3) ;
    else if constexpr (std::is_same_v<Op, sycl::multiplies<T>>)
      return i % 5 == 0 ? static_cast<T>(-1) : (i % 100003 == 7 ? static_cast<T>(2) : static_cast<T>(1));
    else if constexpr (std::is_same_v<Op, sycl::bit_and<T>>)
      return i % 1000 == 999 ? static_cast<T>(0x70) : static_cast<T>(0x7f);
    else if constexpr (std::is_same_v<Op, sycl::bit_or<T>>)
      return static_cast<T>(1u << (i % 6));
    else if constexpr (std::is_same_v<Op, sycl::bit_xor<T>>)
      return static_cast<T>((i * 2654435761u) & 0x7fff);
    else
      return static_cast<T>(static_cast<long long>((i * 7919) % 10007) - 5000);
  }
};

template <typename T, typename Op>
T host_reduce(std::size_t n, T start, Op op) {
  T r = start;
  for (std::size_t i = 0; i < n; ++i) r = static_cast<T>(op(r, value_of<T, Op>{}(i)));
  return r;
}

/// `start` in the variable; range and nd_range kernels (local sizes 1, 3 and 64, the last
/// group partly past n), with and without initialize_to_identity.
template <typename T, typename Op>
void check_operator(sycl::queue& q, T start) {
  const Op op{};
  const T identity = sycl::known_identity_v<Op, T>;
  shared_array<T> var(1, q);
  for (std::size_t n : sizes) {
    for (bool init : {false, true}) {
      const T expected = host_reduce(n, init ? identity : start, op);
      const auto props = init ? sycl::property_list{sycl::property::reduction::initialize_to_identity{}}
                              : sycl::property_list{};
      var[0] = start;
      q.parallel_for(sycl::range<1>{n}, sycl::reduction(var.data(), op, props),
                     COHORT_LAMBDA(sycl::id<1> i, sycl::reducer<T, Op>& r) { r.combine(value_of<T, Op>{}(i[0])); })
          .wait_and_throw();
      ASSERT_EQ(var[0], expected) << "range, n " << n << " init " << init;
      for (std::size_t local : {std::size_t{1}, std::size_t{3}, std::size_t{64}}) {
        if (local == 1 && n > 1000) continue;
        var[0] = start;
        const std::size_t global = (n + local - 1) / local * local;
        q.parallel_for(sycl::nd_range<1>{global, local}, sycl::reduction(var.data(), op, props),
                       COHORT_LAMBDA(sycl::nd_item<1> it, sycl::reducer<T, Op>& r) {
                         if (it.get_global_id(0) < n) r.combine(value_of<T, Op>{}(it.get_global_id(0)));
                       })
            .wait_and_throw();
        ASSERT_EQ(var[0], expected) << "nd_range, n " << n << " local " << local << " init " << init;
      }
    }
  }
}

TEST_P(sycl_reduction, every_operator_on_integers) {
  check_operator<int, sycl::plus<int>>(q, 5);
  check_operator<int, sycl::multiplies<int>>(q, 3);
  check_operator<int, sycl::bit_and<int>>(q, 0x3c);
  check_operator<int, sycl::bit_or<int>>(q, 0x100);
  check_operator<int, sycl::bit_xor<int>>(q, 0x5555);
  check_operator<int, sycl::minimum<int>>(q, 17);
  check_operator<int, sycl::maximum<int>>(q, -17);
  check_operator<unsigned, sycl::plus<unsigned>>(q, 5u);
  check_operator<unsigned, sycl::bit_or<unsigned>>(q, 0x100u);
  check_operator<unsigned, sycl::minimum<unsigned>>(q, 17u);
  check_operator<std::int64_t, sycl::plus<std::int64_t>>(q, std::int64_t{1} << 40);
  check_operator<std::int64_t, sycl::maximum<std::int64_t>>(q, -(std::int64_t{1} << 40));
  check_operator<std::uint64_t, sycl::bit_xor<std::uint64_t>>(q, 0x1234);
  check_operator<std::int16_t, sycl::plus<std::int16_t>>(q, 5);
  check_operator<std::int16_t, sycl::maximum<std::int16_t>>(q, 5);
}

TEST_P(sycl_reduction, every_operator_on_floating_types) {
  check_operator<float, sycl::plus<float>>(q, 0.5f);
  check_operator<float, sycl::multiplies<float>>(q, 0.5f);
  check_operator<float, sycl::minimum<float>>(q, 3.5f);
  check_operator<float, sycl::maximum<float>>(q, -3.5f);
  check_operator<double, sycl::plus<double>>(q, 0.25);
  check_operator<double, sycl::multiplies<double>>(q, 4.0);
  check_operator<double, sycl::minimum<double>>(q, 3.5);
  check_operator<double, sycl::maximum<double>>(q, -3.5);
}

TEST_P(sycl_reduction, transparent_operators_and_the_reducer_operators) {
  const std::size_t n = 100003;
  shared_array<int> v(6, q);
  v[0] = 1;         // +=
  v[1] = 1;         // *=
  v[2] = -1;        // &=
  v[3] = 0;         // |=
  v[4] = 0;         // ^=
  v[5] = 10;        // ++
  int* p = v.data();
  shared_array<int> identities(3, q, 5);
  int* ids = identities.data();
  q.parallel_for(sycl::range<1>{n}, sycl::reduction(p, sycl::plus<>()), sycl::reduction(p + 1, sycl::multiplies<>()),
                 sycl::reduction(p + 2, sycl::bit_and<>()), sycl::reduction(p + 3, sycl::bit_or<>()),
                 sycl::reduction(p + 4, sycl::bit_xor<>()), sycl::reduction(p + 5, sycl::plus<int>()),
                 COHORT_LAMBDA(sycl::item<1> it, sycl::reducer<int, sycl::plus<>>& sum, sycl::reducer<int, sycl::multiplies<>>& prod,
                               sycl::reducer<int, sycl::bit_and<>>& band, sycl::reducer<int, sycl::bit_or<>>& bor,
                               sycl::reducer<int, sycl::bit_xor<>>& bxor, sycl::reducer<int, sycl::plus<int>>& count) {
                   const int i = static_cast<int>(it.get_id(0));
                   sum += i % 3;
                   prod *= i % 50000 == 1 ? -1 : 1;
                   band &= i == 77 ? 0xff0 : -1;
                   bor |= 1 << (i % 9);
                   bxor ^= i;
                   ++count;
                   count++;
                   if (i == 0) {
                     ids[0] = sum.identity();
                     ids[1] = prod.identity();
                     ids[2] = band.identity();
                   }
                 })
      .wait_and_throw();
  int sum = 1, x = 0;
  for (int i = 0; i < static_cast<int>(n); ++i) {
    sum += i % 3;
    x ^= i;
  }
  EXPECT_EQ(v[0], sum);
  EXPECT_EQ(v[1], -1);  // i = 1, 50001 and 100001: three sign changes
  EXPECT_EQ(v[2], 0xff0);
  EXPECT_EQ(v[3], 0x1ff);
  EXPECT_EQ(v[4], x);
  EXPECT_EQ(v[5], 10 + 2 * static_cast<int>(n));
  EXPECT_EQ(identities[0], 0);
  EXPECT_EQ(identities[1], 1);
  EXPECT_EQ(identities[2], -1);
}

TEST_P(sycl_reduction, several_reductions_in_one_nd_range_kernel_with_barriers) {
  const std::size_t n = 4096, local = 128;
  shared_array<double> sum(1, q, 0.0);
  shared_array<int> mx(1, q, 0);
  shared_array<long long> count(1, q, 100);
  double* s = sum.data();
  int* m = mx.data();
  long long* c = count.data();
  q.submit([&](sycl::handler& h) {
     sycl::local_accessor<int, 1> tile(local, h);
     h.parallel_for(sycl::nd_range<1>{n, local},
                    sycl::reduction(s, sycl::plus<double>(), {sycl::property::reduction::initialize_to_identity{}}),
                    sycl::reduction(m, sycl::maximum<int>()), sycl::reduction(c, sycl::plus<long long>()),
                    COHORT_LAMBDA(sycl::nd_item<1> it, sycl::reducer<double, sycl::plus<double>>& total,
                                  sycl::reducer<int, sycl::maximum<int>>& largest,
                                  sycl::reducer<long long, sycl::plus<long long>>& items) {
                      const std::size_t l = it.get_local_id(0);
                      tile[l] = static_cast<int>(it.get_global_id(0));
                      sycl::group_barrier(it.get_group());
                      // each item reads its neighbour's value, written before the barrier
                      const int neighbour = tile[(l + 1) % local];
                      total += 0.5 * neighbour;
                      largest.combine(neighbour);
                      ++items;
                    });
   }).wait_and_throw();
  EXPECT_EQ(sum[0], 0.5 * (static_cast<double>(n) * (n - 1) / 2));
  EXPECT_EQ(mx[0], static_cast<int>(n - 1));
  EXPECT_EQ(count[0], 100 + static_cast<long long>(n));
}

TEST_P(sycl_reduction, two_and_three_dimensional_ranges) {
  shared_array<long long> v(2, q, 0);
  long long* p = v.data();
  q.parallel_for(sycl::range<2>{37, 101}, sycl::reduction(p, sycl::plus<long long>()),
                 COHORT_LAMBDA(sycl::item<2> it, sycl::reducer<long long, sycl::plus<long long>>& r) { r += static_cast<long long>(it.get_linear_id()); })
      .wait_and_throw();
  const long long n2 = 37 * 101;
  EXPECT_EQ(v[0], n2 * (n2 - 1) / 2);
  q.parallel_for(sycl::nd_range<3>{{4, 6, 10}, {2, 3, 5}}, sycl::reduction(p + 1, sycl::plus<long long>()),
                 COHORT_LAMBDA(sycl::nd_item<3> it, sycl::reducer<long long, sycl::plus<long long>>& r) { r += static_cast<long long>(it.get_global_linear_id()); })
      .wait_and_throw();
  EXPECT_EQ(v[1], 240LL * 239 / 2);
}

/// A user operator: the maximum by absolute value, with 0 as its identity.
struct max_abs {
  COHORT_FUNCTION int operator()(int a, int b) const { return (a < 0 ? -a : a) >= (b < 0 ? -b : b) ? a : b; }
};
/// A user type: the smallest value and where it is.
struct min_loc {
  float value;
  int index;
};
struct min_loc_op {
  COHORT_FUNCTION min_loc operator()(const min_loc& a, const min_loc& b) const {
    return (b.value < a.value || (b.value == a.value && b.index < a.index)) ? b : a;
  }
};

TEST_P(sycl_reduction, user_operators_with_an_identity) {
  const std::size_t n = 10007;
  shared_array<int> v(1, q, 0);
  shared_array<min_loc> m(1, q, min_loc{1e30f, -1});
  int* p = v.data();
  min_loc* pm = m.data();
  static_assert(!sycl::has_known_identity_v<max_abs, int>);
  q.parallel_for(sycl::range<1>{n}, sycl::reduction(p, 0, max_abs{}),
                 sycl::reduction(pm, min_loc{3.4e38f, 1 << 30}, min_loc_op{}),
                 COHORT_LAMBDA(sycl::id<1> i, sycl::reducer<int, max_abs>& r, sycl::reducer<min_loc, min_loc_op>& loc) {
                   const int k = static_cast<int>(i[0]);
                   r.combine(k == 4321 ? -20000 : k);
                   loc.combine(min_loc{static_cast<float>((k * 37) % 1001), k});
                 })
      .wait_and_throw();
  EXPECT_EQ(v[0], -20000);
  EXPECT_EQ(m[0].value, 0.0f);
  EXPECT_EQ(m[0].index, 0);
  // nd_range, one group partly used
  v[0] = 5;
  q.parallel_for(sycl::nd_range<1>{96, 32}, sycl::reduction(p, 0, max_abs{}),
                 COHORT_LAMBDA(sycl::nd_item<1> it, sycl::reducer<int, max_abs>& r) {
                   if (it.get_global_id(0) < 70) r.combine(-static_cast<int>(it.get_global_id(0)));
                 })
      .wait_and_throw();
  EXPECT_EQ(v[0], -69);
}

TEST_P(sycl_reduction, buffers_take_part_in_the_dependency_graph) {
  for (bool init : {false, true}) {
    sycl::buffer<int> data{sycl::range<1>(1000)};
    sycl::buffer<int> sum{sycl::range<1>(1)};
    {
      sycl::host_accessor h{sum, sycl::write_only};
      h[0] = 7;
    }
    q.submit([&](sycl::handler& h) {
      sycl::accessor d{data, h, sycl::write_only, sycl::no_init};
      h.parallel_for(sycl::range<1>{1000}, COHORT_LAMBDA(sycl::id<1> i) { d[i] = static_cast<int>(i[0]) % 10; });
    });
    q.submit([&](sycl::handler& h) {
      sycl::accessor d{data, h, sycl::read_only};
      auto props = init ? sycl::property_list{sycl::property::reduction::initialize_to_identity{}} : sycl::property_list{};
      h.parallel_for(sycl::range<1>{1000}, sycl::reduction(sum, h, sycl::plus<>(), props),
                     COHORT_LAMBDA(sycl::id<1> i, sycl::reducer<int, sycl::plus<>>& r) { r += d[i]; });
    });
    q.submit([&](sycl::handler& h) {  // a second reduction into the same buffer, after the first
      h.parallel_for(sycl::nd_range<1>{64, 16}, sycl::reduction(sum, h, 0, sycl::plus<int>()),
                     COHORT_LAMBDA(sycl::nd_item<1>, sycl::reducer<int, sycl::plus<int>>& r) { r += 1; });
    });
    sycl::host_accessor h{sum, sycl::read_only};
    EXPECT_EQ(h[0], (init ? 0 : 7) + 4500 + 64) << "init " << init;
  }
}

TEST_P(sycl_reduction, queue_shortcuts_after_dependencies) {
  shared_array<int> v(1, q, 0);
  shared_array<int> x(100, q, 0);
  int* p = v.data();
  int* px = x.data();
  sycl::event e = q.parallel_for(sycl::range<1>{100}, COHORT_LAMBDA(sycl::id<1> i) { px[i[0]] = 2; });
  sycl::event r1 = q.parallel_for(sycl::range<1>{100}, e, sycl::reduction(p, sycl::plus<int>()),
                                  COHORT_LAMBDA(sycl::id<1> i, sycl::reducer<int, sycl::plus<int>>& r) { r += px[i[0]]; });
  q.parallel_for(sycl::nd_range<1>{100, 10}, std::vector<sycl::event>{r1}, sycl::reduction(p, sycl::plus<int>()),
                 COHORT_LAMBDA(sycl::nd_item<1> it, sycl::reducer<int, sycl::plus<int>>& r) { r += px[it.get_global_id(0)]; })
      .wait_and_throw();
  EXPECT_EQ(v[0], 400);
}

// More work-groups than a GPU keeps totals for (it combines those atomically), between
// launches that do keep them: each result is right, and what a launch leaves behind does not
// reach the next.
TEST_P(sycl_reduction, many_work_groups_and_few_alternate) {
  shared_array<long long> sum(1, q);
  for (const std::size_t groups : {std::size_t{3}, std::size_t{1} << 17, std::size_t{5}, std::size_t{1} << 17}) {
    for (const bool init : {true, false}) {
      const std::size_t local = 2, n = groups * local;
      const auto props = init ? sycl::property_list{sycl::property::reduction::initialize_to_identity{}}
                              : sycl::property_list{};
      sum[0] = 7;
      q.parallel_for(sycl::nd_range<1>{n, local}, sycl::reduction(sum.data(), sycl::plus<long long>(), props),
                     COHORT_LAMBDA(sycl::nd_item<1> it, sycl::reducer<long long, sycl::plus<long long>>& r) {
                       r += static_cast<long long>(it.get_global_id(0));
                     })
          .wait_and_throw();
      const auto items = static_cast<long long>(n);
      ASSERT_EQ(sum[0], (init ? 0 : 7) + items * (items - 1) / 2) << groups << " groups, init " << init;
    }
  }
}

TEST_P(sycl_reduction, bad_arguments_throw) {
  int* null = nullptr;
  expect_errc([&] { (void)sycl::reduction(null, sycl::plus<int>()); }, sycl::errc::invalid);
  expect_errc([&] { (void)sycl::reduction(null, 0, sycl::plus<int>()); }, sycl::errc::invalid);
  sycl::buffer<int> two{sycl::range<1>(2)};
  expect_errc([&] { q.submit([&](sycl::handler& h) { (void)sycl::reduction(two, h, sycl::plus<int>()); }); },
              sycl::errc::invalid);
  shared_array<int> v(1, q, 0);
  int* p = v.data();
  expect_errc([&] {
    q.parallel_for(sycl::nd_range<1>{10, 3}, sycl::reduction(p, sycl::plus<int>()),
                   COHORT_LAMBDA(sycl::nd_item<1>, sycl::reducer<int, sycl::plus<int>>& r) { r += 1; });
  }, sycl::errc::nd_range);
}

COHORT_INSTANTIATE_ON_ALL_DEVICES(sycl_reduction);

}  // namespace
