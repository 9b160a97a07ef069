// SPDX-License-Identifier: MIT
#pragma once
// SYCL 2020's atomic_ref: atomic operations on an object that is not itself atomic, with a
// default memory order and scope fixed by the reference's type and overridable per call.
// For 32- and 64-bit integers, float, double and pointers. cohort has one address space, so
// the address-space parameter changes nothing. The referenced object must be aligned to
// `required_alignment` (its size), as SYCL requires.
#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>

#include <cohort/core/access.hpp>
#include <cohort/core/exception.hpp>
#include <cohort/core/memory_order.hpp>
#include <cohort/core/memory_scope.hpp>
#include <cohort/detail/atomic_ops.hpp>
#include <cohort/detail/macros.hpp>

namespace cohort {

namespace detail {

template <typename T>
inline constexpr bool is_atomic_integer_v =
    std::is_integral_v<T> && !std::is_same_v<T, bool> && (sizeof(T) == 4 || sizeof(T) == 8);
template <typename T>
inline constexpr bool is_atomic_floating_v = std::is_same_v<T, float> || std::is_same_v<T, double>;

/// The value an atomic add (or, with `Add` false, sub) of `b` to `a` stores: integers wrap
/// instead of overflowing.
template <bool Add, typename T, typename D>
COHORT_FUNCTION constexpr T atomic_result(T a, D b) {
  if constexpr (std::is_integral_v<T>) {
    using U = std::make_unsigned_t<T>;
    return static_cast<T>(Add ? static_cast<U>(a) + static_cast<U>(b) : static_cast<U>(a) - static_cast<U>(b));
  } else {
    return Add ? a + b : a - b;
  }
}

}  // namespace detail

namespace detail {
[[noreturn]] inline void throw_misaligned_atomic(std::size_t alignment) {
  throw exception(errc::invalid, "atomic_ref: the object is not aligned to " + std::to_string(alignment) + " bytes");
}
}  // namespace detail

template <typename T, memory_order DefaultOrder, memory_scope DefaultScope,
          access::address_space AddressSpace = access::address_space::generic_space>
class atomic_ref {
  static constexpr bool integer = detail::is_atomic_integer_v<T>;
  static constexpr bool floating = detail::is_atomic_floating_v<T>;
  static constexpr bool pointer = std::is_pointer_v<T>;
  static_assert(integer || floating || pointer, "atomic_ref: T must be a 32- or 64-bit integer, float, double or a pointer");
  static_assert(DefaultOrder == memory_order::relaxed || DefaultOrder == memory_order::acq_rel ||
                    DefaultOrder == memory_order::seq_cst,
                "atomic_ref: the default order must be relaxed, acq_rel or seq_cst");
  static_assert(AddressSpace == access::address_space::generic_space ||
                    AddressSpace == access::address_space::global_space ||
                    AddressSpace == access::address_space::local_space,
                "atomic_ref: the address space must be generic_space, global_space or local_space");
  using op = detail::atomic_op;

public:
  using value_type = T;
  using difference_type = std::conditional_t<pointer, std::ptrdiff_t, T>;

  static constexpr std::size_t required_alignment = sizeof(T);
  static constexpr bool is_always_lock_free = true;
  static constexpr memory_order default_read_order = detail::read_part(DefaultOrder);
  static constexpr memory_order default_write_order = detail::write_part(DefaultOrder);
  static constexpr memory_order default_read_modify_write_order = DefaultOrder;
  static constexpr memory_scope default_scope = DefaultScope;

  COHORT_FUNCTION bool is_lock_free() const noexcept { return is_always_lock_free; }

  /// On the host a misaligned object throws errc::invalid (in a CPU kernel, as the kernel's
  /// error); on a GPU it is the hardware's misaligned-address error, reported by the queue.
  COHORT_FUNCTION explicit atomic_ref(T& ref) : ptr_(&ref) {
#if !COHORT_DEVICE_PASS
    // The address passes through an empty asm: the compiler may assume a reference is
    // aligned and fold the test away otherwise (clang does at -O1 and above).
    std::uintptr_t address = reinterpret_cast<std::uintptr_t>(ptr_);
    __asm__("" : "+r"(address));
    if (address % required_alignment != 0) detail::throw_misaligned_atomic(required_alignment);
#endif
  }
  atomic_ref(const atomic_ref&) noexcept = default;
  atomic_ref& operator=(const atomic_ref&) = delete;

  COHORT_FUNCTION void store(T operand, memory_order order = default_write_order,
                             memory_scope scope = default_scope) const noexcept {
    detail::atomic_store(ptr_, operand, order, scope);
  }
  COHORT_FUNCTION T operator=(T desired) const noexcept {
    store(desired);
    return desired;
  }
  COHORT_FUNCTION T load(memory_order order = default_read_order, memory_scope scope = default_scope) const noexcept {
    return detail::atomic_load(ptr_, order, scope);
  }
  COHORT_FUNCTION operator T() const noexcept { return load(); }

