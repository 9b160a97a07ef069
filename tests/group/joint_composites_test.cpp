// SPDX-License-Identifier: MIT
// joint_reduce, joint_inclusive_scan and joint_exclusive_scan over ranges empty, shorter
// and longer than the group, in place and out of place, with every meaningful operator
// (those without an identity take the first element), typed and transparent, with and
// without init: vec and marray. (joint_vectors_test: floating-point and bool scalars;
// joint_integers_*_test: the integer types; joint_long_ranges_test: ranges long enough for the blocked scans, over a
// mebibyte, and joint_any_of / all_of / none_of.)
#include <cstddef>
#include <cstdint>

#include "group/joint_matrix.hpp"
#include "support/devices.hpp"

using namespace cohort;
using namespace cohort_test::matrix;
using namespace cohort_test::joint_matrix;

namespace {
class joint_composites : public cohort_test::on_device {};
}  // namespace

TEST_P(joint_composites, vec_and_marray_ranges) {
  for_each_type<vec<std::int32_t, 4>, marray<float, 3>>([&]<typename T>() {
    for (std::size_t length : {std::size_t{0}, std::size_t{7}, std::size_t{300}}) joint_on<T>(q, 32, length);
  });
}

COHORT_INSTANTIATE_ON_ALL_DEVICES(joint_composites);
