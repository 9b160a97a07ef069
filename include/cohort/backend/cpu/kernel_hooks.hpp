// SPDX-License-Identifier: MIT
#pragma once
// What kernel code calls on the CPU backend: barriers, hierarchical work-item loops and
// the per-group memory. The hooks are templates on the vocabulary types so this header
// can be included before those types are complete.
// Its definitions are for every pass but nvcc's device pass only (backend/kernel_hook_definitions.hpp picks them);
// included alone in another pass, it defines nothing.
#include <cohort/detail/macros.hpp>
#if !COHORT_DEVICE_PASS
#include <cstddef>
#include <iterator>
#include <new>
#include <type_traits>

#include <cohort/backend/kernel_hooks.hpp>  // the declarations (with their attributes) first
#include <cohort/backend/cpu/compiler_pass.hpp>
#include <cohort/backend/cpu/contiguous_loop.hpp>
#include <cohort/detail/macros.hpp>
#include <cohort/backend/cpu/fiber_engine.hpp>
#include <cohort/backend/cpu/group_ops.hpp>
#include <cohort/backend/cpu/sub_group_extras.hpp>
#include <cohort/core/memory_scope.hpp>
#include <cohort/backend/cpu/group_arena.hpp>
#include <cohort/backend/cpu/group_local_storage.hpp>
#include <cohort/core/fwd.hpp>
#include <cohort/core/id.hpp>
#include <cohort/detail/from_first.hpp>
#include <cohort/detail/sequential_algorithms.hpp>

namespace cohort::backends::cpu {

/// The slots of the work-group that a group or sub-group covers.
template <typename Group>
inline group_ops::scope scope_of(const Group& g) {
  if constexpr (Group::fence_scope == memory_scope::sub_group) {
    const std::size_t first = g.first_item_in_group();
    return {first, first + g.get_local_linear_range(), first + g.get_local_linear_id(), false};
  } else {
    return {0, g.get_local_linear_range(), g.get_local_linear_id(), true};
  }
}

}  // namespace cohort::backends::cpu

