// SPDX-License-Identifier: MIT
#pragma once
// SYCL 2020's multi_ptr: a pointer that names the address space it points into, its aliases
// (global_ptr, local_ptr, raw_*, decorated_*, …) and address_space_cast. cohort has one
// address space, so a decorated pointer is the plain pointer: every form holds a T* and
// converts to the others for free.
#include <cstddef>
#include <iterator>
#include <type_traits>

#include <cohort/core/access.hpp>
#include <cohort/detail/macros.hpp>

namespace cohort {

template <typename DataT, int Dimensions>
class local_accessor;

/// The pointer or reference type without its address-space qualifier: cohort's carry none.
template <typename T>
struct remove_decoration {
  using type = T;
};
template <typename T>
using remove_decoration_t = typename remove_decoration<T>::type;

namespace detail {
/// A multi_ptr to objects is a random-access iterator; one to void is no iterator.
template <typename ElementType, bool = std::is_void_v<ElementType>>
struct multi_ptr_iterator_types {
  using reference = ElementType&;
  using iterator_category = std::random_access_iterator_tag;
};
template <typename ElementType>
struct multi_ptr_iterator_types<ElementType, true> {};

/// Whether a multi_ptr to `To` may point into a local accessor of `From` elements.
template <typename To, typename From>
inline constexpr bool may_point_to_v =
    (std::is_const_v<To> || !std::is_const_v<From>) &&
    (std::is_void_v<To> || std::is_same_v<std::remove_const_t<To>, std::remove_const_t<From>>);
}  // namespace detail

/// A pointer into address space `Space`. With `access::decorated::legacy` (the default) it
/// also offers SYCL 1.2.1's interface: implicit construction from and conversion to T*.
template <typename ElementType, access::address_space Space,
          access::decorated DecorateAddress = access::decorated::legacy>
class multi_ptr : public detail::multi_ptr_iterator_types<ElementType> {
  static constexpr bool is_void = std::is_void_v<ElementType>;
  static constexpr bool is_legacy = DecorateAddress == access::decorated::legacy;
  static constexpr bool is_generic = Space == access::address_space::generic_space;

public:
  static constexpr bool is_decorated = DecorateAddress == access::decorated::yes;
  static constexpr access::address_space address_space = Space;

  using value_type = ElementType;
  using pointer = ElementType*;
  using difference_type = std::ptrdiff_t;
  // The legacy interface's names.
  using element_type = ElementType;
  using pointer_t = ElementType*;
  using const_pointer_t = const ElementType*;
  using reference_t = std::add_lvalue_reference_t<ElementType>;
  using const_reference_t = std::add_lvalue_reference_t<const ElementType>;

  multi_ptr() = default;
  COHORT_INLINE explicit(!is_legacy) multi_ptr(ElementType* p) : m_ptr(p) {}
  COHORT_INLINE multi_ptr(std::nullptr_t) {}
  template <typename AccDataT, int Dimensions>
    requires((Space == access::address_space::local_space || is_generic) &&
             detail::may_point_to_v<ElementType, AccDataT>)
  COHORT_INLINE multi_ptr(const local_accessor<AccDataT, Dimensions>& acc)
      : m_ptr(acc.template get_multi_ptr<access::decorated::no>().get()) {}

  COHORT_INLINE multi_ptr& operator=(std::nullptr_t) {
    m_ptr = nullptr;
    return *this;
  }
  COHORT_INLINE multi_ptr& operator=(ElementType* p)
    requires is_legacy
  {
    m_ptr = p;
    return *this;
  }
  /// A generic pointer may take any other space's (but the deprecated constant space).
  template <access::address_space AS, access::decorated D>
    requires(is_generic && AS != access::address_space::constant_space)
  COHORT_INLINE multi_ptr& operator=(const multi_ptr<ElementType, AS, D>& other) {
    m_ptr = other.get_raw();
    return *this;
  }

  COHORT_INLINE reference_t operator[](difference_type i) const
    requires(!is_void)
  {
    return m_ptr[i];
  }
  COHORT_INLINE reference_t operator*() const
    requires(!is_void)
  {
    return *m_ptr;
  }
  COHORT_INLINE ElementType* operator->() const
    requires(!is_void)
  {
    return m_ptr;
  }

  COHORT_INLINE ElementType* get() const { return m_ptr; }
  COHORT_INLINE ElementType* get_raw() const { return m_ptr; }
  COHORT_INLINE ElementType* get_decorated() const { return m_ptr; }

