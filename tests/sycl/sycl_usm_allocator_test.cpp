// SYCL 2020's usm_allocator (section 4.8.4): standard containers in shared and host USM, used by
// kernels; rebinding; equality; allocation failure.
#include <sycl/sycl.hpp>

#include <list>
#include <vector>

#include "support/devices.hpp"
#include "support/expect_errc.hpp"

namespace {

class sycl_usm_allocator : public cohort_test::on_device {};

TEST_P(sycl_usm_allocator, vectors_in_shared_and_host_memory_reach_kernels) {
  for (std::size_t n : {std::size_t{1}, std::size_t{7}, std::size_t{1000}, std::size_t{4099}}) {
    sycl::usm_allocator<int, sycl::usm::alloc::shared> shared(q);
    std::vector<int, sycl::usm_allocator<int, sycl::usm::alloc::shared>> v(n, 3, shared);
    EXPECT_EQ(sycl::get_pointer_type(v.data(), q.get_context()), sycl::usm::alloc::shared);
    int* p = v.data();
    q.parallel_for(sycl::range<1>(n), COHORT_LAMBDA(sycl::id<1> i) { p[i] += static_cast<int>(i[0]); }).wait();
    for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(v[i], 3 + static_cast<int>(i));
    v.resize(2 * n, 5);  // reallocates through the allocator
    EXPECT_EQ(v.back(), 5);
    EXPECT_EQ(v[n - 1], 3 + static_cast<int>(n - 1));
  }
  std::vector<double, sycl::usm_allocator<double, sycl::usm::alloc::host, 64>> h(
      33, 1.5, sycl::usm_allocator<double, sycl::usm::alloc::host, 64>(q.get_context(), q.get_device()));
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(h.data()) % 64, 0u);
  EXPECT_EQ(sycl::get_pointer_type(h.data(), q.get_context()), sycl::usm::alloc::host);
}

TEST_P(sycl_usm_allocator, rebinds_and_compares_by_device) {
  sycl::usm_allocator<int, sycl::usm::alloc::shared> a(q);
  sycl::usm_allocator<char, sycl::usm::alloc::shared> b(a);
  EXPECT_TRUE(a == b);
  EXPECT_EQ(b.get_device(), q.get_device());
  std::list<int, sycl::usm_allocator<int, sycl::usm::alloc::shared>> nodes(a);  // rebinds to its node type
  for (int i = 0; i < 10; ++i) nodes.push_back(i);
  EXPECT_EQ(nodes.size(), 10u);
  EXPECT_EQ(nodes.back(), 9);
}

TEST_P(sycl_usm_allocator, too_much_throws_memory_allocation) {
  sycl::usm_allocator<double, sycl::usm::alloc::shared> a(q);
  cohort_test::expect_errc([&] { (void)a.allocate(~std::size_t{0} / 16); }, sycl::errc::memory_allocation);
}

COHORT_INSTANTIATE_ON_ALL_DEVICES(sycl_usm_allocator);

}  // namespace
