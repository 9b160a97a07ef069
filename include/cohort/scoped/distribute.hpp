// SPDX-License-Identifier: MIT
#pragma once
// The collective calls of scoped kernels: distribute_items, distribute_groups,
// single_item (each also `_and_wait`) and group_barrier on scoped groups.
//
// Nesting rules (as AdaptiveCpp): always pass the innermost group; never call
// distribute_*, single_item* or group functions inside distribute_items; every physical
// item of a group must reach its collective calls.
#include <type_traits>
#include <utility>

#include <cohort/backend/scoped_hooks.hpp>
#include <cohort/core/memory_scope.hpp>
#include <cohort/scoped/s_item.hpp>
#include <cohort/scoped/scoped_group.hpp>

namespace cohort {

/// Waits until every physical item of `g` arrived (a no-op where one thread runs `g`).
template <int D>
COHORT_INLINE void group_barrier(const scoped_group<D>& g, memory_scope scope = scoped_group<D>::fence_scope) {
  detail::scoped_hooks::barrier(g, scope);
}
template <int D>
COHORT_INLINE void group_barrier(const scoped_sub_group<D>& g,
                                 memory_scope scope = scoped_sub_group<D>::fence_scope) {
  detail::scoped_hooks::barrier(g, scope);
}
template <int D>
COHORT_INLINE void group_barrier(const scoped_scalar_group<D>& g,
                                 memory_scope scope = scoped_scalar_group<D>::fence_scope) {
  detail::scoped_hooks::barrier(g, scope);
}

/// Runs `f(s_item<D>)` exactly once per logical item of `g`, without synchronising.
template <typename Group, typename F, std::enable_if_t<is_scoped_group_v<Group>, int> = 0>
COHORT_INLINE void distribute_items(const Group& g, F&& f) {
  detail::scoped_hooks::distribute_items(g, f);
}
template <typename Group, typename F, std::enable_if_t<is_scoped_group_v<Group>, int> = 0>
COHORT_INLINE void distribute_items_and_wait(const Group& g, F&& f) {
  detail::scoped_hooks::distribute_items(g, f);
  group_barrier(g);
}

/// Divides `g` and runs `f(subgroup)` once per part; parts of parts eventually are
/// scalar groups (one logical item). The part size is the backend's choice.
template <typename Group, typename F, std::enable_if_t<is_scoped_group_v<Group>, int> = 0>
COHORT_INLINE void distribute_groups(const Group& g, F&& f) {
  detail::scoped_hooks::distribute_groups(g, f);
}
template <typename Group, typename F, std::enable_if_t<is_scoped_group_v<Group>, int> = 0>
COHORT_INLINE void distribute_groups_and_wait(const Group& g, F&& f) {
  detail::scoped_hooks::distribute_groups(g, f);
  group_barrier(g);
}

/// Runs `f()` once per group (on its physical leader).
template <typename Group, typename F, std::enable_if_t<is_scoped_group_v<Group>, int> = 0>
COHORT_INLINE void single_item(const Group& g, F&& f) {
  if (g.leader()) f();
}
template <typename Group, typename F, std::enable_if_t<is_scoped_group_v<Group>, int> = 0>
COHORT_INLINE void single_item_and_wait(const Group& g, F&& f) {
  if (g.leader()) f();
  group_barrier(g);
}

}  // namespace cohort
