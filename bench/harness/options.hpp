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
  std::string plot_dir;     // --plot: charts only there
  std::string results_dir;  // --results-dir: CSV, charts and summary.txt there
  bool self_test = false;
  double time_cap_s = 5.0;  // per run; 0 disables
  bool sequential = false;  // all runs of one variant before the next (default: interleaved rounds)
};

/// Where a run's CSV and charts go: --output and --plot where given; otherwise, with
/// --results-dir or when neither --output nor --plot is given, one folder for both
/// (--results-dir, or cohort-bench-results/<date, e.g. 2026-11-26T15-30> here).
struct outputs {
  std::string dir;  // the results folder (also gets summary.txt); empty: none
  std::string csv;  // empty: none
  std::string plots;  // empty: none
};
/// `stamp` names the default folder (local time, e.g. "2026-11-26T15-30"); a folder that
/// exists already gets "-2", "-3", ... appended.
outputs output_paths(const options& opt, const std::string& stamp);

/// Local time as a folder name, e.g. 2026-11-26T15-30.
std::string folder_stamp();

/// Parses argv; on --help or a usage error prints the message and returns the exit code
/// to leave with.
std::optional<int> parse_options(int argc, char** argv, options& out);

}  // namespace bench
