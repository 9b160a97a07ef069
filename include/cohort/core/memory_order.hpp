// SPDX-License-Identifier: MIT
#pragma once

namespace cohort {

/// Memory orders of atomic operations and fences (as `sycl::memory_order`). The values are
/// those of the compilers' `__ATOMIC_*` constants, so host code hands them to the builtins
/// unchanged.
enum class memory_order : int { relaxed = 0, acquire = 2, release = 3, acq_rel = 4, seq_cst = 5 };

inline constexpr auto memory_order_relaxed = memory_order::relaxed;
inline constexpr auto memory_order_acquire = memory_order::acquire;
inline constexpr auto memory_order_release = memory_order::release;
inline constexpr auto memory_order_acq_rel = memory_order::acq_rel;
inline constexpr auto memory_order_seq_cst = memory_order::seq_cst;

}  // namespace cohort
