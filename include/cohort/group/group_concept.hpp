// SPDX-License-Identifier: MIT
#pragma once
#include <type_traits>

#include <cohort/core/group.hpp>
#include <cohort/core/sub_group.hpp>

namespace cohort::detail {
/// What every SYCL group function is constrained on: `is_group_v<std::decay_t<G>>`.
template <typename G>
concept any_group = is_group_v<std::decay_t<G>>;
}  // namespace cohort::detail
