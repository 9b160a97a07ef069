// SPDX-License-Identifier: MIT
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <cohort/core/backend.hpp>

namespace cohort {
namespace detail {

/// Everything the runtime knows about one device; each backend fills these in.
struct device_description {
  backend owner = backend::cpu;
  int index_in_backend = 0;
  info::device_type type = info::device_type::cpu;
  std::string name;
  std::string vendor;
  std::string driver_version;
  std::string version;
  std::uint32_t max_compute_units = 1;
  std::size_t max_work_group_size = 1024;
  std::size_t max_work_item_sizes[3] = {1024, 1024, 1024};
  std::size_t local_mem_size = 0;
  std::size_t global_mem_size = 0;
  std::size_t max_mem_alloc_size = 0;
  std::vector<std::size_t> sub_group_sizes;
  std::uint32_t default_sub_group_size = 1;
  bool usm_device_allocations = true;
  bool usm_host_allocations = true;
  bool usm_shared_allocations = true;
  std::uint32_t max_clock_frequency_mhz = 0;
  /// Whether the device starts a kernel's work-groups in the order of their linear ids, so
  /// that a group may wait for any group of a smaller id (single-pass look-backs take tiles
  /// by group id then, as CUB does on NVIDIA GPUs, instead of from an atomic counter).
  bool groups_start_in_order = false;
};

}  // namespace detail
}  // namespace cohort
