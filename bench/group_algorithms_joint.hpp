// SPDX-License-Identifier: MIT
#pragma once
// The joint (pointer) forms of the group-algorithm benchmark: see group_algorithms_joint.cpp.
#include "harness/registry.hpp"

namespace bench {

/// Adds the joint_reduce, joint_inclusive_scan, joint_exclusive_scan and joint_any_of
/// cases (one work-group over the whole range, against single-thread OpenMP simd loops).
void add_joint_cases(suite& s, const config& cfg);

}  // namespace bench
