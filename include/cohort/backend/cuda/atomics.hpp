// SPDX-License-Identifier: MIT
#pragma once
// The atomic hooks (declared in backend/kernel_hooks.hpp) in nvcc's device pass, on
// libcu++'s cuda::atomic_ref: it emits PTX atomics with the scope and order asked for, and
// compare-exchange loops where the hardware has no instruction (floating-point min and
// max). (Its atomics on pointers take the system scope whatever is asked: stronger, so
// still right.) Included alone in another pass, it defines nothing.
#include <cohort/detail/macros.hpp>
#if COHORT_DEVICE_PASS
#include <type_traits>

#include <cuda/atomic>

#include <cohort/backend/kernel_hooks.hpp>  // the declarations first
#include <cohort/core/memory_order.hpp>
#include <cohort/core/memory_scope.hpp>

namespace cohort::backends::cuda {

__device__ inline ::cuda::std::memory_order native_order(memory_order order) {
  switch (order) {
    case memory_order::relaxed: return ::cuda::std::memory_order_relaxed;
    case memory_order::acquire: return ::cuda::std::memory_order_acquire;
    case memory_order::release: return ::cuda::std::memory_order_release;
    case memory_order::acq_rel: return ::cuda::std::memory_order_acq_rel;
    default: return ::cuda::std::memory_order_seq_cst;
  }
}

/// The hardware scope that covers `scope`: work-items and sub-groups get the block's, the
/// narrowest one above a single thread that also orders shared memory.
__device__ inline ::cuda::thread_scope native_scope(memory_scope scope) {
  switch (scope) {
    case memory_scope::system: return ::cuda::thread_scope_system;
    case memory_scope::device: return ::cuda::thread_scope_device;
    default: return ::cuda::thread_scope_block;
  }
}

/// Calls `f` with a cuda::atomic_ref on `*p` of the hardware scope that covers `scope`
/// (libcu++ takes the scope as a template argument).
template <typename T, typename F>
__device__ inline decltype(auto) with_atomic_ref(T* p, memory_scope scope, F&& f) {
  switch (native_scope(scope)) {
    case ::cuda::thread_scope_system: return f(::cuda::atomic_ref<T, ::cuda::thread_scope_system>(*p));
    case ::cuda::thread_scope_device: return f(::cuda::atomic_ref<T, ::cuda::thread_scope_device>(*p));
    default: return f(::cuda::atomic_ref<T, ::cuda::thread_scope_block>(*p));
  }
}

/// The integer type CUDA's atomic functions take for a T of the same size and signedness
/// (void where they take none).
template <typename T>
using builtin_atomic_t = std::conditional_t<
    !std::is_integral_v<T> || std::is_same_v<T, bool>, void,
    std::conditional_t<sizeof(T) == 4, std::conditional_t<std::is_signed_v<T>, int, unsigned>,
                       std::conditional_t<sizeof(T) == 8, std::conditional_t<std::is_signed_v<T>, long long, unsigned long long>,
                                          void>>>;

/// `Op` through CUDA's atomic function of the scope's width on `p` (U from builtin_atomic_t).
/// These are compiler built-ins, not assembly, so the compiler sees which memory `p` points
/// into: local memory gets shared-memory atomics (ATOMS, and one POPC.INC per warp for an
/// increment whose result is unused), where libcu++'s inline assembly takes the generic path.
template <detail::kernel_hooks::atomic_op Op, ::cuda::thread_scope Scope, typename U>
__device__ inline U builtin_fetch(U* p, U v) {
  if constexpr (Op == detail::kernel_hooks::atomic_op::add || Op == detail::kernel_hooks::atomic_op::sub) {
    using bits = std::make_unsigned_t<U>;  // sub: add the two's complement, as the hardware does
    auto* q = reinterpret_cast<std::conditional_t<sizeof(U) == 4, unsigned, unsigned long long>*>(p);
    const auto w = static_cast<std::conditional_t<sizeof(U) == 4, unsigned, unsigned long long>>(
        Op == detail::kernel_hooks::atomic_op::add ? static_cast<bits>(v) : static_cast<bits>(bits{0} - static_cast<bits>(v)));
    if constexpr (Scope == ::cuda::thread_scope_block) return static_cast<U>(atomicAdd_block(q, w));
    else if constexpr (Scope == ::cuda::thread_scope_device) return static_cast<U>(atomicAdd(q, w));
    else return static_cast<U>(atomicAdd_system(q, w));
  } else if constexpr (Op == detail::kernel_hooks::atomic_op::exchange) {
    if constexpr (Scope == ::cuda::thread_scope_block) return atomicExch_block(p, v);
    else if constexpr (Scope == ::cuda::thread_scope_device) return atomicExch(p, v);
    else return atomicExch_system(p, v);
  } else if constexpr (Op == detail::kernel_hooks::atomic_op::min) {
    if constexpr (Scope == ::cuda::thread_scope_block) return atomicMin_block(p, v);
    else if constexpr (Scope == ::cuda::thread_scope_device) return atomicMin(p, v);
    else return atomicMin_system(p, v);
  } else if constexpr (Op == detail::kernel_hooks::atomic_op::max) {
    if constexpr (Scope == ::cuda::thread_scope_block) return atomicMax_block(p, v);
    else if constexpr (Scope == ::cuda::thread_scope_device) return atomicMax(p, v);
    else return atomicMax_system(p, v);
  } else if constexpr (Op == detail::kernel_hooks::atomic_op::bit_and) {
    if constexpr (Scope == ::cuda::thread_scope_block) return atomicAnd_block(p, v);
    else if constexpr (Scope == ::cuda::thread_scope_device) return atomicAnd(p, v);
    else return atomicAnd_system(p, v);
  } else if constexpr (Op == detail::kernel_hooks::atomic_op::bit_or) {
    if constexpr (Scope == ::cuda::thread_scope_block) return atomicOr_block(p, v);
    else if constexpr (Scope == ::cuda::thread_scope_device) return atomicOr(p, v);
    else return atomicOr_system(p, v);
  } else {
    if constexpr (Scope == ::cuda::thread_scope_block) return atomicXor_block(p, v);
    else if constexpr (Scope == ::cuda::thread_scope_device) return atomicXor(p, v);
    else return atomicXor_system(p, v);
  }
}

/// Whether CUDA has the atomic function for `Op` on U (exchange of signed 64-bit: none; the
/// bitwise ones: not on signed 64-bit either).
template <detail::kernel_hooks::atomic_op Op, typename U>
inline constexpr bool has_builtin_fetch =
    !std::is_void_v<U> && !(std::is_same_v<U, long long> && (Op == detail::kernel_hooks::atomic_op::exchange || Op == detail::kernel_hooks::atomic_op::bit_and ||
                                                             Op == detail::kernel_hooks::atomic_op::bit_or || Op == detail::kernel_hooks::atomic_op::bit_xor));

/// A 16-byte value's halves (atomic_load and atomic_store of 16-byte values: one 128-bit
/// access, single-copy atomic in PTX's .b128 from sm_70; libcu++'s form does not assemble).
/// Device scope serves the narrower scopes too.
struct alignas(16) wide_words {
  unsigned long long low, high;
};

}  // namespace cohort::backends::cuda

