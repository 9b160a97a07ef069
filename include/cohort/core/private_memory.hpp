// SPDX-License-Identifier: MIT
#pragma once
#include <new>
#include <type_traits>

#include <cohort/core/group.hpp>
#include <cohort/core/h_item.hpp>

namespace cohort {

/// Per-work-item variables declared at work-group scope of a hierarchical kernel (as
/// `sycl::private_memory`). Storage comes from the backend (a per-group arena on the CPU,
/// the thread's registers on a GPU), never the heap.
template <typename T, int Dimensions = 1>
class private_memory {
public:
  COHORT_INLINE explicit private_memory(const group<Dimensions>& g) : m_storage(g) {}
  private_memory(const private_memory&) = delete;
  private_memory& operator=(const private_memory&) = delete;

  /// The instance of the physical work-item that runs `item`.
  COHORT_INLINE T& operator()(const h_item<Dimensions>& item) const {
    return m_storage.get(item.get_physical_local().get_linear_id());
  }

private:
  detail::kernel_hooks::private_storage<T, Dimensions> m_storage;
};

/// Work-group-shared variables of a hierarchical kernel. Plain work-group-scope variables
/// are shared on the CPU but not on GPUs (a library cannot move them to shared memory);
/// declare shared data with this type to have it shared on every backend.
template <typename T>
class local_memory {
public:
  template <int Dimensions>
  COHORT_INLINE explicit local_memory(const group<Dimensions>& g) : m_storage(g) {}
  local_memory(const local_memory&) = delete;
  local_memory& operator=(const local_memory&) = delete;

  COHORT_INLINE T& operator()() const { return *m_storage.get(); }
  COHORT_INLINE T* get() const { return m_storage.get(); }
  template <typename U = T, typename = std::enable_if_t<std::is_array_v<U>>>
  COHORT_INLINE auto& operator[](std::size_t i) const {
    return (*m_storage.get())[i];
  }

private:
  detail::kernel_hooks::group_shared_storage<T> m_storage;
};

}  // namespace cohort
