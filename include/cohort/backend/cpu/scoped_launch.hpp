// SPDX-License-Identifier: MIT
#pragma once
// Placeholder declaration until the scoped launcher lands (being written now).
#include <cohort/core/range.hpp>
namespace cohort::backends::cpu {
template <int D, typename Kernel>
void launch_scoped(const range<D>& groups, const range<D>& group_size, const Kernel& kernel);
}
