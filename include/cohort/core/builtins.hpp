// SPDX-License-Identifier: MIT
#pragma once
// The SYCL 2020 built-in functions (4.17): math (with native:: and half_precision::),
// integer, common, geometric and relational, on scalars, vec, marray and swizzle views, in
// host and device code. <sycl/sycl.hpp> includes this header; <cohort/cohort.hpp> does not,
// since <cmath> alone would add a tenth to its parse time.
#include <cohort/core/aliases.hpp>
#include <cohort/core/builtins/common.hpp>
#include <cohort/core/builtins/geometric.hpp>
#include <cohort/core/builtins/integer.hpp>
#include <cohort/core/builtins/math.hpp>
#include <cohort/core/builtins/native_math.hpp>
#include <cohort/core/builtins/relational.hpp>