// The definitions of the hooks declared in backend/kernel_hooks.hpp.
namespace cohort::detail::kernel_hooks {

namespace cpu = ::cohort::backends::cpu;


template <int D>
COHORT_INLINE void barrier(const group<D>& g) {
#if COHORT_CBS
  if (cpu::cbs::active()) return __cohort_cbs_barrier();
#endif
  cpu::fiber_engine::active().barrier(g.get_local_linear_id(), 0, g.get_local_linear_range());
}

/// Sub-groups are consecutive items of the work-group; size 1 needs no synchronisation.
template <typename SubGroup>
COHORT_INLINE void sub_group_barrier(const SubGroup& sg) {
  if (sg.get_max_local_range()[0] == 1) return;
#if COHORT_CBS
  // The launcher runs groups as loops only with sub-groups of one item.
  if (cpu::cbs::active()) return __cohort_cbs_unsupported();
#endif
  const std::size_t first = sg.first_item_in_group();
  cpu::fiber_engine::active().barrier(first + sg.get_local_linear_id(), first, first + sg.get_local_linear_range());
}

/// All items of a work-group run on one thread, so ordering within a group needs only the
/// compiler's fence; wider scopes take the hardware's.
template <memory_scope Scope, typename Group>
COHORT_INLINE void memory_fence(const Group&) {
  if constexpr (Scope == memory_scope::device || Scope == memory_scope::system)
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
  else
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
}

/// Base of the current group's local-accessor memory.
COHORT_INLINE char* local_accessor_base() {
#if COHORT_CBS
  if (cpu::cbs::active()) return __cohort_cbs_local_memory();
#endif
  return cpu::group_arena::active().local_accessor_base();
}

/// Hierarchical: the group lambda runs once per group on the CPU, so a work-item loop
/// over the logical range is all `parallel_for_work_item` needs; its implicit barrier is
/// free. Physical ids wrap the logical range onto the group's items. The loops are
/// nested with the innermost one contiguous and dependence-free; wrapped ids advance
/// by counting instead of dividing, and a logical range that fits the group (the common
/// cases: equal to it, or shrinking like a tree reduction's steps) wraps not at all.
template <int D, typename Range, typename F>
COHORT_INLINE void parallel_for_work_item(const group<D>& g, const Range& logical, F& f) {
  const range<D> physical = g.get_local_range();
  const range<D> global = g.get_group_range() * physical;
  const id<D> base = detail::scaled_offset(g.get_group_id(), physical, id<D>{});
  const range<D> lr = logical;
  using id_t = id<D>;
  bool fits = true;
  for (int d = 0; d < D; ++d) fits = fits && lr[d] <= physical[d];
  if constexpr (D == 1) {
    const std::size_t n = lr[0], p = physical[0], b = base[0];
    if (fits) {
      // One loop with a runtime extent (see contiguous_loop.hpp for why not contiguous_rows).
COHORT_IVDEP
COHORT_UNROLL_4
      for (std::size_t i = 0; i < n; ++i) f(h_item<D>(id_t{b + i}, global, id_t{i}, lr, id_t{i}, physical));
    } else {
      for (std::size_t i0 = 0; i0 < n; i0 += p) {
        const std::size_t m = n - i0 < p ? n - i0 : p;
COHORT_IVDEP
        for (std::size_t q = 0; q < m; ++q) f(h_item<D>(id_t{b + q}, global, id_t{i0 + q}, lr, id_t{q}, physical));
      }
    }
  } else if constexpr (D == 2) {
    const std::size_t n0 = lr[0], n1 = lr[1], p0 = physical[0], p1 = physical[1];
    if (fits) {
      cpu::contiguous_rows(n0, n1, [&](std::size_t i, std::size_t j) {
        f(h_item<D>(id_t{base[0] + i, base[1] + j}, global, id_t{i, j}, lr, id_t{i, j}, physical));
      });
    } else {
      for (std::size_t i = 0, pi = 0; i < n0; ++i, pi = pi + 1 == p0 ? 0 : pi + 1)
        for (std::size_t j0 = 0; j0 < n1; j0 += p1) {
          const std::size_t m = n1 - j0 < p1 ? n1 - j0 : p1;
COHORT_IVDEP
          for (std::size_t q = 0; q < m; ++q)
            f(h_item<D>(id_t{base[0] + pi, base[1] + q}, global, id_t{i, j0 + q}, lr, id_t{pi, q}, physical));
        }
    }
  } else {
    const std::size_t n0 = lr[0], n1 = lr[1], n2 = lr[2], p0 = physical[0], p1 = physical[1], p2 = physical[2];
    for (std::size_t i = 0, pi = 0; i < n0; ++i, pi = pi + 1 == p0 ? 0 : pi + 1)
      for (std::size_t j = 0, pj = 0; j < n1; ++j, pj = pj + 1 == p1 ? 0 : pj + 1)
        for (std::size_t k0 = 0; k0 < n2; k0 += p2) {
          const std::size_t m = n2 - k0 < p2 ? n2 - k0 : p2;
COHORT_IVDEP
          for (std::size_t q = 0; q < m; ++q)
            f(h_item<D>(id_t{base[0] + pi, base[1] + pj, base[2] + q}, global, id_t{i, j, k0 + q}, lr,
                        id_t{pi, pj, q}, physical));
        }
  }
}

/// One default-initialised T per item of the group, from the group arena: the group's
/// items run on this thread one after another.
template <typename T, int D>
class private_storage {
public:
  COHORT_FUNCTION explicit private_storage(const group<D>& g) {
    const std::size_t n = g.get_local_linear_range();
    m_data = static_cast<T*>(cpu::group_arena::active().allocate(n * sizeof(T), alignof(T)));
    for (std::size_t i = 0; i < n; ++i) new (m_data + i) T;
  }
  COHORT_FUNCTION T& get(std::size_t physical_linear_id) const { return m_data[physical_linear_id]; }

private:
  T* m_data;
};

/// Storage of one hierarchical `local_memory<T>` (see group_local_storage.hpp).
template <typename T>
class group_shared_storage : public cpu::group_local_storage<T> {
public:
  template <int D>
  COHORT_FUNCTION explicit group_shared_storage(const group<D>&) {}
};

template <typename Group, typename T, typename Op>
COHORT_INLINE T group_reduce(const Group& g, const T& x, Op op) {
#if COHORT_CBS
  if constexpr (Group::fence_scope != memory_scope::sub_group)
    if (cpu::cbs::active()) return cpu::cbs::reduce(g.get_local_linear_id(), g.get_local_linear_range(), x, op);
#endif
  return cpu::group_ops::reduce(cpu::scope_of(g), x, op);
}
template <typename Group, typename T, typename Op>
COHORT_INLINE T group_inclusive_scan(const Group& g, const T& x, Op op) {
#if COHORT_CBS
  if constexpr (Group::fence_scope != memory_scope::sub_group)
    if (cpu::cbs::active()) return cpu::cbs::inclusive_scan(g.get_local_linear_id(), g.get_local_linear_range(), x, op);
#endif
  return cpu::group_ops::inclusive_scan(cpu::scope_of(g), x, op);
}
template <typename Group, typename T, typename Op>
COHORT_INLINE T group_exclusive_scan(const Group& g, const T& x, const T& init, Op op) {
#if COHORT_CBS
  if constexpr (Group::fence_scope != memory_scope::sub_group)
    if (cpu::cbs::active()) return cpu::cbs::exclusive_scan(g.get_local_linear_id(), g.get_local_linear_range(), x, init, op);
#endif
  return cpu::group_ops::exclusive_scan(cpu::scope_of(g), x, init, op);
}
/// Each item gets the value of the item with local linear id `source` in its scope.
template <typename Group, typename T>
COHORT_INLINE T group_select(const Group& g, const T& x, std::size_t source) {
#if COHORT_CBS
  if constexpr (Group::fence_scope != memory_scope::sub_group)
    if (cpu::cbs::active()) return cpu::cbs::select(g.get_local_linear_id(), g.get_local_linear_range(), x, source);
#endif
  return cpu::group_ops::select(cpu::scope_of(g), x, source);
}
template <typename Group, typename T>
COHORT_INLINE T group_broadcast(const Group& g, const T& x, std::size_t source) {
#if COHORT_CBS
  if constexpr (Group::fence_scope != memory_scope::sub_group)
    if (cpu::cbs::active()) return cpu::cbs::select(g.get_local_linear_id(), g.get_local_linear_range(), x, source);
#endif
  return cpu::group_ops::select(cpu::scope_of(g), x, source);
}
// Joint algorithms: the items of a group run one after another on this thread, so one
// item processing the whole range with a vectorised loop beats splitting it among them.
// Forced inline like the other collectives: every call level between the kernel and the
// fiber switch returns mispredicted after it.
/// `init` may be detail::from_first<T>: start from the first element (an empty range gives T{}).
template <typename Group, typename Ptr, typename Init, typename Op>
COHORT_INLINE detail::joint_value_t<Init> joint_reduce(const Group& g, Ptr first, Ptr last, const Init& init,
                                                                       Op op) {
  using T = detail::joint_value_t<Init>;
  const auto count = static_cast<std::size_t>(std::distance(first, last));
  const auto compute = [&]() -> T {
    if constexpr (detail::is_from_first_v<Init>)
      return count == 0 ? T{} : detail::fold(std::next(first), count - 1, static_cast<T>(*first), op);
    else
      return detail::fold(first, count, init, op);
  };
#if COHORT_CBS
  if constexpr (Group::fence_scope != memory_scope::sub_group)
    if (cpu::cbs::active()) return cpu::cbs::once_for_all<T>(g.get_local_linear_id(), g.get_local_linear_range(), compute);
#endif
  return cpu::group_ops::once_for_all<T>(cpu::scope_of(g), compute, count * sizeof(*first));
}
/// Scans [first, last) into `result` (which may equal `first`). An inclusive scan's `init`
/// may be detail::from_first<T>: the first element is the first result.
template <bool Inclusive, typename Group, typename InPtr, typename OutPtr, typename Init, typename Op>
COHORT_INLINE void joint_scan(const Group& g, InPtr first, InPtr last, OutPtr result, const Init& init,
                                              Op op) {
  const auto count = static_cast<std::size_t>(std::distance(first, last));
  const auto compute = [&] {
    if constexpr (detail::is_from_first_v<Init>) {
      static_assert(Inclusive, "an exclusive scan needs an init or an identity");
      using T = detail::joint_value_t<Init>;
      if (count != 0) {
        const T head = static_cast<T>(*first);  // read before an in-place scan overwrites it
        *result = head;
        detail::scan<true>(std::next(first), count - 1, std::next(result), head, op);
      }
    } else {
      detail::scan<Inclusive>(first, count, result, init, op);
    }
    return char{0};
  };
#if COHORT_CBS
  if constexpr (Group::fence_scope != memory_scope::sub_group)
    if (cpu::cbs::active()) {
      cpu::cbs::once_for_all<char>(g.get_local_linear_id(), g.get_local_linear_range(), compute);
      return;
    }
#endif
  cpu::group_ops::once_for_all<char>(cpu::scope_of(g), compute, count * (sizeof(*first) + sizeof(*result)));
}
template <typename Group, typename Ptr, typename Predicate>
COHORT_INLINE bool joint_any_of(const Group& g, Ptr first, Ptr last, Predicate pred) {
  const auto count = static_cast<std::size_t>(std::distance(first, last));
  const auto compute = [&] { return detail::any_of(first, count, pred); };
#if COHORT_CBS
  if constexpr (Group::fence_scope != memory_scope::sub_group)
    if (cpu::cbs::active()) return cpu::cbs::once_for_all<bool>(g.get_local_linear_id(), g.get_local_linear_range(), compute);
#endif
  return cpu::group_ops::once_for_all<bool>(cpu::scope_of(g), compute, count * sizeof(*first));
}

}  // namespace cohort::detail::kernel_hooks

#endif  // !COHORT_DEVICE_PASS
