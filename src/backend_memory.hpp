// SPDX-License-Identifier: MIT
#pragma once
// Each backend's devices, memory and copies, as the compiled runtime reaches them: the CPU's
// (cpu_memory.cpp, cpu_device.cpp) and, in a build with the CUDA toolkit, CUDA's (cuda/).
// Private to the compiled runtime.
#include <cstddef>
#include <vector>

#include <cohort/detail/device_description.hpp>
#include <cohort/runtime/usm.hpp>

namespace cohort::backends::cpu {
detail::device_description describe_device();
/// All USM kinds are ordinary host memory on the CPU. Failure gives nullptr, as in SYCL.
void* allocate(std::size_t bytes, std::size_t alignment);
void deallocate(void* p);
void copy(void* dst, const void* src, std::size_t bytes);
void set(void* dst, int value, std::size_t bytes);
/// `count` copies of the `pattern_bytes` at `pattern`.
void fill(void* dst, const void* pattern, std::size_t pattern_bytes, std::size_t count);
}  // namespace cohort::backends::cpu

#if COHORT_WITH_CUDA
namespace cohort::backends::cuda {
/// Every GPU the CUDA runtime sees; none when there is no driver or device.
std::vector<detail::device_description> describe_devices();
/// nullptr on failure, as in SYCL; managed memory only while the device has it free.
void* allocate(const detail::device_description& d, std::size_t bytes, std::size_t alignment, usm::alloc kind);
void deallocate(void* p, usm::alloc kind);
/// Asynchronous on the stream `stream`, between any two of host, device and managed memory.
void copy(void* stream, void* dst, const void* src, std::size_t bytes);
void set(void* stream, void* dst, int value, std::size_t bytes);
void fill(void* stream, void* dst, const void* pattern, std::size_t pattern_bytes, std::size_t count);
/// A blocking copy for a CPU queue's command that touches GPU memory.
void copy_blocking(void* dst, const void* src, std::size_t bytes);
/// Migrates managed memory to device `device_index`, in order on `stream`.
void prefetch(void* stream, const void* ptr, std::size_t bytes, int device_index);
/// Throws the CUDA error cudaMemAdvise gives for `advice` unless it is a cudaMemoryAdvise value.
void check_advice(int advice);
/// cudaMemAdvise for managed memory, the location device `device_index`.
void advise(const void* ptr, std::size_t bytes, int advice, int device_index);
/// Waits for the work queued on `stream` (which also brings device printf's output to stdout).
void synchronize(void* stream);
}  // namespace cohort::backends::cuda
#endif
