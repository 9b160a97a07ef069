// SPDX-License-Identifier: MIT
#pragma once
// What the scoped group algorithm tests share (scoped_reduce_scan_integers_test,
// scoped_reduce_scan_shapes_test, scoped_broadcast_vote_test): the launch sizes, test data for every operator, and a kernel that runs the logical reduce
// and scans over private memory on a 1D work-group with one operator, with its host check.
// Each test file instantiates the kernel for its own part of the operator and type list.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <vector>

#include <gtest/gtest.h>

#include <cohort/cohort.hpp>

#include "support/shared_array.hpp"

namespace cohort_test::scoped_matrix {

using namespace cohort;

using cohort_test::shared_array;

/// Work-groups per launch.
inline constexpr std::size_t groups = 3;
/// 1D work-group sizes: a single item, odd sizes, a power of two, partial warps, and on a
/// GPU groups of several items per thread (above 1024), the last round partial.
inline constexpr std::size_t sizes_1d[] = {1, 7, 16, 33, 100, 257, 1024, 1500, 4099};

/// Test data for every operator: small values (products stay in range: mostly 1, a 2 every
/// 599 items and a few -1), varied bits, both signs.
template <typename T>
inline T value_at(std::size_t i, bool for_products) {
  if constexpr (std::is_same_v<T, bool>) {
    return (i * 2654435761u >> 5) % 5 != 0;
  } else if (for_products) {
    return static_cast<T>(i % 599 == 5 ? 2 : (i % 23 == 3 ? -1 : 1));
  } else {
    return static_cast<T>(static_cast<std::int64_t>((i * 7919 + 13) % 1021) - 500);
  }
}

/// op over v[first, last) in order, starting from v[first].
template <typename T, typename Op>
inline T host_fold(const std::vector<T>& v, std::size_t first, std::size_t last, Op op) {
  T acc = v[first];
  for (std::size_t i = first + 1; i < last; ++i) acc = static_cast<T>(op(acc, v[i]));
  return acc;
}

// ---- logical reduce and scans over a 1D work-group, one operator at a time ---------

/// reduce_over_group with and without init, inclusive and exclusive scans with and without
/// init, and an exclusive scan in place, on every size of sizes_1d; checked against host
/// loops.
template <typename T, typename Op>
inline void check_logical_reduce_and_scans(queue& q, Op op, T init, const char* name) {
  constexpr bool products = std::is_same_v<Op, multiplies<T>> || std::is_same_v<Op, multiplies<>>;
  for (std::size_t local : sizes_1d) {
    SCOPED_TRACE(testing::Message() << name << ", group size " << local);
    const std::size_t n = groups * local;
    std::vector<T> in(n);
    for (std::size_t i = 0; i < n; ++i) in[i] = value_at<T>(i, products);
    shared_array<T> din(n, q), inc(n, q), inc_init(n, q), exc(n, q), exc_init(n, q), in_place(n, q);
    shared_array<T> red(groups, q), red_init(groups, q);
    std::copy(in.begin(), in.end(), din.data());
    T *pin = din.data(), *pinc = inc.data(), *pinc_init = inc_init.data(), *pexc = exc.data();
    T *pexc_init = exc_init.data(), *pin_place = in_place.data(), *pred = red.data(), *pred_init = red_init.data();
    q.parallel(range<1>{groups}, range<1>{local}, COHORT_LAMBDA(scoped_group<1> g) {
      memory_environment(g, require_private_mem<T>(), require_private_mem<T>(), [&](auto x, auto r) {
        distribute_items(g, [&](s_item<1> it) { x(it) = pin[it.get_global_id(0)]; });
        const T sum = reduce_over_group(g, x, op);
        const T sum_init = reduce_over_group(g, x, init, op);
        single_item(g, [&] {
          pred[g.get_group_linear_id()] = sum;
          pred_init[g.get_group_linear_id()] = sum_init;
        });
        auto store = [&](T* out) {
          distribute_items(g, [&](s_item<1> it) { out[it.get_global_id(0)] = r(it); });
        };
        inclusive_scan_over_group(g, x, r, op);
        store(pinc);
        inclusive_scan_over_group(g, x, r, op, init);
        store(pinc_init);
        exclusive_scan_over_group(g, x, r, op);
        store(pexc);
        exclusive_scan_over_group(g, x, r, init, op);
        store(pexc_init);
        exclusive_scan_over_group(g, x, x, op);  // in place
        distribute_items(g, [&](s_item<1> it) { pin_place[it.get_global_id(0)] = x(it); });
      });
    });
    q.wait_and_throw();
    const T identity = known_identity_v<Op, T>;
    for (std::size_t gr = 0; gr < groups; ++gr) {
      const std::size_t b = gr * local, e = b + local;
      ASSERT_EQ(red[gr], host_fold(in, b, e, op)) << "group " << gr;
      ASSERT_EQ(red_init[gr], static_cast<T>(op(init, host_fold(in, b, e, op)))) << "group " << gr;
      T acc = identity, acc_init = init;
      for (std::size_t i = b; i < e; ++i) {
        ASSERT_EQ(exc[i], acc) << "item " << i;
        ASSERT_EQ(in_place[i], acc) << "item " << i;
        ASSERT_EQ(exc_init[i], acc_init) << "item " << i;
        acc = static_cast<T>(op(acc, in[i]));
        acc_init = static_cast<T>(op(acc_init, in[i]));
        ASSERT_EQ(inc[i], host_fold(in, b, i + 1, op)) << "item " << i;
        ASSERT_EQ(inc_init[i], acc_init) << "item " << i;
      }
    }
  }
}

}  // namespace cohort_test::scoped_matrix
