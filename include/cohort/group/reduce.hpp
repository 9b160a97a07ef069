// SPDX-License-Identifier: MIT
#pragma once
#include <iterator>

#include <cohort/core/functional.hpp>
#include <cohort/core/known_identity.hpp>
#include <cohort/group/group_concept.hpp>

namespace cohort {

/// `op` over the `x` of every work-item of `g`; every item gets the result.
template <detail::any_group Group, typename T, typename BinaryOperation>
COHORT_INLINE T reduce_over_group(Group g, T x, BinaryOperation op) {
  return detail::kernel_hooks::group_reduce(g, x, op);
}
/// The same, combined with `init`: `op(init, reduce(x...))`.
template <detail::any_group Group, typename V, typename T, typename BinaryOperation>
COHORT_INLINE T reduce_over_group(Group g, V x, T init, BinaryOperation op) {
  return op(init, reduce_over_group(g, static_cast<T>(x), op));
}

/// `op` over [first, last), the same range in every item; computed once for the group.
template <detail::any_group Group, typename Ptr, typename T, typename BinaryOperation>
COHORT_INLINE T joint_reduce(Group g, Ptr first, Ptr last, T init, BinaryOperation op) {
  return detail::kernel_hooks::template group_once<T>(g, [&] {
    T acc = init;
    for (Ptr p = first; p != last; ++p) acc = op(acc, *p);
    return acc;
  });
}
/// Without init the range starts from the operator's identity (`known_identity`).
template <detail::any_group Group, typename Ptr, typename BinaryOperation>
COHORT_INLINE typename std::iterator_traits<Ptr>::value_type joint_reduce(Group g, Ptr first, Ptr last,
                                                                          BinaryOperation op) {
  using T = typename std::iterator_traits<Ptr>::value_type;
  return joint_reduce(g, first, last, known_identity_v<BinaryOperation, T>, op);
}

}  // namespace cohort
