// SPDX-License-Identifier: MIT
#pragma once
// Device aspects (SYCL 2020 4.6.4.3): what a device can do, asked by `device::has`.

namespace cohort {

enum class aspect {
  cpu,
  gpu,
  accelerator,
  custom,
  emulated,
  host_debuggable,
  fp16,
  fp64,
  atomic64,
  image,
  online_compiler,
  online_linker,
  queue_profiling,
  usm_device_allocations,
  usm_host_allocations,
  usm_atomic_host_allocations,
  usm_shared_allocations,
  usm_atomic_shared_allocations,
  usm_system_allocations,
};

}  // namespace cohort
