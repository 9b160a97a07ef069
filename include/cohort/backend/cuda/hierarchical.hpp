// SPDX-License-Identifier: MIT
#pragma once
// Memory of hierarchical kernels on the CUDA backend. Every thread of a block runs the
// group lambda, so a `local_memory<T>` declared there must be the same object for all of
// them: it comes from an arena in the block's dynamic shared memory, at an offset each
// thread computes alike (every thread declares the same objects in the same order), so no
// thread waits for another to allocate. Each thread keeps its own top of the arena in a
// variable of the kernel that the group points to; leaving a scope gives the space back,
// as a stack. The offsets are then constants of the kernel's code wherever the group's
// code is inlined.
#include <cstddef>
#include <cstdio>

namespace cohort::backends::cuda {

struct hierarchical_arena {
  /// Bytes for `local_memory` objects per work-group.
  static constexpr std::size_t capacity = 16 * 1024;

  /// Dynamic shared memory of a hierarchical kernel.
  static constexpr std::size_t bytes() { return capacity; }

  static __device__ char* objects() {
    extern __shared__ __align__(16) char dynamic_shared_memory[];
    return dynamic_shared_memory;
  }

  /// Space for `bytes` bytes aligned to `alignment` above `top`; every thread gets the
  /// same address.
  static __device__ void* allocate(unsigned* top_of_thread, std::size_t bytes, std::size_t alignment,
                                   unsigned& previous) {
    if (!top_of_thread) {  // a group that no hierarchical kernel made (an nd_range item's)
      if (threadIdx.x + threadIdx.y + threadIdx.z == 0)
        printf("cohort: local_memory belongs in hierarchical kernels (parallel_for_work_group)\n");
      __trap();
    }
    unsigned& top = *top_of_thread;
    previous = top;
    const std::size_t at = (top + alignment - 1) / alignment * alignment;
    if (at + bytes > capacity) {
      if (threadIdx.x + threadIdx.y + threadIdx.z == 0)
        printf("cohort: the local_memory objects of a hierarchical kernel need more than %u bytes per work-group\n",
               static_cast<unsigned>(capacity));
      __trap();
    }
    top = static_cast<unsigned>(at + bytes);
    return objects() + at;
  }
  static __device__ void release(unsigned& top, unsigned previous) { top = previous; }
};

}  // namespace cohort::backends::cuda
