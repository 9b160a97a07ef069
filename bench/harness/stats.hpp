// SPDX-License-Identifier: MIT
#pragma once
// Summary statistics over the timed runs of one variant (as SYCL-Bench's time_metrics).
#include <string>
#include <vector>

namespace bench {

struct stats {
  int runs = 0;
  double median = 0, min = 0, mean = 0, stddev = 0;  // seconds; stddev is the sample one (n - 1)
};

/// Median is the middle sample, or the mean of the two middle ones for an even count.
stats summarize(std::vector<double> samples);

/// Samples as SYCL-Bench writes them: space-separated seconds.
std::string join_samples(const std::vector<double>& samples);

}  // namespace bench
