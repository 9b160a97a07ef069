// SPDX-License-Identifier: MIT
#pragma once
// The atomic operations behind atomic_ref and atomic_fence. Host code (the CPU backend's
// kernels, nvcc's host pass) uses the compiler's __atomic builtins, which are system-wide
// and so cover every memory scope; device code calls the backend's atomic hooks (declared
// in backend/kernel_hooks.hpp, defined through backend/atomic_definitions.hpp).
// An order that does not apply to an operation (acquire on a store, release on a load) is
// undefined behaviour in SYCL; here it loses the half that does not apply, as C++ derives
// compare_exchange's failure order, which costs nothing once the order is a constant.
#include <cstddef>
#include <type_traits>

#include <cohort/backend/atomic_definitions.hpp>
#include <cohort/backend/kernel_hooks.hpp>
#include <cohort/core/memory_order.hpp>
#include <cohort/core/memory_scope.hpp>
#include <cohort/detail/macros.hpp>

namespace cohort::detail {

using kernel_hooks::atomic_op;

/// The order of an operation's read: without release.
COHORT_FUNCTION constexpr memory_order read_part(memory_order o) {
  if (o == memory_order::release) return memory_order::relaxed;
  if (o == memory_order::acq_rel) return memory_order::acquire;
  return o;
}
/// The order of an operation's write: without acquire.
COHORT_FUNCTION constexpr memory_order write_part(memory_order o) {
  if (o == memory_order::acquire) return memory_order::relaxed;
  if (o == memory_order::acq_rel) return memory_order::release;
  return o;
}
/// A compare-exchange's success order made at least as strong as its failure order (C++20
/// allows a weaker one; the builtins do not).
COHORT_FUNCTION constexpr memory_order success_covering(memory_order success, memory_order failure) {
  if (failure == memory_order::seq_cst) return memory_order::seq_cst;
  if (failure == memory_order::acquire && success == memory_order::relaxed) return memory_order::acquire;
  if (failure == memory_order::acquire && success == memory_order::release) return memory_order::acq_rel;
  return success;
}

#if !COHORT_DEVICE_PASS
static_assert(static_cast<int>(memory_order::relaxed) == __ATOMIC_RELAXED &&
              static_cast<int>(memory_order::acquire) == __ATOMIC_ACQUIRE &&
              static_cast<int>(memory_order::release) == __ATOMIC_RELEASE &&
              static_cast<int>(memory_order::acq_rel) == __ATOMIC_ACQ_REL &&
              static_cast<int>(memory_order::seq_cst) == __ATOMIC_SEQ_CST);
static_assert(__atomic_always_lock_free(4, 0) && __atomic_always_lock_free(8, 0),
              "atomic_ref promises lock-free 32- and 64-bit atomics");

inline constexpr int builtin_order(memory_order o) { return static_cast<int>(o); }
#endif

template <typename T>
COHORT_INLINE T atomic_load(const T* p, memory_order order, [[maybe_unused]] memory_scope scope) {
  order = read_part(order);
#if COHORT_DEVICE_PASS
  return kernel_hooks::atomic_load(p, order, scope);
#else
  T value{};
  __atomic_load(p, &value, builtin_order(order));
  return value;
#endif
}

template <typename T>
COHORT_INLINE void atomic_store(T* p, T value, memory_order order, [[maybe_unused]] memory_scope scope) {
  order = write_part(order);
#if COHORT_DEVICE_PASS
  kernel_hooks::atomic_store(p, value, order, scope);
#else
  __atomic_store(p, &value, builtin_order(order));
#endif
}

template <typename T>
COHORT_INLINE bool atomic_compare_exchange(T* p, T& expected, T desired, bool weak, memory_order success,
                                           memory_order failure, [[maybe_unused]] memory_scope scope) {
  failure = read_part(failure);
  success = success_covering(success, failure);
#if COHORT_DEVICE_PASS
  return kernel_hooks::atomic_compare_exchange(p, expected, desired, weak, success, failure, scope);
#else
  return __atomic_compare_exchange(p, &expected, &desired, weak, builtin_order(success), builtin_order(failure));
#endif
}

/// Applies `Op` and returns the value before. `operand` counts elements when T is a pointer.
template <atomic_op Op, typename T, typename Operand>
COHORT_INLINE T atomic_fetch(T* p, Operand operand, memory_order order, [[maybe_unused]] memory_scope scope) {
#if COHORT_DEVICE_PASS
  return kernel_hooks::atomic_fetch<Op>(p, operand, order, scope);
#else
  const int o = builtin_order(order);
  if constexpr (Op == atomic_op::exchange) {
    T before{};
    __atomic_exchange(p, &operand, &before, o);
    return before;
  } else if constexpr (std::is_pointer_v<T> && (Op == atomic_op::add || Op == atomic_op::sub)) {
    // The builtins add bytes to a pointer, not elements.
    const std::ptrdiff_t bytes = operand * static_cast<std::ptrdiff_t>(sizeof(std::remove_pointer_t<T>));
    return Op == atomic_op::add ? __atomic_fetch_add(p, bytes, o) : __atomic_fetch_sub(p, bytes, o);
  } else if constexpr (std::is_integral_v<T> && Op == atomic_op::add) {
    return __atomic_fetch_add(p, operand, o);
  } else if constexpr (std::is_integral_v<T> && Op == atomic_op::sub) {
    return __atomic_fetch_sub(p, operand, o);
  } else if constexpr (Op == atomic_op::bit_and) {
    return __atomic_fetch_and(p, operand, o);
  } else if constexpr (Op == atomic_op::bit_or) {
    return __atomic_fetch_or(p, operand, o);
  } else if constexpr (Op == atomic_op::bit_xor) {
    return __atomic_fetch_xor(p, operand, o);
  } else {
    // Floating-point add and sub, min and max: a compare-exchange loop. A min or max that
    // would change nothing only reads, as a failed compare-exchange does.
    const int read = builtin_order(read_part(order));
    T before{};
    __atomic_load(p, &before, read);
    for (;;) {
      T after;
      if constexpr (Op == atomic_op::min) {
        if (!(operand < before)) return before;
        after = operand;
      } else if constexpr (Op == atomic_op::max) {
        if (!(before < operand)) return before;
        after = operand;
      } else if constexpr (Op == atomic_op::add) {
        after = before + operand;
      } else {
        after = before - operand;
      }
      if (__atomic_compare_exchange(p, &before, &after, true, o, read)) return before;
    }
  }
#endif
}

COHORT_INLINE void atomic_fence(memory_order order, [[maybe_unused]] memory_scope scope) {
#if COHORT_DEVICE_PASS
  kernel_hooks::atomic_fence(order, scope);
#else
  __atomic_thread_fence(builtin_order(order));
#endif
}

/// A pause in a loop that polls memory other work-groups write, so the polling leaves the
/// memory system to the writers: the backend's hook in device code (CUDA: __nanosleep),
/// the processor's spin-wait hint in host code.
COHORT_INLINE void spin_pause([[maybe_unused]] unsigned nanoseconds) {
#if COHORT_DEVICE_PASS
  kernel_hooks::spin_pause(nanoseconds);
#elif defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#endif
}

}  // namespace cohort::detail
