// SPDX-License-Identifier: MIT
#pragma once
// The definitions of the atomic hooks (declared in kernel_hooks.hpp) for this compilation
// pass: CUDA's in nvcc's device pass, none elsewhere (host code uses the compiler's builtins).
// detail/atomic_ops.hpp includes this header, not only the launching translation units as
// for the other hooks, so atomic_ref and atomic_fence work in any translation unit, and
// atomic_fence, not a template, never refers to a hook that its unit lacks.
#include <cohort/detail/macros.hpp>

#if COHORT_DEVICE_PASS
#include <cohort/backend/cuda/atomics.hpp>
#endif
