// SPDX-License-Identifier: MIT
#pragma once
// The `init` that the joint algorithms hand to their backend hook when the operator has no
// known identity and the caller gave no init: start from the range's first element. The
// hook reads and writes the range inside the collective, like every other joint result.
#include <type_traits>

namespace cohort::detail {

template <typename T>
struct from_first {};

/// The value type of a joint hook's `init` (T for from_first<T>).
template <typename Init>
struct joint_value {
  using type = Init;
};
template <typename T>
struct joint_value<from_first<T>> {
  using type = T;
};
template <typename Init>
using joint_value_t = typename joint_value<Init>::type;

template <typename Init>
inline constexpr bool is_from_first_v = !std::is_same_v<joint_value_t<Init>, Init>;

}  // namespace cohort::detail
