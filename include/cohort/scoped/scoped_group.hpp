// SPDX-License-Identifier: MIT
#pragma once
// The groups of a scoped kernel (AdaptiveCpp's scoped parallelism v2): the work-group
// that the kernel receives, the sub-groups and the scalar (one-item) groups that
// `distribute_groups` makes of it. Their category is `fence_scope`; they all model
// AdaptiveCpp's ScopedGroup. Logical items are what `distribute_items` hands out;
// physical items are the execution resources the backend runs them on.
#include <cstddef>
#include <type_traits>

#include <cohort/backend/scoped_hooks.hpp>
#include <cohort/core/id.hpp>
#include <cohort/core/memory_scope.hpp>
#include <cohort/core/range.hpp>
#include <cohort/scoped/fwd.hpp>
#include <cohort/scoped/s_item.hpp>

namespace cohort {

namespace detail {

/// What the three scoped group kinds share. A group knows its position among the
/// groups its parent was divided into, its logical extent, and where its first
/// logical item lies in the kernel's global index space.
template <int Dimensions, memory_scope Scope>
class scoped_group_base {
public:
  using id_type = id<Dimensions>;
  using range_type = range<Dimensions>;
  using linear_id_type = std::size_t;
  static constexpr int dimensions = Dimensions;
  static constexpr memory_scope fence_scope = Scope;

  scoped_group_base() = delete;

  // Position among the sibling groups (for the work-group: among the kernel's groups).
  COHORT_INLINE id_type get_group_id() const { return m_group_id; }
  COHORT_INLINE std::size_t get_group_id(int d) const { return m_group_id[d]; }
  COHORT_INLINE linear_id_type get_group_linear_id() const {
    return linearize<Dimensions>(m_group_id, m_group_range);
  }
  COHORT_INLINE range_type get_group_range() const { return m_group_range; }
  COHORT_INLINE std::size_t get_group_range(int d) const { return m_group_range[d]; }
  COHORT_INLINE std::size_t get_group_linear_range() const { return m_group_range.size(); }
  COHORT_INLINE std::size_t operator[](int d) const { return m_group_id[d]; }

  // Logical items.
  COHORT_INLINE range_type get_logical_local_range() const {
    if constexpr (Scope == memory_scope::work_item)
      return unit();
    else
      return m_local_range;
  }
  COHORT_INLINE std::size_t get_logical_local_range(int d) const {
    if constexpr (Scope == memory_scope::work_item)
      return (void)d, 1;
    else
      return m_local_range[d];
  }
  COHORT_INLINE std::size_t get_logical_local_linear_range() const {
    if constexpr (Scope == memory_scope::work_item)
      return 1;
    else
      return m_local_range.size();
  }
  COHORT_INLINE id_type get_logical_local_id(const s_item<Dimensions>& item) const {
    if constexpr (Scope == memory_scope::work_item)
      return (void)item, id_type{};
    else
      return item.get_global_id() - m_global_offset;
  }
  COHORT_INLINE std::size_t get_logical_local_id(const s_item<Dimensions>& item, int d) const {
    if constexpr (Scope == memory_scope::work_item)
      return (void)item, (void)d, 0;
    else
      return item.get_global_id(d) - m_global_offset[d];
  }
  COHORT_INLINE linear_id_type get_logical_local_linear_id(const s_item<Dimensions>& item) const {
    if constexpr (Scope == memory_scope::work_item)
      return (void)item, 0;
    else
      return linearize<Dimensions>(item.get_global_id() - m_global_offset, m_local_range);
  }
  COHORT_INLINE id_type get_local_id(const s_item<Dimensions>& item) const { return get_logical_local_id(item); }
  COHORT_INLINE std::size_t get_local_id(const s_item<Dimensions>& item, int d) const {
    return get_logical_local_id(item, d);
  }
  COHORT_INLINE linear_id_type get_local_linear_id(const s_item<Dimensions>& item) const {
    return get_logical_local_linear_id(item);
  }

  // Physical items: chosen by the backend.
  COHORT_INLINE id_type get_physical_local_id() const { return scoped_hooks::physical_local_id(*this); }
  COHORT_INLINE std::size_t get_physical_local_id(int d) const { return get_physical_local_id()[d]; }
  COHORT_INLINE linear_id_type get_physical_local_linear_id() const {
    return linearize<Dimensions>(get_physical_local_id(), get_physical_local_range());
  }
  COHORT_INLINE range_type get_physical_local_range() const { return scoped_hooks::physical_local_range(*this); }
  COHORT_INLINE std::size_t get_physical_local_range(int d) const { return get_physical_local_range()[d]; }
  COHORT_INLINE std::size_t get_physical_local_linear_range() const { return get_physical_local_range().size(); }

  // AdaptiveCpp's older names, deprecated there: the physical id, the logical range.
  [[deprecated("use get_physical_local_id()")]] COHORT_INLINE id_type get_local_id() const {
    return get_physical_local_id();
  }
  [[deprecated("use get_physical_local_id(d)")]] COHORT_INLINE std::size_t get_local_id(int d) const {
    return get_physical_local_id(d);
  }
  [[deprecated("use get_logical_local_range()")]] COHORT_INLINE range_type get_local_range() const {
    return get_logical_local_range();
  }
  [[deprecated("use get_logical_local_range(d)")]] COHORT_INLINE std::size_t get_local_range(int d) const {
    return get_logical_local_range(d);
  }

