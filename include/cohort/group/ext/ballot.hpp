// SPDX-License-Identifier: MIT
#pragma once
// cohort::ext::ballot: which items of a sub-group hold a predicate, as a mask.
#include <cohort/group/ext/sub_group_mask.hpp>
#include <cohort/group/group_concept.hpp>

namespace cohort::ext {

/// The mask of the items of `g` that passed `pred == true`; every item gets the same mask.
///
/// In CUDA terms: `__ballot_sync(mask_of_the_group, pred)`. Differences:
/// - no mask argument: the function is collective over the whole group (all items must
///   call it in converged control flow, as every SYCL group function), so the mask CUDA
///   asks for is always "all items of g" — computed for partial sub-groups;
/// - bit i is the item with local linear id i in `g` (CUDA: lane i of the warp); bits of
///   items that do not exist (past a partial sub-group's size) are clear, and
///   `result.size()` is the group's actual size;
/// - the result is a `sub_group_mask`, not a raw `unsigned` (`result.bits()` or
///   `std::uint32_t(result)` give the 32-bit value).
///
/// Works on `sub_group` (sizes 1 to 32) and on `group<D>` of at most 32 items (on a GPU
/// such a work-group is a single warp). A larger group cannot be described by the 32-bit
/// mask: `cohort::exception` with `errc::feature_not_supported`.
template <cohort::detail::any_group Group>
COHORT_COLLECTIVE sub_group_mask ballot(Group g, bool pred) {
  return sub_group_mask(cohort::detail::kernel_hooks::group_ballot(g, pred), g.get_local_linear_range());
}

}  // namespace cohort::ext
