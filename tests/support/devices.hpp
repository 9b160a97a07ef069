// SPDX-License-Identifier: MIT
#pragma once
// The devices every backend-neutral test runs on: each device of each backend compiled
// in. Tests are value-parameterised on these.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include <cohort/cohort.hpp>

namespace cohort_test {

inline std::vector<cohort::device> all_devices() { return cohort::device::get_devices(); }

inline std::string device_label(const ::testing::TestParamInfo<cohort::device>& info) {
  return std::string(info.param.is_cpu() ? "cpu" : "gpu") + std::to_string(info.index);
}

/// Fixture giving each test a queue on the device under test.
class on_device : public ::testing::TestWithParam<cohort::device> {
protected:
  cohort::queue q{GetParam()};
};

}  // namespace cohort_test

#define COHORT_INSTANTIATE_ON_ALL_DEVICES(suite) \
  INSTANTIATE_TEST_SUITE_P(all, suite, ::testing::ValuesIn(cohort_test::all_devices()), cohort_test::device_label)
