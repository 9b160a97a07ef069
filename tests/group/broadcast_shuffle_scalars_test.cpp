// SPDX-License-Identifier: MIT
// group_broadcast (three forms), shift_group_left/right with deltas > 1,
// permute_group_by_xor with masks > 1 and select_from_group with ids out of range (an
// unspecified value, but no crash), for fundamental scalar types, on work-groups (a cohort
// extension for the shuffles) of every 1D size. (broadcast_shuffle_scalar_shapes_test: 2D
// and 3D groups and sub-groups of every size over scalar types;
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
class broadcast_shuffle_scalars : public cohort_test::on_device {};
}  // namespace

TEST_P(broadcast_shuffle_scalars, trivially_copyable_types_every_1d_size) {
  for_each_type<std::int8_t, std::uint16_t, std::int64_t, double, bool>([&]<typename T>() {
    for (std::size_t local : sizes_1d) shuffle_on<T>(q, launch_1d(local), label<T>() + " local " + std::to_string(local));
  });
}

COHORT_INSTANTIATE_ON_ALL_DEVICES(broadcast_shuffle_scalars);