  /// Deprecated for the SYCL 2020 forms (get() says it better); explicit for their void form.
  COHORT_INLINE explicit(is_void && !is_legacy) operator ElementType*() const { return m_ptr; }

  /// A generic pointer casts explicitly to the space it points into.
  template <typename T, access::address_space AS, access::decorated D>
    requires(is_generic &&
             (AS == access::address_space::global_space || AS == access::address_space::local_space ||
              AS == access::address_space::private_space) &&
             (std::is_same_v<T, ElementType> || std::is_same_v<T, const ElementType>))
  COHORT_INLINE explicit operator multi_ptr<T, AS, D>() const {
    return multi_ptr<T, AS, D>(m_ptr);
  }
  template <access::decorated D>
    requires(!is_void)
  COHORT_INLINE operator multi_ptr<std::conditional_t<std::is_const_v<ElementType>, const void, void>, Space, D>()
      const {
    return multi_ptr<std::conditional_t<std::is_const_v<ElementType>, const void, void>, Space, D>(m_ptr);
  }
  template <access::decorated D>
    requires(!std::is_const_v<ElementType>)
  COHORT_INLINE operator multi_ptr<const ElementType, Space, D>() const {
    return multi_ptr<const ElementType, Space, D>(m_ptr);
  }
  /// Between decorated, raw and legacy forms (the spec has decorated <-> raw; the others
  /// cost nothing here and let SYCL 1.2.1 code mix with SYCL 2020 code).
  template <access::decorated D>
    requires(D != DecorateAddress)
  COHORT_INLINE operator multi_ptr<ElementType, Space, D>() const {
    return multi_ptr<ElementType, Space, D>(m_ptr);
  }
  /// A pointer to void casts explicitly to a pointer to objects.
  template <typename T>
    requires(is_void && !std::is_void_v<T> && (std::is_const_v<T> || !std::is_const_v<ElementType>))
  COHORT_INLINE explicit operator multi_ptr<T, Space, DecorateAddress>() const {
    return multi_ptr<T, Space, DecorateAddress>(static_cast<T*>(m_ptr));
  }

  /// A hint only; the CPU's caches and the GPU's fetch on demand.
  COHORT_INLINE void prefetch(std::size_t) const
    requires(Space == access::address_space::global_space)
  {}

  COHORT_INLINE friend multi_ptr& operator++(multi_ptr& p) {
    ++p.m_ptr;
    return p;
  }
  COHORT_INLINE friend multi_ptr operator++(multi_ptr& p, int) {
    multi_ptr old = p;
    ++p.m_ptr;
    return old;
  }
  COHORT_INLINE friend multi_ptr& operator--(multi_ptr& p) {
    --p.m_ptr;
    return p;
  }
  COHORT_INLINE friend multi_ptr operator--(multi_ptr& p, int) {
    multi_ptr old = p;
    --p.m_ptr;
    return old;
  }
  COHORT_INLINE friend multi_ptr& operator+=(multi_ptr& p, difference_type n) {
    p.m_ptr += n;
    return p;
  }
  COHORT_INLINE friend multi_ptr& operator-=(multi_ptr& p, difference_type n) {
    p.m_ptr -= n;
    return p;
  }
  COHORT_INLINE friend multi_ptr operator+(const multi_ptr& p, difference_type n) { return multi_ptr(p.m_ptr + n); }
  COHORT_INLINE friend multi_ptr operator-(const multi_ptr& p, difference_type n) { return multi_ptr(p.m_ptr - n); }
  // Not in the spec's list, but a random-access iterator has them (std::distance, sorts).
  COHORT_INLINE friend multi_ptr operator+(difference_type n, const multi_ptr& p) { return multi_ptr(p.m_ptr + n); }
  COHORT_INLINE friend difference_type operator-(const multi_ptr& a, const multi_ptr& b) { return a.m_ptr - b.m_ptr; }

  COHORT_INLINE friend bool operator==(const multi_ptr& a, const multi_ptr& b) { return a.m_ptr == b.m_ptr; }
  COHORT_INLINE friend bool operator!=(const multi_ptr& a, const multi_ptr& b) { return a.m_ptr != b.m_ptr; }
  COHORT_INLINE friend bool operator<(const multi_ptr& a, const multi_ptr& b) { return a.m_ptr < b.m_ptr; }
  COHORT_INLINE friend bool operator>(const multi_ptr& a, const multi_ptr& b) { return a.m_ptr > b.m_ptr; }
  COHORT_INLINE friend bool operator<=(const multi_ptr& a, const multi_ptr& b) { return a.m_ptr <= b.m_ptr; }
  COHORT_INLINE friend bool operator>=(const multi_ptr& a, const multi_ptr& b) { return a.m_ptr >= b.m_ptr; }

