// SPDX-License-Identifier: MIT
// group_broadcast (three forms), shift_group_left/right with deltas > 1,
// permute_group_by_xor with masks > 1 and select_from_group with ids out of range (an
// unspecified value, but no crash), for fundamental scalar types, on 2D and 3D work-groups
// (a cohort extension for the shuffles) and sub-groups of every size.
// (broadcast_shuffle_scalars_test: scalar types on work-groups of every 1D size;
// broadcast_shuffle_composites_test: every shape for vec, marray and a trivially copyable
// struct without a default constructor.)
#include <cstdint>
#include <string>

#include "group/broadcast_shuffle_matrix.hpp"
#include "support/devices.hpp"

using namespace cohort;
using namespace cohort_test::matrix;
using namespace cohort_test::broadcast_shuffle_matrix;

namespace {
class broadcast_shuffle_scalar_shapes : public cohort_test::on_device {};
}  // namespace

TEST_P(broadcast_shuffle_scalar_shapes, two_and_three_dimensional_groups) {
  for_each_type<std::int32_t>([&]<typename T>() {
    for (const auto& ndr : launches_2d()) shuffle_on<T>(q, ndr, label<T>() + " 2D");
    for (const auto& ndr : launches_3d()) shuffle_on<T>(q, ndr, label<T>() + " 3D");
  });
}

TEST_P(broadcast_shuffle_scalar_shapes, sub_groups_of_every_size) {
  for_each_type<std::uint32_t>([&]<typename T>() {
    for_each_sub_group_size(q, [&]<std::uint32_t S>() {
      for (std::size_t local : {1u, 7u, 32u, 33u, 100u, 256u})
        shuffle_on<T, S>(q, launch_1d(local), label<T>() + " sub-group " + std::to_string(S) + " local " + std::to_string(local));
    });
  });
}

COHORT_INSTANTIATE_ON_ALL_DEVICES(broadcast_shuffle_scalar_shapes);
