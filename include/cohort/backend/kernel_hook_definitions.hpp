// SPDX-License-Identifier: MIT
#pragma once
// The definitions of the kernel hooks (declared in kernel_hooks.hpp) of the backend that
// this compilation pass generates kernel code for: the CPU's everywhere but in nvcc's
// device pass.
#include <cohort/detail/macros.hpp>

#if COHORT_DEVICE_PASS
#error "cohort: the CUDA backend's kernel hooks are not written yet; compile this translation unit with g++ or clang++"
#else
#include <cohort/backend/cpu/kernel_hooks.hpp>
#endif
