// SPDX-License-Identifier: MIT
#pragma once
#include <cstddef>

#include <cohort/detail/checked_size.hpp>
#include <cohort/backend/kernel_hook_definitions.hpp>  // local_accessor_base, defined per pass
#include <cohort/core/access.hpp>
#include <cohort/core/id.hpp>
#include <cohort/core/multi_ptr.hpp>
#include <cohort/core/range.hpp>

namespace cohort {

class handler;

namespace detail {
std::size_t reserve_local_memory(handler& h, std::size_t bytes, std::size_t alignment);

/// `acc[i][j]` on a multi-dimensional accessor: a view of the remaining dimensions.
template <typename T, int D>
class local_row {
public:
  COHORT_INLINE local_row(T* p, const std::size_t* extents) : m_ptr(p), m_extents(extents) {}
  COHORT_INLINE decltype(auto) operator[](std::size_t i) const {
    if constexpr (D == 1) {
      return m_ptr[i];
    } else {
      std::size_t stride = 1;
      for (int d = 1; d < D; ++d) stride *= m_extents[d];
      return local_row<T, D - 1>(m_ptr + i * stride, m_extents + 1);
    }
  }

private:
  T* m_ptr;
  const std::size_t* m_extents;
};
}  // namespace detail

/// Work-group local memory requested at submission (as `sycl::local_accessor`). Each
/// work-group sees its own copy; the accessor records an offset, and the backend gives
/// each running group its base address.
template <typename T, int Dimensions = 1>
class local_accessor {
public:
  using value_type = T;
  using reference = T&;
  using const_reference = const T&;
  template <access::decorated IsDecorated>
  using accessor_ptr = multi_ptr<value_type, access::address_space::local_space, IsDecorated>;
  static constexpr int dimensions = Dimensions;

  local_accessor(range<Dimensions> allocation_size, handler& h)
      : m_range(allocation_size),
        m_offset(detail::reserve_local_memory(
            h,
            detail::checked_bytes<T>(detail::checked_size(allocation_size, errc::memory_allocation, "local_accessor"),
                                     errc::memory_allocation, "local_accessor"),
            alignof(T))) {}

  // Not noexcept as in SYCL: outside its kernel, local memory throws errc::invalid.
  /// Deprecated in SYCL 2020 for get_multi_ptr; converts to T*.
  COHORT_INLINE local_ptr<T> get_pointer() const { return local_ptr<T>(data()); }
  template <access::decorated IsDecorated>
  COHORT_INLINE accessor_ptr<IsDecorated> get_multi_ptr() const {
    return accessor_ptr<IsDecorated>(data());
  }
  COHORT_INLINE range<Dimensions> get_range() const { return m_range; }
  COHORT_INLINE std::size_t size() const noexcept { return m_range.size(); }
  COHORT_INLINE std::size_t byte_size() const noexcept { return m_range.size() * sizeof(T); }

  COHORT_INLINE T& operator[](id<Dimensions> i) const {
    return data()[detail::linearize<Dimensions>(i, m_range)];
  }
  COHORT_INLINE decltype(auto) operator[](std::size_t i) const {
    if constexpr (Dimensions == 1)
      return data()[i];
    else
      return detail::local_row<T, Dimensions>(data(), &m_range[0])[i];
  }

private:
  /// This group's copy.
  COHORT_INLINE T* data() const {
    return reinterpret_cast<T*>(detail::kernel_hooks::local_accessor_base() + m_offset);
  }

  range<Dimensions> m_range;
  std::size_t m_offset;
};

/// A zero-dimensional local accessor: one T per work-group, used as a reference to it.
template <typename T>
class local_accessor<T, 0> {
public:
  using value_type = T;
  using reference = T&;
  using const_reference = const T&;
  template <access::decorated IsDecorated>
  using accessor_ptr = multi_ptr<value_type, access::address_space::local_space, IsDecorated>;
  static constexpr int dimensions = 0;

  explicit local_accessor(handler& h) : m_offset(detail::reserve_local_memory(h, sizeof(T), alignof(T))) {}

  COHORT_INLINE local_ptr<T> get_pointer() const { return local_ptr<T>(data()); }
  template <access::decorated IsDecorated>
  COHORT_INLINE accessor_ptr<IsDecorated> get_multi_ptr() const {
    return accessor_ptr<IsDecorated>(data());
  }
  COHORT_INLINE std::size_t size() const noexcept { return 1; }
  COHORT_INLINE std::size_t byte_size() const noexcept { return sizeof(T); }

  COHORT_INLINE operator reference() const { return *data(); }
  // Assignment writes the group's T (as SYCL's, a const member: the accessor is a handle).
  COHORT_INLINE const local_accessor& operator=(const value_type& other) const {
    *data() = other;
    return *this;
  }
  COHORT_INLINE const local_accessor& operator=(value_type&& other) const {
    *data() = static_cast<value_type&&>(other);
    return *this;
  }

private:
  COHORT_INLINE T* data() const {
    return reinterpret_cast<T*>(detail::kernel_hooks::local_accessor_base() + m_offset);
  }

  std::size_t m_offset;
};

}  // namespace cohort
