// queue::prefetch and queue::mem_advise (SYCL 2020 USM hints) and their handler forms: each
// is a command that completes and orders with its dependencies; on the GPU a prefetched
// managed array is then used by a kernel; bad input throws.
#include <sycl/sycl.hpp>

#include <vector>

#include "support/devices.hpp"

using cohort_test::on_device;

namespace {

class prefetch_mem_advise_test : public on_device {};

TEST_P(prefetch_mem_advise_test, CommandsCompleteAndOrder) {
  const std::size_t n = 1 << 16;
  int* data = sycl::malloc_shared<int>(n, q);
  int* dev = sycl::malloc_device<int>(n, q);
  sycl::event fill = q.parallel_for(sycl::range<1>{n}, COHORT_LAMBDA(sycl::id<1> i) { data[i[0]] = static_cast<int>(i[0]); });
  sycl::event p = q.prefetch(data, n * sizeof(int), fill);
  // An advice valid on the device: on a GPU, cudaMemAdviseSetReadMostly; any value elsewhere.
  const int advice = q.get_device().is_gpu() ? 1 : 0;
  sycl::event a = q.mem_advise(data, n * sizeof(int), advice, {p});
  sycl::event d = q.prefetch(dev, n * sizeof(int));  // device memory: a command that does nothing
  sycl::event k = q.parallel_for(sycl::range<1>{n}, std::vector<sycl::event>{a, d},
                                 COHORT_LAMBDA(sycl::id<1> i) { data[i[0]] = data[i[0]] * 2 + 1; });
  k.wait();
  for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(data[i], static_cast<int>(2 * i + 1)) << i;
  EXPECT_EQ(p.get_info<sycl::info::event::command_execution_status>(), sycl::info::event_command_status::complete);
  EXPECT_EQ(a.get_info<sycl::info::event::command_execution_status>(), sycl::info::event_command_status::complete);
  // The handler forms, and zero bytes.
  q.submit([&](sycl::handler& h) { h.prefetch(data, n * sizeof(int)); }).wait();
  q.submit([&](sycl::handler& h) {
     h.depends_on(k);
     h.mem_advise(data, 0, advice);
   }).wait();
  q.prefetch(nullptr, 0).wait();
  q.mem_advise(nullptr, 0, advice).wait();
  // Used by a kernel after a prefetch to the device.
  q.prefetch(data, n * sizeof(int));
  q.wait();
  q.parallel_for(sycl::range<1>{n}, COHORT_LAMBDA(sycl::id<1> i) { data[i[0]] -= 1; }).wait();
  for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(data[i], static_cast<int>(2 * i)) << i;
  sycl::free(dev, q);
  sycl::free(data, q);
}

TEST_P(prefetch_mem_advise_test, InOrderQueue) {
  sycl::queue in_order{q.get_device(), sycl::property::queue::in_order{}};
  const std::size_t n = 4096;
  float* x = sycl::malloc_shared<float>(n, in_order);
  in_order.parallel_for(sycl::range<1>{n}, COHORT_LAMBDA(sycl::id<1> i) { x[i[0]] = 1.0f; });
  in_order.prefetch(x, n * sizeof(float));
  in_order.parallel_for(sycl::range<1>{n}, COHORT_LAMBDA(sycl::id<1> i) { x[i[0]] += 2.0f; });
  in_order.wait();
  for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(x[i], 3.0f);
  sycl::free(x, in_order);
}

TEST_P(prefetch_mem_advise_test, NullPointerThrows) {
  for (int which = 0; which < 4; ++which) {
    try {
      switch (which) {
        case 0: q.prefetch(nullptr, 8); break;
        case 1: q.mem_advise(nullptr, 8, 0); break;
        case 2: q.submit([](sycl::handler& h) { h.prefetch(nullptr, 1); }); break;
        default: q.submit([](sycl::handler& h) { h.mem_advise(nullptr, 1, 0); }); break;
      }
      ADD_FAILURE() << "no exception from case " << which;
    } catch (const sycl::exception& e) {
      EXPECT_EQ(e.code().value(), static_cast<int>(sycl::errc::invalid)) << which;
    }
  }
}

TEST_P(prefetch_mem_advise_test, InvalidAdviceOnTheGpuThrows) {
  if (!q.get_device().is_gpu()) GTEST_SKIP() << "the CPU takes any advice";
  int* data = sycl::malloc_shared<int>(64, q);
  try {
    q.mem_advise(data, 64 * sizeof(int), 12345).wait();
    ADD_FAILURE() << "no exception";
  } catch (const sycl::exception& e) {
    EXPECT_NE(std::string(e.what()).find("cudaErrorInvalidValue"), std::string::npos) << e.what();
  }
  // A valid advice works: read mostly, then a kernel reads the data.
  for (int i = 0; i < 64; ++i) data[i] = i;
  q.mem_advise(data, 64 * sizeof(int), 1).wait();
  int* sum = sycl::malloc_shared<int>(1, q);
  *sum = 0;
  q.single_task(COHORT_LAMBDA() {
     for (int i = 0; i < 64; ++i) *sum += data[i];
   }).wait();
  EXPECT_EQ(*sum, 64 * 63 / 2);
  sycl::free(sum, q);
  sycl::free(data, q);
}

COHORT_INSTANTIATE_ON_ALL_DEVICES(prefetch_mem_advise_test);

}  // namespace
