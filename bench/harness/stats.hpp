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

/// Median over the rounds of reference[k] / variant[k]: runs made in the same round
/// (reference, variant 1, variant 2, ..., again) share whatever load the machine had then,
/// so each round's ratio cancels it, where a ratio of the two medians may pair a fast
/// round of one with a slow round of the other. 0 without a common round.
double paired_ratio(const std::vector<double>& reference, const std::vector<double>& variant);

/// Samples as SYCL-Bench writes them: space-separated seconds.
std::string join_samples(const std::vector<double>& samples);

}  // namespace bench
