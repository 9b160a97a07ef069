// SPDX-License-Identifier: MIT
#pragma once
// Runs the selected variants of every registered benchmark on one device.
#include <vector>

#include "options.hpp"
#include "result.hpp"

namespace cohort {
class queue;
}

namespace bench {

/// Runs every selected variant on the device of `q`; progress goes to stderr.
std::vector<variant_result> run_all(const options& opt, cohort::queue& q, const std::string& device_kind);

/// Prints the benchmarks, their cases and variants (at the sizes the options select).
void list_all(const options& opt, cohort::queue* q);

}  // namespace bench
