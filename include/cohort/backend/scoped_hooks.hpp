// SPDX-License-Identifier: MIT
#pragma once
// Selects the hooks that scoped-parallelism code calls (distribute_items/groups, barriers,
// physical ids, memory_environment storage): the CUDA ones in nvcc's device pass, the CPU
// ones everywhere else. Same pattern as kernel_hooks.hpp.
#include <cohort/detail/macros.hpp>

#if COHORT_DEVICE_PASS
#include <cohort/backend/cuda/scoped_hooks.hpp>
namespace cohort::detail {
namespace scoped_hooks = ::cohort::backends::cuda::scoped_hooks;
}
#else
#include <cohort/backend/cpu/scoped_hooks.hpp>
namespace cohort::detail {
namespace scoped_hooks = ::cohort::backends::cpu::scoped_hooks;
}
#endif
