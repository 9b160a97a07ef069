// SPDX-License-Identifier: MIT
// USM and copies on CUDA devices.
#include <cstring>
#include <string>

#include <cuda_runtime_api.h>

#include <cohort/backend/cuda/error.hpp>
#include "../backend_memory.hpp"

namespace cohort::backends::cuda {

namespace {
/// Every allocation call of the CUDA runtime aligns to at least this.
constexpr std::size_t runtime_alignment = 256;

cudaStream_t stream_of(void* s) { return static_cast<cudaStream_t>(s); }
}  // namespace

void* allocate(const detail::device_description& d, std::size_t bytes, std::size_t alignment, usm::alloc kind) {
  if (alignment > runtime_alignment && kind != usm::alloc::host) return nullptr;
  if (bytes == 0) bytes = 1;  // a distinct, freeable pointer, as for the CPU
  if (cudaSetDevice(d.index_in_backend) != cudaSuccess) return nullptr;
  void* p = nullptr;
  cudaError_t e = cudaErrorMemoryAllocation;
  switch (kind) {
    case usm::alloc::device: e = cudaMalloc(&p, bytes); break;
    case usm::alloc::host: e = cudaMallocHost(&p, bytes); break;
    case usm::alloc::shared: {
      // More managed memory than the device has free can hang the GPU instead of failing.
      std::size_t free_bytes = 0, total = 0;
      if (cudaMemGetInfo(&free_bytes, &total) != cudaSuccess || bytes > free_bytes) break;
      e = cudaMallocManaged(&p, bytes, cudaMemAttachGlobal);
      break;
    }
    default: break;
  }
  if (e != cudaSuccess) {
    (void)cudaGetLastError();  // allocation failure is not sticky: clear it, give nullptr
    return nullptr;
  }
  return p;
}

void deallocate(void* p, usm::alloc kind) {
  // Errors here are those of earlier asynchronous work; they reach the queues that ran it.
  if (kind == usm::alloc::host)
    (void)cudaFreeHost(p);
  else
    (void)cudaFree(p);
}

void copy(void* stream, void* dst, const void* src, std::size_t bytes) {
  check(cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDefault, stream_of(stream)), "memcpy on a CUDA queue");
}

void set(void* stream, void* dst, int value, std::size_t bytes) {
  check(cudaMemsetAsync(dst, value, bytes, stream_of(stream)), "memset on a CUDA queue");
}

void fill(void* stream, void* dst, const void* pattern, std::size_t pattern_bytes, std::size_t count) {
  const auto* bytes = static_cast<const unsigned char*>(pattern);
  bool one_byte = true;
  for (std::size_t i = 1; i < pattern_bytes; ++i) one_byte = one_byte && bytes[i] == bytes[0];
  if (one_byte) return set(stream, dst, bytes[0], pattern_bytes * count);
  // The pattern once from the host (a pageable source: staged before the call returns),
  // then copies that double the filled prefix: a fill of
  // any pattern size with log2(count) device-to-device copies and no kernel.
  char* out = static_cast<char*>(dst);
  check(cudaMemcpyAsync(out, pattern, pattern_bytes, cudaMemcpyDefault, stream_of(stream)), "fill on a CUDA queue");
  for (std::size_t filled = 1; filled < count;) {
    const std::size_t n = filled < count - filled ? filled : count - filled;
    check(cudaMemcpyAsync(out + filled * pattern_bytes, out, n * pattern_bytes, cudaMemcpyDefault,
                          stream_of(stream)),
          "fill on a CUDA queue");
    filled += n;
  }
}

void copy_blocking(void* dst, const void* src, std::size_t bytes) {
  check(cudaMemcpy(dst, src, bytes, cudaMemcpyDefault), "memcpy on a CPU queue with GPU memory");
}

namespace {
cudaMemLocation device_location(int device_index) {
  cudaMemLocation where{};
  where.type = cudaMemLocationTypeDevice;
  where.id = device_index;
  return where;
}
}  // namespace

void prefetch(void* stream, const void* ptr, std::size_t bytes, int device_index) {
  check(cudaMemPrefetchAsync(ptr, bytes, device_location(device_index), 0, stream_of(stream)),
        "prefetch on a CUDA queue");
}

void check_advice(int advice) {
  switch (advice) {
    case cudaMemAdviseSetReadMostly:
    case cudaMemAdviseUnsetReadMostly:
    case cudaMemAdviseSetPreferredLocation:
    case cudaMemAdviseUnsetPreferredLocation:
    case cudaMemAdviseSetAccessedBy:
    case cudaMemAdviseUnsetAccessedBy: return;
    default:
      // What cudaMemAdvise itself answers, without issuing the call out of order.
      throw to_exception(cudaErrorInvalidValue, "mem_advise on a CUDA queue: advice " + std::to_string(advice) +
                                                    " is not a cudaMemoryAdvise value");
  }
}

void advise(const void* ptr, std::size_t bytes, int advice, int device_index) {
  check(cudaMemAdvise(ptr, bytes, static_cast<cudaMemoryAdvise>(advice), device_location(device_index)),
        "mem_advise on a CUDA queue");
}

void synchronize(void* stream) { check(cudaStreamSynchronize(stream_of(stream)), "waiting for a CUDA queue"); }

}  // namespace cohort::backends::cuda