namespace cohort::detail::kernel_hooks {

// Values of 2 bytes use the hardware's 16-bit operations (sm_70 and later): libcu++ emulates
// them on the aligned 32-bit word around them, which can reach past the value's allocation.
template <typename T>
COHORT_INLINE T atomic_load(const T* p, memory_order order, memory_scope scope) {
  if constexpr (sizeof(T) == 16) {
    backends::cuda::wide_words w;
    if (scope == memory_scope::system)
      asm volatile("{\n\t.reg .b128 t;\n\tld.relaxed.sys.b128 t, [%2];\n\tmov.b128 {%0, %1}, t;\n\t}"
                   : "=l"(w.low), "=l"(w.high) : "l"(p) : "memory");
    else
      asm volatile("{\n\t.reg .b128 t;\n\tld.relaxed.gpu.b128 t, [%2];\n\tmov.b128 {%0, %1}, t;\n\t}"
                   : "=l"(w.low), "=l"(w.high) : "l"(p) : "memory");
    if (order != memory_order::relaxed) ::cuda::atomic_thread_fence(backends::cuda::native_order(order),
                                                                    backends::cuda::native_scope(scope));
    return __builtin_bit_cast(T, w);
  } else if constexpr (sizeof(T) == 2) {
    const T value = __builtin_bit_cast(T, *reinterpret_cast<const volatile unsigned short*>(p));
    if (order != memory_order::relaxed) ::cuda::atomic_thread_fence(backends::cuda::native_order(order),
                                                                    backends::cuda::native_scope(scope));
    return value;
  }
  const auto o = backends::cuda::native_order(order);
  return backends::cuda::with_atomic_ref(const_cast<T*>(p), scope, [o](auto a) { return a.load(o); });
}

template <typename T>
COHORT_INLINE void atomic_store(T* p, T value, memory_order order, memory_scope scope) {
  if constexpr (sizeof(T) == 16) {
    if (order != memory_order::relaxed) ::cuda::atomic_thread_fence(backends::cuda::native_order(order),
                                                                    backends::cuda::native_scope(scope));
    const auto w = __builtin_bit_cast(backends::cuda::wide_words, value);
    if (scope == memory_scope::system)
      asm volatile("{\n\t.reg .b128 t;\n\tmov.b128 t, {%1, %2};\n\tst.relaxed.sys.b128 [%0], t;\n\t}"
                   :: "l"(p), "l"(w.low), "l"(w.high) : "memory");
    else
      asm volatile("{\n\t.reg .b128 t;\n\tmov.b128 t, {%1, %2};\n\tst.relaxed.gpu.b128 [%0], t;\n\t}"
                   :: "l"(p), "l"(w.low), "l"(w.high) : "memory");
    return;
  }
  const auto o = backends::cuda::native_order(order);
  backends::cuda::with_atomic_ref(p, scope, [o, value](auto a) { a.store(value, o); });
}

template <atomic_op Op, typename T, typename Operand>
COHORT_INLINE T atomic_fetch(T* p, Operand operand, memory_order order, memory_scope scope) {
  using U = backends::cuda::builtin_atomic_t<T>;
  if constexpr (backends::cuda::has_builtin_fetch<Op, U>) {
    if (order == memory_order::relaxed) {  // the usual case, and a constant where it is
      auto* q = reinterpret_cast<U*>(p);
      const auto v = static_cast<U>(static_cast<T>(operand));
      switch (backends::cuda::native_scope(scope)) {
        case ::cuda::thread_scope_system:
          return static_cast<T>(backends::cuda::builtin_fetch<Op, ::cuda::thread_scope_system>(q, v));
        case ::cuda::thread_scope_device:
          return static_cast<T>(backends::cuda::builtin_fetch<Op, ::cuda::thread_scope_device>(q, v));
        default: return static_cast<T>(backends::cuda::builtin_fetch<Op, ::cuda::thread_scope_block>(q, v));
      }
    }
  }
  const auto o = backends::cuda::native_order(order);
  return backends::cuda::with_atomic_ref(p, scope, [o, operand](auto a) -> T {
    if constexpr (Op == atomic_op::exchange) return a.exchange(operand, o);
    else if constexpr (Op == atomic_op::add) return a.fetch_add(operand, o);
    else if constexpr (Op == atomic_op::sub) return a.fetch_sub(operand, o);
    else if constexpr (Op == atomic_op::bit_and) return a.fetch_and(operand, o);
    else if constexpr (Op == atomic_op::bit_or) return a.fetch_or(operand, o);
    else if constexpr (Op == atomic_op::bit_xor) return a.fetch_xor(operand, o);
    else if constexpr (Op == atomic_op::min) return a.fetch_min(operand, o);
    else return a.fetch_max(operand, o);
  });
}

template <typename T>
COHORT_INLINE bool atomic_compare_exchange(T* p, T& expected, T desired, bool weak, memory_order success,
                                           memory_order failure, memory_scope scope) {
  if constexpr (sizeof(T) == 2) {
    if (success != memory_order::relaxed) ::cuda::atomic_thread_fence(::cuda::memory_order_seq_cst,
                                                                      backends::cuda::native_scope(scope));
    auto* word = reinterpret_cast<unsigned short*>(p);
    const auto want = __builtin_bit_cast(unsigned short, expected);
    const auto next = __builtin_bit_cast(unsigned short, desired);
    const unsigned short before = atomicCAS(word, want, next);  // CUDA has no 16-bit system-scope one
    if (success != memory_order::relaxed) ::cuda::atomic_thread_fence(::cuda::memory_order_seq_cst,
                                                                      backends::cuda::native_scope(scope));
    if (before == want) return true;
    expected = __builtin_bit_cast(T, before);
    return false;
  }
  const auto s = backends::cuda::native_order(success), f = backends::cuda::native_order(failure);
  return backends::cuda::with_atomic_ref(p, scope, [&expected, desired, weak, s, f](auto a) {
    return weak ? a.compare_exchange_weak(expected, desired, s, f) : a.compare_exchange_strong(expected, desired, s, f);
  });
}

COHORT_INLINE void atomic_fence(memory_order order, memory_scope scope) {
  if (order == memory_order::relaxed) return;
  ::cuda::atomic_thread_fence(backends::cuda::native_order(order), backends::cuda::native_scope(scope));
}

COHORT_INLINE void spin_pause([[maybe_unused]] unsigned nanoseconds) {
#if __CUDA_ARCH__ >= 700
  __nanosleep(nanoseconds);
#endif
}

}  // namespace cohort::detail::kernel_hooks

#endif
