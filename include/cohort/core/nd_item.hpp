// SPDX-License-Identifier: MIT
#pragma once
#include <cohort/core/access.hpp>
#include <cohort/core/group.hpp>
#include <cohort/core/nd_range.hpp>
#include <cohort/core/sub_group.hpp>

namespace cohort {

/// A work-item of an `nd_range` kernel (as `sycl::nd_item`; no offsets).
template <int Dimensions = 1>
class nd_item {
public:
  static constexpr int dimensions = Dimensions;
  nd_item() = delete;

  COHORT_INLINE id<Dimensions> get_global_id() const {
    return detail::scaled_offset(m_group.get_group_id(), m_group.get_local_range(), m_group.get_local_id());
  }
  COHORT_INLINE std::size_t get_global_id(int d) const {
    return m_group.get_group_id(d) * m_group.get_local_range(d) + m_group.get_local_id(d);
  }
  COHORT_INLINE std::size_t get_global_linear_id() const {
    return detail::linearize<Dimensions>(get_global_id(), get_global_range());
  }
  COHORT_INLINE id<Dimensions> get_local_id() const { return m_group.get_local_id(); }
  COHORT_INLINE std::size_t get_local_id(int d) const { return m_group.get_local_id(d); }
  COHORT_INLINE std::size_t get_local_linear_id() const { return m_group.get_local_linear_id(); }
  COHORT_INLINE group<Dimensions> get_group() const { return m_group; }
  COHORT_INLINE std::size_t get_group(int d) const { return m_group.get_group_id(d); }
  COHORT_INLINE std::size_t get_group_linear_id() const { return m_group.get_group_linear_id(); }
  COHORT_INLINE sub_group get_sub_group() const {
    return sub_group(m_group.get_local_linear_id(), m_group.get_local_linear_range(), m_sub_group_size);
  }
  COHORT_INLINE range<Dimensions> get_group_range() const { return m_group.get_group_range(); }
  COHORT_INLINE std::size_t get_group_range(int d) const { return m_group.get_group_range(d); }
  COHORT_INLINE range<Dimensions> get_global_range() const {
    return m_group.get_group_range() * m_group.get_local_range();
  }
  COHORT_INLINE std::size_t get_global_range(int d) const {
    return m_group.get_group_range(d) * m_group.get_local_range(d);
  }
  COHORT_INLINE range<Dimensions> get_local_range() const { return m_group.get_local_range(); }
  COHORT_INLINE std::size_t get_local_range(int d) const { return m_group.get_local_range(d); }
  COHORT_INLINE nd_range<Dimensions> get_nd_range() const {
    return nd_range<Dimensions>(get_global_range(), get_local_range());
  }

  /// Waits for every item of the work-group (deprecated in SYCL 2020 for `group_barrier`).
  /// The barrier orders local and global memory whatever `space` names.
  COHORT_COLLECTIVE void barrier(access::fence_space = access::fence_space::global_and_local) const {
    detail::kernel_hooks::barrier(m_group);
  }
  /// A work-group-scope fence (deprecated in SYCL 2020 for `atomic_fence`); orders both
  /// address spaces whatever `space` names.
  template <access::mode Mode = access::mode::read_write>
  COHORT_INLINE void mem_fence(access::fence_space = access::fence_space::global_and_local) const {
    static_assert(Mode == access::mode::read || Mode == access::mode::write || Mode == access::mode::read_write,
                  "mem_fence takes access::mode::read, write or read_write");
    detail::kernel_hooks::memory_fence<memory_scope::work_group>(m_group);
  }

  /// Backends construct items; users receive them.
  COHORT_INLINE nd_item(const group<Dimensions>& g, std::uint32_t sub_group_size)
      : m_group(g), m_sub_group_size(sub_group_size) {}

private:
  group<Dimensions> m_group;
  std::uint32_t m_sub_group_size;
};

}  // namespace cohort
