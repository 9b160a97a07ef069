// SPDX-License-Identifier: MIT
// reduce_over_group with every meaningful SYCL function object (typed and transparent),
// with and without init, over float and double on work-groups of every 1D size, and over
// vec (component-wise). (reduce_vectors_marray_test: bool scalars and marray;
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
class reduce_vectors_vec : public cohort_test::on_device {};
}  // namespace

TEST_P(reduce_vectors_vec, fundamental_floating_every_1d_size) {
  for_each_type<float, double>([&]<typename T>() {
    for (std::size_t local : sizes_1d) reduce_on<T>(q, launch_1d(local), "local " + std::to_string(local));
  });
}

TEST_P(reduce_vectors_vec, vec_component_wise) {
  for_each_type<vec<std::int32_t, 4>, vec<float, 3>, vec<std::uint8_t, 16>>([&]<typename T>() {
    for (std::size_t local : {1u, 31u, 144u, 1024u}) reduce_on<T>(q, launch_1d(local), "local " + std::to_string(local));
  });
}

COHORT_INSTANTIATE_ON_ALL_DEVICES(reduce_vectors_vec);
