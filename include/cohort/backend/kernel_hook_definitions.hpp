// SPDX-License-Identifier: MIT
#pragma once
// The definitions of the kernel hooks (declared in kernel_hooks.hpp) of the backend that
// this compilation pass generates kernel code for: CUDA's in nvcc's device pass, the CPU's
// everywhere else (nvcc's host pass included).
#include <cohort/detail/macros.hpp>

#if COHORT_DEVICE_PASS
#include <cohort/backend/cuda/kernel_hooks.hpp>
#else
#include <cohort/backend/cpu/kernel_hooks.hpp>
#endif
