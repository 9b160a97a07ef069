// SPDX-License-Identifier: MIT
#pragma once
// What every CPU launcher shares: the static split of iterations over the OpenMP team and
// the first exception thrown by any thread of it.
#include <atomic>
#include <cstddef>
#include <exception>
#include <mutex>

#include <omp.h>

#include <cohort/backend/cpu/group_arena.hpp>

namespace cohort::backends::cpu {

/// Keeps the first exception thrown by any thread of a team; `failed()` lets the others
/// stop early.
class first_error {
public:
  void record(std::exception_ptr e) {
    std::lock_guard lock(m_mutex);
    if (!m_error) m_error = std::move(e);
    m_failed.store(true, std::memory_order_relaxed);
  }
  bool failed() const { return m_failed.load(std::memory_order_relaxed); }
  void rethrow() const {
    if (m_error) std::rethrow_exception(m_error);
  }

private:
  std::mutex m_mutex;
  std::exception_ptr m_error;
  std::atomic<bool> m_failed{false};
};

/// The `[begin, end)` share of `n` iterations that thread `t` of `nt` runs.
inline void static_chunk(std::size_t n, int t, int nt, std::size_t& begin, std::size_t& end) {
  const std::size_t base = n / static_cast<std::size_t>(nt), extra = n % static_cast<std::size_t>(nt);
  const std::size_t tt = static_cast<std::size_t>(t);
  begin = tt * base + (tt < extra ? tt : extra);
  end = begin + base + (tt < extra ? 1 : 0);
}

/// Runs `num_groups` work-groups over the team, a static chunk per thread. Each thread
/// calls `make_runner()` once and then `runner(linear_group_id)` per group, with the
/// group arena reset (its first `local_bytes` reserved for local accessors). The first
/// exception stops every thread and is rethrown afterwards.
template <typename MakeRunner>
void for_each_group(std::size_t num_groups, std::size_t local_bytes, MakeRunner&& make_runner) {
  if (num_groups == 0) return;
  first_error error;
#pragma omp parallel
  {
    group_arena& arena = group_arena::this_thread();
    auto runner = make_runner();
    std::size_t begin, end;
    static_chunk(num_groups, omp_get_thread_num(), omp_get_num_threads(), begin, end);
    for (std::size_t g = begin; g < end && !error.failed(); ++g) {
      arena.begin_group(local_bytes);
      try {
        runner(g);
      } catch (...) {
        error.record(std::current_exception());
      }
    }
  }
  error.rethrow();
}

}  // namespace cohort::backends::cpu
