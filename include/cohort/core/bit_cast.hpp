// SPDX-License-Identifier: MIT
#pragma once
// cohort::bit_cast (SYCL 2020's sycl::bit_cast): std::bit_cast that device code can call.
// std::bit_cast is a host function to nvcc; the compiler builtin behind it is not, and g++,
// clang++ and nvcc all evaluate it in constant expressions.

#include <type_traits>

#include "cohort/detail/macros.hpp"

namespace cohort {

/// The object representation of `from` reinterpreted as a To.
template <typename To, typename From>
  requires(sizeof(To) == sizeof(From) && std::is_trivially_copyable_v<To> &&
           std::is_trivially_copyable_v<From>)
COHORT_FUNCTION constexpr To bit_cast(const From& from) noexcept {
  return __builtin_bit_cast(To, from);
}

}  // namespace cohort
