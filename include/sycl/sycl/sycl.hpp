// SPDX-License-Identifier: MIT
#pragma once
// The SYCL 2020 entry header: SYCL programs compile against cohort unchanged. Everything is
// implemented once, in namespace cohort; namespace sycl names it. This header's directory is
// on the include path only with the CMake target cohort::sycl, so that a program using
// cohort::cohort alongside a SYCL implementation does not pick it up by accident.
#include <cohort/cohort.hpp>
#include <cohort/core/builtins.hpp>
#include <cohort/runtime/ext_properties.hpp>

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

/// sycl_ext_oneapi_kernel_properties: kernel properties in namespace
/// sycl::ext::oneapi::experimental (cohort/runtime/ext_properties.hpp), the way a library
/// honours what the attributes [[sycl::reqd_sub_group_size(N)]], [[sycl::reqd_work_group_size(...)]],
/// [[sycl::work_group_size_hint(...)]] and [[sycl::device_has(...)]] say: it cannot see attributes.
#ifndef SYCL_EXT_ONEAPI_KERNEL_PROPERTIES
#define SYCL_EXT_ONEAPI_KERNEL_PROPERTIES 1
#endif

namespace sycl {
using namespace ::cohort;
}  // namespace sycl
