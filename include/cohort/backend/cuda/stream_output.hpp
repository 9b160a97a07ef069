// SPDX-License-Identifier: MIT
#pragma once
// sycl::stream's output in CUDA device code: one device printf per piece of a work-item's
// text (runtime/stream.hpp builds the piece in the work-item's own buffer). The CUDA runtime
// copies printf's buffer to the host's stdout at synchronisation points; the stream's command
// synchronises its CUDA stream before it completes (src/handler.cpp).
#include <cohort/detail/macros.hpp>

#if defined(__CUDA_ARCH__)
#include <cstdio>

namespace cohort::backends::cuda {
/// Prints the NUL-terminated `text` with one printf.
__device__ inline void print_stream_text(const char* text) { printf("%s", text); }
}  // namespace cohort::backends::cuda
#endif
