// SPDX-License-Identifier: MIT
#pragma once
// Forward declarations that let backend hooks and vocabulary refer to each other.

namespace cohort {
template <int Dimensions> class id;
template <int Dimensions> class range;
template <int Dimensions> class group;
template <int Dimensions> class h_item;
template <int Dimensions> class nd_item;
class sub_group;
}  // namespace cohort
