// SPDX-License-Identifier: MIT
#pragma once
#include <cstdint>

#include <cohort/core/group.hpp>

namespace cohort {

/// A sub-group of a work-group (as `sycl::sub_group`): consecutive local linear ids
/// `[k*S, k*S+S)` where S is the kernel's sub-group size; the last one may be partial.
class sub_group {
public:
  using id_type = id<1>;
  using range_type = range<1>;
  using linear_id_type = std::uint32_t;
  static constexpr int dimensions = 1;
  static constexpr memory_scope fence_scope = memory_scope::sub_group;

  sub_group() = delete;

  COHORT_INLINE id_type get_group_id() const { return id_type{m_group_id}; }
  COHORT_INLINE id_type get_local_id() const { return id_type{m_local_id}; }
  /// The actual size of this sub-group (smaller than the maximum for a partial last one).
  COHORT_INLINE range_type get_local_range() const { return range_type{m_local_range}; }
  COHORT_INLINE range_type get_group_range() const { return range_type{m_group_range}; }
  COHORT_INLINE range_type get_max_local_range() const { return range_type{m_max_local_range}; }
  COHORT_INLINE linear_id_type get_group_linear_id() const { return m_group_id; }
  COHORT_INLINE linear_id_type get_local_linear_id() const { return m_local_id; }
  COHORT_INLINE linear_id_type get_group_linear_range() const { return m_group_range; }
  COHORT_INLINE linear_id_type get_local_linear_range() const { return m_local_range; }
  COHORT_INLINE bool leader() const { return m_local_id == 0; }

  /// Built from the work-item's local linear id in a group of `group_size` items.
  COHORT_INLINE sub_group(std::size_t local_linear_id, std::size_t group_size, std::uint32_t size)
      : m_local_id(static_cast<std::uint32_t>(local_linear_id % size)),
        m_group_id(static_cast<std::uint32_t>(local_linear_id / size)),
        m_group_range(static_cast<std::uint32_t>((group_size + size - 1) / size)),
        m_max_local_range(size) {
    const std::size_t first = static_cast<std::size_t>(m_group_id) * size;
    // The first test folds where the compiler knows the group is made of whole sub-groups.
    m_local_range = group_size % size == 0
                        ? size
                        : static_cast<std::uint32_t>(group_size - first < size ? group_size - first : size);
  }

  /// Local linear id, in the work-group, of this sub-group's first item.
  COHORT_INLINE std::size_t first_item_in_group() const {
    return static_cast<std::size_t>(m_group_id) * m_max_local_range;
  }

private:
  std::uint32_t m_local_id;
  std::uint32_t m_group_id;
  std::uint32_t m_group_range;
  std::uint32_t m_max_local_range;
  std::uint32_t m_local_range = 0;
};

template <>
struct is_group<sub_group> : std::true_type {};

}  // namespace cohort
