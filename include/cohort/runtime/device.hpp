// SPDX-License-Identifier: MIT
#pragma once
#include <string>
#include <type_traits>
#include <vector>

#include <cohort/detail/device_description.hpp>
#include <cohort/runtime/aspect.hpp>
#include <cohort/runtime/commands.hpp>
#include <cohort/runtime/info.hpp>

namespace cohort {

class platform;


/// A device of one backend (as `sycl::device`). Cheap to copy; equal when it names the
/// same device.
class device {
  static std::size_t smallest_sub_group_size(const detail::device_description& d) {
    std::size_t smallest = d.sub_group_sizes.empty() ? 1 : d.sub_group_sizes.front();
    for (std::size_t s : d.sub_group_sizes) smallest = s < smallest ? s : smallest;
    return smallest;
  }

public:
  /// The device the default selector picks.
  device();
  template <typename Selector, typename = std::enable_if_t<std::is_invocable_r_v<int, Selector, const device&>>>
  explicit device(const Selector& selector);

  static std::vector<device> get_devices(info::device_type type = info::device_type::all);

  bool is_cpu() const { return description().type == info::device_type::cpu; }
  bool is_gpu() const { return description().type == info::device_type::gpu; }
  bool is_accelerator() const { return description().type == info::device_type::accelerator; }
  cohort::backend get_backend() const noexcept { return description().owner; }
  platform get_platform() const;
  /// Whether the device has `a` (SYCL 2020 aspects; compiled in src/device.cpp).
  bool has(aspect a) const;

  template <typename Param>
  typename Param::return_type get_info() const {
    const auto& d = description();
    namespace di = info::device;
    if constexpr (std::is_same_v<Param, di::device_type>) return d.type;
    else if constexpr (std::is_same_v<Param, di::name>) return d.name;
    else if constexpr (std::is_same_v<Param, di::vendor>) return d.vendor;
    else if constexpr (std::is_same_v<Param, di::driver_version>) return d.driver_version;
    else if constexpr (std::is_same_v<Param, di::version>) return d.version;
    else if constexpr (std::is_same_v<Param, di::backend_version>) return d.driver_version;
    else if constexpr (std::is_same_v<Param, di::max_compute_units>) return d.max_compute_units;
    else if constexpr (std::is_same_v<Param, di::max_work_group_size>) return d.max_work_group_size;
    else if constexpr (std::is_same_v<Param, di::max_work_item_dimensions>) return 3u;
    else if constexpr (std::is_same_v<Param, di::max_work_item_sizes<1>>) return range<1>{d.max_work_item_sizes[2]};
    else if constexpr (std::is_same_v<Param, di::max_work_item_sizes<2>>)
      return range<2>{d.max_work_item_sizes[1], d.max_work_item_sizes[2]};
    else if constexpr (std::is_same_v<Param, di::max_work_item_sizes<3>>)
      return range<3>{d.max_work_item_sizes[0], d.max_work_item_sizes[1], d.max_work_item_sizes[2]};
    else if constexpr (std::is_same_v<Param, di::local_mem_type>)
      return d.type == info::device_type::cpu ? info::local_mem_type::global : info::local_mem_type::local;
    else if constexpr (std::is_same_v<Param, di::local_mem_size>) return d.local_mem_size;
    else if constexpr (std::is_same_v<Param, di::global_mem_size>) return d.global_mem_size;
    else if constexpr (std::is_same_v<Param, di::max_mem_alloc_size>) return d.max_mem_alloc_size;
    else if constexpr (std::is_same_v<Param, di::max_clock_frequency>) return d.max_clock_frequency_mhz;
    else if constexpr (std::is_same_v<Param, di::sub_group_sizes>) return d.sub_group_sizes;
    else if constexpr (std::is_same_v<Param, di::max_num_sub_groups>)
      return static_cast<std::uint32_t>(d.max_work_group_size / smallest_sub_group_size(d));
    else if constexpr (std::is_same_v<Param, di::usm_device_allocations>) return d.usm_device_allocations;
    else if constexpr (std::is_same_v<Param, di::usm_host_allocations>) return d.usm_host_allocations;
    else if constexpr (std::is_same_v<Param, di::usm_shared_allocations>) return d.usm_shared_allocations;
    else if constexpr (std::is_same_v<Param, di::aspects>) return aspects();
    else static_assert(sizeof(Param) == 0, "unknown device info descriptor");
  }

  friend bool operator==(const device& a, const device& b) { return a.m_index == b.m_index; }
  friend bool operator!=(const device& a, const device& b) { return a.m_index != b.m_index; }

  /// Runtime internals.
  const detail::device_description& description() const { return detail::device_registry()[m_index]; }
  explicit device(std::size_t registry_index) : m_index(registry_index) {}

private:
  std::vector<aspect> aspects() const;

  std::size_t m_index = 0;
};

/// A backend's devices (as `sycl::platform`).
class platform {
public:
  explicit platform(cohort::backend b) : m_backend(b) {}
  static std::vector<platform> get_platforms();
  std::vector<device> get_devices(info::device_type type = info::device_type::all) const;
  cohort::backend get_backend() const noexcept { return m_backend; }
  /// Whether every device of the platform has `a`.
  bool has(aspect a) const;
  template <typename Param>
  typename Param::return_type get_info() const {
    if constexpr (std::is_same_v<Param, info::platform::name>)
      return m_backend == cohort::backend::cpu ? "cohort CPU (OpenMP)" : "cohort CUDA";
    else if constexpr (std::is_same_v<Param, info::platform::vendor>) return "cohort";
    else if constexpr (std::is_same_v<Param, info::platform::version>) return "cohort 0.1 (SYCL 2020 model)";
    else static_assert(sizeof(Param) == 0, "unknown platform info descriptor");
  }
  friend bool operator==(const platform& a, const platform& b) { return a.m_backend == b.m_backend; }

private:
  cohort::backend m_backend;
};

inline platform device::get_platform() const { return platform(get_backend()); }

}  // namespace cohort
