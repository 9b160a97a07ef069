// SPDX-License-Identifier: MIT
#pragma once
// CUDA's fast single-precision intrinsics behind SYCL's native:: math functions
// (core/builtins/native_math.hpp) in nvcc's device pass. Their accuracy is CUDA's (the CUDA
// C Programming Guide's table of intrinsic functions), which SYCL leaves to the backend.
#include <cohort/detail/macros.hpp>

#if COHORT_DEVICE_PASS
namespace cohort::detail::native_hooks {

__device__ inline float cos(float x) { return __cosf(x); }
__device__ inline float divide(float x, float y) { return __fdividef(x, y); }
__device__ inline float exp(float x) { return __expf(x); }
__device__ inline float exp2(float x) { return exp2f(x); }
__device__ inline float exp10(float x) { return __exp10f(x); }
__device__ inline float log(float x) { return __logf(x); }
__device__ inline float log2(float x) { return __log2f(x); }
__device__ inline float log10(float x) { return __log10f(x); }
__device__ inline float powr(float x, float y) { return x < 0.0f ? __int_as_float(0x7fc00000) : __powf(x, y); }
__device__ inline float recip(float x) { return __frcp_rn(x); }
__device__ inline float rsqrt(float x) { return rsqrtf(x); }
__device__ inline float sin(float x) { return __sinf(x); }
__device__ inline float sqrt(float x) { return __fsqrt_rn(x); }
__device__ inline float tan(float x) { return __tanf(x); }

}  // namespace cohort::detail::native_hooks
#endif
