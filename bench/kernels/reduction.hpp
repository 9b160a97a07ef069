// SPDX-License-Identifier: MIT
#pragma once
// SYCL-Bench's Pattern_Reduction in cohort's kernel models, shared by cohort-bench
// (bench/reduction.cpp) and cohort-bench-cuda (bench/cuda/reduction.cu): one pass of the
// multi-pass tree each. A pass runs ceil(n / local) groups; a group loads its chunk into
// local memory, halves it in a barrier tree and writes one value, out[g] = sum of
// in[g*local .. g*local+local) (zero past n). local is a power of two <= 1024.
#include <cstddef>

#include <cohort/cohort.hpp>
#include <cohort/detail/macros.hpp>
#include <cohort/scoped.hpp>

#include "probe.hpp"

namespace kernels {
// Internal linkage, as when these kernels stood in cohort-bench's .cpp files: g++ inlines
// and clones such functions more freely, and the CPU suite's code must stay what it was.
namespace {

/// Counter: the type of the local id and the step (std::size_t; SYCL-Bench's own source
/// has int).
template <typename T, typename Counter = std::size_t, typename Probe = no_probe>
cohort::event pass_nd_range(cohort::queue& q, cohort::event dep, const T* in, T* out, std::size_t n,
                            std::size_t local, Probe probe = {}) {
  const std::size_t groups = (n + local - 1) / local;
  return q.submit([&](cohort::handler& h) {
    h.depends_on(dep);
    cohort::local_accessor<T, 1> scratch(cohort::range<1>{local}, h);
    auto kernel = COHORT_LAMBDA(cohort::nd_item<1> it) {
      const Counter lid = static_cast<Counter>(it.get_local_id(0));
      const std::size_t gid = it.get_global_id(0);
      scratch[lid] = gid < n ? in[gid] : T(0);
      for (Counter half = static_cast<Counter>(local) / 2; half > 0; half /= 2) {
        cohort::group_barrier(it.get_group());
        if (lid < half) scratch[lid] += scratch[lid + half];
      }
      if (lid == 0) out[it.get_group(0)] = scratch[0];
    };
    probe(kernel, nd_range_shape<1>{local, local * sizeof(T)});
    h.parallel_for(cohort::nd_range<1>{cohort::range<1>{groups * local}, cohort::range<1>{local}}, kernel);
  });
}

/// The same pass in hierarchical form: one parallel_for_work_item per tree step (its
/// implicit barrier replaces group_barrier), the group's value written at group scope
/// (on a GPU every thread writes the same value). Each step runs over a flexible logical
/// range of `half` items instead of the whole group with an `if (lid < half)`, and the
/// load handles a partial last group with a second, zero-filling loop rather than a
/// per-item bounds check: the same adds and loads, but loops the CPU compiler vectorises.
template <typename T, typename Probe = no_probe>
cohort::event pass_hierarchical(cohort::queue& q, cohort::event dep, const T* in, T* out, std::size_t n,
                                std::size_t local, Probe probe = {}) {
  const std::size_t groups = (n + local - 1) / local;
  return q.submit([&](cohort::handler& h) {
    h.depends_on(dep);
    auto kernel = COHORT_LAMBDA(cohort::group<1> g) {
      cohort::local_memory<T[1024]> scratch(g);  // local <= 1024 (the device limit)
      const std::size_t base = g.get_group_id(0) * local;
      const std::size_t valid = n - base < local ? n - base : local;
      g.parallel_for_work_item(cohort::range<1>{valid}, [&](cohort::h_item<1> it) {
        scratch[it.get_local_id(0)] = in[base + it.get_local_id(0)];
      });
      if (valid < local)
        g.parallel_for_work_item(cohort::range<1>{local - valid},
                                 [&](cohort::h_item<1> it) { scratch[valid + it.get_local_id(0)] = T(0); });
      for (std::size_t half = local / 2; half > 0; half /= 2)
        g.parallel_for_work_item(cohort::range<1>{half}, [&](cohort::h_item<1> it) {
          const std::size_t lid = it.get_local_id(0);
          scratch[lid] += scratch[lid + half];
        });
      out[g.get_group_id(0)] = scratch[0];
    };
    probe(kernel, hierarchical_shape<1>{local});
    h.parallel_for_work_group(cohort::range<1>{groups}, cohort::range<1>{local}, kernel);
  });
}

/// The same pass in scoped form (as AdaptiveCpp's SYCL-Bench port): one
/// distribute_items_and_wait for the load and one per tree step with `if (lid < half)`,
/// single_item for the write. A full group loads without a per-item bounds check (the
/// branch is uniform over the group, so every item takes the same one).
template <typename T, typename Probe = no_probe>
cohort::event pass_scoped(cohort::queue& q, cohort::event dep, const T* in, T* out, std::size_t n,
                          std::size_t local, Probe probe = {}) {
  const std::size_t groups = (n + local - 1) / local;
  return q.submit([&](cohort::handler& h) {
    h.depends_on(dep);
    auto kernel = COHORT_LAMBDA(cohort::scoped_group<1> g) {
      cohort::memory_environment(g, cohort::require_local_mem<T[1024]>(), [&](auto& scratch) {
        const std::size_t base = g.get_group_id(0) * local;
        if (base + local <= n)
          cohort::distribute_items_and_wait(g, [&](cohort::s_item<1> it) {
            scratch[it.get_innermost_local_id(0)] = in[it.get_global_id(0)];
          });
        else
          cohort::distribute_items_and_wait(g, [&](cohort::s_item<1> it) {
            const std::size_t gid = it.get_global_id(0);
            scratch[it.get_innermost_local_id(0)] = gid < n ? in[gid] : T(0);
          });
        for (std::size_t half = local / 2; half > 0; half /= 2)
          cohort::distribute_items_and_wait(g, [&](cohort::s_item<1> it) {
            const std::size_t lid = it.get_innermost_local_id(0);
            if (lid < half) scratch[lid] += scratch[lid + half];
          });
        cohort::single_item(g, [&] { out[g.get_group_id(0)] = scratch[0]; });
      });
    };
    probe(kernel, scoped_shape<1>{local});
    h.parallel(cohort::range<1>{groups}, cohort::range<1>{local}, kernel);
  });
}

/// SYCL-Bench's own hierarchical source of the pass (pattern/reduction.cpp), as the field
/// runs it (its nd_range source is pass_nd_range<T, int>): `int` local ids and steps, the
/// load with a bounds check, one parallel_for_work_item over the whole group per step with
/// `if (lid < i)`, then one in which item 0 writes the result. (pass_hierarchical counts
/// with std::size_t and runs its steps over ranges of `half` items, for the CPU's vector
/// loops.)
template <typename T, typename Probe = no_probe>
cohort::event pass_hierarchical_whole_group(cohort::queue& q, cohort::event dep, const T* in, T* out, std::size_t n,
                                            std::size_t local, Probe probe = {}) {
  const std::size_t groups = (n + local - 1) / local;
  return q.submit([&](cohort::handler& h) {
    h.depends_on(dep);
    const int group_size = static_cast<int>(local);
    auto kernel = COHORT_LAMBDA(cohort::group<1> g) {
      cohort::local_memory<T[1024]> scratch(g);  // local <= 1024 (the device limit)
      g.parallel_for_work_item([&](cohort::h_item<1> it) {
        const int lid = static_cast<int>(it.get_local_id(0));
        const std::size_t gid = it.get_global_id(0);
        scratch[lid] = gid < n ? in[gid] : T(0);
      });
      for (int i = group_size / 2; i > 0; i /= 2)
        g.parallel_for_work_item([&](cohort::h_item<1> it) {
          const int lid = static_cast<int>(it.get_local_id(0));
          if (lid < i) scratch[lid] += scratch[lid + i];
        });
      g.parallel_for_work_item([&](cohort::h_item<1> it) {
        if (it.get_local_id(0) == 0) out[g.get_group_id(0)] = scratch[0];
      });
    };
    probe(kernel, hierarchical_shape<1>{local});
    h.parallel_for_work_group(cohort::range<1>{groups}, cohort::range<1>{local}, kernel);
  });
}

/// The scoped pass with SYCL-Bench's `int` counters and one load with a bounds check.
template <typename T, typename Probe = no_probe>
cohort::event pass_scoped_int(cohort::queue& q, cohort::event dep, const T* in, T* out, std::size_t n,
                              std::size_t local, Probe probe = {}) {
  const std::size_t groups = (n + local - 1) / local;
  return q.submit([&](cohort::handler& h) {
    h.depends_on(dep);
    const int group_size = static_cast<int>(local);
    auto kernel = COHORT_LAMBDA(cohort::scoped_group<1> g) {
      cohort::memory_environment(g, cohort::require_local_mem<T[1024]>(), [&](auto& scratch) {
        cohort::distribute_items_and_wait(g, [&](cohort::s_item<1> it) {
          const std::size_t gid = it.get_global_id(0);
          scratch[it.get_innermost_local_id(0)] = gid < n ? in[gid] : T(0);
        });
        for (int i = group_size / 2; i > 0; i /= 2)
          cohort::distribute_items_and_wait(g, [&](cohort::s_item<1> it) {
            const int lid = static_cast<int>(it.get_innermost_local_id(0));
            if (lid < i) scratch[lid] += scratch[lid + i];
          });
        cohort::single_item(g, [&] { out[g.get_group_id(0)] = scratch[0]; });
      });
    };
    probe(kernel, scoped_shape<1>{local});
    h.parallel(cohort::range<1>{groups}, cohort::range<1>{local}, kernel);
  });
}

}  // namespace
}  // namespace kernels
