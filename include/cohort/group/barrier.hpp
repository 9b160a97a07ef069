// SPDX-License-Identifier: MIT
#pragma once
#include <type_traits>

#include <cohort/core/group.hpp>
#include <cohort/core/sub_group.hpp>

namespace cohort {

/// Waits until every work-item of `g` reached this call (SYCL 2020 `group_barrier`).
template <int D>
COHORT_COLLECTIVE void group_barrier(const group<D>& g, memory_scope = group<D>::fence_scope) {
  detail::kernel_hooks::barrier(g);
}
/// (A template only so that the hook it calls is looked up where a kernel uses it.)
template <typename SubGroup = sub_group>
  requires std::is_same_v<SubGroup, sub_group>
COHORT_COLLECTIVE void group_barrier(const SubGroup& sg, memory_scope = sub_group::fence_scope) {
  detail::kernel_hooks::sub_group_barrier(sg);
}

}  // namespace cohort
