// SPDX-License-Identifier: MIT
#pragma once
// SYCL 2020's USM allocator: standard containers in host or shared USM
// (`std::vector<T, usm_allocator<T, usm::alloc::shared>>`).
#include <cstddef>
#include <string>

#include <cohort/core/exception.hpp>
#include <cohort/runtime/queue.hpp>
#include <cohort/runtime/usm.hpp>

namespace cohort {

template <typename T, usm::alloc AllocKind, std::size_t Alignment = 0>
class usm_allocator {
  static_assert(AllocKind != usm::alloc::device, "usm_allocator: device memory cannot hold a container the host uses");
  static_assert(AllocKind != usm::alloc::unknown, "usm_allocator: alloc::unknown is not a kind to allocate");

public:
  using value_type = T;
  using size_type = std::size_t;
  using difference_type = std::ptrdiff_t;
  template <typename U>
  struct rebind {
    using other = usm_allocator<U, AllocKind, Alignment>;
  };

  usm_allocator() = delete;
  usm_allocator(const context&, const device& d, const property_list& = {}) : m_device(d) {}
  usm_allocator(const queue& q, const property_list& = {}) : m_device(q.get_device()) {}
  template <typename U>
  usm_allocator(const usm_allocator<U, AllocKind, Alignment>& other) noexcept : m_device(other.get_device()) {}

  /// Throws errc::memory_allocation when the device has no memory for `n` items.
  T* allocate(std::size_t n) {
    T* p = detail::usm_allocate_n<T>(Alignment, n, m_device, AllocKind);
    if (!p && n != 0)
      throw exception(errc::memory_allocation, "usm_allocator: no memory for " + std::to_string(n) + " items");
    return p;
  }
  void deallocate(T* p, std::size_t) { cohort::free(p, context(m_device)); }

  device get_device() const { return m_device; }
  template <typename U, usm::alloc K, std::size_t A>
  friend bool operator==(const usm_allocator& a, const usm_allocator<U, K, A>& b) {
    return K == AllocKind && a.m_device == b.get_device();
  }

private:
  device m_device;
};

}  // namespace cohort
