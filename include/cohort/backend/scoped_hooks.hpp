// SPDX-License-Identifier: MIT
#pragma once
// Selects the hooks that scoped-parallelism code calls (distribute_items/groups, barriers,
// physical ids, memory_environment storage, the scoped group algorithms) for the code this
// compilation pass generates, as kernel_hook_definitions.hpp does for the kernel hooks:
// CUDA's in nvcc's device pass, the CPU's everywhere else (nvcc's host pass included). The
// CPU's are declared in every pass: host code (the CPU launcher, tests) names them.
#include <cohort/backend/cpu/scoped_hooks.hpp>
#include <cohort/detail/macros.hpp>

#if COHORT_DEVICE_PASS
#include <cohort/backend/cuda/scoped_hooks.hpp>
namespace cohort::detail {
namespace scoped_hooks = ::cohort::backends::cuda::scoped_hooks;
}
#else
namespace cohort::detail {
namespace scoped_hooks = ::cohort::backends::cpu::scoped_hooks;
}
#endif
