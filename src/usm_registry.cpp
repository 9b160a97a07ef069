// SPDX-License-Identifier: MIT
#include <cstdint>
#include <map>
#include <mutex>

#include "usm_registry.hpp"

namespace cohort::detail {

namespace {
struct usm_registry {
  std::mutex mutex;
  std::map<std::uintptr_t, usm_entry> entries;
};
usm_registry& registry() {
  static usm_registry r;
  return r;
}
}  // namespace

void usm_register(void* p, const usm_entry& e) {
  auto& r = registry();
  std::lock_guard lock(r.mutex);
  r.entries.emplace(reinterpret_cast<std::uintptr_t>(p), e);
}

// A copy taken under the lock: a concurrent free() erases the map's node.
std::optional<usm_entry> usm_find(const void* p) {
  auto& r = registry();
  std::lock_guard lock(r.mutex);
  const auto addr = reinterpret_cast<std::uintptr_t>(p);
  auto it = r.entries.upper_bound(addr);
  if (it == r.entries.begin()) return std::nullopt;
  --it;
  if (addr >= it->first + (it->second.bytes == 0 ? 1 : it->second.bytes)) return std::nullopt;
  return it->second;
}

std::optional<usm_entry> usm_unregister(void* p) {
  auto& r = registry();
  std::lock_guard lock(r.mutex);
  auto it = r.entries.find(reinterpret_cast<std::uintptr_t>(p));
  if (it == r.entries.end()) return std::nullopt;
  usm_entry e = it->second;
  r.entries.erase(it);
  return e;
}

}  // namespace cohort::detail
