// SPDX-License-Identifier: MIT
// inclusive_scan_over_group and exclusive_scan_over_group with every meaningful SYCL
// function object (typed and transparent): without init (exclusive: from known_identity),
// with init (inclusive: init is the last argument); 2D and 3D groups (linear id order) and
// sub-groups of every size, over integer types near their limits.
// (scan_shapes_floating_vec_test: the same shapes over floating-point types and vec;
// scan_integers_*_test and scan_vectors_*_test: every type on 1D work-groups.)
#include <cstdint>
#include <string>

#include "group/scan_matrix.hpp"
#include "support/devices.hpp"

using namespace cohort;
using namespace cohort_test::matrix;
using namespace cohort_test::scan_matrix;

namespace {
class scan_shapes_integers : public cohort_test::on_device {};
}  // namespace

TEST_P(scan_shapes_integers, two_and_three_dimensional_groups_in_linear_id_order) {
  for_each_type<std::int32_t>([&]<typename T>() {
    for (const auto& ndr : launches_2d()) scan_on<T>(q, ndr, "2D");
    for (const auto& ndr : launches_3d()) scan_on<T>(q, ndr, "3D");
  });
}

TEST_P(scan_shapes_integers, sub_groups_of_every_size) {
  for_each_type<std::int16_t>([&]<typename T>() {
    for_each_sub_group_size(q, [&]<std::uint32_t S>() {
      for (std::size_t local : {1u, 7u, 32u, 33u, 100u})
        scan_on<T, S>(q, launch_1d(local), "sub-group " + std::to_string(S) + " local " + std::to_string(local));
    });
  });
}

COHORT_INSTANTIATE_ON_ALL_DEVICES(scan_shapes_integers);
