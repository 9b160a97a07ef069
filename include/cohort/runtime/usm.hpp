// SPDX-License-Identifier: MIT
#pragma once
// Unified shared memory (SYCL 2020 USM): allocation functions, pointer queries and an
// owning smart pointer. Allocation failure returns nullptr, as in SYCL.
#include <cstddef>
#include <memory>
#include <type_traits>
#include <utility>

#include <cohort/runtime/context.hpp>
#include <cohort/runtime/queue.hpp>

namespace cohort {

namespace usm {
enum class alloc { host, device, shared, unknown };
}

namespace detail {

/// `bytes` of USM memory of `kind` on `d`; nullptr on failure or an alignment that is not a
/// power of two, as in SYCL.
void* usm_allocate(std::size_t alignment, std::size_t bytes, const device& d, usm::alloc kind);

/// Typed allocation; a count whose byte size overflows fails like any other request.
template <typename T>
T* usm_allocate_n(std::size_t alignment, std::size_t count, const device& d, usm::alloc kind) {
  if (count > static_cast<std::size_t>(-1) / sizeof(T)) return nullptr;
  return static_cast<T*>(usm_allocate(alignment < alignof(T) ? alignof(T) : alignment, count * sizeof(T), d, kind));
}

}  // namespace detail

#define COHORT_USM_ALLOCATORS(kind_)                                                                     \
  inline void* malloc_##kind_(std::size_t bytes, const device& d, const context&) {                    \
    return detail::usm_allocate(0, bytes, d, usm::alloc::kind_);                                         \
  }                                                                                                      \
  inline void* malloc_##kind_(std::size_t bytes, const queue& q) {                                     \
    return detail::usm_allocate(0, bytes, q.get_device(), usm::alloc::kind_);                            \
  }                                                                                                      \
  template <typename T>                                                                                  \
  T* malloc_##kind_(std::size_t count, const queue& q) {                                               \
    return detail::usm_allocate_n<T>(0, count, q.get_device(), usm::alloc::kind_);                       \
  }                                                                                                      \
  template <typename T>                                                                                  \
  T* malloc_##kind_(std::size_t count, const device& d, const context&) {                              \
    return detail::usm_allocate_n<T>(0, count, d, usm::alloc::kind_);                                    \
  }                                                                                                      \
  inline void* aligned_alloc_##kind_(std::size_t alignment, std::size_t bytes, const queue& q) {       \
    return detail::usm_allocate(alignment, bytes, q.get_device(), usm::alloc::kind_);                    \
  }                                                                                                      \
  inline void* aligned_alloc_##kind_(std::size_t alignment, std::size_t bytes, const device& d,        \
                                     const context&) {                                                   \
    return detail::usm_allocate(alignment, bytes, d, usm::alloc::kind_);                                 \
  }                                                                                                      \
  template <typename T>                                                                                  \
  T* aligned_alloc_##kind_(std::size_t alignment, std::size_t count, const queue& q) {                 \
    return detail::usm_allocate_n<T>(alignment, count, q.get_device(), usm::alloc::kind_);               \
  }
COHORT_USM_ALLOCATORS(device)
COHORT_USM_ALLOCATORS(host)
COHORT_USM_ALLOCATORS(shared)
#undef COHORT_USM_ALLOCATORS

