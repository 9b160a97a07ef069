// Device aspects (device::has, platform::has, info::device::aspects), the USM allocation
// functions that take the kind as an argument, and SYCL_EXTERNAL, written as SYCL programs
// use them.
#include <sycl/sycl.hpp>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "support/devices.hpp"

namespace {

class sycl_aspects_usm : public cohort_test::on_device {};

SYCL_EXTERNAL int square_plus_one(int x) { return x * x + 1; }

bool listed(const std::vector<sycl::aspect>& all, sycl::aspect a) {
  return std::find(all.begin(), all.end(), a) != all.end();
}

TEST_P(sycl_aspects_usm, aspects_agree_with_the_device_and_its_info) {
  const sycl::device d = q.get_device();
  EXPECT_EQ(d.has(sycl::aspect::cpu), d.is_cpu());
  EXPECT_EQ(d.has(sycl::aspect::gpu), d.is_gpu());
  EXPECT_EQ(d.has(sycl::aspect::accelerator), d.is_accelerator());
  EXPECT_TRUE(d.has(sycl::aspect::fp64));
  EXPECT_TRUE(d.has(sycl::aspect::atomic64));
  EXPECT_TRUE(d.has(sycl::aspect::queue_profiling));
  EXPECT_FALSE(d.has(sycl::aspect::image));
  EXPECT_FALSE(d.has(sycl::aspect::fp16));
  EXPECT_EQ(d.has(sycl::aspect::usm_device_allocations), d.get_info<sycl::info::device::usm_device_allocations>());
  EXPECT_EQ(d.has(sycl::aspect::usm_host_allocations), d.get_info<sycl::info::device::usm_host_allocations>());
  EXPECT_EQ(d.has(sycl::aspect::usm_shared_allocations), d.get_info<sycl::info::device::usm_shared_allocations>());
  EXPECT_EQ(d.has(sycl::aspect::usm_system_allocations), d.is_cpu());

  const std::vector<sycl::aspect> all = d.get_info<sycl::info::device::aspects>();
  for (int a = 0; a <= static_cast<int>(sycl::aspect::usm_system_allocations); ++a)
    EXPECT_EQ(listed(all, static_cast<sycl::aspect>(a)), d.has(static_cast<sycl::aspect>(a))) << "aspect " << a;

  // A platform has an aspect when all of its devices have it.
  const sycl::platform p = d.get_platform();
  for (int a = 0; a <= static_cast<int>(sycl::aspect::usm_system_allocations); ++a) {
    const auto asp = static_cast<sycl::aspect>(a);
    bool everyone = true;
    for (const sycl::device& each : p.get_devices()) everyone = everyone && each.has(asp);
    EXPECT_EQ(p.has(asp), everyone) << "aspect " << a;
  }
}

TEST_P(sycl_aspects_usm, malloc_with_the_kind_as_an_argument) {
  for (const sycl::usm::alloc kind : {sycl::usm::alloc::host, sycl::usm::alloc::device, sycl::usm::alloc::shared}) {
    for (const std::size_t n : {std::size_t{1}, std::size_t{37}, std::size_t{1000}}) {
      int* typed = sycl::malloc<int>(n, q, kind);
      void* raw = sycl::malloc(n * sizeof(int), q.get_device(), q.get_context(), kind);
      int* aligned = sycl::aligned_alloc<int>(256, n, q, kind);
      void* aligned_raw = sycl::aligned_alloc(64, n, q.get_device(), q.get_context(), kind);
      ASSERT_NE(typed, nullptr);
      ASSERT_NE(raw, nullptr);
      ASSERT_NE(aligned, nullptr);
      ASSERT_NE(aligned_raw, nullptr);
      EXPECT_EQ(reinterpret_cast<std::uintptr_t>(aligned) % 256, 0u);
      EXPECT_EQ(reinterpret_cast<std::uintptr_t>(aligned_raw) % 64, 0u);
      EXPECT_EQ(sycl::get_pointer_type(typed, q.get_context()), kind);
      EXPECT_EQ(sycl::get_pointer_type(raw, q.get_context()), kind);
      EXPECT_EQ(sycl::get_pointer_type(aligned, q.get_context()), kind);

      // The memory works in a kernel whatever its kind, and SYCL_EXTERNAL functions run there.
      int* out = static_cast<int*>(raw);
      q.parallel_for<class fill_through_external>(sycl::range<1>{n}, COHORT_LAMBDA(sycl::item<1> it) {
         const int i = static_cast<int>(it.get_id(0));
         typed[i] = square_plus_one(i);
         out[i] = typed[i] - 1;
       }).wait_and_throw();
      std::vector<int> back(n);
      q.memcpy(back.data(), out, n * sizeof(int)).wait();
      for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(back[i], static_cast<int>(i * i)) << "kind " << static_cast<int>(kind);

      sycl::free(typed, q);
      sycl::free(raw, q.get_context());
      sycl::free(aligned, q);
      sycl::free(aligned_raw, q);
    }
  }
}

TEST_P(sycl_aspects_usm, the_unknown_kind_and_bad_alignments_allocate_nothing) {
  EXPECT_EQ(sycl::malloc(64, q, sycl::usm::alloc::unknown), nullptr);
  EXPECT_EQ(sycl::malloc<double>(8, q, sycl::usm::alloc::unknown), nullptr);
  EXPECT_EQ(sycl::aligned_alloc(64, 64, q, sycl::usm::alloc::unknown), nullptr);
  EXPECT_EQ(sycl::aligned_alloc(48, 64, q, sycl::usm::alloc::shared), nullptr);  // not a power of two
  // A count whose byte size overflows fails like any other request.
  EXPECT_EQ(sycl::malloc<double>(~std::size_t{0} / 4, q, sycl::usm::alloc::shared), nullptr);
}

COHORT_INSTANTIATE_ON_ALL_DEVICES(sycl_aspects_usm);

}  // namespace
