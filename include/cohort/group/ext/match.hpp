// SPDX-License-Identifier: MIT
#pragma once
// cohort::ext::match_any / match_all: which items of a sub-group hold the same value.
#include <type_traits>

#include <cohort/group/ext/sub_group_mask.hpp>
#include <cohort/group/group_concept.hpp>

namespace cohort::detail {
/// Values are compared by their object representation (byte for byte, as CUDA compares
/// the bits), so a type must not have padding bytes whose contents are unspecified.
/// Floating-point types qualify: compared bitwise, -0.0 and +0.0 differ and a NaN
/// matches a NaN with the same bits. (`long double` has padding on x86.)
template <typename T>
concept bitwise_comparable = std::is_trivially_copyable_v<T> &&
                             (std::has_unique_object_representations_v<T> ||
                              std::is_same_v<T, float> || std::is_same_v<T, double>);
}  // namespace cohort::detail

namespace cohort::ext {

/// Each item gets the mask of the items of `g` whose `x` is bitwise equal to its own
/// (itself included, so the mask is never empty).
///
/// In CUDA terms: `__match_any_sync(mask_of_the_group, x)`. Differences:
/// - no mask argument: collective over the whole group, converged (see `ballot`);
/// - any trivially copyable T without padding (CUDA: 32- and 64-bit integers and
///   floating-point values); the comparison is bitwise in both;
/// - the result is a `sub_group_mask` sized to the group (partial sub-groups: only the
///   bits of existing items).
///
/// Works on `sub_group` (sizes 1 to 32) and on `group<D>` of at most 32 items; larger:
/// `cohort::exception` with `errc::feature_not_supported`.
template <cohort::detail::any_group Group, typename T>
  requires cohort::detail::bitwise_comparable<T>
COHORT_COLLECTIVE sub_group_mask match_any(Group g, const T& x) {
  return sub_group_mask(cohort::detail::kernel_hooks::group_match_any(g, x), g.get_local_linear_range());
}

/// When every item of `g` holds a bitwise equal `x`: the full mask of the group and
/// `pred = true`; otherwise the empty mask and `pred = false`. The same in every item.
///
/// In CUDA terms: `__match_all_sync(mask_of_the_group, x, &pred)` (pred is an `int*`
/// there, a `bool&` here); otherwise the differences of `match_any` apply.
template <cohort::detail::any_group Group, typename T>
  requires cohort::detail::bitwise_comparable<T>
COHORT_COLLECTIVE sub_group_mask match_all(Group g, const T& x, bool& pred) {
  const sub_group_mask m(cohort::detail::kernel_hooks::group_match_all(g, x), g.get_local_linear_range());
  pred = m.any();  // a group has at least one item, so "all equal" is never the empty mask
  return m;
}

}  // namespace cohort::ext
