// SPDX-License-Identifier: MIT
#pragma once
// Host-side launchers of the CPU backend: one OpenMP team runs a kernel; basic ranges
// become static chunks of contiguous, vectorisable loops; work-groups go one per thread.
#include <cstddef>
#include <exception>
#include <type_traits>

#include <omp.h>

#include <cohort/backend/concepts.hpp>
#include <cohort/backend/cpu/compiler_pass.hpp>
#include <cohort/backend/cpu/fiber_engine.hpp>
#include <cohort/backend/cpu/group_arena.hpp>
#include <cohort/backend/cpu/reduction_partials.hpp>
#include <cohort/backend/cpu/scoped_launch.hpp>
#include <cohort/backend/cpu/team.hpp>
#include <cohort/core/group.hpp>
#include <cohort/core/item.hpp>
#include <cohort/core/nd_item.hpp>
#include <cohort/core/nd_range.hpp>

namespace cohort::backends::cpu {

template <int D, typename Kernel>
inline void invoke_range_kernel(const Kernel& k, const id<D>& i, const range<D>& r) {
  if constexpr (std::is_invocable_v<const Kernel&, item<D>>)
    k(item<D>(i, r, 0));
  else if constexpr (std::is_invocable_v<const Kernel&, item<D, false>>)
    k(item<D, false>(i, r, 0));
  else
    k(i);
}

#if COHORT_CBS
/// One work-item of a group, in the form the compiler pass turns into loops over the group's
/// items (compiler_pass.hpp): false where the pass did not transform it, before running
/// anything.
template <typename State>
[[gnu::noinline]] bool run_group_as_loops(const State* state, std::size_t group_size) {
  if (!__cohort_cbs_transformed()) return false;
  state->run_one_sub_group_item(__cohort_cbs_local_id(group_size));
  return true;
}

/// The kernel's type as the compiler spells it, for COHORT_VERBOSE's messages.
template <typename Kernel>
const char* kernel_type_name() {
  return __PRETTY_FUNCTION__;
}
#endif

struct launcher {
  template <int D, typename Kernel>
  static void parallel_for(const range<D>& r, const Kernel& kernel) {
    first_error error;
    const std::size_t outer = r[0];
    const std::size_t inner = r.size() / (outer == 0 ? 1 : outer);
    if (r.size() == 0) return;
#pragma omp parallel
    {
      const kernel_running_here in_kernel;
      std::size_t begin, end;
      try {
        if constexpr (D == 1) {
          static_chunk(outer, omp_get_thread_num(), omp_get_num_threads(), begin, end);
COHORT_IVDEP
          for (std::size_t i = begin; i < end; ++i) invoke_range_kernel<1>(kernel, id<1>{i}, r);
        } else {
          // Chunk the flattened space so small leading extents still feed every thread.
          static_chunk(r.size(), omp_get_thread_num(), omp_get_num_threads(), begin, end);
          const std::size_t last = r[D - 1];
          std::size_t lin = begin;
          while (lin < end) {
            id<D> i = detail::delinearize<D, id<D>>(lin, r);
            const std::size_t stop = (end - lin) < (last - i[D - 1]) ? end - lin : last - i[D - 1];
            const std::size_t first = i[D - 1];
COHORT_IVDEP
            for (std::size_t j = 0; j < stop; ++j) {
              id<D> ij = i;
              ij[D - 1] = first + j;
              invoke_range_kernel<D>(kernel, ij, r);
            }
            lin += stop;
          }
          (void)inner;
        }
      } catch (...) {
        error.record(std::current_exception());
      }
    }
    error.rethrow();
  }

  template <typename Kernel>
  static void single_task(const Kernel& kernel) {
    const kernel_running_here in_kernel;
    kernel();
  }

