// SPDX-License-Identifier: MIT
#pragma once
// Forward declarations of the scoped-parallelism vocabulary, so that backend hooks can
// name these types before they are defined.

namespace cohort {
template <int Dimensions> class s_item;
template <int Dimensions> class scoped_group;
template <int Dimensions> class scoped_sub_group;
template <int Dimensions> class scoped_scalar_group;
}  // namespace cohort
