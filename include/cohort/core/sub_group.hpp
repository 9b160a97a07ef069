// SPDX-License-Identifier: MIT
#pragma once
#include <cstdint>
#include <type_traits>

#include <cohort/core/group.hpp>
#include <cohort/core/multi_ptr.hpp>
#include <cohort/core/vec.hpp>

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

  // Loads and stores (SYCL 2020's sub_group members) in a blocked layout: with `p` the same
  // for every item of the sub-group, item i reads or writes p[i], and with a vec<T, N>,
  // element k of item i is p[i + k * get_max_local_range()] (as DPC++ lays them out). Items
  // of a partial sub-group touch only their own places. No item waits for another: on every
  // backend each item's access is its own, so these are no collectives.
  template <typename CVT, access::address_space Space, access::decorated IsDecorated,
            typename T = std::remove_cv_t<CVT>>
  COHORT_INLINE T load(multi_ptr<CVT, Space, IsDecorated> src) const {
    return src.get()[m_local_id];
  }
  template <typename CVT, typename T = std::remove_cv_t<CVT>>
  COHORT_INLINE T load(CVT* src) const {
    return src[m_local_id];
  }
  template <int N, typename CVT, access::address_space Space, access::decorated IsDecorated,
            typename T = std::remove_cv_t<CVT>>
  COHORT_INLINE vec<T, N> load(multi_ptr<CVT, Space, IsDecorated> src) const {
    return load<N>(src.get());
  }
  template <int N, typename CVT, typename T = std::remove_cv_t<CVT>>
  COHORT_INLINE vec<T, N> load(CVT* src) const {
    vec<T, N> r;
    for (int k = 0; k < N; ++k) r[k] = src[static_cast<std::size_t>(k) * m_max_local_range + m_local_id];
    return r;
  }
  template <typename T, access::address_space Space, access::decorated IsDecorated>
  COHORT_INLINE void store(multi_ptr<T, Space, IsDecorated> dst, const std::type_identity_t<T>& x) const {
    dst.get()[m_local_id] = x;
  }
  template <typename T>
  COHORT_INLINE void store(T* dst, const std::type_identity_t<T>& x) const {
    dst[m_local_id] = x;
  }
  template <int N, typename T, access::address_space Space, access::decorated IsDecorated>
  COHORT_INLINE void store(multi_ptr<T, Space, IsDecorated> dst, const vec<T, N>& x) const {
    store<N>(dst.get(), x);
  }
  template <int N, typename T>
  COHORT_INLINE void store(T* dst, const vec<T, N>& x) const {
    for (int k = 0; k < N; ++k) dst[static_cast<std::size_t>(k) * m_max_local_range + m_local_id] = x[k];
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
