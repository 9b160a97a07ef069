// SPDX-License-Identifier: MIT
#pragma once

namespace cohort {

/// Scopes of memory ordering and fences (as `sycl::memory_scope`).
enum class memory_scope { work_item, sub_group, work_group, device, system };

inline constexpr auto memory_scope_work_item = memory_scope::work_item;
inline constexpr auto memory_scope_sub_group = memory_scope::sub_group;
inline constexpr auto memory_scope_work_group = memory_scope::work_group;
inline constexpr auto memory_scope_device = memory_scope::device;
inline constexpr auto memory_scope_system = memory_scope::system;

}  // namespace cohort
