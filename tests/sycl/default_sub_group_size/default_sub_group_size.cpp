// SPDX-License-Identifier: MIT
// COHORT_DEFAULT_SUB_GROUP_SIZE: built once with a size the CPU lists (16) and once with one
// it does not (7), by tests/CMakeLists.txt. nd_range kernels that require no size get the
// default, and their sub-groups say so truthfully; kernels that require a size keep theirs;
// an unsupported default throws errc::kernel_not_supported; a translation unit compiled
// with another default than the program's first launch throws errc::invalid.
#include <sycl/sycl.hpp>

#include <algorithm>
#include <cstddef>
#include <vector>

#include "support/devices.hpp"

#ifndef COHORT_TEST_OTHER_UNIT
#error "compile this file through the wrappers tests/CMakeLists.txt makes"
#endif

namespace syclex = sycl::ext::oneapi::experimental;
using cohort_test::on_device;
using cohort_test::shared_array;

/// Launches a kernel that requires no sub-group size from a translation unit compiled without
/// COHORT_DEFAULT_SUB_GROUP_SIZE (other_unit.cpp).
void launch_from_a_unit_without_a_default(sycl::queue& q);

namespace {

constexpr std::size_t default_size = COHORT_DEFAULT_SUB_GROUP_SIZE;

/// Each item records its sub-group's maximum and actual sizes, and how many items a
/// reduction over the sub-group saw.
struct reporter {
  int* out;
  COHORT_FUNCTION void operator()(sycl::nd_item<1> it) const {
    const sycl::sub_group sg = it.get_sub_group();
    int* o = out + it.get_global_linear_id() * 3;
    o[0] = static_cast<int>(sg.get_max_local_range()[0]);
    o[1] = static_cast<int>(sg.get_local_range()[0]);
    o[2] = sycl::reduce_over_group(sg, 1, sycl::plus<int>());
  }
};

std::vector<int> expected(std::size_t groups, std::size_t local, std::size_t size) {
  std::vector<int> e;
  for (std::size_t g = 0; g < groups; ++g)
    for (std::size_t l = 0; l < local; ++l) {
      const int actual = static_cast<int>(std::min(size, local - l / size * size));
      e.insert(e.end(), {static_cast<int>(size), actual, actual});
    }
  return e;
}

class sycl_default_sub_group_size : public on_device {};

TEST_P(sycl_default_sub_group_size, kernels_that_require_none_get_the_default) {
  for (std::size_t local : {1, 5, 16, 40}) {
    shared_array<int> out(2 * local * 3, q, -1);
    const sycl::nd_range<1> ndr{2 * local, local};
    if (cohort_test::supports_sub_group_size(q, default_size)) {
      q.parallel_for(ndr, reporter{out.data()}).wait_and_throw();
      EXPECT_EQ(out.to_vector(), expected(2, local, default_size)) << "local " << local;
    } else {
      try {
        q.parallel_for(ndr, reporter{out.data()});
        ADD_FAILURE() << "a default sub-group size the device does not list was accepted";
      } catch (const sycl::exception& e) {
        EXPECT_EQ(e.code(), sycl::errc::kernel_not_supported) << e.what();
      }
      EXPECT_EQ(out.to_vector(), std::vector<int>(out.size(), -1));
    }
    // A required size wins over the default.
    q.parallel_for(ndr, syclex::properties{syclex::sub_group_size<32>}, reporter{out.data()}).wait_and_throw();
    EXPECT_EQ(out.to_vector(), expected(2, local, 32)) << "local " << local;
  }
  // range kernels have no sub-groups: the default does not concern them.
  shared_array<int> out(5, q, -1);
  int* o = out.data();
  q.parallel_for(sycl::range<1>{5}, COHORT_LAMBDA(sycl::id<1> i) { o[i] = 1; }).wait_and_throw();
  EXPECT_EQ(out.to_vector(), std::vector<int>(5, 1));
}

#if COHORT_TEST_OTHER_UNIT
TEST_P(sycl_default_sub_group_size, units_with_another_default_throw_invalid) {
  // This unit's launch comes first, so the program's default is 16.
  q.parallel_for(sycl::nd_range<1>{32, 32}, syclex::properties{syclex::sub_group_size<32>},
                 COHORT_LAMBDA(sycl::nd_item<1>) {})
      .wait_and_throw();
  try {
    launch_from_a_unit_without_a_default(q);
    FAIL() << "a unit compiled without COHORT_DEFAULT_SUB_GROUP_SIZE launched in a program whose default is "
           << default_size;
  } catch (const sycl::exception& e) {
    EXPECT_EQ(e.code(), sycl::errc::invalid) << e.what();
  }
}
#endif

COHORT_INSTANTIATE_ON_ALL_DEVICES(sycl_default_sub_group_size);

}  // namespace
