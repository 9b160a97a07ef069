// SPDX-License-Identifier: MIT
#pragma once
// Selects the hooks that kernel code calls (barriers, local memory, hierarchical loops):
// the CUDA ones in nvcc's device pass, the CPU ones everywhere else. See concepts.hpp.
#include <cohort/detail/macros.hpp>

#if COHORT_DEVICE_PASS
#include <cohort/backend/cuda/kernel_hooks.hpp>
namespace cohort::detail {
namespace kernel_hooks = ::cohort::backends::cuda::kernel_hooks;
}
#else
#include <cohort/backend/cpu/kernel_hooks.hpp>
namespace cohort::detail {
namespace kernel_hooks = ::cohort::backends::cpu::kernel_hooks;
}
#endif
