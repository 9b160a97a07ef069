// SPDX-License-Identifier: MIT
// Devices and platforms: the registry of every backend's devices, and the lists behind
// get_devices and get_platforms.
#include <cohort/runtime/context.hpp>
#include <cohort/runtime/device.hpp>
#include <cohort/runtime/selector.hpp>

#include "backend_memory.hpp"

namespace cohort {

namespace {
/// Every device of every backend compiled in, CPU first.
std::vector<detail::device_description> all_device_descriptions() {
  std::vector<detail::device_description> all;
  all.push_back(backends::cpu::describe_device());
#if COHORT_WITH_CUDA
  for (auto& d : backends::cuda::describe_devices()) all.push_back(std::move(d));
#endif
  return all;
}
}  // namespace

const std::vector<detail::device_description>& detail::device_registry() {
  static const std::vector<device_description> all = all_device_descriptions();
  return all;
}

std::vector<device> device::get_devices(info::device_type type) {
  std::vector<device> out;
  const auto& all = detail::device_registry();
  for (std::size_t i = 0; i < all.size(); ++i) {
    const auto t = all[i].type;
    if (type == info::device_type::all || type == t ||
        (type == info::device_type::automatic && i == 0))
      out.push_back(device(i));
  }
  return out;
}

std::vector<platform> platform::get_platforms() {
  std::vector<platform> out;
  for (const auto& d : detail::device_registry()) {
    bool listed = false;
    for (const platform& p : out) listed = listed || p.get_backend() == d.owner;
    if (!listed) out.emplace_back(d.owner);
  }
  return out;
}

std::vector<device> context::get_devices() const { return {m_device}; }

device detail::select_device(int (*score)(const void* selector, const device& d), const void* selector) {
  int best_score = -1;
  std::size_t best = 0;
  bool found = false;
  const auto all = device::get_devices();
  for (std::size_t i = 0; i < all.size(); ++i) {
    const int s = score(selector, all[i]);
    if (s >= 0 && s > best_score) {
      best_score = s;
      best = i;
      found = true;
    }
  }
  if (!found) throw exception(errc::runtime, "no device satisfies the selector");
  return all[best];
}

std::vector<device> platform::get_devices(info::device_type type) const {
  std::vector<device> out;
  for (const auto& d : device::get_devices(type))
    if (d.get_backend() == m_backend) out.push_back(d);
  return out;
}

}  // namespace cohort
