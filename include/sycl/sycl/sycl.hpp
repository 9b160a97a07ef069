// SPDX-License-Identifier: MIT
#pragma once
// The SYCL 2020 entry header: SYCL programs compile against cohort unchanged. Everything is
// implemented once, in namespace cohort; namespace sycl names it. This header's directory is
// on the include path only with the CMake target cohort::sycl, so that a program using
// cohort::cohort alongside a SYCL implementation does not pick it up by accident.
#include <cohort/cohort.hpp>

/// The SYCL revision whose interface this header follows (SYCL 2020).
#ifndef SYCL_LANGUAGE_VERSION
#define SYCL_LANGUAGE_VERSION 202012
#endif

/// Marks a function that kernels call. Kernels may call any function on the CPU; nvcc needs
/// device code for it, so there the function must be defined in the kernel's translation
/// unit (or the program built with relocatable device code).
#ifndef SYCL_EXTERNAL
#define SYCL_EXTERNAL COHORT_FUNCTION
#endif

namespace sycl {
using namespace ::cohort;
}  // namespace sycl
