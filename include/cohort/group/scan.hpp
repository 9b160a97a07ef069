// SPDX-License-Identifier: MIT
#pragma once
#include <iterator>

#include <cohort/core/functional.hpp>
#include <cohort/core/known_identity.hpp>
#include <cohort/group/group_concept.hpp>

namespace cohort {

/// Item k gets `op` over the `x` of items 0..k (in local linear id order).
template <detail::any_group Group, typename T, typename BinaryOperation>
COHORT_INLINE T inclusive_scan_over_group(Group g, T x, BinaryOperation op) {
  return detail::kernel_hooks::group_inclusive_scan(g, x, op);
}
/// The same with `init` combined first; `init` is the LAST argument, as in SYCL 2020.
template <detail::any_group Group, typename V, typename BinaryOperation, typename T>
COHORT_INLINE T inclusive_scan_over_group(Group g, V x, BinaryOperation op, T init) {
  return op(init, inclusive_scan_over_group(g, static_cast<T>(x), op));
}
/// Item k gets `op` over `init` and the `x` of items 0..k-1.
template <detail::any_group Group, typename V, typename T, typename BinaryOperation>
COHORT_INLINE T exclusive_scan_over_group(Group g, V x, T init, BinaryOperation op) {
  return detail::kernel_hooks::group_exclusive_scan(g, static_cast<T>(x), init, op);
}
/// Without init the scan starts from the operator's identity (`known_identity`).
template <detail::any_group Group, typename T, typename BinaryOperation>
COHORT_INLINE T exclusive_scan_over_group(Group g, T x, BinaryOperation op) {
  return exclusive_scan_over_group(g, x, known_identity_v<BinaryOperation, T>, op);
}

/// Scans [first, last) into `result` (which may equal `first`); returns the end of the
/// output. Computed once for the whole group.
template <detail::any_group Group, typename InPtr, typename OutPtr, typename T, typename BinaryOperation>
COHORT_INLINE OutPtr joint_inclusive_scan(Group g, InPtr first, InPtr last, OutPtr result, BinaryOperation op,
                                          T init) {
  detail::kernel_hooks::template group_once<char>(g, [&] {
    T acc = init;
    OutPtr out = result;
    for (InPtr p = first; p != last; ++p, ++out) *out = acc = op(acc, *p);
    return char{0};
  });
  return result + (last - first);
}
template <detail::any_group Group, typename InPtr, typename OutPtr, typename BinaryOperation>
COHORT_INLINE OutPtr joint_inclusive_scan(Group g, InPtr first, InPtr last, OutPtr result, BinaryOperation op) {
  using T = typename std::iterator_traits<OutPtr>::value_type;
  return joint_inclusive_scan(g, first, last, result, op, known_identity_v<BinaryOperation, T>);
}
template <detail::any_group Group, typename InPtr, typename OutPtr, typename T, typename BinaryOperation>
COHORT_INLINE OutPtr joint_exclusive_scan(Group g, InPtr first, InPtr last, OutPtr result, T init,
                                          BinaryOperation op) {
  detail::kernel_hooks::template group_once<char>(g, [&] {
    T acc = init;
    OutPtr out = result;
    for (InPtr p = first; p != last; ++p, ++out) {
      const T v = *p;  // read before writing: the scan may be in place
      *out = acc;
      acc = op(acc, v);
    }
    return char{0};
  });
  return result + (last - first);
}
template <detail::any_group Group, typename InPtr, typename OutPtr, typename BinaryOperation>
COHORT_INLINE OutPtr joint_exclusive_scan(Group g, InPtr first, InPtr last, OutPtr result, BinaryOperation op) {
  using T = typename std::iterator_traits<OutPtr>::value_type;
  return joint_exclusive_scan(g, first, last, result, known_identity_v<BinaryOperation, T>, op);
}

}  // namespace cohort
