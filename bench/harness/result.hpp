// SPDX-License-Identifier: MIT
#pragma once
// One measured variant, as the table, the CSV and the plots see it.
#include <cstddef>
#include <string>
#include <vector>

#include "registry.hpp"
#include "stats.hpp"

namespace bench {

struct variant_result {
  std::string benchmark;  // registration name, e.g. "stream"
  std::string case_name;  // e.g. "stream/triad"
  std::string variant;    // e.g. "range"
  role kind = role::model;
  summary_use use = summary_use::kernel_model;  // role::model only
  std::string family;     // the summary line's benchmark: bench_case::family or the registration name
  std::string problem;    // bench_case::problem or the case's name
  std::string parts;      // bench_case::parts
  std::string device;
  std::size_t size = 0, local = 0;
  std::vector<double> samples;  // seconds of the timed runs (the capped run if only that one)
  stats time;
  double throughput = 0;
  std::string unit;
  bool lower_is_better = false;
  double ratio = 0;        // the ratio to the reference (runner.cpp: paired by round where it can); 0: none
  double ratio_of_medians = 0;  // reference median / this median
  std::string reference;   // the reference variant's name
  std::string verification = "N/A";  // PASS, FAIL, N/A or ERROR
  bool capped = false;
  std::string note;
  std::string detail;  // the failure or error message
};

}  // namespace bench
