// SPDX-License-Identifier: MIT
#pragma once
// Memory of hierarchical kernels on the CUDA backend. Every thread of a block runs the
// group lambda, so a `local_memory<T>` declared there must be the same object for all of
// them: it comes from an arena in the block's dynamic shared memory, at an offset each
// thread computes alike (every thread declares the same objects in the same order), so no
// thread waits for another to allocate. Each thread keeps its own bump offset in a slot
// of the arena's header; leaving a scope gives the space back, as a stack.
#include <cstddef>
#include <cstdio>

namespace cohort::backends::cuda {

struct hierarchical_arena {
  /// Bytes for `local_memory` objects per work-group.
  static constexpr std::size_t capacity = 16 * 1024;

  /// Dynamic shared memory of a hierarchical kernel of `threads` threads: one offset per
  /// thread, then the objects.
  static std::size_t bytes(std::size_t threads) { return header_bytes(threads) + capacity; }

  static __host__ __device__ std::size_t header_bytes(std::size_t threads) {
    return (threads * sizeof(unsigned) + 15) / 16 * 16;
  }

  static __device__ char* base() {
    extern __shared__ __align__(16) char dynamic_shared_memory[];
    return dynamic_shared_memory;
  }
  static __device__ unsigned thread_index() {
    return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  }
  static __device__ unsigned& my_offset() { return reinterpret_cast<unsigned*>(base())[thread_index()]; }
  static __device__ char* objects() { return base() + header_bytes(blockDim.x * blockDim.y * blockDim.z); }

  static __device__ void start() { my_offset() = 0; }

  /// Space for `bytes` bytes aligned to `alignment`; every thread gets the same address.
  static __device__ void* allocate(std::size_t bytes, std::size_t alignment, unsigned& previous) {
    unsigned& top = my_offset();
    previous = top;
    const std::size_t at = (top + alignment - 1) / alignment * alignment;
    if (at + bytes > capacity) {
      if (thread_index() == 0)
        printf("cohort: the local_memory objects of a hierarchical kernel need more than %u bytes per work-group\n",
               static_cast<unsigned>(capacity));
      __trap();
    }
    top = static_cast<unsigned>(at + bytes);
    return objects() + at;
  }
  static __device__ void release(unsigned previous) { my_offset() = previous; }
};

}  // namespace cohort::backends::cuda