  COHORT_FUNCTION T exchange(T operand, memory_order order = default_read_modify_write_order,
                             memory_scope scope = default_scope) const noexcept {
    return detail::atomic_fetch<op::exchange>(ptr_, operand, order, scope);
  }

  COHORT_FUNCTION bool compare_exchange_weak(T& expected, T desired, memory_order success, memory_order failure,
                                             memory_scope scope = default_scope) const noexcept {
    return detail::atomic_compare_exchange(ptr_, expected, desired, true, success, failure, scope);
  }
  COHORT_FUNCTION bool compare_exchange_weak(T& expected, T desired, memory_order order = default_read_modify_write_order,
                                             memory_scope scope = default_scope) const noexcept {
    return detail::atomic_compare_exchange(ptr_, expected, desired, true, order, order, scope);
  }
  COHORT_FUNCTION bool compare_exchange_strong(T& expected, T desired, memory_order success, memory_order failure,
                                               memory_scope scope = default_scope) const noexcept {
    return detail::atomic_compare_exchange(ptr_, expected, desired, false, success, failure, scope);
  }
  COHORT_FUNCTION bool compare_exchange_strong(T& expected, T desired,
                                               memory_order order = default_read_modify_write_order,
                                               memory_scope scope = default_scope) const noexcept {
    return detail::atomic_compare_exchange(ptr_, expected, desired, false, order, order, scope);
  }

  // Arithmetic: integers and floating point add and subtract values, pointers elements.
  COHORT_FUNCTION T fetch_add(difference_type operand, memory_order order = default_read_modify_write_order,
                              memory_scope scope = default_scope) const noexcept {
    return detail::atomic_fetch<op::add>(ptr_, operand, order, scope);
  }
  COHORT_FUNCTION T fetch_sub(difference_type operand, memory_order order = default_read_modify_write_order,
                              memory_scope scope = default_scope) const noexcept {
    return detail::atomic_fetch<op::sub>(ptr_, operand, order, scope);
  }
  COHORT_FUNCTION T operator+=(difference_type operand) const noexcept {
    return detail::atomic_result<true>(fetch_add(operand), operand);
  }
  COHORT_FUNCTION T operator-=(difference_type operand) const noexcept {
    return detail::atomic_result<false>(fetch_sub(operand), operand);
  }

  // Integers and pointers.
  COHORT_FUNCTION T operator++(int) const noexcept requires(!floating) { return fetch_add(1); }
  COHORT_FUNCTION T operator--(int) const noexcept requires(!floating) { return fetch_sub(1); }
  COHORT_FUNCTION T operator++() const noexcept requires(!floating) { return *this += 1; }
  COHORT_FUNCTION T operator--() const noexcept requires(!floating) { return *this -= 1; }

  // Integers and floating point.
  COHORT_FUNCTION T fetch_min(T operand, memory_order order = default_read_modify_write_order,
                              memory_scope scope = default_scope) const noexcept requires(!pointer) {
    return detail::atomic_fetch<op::min>(ptr_, operand, order, scope);
  }
  COHORT_FUNCTION T fetch_max(T operand, memory_order order = default_read_modify_write_order,
                              memory_scope scope = default_scope) const noexcept requires(!pointer) {
    return detail::atomic_fetch<op::max>(ptr_, operand, order, scope);
  }

  // Integers only.
  COHORT_FUNCTION T fetch_and(T operand, memory_order order = default_read_modify_write_order,
                              memory_scope scope = default_scope) const noexcept requires integer {
    return detail::atomic_fetch<op::bit_and>(ptr_, operand, order, scope);
  }
  COHORT_FUNCTION T fetch_or(T operand, memory_order order = default_read_modify_write_order,
                             memory_scope scope = default_scope) const noexcept requires integer {
    return detail::atomic_fetch<op::bit_or>(ptr_, operand, order, scope);
  }
  COHORT_FUNCTION T fetch_xor(T operand, memory_order order = default_read_modify_write_order,
                              memory_scope scope = default_scope) const noexcept requires integer {
    return detail::atomic_fetch<op::bit_xor>(ptr_, operand, order, scope);
  }
  COHORT_FUNCTION T operator&=(T operand) const noexcept requires integer { return fetch_and(operand) & operand; }
  COHORT_FUNCTION T operator|=(T operand) const noexcept requires integer { return fetch_or(operand) | operand; }
  COHORT_FUNCTION T operator^=(T operand) const noexcept requires integer { return fetch_xor(operand) ^ operand; }

private:
  T* ptr_;
};

}  // namespace cohort
