// SPDX-License-Identifier: MIT
#pragma once
// Launcher of scoped kernels on the CPU backend: one OpenMP thread runs a whole
// work-group (static chunks of groups per thread); the group's memory_environment
// storage comes from the thread's group arena, reset for every group.
#include <cstddef>
#include <exception>

#include <omp.h>

#include <cohort/backend/cpu/group_arena.hpp>
#include <cohort/core/id.hpp>
#include <cohort/backend/cpu/team.hpp>
#include <cohort/core/range.hpp>
#include <cohort/scoped/scoped_group.hpp>

namespace cohort::backends::cpu {

template <int D, typename Kernel>
inline void launch_scoped(const range<D>& groups, const range<D>& group_size, const Kernel& kernel) {
  for_each_group<flattened_loop_for<D>>(groups.size(), 0, [&] {
    return [&](std::size_t g) {
      kernel(scoped_group<D>(detail::delinearize<D, id<D>>(g, groups), groups, group_size));
    };
  });
}

}  // namespace cohort::backends::cpu
