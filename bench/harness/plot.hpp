// SPDX-License-Identifier: MIT
#pragma once
// PNG bar charts of the ratios, one per benchmark, drawn by gnuplot from a generated script.
#include <string>
#include <vector>

#include "result.hpp"

namespace bench {

/// Writes DIR/<benchmark>-<tag>.dat, .gp and .png (tag: the device kind); says so on stderr
/// and returns false when gnuplot is missing or fails.
bool plot_ratios(const std::string& dir, const std::vector<variant_result>& results, const std::string& tag,
                 const std::string& title);

}  // namespace bench
