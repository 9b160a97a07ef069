// SPDX-License-Identifier: MIT
#pragma once
// Where sycl::stream's text goes in device code: the definition of the backend this pass
// generates device code for (CUDA's in nvcc's device pass). Host code, the CPU backend's
// kernels included, writes through the compiled runtime instead (runtime/stream.hpp).
#include <cohort/detail/macros.hpp>

#if COHORT_DEVICE_PASS
#include <cohort/backend/cuda/stream_output.hpp>

namespace cohort::detail::kernel_hooks {
/// Writes the NUL-terminated `text` as one piece (never interleaved with another item's).
COHORT_INLINE void stream_print(const char* text) { backends::cuda::print_stream_text(text); }
}  // namespace cohort::detail::kernel_hooks
#endif
