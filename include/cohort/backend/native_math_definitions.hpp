// SPDX-License-Identifier: MIT
#pragma once
// The native math hooks of this compilation pass: CUDA's fast intrinsics in nvcc's device
// pass (COHORT_NATIVE_MATH_HOOKS is then 1), none elsewhere, where SYCL's native:: functions
// compute as the full-precision ones do (core/builtins/native_math.hpp).
#include <cohort/detail/macros.hpp>

#if COHORT_DEVICE_PASS
#include <cohort/backend/cuda/native_math.hpp>
#define COHORT_NATIVE_MATH_HOOKS 1
#else
#define COHORT_NATIVE_MATH_HOOKS 0
#endif
