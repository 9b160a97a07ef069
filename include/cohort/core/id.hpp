// SPDX-License-Identifier: MIT
#pragma once
#include <cohort/core/range.hpp>
#include <cohort/detail/array_base.hpp>

namespace cohort {

/// A point in a 1-, 2- or 3-dimensional index space (as `sycl::id`).
template <int Dimensions = 1>
class id : public detail::array_base<id<Dimensions>, Dimensions> {
  using base = detail::array_base<id<Dimensions>, Dimensions>;

public:
  using base::base;
  id() = default;
  /// An id with the same values as a range (as SYCL's `id(const range&)`).
  COHORT_INLINE explicit id(const range<Dimensions>& r) {
    for (int d = 0; d < Dimensions; ++d) (*this)[d] = r[d];
  }
  COHORT_INLINE operator std::size_t() const
    requires(Dimensions == 1)
  {
    return (*this)[0];
  }
};

id(std::size_t) -> id<1>;
id(std::size_t, std::size_t) -> id<2>;
id(std::size_t, std::size_t, std::size_t) -> id<3>;

namespace detail {
/// `block * extent + offset` per dimension: the global id of a local id in a group.
template <int D>
COHORT_INLINE id<D> scaled_offset(const id<D>& block, const range<D>& extent, const id<D>& offset) {
  id<D> r;
  for (int d = 0; d < D; ++d) r[d] = block[d] * extent[d] + offset[d];
  return r;
}
}  // namespace detail

}  // namespace cohort
