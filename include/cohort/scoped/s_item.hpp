// SPDX-License-Identifier: MIT
#pragma once
#include <cstddef>

#include <cohort/core/id.hpp>
#include <cohort/core/range.hpp>
#include <cohort/detail/macros.hpp>

namespace cohort {

/// A logical work-item of a scoped kernel, as `distribute_items` hands it out (as
/// AdaptiveCpp's `s_item`). "Innermost" refers to the group that `distribute_items` was
/// called on; the group-relative queries take any enclosing scoped group.
template <int Dimensions = 1>
class s_item {
public:
  static constexpr int dimensions = Dimensions;
  s_item() = delete;

  COHORT_INLINE range<Dimensions> get_global_range() const { return m_global_range; }
  COHORT_INLINE std::size_t get_global_range(int d) const { return m_global_range[d]; }
  COHORT_INLINE std::size_t get_global_linear_range() const { return m_global_range.size(); }
  COHORT_INLINE id<Dimensions> get_global_id() const { return m_global_id; }
  COHORT_INLINE std::size_t get_global_id(int d) const { return m_global_id[d]; }
  COHORT_INLINE std::size_t get_global_linear_id() const {
    return detail::linearize<Dimensions>(m_global_id, m_global_range);
  }

  COHORT_INLINE range<Dimensions> get_innermost_local_range() const { return m_local_range; }
  COHORT_INLINE std::size_t get_innermost_local_range(int d) const { return m_local_range[d]; }
  COHORT_INLINE std::size_t get_innermost_local_linear_range() const { return m_local_range.size(); }
  COHORT_INLINE id<Dimensions> get_innermost_local_id() const { return m_local_id; }
  COHORT_INLINE std::size_t get_innermost_local_id(int d) const { return m_local_id[d]; }
  COHORT_INLINE std::size_t get_innermost_local_linear_id() const {
    return detail::linearize<Dimensions>(m_local_id, m_local_range);
  }

  /// Position and extent relative to the scoped group `g`, which must enclose this item.
  template <typename Group>
  COHORT_INLINE id<Dimensions> get_local_id(const Group& g) const {
    return g.get_logical_local_id(*this);
  }
  template <typename Group>
  COHORT_INLINE std::size_t get_local_id(const Group& g, int d) const {
    return g.get_logical_local_id(*this, d);
  }
  template <typename Group>
  COHORT_INLINE std::size_t get_local_linear_id(const Group& g) const {
    return g.get_logical_local_linear_id(*this);
  }
  template <typename Group>
  COHORT_INLINE range<Dimensions> get_local_range(const Group& g) const {
    return g.get_logical_local_range();
  }
  template <typename Group>
  COHORT_INLINE std::size_t get_local_range(const Group& g, int d) const {
    return g.get_logical_local_range(d);
  }
  template <typename Group>
  COHORT_INLINE std::size_t get_local_linear_range(const Group& g) const {
    return g.get_logical_local_linear_range();
  }

  /// Backends construct items; users receive them.
  COHORT_INLINE s_item(id<Dimensions> local_id, id<Dimensions> global_id, range<Dimensions> local_range,
                       range<Dimensions> global_range)
      : m_local_id(local_id), m_global_id(global_id), m_local_range(local_range), m_global_range(global_range) {}

private:
  id<Dimensions> m_local_id;
  id<Dimensions> m_global_id;
  range<Dimensions> m_local_range;
  range<Dimensions> m_global_range;
};

}  // namespace cohort
