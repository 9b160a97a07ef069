// SPDX-License-Identifier: MIT
#pragma once
#include <cohort/core/group.hpp>
#include <cohort/core/sub_group.hpp>

namespace cohort {

/// Waits until every work-item of `g` reached this call (SYCL 2020 `group_barrier`).
template <int D>
COHORT_COLLECTIVE void group_barrier(const group<D>& g, memory_scope = group<D>::fence_scope) {
  detail::kernel_hooks::barrier(g);
}
COHORT_COLLECTIVE void group_barrier(const sub_group& sg, memory_scope = sub_group::fence_scope) {
  detail::kernel_hooks::sub_group_barrier(sg);
}

}  // namespace cohort
