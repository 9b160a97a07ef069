// SPDX-License-Identifier: MIT
#pragma once
#include <cohort/detail/array_base.hpp>

namespace cohort {

/// The extent of a 1-, 2- or 3-dimensional index space (as `sycl::range`).
template <int Dimensions = 1>
class range : public detail::array_base<range<Dimensions>, Dimensions> {
  using base = detail::array_base<range<Dimensions>, Dimensions>;

public:
  using base::base;
  range() = default;
  /// Number of points: the product of the extents.
  COHORT_INLINE std::size_t size() const {
    std::size_t s = 1;
    for (int d = 0; d < Dimensions; ++d) s *= (*this)[d];
    return s;
  }
};

range(std::size_t) -> range<1>;
range(std::size_t, std::size_t) -> range<2>;
range(std::size_t, std::size_t, std::size_t) -> range<3>;

namespace detail {
/// Row-major linearisation with the last dimension fastest (SYCL's rule).
template <int D, typename Id>
COHORT_INLINE std::size_t linearize(const Id& i, const range<D>& r) {
  std::size_t lin = i[0];
  for (int d = 1; d < D; ++d) lin = lin * r[d] + i[d];
  return lin;
}
template <int D, typename Id>
COHORT_INLINE Id delinearize(std::size_t lin, const range<D>& r) {
  Id i;
  for (int d = D - 1; d > 0; --d) {
    i[d] = lin % r[d];
    lin /= r[d];
  }
  i[0] = lin;
  return i;
}
}  // namespace detail

}  // namespace cohort
