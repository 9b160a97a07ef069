// SPDX-License-Identifier: MIT
// reduce_over_group with every meaningful SYCL function object (typed and transparent),
// with and without init, over the 8-bit integer types and char near their limits, on
// work-groups of every 1D size. (reduce_integers_16bit_test and reduce_integers_wide_test:
// the 16-, 32- and 64-bit integer types; reduce_vectors_vec_test and
// reduce_vectors_marray_test: floating-point and bool scalars, vec and marray;
// reduce_shapes_integer_groups_test, reduce_shapes_integer_sub_groups_test and
// reduce_shapes_floating_bool_test: 2D and 3D groups and sub-groups.)
#include <cstdint>
#include <string>

#include "group/reduce_matrix.hpp"
#include "support/devices.hpp"

using namespace cohort;
using namespace cohort_test::matrix;
using namespace cohort_test::reduce_matrix;

namespace {
class reduce_integers_8bit : public cohort_test::on_device {};
}  // namespace

TEST_P(reduce_integers_8bit, fundamental_integer_types_every_1d_size) {
  for_each_type<std::int8_t, std::uint8_t, char>([&]<typename T>() {
    for (std::size_t local : sizes_1d) reduce_on<T>(q, launch_1d(local), "local " + std::to_string(local));
  });
}

COHORT_INSTANTIATE_ON_ALL_DEVICES(reduce_integers_8bit);
