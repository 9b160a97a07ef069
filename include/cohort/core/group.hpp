// SPDX-License-Identifier: MIT
#pragma once
#include <cohort/backend/kernel_hooks.hpp>
#include <cohort/core/access.hpp>
#include <cohort/core/id.hpp>
#include <cohort/core/memory_scope.hpp>
#include <cohort/core/range.hpp>

namespace cohort {

/// A work-group as seen by one of its work-items (as `sycl::group`). In hierarchical
/// kernels it also offers `parallel_for_work_item`.
template <int Dimensions = 1>
class group {
public:
  using id_type = id<Dimensions>;
  using range_type = range<Dimensions>;
  using linear_id_type = std::size_t;
  static constexpr int dimensions = Dimensions;
  static constexpr memory_scope fence_scope = memory_scope::work_group;

  group() = delete;

  COHORT_INLINE id_type get_group_id() const { return m_group_id; }
  COHORT_INLINE std::size_t get_group_id(int d) const { return m_group_id[d]; }
  COHORT_INLINE id_type get_local_id() const { return m_local_id; }
  COHORT_INLINE std::size_t get_local_id(int d) const { return m_local_id[d]; }
  COHORT_INLINE range_type get_local_range() const { return m_local_range; }
  COHORT_INLINE std::size_t get_local_range(int d) const { return m_local_range[d]; }
  COHORT_INLINE range_type get_group_range() const { return m_group_range; }
  COHORT_INLINE std::size_t get_group_range(int d) const { return m_group_range[d]; }
  COHORT_INLINE range_type get_max_local_range() const { return m_local_range; }
  COHORT_INLINE std::size_t operator[](int d) const { return m_group_id[d]; }
  COHORT_INLINE linear_id_type get_group_linear_id() const {
    return detail::linearize<Dimensions>(m_group_id, m_group_range);
  }
  COHORT_INLINE linear_id_type get_local_linear_id() const {
    return detail::linearize<Dimensions>(m_local_id, m_local_range);
  }
  COHORT_INLINE linear_id_type get_group_linear_range() const { return m_group_range.size(); }
  COHORT_INLINE linear_id_type get_local_linear_range() const { return m_local_range.size(); }
  COHORT_INLINE bool leader() const { return get_local_linear_id() == 0; }

  /// Hierarchical parallelism: runs `f(h_item)` for every item of the group, then waits
  /// for all of them (the implicit barrier of SYCL 1.2.1).
  template <typename WorkItemFunction>
  COHORT_INLINE void parallel_for_work_item(WorkItemFunction f) const {
    detail::kernel_hooks::parallel_for_work_item(*this, m_local_range, f);
  }
  /// The same over a flexible logical range, distributed over the group's items.
  template <typename WorkItemFunction>
  COHORT_INLINE void parallel_for_work_item(range_type logical_range, WorkItemFunction f) const {
    detail::kernel_hooks::parallel_for_work_item(*this, logical_range, f);
  }

  /// Waits for every item of the group in an nd_range kernel (as AdaptiveCpp's
  /// `group::barrier`; `group_barrier(g)` is the SYCL 2020 spelling).
  COHORT_COLLECTIVE void barrier(access::fence_space = access::fence_space::global_and_local) const {
    detail::kernel_hooks::barrier(*this);
  }
  /// A work-group-scope fence (SYCL 1.2.1; deprecated in SYCL 2020 for `atomic_fence`).
  template <access::mode Mode = access::mode::read_write>
  COHORT_INLINE void mem_fence(access::fence_space = access::fence_space::global_and_local) const {
    static_assert(Mode == access::mode::read || Mode == access::mode::write || Mode == access::mode::read_write,
                  "mem_fence takes access::mode::read, write or read_write");
    detail::kernel_hooks::memory_fence<memory_scope::work_group>(*this);
  }

  COHORT_INLINE friend bool operator==(const group& a, const group& b) {
    return a.m_group_id == b.m_group_id && a.m_group_range == b.m_group_range &&
           a.m_local_range == b.m_local_range;
  }
  COHORT_INLINE friend bool operator!=(const group& a, const group& b) { return !(a == b); }

  /// Backends construct groups; users receive them. `local_range_bound`: the largest local
  /// linear range the launcher compiled the kernel for (its work_group_size property, or a
  /// class of sizes such as "at most four warps"; 0: none), a constant in the kernel's code,
  /// so collectives may take paths meant for groups that small.
  /// `scope_storage_top`: where a backend whose every thread runs a hierarchical group's
  /// code keeps the thread's top of the group-scope storage stack (`local_memory`), a
  /// variable of the kernel's own, so the compiler folds the offsets into constants.
  COHORT_INLINE group(id_type group_id, range_type group_range, range_type local_range, id_type local_id,
                      std::size_t local_range_bound = 0, unsigned* scope_storage_top = nullptr)
      : m_group_id(group_id),
        m_group_range(group_range),
        m_local_range(local_range),
        m_local_id(local_id)
#if COHORT_DEVICE_PASS
        ,
        m_local_range_bound(local_range_bound),
        m_scope_storage_top(scope_storage_top)
#endif
  {
    static_cast<void>(local_range_bound);
    static_cast<void>(scope_storage_top);
  }

  /// The bound above (a cohort extension, for backends' collectives). Only device code has
  /// such kernels: the bound is kept only there, so host groups stay as small as they were
  /// (groups never cross between the two).
  COHORT_INLINE std::size_t local_range_bound() const {
#if COHORT_DEVICE_PASS
    return m_local_range_bound;
#else
    return 0;
#endif
  }

  /// The thread's top of the group-scope storage stack given at construction (device code
  /// only; see the constructor).
  COHORT_INLINE unsigned* scope_storage_top() const {
#if COHORT_DEVICE_PASS
    return m_scope_storage_top;
#else
    return nullptr;
#endif
  }

private:
  id_type m_group_id;
  range_type m_group_range;
  range_type m_local_range;
  id_type m_local_id;
#if COHORT_DEVICE_PASS
  std::size_t m_local_range_bound;
  unsigned* m_scope_storage_top;
#endif
};


template <typename T>
struct is_group : std::false_type {};
template <int D>
struct is_group<group<D>> : std::true_type {};
template <typename T>
inline constexpr bool is_group_v = is_group<T>::value;

}  // namespace cohort
