// SPDX-License-Identifier: MIT
#pragma once
// Describes the CPU the process runs on as one cohort device.
#include <cstddef>

#include <cohort/detail/device_description.hpp>

namespace cohort::backends::cpu {

/// Local memory a work-group may request: one core's L2 on the machines we target, so
/// a group's local data stays in cache while its items run on one thread.
inline constexpr std::size_t local_memory_limit = std::size_t{1} << 20;

/// The CPU the process runs on (src/cpu_device.cpp).
detail::device_description describe_device();

}  // namespace cohort::backends::cpu
