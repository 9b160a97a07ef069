// SPDX-License-Identifier: MIT
// inclusive_scan_over_group and exclusive_scan_over_group with every meaningful SYCL
// function object (typed and transparent): without init (exclusive: from known_identity),
// with init (inclusive: init is the last argument); the 64-bit integer types near their
// limits on work-groups of every 1D size. (scan_integers_8bit_test,
// scan_integers_16bit_test and scan_integers_32bit_test: the narrower integer types;
// scan_vectors_vec_test and scan_vectors_marray_test: floating-point and bool scalars, vec
// and marray, the blocked scan; scan_shapes_integers_test and
// scan_shapes_floating_vec_test: 2D and 3D groups and sub-groups.)
#include <cstdint>
#include <string>

#include "group/scan_matrix.hpp"
#include "support/devices.hpp"

using namespace cohort;
using namespace cohort_test::matrix;
using namespace cohort_test::scan_matrix;

namespace {
class scan_integers_64bit : public cohort_test::on_device {};
}  // namespace

TEST_P(scan_integers_64bit, fundamental_integer_types_every_1d_size) {
  for_each_type<std::int64_t, std::uint64_t>([&]<typename T>() {
    for (std::size_t local : sizes_1d) scan_on<T>(q, launch_1d(local), "local " + std::to_string(local));
  });
}

COHORT_INSTANTIATE_ON_ALL_DEVICES(scan_integers_64bit);
