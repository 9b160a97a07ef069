// SPDX-License-Identifier: MIT
#pragma once
#include <vector>

#include <cohort/runtime/device.hpp>

namespace cohort {

/// The devices that share USM allocations (as `sycl::context`). Every cohort device has
/// its own; queues on the same device share it.
class context {
public:
  explicit context(const device& d) : m_device{d} {}
  std::vector<device> get_devices() const;
  friend bool operator==(const context& a, const context& b) { return a.m_device == b.m_device; }

private:
  device m_device;
};

}  // namespace cohort
