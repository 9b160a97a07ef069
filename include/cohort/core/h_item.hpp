// SPDX-License-Identifier: MIT
#pragma once
#include <cohort/core/item.hpp>

namespace cohort {

/// A work-item of a hierarchical kernel inside `parallel_for_work_item` (as `sycl::h_item`).
/// The logical local id lies in the flexible range given to `parallel_for_work_item`;
/// the physical local id is the group item that runs it.
template <int Dimensions = 1>
class h_item {
public:
  static constexpr int dimensions = Dimensions;
  h_item() = delete;

  COHORT_INLINE item<Dimensions, false> get_global() const {
    return item<Dimensions, false>(m_global_id, m_global_range, 0);
  }
  COHORT_INLINE item<Dimensions, false> get_local() const { return get_logical_local(); }
  COHORT_INLINE item<Dimensions, false> get_logical_local() const {
    return item<Dimensions, false>(m_logical_id, m_logical_range, 0);
  }
  COHORT_INLINE item<Dimensions, false> get_physical_local() const {
    return item<Dimensions, false>(m_physical_id, m_physical_range, 0);
  }
  COHORT_INLINE range<Dimensions> get_global_range() const { return m_global_range; }
  COHORT_INLINE std::size_t get_global_range(int d) const { return m_global_range[d]; }
  COHORT_INLINE id<Dimensions> get_global_id() const { return m_global_id; }
  COHORT_INLINE std::size_t get_global_id(int d) const { return m_global_id[d]; }
  COHORT_INLINE range<Dimensions> get_local_range() const { return m_logical_range; }
  COHORT_INLINE std::size_t get_local_range(int d) const { return m_logical_range[d]; }
  COHORT_INLINE id<Dimensions> get_local_id() const { return m_logical_id; }
  COHORT_INLINE std::size_t get_local_id(int d) const { return m_logical_id[d]; }
  COHORT_INLINE range<Dimensions> get_logical_local_range() const { return m_logical_range; }
  COHORT_INLINE std::size_t get_logical_local_range(int d) const { return m_logical_range[d]; }
  COHORT_INLINE id<Dimensions> get_logical_local_id() const { return m_logical_id; }
  COHORT_INLINE std::size_t get_logical_local_id(int d) const { return m_logical_id[d]; }
  COHORT_INLINE range<Dimensions> get_physical_local_range() const { return m_physical_range; }
  COHORT_INLINE std::size_t get_physical_local_range(int d) const { return m_physical_range[d]; }
  COHORT_INLINE id<Dimensions> get_physical_local_id() const { return m_physical_id; }
  COHORT_INLINE std::size_t get_physical_local_id(int d) const { return m_physical_id[d]; }

  /// Backends construct items; users receive them.
  COHORT_INLINE h_item(id<Dimensions> global_id, range<Dimensions> global_range, id<Dimensions> logical_id,
                       range<Dimensions> logical_range, id<Dimensions> physical_id,
                       range<Dimensions> physical_range)
      : m_global_id(global_id),
        m_global_range(global_range),
        m_logical_id(logical_id),
        m_logical_range(logical_range),
        m_physical_id(physical_id),
        m_physical_range(physical_range) {}

private:
  id<Dimensions> m_global_id;
  range<Dimensions> m_global_range;
  id<Dimensions> m_logical_id;
  range<Dimensions> m_logical_range;
  id<Dimensions> m_physical_id;
  range<Dimensions> m_physical_range;
};

}  // namespace cohort
