// SPDX-License-Identifier: MIT
#pragma once
// The one order in which the CPU backend's work-group and sub-group reductions combine
// floating-point values (reduce_over_group with a built-in operator on float or double).
// SYCL leaves the order unspecified; the CPU keeps one fixed order, the same on the fiber
// engine and in the compiler pass's loops, so that a kernel's result has the same bits with
// and without the pass and in every run, and the order vectorises:
//   1. the items of the group, by local linear id i, go into lanes: item i into lane
//      i % L, where L = 128 / sizeof(T) (32 lanes of float, 16 of double); each lane
//      combines its items in ascending id: lane j = x[j] op x[j + L] op x[j + 2L] ...;
//   2. the lanes combine as a vector is halved: lane j with lane j + L/2 (j < L/2), then
//      lane j with lane j + L/4 (j < L/4), ..., down to lane 0 with lane 1, always as
//      `lane j op lane (j + h)`; in groups of fewer than L items, the lanes without an
//      item take no part (lane j with lane j + h only where j + h < the item count).
// Integer and boolean reductions give the same bits in any order; scans combine in local
// id order.
#include <cstddef>
#include <type_traits>

#include <cohort/detail/combine.hpp>
#include <cohort/detail/macros.hpp>

namespace cohort::detail {

/// Whether a group reduction of T with `Op` combines in the lane order above.
template <typename Op, typename T>
inline constexpr bool lane_ordered_reduce_v = std::is_floating_point_v<T> && builtin_arithmetic_op_v<Op, T>;

/// The number of lanes, L.
template <typename T>
inline constexpr std::size_t reduce_lanes_v = 128 / sizeof(T);

/// Step 2: the lanes of `count` items (count >= 1) combined into lane 0, which is returned.
template <typename T, typename Op>
[[gnu::always_inline]] COHORT_INLINE T combine_lanes(T* lane, std::size_t count, const Op& op) {
  constexpr std::size_t lanes = reduce_lanes_v<T>;
  if (count >= lanes) {
    for (std::size_t h = lanes / 2; h >= 1; h /= 2)
      for (std::size_t j = 0; j < h; ++j) lane[j] = combine<T>(op, lane[j], lane[j + h]);
  } else {
    for (std::size_t h = lanes / 2; h >= 1; h /= 2)
      for (std::size_t j = 0; j < h && j + h < count; ++j) lane[j] = combine<T>(op, lane[j], lane[j + h]);
  }
  return lane[0];
}

/// The whole order over `count` (>= 1) values in local id order.
template <typename T, typename Op>
[[gnu::always_inline]] COHORT_INLINE T fold_in_lanes(const T* v, std::size_t count, const Op& op) {
  constexpr std::size_t lanes = reduce_lanes_v<T>;
  T lane[lanes];
  if (count < lanes) {
    for (std::size_t j = 0; j < count; ++j) lane[j] = v[j];
    return combine_lanes(lane, count, op);
  }
  for (std::size_t j = 0; j < lanes; ++j) lane[j] = v[j];
  std::size_t i = lanes;
  for (; i + lanes <= count; i += lanes)
    for (std::size_t j = 0; j < lanes; ++j) lane[j] = combine<T>(op, lane[j], v[i + j]);
  for (std::size_t j = 0; i + j < count; ++j) lane[j] = combine<T>(op, lane[j], v[i + j]);
  return combine_lanes(lane, count, op);
}

}  // namespace cohort::detail
