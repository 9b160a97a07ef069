// SPDX-License-Identifier: MIT
// Describes the CPU the process runs on as one cohort device.
#include <unistd.h>

#include <fstream>
#include <string>

#include <omp.h>

#include "backend_memory.hpp"

namespace cohort::backends::cpu {

namespace {
/// Local memory a work-group may request: one core's L2 on the machines we target, so
/// a group's local data stays in cache while its items run on one thread.
constexpr std::size_t local_memory_limit = std::size_t{1} << 20;

std::string cpu_model_name() {
  std::ifstream cpuinfo("/proc/cpuinfo");
  std::string line;
  while (std::getline(cpuinfo, line)) {
    if (line.rfind("model name", 0) == 0) {
      const auto colon = line.find(':');
      if (colon != std::string::npos) return line.substr(colon + 2);
    }
  }
  return "host CPU";
}

}  // namespace

detail::device_description describe_device() {
  detail::device_description d;
  d.owner = backend::cpu;
  d.type = info::device_type::cpu;
  d.name = cpu_model_name();
  d.vendor = "cohort CPU backend (OpenMP + fibers)";
  d.driver_version = "OpenMP " + std::to_string(_OPENMP);
  d.version = "cohort 0.1";
  d.max_compute_units = static_cast<std::uint32_t>(omp_get_max_threads());
  d.max_work_group_size = 1024;
  d.local_mem_size = local_memory_limit;
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
  d.global_mem_size = pages > 0 && page > 0 ? static_cast<std::size_t>(pages) * static_cast<std::size_t>(page) : 0;
  d.max_mem_alloc_size = d.global_mem_size;
  d.sub_group_sizes = {1, 8, 16, 32};
  d.default_sub_group_size = 1;
  return d;
}

}  // namespace cohort::backends::cpu
