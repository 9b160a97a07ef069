// SPDX-License-Identifier: MIT
#pragma once
// The two user-facing macros (COHORT_LAMBDA, COHORT_FUNCTION) and the internal
// COHORT_INLINE used on every function that kernels may call.

#if defined(__CUDACC__)
#define COHORT_FUNCTION __host__ __device__
#define COHORT_LAMBDA [=] __host__ __device__
#else
#define COHORT_FUNCTION
#define COHORT_LAMBDA [=]
#endif

#define COHORT_INLINE COHORT_FUNCTION inline

// True while compiling device code (nvcc's device pass).
#if defined(__CUDA_ARCH__)
#define COHORT_DEVICE_PASS 1
#else
#define COHORT_DEVICE_PASS 0
#endif

// Marks a work-item loop as free of loop-carried dependences so it vectorises. Not
// `omp simd`: a kernel's exception must be able to leave the loop.
#if defined(__clang__)
#define COHORT_IVDEP _Pragma("clang loop vectorize(assume_safety)")
#elif defined(__GNUC__)
#define COHORT_IVDEP _Pragma("GCC ivdep")
#else
#define COHORT_IVDEP
#endif
