// SPDX-License-Identifier: MIT
#pragma once
// Selects the hooks that scoped-parallelism code calls (distribute_items/groups, barriers,
// physical ids, memory_environment storage). Only the CPU backend runs scoped kernels yet:
// its hooks are host code, which nvcc's device pass parses but never compiles for a GPU
// (the CUDA launcher rejects scoped kernels with errc::feature_not_supported).
#include <cohort/backend/cpu/scoped_hooks.hpp>
namespace cohort::detail {
namespace scoped_hooks = ::cohort::backends::cpu::scoped_hooks;
}
