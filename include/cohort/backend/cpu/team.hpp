// SPDX-License-Identifier: MIT
#pragma once
// What every CPU launcher shares: the static split of iterations over the OpenMP team and
// the first exception thrown by any thread of it.
#include <cstddef>
#include <exception>

#include <omp.h>

#include <cohort/backend/cpu/group_arena.hpp>
#include <cohort/detail/macros.hpp>  // COHORT_FLATTEN

namespace cohort::backends::cpu {

/// Keeps the first exception thrown by any thread of a team; `failed()` lets the others
/// stop early.
class first_error {
public:
  void record(std::exception_ptr e) {
    if (!__atomic_exchange_n(&m_claimed, true, __ATOMIC_ACQ_REL)) m_error = std::move(e);  // the first one only
    __atomic_store_n(&m_failed, true, __ATOMIC_RELAXED);
  }
  bool failed() const { return __atomic_load_n(&m_failed, __ATOMIC_RELAXED); }
  void rethrow() const {
    if (m_error) std::rethrow_exception(m_error);
  }

private:
  // The compiler's atomic built-ins rather than std::atomic: <atomic> alone cost every
  // translation unit that includes cohort a few percent of its compile time.
  bool m_claimed = false;
  std::exception_ptr m_error;  // read after the team's region ended
  bool m_failed = false;
};

/// Whether a thread that waits for a command may run it itself (src/executor.hpp): not
/// from inside an OpenMP parallel region, where the kernel's own region would be nested and
/// get a team of one.
inline bool caller_may_run_commands() { return !omp_in_parallel(); }

/// Set on each thread while it runs a kernel, so that a kernel that waits for a command (which
/// would wait for itself: commands run one at a time) throws instead of hanging.
class kernel_running_here {
public:
  kernel_running_here() : m_outer(t_in_kernel) { t_in_kernel = true; }
  ~kernel_running_here() { t_in_kernel = m_outer; }
  kernel_running_here(const kernel_running_here&) = delete;
  kernel_running_here& operator=(const kernel_running_here&) = delete;
  static bool active() { return t_in_kernel; }

private:
  static inline constinit thread_local bool t_in_kernel = false;
  bool m_outer;
};
inline bool caller_is_in_kernel() { return kernel_running_here::active(); }

/// The `[begin, end)` share of `n` iterations that thread `t` of `nt` runs.
inline void static_chunk(std::size_t n, int t, int nt, std::size_t& begin, std::size_t& end) {
  const std::size_t base = n / static_cast<std::size_t>(nt), extra = n % static_cast<std::size_t>(nt);
  const std::size_t tt = static_cast<std::size_t>(t);
  begin = tt * base + (tt < extra ? tt : extra);
  end = begin + base + (tt < extra ? 1 : 0);
}

/// Runs groups [begin, end) of this thread.
template <typename Runner>
inline void run_groups(Runner& runner, std::size_t begin, std::size_t end, group_arena& arena,
                       std::size_t local_bytes, const first_error& error) {
  for (std::size_t g = begin; g < end && !error.failed(); ++g) {
    arena.begin_group(local_bytes);
    runner(g);
  }
}

/// How a thread's loop over its groups calls the runner.
enum class group_loop {
  /// An ordinary call per group (nd_range kernels: flattening the fiber engine into every
  /// kernel made a test file take 10 minutes and 2 GB to compile).
  called,
  /// The runner and the whole kernel inlined into the loop over groups (see
  /// COHORT_FLATTEN): a group then costs no call, and the compiler sees the kernel's loops
  /// whole. For the hierarchical and scoped launchers, whose runner is the kernel.
  flattened,
  /// The same, with the kernel's copy loops kept as loops (COHORT_INLINE_COPY_LOOPS). For
  /// one-dimensional groups, whose item loops have a runtime extent: g++ would turn a
  /// group's chunk copy into a libc memcpy call per group. Groups of two and three
  /// dimensions take rows of 8, 16 or 32 items with a fixed extent (contiguous_loop.hpp),
  /// whose copies g++ turns into fixed-size memcpys that load a whole row before storing
  /// it; as loops kept by the attribute, loads and stores alternate, which made tiled
  /// kernels slower.
  flattened_copy_loops,
};

/// run_groups with the runner and the whole kernel inlined (group_loop::flattened).
template <typename Runner>
COHORT_FLATTEN inline void run_groups_flattened(Runner& runner, std::size_t begin, std::size_t end,
                                                group_arena& arena, std::size_t local_bytes,
                                                const first_error& error) {
  run_groups(runner, begin, end, arena, local_bytes, error);
}

/// The same, keeping the kernel's copy loops (group_loop::flattened_copy_loops).
template <typename Runner>
COHORT_FLATTEN COHORT_INLINE_COPY_LOOPS inline void run_groups_flattened_copy_loops(Runner& runner, std::size_t begin,
                                                                                   std::size_t end, group_arena& arena,
                                                                                   std::size_t local_bytes,
                                                                                   const first_error& error) {
  run_groups(runner, begin, end, arena, local_bytes, error);
}

/// The group loop for kernels of D dimensions whose runner is the kernel.
template <int D>
inline constexpr group_loop flattened_loop_for = D == 1 ? group_loop::flattened_copy_loops : group_loop::flattened;

/// Runs `num_groups` work-groups over the team, a static chunk per thread. Each thread
/// calls `make_runner()` once and then `runner(linear_group_id)` per group, with the
/// group arena reset (its first `local_bytes` reserved for local accessors), through the
/// `Loop` kind of group loop. The first exception stops every thread and is rethrown
/// afterwards.
template <group_loop Loop = group_loop::called, typename MakeRunner>
void for_each_group(std::size_t num_groups, std::size_t local_bytes, MakeRunner&& make_runner) {
  if (num_groups == 0) return;
  first_error error;
#pragma omp parallel
  {
    const kernel_running_here in_kernel;
    const group_arena::active_here active;
    group_arena& arena = active.arena();
    auto runner = make_runner();
    std::size_t begin, end;
    static_chunk(num_groups, omp_get_thread_num(), omp_get_num_threads(), begin, end);
    try {
      if constexpr (Loop == group_loop::flattened_copy_loops)
        run_groups_flattened_copy_loops(runner, begin, end, arena, local_bytes, error);
      else if constexpr (Loop == group_loop::flattened)
        run_groups_flattened(runner, begin, end, arena, local_bytes, error);
      else
        run_groups(runner, begin, end, arena, local_bytes, error);
    } catch (...) {
      error.record(std::current_exception());
    }
  }
  error.rethrow();
}

}  // namespace cohort::backends::cpu
