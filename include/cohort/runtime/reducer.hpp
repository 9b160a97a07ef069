// SPDX-License-Identifier: MIT
#pragma once
// SYCL 2020 reducers (section 4.9.2.3): what a reduction kernel receives for each of its
// reductions. A reducer of dimension 0 combines values into one partial result; one of
// dimension 1 (an array reduction, `reduction(span, op)`) gives a reducer of dimension 0 per
// element with `r[i]`. Where the partial lives is the reducer's kind:
//   - private_value: the reducer holds it (the CPU: one per OpenMP thread; a GPU: one per
//     work-item, combined over the work-group at the end);
//   - element: an element of an array reduction: a place in memory that only this thread
//     updates (a thread's private array on the CPU), or that every work-item updates,
//     atomically (the variable itself, on a GPU).
// A kernel compiled by nvcc names its reducers (`sycl::reducer<int, sycl::plus<int>>&`, and
// `sycl::reducer<int, sycl::plus<int>, 1>&` for an array): extended lambdas cannot be generic.
// Nothing here names a backend: device code reaches atomics through atomic_ref.
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include <cohort/core/atomic_ref.hpp>
#include <cohort/core/bit_cast.hpp>
#include <cohort/core/functional.hpp>
#include <cohort/core/known_identity.hpp>
#include <cohort/detail/combine.hpp>
#include <cohort/detail/macros.hpp>

