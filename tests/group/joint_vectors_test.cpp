// SPDX-License-Identifier: MIT
// joint_reduce, joint_inclusive_scan and joint_exclusive_scan over ranges empty, shorter
// and longer than the group, in place and out of place, with every meaningful operator
// (those without an identity take the first element), typed and transparent, with and
// without init: floating-point and bool scalars. (joint_composites_test: vec and marray;
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
class joint_vectors : public cohort_test::on_device {};
}  // namespace

TEST_P(joint_vectors, floating_and_bool_every_operator_short_long_empty_in_place) {
  for_each_type<float, double, bool>([&]<typename T>() {
    for (std::size_t local : {1u, 33u, 256u})
      for (std::size_t length : {std::size_t{0}, std::size_t{1}, local / 2, local, 3 * local + 1})
        joint_on<T>(q, local, length);
  });
}

COHORT_INSTANTIATE_ON_ALL_DEVICES(joint_vectors);
