// SPDX-License-Identifier: MIT
// inclusive_scan_over_group and exclusive_scan_over_group with every meaningful SYCL
// function object (typed and transparent): without init (exclusive: from known_identity),
// with init (inclusive: init is the last argument); bool on work-groups of every 1D size,
// marray, and floating-point marray groups around the blocked scan.
// (scan_vectors_vec_test: float, double, vec, and their groups around the blocked scan;
// scan_integers_8bit_test, scan_integers_16bit_test, scan_integers_32bit_test and
// scan_integers_64bit_test: the integer types; scan_shapes_integers_test and
// scan_shapes_floating_vec_test: 2D and 3D groups and sub-groups.)
#include <cstdint>
#include <string>

#include "group/scan_matrix.hpp"
#include "support/devices.hpp"

using namespace cohort;
using namespace cohort_test::matrix;
using namespace cohort_test::scan_matrix;

namespace {
class scan_vectors_marray : public cohort_test::on_device {};
}  // namespace

TEST_P(scan_vectors_marray, fundamental_bool_every_1d_size) {
  for_each_type<bool>([&]<typename T>() {
    for (std::size_t local : sizes_1d) scan_on<T>(q, launch_1d(local), "local " + std::to_string(local));
  });
}

TEST_P(scan_vectors_marray, marray_component_wise) {
  for_each_type<marray<std::uint16_t, 3>, marray<double, 4>>([&]<typename T>() {
    for (std::size_t local : {1u, 33u, 256u}) scan_on<T>(q, launch_1d(local), "local " + std::to_string(local));
  });
}

// Floating-point values without a simd scan (vec, marray, min / max, ...) scan 64 or more
// values in four blocks, the last taking the remainder (inclusive and exclusive, on copies
// for scalars and where the items' places are for vec and marray): every remainder.
// (The scalar and vec part: scan_vectors_vec_test.)
TEST_P(scan_vectors_marray, floating_point_groups_around_the_blocked_scan) {
  for_each_type<marray<double, 2>>([&]<typename T>() {
    for (std::size_t local : {63u, 64u, 65u, 66u, 67u, 68u, 69u, 131u})
      scan_on<T>(q, launch_1d(local), "local " + std::to_string(local));
  });
}

COHORT_INSTANTIATE_ON_ALL_DEVICES(scan_vectors_marray);
