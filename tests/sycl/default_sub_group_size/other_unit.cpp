// SPDX-License-Identifier: MIT
// A translation unit compiled without COHORT_DEFAULT_SUB_GROUP_SIZE, linked into a program
// whose other unit sets it (default_sub_group_size.cpp).
#include <sycl/sycl.hpp>

void launch_from_a_unit_without_a_default(sycl::queue& q) {
  q.parallel_for(sycl::nd_range<1>{32, 32}, [](sycl::nd_item<1>) {}).wait_and_throw();
}