  COHORT_INLINE friend bool operator==(const multi_ptr& a, std::nullptr_t) { return a.m_ptr == nullptr; }
  COHORT_INLINE friend bool operator!=(const multi_ptr& a, std::nullptr_t) { return a.m_ptr != nullptr; }
  COHORT_INLINE friend bool operator<(const multi_ptr& a, std::nullptr_t) { return a.m_ptr < null(); }
  COHORT_INLINE friend bool operator>(const multi_ptr& a, std::nullptr_t) { return a.m_ptr > null(); }
  COHORT_INLINE friend bool operator<=(const multi_ptr& a, std::nullptr_t) { return a.m_ptr <= null(); }
  COHORT_INLINE friend bool operator>=(const multi_ptr& a, std::nullptr_t) { return a.m_ptr >= null(); }

  COHORT_INLINE friend bool operator==(std::nullptr_t, const multi_ptr& b) { return nullptr == b.m_ptr; }
  COHORT_INLINE friend bool operator!=(std::nullptr_t, const multi_ptr& b) { return nullptr != b.m_ptr; }
  COHORT_INLINE friend bool operator<(std::nullptr_t, const multi_ptr& b) { return null() < b.m_ptr; }
  COHORT_INLINE friend bool operator>(std::nullptr_t, const multi_ptr& b) { return null() > b.m_ptr; }
  COHORT_INLINE friend bool operator<=(std::nullptr_t, const multi_ptr& b) { return null() <= b.m_ptr; }
  COHORT_INLINE friend bool operator>=(std::nullptr_t, const multi_ptr& b) { return null() >= b.m_ptr; }

private:
  /// Pointers compare with nullptr only for (in)equality in C++; order needs a typed null.
  COHORT_INLINE static ElementType* null() { return nullptr; }

  ElementType* m_ptr = nullptr;
};

template <typename T, int Dimensions>
multi_ptr(local_accessor<T, Dimensions>) -> multi_ptr<T, access::address_space::local_space, access::decorated::no>;

template <typename ElementType, access::decorated IsDecorated = access::decorated::legacy>
using global_ptr = multi_ptr<ElementType, access::address_space::global_space, IsDecorated>;
template <typename ElementType, access::decorated IsDecorated = access::decorated::legacy>
using local_ptr = multi_ptr<ElementType, access::address_space::local_space, IsDecorated>;
template <typename ElementType, access::decorated IsDecorated = access::decorated::legacy>
using private_ptr = multi_ptr<ElementType, access::address_space::private_space, IsDecorated>;
/// Deprecated in SYCL 2020 (constant memory is global memory here).
template <typename ElementType>
using constant_ptr = multi_ptr<ElementType, access::address_space::constant_space, access::decorated::legacy>;

template <typename ElementType>
using raw_global_ptr = multi_ptr<ElementType, access::address_space::global_space, access::decorated::no>;
template <typename ElementType>
using raw_local_ptr = multi_ptr<ElementType, access::address_space::local_space, access::decorated::no>;
template <typename ElementType>
using raw_private_ptr = multi_ptr<ElementType, access::address_space::private_space, access::decorated::no>;

template <typename ElementType>
using decorated_global_ptr = multi_ptr<ElementType, access::address_space::global_space, access::decorated::yes>;
template <typename ElementType>
using decorated_local_ptr = multi_ptr<ElementType, access::address_space::local_space, access::decorated::yes>;
template <typename ElementType>
using decorated_private_ptr = multi_ptr<ElementType, access::address_space::private_space, access::decorated::yes>;

/// `p` as a pointer into `Space`, which the caller asserts it points into (nothing to check
/// with one address space).
template <access::address_space Space, access::decorated DecorateAddress, typename ElementType>
COHORT_INLINE multi_ptr<ElementType, Space, DecorateAddress> address_space_cast(ElementType* p) {
  return multi_ptr<ElementType, Space, DecorateAddress>(p);
}

/// Deprecated in SYCL 2020 for address_space_cast; SYCL 1.2.1 code names no decoration.
template <typename ElementType, access::address_space Space,
          access::decorated DecorateAddress = access::decorated::legacy>
COHORT_INLINE multi_ptr<ElementType, Space, DecorateAddress> make_ptr(ElementType* p) {
  return multi_ptr<ElementType, Space, DecorateAddress>(p);
}

}  // namespace cohort
