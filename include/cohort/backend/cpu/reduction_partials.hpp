// SPDX-License-Identifier: MIT
#pragma once
// Reductions on the CPU (SYCL 2020 reductions in range and nd_range kernels), at the cost of
// an OpenMP `reduction` clause: each thread of the team keeps private partials (a range
// kernel's on the thread's stack, where the compiler keeps them in registers; an nd_range
// kernel's in the thread's own cache lines, shared by the items of the groups it runs, which
// run on that thread only), with no atomics per item. After the kernel, the threads'
// partials are merged once, in thread order, and combined with the variables.
//
// `Pack` is the launch's reduction_pack (runtime/reduction.hpp): make_host_private(),
// merge(into, from), write(total), invoke_range / invoke_nd.
#include <cstddef>
#include <exception>
#include <memory>
#include <optional>

#include <omp.h>

#include <cohort/backend/cpu/fiber_engine.hpp>
#include <cohort/backend/cpu/team.hpp>
#include <cohort/core/group.hpp>
#include <cohort/core/item.hpp>
#include <cohort/core/nd_item.hpp>
#include <cohort/core/nd_range.hpp>

namespace cohort::backends::cpu {

/// One thread's partials, alone in their cache lines (two, for the adjacent-line prefetcher).
template <typename Set>
struct alignas(128) thread_partials {
  std::optional<Set> set;
};

/// The partials of every thread of the team.
template <typename Pack>
class team_partials {
public:
  using set_type = decltype(std::declval<const Pack&>().make_host_private());
  explicit team_partials(const Pack& pack)
      : m_pack(pack), m_threads(omp_get_max_threads()), m_slots(new thread_partials<set_type>[m_threads]) {}
  thread_partials<set_type>& of_thread(int t) { return m_slots[t]; }
  /// Merges the threads' partials in thread order and writes the result to the variables.
  void finish() {
    set_type total = m_pack.make_host_private();
    for (int t = 0; t < m_threads; ++t)
      if (m_slots[t].set) m_pack.merge(total, *m_slots[t].set);
    m_pack.write(total);
  }

private:
  const Pack& m_pack;
  int m_threads;
  std::unique_ptr<thread_partials<set_type>[]> m_slots;
};

/// A range kernel with reductions: the static chunks of launcher::parallel_for(range).
template <int D, typename Pack, typename Kernel>
void range_reduction(const range<D>& r, const Pack& pack, const Kernel& kernel) {
  team_partials<Pack> partials(pack);
  if (r.size() != 0) {
    first_error error;
#pragma omp parallel
    {
      const kernel_running_here in_kernel;
      auto set = pack.make_host_private();
      std::size_t begin, end;
      try {
        static_chunk(r.size(), omp_get_thread_num(), omp_get_num_threads(), begin, end);
        if constexpr (D == 1) {
          for (std::size_t i = begin; i < end; ++i) Pack::invoke_range(kernel, id<1>{i}, r, set);
        } else {
          const std::size_t last = r[D - 1];
          std::size_t lin = begin;
          while (lin < end) {
            id<D> i = detail::delinearize<D, id<D>>(lin, r);
            const std::size_t stop = (end - lin) < (last - i[D - 1]) ? end - lin : last - i[D - 1];
            const std::size_t first = i[D - 1];
            for (std::size_t j = 0; j < stop; ++j) {
              id<D> ij = i;
              ij[D - 1] = first + j;
              Pack::invoke_range(kernel, ij, r, set);
            }
            lin += stop;
          }
        }
      } catch (...) {
        error.record(std::current_exception());
      }
      partials.of_thread(omp_get_thread_num()).set.emplace(std::move(set));
    }
    error.rethrow();
  }
  partials.finish();
}

/// An nd_range kernel with reductions: launcher::parallel_for(nd_range)'s groups, the kernel
/// called with the reducers of the thread that runs the group.
template <int D, typename Pack, typename Kernel>
void nd_range_reduction(const nd_range<D>& ndr, std::size_t local_bytes, std::uint32_t sub_group_size, const Pack& pack,
                        const Kernel& kernel) {
  using set_type = typename team_partials<Pack>::set_type;
  team_partials<Pack> partials(pack);
  const range<D> groups = ndr.get_group_range();
  const range<D> local = ndr.get_local_range();
  const std::size_t num_groups = groups.size(), group_size = local.size();
  struct group_state {
    const Kernel* kernel;
    set_type* set;
    id<D> group_id;
    range<D> groups, local;
    std::uint32_t sub_group_size;
    COHORT_INLINE void run(std::size_t lid) const {
      id<D> l;
      if constexpr (D == 1)
        l[0] = lid;
      else
        l = detail::delinearize<D, id<D>>(lid, local);
      Pack::invoke_nd(*kernel, nd_item<D>(group<D>(group_id, groups, local, l), sub_group_size), *set);
    }
    static void run_item(void* self, std::size_t lid) { static_cast<group_state*>(self)->run(lid); }
  };
  for_each_group(num_groups, local_bytes, [&] {
    set_type& set = partials.of_thread(omp_get_thread_num()).set.emplace(pack.make_host_private());
    fiber_engine& engine = fiber_engine::this_thread();
    engine.begin_launch();
    return [&engine, state = group_state{&kernel, &set, id<D>{}, groups, local, sub_group_size}, &groups,
            group_size](std::size_t g) mutable {
      state.group_id = detail::delinearize<D, id<D>>(g, groups);
      engine.run_group(group_size, &state, &group_state::run_item, [&](fiber_engine& e) {
        for (std::size_t lid = 0; lid < group_size; ++lid) {
          state.run(lid);
          if (e.leave_plain_item()) break;
        }
      });
    };
  });
  partials.finish();
}

}  // namespace cohort::backends::cpu
