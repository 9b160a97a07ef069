// SPDX-License-Identifier: MIT
#pragma once
// The SYCL 2020 entry header: SYCL programs compile against cohort unchanged. Everything is
// implemented once, in namespace cohort; namespace sycl names it. This header's directory is
// on the include path only with the CMake target cohort::sycl, so that a program using
// cohort::cohort alongside a SYCL implementation does not pick it up by accident.
#include <cohort/cohort.hpp>
#include <cohort/core/builtins.hpp>
#include <cohort/core/device_copyable.hpp>
#include <cohort/runtime/ext_properties.hpp>
#include <cohort/runtime/use_mutex.hpp>

// The standard headers that DPC++'s and AdaptiveCpp's <sycl/sycl.hpp> make visible, and
// that SYCL programs therefore often use without including them (std::chrono, std::cout).
// Only here: cohort.hpp's parse time stays its own.
#include <algorithm>
#include <array>
#include <cassert>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <functional>
#include <iostream>
#include <iterator>
#include <limits>
#include <memory>
#include <mutex>
#include <numeric>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

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
/// Programs may declare their own types device copyable by specializing
/// sycl::is_device_copyable (cohort/core/device_copyable.hpp).
#ifndef SYCL_DEVICE_COPYABLE
#define SYCL_DEVICE_COPYABLE 1
#endif

#ifndef SYCL_EXT_ONEAPI_KERNEL_PROPERTIES
#define SYCL_EXT_ONEAPI_KERNEL_PROPERTIES 1
#endif

namespace sycl {
using namespace ::cohort;
}  // namespace sycl