  /// The physical leader. Not meaningful inside `distribute_items`.
  COHORT_INLINE bool leader() const { return get_physical_local_linear_id() == 0; }

  /// Backend-facing: global id of the group's first logical item, and the kernel's
  /// global range.
  COHORT_INLINE id_type get_global_group_offset() const { return m_global_offset; }
  COHORT_INLINE range_type get_global_range() const { return m_global_range; }

protected:
  COHORT_INLINE scoped_group_base(id_type group_id, range_type group_range, range_type local_range,
                                  id_type global_offset, range_type global_range)
      : m_group_id(group_id),
        m_group_range(group_range),
        m_local_range(local_range),
        m_global_offset(global_offset),
        m_global_range(global_range) {}

  COHORT_INLINE static range_type unit() {
    range_type r;
    for (int d = 0; d < Dimensions; ++d) r[d] = 1;
    return r;
  }
  COHORT_INLINE bool same_as(const scoped_group_base& o) const {
    return m_group_id == o.m_group_id && m_group_range == o.m_group_range && m_local_range == o.m_local_range &&
           m_global_offset == o.m_global_offset && m_global_range == o.m_global_range;
  }

private:
  id_type m_group_id;
  range_type m_group_range;
  range_type m_local_range;
  id_type m_global_offset;
  range_type m_global_range;
};

}  // namespace detail

/// The work-group of a scoped kernel: `q.parallel(groups, size, [=](auto g) {...})`.
template <int Dimensions = 1>
class scoped_group : public detail::scoped_group_base<Dimensions, memory_scope::work_group> {
  using base = detail::scoped_group_base<Dimensions, memory_scope::work_group>;

public:
  /// Backends construct groups; users receive them.
  COHORT_INLINE scoped_group(id<Dimensions> group_id, range<Dimensions> group_range, range<Dimensions> local_range)
      : base(group_id, group_range, local_range, first_item(group_id, local_range), group_range * local_range) {}

  COHORT_INLINE friend bool operator==(const scoped_group& a, const scoped_group& b) { return a.same_as(b); }
  COHORT_INLINE friend bool operator!=(const scoped_group& a, const scoped_group& b) { return !a.same_as(b); }

private:
  COHORT_INLINE static id<Dimensions> first_item(const id<Dimensions>& group_id, const range<Dimensions>& size) {
    id<Dimensions> first;
    for (int d = 0; d < Dimensions; ++d) first[d] = group_id[d] * size[d];
    return first;
  }
};

/// A part of a work-group from `distribute_groups` (on the CPU a fixed tile; on GPUs a warp).
template <int Dimensions = 1>
class scoped_sub_group : public detail::scoped_group_base<Dimensions, memory_scope::sub_group> {
  using base = detail::scoped_group_base<Dimensions, memory_scope::sub_group>;

public:
  /// Backends construct groups; users receive them.
  COHORT_INLINE scoped_sub_group(id<Dimensions> group_id, range<Dimensions> group_range,
                                 range<Dimensions> local_range, id<Dimensions> global_offset,
                                 range<Dimensions> global_range)
      : base(group_id, group_range, local_range, global_offset, global_range) {}

  COHORT_INLINE friend bool operator==(const scoped_sub_group& a, const scoped_sub_group& b) {
    return a.same_as(b);
  }
  COHORT_INLINE friend bool operator!=(const scoped_sub_group& a, const scoped_sub_group& b) {
    return !a.same_as(b);
  }
};

/// A group of exactly one logical item: the end of `distribute_groups` nesting.
template <int Dimensions = 1>
class scoped_scalar_group : public detail::scoped_group_base<Dimensions, memory_scope::work_item> {
  using base = detail::scoped_group_base<Dimensions, memory_scope::work_item>;

public:
  /// Backends construct groups; users receive them.
  COHORT_INLINE scoped_scalar_group(id<Dimensions> group_id, range<Dimensions> group_range,
                                    id<Dimensions> global_offset, range<Dimensions> global_range)
      : base(group_id, group_range, base::unit(), global_offset, global_range) {}

  COHORT_INLINE friend bool operator==(const scoped_scalar_group& a, const scoped_scalar_group& b) {
    return a.same_as(b);
  }
  COHORT_INLINE friend bool operator!=(const scoped_scalar_group& a, const scoped_scalar_group& b) {
    return !a.same_as(b);
  }
};

/// True for the groups of scoped kernels (not for `group`/`sub_group` of nd_range kernels).
template <typename T>
struct is_scoped_group : std::false_type {};
template <int D>
struct is_scoped_group<scoped_group<D>> : std::true_type {};
template <int D>
struct is_scoped_group<scoped_sub_group<D>> : std::true_type {};
template <int D>
struct is_scoped_group<scoped_scalar_group<D>> : std::true_type {};
template <typename T>
inline constexpr bool is_scoped_group_v = is_scoped_group<T>::value;

}  // namespace cohort
