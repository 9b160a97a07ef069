// SPDX-License-Identifier: MIT
#pragma once
#include <vector>

#include <cohort/runtime/device.hpp>

namespace cohort {

/// The devices that share USM allocations (as `sycl::context`). Every cohort device has
/// its own; queues on the same device share it.
class context {
public:
  explicit context(const device& d) : m_devices{d} {}
  std::vector<device> get_devices() const { return m_devices; }
  friend bool operator==(const context& a, const context& b) { return a.m_devices == b.m_devices; }

private:
  std::vector<device> m_devices;
};

}  // namespace cohort
