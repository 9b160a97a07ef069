// SPDX-License-Identifier: MIT
// The GPUs the CUDA runtime sees, as cohort devices.
#include <string>

#include <cuda_runtime_api.h>

#include "../backend_memory.hpp"

namespace cohort::backends::cuda {

std::vector<detail::device_description> describe_devices() {
  std::vector<detail::device_description> all;
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess) {
    (void)cudaGetLastError();  // no driver or no device: a machine without GPUs, not an error
    return all;
  }
  int driver = 0, runtime = 0;
  cudaDriverGetVersion(&driver);
  cudaRuntimeGetVersion(&runtime);
  for (int i = 0; i < count; ++i) {
    cudaDeviceProp p{};
    if (cudaGetDeviceProperties(&p, i) != cudaSuccess) continue;
    int clock_khz = 0, managed = 0, optin_shared = 0;
    cudaDeviceGetAttribute(&clock_khz, cudaDevAttrClockRate, i);
    cudaDeviceGetAttribute(&managed, cudaDevAttrManagedMemory, i);
    cudaDeviceGetAttribute(&optin_shared, cudaDevAttrMaxSharedMemoryPerBlockOptin, i);
    detail::device_description d;
    d.owner = backend::cuda;
    d.index_in_backend = i;
    d.type = info::device_type::gpu;
    d.name = p.name;
    d.vendor = "NVIDIA Corporation";
    d.driver_version = "CUDA driver " + std::to_string(driver / 1000) + "." + std::to_string(driver % 1000 / 10) +
                       ", runtime " + std::to_string(runtime / 1000) + "." + std::to_string(runtime % 1000 / 10);
    d.version = "sm_" + std::to_string(p.major) + std::to_string(p.minor);
    d.max_compute_units = static_cast<std::uint32_t>(p.multiProcessorCount);
    d.max_work_group_size = static_cast<std::size_t>(p.maxThreadsPerBlock);
    // SYCL's last dimension is CUDA's x.
    d.max_work_item_sizes[0] = static_cast<std::size_t>(p.maxThreadsDim[2]);
    d.max_work_item_sizes[1] = static_cast<std::size_t>(p.maxThreadsDim[1]);
    d.max_work_item_sizes[2] = static_cast<std::size_t>(p.maxThreadsDim[0]);
    d.local_mem_size = static_cast<std::size_t>(optin_shared > 0 ? optin_shared : static_cast<int>(p.sharedMemPerBlock));
    d.global_mem_size = p.totalGlobalMem;
    d.max_mem_alloc_size = p.totalGlobalMem;
    d.sub_group_sizes = {static_cast<std::size_t>(p.warpSize)};
    d.default_sub_group_size = static_cast<std::uint32_t>(p.warpSize);
    d.usm_shared_allocations = managed != 0;
    d.max_clock_frequency_mhz = static_cast<std::uint32_t>(clock_khz / 1000);
    d.groups_start_in_order = true;  // the block scheduler dispatches blocks in index order
    all.push_back(std::move(d));
  }
  return all;
}

}  // namespace cohort::backends::cuda
