// SPDX-License-Identifier: MIT
#pragma once
// The command line of cohort-bench (SYCL-Bench-compatible where that makes sense).
#include <cstddef>
#include <optional>
#include <string>

#include "registry.hpp"

namespace bench {

struct options {
  std::size_t size = 0;   // 0: each benchmark's default
  std::size_t local = 0;  // 0: each benchmark's default (256 for most)
  int num_runs = 5;
  int warmup_runs = 1;
  std::string device = "cpu";  // cpu | gpu | all
  std::string output;          // CSV file, appended to
  bool verify = true;
  bool list = false;
  std::string filter;  // ECMAScript regex on "benchmark/case/variant"
  size_preset preset = size_preset::normal;
  std::string plot_dir;
  double time_cap_s = 5.0;  // per run; 0 disables
  bool sequential = false;  // all runs of one variant before the next (default: interleaved rounds)
};

/// Parses argv; on --help or a usage error prints the message and returns the exit code
/// to leave with.
std::optional<int> parse_options(int argc, char** argv, options& out);

}  // namespace bench
