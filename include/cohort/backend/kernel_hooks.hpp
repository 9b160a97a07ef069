// SPDX-License-Identifier: MIT
#pragma once
// The hooks that kernel code calls, declared: the contract between the vocabulary and group
// algorithms (core/, group/), which see only these declarations, and the backends, whose
// kernel_hooks.hpp define them. backend/kernel_hook_definitions.hpp includes the definitions
// of the backend compiled in this pass; the runtime's handler.hpp includes it, so every
// translation unit that launches a kernel has them. backend/concepts.hpp checks them.
#include <cstddef>
#include <cstdint>

#include <cohort/core/fwd.hpp>
#include <cohort/core/memory_order.hpp>
#include <cohort/core/memory_scope.hpp>
#include <cohort/detail/macros.hpp>
#include <cohort/detail/from_first.hpp>

namespace cohort::detail::kernel_hooks {

// The collectives are forced inline (COHORT_COLLECTIVE, see detail/macros.hpp) here, on the
// declarations: attributes of a later definition do not count with every compiler.

// Synchronisation and memory.
template <int D>
COHORT_COLLECTIVE void barrier(const group<D>& g);
template <typename SubGroup>
COHORT_COLLECTIVE void sub_group_barrier(const SubGroup& sg);
/// Orders the calling item's memory accesses as seen by the other items of `Scope`; `g`
/// is the calling item's group (which makes calls from class templates dependent, so a
/// header calling the hook compiles without a backend's definitions).
template <memory_scope Scope, typename Group>
COHORT_INLINE void memory_fence(const Group& g);
/// Base of the current group's local-accessor memory.
COHORT_INLINE char* local_accessor_base();

// Atomics in device code (atomic_ref, atomic_fence). Host code, the kernels of a backend
// that runs them on the host included, uses the compiler's builtins instead
// (detail/atomic_ops.hpp), so only a backend with device code defines these, and
// backend/atomic_definitions.hpp picks them. The orders arrive valid for the operation;
// `Operand` counts elements when T is a pointer.
enum class atomic_op { exchange, add, sub, bit_and, bit_or, bit_xor, min, max };
template <typename T>
COHORT_INLINE T atomic_load(const T* p, memory_order order, memory_scope scope);
template <typename T>
COHORT_INLINE void atomic_store(T* p, T value, memory_order order, memory_scope scope);
/// Applies `Op` with `operand` and returns the value before.
template <atomic_op Op, typename T, typename Operand>
COHORT_INLINE T atomic_fetch(T* p, Operand operand, memory_order order, memory_scope scope);
template <typename T>
COHORT_INLINE bool atomic_compare_exchange(T* p, T& expected, T desired, bool weak, memory_order success,
                                           memory_order failure, memory_scope scope);
COHORT_INLINE void atomic_fence(memory_order order, memory_scope scope);
/// Waits about `nanoseconds` in a loop that polls what other work-groups write.
COHORT_INLINE void spin_pause(unsigned nanoseconds);

// Hierarchical kernels.
template <int D, typename Range, typename F>
COHORT_INLINE void parallel_for_work_item(const group<D>& g, const Range& logical_range, F& f);
/// One default-initialised T per physical item of the group (`private_memory`).
/// One T per physical item of the group (`private_memory`): constructible from a group,
/// `get(physical_linear_id)` gives the item's T&.
template <typename T, int D>
class private_storage;
/// Storage of one `local_memory<T>`: constructible from a group, `get()` gives T*.
template <typename T>
class group_shared_storage;

// Collectives over a work-group or sub-group `g`: one value per item in, one out.
template <typename Group, typename T, typename Op>
COHORT_COLLECTIVE T group_reduce(const Group& g, const T& x, Op op);
template <typename Group, typename T, typename Op>
COHORT_COLLECTIVE T group_inclusive_scan(const Group& g, const T& x, Op op);
template <typename Group, typename T, typename Op>
COHORT_COLLECTIVE T group_exclusive_scan(const Group& g, const T& x, const T& init, Op op);
/// Each item gets the `x` of the item with local linear id `source` (its own `x` when
/// `source` is outside the group).
template <typename Group, typename T>
COHORT_COLLECTIVE T group_select(const Group& g, const T& x, std::size_t source);
/// group_select with the same `source`, in the group, in every item.
template <typename Group, typename T>
COHORT_COLLECTIVE T group_broadcast(const Group& g, const T& x, std::size_t source);
/// `init` may be from_first<T>: start from the first element (an empty range gives T{}).
template <typename Group, typename Ptr, typename Init, typename Op>
COHORT_COLLECTIVE joint_value_t<Init> joint_reduce(const Group& g, Ptr first, Ptr last, const Init& init, Op op);
/// Scans [first, last) into `result` (which may equal `first`); an inclusive scan's `init`
/// may be from_first<T>.
template <bool Inclusive, typename Group, typename InPtr, typename OutPtr, typename Init, typename Op>
COHORT_COLLECTIVE void joint_scan(const Group& g, InPtr first, InPtr last, OutPtr result, const Init& init, Op op);
template <typename Group, typename Ptr, typename Predicate>
COHORT_COLLECTIVE bool joint_any_of(const Group& g, Ptr first, Ptr last, Predicate pred);
/// 32-bit masks, bit i = local linear id i (cohort::ext::ballot, match_any, match_all).
template <typename Group>
COHORT_COLLECTIVE std::uint32_t group_ballot(const Group& g, bool pred);
template <typename Group, typename T>
COHORT_COLLECTIVE std::uint32_t group_match_any(const Group& g, const T& x);
template <typename Group, typename T>
COHORT_COLLECTIVE std::uint32_t group_match_all(const Group& g, const T& x);

}  // namespace cohort::detail::kernel_hooks
