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

// Scans follow the local linear id order. Intermediate results are stored as T (the type
// of init, of x, or the output's value type); integer sums and products wrap around in T
// (see detail/combine.hpp). No-init exclusive scans start from `known_identity`.

/// Item k gets `op` over the `x` of items 0..k.
template <detail::any_group Group, typename T, typename BinaryOperation>
COHORT_COLLECTIVE T inclusive_scan_over_group(Group g, const T& x, BinaryOperation op) {
  return detail::kernel_hooks::group_inclusive_scan(g, x, op);
}
/// The same with `init` combined first; `init` is the LAST argument, as in SYCL 2020.
template <detail::any_group Group, typename V, typename BinaryOperation, typename T>
COHORT_COLLECTIVE T inclusive_scan_over_group(Group g, const V& x, BinaryOperation op, const T& init) {
  return detail::combine<T>(op, init, inclusive_scan_over_group(g, static_cast<T>(x), op));
}
/// Item k gets `op` over `init` and the `x` of items 0..k-1.
template <detail::any_group Group, typename V, typename T, typename BinaryOperation>
COHORT_COLLECTIVE T exclusive_scan_over_group(Group g, const V& x, const T& init, BinaryOperation op) {
  return detail::kernel_hooks::group_exclusive_scan(g, static_cast<T>(x), init, op);
}
/// Without init the scan starts from the operator's identity (`known_identity`).
template <detail::any_group Group, typename T, typename BinaryOperation>
COHORT_COLLECTIVE T exclusive_scan_over_group(Group g, const T& x, BinaryOperation op) {
  return exclusive_scan_over_group(g, x, detail::make_known_identity<BinaryOperation, T>(), op);
}

/// Scans [first, last) into `result` (which may equal `first`); returns the end of the
/// output. `init` is the last argument.
template <detail::any_group Group, typename InPtr, typename OutPtr, typename T, typename BinaryOperation>
COHORT_COLLECTIVE OutPtr joint_inclusive_scan(Group g, InPtr first, InPtr last, OutPtr result, BinaryOperation op,
                                          const T& init) {
  detail::kernel_hooks::template joint_scan<true>(g, first, last, result, init, op);
  return result + (last - first);
}
/// Without init: from the operator's identity where it has one, else from the first
/// element.
template <detail::any_group Group, typename InPtr, typename OutPtr, typename BinaryOperation>
COHORT_COLLECTIVE OutPtr joint_inclusive_scan(Group g, InPtr first, InPtr last, OutPtr result, BinaryOperation op) {
  using T = typename std::iterator_traits<OutPtr>::value_type;
  if constexpr (has_known_identity_v<BinaryOperation, T>) {
    return joint_inclusive_scan(g, first, last, result, op, detail::make_known_identity<BinaryOperation, T>());
  } else {
    detail::kernel_hooks::template joint_scan<true>(g, first, last, result, detail::from_first<T>{}, op);
    return result + (last - first);
  }
}
/// Item k of the output gets `op` over `init` and elements 0..k-1.
template <detail::any_group Group, typename InPtr, typename OutPtr, typename T, typename BinaryOperation>
COHORT_COLLECTIVE OutPtr joint_exclusive_scan(Group g, InPtr first, InPtr last, OutPtr result, const T& init,
                                          BinaryOperation op) {
  detail::kernel_hooks::template joint_scan<false>(g, first, last, result, init, op);
  return result + (last - first);
}
template <detail::any_group Group, typename InPtr, typename OutPtr, typename BinaryOperation>
COHORT_COLLECTIVE OutPtr joint_exclusive_scan(Group g, InPtr first, InPtr last, OutPtr result, BinaryOperation op) {
  using T = typename std::iterator_traits<OutPtr>::value_type;
  return joint_exclusive_scan(g, first, last, result, detail::make_known_identity<BinaryOperation, T>(), op);
}

}  // namespace cohort
