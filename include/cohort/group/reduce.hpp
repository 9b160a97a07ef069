// SPDX-License-Identifier: MIT
#pragma once
#include <iterator>
#include <type_traits>

#include <cohort/core/functional.hpp>
#include <cohort/core/known_identity.hpp>
#include <cohort/detail/combine.hpp>
#include <cohort/detail/from_first.hpp>
#include <cohort/group/group_concept.hpp>

namespace cohort {

// Results are stored as the accumulator type T; integer sums and products wrap around in
// T like a sequential loop over T (see detail/combine.hpp). vec and marray combine
// component-wise. The order in which values are combined is unspecified, as in SYCL (the
// CPU keeps one fixed order for floating-point values: detail/reduce_lanes.hpp).

/// `op` over the `x` of every work-item of `g`; every item gets the result.
template <detail::any_group Group, typename T, typename BinaryOperation>
COHORT_COLLECTIVE T reduce_over_group(Group g, const T& x, BinaryOperation op) {
  return detail::kernel_hooks::group_reduce(g, x, op);
}
/// The same, combined with `init`.
template <detail::any_group Group, typename V, typename T, typename BinaryOperation>
COHORT_COLLECTIVE T reduce_over_group(Group g, const V& x, const T& init, BinaryOperation op) {
  return detail::combine<T>(op, init, reduce_over_group(g, static_cast<T>(x), op));
}

/// `op` over `init` and [first, last), the same range in every item of `g`.
template <detail::any_group Group, typename Ptr, typename T, typename BinaryOperation>
COHORT_COLLECTIVE T joint_reduce(Group g, Ptr first, Ptr last, const T& init, BinaryOperation op) {
  return detail::kernel_hooks::joint_reduce(g, first, last, init, op);
}
/// `op` over [first, last). Starts from the operator's identity where it has one (an empty
/// range gives the identity); otherwise from the first element (an empty range gives a
/// value-initialised T).
template <detail::any_group Group, typename Ptr, typename BinaryOperation>
COHORT_COLLECTIVE typename std::iterator_traits<Ptr>::value_type joint_reduce(Group g, Ptr first, Ptr last,
                                                                          BinaryOperation op) {
  using T = typename std::iterator_traits<Ptr>::value_type;
  if constexpr (has_known_identity_v<BinaryOperation, T>) {
    return joint_reduce(g, first, last, detail::make_known_identity<BinaryOperation, T>(), op);
  } else {
    return detail::kernel_hooks::joint_reduce(g, first, last, detail::from_first<T>{}, op);
  }
}

}  // namespace cohort
