// SPDX-License-Identifier: MIT
#pragma once
// SYCL 1.2.1's atomic type, deprecated in SYCL 2020 but still in its specification and in
// programs: `atomic<T>` on a multi_ptr (what an access_mode::atomic accessor's subscript
// gives), relaxed, device-wide, and the free functions atomic_load, atomic_fetch_add, ...
// Each is atomic_ref's operation.
#include <cohort/core/atomic_ref.hpp>
#include <cohort/core/multi_ptr.hpp>

namespace cohort {

template <typename T, access::address_space AddressSpace = access::address_space::global_space>
class atomic {
  using ref = atomic_ref<T, memory_order::relaxed, memory_scope::device>;

public:
  template <access::decorated IsDecorated>
  COHORT_INLINE explicit atomic(multi_ptr<T, AddressSpace, IsDecorated> p) : m_ptr(p.get()) {}
  /// From a plain pointer, as an atomic accessor's subscript makes it.
  COHORT_INLINE explicit atomic(T* p) : m_ptr(p) {}

  COHORT_INLINE void store(T operand, memory_order order = memory_order::relaxed) const { ref(*m_ptr).store(operand, order); }
  COHORT_INLINE T load(memory_order order = memory_order::relaxed) const { return ref(*m_ptr).load(order); }
  COHORT_INLINE T exchange(T operand, memory_order order = memory_order::relaxed) const {
    return ref(*m_ptr).exchange(operand, order);
  }
  COHORT_INLINE bool compare_exchange_strong(T& expected, T desired, memory_order success = memory_order::relaxed,
                                             memory_order fail = memory_order::relaxed) const {
    return ref(*m_ptr).compare_exchange_strong(expected, desired, success, fail);
  }
  COHORT_INLINE T fetch_add(T operand, memory_order order = memory_order::relaxed) const {
    return ref(*m_ptr).fetch_add(operand, order);
  }
  COHORT_INLINE T fetch_sub(T operand, memory_order order = memory_order::relaxed) const {
    return ref(*m_ptr).fetch_sub(operand, order);
  }
  COHORT_INLINE T fetch_and(T operand, memory_order order = memory_order::relaxed) const {
    return ref(*m_ptr).fetch_and(operand, order);
  }
  COHORT_INLINE T fetch_or(T operand, memory_order order = memory_order::relaxed) const {
    return ref(*m_ptr).fetch_or(operand, order);
  }
  COHORT_INLINE T fetch_xor(T operand, memory_order order = memory_order::relaxed) const {
    return ref(*m_ptr).fetch_xor(operand, order);
  }
  COHORT_INLINE T fetch_min(T operand, memory_order order = memory_order::relaxed) const {
    return ref(*m_ptr).fetch_min(operand, order);
  }
  COHORT_INLINE T fetch_max(T operand, memory_order order = memory_order::relaxed) const {
    return ref(*m_ptr).fetch_max(operand, order);
  }

private:
  T* m_ptr;
};

template <typename T, access::address_space S>
COHORT_INLINE T atomic_load(atomic<T, S> object, memory_order order = memory_order::relaxed) {
  return object.load(order);
}
template <typename T, access::address_space S>
COHORT_INLINE void atomic_store(atomic<T, S> object, T operand, memory_order order = memory_order::relaxed) {
  object.store(operand, order);
}
template <typename T, access::address_space S>
COHORT_INLINE T atomic_exchange(atomic<T, S> object, T operand, memory_order order = memory_order::relaxed) {
  return object.exchange(operand, order);
}
template <typename T, access::address_space S>
COHORT_INLINE bool atomic_compare_exchange_strong(atomic<T, S> object, T& expected, T desired,
                                                  memory_order success = memory_order::relaxed,
                                                  memory_order fail = memory_order::relaxed) {
  return object.compare_exchange_strong(expected, desired, success, fail);
}
#define COHORT_ATOMIC_FETCH(OP)                                                                              \
  template <typename T, access::address_space S>                                                            \
  COHORT_INLINE T atomic_fetch_##OP(atomic<T, S> object, T operand, memory_order order = memory_order::relaxed) { \
    return object.fetch_##OP(operand, order);                                                               \
  }
COHORT_ATOMIC_FETCH(add)
COHORT_ATOMIC_FETCH(sub)
COHORT_ATOMIC_FETCH(and)
COHORT_ATOMIC_FETCH(or)
COHORT_ATOMIC_FETCH(xor)
COHORT_ATOMIC_FETCH(min)
COHORT_ATOMIC_FETCH(max)
#undef COHORT_ATOMIC_FETCH

}  // namespace cohort
