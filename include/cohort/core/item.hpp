// SPDX-License-Identifier: MIT
#pragma once
#include <cohort/core/id.hpp>
#include <cohort/core/range.hpp>

namespace cohort {

/// A work-item of a basic `range` kernel (as `sycl::item`). `WithOffset` is the spec's
/// second parameter; kernel offsets are deprecated in SYCL 2020 and not supported here, so
/// an item's offset is always zero. `range` kernels receive `item<D, true>`, or
/// `item<D, false>` where the kernel takes only that; `h_item` hands out `item<D, false>`,
/// which converts to `item<D, true>`.
template <int Dimensions = 1, bool WithOffset = true>
class item {
public:
  static constexpr int dimensions = Dimensions;
  item() = delete;

  COHORT_INLINE id<Dimensions> get_id() const { return m_id; }
  COHORT_INLINE std::size_t get_id(int d) const { return m_id[d]; }
  COHORT_INLINE std::size_t operator[](int d) const { return m_id[d]; }
  COHORT_INLINE range<Dimensions> get_range() const { return m_range; }
  COHORT_INLINE std::size_t get_range(int d) const { return m_range[d]; }
  [[deprecated("kernel offsets are deprecated in SYCL 2020; cohort's items have offset zero")]] COHORT_INLINE
      id<Dimensions>
      get_offset() const
    requires WithOffset
  {
    return id<Dimensions>{};
  }
  COHORT_INLINE std::size_t get_linear_id() const { return detail::linearize<Dimensions>(m_id, m_range); }
  COHORT_INLINE operator id<Dimensions>() const { return m_id; }
  COHORT_INLINE operator std::size_t() const
    requires(Dimensions == 1)
  {
    return m_id[0];
  }
  // A template whose type depends on its parameter: nvcc warns of the constrained plain
  // form, and clang of a conversion to the class itself when WithOffset is true.
  template <bool Offset = WithOffset>
    requires(!Offset)
  COHORT_INLINE operator item<Dimensions, !Offset>() const {
    return item<Dimensions, true>(m_id, m_range, 0);
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
