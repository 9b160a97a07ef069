// Basic range kernels and single_task: every point exactly once, item and id forms.
#include <type_traits>
#include <utility>

#include "support/devices.hpp"

using cohort_test::on_device;
using cohort_test::shared_array;
using namespace cohort;

namespace {
class range_kernels : public on_device {};
}

TEST_P(range_kernels, one_dimension_every_point_once) {
  for (std::size_t n : {0u, 1u, 2u, 3u, 17u, 1000u, 65537u}) {
    shared_array<int> out(n + 1, q, 0);
    int* o = out.data();
    q.parallel_for(range<1>{n}, COHORT_LAMBDA(item<1> it) { o[it.get_linear_id()] += static_cast<int>(it.get_range(0)); })
        .wait_and_throw();
    for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(out[i], static_cast<int>(n)) << i;
    ASSERT_EQ(out[n], 0);  // nothing beyond the range
  }
}

TEST_P(range_kernels, id_form_and_size_t_shortcut) {
  shared_array<std::size_t> out(33, q, 0);
  std::size_t* o = out.data();
  q.parallel_for(range<1>{33}, COHORT_LAMBDA(id<1> i) { o[i] = i[0] * 2; }).wait_and_throw();
  for (std::size_t i = 0; i < 33; ++i) ASSERT_EQ(out[i], 2 * i);
  q.submit([&](handler& h) { h.parallel_for(std::size_t{33}, COHORT_LAMBDA(id<1> i) { o[i] += 1; }); }).wait();
  for (std::size_t i = 0; i < 33; ++i) ASSERT_EQ(out[i], 2 * i + 1);
}

TEST_P(range_kernels, two_and_three_dimensions_linearise_last_fastest) {
  const range<2> r2{7, 13};
  shared_array<std::size_t> o2(r2.size(), q, ~std::size_t{0});
  std::size_t* p2 = o2.data();
  q.parallel_for(r2, COHORT_LAMBDA(item<2> it) { p2[it.get_linear_id()] = it.get_id(0) * 1000 + it.get_id(1); })
      .wait_and_throw();
  for (std::size_t i = 0; i < 7; ++i)
    for (std::size_t j = 0; j < 13; ++j) ASSERT_EQ(o2[i * 13 + j], i * 1000 + j);

  const range<3> r3{3, 1, 5};
  shared_array<std::size_t> o3(r3.size(), q, ~std::size_t{0});
  std::size_t* p3 = o3.data();
  q.parallel_for(r3, COHORT_LAMBDA(id<3> i) { p3[(i[0] * 1 + i[1]) * 5 + i[2]] = i[0] * 100 + i[1] * 10 + i[2]; })
      .wait_and_throw();
  for (std::size_t i = 0; i < 3; ++i)
    for (std::size_t k = 0; k < 5; ++k) ASSERT_EQ(o3[i * 5 + k], i * 100 + k);
}

TEST_P(range_kernels, items_without_offset_and_their_conversion) {
  // The spec's item<D, WithOffset>: a kernel may take item<D, false>; it converts to
  // item<D, true>, whose (deprecated) offset is zero here.
  const range<2> r{3, 5};
  shared_array<std::size_t> out(r.size(), q, ~std::size_t{0});
  std::size_t* o = out.data();
  q.parallel_for(r, COHORT_LAMBDA(item<2, false> it) {
     const item<2> with_offset = it;
     o[it.get_linear_id()] = with_offset.get_id(0) * 100 + with_offset.get_id(1) + with_offset.get_range(1) * 1000;
   }).wait_and_throw();
  for (std::size_t i = 0; i < 3; ++i)
    for (std::size_t j = 0; j < 5; ++j) ASSERT_EQ(out[i * 5 + j], i * 100 + j + 5000);
  static_assert(std::is_same_v<decltype(std::declval<h_item<2>>().get_global()), item<2, false>>);
  static_assert(std::is_convertible_v<item<1, false>, item<1>> && !std::is_convertible_v<item<1>, item<1, false>>);
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#if defined(__CUDACC__)
#pragma nv_diagnostic push
#pragma nv_diag_suppress 1444  // the deprecated get_offset, on purpose
#endif
  shared_array<std::size_t> offsets(7, q, 1);
  std::size_t* off = offsets.data();
  q.parallel_for(range<1>{7}, COHORT_LAMBDA(item<1> it) { off[it.get_id(0)] = it.get_offset()[0]; }).wait_and_throw();
#if defined(__CUDACC__)
#pragma nv_diagnostic pop
#endif
#pragma GCC diagnostic pop
  for (std::size_t v : offsets) ASSERT_EQ(v, 0u);
}

TEST_P(range_kernels, zero_extent_in_one_dimension_runs_nothing) {
  shared_array<int> touched(1, q, 0);
  int* t = touched.data();
  q.parallel_for(range<2>{5, 0}, COHORT_LAMBDA(item<2>) { *t = 1; }).wait_and_throw();
  EXPECT_EQ(touched[0], 0);
}

TEST_P(range_kernels, single_task_runs_once) {
  shared_array<int> count(1, q, 0);
  int* c = count.data();
  q.single_task(COHORT_LAMBDA() { *c += 1; }).wait_and_throw();
  EXPECT_EQ(count[0], 1);
}

// Device code cannot throw: the g++ build of this file tests this on the CPU.
#if !defined(__CUDACC__)
TEST_P(range_kernels, exception_in_kernel_goes_to_async_handler) {
  int handled = 0;
  queue qh(GetParam(), [&](exception_list l) { handled += static_cast<int>(l.size()); });
  qh.parallel_for(range<1>{100}, COHORT_LAMBDA(id<1> i) {
    if (i[0] == 42) throw exception(errc::kernel, "item 42");
  });
  EXPECT_NO_THROW(qh.wait_and_throw());
  EXPECT_EQ(handled, 1);
}
#endif

COHORT_INSTANTIATE_ON_ALL_DEVICES(range_kernels);
