// SPDX-License-Identifier: MIT
// Must NOT compile through cohort::sycl: cohort cannot see the attribute, and a kernel that
// relies on sub-groups of 32 would otherwise run with the device's default. The build fails
// with the compiler's "attribute ignored" diagnostic as an error (tests/CMakeLists.txt checks
// that message); the kernel property sycl::ext::oneapi::experimental::sub_group_size<32> is
// what to write instead.
#include <sycl/sycl.hpp>

int main() {
  sycl::queue q;
  int* out = sycl::malloc_shared<int>(64, q);
  q.parallel_for(sycl::nd_range<1>{64, 64}, [=](sycl::nd_item<1> it) [[sycl::reqd_sub_group_size(32)]] {
     out[it.get_global_linear_id()] = static_cast<int>(it.get_sub_group().get_max_local_range()[0]);
   }).wait();
  const bool ok = out[0] == 32;
  sycl::free(out, q);
  return ok ? 0 : 1;
}
