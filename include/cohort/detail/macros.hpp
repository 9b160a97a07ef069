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

// Unrolls the next loop four times (see backend/cpu/contiguous_loop.hpp for why). nvcc's
// front end knows neither pragma.
#if defined(__CUDACC__)
#define COHORT_UNROLL_4
#elif defined(__clang__)
#define COHORT_UNROLL_4 _Pragma("clang loop unroll_count(4)")
#elif defined(__GNUC__)
#define COHORT_UNROLL_4 _Pragma("GCC unroll 4")
#else
#define COHORT_UNROLL_4
#endif

// On every function between kernel code and a group algorithm's fiber switch (the group
// API, the backend's collective hooks): forced inline. Each call level left on the stack
// across a switch returns mispredicted afterwards, since the return predictor has just
// followed another fiber's calls; the compiler's own choice depends on how large the
// inlined completion step makes the function.
#if defined(__GNUC__) || defined(__clang__)
#define COHORT_COLLECTIVE COHORT_FUNCTION inline __attribute__((always_inline))
#else
#define COHORT_COLLECTIVE COHORT_INLINE
#endif

// On a function that calls a kernel once per work-group: inline the whole kernel into it.
// A group lambda is often too big for the inliner's budget, and the out-of-line call then
// passes the 32-byte-plus group object through memory for every group, which can cost as
// much as a small group's work.
#if defined(__GNUC__) || defined(__clang__)
#define COHORT_FLATTEN __attribute__((flatten))
#else
#define COHORT_FLATTEN
#endif

// On the same functions, for one-dimensional groups (cpu/team.hpp, group_loop): keep a
// group's copy and fill loops as loops instead of calls to memcpy/memset. A group's loops
// are short and sit between its computations, so a libc call per group costs more than
// the copy it makes. (g++ only: clang recognises the idiom in the kernel before flattening
// inlines it.)
// Defining it empty beforehand leaves the copies to the compiler, for comparisons.
#if defined(COHORT_INLINE_COPY_LOOPS)
#elif defined(__GNUC__) && !defined(__clang__)
#define COHORT_INLINE_COPY_LOOPS __attribute__((optimize("no-tree-loop-distribute-patterns")))
#else
#define COHORT_INLINE_COPY_LOOPS
#endif