// The same with the kind as an argument (usm::alloc::unknown allocates nothing: nullptr).
inline void* malloc(std::size_t bytes, const device& d, const context&, usm::alloc kind) {
  return kind == usm::alloc::unknown ? nullptr : detail::usm_allocate(0, bytes, d, kind);
}
inline void* malloc(std::size_t bytes, const queue& q, usm::alloc kind) {
  return malloc(bytes, q.get_device(), q.get_context(), kind);
}
template <typename T>
T* malloc(std::size_t count, const device& d, const context&, usm::alloc kind) {
  return kind == usm::alloc::unknown ? nullptr : detail::usm_allocate_n<T>(0, count, d, kind);
}
template <typename T>
T* malloc(std::size_t count, const queue& q, usm::alloc kind) {
  return malloc<T>(count, q.get_device(), q.get_context(), kind);
}
inline void* aligned_alloc(std::size_t alignment, std::size_t bytes, const device& d, const context&,
                           usm::alloc kind) {
  return kind == usm::alloc::unknown ? nullptr : detail::usm_allocate(alignment, bytes, d, kind);
}
inline void* aligned_alloc(std::size_t alignment, std::size_t bytes, const queue& q, usm::alloc kind) {
  return aligned_alloc(alignment, bytes, q.get_device(), q.get_context(), kind);
}
template <typename T>
T* aligned_alloc(std::size_t alignment, std::size_t count, const device& d, const context&, usm::alloc kind) {
  return kind == usm::alloc::unknown ? nullptr : detail::usm_allocate_n<T>(alignment, count, d, kind);
}
template <typename T>
T* aligned_alloc(std::size_t alignment, std::size_t count, const queue& q, usm::alloc kind) {
  return aligned_alloc<T>(alignment, count, q.get_device(), q.get_context(), kind);
}

/// Releases USM memory; nullptr is ignored, a pointer cohort did not allocate throws.
void free(void* ptr, const context&);
inline void free(void* ptr, const queue& q) { free(ptr, q.get_context()); }

usm::alloc get_pointer_type(const void* ptr, const context&);
device get_pointer_device(const void* ptr, const context&);

/// Owns `count` elements of USM memory of one kind; frees them on destruction. Offers
/// span-like access (data, size, operator[], begin/end).
template <typename T, usm::alloc Kind>
class usm_unique_ptr {
public:
  usm_unique_ptr() = default;
  usm_unique_ptr(std::size_t count, const queue& q) : m_queue(new queue(q)), m_size(count) {
    m_ptr = detail::usm_allocate_n<T>(0, count, q.get_device(), Kind);
    if (!m_ptr && count != 0) throw exception(errc::memory_allocation, "USM allocation failed");
  }
  usm_unique_ptr(usm_unique_ptr&& o) noexcept
      : m_queue(std::move(o.m_queue)), m_ptr(std::exchange(o.m_ptr, nullptr)), m_size(std::exchange(o.m_size, 0)) {}
  usm_unique_ptr& operator=(usm_unique_ptr&& o) noexcept {
    if (this != &o) {
      reset();
      m_queue = std::move(o.m_queue);
      m_ptr = std::exchange(o.m_ptr, nullptr);
      m_size = std::exchange(o.m_size, 0);
    }
    return *this;
  }
  ~usm_unique_ptr() { reset(); }

  void reset() {
    if (m_ptr) cohort::free(m_ptr, *m_queue);
    m_ptr = nullptr;
    m_size = 0;
  }
  T* get() const noexcept { return m_ptr; }
  T* data() const noexcept { return m_ptr; }
  std::size_t size() const noexcept { return m_size; }
  bool empty() const noexcept { return m_size == 0; }
  T& operator[](std::size_t i) const { return m_ptr[i]; }
  T* begin() const noexcept { return m_ptr; }
  T* end() const noexcept { return m_ptr + m_size; }
  explicit operator bool() const noexcept { return m_ptr != nullptr; }

private:
  // Dependent on T, so that only translation units that use the class instantiate the
  // holder (a few percent of the time it takes to include cohort).
  std::unique_ptr<std::conditional_t<sizeof(T) != 0, queue, T>> m_queue;
  T* m_ptr = nullptr;
  std::size_t m_size = 0;
};

template <typename T>
usm_unique_ptr<T, usm::alloc::device> make_device_unique(std::size_t count, const queue& q) {
  return {count, q};
}
template <typename T>
usm_unique_ptr<T, usm::alloc::host> make_host_unique(std::size_t count, const queue& q) {
  return {count, q};
}
template <typename T>
usm_unique_ptr<T, usm::alloc::shared> make_shared_unique(std::size_t count, const queue& q) {
  return {count, q};
}

}  // namespace cohort