  /// With the kernel's properties (the CPU needs none beyond the sub-group size).
  template <int D, typename Props, typename Kernel>
  static void parallel_for(const nd_range<D>& ndr, std::size_t local_bytes, std::uint32_t sub_group_size,
                           const Kernel& kernel, const Props*) {
    parallel_for(ndr, local_bytes, sub_group_size, kernel);
  }
  /// One work-group per OpenMP iteration; groups run as plain loops until an item reaches
  /// a barrier, then as fibers (see fiber_engine.hpp).
  template <int D, typename Kernel>
  static void parallel_for(const nd_range<D>& ndr, std::size_t local_bytes, std::uint32_t sub_group_size,
                           const Kernel& kernel) {
    const range<D> groups = ndr.get_group_range();
    const range<D> local = ndr.get_local_range();
    const std::size_t num_groups = groups.size(), group_size = local.size();
    struct group_state {
      const Kernel* kernel;
      id<D> group_id;
      range<D> groups, local;
      std::uint32_t sub_group_size;
      COHORT_INLINE id<D> local_id(std::size_t lid) const {
        if constexpr (D == 1)
          return id<D>{lid};
        else
          return detail::delinearize<D, id<D>>(lid, local);
      }
      COHORT_INLINE void run(std::size_t lid) const {
        (*kernel)(nd_item<D>(group<D>(group_id, groups, local, local_id(lid)), sub_group_size));
      }
      static void run_item(void* self, std::size_t lid) { static_cast<group_state*>(self)->run(lid); }
#if COHORT_CBS
      /// run(lid) with sub-groups of one item known to the compiler: their collectives then
      /// need no engine, and the pass sees no sub-group barrier.
      COHORT_INLINE void run_one_sub_group_item(std::size_t lid) const {
        (*kernel)(nd_item<D>(group<D>(group_id, groups, local, local_id(lid)), 1));
      }
#endif
    };
#if COHORT_CBS
    // Groups run as loops where the pass transformed the kernel; sub-groups of more than one
    // item need the fibers.
    const bool try_loops = sub_group_size == 1 && cbs::loops_enabled();
    if (sub_group_size != 1) cbs::report_fallback(kernel_type_name<Kernel>(), "sub-groups of more than one item");
#endif
    for_each_group(num_groups, local_bytes, [&] {
      fiber_engine& engine = fiber_engine::this_thread();
      engine.begin_launch();
#if COHORT_CBS
      if (try_loops) cbs::reserve_scratch(group_size);
      bool loops = try_loops;
#endif
      return [&engine, state = group_state{&kernel, id<D>{}, groups, local, sub_group_size}, &groups,
              group_size
#if COHORT_CBS
              , loops
#endif
      ](std::size_t g) mutable {
        state.group_id = detail::delinearize<D, id<D>>(g, groups);
#if COHORT_CBS
        if (loops) {
          if (run_group_as_loops(&state, group_size)) return;
          loops = false;
          cbs::report_fallback(kernel_type_name<Kernel>(), "the compiler pass did not transform it");
        }
#endif
        engine.run_group(group_size, &state, &group_state::run_item, [&](fiber_engine& e) {
          for (std::size_t lid = 0; lid < group_size; ++lid) {
            state.run(lid);
            if (e.leave_plain_item()) break;
          }
        });
      };
    });
  }

  /// Kernels with SYCL reductions: private partials per thread (reduction_partials.hpp).
  template <int D, typename Pack, typename Kernel>
  static void parallel_for_reduction(const range<D>& r, const Pack& pack, const Kernel& kernel) {
    range_reduction(r, pack, kernel);
  }
  template <int D, typename Pack, typename Kernel>
  static void parallel_for_reduction(const nd_range<D>& ndr, std::size_t local_bytes, std::uint32_t sub_group_size,
                                     const Pack& pack, const Kernel& kernel) {
    nd_range_reduction(ndr, local_bytes, sub_group_size, pack, kernel);
  }

  /// Hierarchical: the group lambda runs once per group on one thread.
  template <int D, typename Kernel>
  static void parallel_for_work_group(const range<D>& groups, const range<D>& local, const Kernel& kernel) {
    for_each_group<flattened_loop_for<D>>(groups.size(), 0, [&] {
      return [&](std::size_t g) {
        kernel(group<D>(detail::delinearize<D, id<D>>(g, groups), groups, local, id<D>{}));
      };
    });
  }

  /// Scoped parallelism: see scoped_launch.hpp.
  template <int D, typename Kernel>
  static void parallel(const range<D>& groups, const range<D>& group_size, const Kernel& kernel) {
    launch_scoped(groups, group_size, kernel);
  }
};

static_assert(detail::backend_launcher<launcher>);

}  // namespace cohort::backends::cpu
