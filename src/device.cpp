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

bool device::has(aspect a) const {
  const auto& d = description();
  const bool cpu = d.type == info::device_type::cpu;
  switch (a) {
    case aspect::cpu: return cpu;
    case aspect::gpu: return d.type == info::device_type::gpu;
    case aspect::accelerator: return d.type == info::device_type::accelerator;
    case aspect::fp64:
    case aspect::atomic64:
    case aspect::queue_profiling: return true;
    case aspect::usm_device_allocations: return d.usm_device_allocations;
    case aspect::usm_host_allocations: return d.usm_host_allocations;
    case aspect::usm_shared_allocations: return d.usm_shared_allocations;
    // The CPU's kernels run on the host: any host memory is theirs, atomics on it included.
    case aspect::usm_atomic_host_allocations:
    case aspect::usm_atomic_shared_allocations:
    case aspect::usm_system_allocations: return cpu;
    // No half type, images, online compilers or debugger hooks (yet).
    case aspect::custom:
    case aspect::emulated:
    case aspect::host_debuggable:
    case aspect::fp16:
    case aspect::image:
    case aspect::online_compiler:
    case aspect::online_linker: return false;
  }
  return false;
}

std::vector<aspect> device::aspects() const {
  std::vector<aspect> all;
  for (int a = 0; a <= static_cast<int>(aspect::usm_system_allocations); ++a)
    if (has(static_cast<aspect>(a))) all.push_back(static_cast<aspect>(a));
  return all;
}

bool platform::has(aspect a) const {
  for (const device& d : get_devices())
    if (!d.has(a)) return false;
  return true;
}

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
