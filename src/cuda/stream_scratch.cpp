// SPDX-License-Identifier: MIT
// Each CUDA stream's scratch memory (backend/cuda/stream_scratch.hpp).
#include <algorithm>
#include <mutex>
#include <unordered_map>

#include <cohort/backend/cuda/error.hpp>
#include <cohort/backend/cuda/stream_scratch.hpp>

namespace cohort::backends::cuda {

namespace {

struct scratch {
  unsigned char* data = nullptr;
  std::size_t bytes = 0;
};

std::mutex registry_mutex;

/// Never destroyed: queues may be destroyed after the static objects of this file.
std::unordered_map<cudaStream_t, scratch>& registry() {
  static auto* r = new std::unordered_map<cudaStream_t, scratch>;
  return *r;
}

constexpr std::size_t smallest_scratch = std::size_t{1} << 16;

}  // namespace

unsigned char* stream_scratch(cudaStream_t stream, std::size_t bytes) {
  std::lock_guard lock(registry_mutex);
  scratch& s = registry()[stream];
  const std::size_t needed = stream_scratch_counter_bytes + bytes;
  if (s.bytes < needed) {
    // Launches on the stream may still use the old memory: they finish first.
    check(cudaStreamSynchronize(stream), "growing a CUDA stream's scratch memory");
    const std::size_t size = std::max({needed, 2 * s.bytes, smallest_scratch});
    if (s.data) check(cudaFree(s.data), "growing a CUDA stream's scratch memory");
    s = {};
    void* p = nullptr;
    check(cudaMalloc(&p, size), "allocating a CUDA stream's scratch memory");
    s = {static_cast<unsigned char*>(p), size};
    check(cudaMemset(p, 0, stream_scratch_counter_bytes), "clearing a CUDA stream's scratch counter");
  }
  return s.data;
}

void release_stream_scratch(cudaStream_t stream) noexcept {
  std::lock_guard lock(registry_mutex);
  const auto found = registry().find(stream);
  if (found == registry().end()) return;
  cudaFree(found->second.data);
  registry().erase(found);
}

}  // namespace cohort::backends::cuda
