// SPDX-License-Identifier: MIT
#include "stats.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>

namespace bench {

stats summarize(std::vector<double> samples) {
  stats s;
  s.runs = static_cast<int>(samples.size());
  if (samples.empty()) return s;
  std::sort(samples.begin(), samples.end());
  const std::size_t n = samples.size();
  s.median = n % 2 ? samples[n / 2] : 0.5 * (samples[n / 2 - 1] + samples[n / 2]);
  s.min = samples.front();
  s.mean = std::accumulate(samples.begin(), samples.end(), 0.0) / static_cast<double>(n);
  if (n > 1) {
    double sq = 0;
    for (double x : samples) sq += (x - s.mean) * (x - s.mean);
    s.stddev = std::sqrt(sq / static_cast<double>(n - 1));
  }
  return s;
}

double paired_ratio(const std::vector<double>& reference, const std::vector<double>& variant) {
  std::vector<double> ratios;
  for (std::size_t k = 0; k < reference.size() && k < variant.size(); ++k)
    if (variant[k] > 0) ratios.push_back(reference[k] / variant[k]);
  return summarize(std::move(ratios)).median;
}

std::string join_samples(const std::vector<double>& samples) {
  std::string out;
  char buf[32];
  for (std::size_t i = 0; i < samples.size(); ++i) {
    std::snprintf(buf, sizeof buf, "%s%.6g", i ? " " : "", samples[i]);
    out += buf;
  }
  return out;
}

}  // namespace bench
