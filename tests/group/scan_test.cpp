// SPDX-License-Identifier: MIT
// inclusive_scan_over_group and exclusive_scan_over_group with every meaningful SYCL
// function object (typed and transparent): without init (exclusive: from known_identity),
// with init (inclusive: init is the last argument); fundamental types near their limits,
// vec and marray; every 1D size, 2D and 3D groups (linear id order), every sub-group size.
#include <cstdint>
#include <utility>

#include "support/devices.hpp"
#include "support/group_matrix.hpp"

using namespace cohort;
using namespace cohort_test::matrix;

namespace {
class scan : public cohort_test::on_device {};

template <typename T>
constexpr std::size_t kinds_v = kinds_for<element_t<T>>().size();
constexpr std::size_t per_kind = 8;

/// Per item and operator (typed, then transparent): inclusive, inclusive with init,
/// exclusive with init, exclusive without init (where the operator has a known identity
/// for T; else the slot holds init).
template <typename T>
struct scan_every_operator {
  T init;
  template <typename Group, typename Item>
  COHORT_FUNCTION results<T, per_kind * kinds_v<T>> operator()(Group g, T x, Item) const {
    constexpr auto kinds = kinds_for<element_t<T>>();
    results<T, per_kind * kinds_v<T>> r;
    auto one = [&](auto op, T* slot) {
      slot[0] = inclusive_scan_over_group(g, x, op);
      slot[2] = inclusive_scan_over_group(g, x, op, init);
      slot[4] = exclusive_scan_over_group(g, x, init, op);
      if constexpr (has_known_identity_v<decltype(op), T>) slot[6] = exclusive_scan_over_group(g, x, op);
      else slot[6] = init;
    };
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      ((one(function_object<kinds[I], T>(), r.v + per_kind * I),
        one(function_object<kinds[I], void>(), r.v + per_kind * I + 1)),
       ...);
    }(std::make_index_sequence<kinds_v<T>>{});
    return r;
  }
};

template <typename T>
void check_scan(const std::vector<T>& in, const std::vector<results<T, per_kind * kinds_v<T>>>& out,
                const std::vector<segment>& segs, T init, const std::string& where) {
  constexpr auto kinds = kinds_for<element_t<T>>();
  for (std::size_t k = 0; k < kinds.size(); ++k) {
    element_t<T> e{};
    const bool has_identity = reference_identity(kinds[k], e);
    const T identity = reference_identity_t<T>(kinds[k]);
    for (const segment& s : segs) {
      T inclusive = in[s.begin], with_init = init, exclusive_identity = identity;
      for (std::size_t i = s.begin; i < s.end; ++i) {
        const T exclusive_init = with_init;
        if (i > s.begin) inclusive = reference_apply_t(kinds[k], inclusive, in[i]);
        with_init = reference_apply_t(kinds[k], with_init, in[i]);
        for (int form = 0; form < 2; ++form) {
          const T* r = out[i].v + per_kind * k + form;
          auto what = [&](const char* scan_kind) {
            return [&, scan_kind] {
              return where + " " + type_name<T>() + " " + name_of(kinds[k]) + (form ? " (void) " : " ") + scan_kind +
                     " item " + std::to_string(i);
            };
          };
          if (!check(r[0], inclusive, what("inclusive")) || !check(r[2], with_init, what("inclusive init")) ||
              !check(r[4], exclusive_init, what("exclusive init")) ||
              (has_identity && !check(r[6], exclusive_identity, what("exclusive"))))
            return;
        }
        if (has_identity) exclusive_identity = reference_apply_t(kinds[k], exclusive_identity, in[i]);
      }
    }
  }
}

template <typename T, std::uint32_t SubGroup = 0, int D>
void scan_on(queue& q, const nd_range<D>& ndr, const std::string& where) {
  const std::size_t n = ndr.get_global_range().size(), local = ndr.get_local_range().size();
  const auto in = data<T>(n, 23);
  const T init = value<T>(3, 9);
  const auto out = run<results<T, per_kind * kinds_v<T>>, SubGroup>(q, ndr, in, scan_every_operator<T>{init});
  check_scan(in, out, segments(n / local, local, SubGroup), init, where);
}
}  // namespace

TEST_P(scan, fundamental_types_every_1d_size) {
  for_each_type<std::int8_t, std::uint8_t, std::int16_t, std::uint16_t, std::int32_t, std::uint32_t, std::int64_t,
                std::uint64_t, float, double, bool>([&]<typename T>() {
    for (std::size_t local : sizes_1d) scan_on<T>(q, launch_1d(local), "local " + std::to_string(local));
  });
}

TEST_P(scan, vec_and_marray_component_wise) {
  for_each_type<vec<std::int64_t, 2>, vec<float, 4>, marray<std::uint16_t, 3>, marray<double, 4>>([&]<typename T>() {
    for (std::size_t local : {1u, 33u, 256u}) scan_on<T>(q, launch_1d(local), "local " + std::to_string(local));
  });
}

// Floating-point values without a simd scan (vec, marray, min / max, ...) scan 64 or more
// values in four blocks, the last taking the remainder (inclusive and exclusive, on copies
// for scalars and where the items' places are for vec and marray): every remainder.
TEST_P(scan, floating_point_groups_around_the_blocked_scan) {
  for_each_type<float, double, vec<float, 4>, marray<double, 2>>([&]<typename T>() {
    for (std::size_t local : {63u, 64u, 65u, 66u, 67u, 68u, 69u, 131u})
      scan_on<T>(q, launch_1d(local), "local " + std::to_string(local));
  });
}

TEST_P(scan, two_and_three_dimensional_groups_in_linear_id_order) {
  for_each_type<std::int32_t, float>([&]<typename T>() {
    for (const auto& ndr : launches_2d()) scan_on<T>(q, ndr, "2D");
    for (const auto& ndr : launches_3d()) scan_on<T>(q, ndr, "3D");
  });
}

TEST_P(scan, sub_groups_of_every_size) {
  for_each_type<std::int16_t, double, vec<std::uint32_t, 2>>([&]<typename T>() {
    for_each_sub_group_size(q, [&]<std::uint32_t S>() {
      for (std::size_t local : {1u, 7u, 32u, 33u, 100u})
        scan_on<T, S>(q, launch_1d(local), "sub-group " + std::to_string(S) + " local " + std::to_string(local));
    });
  });
}

COHORT_INSTANTIATE_ON_ALL_DEVICES(scan);
