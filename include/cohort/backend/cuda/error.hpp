// SPDX-License-Identifier: MIT
#pragma once
// CUDA runtime errors as cohort::exception, with the CUDA error's name in the message. Used
// by the compiled runtime (src/cuda/) and by the launchers in translation units nvcc
// compiles; needs only the CUDA runtime API's header, no CUDA syntax.
#include <string>

#include <cuda_runtime_api.h>

#include <cohort/core/exception.hpp>

namespace cohort::backends::cuda {

/// The cohort error code that says what went wrong in the terms of the SYCL model.
inline errc errc_of(cudaError_t e) {
  switch (e) {
    case cudaErrorMemoryAllocation: return errc::memory_allocation;
    case cudaErrorInvalidConfiguration:
    case cudaErrorLaunchOutOfResources: return errc::nd_range;
    case cudaErrorNoKernelImageForDevice:
    case cudaErrorInvalidDeviceFunction:
    case cudaErrorUnsupportedPtxVersion: return errc::kernel_not_supported;
    case cudaErrorNoDevice:
    case cudaErrorInsufficientDriver: return errc::platform;
    default: return errc::runtime;
  }
}

inline exception to_exception(cudaError_t e, const std::string& what) {
  return exception(errc_of(e), what + ": CUDA error " + cudaGetErrorName(e) + " (" + cudaGetErrorString(e) + ")");
}

/// Throws unless `e` is cudaSuccess.
inline void check(cudaError_t e, const char* what) {
  if (e != cudaSuccess) throw to_exception(e, what);
}

/// The calling thread's current device: a queue makes its own current before it launches,
/// so launchers key what they learn of a device by it.
inline int current_device(const char* what) {
  int device = 0;
  check(cudaGetDevice(&device), what);
  return device;
}

}  // namespace cohort::backends::cuda
