// SPDX-License-Identifier: MIT
// reduce_over_group with every meaningful SYCL function object (typed and transparent),
// with and without init, over fundamental types near their limits, vec and marray; on
// work-groups of every 1D size, 2D and 3D groups, and sub-groups of every size.
#include <cstdint>
#include <utility>

#include "support/devices.hpp"
#include "support/group_matrix.hpp"

using namespace cohort;
using namespace cohort_test::matrix;

namespace {
class reduce : public cohort_test::on_device {};

template <typename T>
constexpr std::size_t kinds_v = kinds_for<element_t<T>>().size();

/// Per item: for every operator, reduce without init (typed, transparent) and with init
/// (typed, transparent).
template <typename T>
struct reduce_every_operator {
  T init;
  template <typename Group, typename Item>
  COHORT_FUNCTION results<T, 4 * kinds_v<T>> operator()(Group g, T x, Item) const {
    constexpr auto kinds = kinds_for<element_t<T>>();
    results<T, 4 * kinds_v<T>> r;
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      ((r.v[4 * I + 0] = reduce_over_group(g, x, function_object<kinds[I], T>()),
        r.v[4 * I + 1] = reduce_over_group(g, x, function_object<kinds[I], void>()),
        r.v[4 * I + 2] = reduce_over_group(g, x, init, function_object<kinds[I], T>()),
        r.v[4 * I + 3] = reduce_over_group(g, x, init, function_object<kinds[I], void>())),
       ...);
    }(std::make_index_sequence<kinds_v<T>>{});
    return r;
  }
};

/// Compares every item of every segment with a sequential host loop over the segment.
template <typename T>
void check_reduce(const std::vector<T>& in, const std::vector<results<T, 4 * kinds_v<T>>>& out,
                  const std::vector<segment>& segs, T init, const std::string& where) {
  constexpr auto kinds = kinds_for<element_t<T>>();
  for (std::size_t k = 0; k < kinds.size(); ++k) {
    for (const segment& s : segs) {
      T plain = in[s.begin], with_init = init;
      for (std::size_t i = s.begin + 1; i < s.end; ++i) plain = reference_apply_t(kinds[k], plain, in[i]);
      for (std::size_t i = s.begin; i < s.end; ++i) with_init = reference_apply_t(kinds[k], with_init, in[i]);
      for (std::size_t i = s.begin; i < s.end; ++i) {
        auto what = [&](const char* form) {
          return where + " " + type_name<T>() + " " + name_of(kinds[k]) + form + " item " + std::to_string(i);
        };
        if (!check(out[i].v[4 * k + 0], plain, [&] { return what(""); }) ||
            !check(out[i].v[4 * k + 1], plain, [&] { return what(" (void)"); }) ||
            !check(out[i].v[4 * k + 2], with_init, [&] { return what(" init"); }) ||
            !check(out[i].v[4 * k + 3], with_init, [&] { return what(" init (void)"); }))
          return;
      }
    }
  }
}

template <typename T, std::uint32_t SubGroup = 0, int D>
void reduce_on(queue& q, const nd_range<D>& ndr, const std::string& where) {
  const std::size_t n = ndr.get_global_range().size(), local = ndr.get_local_range().size();
  const auto in = data<T>(n, 11);
  const T init = value<T>(7, 5);
  const auto out = run<results<T, 4 * kinds_v<T>>, SubGroup>(q, ndr, in, reduce_every_operator<T>{init});
  check_reduce(in, out, segments(n / local, local, SubGroup), init, where);
}
}  // namespace

TEST_P(reduce, fundamental_types_every_1d_size) {
  for_each_type<std::int8_t, std::uint8_t, std::int16_t, std::uint16_t, std::int32_t, std::uint32_t, std::int64_t,
                std::uint64_t, char, float, double, bool>([&]<typename T>() {
    for (std::size_t local : sizes_1d) reduce_on<T>(q, launch_1d(local), "local " + std::to_string(local));
  });
}

TEST_P(reduce, vec_and_marray_component_wise) {
  for_each_type<vec<std::int32_t, 4>, vec<float, 3>, vec<std::uint8_t, 16>, marray<std::int16_t, 5>, marray<double, 2>,
                marray<bool, 3>>([&]<typename T>() {
    for (std::size_t local : {1u, 31u, 144u, 1024u}) reduce_on<T>(q, launch_1d(local), "local " + std::to_string(local));
  });
}

TEST_P(reduce, two_and_three_dimensional_groups) {
  for_each_type<std::int32_t, double, vec<float, 3>>([&]<typename T>() {
    for (const auto& ndr : launches_2d()) reduce_on<T>(q, ndr, "2D");
    for (const auto& ndr : launches_3d()) reduce_on<T>(q, ndr, "3D");
  });
}

TEST_P(reduce, sub_groups_of_every_size) {
  for_each_type<std::int8_t, std::uint64_t, float, bool, vec<std::int32_t, 4>>([&]<typename T>() {
    for_each_sub_group_size(q, [&]<std::uint32_t S>() {
      for (std::size_t local : {1u, 7u, 32u, 33u, 100u, 256u})
        reduce_on<T, S>(q, launch_1d(local), "sub-group " + std::to_string(S) + " local " + std::to_string(local));
    });
  });
}

COHORT_INSTANTIATE_ON_ALL_DEVICES(reduce);
