// SPDX-License-Identifier: MIT
#pragma once
// The readable outputs: the header (machine, device, date), the summary table and the CSV.
#include <string>
#include <vector>

#include "options.hpp"
#include "result.hpp"

namespace bench {

void print_header(const options& opt, const std::string& device_name, const std::string& date);

/// One line per variant: median time, throughput from the median, ratio to the reference
/// (paired by round, see paired_ratio: > 1 means faster than the reference).
void print_table(const std::vector<variant_result>& results);

/// Appends rows to a CSV file, writing the column header first when the file is new or empty.
bool append_csv(const std::string& path, const std::vector<variant_result>& results, const std::string& date);

}  // namespace bench
