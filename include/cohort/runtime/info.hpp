// SPDX-License-Identifier: MIT
#pragma once
// Information descriptors for device::get_info and platform::get_info (as SYCL's).
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <cohort/core/backend.hpp>
#include <cohort/core/range.hpp>
#include <cohort/runtime/aspect.hpp>

namespace cohort {
class device;
namespace info {

enum class local_mem_type { none, local, global };

namespace device {
#define COHORT_DEVICE_INFO(name_, type_) \
  struct name_ {                         \
    using return_type = type_;           \
  };
COHORT_DEVICE_INFO(device_type, info::device_type)
COHORT_DEVICE_INFO(name, std::string)
COHORT_DEVICE_INFO(vendor, std::string)
COHORT_DEVICE_INFO(driver_version, std::string)
COHORT_DEVICE_INFO(version, std::string)
COHORT_DEVICE_INFO(backend_version, std::string)
COHORT_DEVICE_INFO(max_compute_units, std::uint32_t)
COHORT_DEVICE_INFO(max_work_group_size, std::size_t)
COHORT_DEVICE_INFO(max_work_item_dimensions, std::uint32_t)
COHORT_DEVICE_INFO(local_mem_type, info::local_mem_type)
COHORT_DEVICE_INFO(local_mem_size, std::uint64_t)
COHORT_DEVICE_INFO(global_mem_size, std::uint64_t)
COHORT_DEVICE_INFO(max_mem_alloc_size, std::uint64_t)
COHORT_DEVICE_INFO(max_clock_frequency, std::uint32_t)
COHORT_DEVICE_INFO(sub_group_sizes, std::vector<std::size_t>)
COHORT_DEVICE_INFO(max_num_sub_groups, std::uint32_t)
COHORT_DEVICE_INFO(usm_device_allocations, bool)
COHORT_DEVICE_INFO(usm_host_allocations, bool)
COHORT_DEVICE_INFO(usm_shared_allocations, bool)
COHORT_DEVICE_INFO(aspects, std::vector<aspect>)
#undef COHORT_DEVICE_INFO
template <int Dimensions = 3>
struct max_work_item_sizes {
  using return_type = range<Dimensions>;
};
}  // namespace device

namespace platform {
struct name {
  using return_type = std::string;
};
struct vendor {
  using return_type = std::string;
};
struct version {
  using return_type = std::string;
};
}  // namespace platform

enum class event_command_status { submitted, running, complete };
namespace event {
struct command_execution_status {
  using return_type = event_command_status;
};
}  // namespace event
namespace event_profiling {
struct command_submit {
  using return_type = std::uint64_t;
};
struct command_start {
  using return_type = std::uint64_t;
};
struct command_end {
  using return_type = std::uint64_t;
};
}  // namespace event_profiling

}  // namespace info
}  // namespace cohort
