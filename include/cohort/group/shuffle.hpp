// SPDX-License-Identifier: MIT
#pragma once
#include <cohort/group/group_concept.hpp>

namespace cohort {

// Data exchange between the items of a sub-group (SYCL 2020); on work-groups too as a
// cohort extension. A source outside the group gives an unspecified value (cohort: the
// item's own `x`).

/// Item k gets the `x` of item k + delta.
template <detail::any_group Group, typename T>
  requires std::is_trivially_copyable_v<T>
COHORT_COLLECTIVE T shift_group_left(Group g, const T& x, typename Group::linear_id_type delta = 1) {
  const std::size_t me = g.get_local_linear_id();
  return detail::kernel_hooks::group_select(g, x, me + static_cast<std::size_t>(delta));
}
/// Item k gets the `x` of item k - delta.
template <detail::any_group Group, typename T>
  requires std::is_trivially_copyable_v<T>
COHORT_COLLECTIVE T shift_group_right(Group g, const T& x, typename Group::linear_id_type delta = 1) {
  const std::size_t me = g.get_local_linear_id();
  const std::size_t d = static_cast<std::size_t>(delta);
  return detail::kernel_hooks::group_select(g, x, me >= d ? me - d : static_cast<std::size_t>(-1));
}
/// Item k gets the `x` of item k xor mask.
template <detail::any_group Group, typename T>
  requires std::is_trivially_copyable_v<T>
COHORT_COLLECTIVE T permute_group_by_xor(Group g, const T& x, typename Group::linear_id_type mask) {
  return detail::kernel_hooks::group_select(g, x, g.get_local_linear_id() ^ static_cast<std::size_t>(mask));
}
/// Item k gets the `x` of the item with local id `remote_local_id` (may differ per item).
template <detail::any_group Group, typename T>
  requires std::is_trivially_copyable_v<T>
COHORT_COLLECTIVE T select_from_group(Group g, const T& x, typename Group::id_type remote_local_id) {
  return detail::kernel_hooks::group_select(
      g, x, detail::linearize<Group::dimensions>(remote_local_id, g.get_local_range()));
}

}  // namespace cohort
