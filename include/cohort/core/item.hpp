// SPDX-License-Identifier: MIT
#pragma once
#include <cohort/core/id.hpp>
#include <cohort/core/range.hpp>

namespace cohort {

/// A work-item of a basic `range` kernel (as `sycl::item`; offsets are not supported,
/// they are deprecated in SYCL 2020).
template <int Dimensions = 1>
class item {
public:
  static constexpr int dimensions = Dimensions;
  item() = delete;

  COHORT_INLINE id<Dimensions> get_id() const { return m_id; }
  COHORT_INLINE std::size_t get_id(int d) const { return m_id[d]; }
  COHORT_INLINE std::size_t operator[](int d) const { return m_id[d]; }
  COHORT_INLINE range<Dimensions> get_range() const { return m_range; }
  COHORT_INLINE std::size_t get_range(int d) const { return m_range[d]; }
  COHORT_INLINE std::size_t get_linear_id() const { return detail::linearize<Dimensions>(m_id, m_range); }
  COHORT_INLINE operator id<Dimensions>() const { return m_id; }
  COHORT_INLINE operator std::size_t() const
    requires(Dimensions == 1)
  {
    return m_id[0];
  }

  COHORT_INLINE friend bool operator==(const item& a, const item& b) {
    return a.m_id == b.m_id && a.m_range == b.m_range;
  }
  COHORT_INLINE friend bool operator!=(const item& a, const item& b) { return !(a == b); }

  /// Backends construct items; users receive them.
  COHORT_INLINE item(id<Dimensions> i, range<Dimensions> r, int /*backend key*/) : m_id(i), m_range(r) {}

private:
  id<Dimensions> m_id;
  range<Dimensions> m_range;
};

}  // namespace cohort
