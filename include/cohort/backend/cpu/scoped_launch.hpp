// SPDX-License-Identifier: MIT
#pragma once
// Launcher of scoped kernels on the CPU backend: one OpenMP thread runs a whole
// work-group (static chunks of groups per thread); the group's memory_environment
// storage comes from the thread's group arena, reset for every group.
#include <atomic>
#include <cstddef>
#include <exception>
#include <mutex>

#include <omp.h>

#include <cohort/backend/cpu/group_arena.hpp>
#include <cohort/core/id.hpp>
#include <cohort/core/range.hpp>
#include <cohort/scoped/scoped_group.hpp>

namespace cohort::backends::cpu {

template <int D, typename Kernel>
inline void launch_scoped(const range<D>& groups, const range<D>& group_size, const Kernel& kernel) {
  const std::size_t num_groups = groups.size();
  if (num_groups == 0) return;
  // The first exception of any thread is rethrown after the team; the others stop early.
  std::mutex error_mutex;
  std::exception_ptr error;
  std::atomic<bool> failed{false};
#pragma omp parallel
  {
    group_arena& arena = group_arena::this_thread();
    const std::size_t t = static_cast<std::size_t>(omp_get_thread_num());
    const std::size_t nt = static_cast<std::size_t>(omp_get_num_threads());
    const std::size_t base = num_groups / nt, extra = num_groups % nt;
    const std::size_t begin = t * base + (t < extra ? t : extra);
    const std::size_t end = begin + base + (t < extra ? 1 : 0);
    for (std::size_t g = begin; g < end && !failed.load(std::memory_order_relaxed); ++g) {
      arena.begin_group(0);
      try {
        kernel(scoped_group<D>(detail::delinearize<D, id<D>>(g, groups), groups, group_size));
      } catch (...) {
        std::lock_guard lock(error_mutex);
        if (!error) error = std::current_exception();
        failed.store(true, std::memory_order_relaxed);
      }
    }
  }
  if (error) std::rethrow_exception(error);
}

}  // namespace cohort::backends::cpu
