// SPDX-License-Identifier: MIT
// cohort-ls: lists platforms and devices with their key properties (like sycl-ls --verbose).
#include <cstring>
#include <iostream>
#include <string>

#include <cohort/cohort.hpp>

namespace {

const char* type_name(cohort::info::device_type t) {
  switch (t) {
    case cohort::info::device_type::cpu: return "cpu";
    case cohort::info::device_type::gpu: return "gpu";
    case cohort::info::device_type::accelerator: return "accelerator";
    default: return "other";
  }
}

void print_device(const cohort::device& d, bool verbose) {
  namespace di = cohort::info::device;
  std::cout << "  [" << type_name(d.get_info<di::device_type>()) << "] " << d.get_info<di::name>() << "\n";
  if (!verbose) return;
  const auto sizes = d.get_info<di::max_work_item_sizes<3>>();
  std::cout << "    vendor:               " << d.get_info<di::vendor>() << "\n"
            << "    driver version:       " << d.get_info<di::driver_version>() << "\n"
            << "    compute units:        " << d.get_info<di::max_compute_units>() << "\n"
            << "    max work-group size:  " << d.get_info<di::max_work_group_size>() << "\n"
            << "    max work-item sizes:  " << sizes[0] << " x " << sizes[1] << " x " << sizes[2] << "\n"
            << "    local memory:         " << d.get_info<di::local_mem_size>() / 1024 << " KiB\n"
            << "    global memory:        " << d.get_info<di::global_mem_size>() / (1024 * 1024) << " MiB\n"
            << "    sub-group sizes:     ";
  for (auto s : d.get_info<di::sub_group_sizes>()) std::cout << " " << s;
  std::cout << "\n    USM device/host/shared: " << d.get_info<di::usm_device_allocations>() << "/"
            << d.get_info<di::usm_host_allocations>() << "/" << d.get_info<di::usm_shared_allocations>() << "\n";
}

}  // namespace

int main(int argc, char** argv) {
  bool verbose = false;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--verbose") || !std::strcmp(argv[i], "-v")) {
      verbose = true;
    } else {
      std::cout << "usage: cohort-ls [--verbose]\n";
      return std::strcmp(argv[i], "--help") == 0 ? 0 : 2;
    }
  }
  for (const auto& p : cohort::platform::get_platforms()) {
    std::cout << "platform: " << p.get_info<cohort::info::platform::name>() << " ("
              << p.get_info<cohort::info::platform::version>() << ")\n";
    for (const auto& d : p.get_devices()) print_device(d, verbose);
  }
  const cohort::device chosen{cohort::default_selector_v};
  std::cout << "default device: " << chosen.get_info<cohort::info::device::name>() << "\n";
  return 0;
}
