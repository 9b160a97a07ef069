// SPDX-License-Identifier: MIT
#pragma once
// PNG bar charts of the ratios, drawn by gnuplot from generated scripts: an overview of the
// summary, then one chart per benchmark and kernel model (large ones split into parts of at
// most max_cases_per_chart cases), each bar the ratio to the case's reference, next to the
// fastest known implementation of the case (the ceiling).
#include <cstddef>
#include <string>
#include <vector>

#include "result.hpp"

namespace bench {

struct chart {
  std::string path;  // the PNG
  std::string what;  // one line on what it shows
};

/// Writes DIR/<name>-<tag>.png (tag: the device kind) and their gnuplot scripts in
/// DIR/gnuplot/; returns the charts written, in reading order. Says so on stderr and
/// returns what it could when gnuplot is missing or fails.
std::vector<chart> plot_ratios(const std::string& dir, const std::vector<variant_result>& results,
                               const std::string& tag, const std::string& subtitle, const std::string& reference_name);

inline constexpr std::size_t max_cases_per_chart = 12;

/// Splits items 0..keys.size()-1 into consecutive charts of at most `max` items, keeping
/// consecutive items with equal keys together where a chart can hold them, and spreading
/// them evenly (36 items in groups of 4: three charts of 12).
std::vector<std::vector<std::size_t>> chunk_by_group(const std::vector<std::string>& keys, std::size_t max);

/// Checks chunk_by_group; returns the number of failed checks.
int plot_self_test();

}  // namespace bench
