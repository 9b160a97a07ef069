// SPDX-License-Identifier: MIT
#pragma once
// cohort::ext::broadcast_from_leader: the value of a group's (or a mask's) first item.
#include <cstddef>
#include <type_traits>

#include <cohort/group/ext/sub_group_mask.hpp>
#include <cohort/group/group_concept.hpp>

namespace cohort::ext {

/// The `x` of the item with the lowest local linear id of `g` (its leader), given to
/// every item. Collective over the whole group, converged.
///
/// In CUDA terms: `__shfl_sync(mask, x, __ffs(mask) - 1)` with `mask` the group's
/// (converged) items, whose lowest lane is always local id 0 here — the same as SYCL's
/// `group_broadcast(g, x)`, named for code ported from CUDA. Works on `sub_group` of any
/// size and on `group<D>` of any size; T trivially copyable.
template <cohort::detail::any_group Group, typename T>
  requires std::is_trivially_copyable_v<T>
COHORT_COLLECTIVE T broadcast_from_leader(Group g, const T& x) {
  return cohort::detail::kernel_hooks::group_broadcast(g, x, std::size_t{0});
}

/// The `x` of the lowest item in `mask` (`mask.find_low()`), given to the caller. Unlike
/// CUDA, each item may pass its own mask — typically the one `match_any` gave it, so
/// every class of equal values gets its own leader's value (the warp-aggregation
/// pattern). An empty mask gives the caller its own `x`. Still collective over the
/// whole group, converged: every item of `g` calls it.
///
/// In CUDA terms: `__shfl_sync(active, x, __ffs(mask) - 1)`, where `active` is all of
/// the group's items.
template <cohort::detail::any_group Group, typename T>
  requires std::is_trivially_copyable_v<T>
COHORT_COLLECTIVE T broadcast_from_leader(Group g, const T& x, const sub_group_mask& mask) {
  // find_low() of an empty mask is size(), a source outside the group: own value back.
  const std::size_t source = mask.none() ? static_cast<std::size_t>(g.get_local_linear_id()) : mask.find_low();
  return cohort::detail::kernel_hooks::group_broadcast(g, x, source);
}

}  // namespace cohort::ext
