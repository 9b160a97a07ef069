// SPDX-License-Identifier: MIT
#pragma once
// Every live USM allocation, so that pointer queries and free() know what they hold.
// Private to the compiled runtime.
#include <cstddef>
#include <optional>

#include <cohort/runtime/usm.hpp>

namespace cohort::detail {

/// A live USM allocation.
struct usm_entry {
  std::size_t bytes;
  usm::alloc kind;
  device dev;
};
void usm_register(void* p, const usm_entry& e);
/// A copy of the entry of the allocation containing `p`, if any.
std::optional<usm_entry> usm_find(const void* p);
/// Removes the allocation starting at `p`; its entry, or nothing when there is none.
std::optional<usm_entry> usm_unregister(void* p);

}  // namespace cohort::detail
