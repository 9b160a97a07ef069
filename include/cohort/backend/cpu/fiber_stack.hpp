// SPDX-License-Identifier: MIT
#pragma once
// The stacks of the CPU backend's fibers: reserved with a guard page below them, committed
// as they are touched; allocated by the compiled runtime (src/fiber_stacks.cpp, through
// Boost.Context), so that kernels' translation units do not parse Boost.
#include <cstddef>

namespace cohort::backends::cpu {

struct fiber_stack {
  void* sp = nullptr;  // the top: stacks grow down from here
  std::size_t size = 0;
};

/// A stack of `bytes` usable bytes; throws std::bad_alloc when the system has no room.
fiber_stack allocate_fiber_stack(std::size_t bytes);
void deallocate_fiber_stack(fiber_stack stack) noexcept;

}  // namespace cohort::backends::cpu
