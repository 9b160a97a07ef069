// SPDX-License-Identifier: MIT
#pragma once
// The devices every backend-neutral test runs on: each device of each backend compiled
// in whose kernels the test's translation unit can launch. Tests are value-parameterised on
// these.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include <cohort/cohort.hpp>

#include "support/shared_array.hpp"

namespace cohort_test {

/// The devices whose kernels this translation unit can launch: every device in a file that
/// nvcc compiles, the CPU's in one that g++ or clang++ compiles (a GPU queue refuses those
/// kernels with errc::kernel_not_supported, which tests/runtime/cuda_backend_test.cpp checks).
inline std::vector<cohort::device> all_devices() {
  std::vector<cohort::device> devices;
  for (const cohort::device& d : cohort::device::get_devices()) {
#if !defined(__CUDACC__)
    if (d.get_backend() != cohort::backend::cpu) continue;
#endif
    devices.push_back(d);
  }
  return devices;
}

inline std::string device_label(const ::testing::TestParamInfo<cohort::device>& info) {
  return std::string(info.param.is_cpu() ? "cpu" : "gpu") + std::to_string(info.index);
}

/// Whether kernels on the queue's device may require sub-group size `s`
/// (info::device::sub_group_sizes: 1, 8, 16 and 32 on the CPU, 32 on NVIDIA GPUs).
inline bool supports_sub_group_size(const cohort::queue& q, std::size_t s) {
  for (std::size_t supported : q.get_device().get_info<cohort::info::device::sub_group_sizes>())
    if (supported == s) return true;
  return false;
}

/// Fixture giving each test a queue on the device under test.
class on_device : public ::testing::TestWithParam<cohort::device> {
protected:
  cohort::queue q{GetParam()};
};

}  // namespace cohort_test

/// Skips the current test, with `why`, unless the queue's device is a CPU: for behaviour
/// only the CPU backend has (fibers, OpenMP, sub-group sizes other than 32, exceptions thrown by
/// kernels).
#define COHORT_SKIP_UNLESS_CPU(q, why)                       \
  do {                                                       \
    if (!(q).get_device().is_cpu()) GTEST_SKIP() << (why);   \
  } while (0)

#define COHORT_INSTANTIATE_ON_ALL_DEVICES(suite) \
  INSTANTIATE_TEST_SUITE_P(all, suite, ::testing::ValuesIn(cohort_test::all_devices()), cohort_test::device_label)
