// SPDX-License-Identifier: MIT
#pragma once
// SYCL-Bench's Pattern_SegmentedReduction in cohort's kernel models, shared by cohort-bench
// (bench/segmented_reduction.cpp) and cohort-bench-cuda (bench/cuda/segmented_reduction.cu):
// one kernel in which every work-group sums its own `local`-sized segment of v in place,
// writing the sum into the segment's first element and leaving the others untouched.
// local is a power of two <= 1024 dividing n.
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
cohort::event segments_nd_range(cohort::queue& q, T* v, std::size_t n, std::size_t local, Probe probe = {}) {
  return q.submit([&](cohort::handler& h) {
    cohort::local_accessor<T, 1> scratch(cohort::range<1>{local}, h);
    auto kernel = COHORT_LAMBDA(cohort::nd_item<1> it) {
      const Counter lid = static_cast<Counter>(it.get_local_id(0));
      scratch[lid] = v[it.get_global_id(0)];
      for (Counter half = static_cast<Counter>(local) / 2; half > 0; half /= 2) {
        cohort::group_barrier(it.get_group());
        if (lid < half) scratch[lid] += scratch[lid + half];
      }
      if (lid == 0) v[it.get_global_id(0)] = scratch[0];
    };
    probe(kernel, nd_range_shape<1>{local, local * sizeof(T)});
    h.parallel_for(cohort::nd_range<1>{cohort::range<1>{n}, cohort::range<1>{local}}, kernel);
  });
}

/// One parallel_for_work_item per tree step, over a flexible logical range of `half`
/// items (the same adds as SYCL-Bench's `if (lid < half)` over the whole group); the
/// segment's first element written at group scope (on a GPU every thread writes the same
/// value).
template <typename T, typename Probe = no_probe>
cohort::event segments_hierarchical(cohort::queue& q, T* v, std::size_t n, std::size_t local, Probe probe = {}) {
  return q.submit([&](cohort::handler& h) {
    auto kernel = COHORT_LAMBDA(cohort::group<1> g) {
      cohort::local_memory<T[1024]> scratch(g);  // local <= 1024
      T* seg = v + g.get_group_id(0) * local;
      g.parallel_for_work_item([&](cohort::h_item<1> it) { scratch[it.get_local_id(0)] = seg[it.get_local_id(0)]; });
      for (std::size_t half = local / 2; half > 0; half /= 2)
        g.parallel_for_work_item(cohort::range<1>{half}, [&](cohort::h_item<1> it) {
          const std::size_t lid = it.get_local_id(0);
          scratch[lid] += scratch[lid + half];
        });
      seg[0] = scratch[0];
    };
    probe(kernel, hierarchical_shape<1>{local});
    h.parallel_for_work_group(cohort::range<1>{n / local}, cohort::range<1>{local}, kernel);
  });
}

/// Scoped (as AdaptiveCpp's SYCL-Bench port): distribute_items_and_wait for the load and
/// each tree step, single_item for the write into the segment's first element.
template <typename T, typename Probe = no_probe>
cohort::event segments_scoped(cohort::queue& q, T* v, std::size_t n, std::size_t local, Probe probe = {}) {
  return q.submit([&](cohort::handler& h) {
    auto kernel = COHORT_LAMBDA(cohort::scoped_group<1> g) {
      cohort::memory_environment(g, cohort::require_local_mem<T[1024]>(), [&](auto& scratch) {
        cohort::distribute_items_and_wait(g, [&](cohort::s_item<1> it) {
          scratch[it.get_innermost_local_id(0)] = v[it.get_global_id(0)];
        });
        for (std::size_t half = local / 2; half > 0; half /= 2)
          cohort::distribute_items_and_wait(g, [&](cohort::s_item<1> it) {
            const std::size_t lid = it.get_innermost_local_id(0);
            if (lid < half) scratch[lid] += scratch[lid + half];
          });
        cohort::single_item(g, [&] { v[g.get_group_id(0) * local] = scratch[0]; });
      });
    };
    probe(kernel, scoped_shape<1>{local});
    h.parallel(cohort::range<1>{n / local}, cohort::range<1>{local}, kernel);
  });
}

/// SYCL-Bench's own hierarchical source (pattern/segmentedreduction.cpp; its nd_range
/// source is segments_nd_range<T, int>): `int` local ids and steps, one
/// parallel_for_work_item over the whole group per step with `if (lid < i)`, then one in
/// which item 0 writes the sum. (segments_hierarchical counts with std::size_t and runs its
/// steps over ranges of `half` items.)
template <typename T, typename Probe = no_probe>
cohort::event segments_hierarchical_whole_group(cohort::queue& q, T* v, std::size_t n, std::size_t local,
                                                Probe probe = {}) {
  return q.submit([&](cohort::handler& h) {
    const int group_size = static_cast<int>(local);
    auto kernel = COHORT_LAMBDA(cohort::group<1> g) {
      cohort::local_memory<T[1024]> scratch(g);  // local <= 1024
      g.parallel_for_work_item([&](cohort::h_item<1> it) {
        scratch[static_cast<int>(it.get_local_id(0))] = v[it.get_global_id(0)];
      });
      for (int i = group_size / 2; i > 0; i /= 2)
        g.parallel_for_work_item([&](cohort::h_item<1> it) {
          const int lid = static_cast<int>(it.get_local_id(0));
          if (lid < i) scratch[lid] += scratch[lid + i];
        });
      g.parallel_for_work_item([&](cohort::h_item<1> it) {
        if (it.get_local_id(0) == 0) v[it.get_global_id(0)] = scratch[0];
      });
    };
    probe(kernel, hierarchical_shape<1>{local});
    h.parallel_for_work_group(cohort::range<1>{n / local}, cohort::range<1>{local}, kernel);
  });
}

/// The scoped kernel with SYCL-Bench's `int` counters.
template <typename T, typename Probe = no_probe>
cohort::event segments_scoped_int(cohort::queue& q, T* v, std::size_t n, std::size_t local, Probe probe = {}) {
  return q.submit([&](cohort::handler& h) {
    const int group_size = static_cast<int>(local);
    auto kernel = COHORT_LAMBDA(cohort::scoped_group<1> g) {
      cohort::memory_environment(g, cohort::require_local_mem<T[1024]>(), [&](auto& scratch) {
        cohort::distribute_items_and_wait(g, [&](cohort::s_item<1> it) {
          scratch[it.get_innermost_local_id(0)] = v[it.get_global_id(0)];
        });
        for (int i = group_size / 2; i > 0; i /= 2)
          cohort::distribute_items_and_wait(g, [&](cohort::s_item<1> it) {
            const int lid = static_cast<int>(it.get_innermost_local_id(0));
            if (lid < i) scratch[lid] += scratch[lid + i];
          });
        cohort::single_item(g, [&] { v[g.get_group_id(0) * local] = scratch[0]; });
      });
    };
    probe(kernel, scoped_shape<1>{local});
    h.parallel(cohort::range<1>{n / local}, cohort::range<1>{local}, kernel);
  });
}

}  // namespace
}  // namespace kernels
