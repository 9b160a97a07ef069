// SPDX-License-Identifier: MIT
#pragma once
// Device memory shared by the kernels launched on one CUDA stream, for what a launch keeps
// between its work-groups (the reductions' group totals and their count of finished groups,
// reduction.hpp). A stream runs its launches one after another, so one launch at a time
// uses it. Kept by the compiled runtime (src/cuda/stream_scratch.cpp); no CUDA syntax.
#include <cstddef>

#include <cuda_runtime_api.h>

namespace cohort::backends::cuda {

/// The scratch starts with a counter of this many bytes, zero between launches: each
/// launch that counts leaves it at zero.
inline constexpr std::size_t stream_scratch_counter_bytes = 256;

/// The scratch of `stream`, with at least `bytes` after the counter (allocated or grown
/// here, after the stream's earlier work: on its first use and when a launch needs more).
unsigned char* stream_scratch(cudaStream_t stream, std::size_t bytes);

/// Frees the scratch of `stream`, whose queue is going away and has waited for its work.
void release_stream_scratch(cudaStream_t stream) noexcept;

}  // namespace cohort::backends::cuda
