// SPDX-License-Identifier: MIT
#pragma once
#include <cohort/detail/array_base.hpp>

namespace cohort {

/// A point in a 1-, 2- or 3-dimensional index space (as `sycl::id`).
template <int Dimensions = 1>
class id : public detail::array_base<id<Dimensions>, Dimensions> {
  using base = detail::array_base<id<Dimensions>, Dimensions>;

public:
  using base::base;
  COHORT_INLINE id() = default;
  template <int D = Dimensions, typename = std::enable_if_t<D == 1>>
  COHORT_INLINE operator std::size_t() const { return (*this)[0]; }
};

id(std::size_t) -> id<1>;
id(std::size_t, std::size_t) -> id<2>;
id(std::size_t, std::size_t, std::size_t) -> id<3>;

}  // namespace cohort
