// The entry headers: <sycl/sycl.hpp> and the legacy <CL/sycl.hpp> name cohort's vocabulary
// as namespace sycl (and cl::sycl), for programs that qualify names and for programs that
// say `using namespace sycl;`.
#include <CL/sycl.hpp>
#include <sycl/sycl.hpp>

#include <type_traits>

#include "support/devices.hpp"

#if !defined(SYCL_LANGUAGE_VERSION) || SYCL_LANGUAGE_VERSION < 202001
#error "<sycl/sycl.hpp> defines SYCL_LANGUAGE_VERSION for SYCL 2020"
#endif

static_assert(std::is_same_v<sycl::queue, cohort::queue>);
static_assert(std::is_same_v<sycl::nd_item<2>, cohort::nd_item<2>>);
static_assert(std::is_same_v<cl::sycl::handler, sycl::handler>);
static_assert(std::is_same_v<cl::sycl::access::fence_space, sycl::access::fence_space>);
static_assert(std::is_same_v<sycl::multi_ptr<int, sycl::access::address_space::global_space, sycl::access::decorated::no>,
                             sycl::raw_global_ptr<int>>);

namespace {

class sycl_namespace : public cohort_test::on_device {};

// Written as SYCL programs often are: everything unqualified.
namespace unqualified {
using namespace sycl;

int sum_of_ids(queue& q, std::size_t n) {
  int* total = malloc_shared<int>(1, q);
  *total = 0;
  q.submit([&](handler& h) {
     local_accessor<int, 1> scratch(range<1>{n}, h);
     h.parallel_for<class unqualified_names>(nd_range<1>{range<1>{n}, range<1>{n}}, COHORT_LAMBDA(nd_item<1> it) {
       scratch[it.get_local_id(0)] = static_cast<int>(it.get_global_id(0));
       it.barrier(access::fence_space::local_space);
       if (it.get_local_id(0) == 0) {
         int s = 0;
         for (std::size_t i = 0; i < n; ++i) s += scratch[i];
         *total = s;
       }
     });
   }).wait_and_throw();
  const int result = *total;
  free(total, q);
  return result;
}
}  // namespace unqualified

}  // namespace

TEST_P(sycl_namespace, programs_that_use_namespace_sycl_run) {
  for (std::size_t n : {1u, 10u, 99u}) EXPECT_EQ(unqualified::sum_of_ids(q, n), static_cast<int>(n * (n - 1) / 2)) << n;
}

TEST_P(sycl_namespace, legacy_namespace_cl_sycl_runs) {
  cl::sycl::queue legacy_queue{GetParam()};
  int* x = cl::sycl::malloc_shared<int>(4, legacy_queue);
  legacy_queue.parallel_for<class legacy_names>(cl::sycl::range<1>{4}, COHORT_LAMBDA(cl::sycl::id<1> i) {
    x[i[0]] = static_cast<int>(i[0]) + 1;
  }).wait_and_throw();
  EXPECT_EQ(x[0] + x[1] + x[2] + x[3], 10);
  cl::sycl::free(x, legacy_queue);
}

// SYCL 1.2.1's selector classes, still common in programs: the built-in ones choose what the
// SYCL 2020 selector functions choose, and a class derived from device_selector is used.
TEST_P(sycl_namespace, selector_classes_of_sycl_1_2_1_choose_as_the_functions_do) {
  EXPECT_EQ(sycl::device(sycl::default_selector{}), sycl::device(sycl::default_selector_v));
  EXPECT_TRUE(sycl::queue(sycl::cpu_selector{}).get_device().is_cpu());
  EXPECT_TRUE(sycl::host_selector{}.select_device().is_cpu());
  const bool has_gpu = !sycl::device::get_devices(sycl::info::device_type::gpu).empty();
  if (has_gpu) EXPECT_TRUE(sycl::gpu_selector{}.select_device().is_gpu());
  else EXPECT_THROW(sycl::gpu_selector{}.select_device(), sycl::exception);
  struct this_device : sycl::device_selector {
    sycl::device wanted;
    explicit this_device(sycl::device d) : wanted(std::move(d)) {}
    int operator()(const sycl::device& d) const override { return d == wanted ? 1 : -1; }
  };
  const this_device mine(GetParam());
  const sycl::device_selector& as_base = mine;
  EXPECT_EQ(sycl::queue(as_base).get_device(), GetParam());
  EXPECT_EQ(mine.select_device(), GetParam());
}

COHORT_INSTANTIATE_ON_ALL_DEVICES(sycl_namespace);
