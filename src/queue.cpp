// SPDX-License-Identifier: MIT
// The queue's non-template shortcuts.
#include <cohort/runtime/queue.hpp>

namespace cohort {

event queue::memcpy(void* dest, const void* src, std::size_t bytes, const std::vector<event>& deps) {
  return submit([&](handler& h) {
    h.depends_on(deps);
    h.memcpy(dest, src, bytes);
  });
}

event queue::memset(void* ptr, int value, std::size_t bytes, const std::vector<event>& deps) {
  return submit([&](handler& h) {
    h.depends_on(deps);
    h.memset(ptr, value, bytes);
  });
}

}  // namespace cohort
