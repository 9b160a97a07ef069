// SPDX-License-Identifier: MIT
// reduce_over_group with every meaningful SYCL function object (typed and transparent),
// with and without init, on 2D and 3D work-groups and on sub-groups of every size, over
// fundamental types near their limits and vec. (reduce_integers_test and
// reduce_vectors_test: every type on work-groups of every 1D size.)
#include <cstdint>
#include <string>

#include "group/reduce_matrix.hpp"
#include "support/devices.hpp"

using namespace cohort;
using namespace cohort_test::matrix;
using namespace cohort_test::reduce_matrix;

namespace {
class reduce_shapes : public cohort_test::on_device {};
}  // namespace

TEST_P(reduce_shapes, two_and_three_dimensional_groups) {
  for_each_type<std::int32_t, double, vec<float, 3>>([&]<typename T>() {
    for (const auto& ndr : launches_2d()) reduce_on<T>(q, ndr, "2D");
    for (const auto& ndr : launches_3d()) reduce_on<T>(q, ndr, "3D");
  });
}

TEST_P(reduce_shapes, sub_groups_of_every_size) {
  for_each_type<std::int8_t, std::uint64_t, float, bool, vec<std::int32_t, 4>>([&]<typename T>() {
    for_each_sub_group_size(q, [&]<std::uint32_t S>() {
      for (std::size_t local : {1u, 7u, 32u, 33u, 100u, 256u})
        reduce_on<T, S>(q, launch_1d(local), "sub-group " + std::to_string(S) + " local " + std::to_string(local));
    });
  });
}

COHORT_INSTANTIATE_ON_ALL_DEVICES(reduce_shapes);
