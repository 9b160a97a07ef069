// SPDX-License-Identifier: MIT
#pragma once
#include <cohort/core/range.hpp>

namespace cohort {

/// A global range divided into work-groups (as `sycl::nd_range`). Validity (global a
/// multiple of local, local not zero and within device limits) is checked at submission.
template <int Dimensions = 1>
class nd_range {
public:
  static constexpr int dimensions = Dimensions;
  COHORT_INLINE nd_range(range<Dimensions> global_size, range<Dimensions> local_size)
      : m_global(global_size), m_local(local_size) {}

  COHORT_INLINE range<Dimensions> get_global_range() const { return m_global; }
  COHORT_INLINE range<Dimensions> get_local_range() const { return m_local; }
  /// Number of groups per dimension (0 where the local extent is 0; submission rejects that).
  COHORT_INLINE range<Dimensions> get_group_range() const {
    range<Dimensions> r;
    for (int d = 0; d < Dimensions; ++d) r[d] = m_local[d] == 0 ? 0 : m_global[d] / m_local[d];
    return r;
  }
  COHORT_INLINE friend bool operator==(const nd_range& a, const nd_range& b) {
    return a.m_global == b.m_global && a.m_local == b.m_local;
  }
  COHORT_INLINE friend bool operator!=(const nd_range& a, const nd_range& b) { return !(a == b); }

private:
  range<Dimensions> m_global;
  range<Dimensions> m_local;
};

template <int D>
nd_range(range<D>, range<D>) -> nd_range<D>;

}  // namespace cohort
