// SPDX-License-Identifier: MIT
#pragma once
// Kernel names. SYCL names a kernel with a type, `parallel_for<class Name>(…)`, which a SYCL
// compiler needs to match a kernel's host and device code. Here a kernel is its own type and
// needs no name: the launching members take one first, as SYCL's do (any type, complete or
// not), and ignore it.

namespace cohort::detail {

/// The name of a kernel launched without one.
struct unnamed_kernel;

}  // namespace cohort::detail
