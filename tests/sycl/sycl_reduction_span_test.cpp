// Array reductions (SYCL 2020 section 4.9.2): reduction(span, [identity,] op, props), whose
// reducer gives a reducer per element with `r[i]`; dynamic and static extents, with and
// without initialize_to_identity, in range and nd_range kernels, beside scalar reductions.
#include <sycl/sycl.hpp>

#include <cstdint>
#include <vector>

#include "support/devices.hpp"
#include "support/expect_errc.hpp"

namespace {

class sycl_reduction_span : public cohort_test::on_device {};

using cohort_test::expect_errc;
using cohort_test::shared_array;

TEST_P(sycl_reduction_span, histograms_in_range_and_nd_range_kernels) {
  constexpr std::size_t bins = 13;
  for (std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{1000}, std::size_t{1000003}}) {
    for (bool init : {false, true}) {
      std::vector<int> expected(bins, init ? 0 : 3);
      for (std::size_t i = 0; i < n; ++i) expected[(i * 31) % bins] += 1;
      const auto props = init ? sycl::property_list{sycl::property::reduction::initialize_to_identity{}}
                              : sycl::property_list{};
      shared_array<int> h(bins, q, 3);
      int* p = h.data();
      q.parallel_for(sycl::range<1>{n}, sycl::reduction(sycl::span<int>(p, bins), sycl::plus<>(), props),
                     COHORT_LAMBDA(sycl::id<1> i, sycl::reducer<int, sycl::plus<>, 1>& r) { r[(i[0] * 31) % bins] += 1; })
          .wait_and_throw();
      for (std::size_t b = 0; b < bins; ++b) ASSERT_EQ(h[b], expected[b]) << "range n " << n << " bin " << b;
      for (std::size_t b = 0; b < bins; ++b) h[b] = 3;
      const std::size_t local = 64, global = (n + local - 1) / local * local;
      q.parallel_for(sycl::nd_range<1>{global, local}, sycl::reduction(sycl::span<int, bins>(p, bins), sycl::plus<int>(), props),
                     COHORT_LAMBDA(sycl::nd_item<1> it, sycl::reducer<int, sycl::plus<int>, 1>& r) {
                       const std::size_t i = it.get_global_id(0);
                       if (i < n) ++r[(i * 31) % bins];
                     })
          .wait_and_throw();
      for (std::size_t b = 0; b < bins; ++b) ASSERT_EQ(h[b], expected[b]) << "nd_range n " << n << " bin " << b;
    }
  }
}

TEST_P(sycl_reduction_span, minimum_maximum_and_products_per_element) {
  constexpr std::size_t k = 8, n = 100000;
  shared_array<float> lo(k, q, 1e9f);
  shared_array<double> hi(k, q, -1e9);
  shared_array<std::int64_t> prod(k, q, 1);
  float* pl = lo.data();
  double* ph = hi.data();
  std::int64_t* pp = prod.data();
  q.parallel_for(sycl::range<1>{n}, sycl::reduction(sycl::span<float>(pl, k), sycl::minimum<float>()),
                 sycl::reduction(sycl::span<double, k>(ph, k), sycl::maximum<double>()),
                 sycl::reduction(sycl::span<std::int64_t>(pp, k), sycl::multiplies<std::int64_t>(),
                                 sycl::property::reduction::initialize_to_identity{}),
                 COHORT_LAMBDA(sycl::id<1> i, sycl::reducer<float, sycl::minimum<float>, 1>& mn,
                               sycl::reducer<double, sycl::maximum<double>, 1>& mx,
                               sycl::reducer<std::int64_t, sycl::multiplies<std::int64_t>, 1>& pr) {
                   const std::size_t e = i[0] % k;
                   const auto v = static_cast<float>((i[0] * 7919) % 10007);
                   mn[e].combine(v);
                   mx[e].combine(static_cast<double>(v));
                   if (i[0] < 8 * k) pr[e] *= 2;
                 })
      .wait_and_throw();
  for (std::size_t e = 0; e < k; ++e) {
    float mn = 1e9f;
    double mx = -1e9;
    for (std::size_t i = e; i < n; i += k) {
      const auto v = static_cast<float>((i * 7919) % 10007);
      mn = v < mn ? v : mn;
      mx = v > mx ? v : mx;
    }
    EXPECT_EQ(lo[e], mn) << e;
    EXPECT_EQ(hi[e], mx) << e;
    EXPECT_EQ(prod[e], 256) << e;
  }
}

/// A user operator with an identity: the bits set in any value, as a 16-bit mask.
struct mask_or {
  COHORT_FUNCTION std::uint16_t operator()(std::uint16_t a, std::uint16_t b) const {
    return static_cast<std::uint16_t>(a | b);
  }
};

TEST_P(sycl_reduction_span, user_operators_and_scalars_beside_arrays) {
  constexpr std::size_t k = 5, n = 4096;
  shared_array<std::uint16_t> masks(k, q, 0);
  shared_array<int> count(1, q, 0);
  std::uint16_t* pm = masks.data();
  int* pc = count.data();
  q.parallel_for(sycl::nd_range<2>{{64, 64}, {8, 16}}, sycl::reduction(sycl::span<std::uint16_t>(pm, k), std::uint16_t{0}, mask_or{}),
                 sycl::reduction(pc, sycl::plus<int>()),
                 COHORT_LAMBDA(sycl::nd_item<2> it, sycl::reducer<std::uint16_t, mask_or, 1>& m, sycl::reducer<int, sycl::plus<int>>& c) {
                   const std::size_t i = it.get_global_linear_id();
                   m[i % k].combine(static_cast<std::uint16_t>(1u << (i % 16)));
                   ++c;
                 })
      .wait_and_throw();
  for (std::size_t e = 0; e < k; ++e) {
    std::uint16_t expected = 0;
    for (std::size_t i = e; i < n; i += k) expected = static_cast<std::uint16_t>(expected | (1u << (i % 16)));
    EXPECT_EQ(masks[e], expected) << e;
  }
  EXPECT_EQ(count[0], static_cast<int>(n));
}

TEST_P(sycl_reduction_span, empty_spans_and_null_pointers) {
  shared_array<int> v(1, q, 4);
  int* p = v.data();
  q.parallel_for(sycl::range<1>{10}, sycl::reduction(sycl::span<int>(p, 0), sycl::plus<int>()),
                 COHORT_LAMBDA(sycl::id<1>, sycl::reducer<int, sycl::plus<int>, 1>&) {})
      .wait_and_throw();
  EXPECT_EQ(v[0], 4);
  int* null = nullptr;
  expect_errc([&] { (void)sycl::reduction(sycl::span<int>(null, 4), sycl::plus<int>()); }, sycl::errc::invalid);
}

COHORT_INSTANTIATE_ON_ALL_DEVICES(sycl_reduction_span);

}  // namespace
