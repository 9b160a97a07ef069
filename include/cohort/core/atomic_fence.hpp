// SPDX-License-Identifier: MIT
#pragma once
// SYCL 2020's atomic_fence: orders the calling work-item's memory accesses before and
// after it, as seen by the work-items of `scope`, as a C++ fence of the same order does.
#include <cohort/core/memory_order.hpp>
#include <cohort/core/memory_scope.hpp>
#include <cohort/detail/atomic_ops.hpp>
#include <cohort/detail/macros.hpp>

namespace cohort {

COHORT_INLINE void atomic_fence(memory_order order, memory_scope scope) { detail::atomic_fence(order, scope); }

}  // namespace cohort
