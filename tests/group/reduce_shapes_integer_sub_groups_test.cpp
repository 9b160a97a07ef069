// SPDX-License-Identifier: MIT
// reduce_over_group with every meaningful SYCL function object (typed and transparent),
// with and without init, on sub-groups of every size, over integer types near their limits
// and integer vec. (reduce_shapes_integer_groups_test: 2D and 3D work-groups over an
// integer type; reduce_shapes_floating_bool_test: both shapes over floating-point and bool
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
class reduce_shapes_integer_sub_groups : public cohort_test::on_device {};
}  // namespace

TEST_P(reduce_shapes_integer_sub_groups, sub_groups_of_every_size) {
  for_each_type<std::int8_t, std::uint64_t, vec<std::int32_t, 4>>([&]<typename T>() {
    for_each_sub_group_size(q, [&]<std::uint32_t S>() {
      for (std::size_t local : {1u, 7u, 32u, 33u, 100u, 256u})
        reduce_on<T, S>(q, launch_1d(local), "sub-group " + std::to_string(S) + " local " + std::to_string(local));
    });
  });
}

COHORT_INSTANTIATE_ON_ALL_DEVICES(reduce_shapes_integer_sub_groups);
