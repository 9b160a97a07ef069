// SPDX-License-Identifier: MIT
#pragma once
// What kernel code calls on the CPU backend: barriers, hierarchical work-item loops and
// the per-group memory. The hooks are templates on the vocabulary types so this header
// can be included before those types are complete.
#include <cstddef>
#include <new>
#include <type_traits>

#include <cohort/backend/cpu/fiber_engine.hpp>
#include <cohort/backend/cpu/group_ops.hpp>
#include <cohort/backend/cpu/sub_group_extras.hpp>
#include <cohort/core/memory_scope.hpp>
#include <cohort/backend/cpu/group_arena.hpp>
#include <cohort/core/fwd.hpp>
#include <cohort/core/id.hpp>

namespace cohort::backends::cpu::kernel_hooks {

template <int D>
inline void barrier(const group<D>& g) {
  fiber_engine::this_thread().barrier(g.get_local_linear_id(), 0, g.get_local_linear_range());
}

/// Sub-groups are consecutive items of the work-group; size 1 needs no synchronisation.
template <typename SubGroup>
inline void sub_group_barrier(const SubGroup& sg) {
  if (sg.get_max_local_range()[0] == 1) return;
  const std::size_t first = sg.first_item_in_group();
  fiber_engine::this_thread().barrier(first + sg.get_local_linear_id(), first,
                                      first + sg.get_local_linear_range());
}

/// Base of the current group's local-accessor memory.
inline char* local_accessor_base() { return group_arena::this_thread().local_accessor_base(); }

/// Hierarchical: the group lambda runs once per group on the CPU, so a work-item loop
/// over the logical range is all `parallel_for_work_item` needs; its implicit barrier is
/// free. Physical ids wrap the logical range onto the group's items.
template <int D, typename Range, typename F>
inline void parallel_for_work_item(const group<D>& g, const Range& logical, F& f) {
  const auto physical = g.get_local_range();
  const auto base = detail::scaled_offset(g.get_group_id(), physical, id<D>{});
  const auto global = g.get_group_range() * physical;
  using id_t = id<D>;
  if constexpr (D == 1) {
    const std::size_t n = logical[0], p = physical[0];
    if (n == p) {
COHORT_IVDEP
      for (std::size_t i = 0; i < n; ++i)
        f(h_item<1>(id_t{base[0] + i}, global, id_t{i}, logical, id_t{i}, physical));
    } else {
      for (std::size_t i = 0; i < n; ++i) {
        const std::size_t q = i % p;
        f(h_item<1>(id_t{base[0] + q}, global, id_t{i}, logical, id_t{q}, physical));
      }
    }
  } else if constexpr (D == 2) {
    for (std::size_t i = 0; i < logical[0]; ++i) {
      const std::size_t pi = i % physical[0];
      for (std::size_t j = 0; j < logical[1]; ++j) {
        const std::size_t pj = j % physical[1];
        f(h_item<2>(id_t{base[0] + pi, base[1] + pj}, global, id_t{i, j}, logical, id_t{pi, pj}, physical));
      }
    }
  } else {
    for (std::size_t i = 0; i < logical[0]; ++i) {
      const std::size_t pi = i % physical[0];
      for (std::size_t j = 0; j < logical[1]; ++j) {
        const std::size_t pj = j % physical[1];
        for (std::size_t k = 0; k < logical[2]; ++k) {
          const std::size_t pk = k % physical[2];
          f(h_item<3>(id_t{base[0] + pi, base[1] + pj, base[2] + pk}, global, id_t{i, j, k}, logical,
                      id_t{pi, pj, pk}, physical));
        }
      }
    }
  }
}

/// One default-initialised T per item of the group, from the group arena.
template <typename T, int D>
inline T* private_instances(const group<D>& g) {
  const std::size_t n = g.get_local_linear_range();
  T* p = static_cast<T*>(group_arena::this_thread().allocate(n * sizeof(T), alignof(T)));
  for (std::size_t i = 0; i < n; ++i) new (p + i) T;
  return p;
}
template <typename T>
inline T& private_instance(T* instances, std::size_t physical_linear_id) {
  return instances[physical_linear_id];
}

/// One default-initialised T shared by the whole group (the group lambda runs once).
template <typename T, int D>
inline T* group_shared(const group<D>&) {
  T* p = static_cast<T*>(group_arena::this_thread().allocate(sizeof(T), alignof(T)));
  new (p) T;
  return p;
}

/// The slots of the work-group that a group or sub-group covers.
template <typename Group>
inline group_ops::scope scope_of(const Group& g) {
  if constexpr (Group::fence_scope == memory_scope::sub_group) {
    const std::size_t first = g.first_item_in_group();
    return {first, first + g.get_local_linear_range(), first + g.get_local_linear_id()};
  } else {
    return {0, g.get_local_linear_range(), g.get_local_linear_id()};
  }
}

template <typename Group, typename T, typename Op>
inline T group_reduce(const Group& g, const T& x, Op op) {
  return group_ops::reduce(scope_of(g), x, op);
}
template <typename Group, typename T, typename Op>
inline T group_inclusive_scan(const Group& g, const T& x, Op op) {
  return group_ops::inclusive_scan(scope_of(g), x, op);
}
template <typename Group, typename T, typename Op>
inline T group_exclusive_scan(const Group& g, const T& x, const T& init, Op op) {
  return group_ops::exclusive_scan(scope_of(g), x, init, op);
}
/// Each item gets the value of the item with local linear id `source` in its scope.
template <typename Group, typename T>
inline T group_select(const Group& g, const T& x, std::size_t source) {
  return group_ops::select(scope_of(g), x, source);
}
/// `f()` evaluated once for the whole group, its result given to every item.
template <typename R, typename Group, typename F>
inline R group_once(const Group& g, F&& f) {
  return group_ops::once_for_all<R>(scope_of(g), f);
}

}  // namespace cohort::backends::cpu::kernel_hooks
