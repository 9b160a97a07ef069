// SPDX-License-Identifier: MIT
#pragma once
// Selects the hooks that scoped-parallelism code calls (distribute_items/groups, barriers,
// physical ids, memory_environment storage) of the backend this compilation pass generates
// kernel code for: the CPU's everywhere but in nvcc's device pass.
#include <cohort/detail/macros.hpp>

#if COHORT_DEVICE_PASS
#error "cohort: the CUDA backend's scoped hooks are not written yet; compile this translation unit with g++ or clang++"
#else
#include <cohort/backend/cpu/scoped_hooks.hpp>
namespace cohort::detail {
namespace scoped_hooks = ::cohort::backends::cpu::scoped_hooks;
}
#endif
