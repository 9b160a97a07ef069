// SPDX-License-Identifier: MIT
#pragma once
// SYCL 1.2.1's entry header, which SYCL 2020 keeps (deprecated): namespace sycl, also as
// cl::sycl.
#include <sycl/sycl.hpp>

namespace cl {
namespace sycl = ::sycl;
}  // namespace cl