namespace cohort {

namespace detail {

struct private_value {};
struct element {};
struct atomic_element {};

template <typename Op, typename T>
inline constexpr identity_op reducer_kind_v = classify_op<std::remove_cv_t<Op>, std::remove_cv_t<T>>::value;

/// `*place = op(*place, v)` with atomics, for a place every work-item may update: the
/// hardware's operation where the type and operator have one, otherwise a compare-exchange
/// loop on the value's bits (on the aligned 32-bit word around values of 1 byte).
template <typename T, typename Op>
COHORT_INLINE void atomic_combine(T* place, const T& v, const Op& op) {
  constexpr identity_op kind = reducer_kind_v<Op, T>;
  constexpr bool integer = is_atomic_integer_v<T>;
  constexpr bool floating = is_atomic_floating_v<T>;
  using ref = atomic_ref<T, memory_order::relaxed, memory_scope::device>;
  if constexpr (kind == identity_op::plus && (integer || floating)) {
    ref(*place).fetch_add(v);
  } else if constexpr (kind == identity_op::minimum && (integer || floating)) {
    ref(*place).fetch_min(v);
  } else if constexpr (kind == identity_op::maximum && (integer || floating)) {
    ref(*place).fetch_max(v);
  } else if constexpr (kind == identity_op::bit_and && integer) {
    ref(*place).fetch_and(v);
  } else if constexpr (kind == identity_op::bit_or && integer) {
    ref(*place).fetch_or(v);
  } else if constexpr (kind == identity_op::bit_xor && integer) {
    ref(*place).fetch_xor(v);
  } else if constexpr (sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8) {
    // A compare-exchange of the value's own bytes (16-bit ones too: touching the word around
    // them could reach past the variable's allocation).
    using U = std::conditional_t<sizeof(T) == 2, std::uint16_t,
                                 std::conditional_t<sizeof(T) == 4, std::uint32_t, unsigned long long>>;
    U* bits = reinterpret_cast<U*>(place);
    U expected = detail::atomic_load(bits, memory_order::relaxed, memory_scope::device);
    for (;;) {
      const U desired = cohort::bit_cast<U>(detail::combine<T>(op, cohort::bit_cast<T>(expected), v));
      if (detail::atomic_compare_exchange(bits, expected, desired, true, memory_order::relaxed, memory_order::relaxed,
                                          memory_scope::device))
        break;
    }
  } else {
    static_assert(sizeof(T) == 1, "atomic reduction of a type of more than 8 bytes: reduce a type of 1, 2, 4 or 8 bytes");
    const auto address = reinterpret_cast<std::uintptr_t>(place);
    auto* aligned = reinterpret_cast<std::uint32_t*>(address & ~std::uintptr_t{3});
    const unsigned shift = static_cast<unsigned>(address & 3u) * 8u;
    using B = std::conditional_t<sizeof(T) == 1, std::uint8_t, std::uint16_t>;
    constexpr std::uint32_t mask = sizeof(T) == 1 ? 0xffu : 0xffffu;
    atomic_ref<std::uint32_t, memory_order::relaxed, memory_scope::device> word(*aligned);
    std::uint32_t expected = word.load();
    for (;;) {
      const T current = cohort::bit_cast<T>(static_cast<B>((expected >> shift) & mask));
      const auto next = static_cast<std::uint32_t>(cohort::bit_cast<B>(detail::combine<T>(op, current, v)));
      const std::uint32_t desired = (expected & ~(mask << shift)) | (next << shift);
      if (word.compare_exchange_weak(expected, desired)) break;
    }
  }
}

/// The operators SYCL 2020 gives reducers whose operator is the matching function object.
template <typename Derived, typename T, typename Op>
class reducer_operators {
  static constexpr identity_op kind = reducer_kind_v<Op, T>;
  static constexpr bool integral = std::is_integral_v<T> && !std::is_same_v<T, bool>;
  COHORT_INLINE Derived& self() { return static_cast<Derived&>(*this); }

public:
  COHORT_INLINE Derived& operator+=(const T& x)
    requires(kind == identity_op::plus)
  {
    return self().combine(x);
  }
  COHORT_INLINE Derived& operator*=(const T& x)
    requires(kind == identity_op::multiplies)
  {
    return self().combine(x);
  }
  COHORT_INLINE Derived& operator&=(const T& x)
    requires(kind == identity_op::bit_and && std::is_integral_v<T>)
  {
    return self().combine(x);
  }
  COHORT_INLINE Derived& operator|=(const T& x)
    requires(kind == identity_op::bit_or && std::is_integral_v<T>)
  {
    return self().combine(x);
  }
  COHORT_INLINE Derived& operator^=(const T& x)
    requires(kind == identity_op::bit_xor && std::is_integral_v<T>)
  {
    return self().combine(x);
  }
  COHORT_INLINE Derived& operator++()
    requires(kind == identity_op::plus && integral)
  {
    return self().combine(static_cast<T>(1));
  }
  COHORT_INLINE void operator++(int)
    requires(kind == identity_op::plus && integral)
  {
    self().combine(static_cast<T>(1));
  }
};

}  // namespace detail

/// A reduction's reducer (unspecified type in SYCL: kernels take it as `auto&`).
template <typename T, typename BinaryOperation, int Dimensions = 0, typename Kind = detail::private_value>
class reducer;

/// One partial result held by the reducer.
template <typename T, typename BinaryOperation>
class reducer<T, BinaryOperation, 0, detail::private_value>
    : public detail::reducer_operators<reducer<T, BinaryOperation, 0, detail::private_value>, T, BinaryOperation> {
public:
  using value_type = T;
  using binary_operation = BinaryOperation;
  static constexpr int dimensions = 0;

  COHORT_INLINE reducer(const T& identity, const BinaryOperation& op) : m_value(identity), m_identity(identity), m_op(op) {}
  COHORT_INLINE reducer& combine(const T& x) {
    m_value = detail::combine<T>(m_op, m_value, x);
    return *this;
  }
  COHORT_INLINE T identity() const { return m_identity; }

  /// Runtime internals: the partial result.
  COHORT_INLINE const T& partial() const { return m_value; }
  COHORT_INLINE void merge(const reducer& other) { combine(other.m_value); }

private:
  T m_value;
  T m_identity;
  BinaryOperation m_op;
};

/// One element of an array reduction: a place only this thread updates, or (atomic) a
/// place every work-item updates. The same type for both, so that a kernel can name it
/// (nvcc's extended lambdas cannot be generic).
template <typename T, typename BinaryOperation>
class reducer<T, BinaryOperation, 0, detail::element>
    : public detail::reducer_operators<reducer<T, BinaryOperation, 0, detail::element>, T, BinaryOperation> {
public:
  using value_type = T;
  using binary_operation = BinaryOperation;
  static constexpr int dimensions = 0;

  COHORT_INLINE reducer(T* place, const T& identity, const BinaryOperation& op, bool atomic)
      : m_place(place), m_identity(identity), m_op(op), m_atomic(atomic) {}
  COHORT_INLINE reducer& combine(const T& x) {
#if COHORT_DEVICE_PASS
    if (m_atomic) {
      detail::atomic_combine(m_place, x, m_op);
      return *this;
    }
#endif
    *m_place = detail::combine<T>(m_op, *m_place, x);
    return *this;
  }
  COHORT_INLINE T identity() const { return m_identity; }

private:
  T* m_place;
  T m_identity;
  BinaryOperation m_op;
  bool m_atomic;
};

/// An array reduction: `r[i]` is the reducer of element i (dimension 0). Its elements are
/// the thread's own (the CPU) or the variables themselves, updated atomically (a GPU).
template <typename T, typename BinaryOperation>
class reducer<T, BinaryOperation, 1, detail::private_value> {
public:
  using value_type = T;
  using binary_operation = BinaryOperation;
  static constexpr int dimensions = 1;

  COHORT_INLINE reducer(T* values, std::size_t count, const T& identity, const BinaryOperation& op, bool atomic)
      : m_values(values), m_count(count), m_identity(identity), m_op(op), m_atomic(atomic) {}
  COHORT_INLINE reducer<T, BinaryOperation, 0, detail::element> operator[](std::size_t index) const {
    return reducer<T, BinaryOperation, 0, detail::element>(m_values + index, m_identity, m_op, m_atomic);
  }
  COHORT_INLINE T identity() const { return m_identity; }

  /// Runtime internals.
  COHORT_INLINE T* values() const { return m_values; }
  COHORT_INLINE std::size_t count() const { return m_count; }

private:
  T* m_values;
  std::size_t m_count;
  T m_identity;
  BinaryOperation m_op;
  bool m_atomic;
};

}  // namespace cohort
