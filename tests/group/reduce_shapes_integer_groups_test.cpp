// SPDX-License-Identifier: MIT
// reduce_over_group with every meaningful SYCL function object (typed and transparent),
// with and without init, on 2D and 3D work-groups, over an integer type near its limits.
// (reduce_shapes_integer_sub_groups_test: sub-groups of every size over integer types and
// integer vec; reduce_shapes_floating_bool_test: both shapes over floating-point and bool
// types and float vec; reduce_integers_*_test and reduce_vectors_*_test: every type on
// work-groups of every 1D size.)
#include <cstdint>
#include <string>

#include "group/reduce_matrix.hpp"
#include "support/devices.hpp"

using namespace cohort;
using namespace cohort_test::matrix;
using namespace cohort_test::reduce_matrix;

namespace {
class reduce_shapes_integer_groups : public cohort_test::on_device {};
}  // namespace

TEST_P(reduce_shapes_integer_groups, two_and_three_dimensional_groups) {
  for_each_type<std::int32_t>([&]<typename T>() {
    for (const auto& ndr : launches_2d()) reduce_on<T>(q, ndr, "2D");
    for (const auto& ndr : launches_3d()) reduce_on<T>(q, ndr, "3D");
  });
}

COHORT_INSTANTIATE_ON_ALL_DEVICES(reduce_shapes_integer_groups);
