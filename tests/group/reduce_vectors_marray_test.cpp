// SPDX-License-Identifier: MIT
// reduce_over_group with every meaningful SYCL function object (typed and transparent),
// with and without init, over bool on work-groups of every 1D size, and over marray
// (component-wise). (reduce_vectors_vec_test: float, double and vec;
// reduce_integers_8bit_test, reduce_integers_16bit_test and reduce_integers_wide_test: the
// integer types; reduce_shapes_integer_groups_test, reduce_shapes_integer_sub_groups_test
// and reduce_shapes_floating_bool_test: 2D and 3D groups and sub-groups.)
#include <cstdint>
#include <string>

#include "group/reduce_matrix.hpp"
#include "support/devices.hpp"

using namespace cohort;
using namespace cohort_test::matrix;
using namespace cohort_test::reduce_matrix;

namespace {
class reduce_vectors_marray : public cohort_test::on_device {};
}  // namespace

TEST_P(reduce_vectors_marray, fundamental_bool_every_1d_size) {
  for_each_type<bool>([&]<typename T>() {
    for (std::size_t local : sizes_1d) reduce_on<T>(q, launch_1d(local), "local " + std::to_string(local));
  });
}

TEST_P(reduce_vectors_marray, marray_component_wise) {
  for_each_type<marray<std::int16_t, 5>, marray<double, 2>, marray<bool, 3>>([&]<typename T>() {
    for (std::size_t local : {1u, 31u, 144u, 1024u}) reduce_on<T>(q, launch_1d(local), "local " + std::to_string(local));
  });
}

COHORT_INSTANTIATE_ON_ALL_DEVICES(reduce_vectors_marray);
