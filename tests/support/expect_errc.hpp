// SPDX-License-Identifier: MIT
#pragma once
// Checks that a call throws cohort::exception with a given error code.
#include <gtest/gtest.h>

#include <cohort/core/exception.hpp>

namespace cohort_test {

/// `f()` must throw cohort::exception with `code`.
template <typename F>
void expect_errc(F f, cohort::errc code) {
  try {
    f();
    ADD_FAILURE() << "no exception";
  } catch (const cohort::exception& e) {
    EXPECT_EQ(e.code(), code) << e.what();
  }
}

}  // namespace cohort_test
