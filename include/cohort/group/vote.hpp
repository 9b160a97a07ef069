// SPDX-License-Identifier: MIT
#pragma once
#include <cohort/core/functional.hpp>
#include <cohort/group/reduce.hpp>

namespace cohort {

/// True when `pred` holds in any / all / none of the items of `g`.
template <detail::any_group Group>
COHORT_COLLECTIVE bool any_of_group(Group g, bool pred) {
  return reduce_over_group(g, pred, logical_or<bool>());
}
template <detail::any_group Group>
COHORT_COLLECTIVE bool all_of_group(Group g, bool pred) {
  return reduce_over_group(g, pred, logical_and<bool>());
}
template <detail::any_group Group>
COHORT_COLLECTIVE bool none_of_group(Group g, bool pred) {
  return !any_of_group(g, pred);
}
template <detail::any_group Group, typename T, typename Predicate>
COHORT_COLLECTIVE bool any_of_group(Group g, const T& x, Predicate pred) {
  return any_of_group(g, static_cast<bool>(pred(x)));
}
template <detail::any_group Group, typename T, typename Predicate>
COHORT_COLLECTIVE bool all_of_group(Group g, const T& x, Predicate pred) {
  return all_of_group(g, static_cast<bool>(pred(x)));
}
template <detail::any_group Group, typename T, typename Predicate>
COHORT_COLLECTIVE bool none_of_group(Group g, const T& x, Predicate pred) {
  return none_of_group(g, static_cast<bool>(pred(x)));
}

/// `pred` over [first, last), the same range and predicate in every item of `g`.
template <detail::any_group Group, typename Ptr, typename Predicate>
COHORT_COLLECTIVE bool joint_any_of(Group g, Ptr first, Ptr last, Predicate pred) {
  return detail::kernel_hooks::joint_any_of(g, first, last, pred);
}
namespace detail {
template <typename Predicate>
struct negated {
  Predicate pred;
  template <typename T>
  COHORT_FUNCTION bool operator()(const T& v) const {
    return !static_cast<bool>(pred(v));
  }
};
}  // namespace detail
template <detail::any_group Group, typename Ptr, typename Predicate>
COHORT_COLLECTIVE bool joint_all_of(Group g, Ptr first, Ptr last, Predicate pred) {
  return !joint_any_of(g, first, last, detail::negated<Predicate>{pred});
}
template <detail::any_group Group, typename Ptr, typename Predicate>
COHORT_COLLECTIVE bool joint_none_of(Group g, Ptr first, Ptr last, Predicate pred) {
  return !joint_any_of(g, first, last, pred);
}

}  // namespace cohort
