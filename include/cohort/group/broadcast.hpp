// SPDX-License-Identifier: MIT
#pragma once
#include <cohort/group/group_concept.hpp>

namespace cohort {

/// The value `x` of the work-item with local linear id `local_linear_id` (0 by default),
/// given to every work-item of `g`. The id must be the same in all items and in range.
template <detail::any_group Group, typename T>
  requires std::is_trivially_copyable_v<T>
COHORT_COLLECTIVE T group_broadcast(Group g, const T& x, typename Group::linear_id_type local_linear_id) {
  return detail::kernel_hooks::group_broadcast(g, x, static_cast<std::size_t>(local_linear_id));
}
template <detail::any_group Group, typename T>
  requires std::is_trivially_copyable_v<T>
COHORT_COLLECTIVE T group_broadcast(Group g, const T& x) {
  return group_broadcast(g, x, typename Group::linear_id_type{0});
}
template <detail::any_group Group, typename T>
  requires std::is_trivially_copyable_v<T>
COHORT_COLLECTIVE T group_broadcast(Group g, const T& x, typename Group::id_type local_id) {
  return group_broadcast(g, x,
                         static_cast<typename Group::linear_id_type>(detail::linearize<Group::dimensions>(
                             local_id, g.get_local_range())));
}

}  // namespace cohort
