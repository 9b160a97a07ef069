// SPDX-License-Identifier: MIT
#pragma once
// What accessor and host_accessor share: a view of a buffer's memory, ranged and offset,
// with SYCL's subscripts, sizes and iterators.
#include <cstddef>
#include <iterator>

#include <cohort/core/atomic.hpp>
#include <cohort/core/id.hpp>
#include <cohort/core/item.hpp>
#include <cohort/core/range.hpp>
#include <cohort/detail/macros.hpp>
#include <cohort/runtime/local_accessor.hpp>  // detail::local_row

namespace cohort::detail {

/// Visits the items of a ranged view in row-major order of its access range.
template <typename T, int D>
class accessor_iterator {
public:
  using iterator_category = std::random_access_iterator_tag;
  using value_type = std::remove_const_t<T>;
  using difference_type = std::ptrdiff_t;
  using pointer = T*;
  using reference = T&;

  accessor_iterator() = default;
  COHORT_INLINE accessor_iterator(T* data, range<D> access, range<D> memory, std::size_t n)
      : m_data(data), m_access(access), m_memory(memory), m_n(n) {}

  COHORT_INLINE T& operator*() const { return (*this)[0]; }
  COHORT_INLINE T* operator->() const { return &**this; }
  COHORT_INLINE T& operator[](difference_type k) const {
    const auto i = delinearize<D, id<D>>(m_n + k, m_access);
    return m_data[linearize<D>(i, m_memory)];
  }
  COHORT_INLINE accessor_iterator& operator++() { return *this += 1; }
  COHORT_INLINE accessor_iterator operator++(int) {
    auto old = *this;
    ++*this;
    return old;
  }
  COHORT_INLINE accessor_iterator& operator--() { return *this -= 1; }
  COHORT_INLINE accessor_iterator operator--(int) {
    auto old = *this;
    --*this;
    return old;
  }
  COHORT_INLINE accessor_iterator& operator+=(difference_type k) {
    m_n += k;
    return *this;
  }
  COHORT_INLINE accessor_iterator& operator-=(difference_type k) { return *this += -k; }
  COHORT_INLINE friend accessor_iterator operator+(accessor_iterator a, difference_type k) { return a += k; }
  COHORT_INLINE friend accessor_iterator operator+(difference_type k, accessor_iterator a) { return a += k; }
  COHORT_INLINE friend accessor_iterator operator-(accessor_iterator a, difference_type k) { return a -= k; }
  COHORT_INLINE friend difference_type operator-(const accessor_iterator& a, const accessor_iterator& b) {
    return static_cast<difference_type>(a.m_n) - static_cast<difference_type>(b.m_n);
  }
  COHORT_INLINE friend bool operator==(const accessor_iterator& a, const accessor_iterator& b) { return a.m_n == b.m_n; }
  COHORT_INLINE friend auto operator<=>(const accessor_iterator& a, const accessor_iterator& b) { return a.m_n <=> b.m_n; }

private:
  T* m_data = nullptr;
  range<D> m_access{}, m_memory{};
  std::size_t m_n = 0;
};

/// A ranged, offset view of a buffer's memory. `T` is const for read-only views; an `Atomic`
/// view's subscripts give SYCL 1.2.1's `atomic<T>` (access_mode::atomic).
template <typename T, int D, bool Atomic = false>
class accessor_view {
public:
  using value_type = T;
  using reference = T&;
  using const_reference = const T&;
  using iterator = std::conditional_t<D == 1, T*, accessor_iterator<T, D>>;
  using const_iterator = std::conditional_t<D == 1, const T*, accessor_iterator<const T, D>>;
  using reverse_iterator = std::reverse_iterator<iterator>;
  using const_reverse_iterator = std::reverse_iterator<const_iterator>;
  using difference_type = std::ptrdiff_t;
  using size_type = std::size_t;

  COHORT_INLINE range<D> get_range() const { return m_range; }
  COHORT_INLINE id<D> get_offset() const { return m_offset; }
  COHORT_INLINE std::size_t size() const noexcept { return m_range.size(); }
  COHORT_INLINE std::size_t byte_size() const noexcept { return m_range.size() * sizeof(T); }
  COHORT_INLINE std::size_t max_size() const noexcept { return m_range.size(); }
  COHORT_INLINE bool empty() const noexcept { return m_range.size() == 0; }
  /// SYCL 1.2.1 names.
  COHORT_INLINE std::size_t get_count() const noexcept { return size(); }
  COHORT_INLINE std::size_t get_size() const noexcept { return byte_size(); }

  COHORT_INLINE decltype(auto) operator[](id<D> i) const { return element(m_data + linearize<D>(i, m_memory)); }
  /// An item subscripts as its id (an item of one dimension also converts to size_t).
  template <bool WithOffset>
  COHORT_INLINE decltype(auto) operator[](const item<D, WithOffset>& i) const {
    return (*this)[i.get_id()];
  }
  COHORT_INLINE decltype(auto) operator[](std::size_t i) const {
    if constexpr (D == 1) {
      return element(m_data + i);
    } else {
      static_assert(!Atomic, "an atomic accessor of several dimensions takes an id: acc[id]");
      return local_row<T, D>(m_data, &m_memory[0])[i];
    }
  }

  COHORT_INLINE iterator begin() const { return make_iterator<T>(0); }
  COHORT_INLINE iterator end() const { return make_iterator<T>(size()); }
  COHORT_INLINE const_iterator cbegin() const { return make_iterator<const T>(0); }
  COHORT_INLINE const_iterator cend() const { return make_iterator<const T>(size()); }
  COHORT_INLINE reverse_iterator rbegin() const { return reverse_iterator(end()); }
  COHORT_INLINE reverse_iterator rend() const { return reverse_iterator(begin()); }
  COHORT_INLINE const_reverse_iterator crbegin() const { return const_reverse_iterator(cend()); }
  COHORT_INLINE const_reverse_iterator crend() const { return const_reverse_iterator(cbegin()); }

  /// The memory holding item {0, ...} of the buffer (not of the access range, as SYCL says).
  COHORT_INLINE T* buffer_origin() const { return m_data - linearize<D>(m_offset, m_memory); }
  COHORT_INLINE range<D> memory_range() const { return m_memory; }

protected:
  accessor_view() = default;
  /// A view of `access` items from `offset` in `memory` items at `origin`.
  COHORT_INLINE accessor_view(T* origin, range<D> memory, range<D> access, id<D> offset)
      : m_data(origin ? origin + linearize<D>(offset, memory) : nullptr),
        m_range(access),
        m_offset(offset),
        m_memory(memory) {}
  /// The same view of the buffer's memory in another place.
  COHORT_INLINE void move_to(T* origin) { m_data = origin + linearize<D>(m_offset, m_memory); }

  T* m_data = nullptr;  // item m_offset of the buffer
  range<D> m_range{};
  id<D> m_offset{};
  range<D> m_memory{};

private:
  COHORT_INLINE static decltype(auto) element(T* p) {
    if constexpr (Atomic)
      return atomic<std::remove_const_t<T>>(p);
    else
      return *p;
  }
  template <typename E>
  COHORT_INLINE auto make_iterator(std::size_t n) const {
    if constexpr (D == 1)
      return static_cast<E*>(m_data) + n;
    else
      return accessor_iterator<E, D>(m_data, m_range, m_memory, n);
  }
};

}  // namespace cohort::detail
