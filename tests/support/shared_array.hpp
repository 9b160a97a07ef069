// SPDX-License-Identifier: MIT
#pragma once
// shared_array<T>: n elements of shared USM on a queue's device, owned and freed on
// destruction. Every pointer a test kernel dereferences must be USM: a GPU cannot read a
// std::vector's storage, a stack array or a host global. Kernels capture data(), never
// the array itself (it is not copyable).
#include <algorithm>
#include <cstddef>
#include <initializer_list>
#include <memory>
#include <utility>
#include <vector>

#include <cohort/cohort.hpp>

namespace cohort_test {

template <typename T>
class shared_array {
public:
  /// n elements, each a copy of `fill`.
  shared_array(std::size_t n, const cohort::queue& q, const T& fill = T{}) : m_queue(q), m_size(n) {
    allocate();
    std::uninitialized_fill_n(m_ptr, n, fill);
  }
  /// A copy of `values`.
  shared_array(const std::vector<T>& values, const cohort::queue& q) : m_queue(q), m_size(values.size()) {
    allocate();
    std::uninitialized_copy(values.begin(), values.end(), m_ptr);
  }
  shared_array(std::initializer_list<T> values, const cohort::queue& q) : m_queue(q), m_size(values.size()) {
    allocate();
    std::uninitialized_copy(values.begin(), values.end(), m_ptr);
  }
  shared_array(const shared_array&) = delete;
  shared_array& operator=(const shared_array&) = delete;
  shared_array(shared_array&& o) noexcept
      : m_queue(o.m_queue), m_ptr(std::exchange(o.m_ptr, nullptr)), m_size(std::exchange(o.m_size, 0)) {}
  ~shared_array() {
    if (m_ptr) {
      std::destroy_n(m_ptr, m_size);
      cohort::free(m_ptr, m_queue);
    }
  }

  T* data() const noexcept { return m_ptr; }
  std::size_t size() const noexcept { return m_size; }
  T& operator[](std::size_t i) const { return m_ptr[i]; }
  T* begin() const noexcept { return m_ptr; }
  T* end() const noexcept { return m_ptr + m_size; }
  /// The elements, copied to the host (for comparisons with std::vector references).
  std::vector<T> to_vector() const { return std::vector<T>(begin(), end()); }
  void fill(const T& v) { std::fill(begin(), end(), v); }

private:
  void allocate() {
    m_ptr = cohort::malloc_shared<T>(m_size == 0 ? 1 : m_size, m_queue);
    if (!m_ptr) throw cohort::exception(cohort::errc::memory_allocation, "shared_array: USM allocation failed");
  }

  cohort::queue m_queue;
  T* m_ptr = nullptr;
  std::size_t m_size = 0;
};

}  // namespace cohort_test
