// SPDX-License-Identifier: MIT
#pragma once
// The end-of-run summary: one line per benchmark and cohort kernel model, with its ratio to
// the case's reference (the same algorithm in plain OpenMP, or CUDA on a GPU) and to the
// fastest known implementation measured in the same run (the ceiling), aggregated over the
// benchmark's cases. The charts use the same per-case points, so both say the same.
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "result.hpp"

namespace bench {

/// One kernel-model variant of one case.
struct model_point {
  const variant_result* model = nullptr;
  std::string family;        // e.g. "group_algorithms"
  std::string label;         // the case without benchmark and model, e.g. "reduce/int32/256"
  double vs_reference = 0;   // variant_result::ratio; 0: none (failed, or no reference)
  double vs_ceiling = 0;     // ceiling time / model time (from both ratios); 0: none
  double ceiling_ratio = 0;  // the ceiling's own ratio to the reference
  std::string ceiling;       // the variant that was the ceiling, e.g. "openblas"
  bool failed = false;       // FAIL or ERROR
};

/// A known implementation of the case's work that passed verification and has a ratio:
/// a candidate for the ceiling (role reference, baseline, ceiling, or a model variant with
/// summary_use::known_implementation).
bool counts_for_ceiling(const variant_result& r);

/// The kernel-model variants of `results` (one device), in run order, with the fastest
/// known implementation of their problem: the fastest of the reference, baselines,
/// ceilings and known implementations (summary_use) of the case and of the case it was
/// split off from, that passed verification.
std::vector<model_point> model_points(const std::vector<variant_result>& results);

/// "reduce/int32/256" for case "group_algorithms/nd_range/reduce/int32/256" and model
/// nd_range: the problem's name without the benchmark and the parts naming the model.
std::string case_label(const std::string& problem, const std::string& model);

struct model_summary {
  std::string family, model;
  int cases = 0;  // with a ratio to the reference
  int failed = 0, capped = 0;
  double vs_reference = 0;  // median over the cases
  double vs_reference_min = 0, vs_reference_max = 0;
  double vs_ceiling = 0;                              // median over the cases with a ceiling
  std::vector<std::pair<std::string, int>> ceilings;  // which variant was the ceiling, how often (most first)
  std::vector<std::string> references;                // the references' names
};

/// One line per (family, model), in order of first appearance.
std::vector<model_summary> summarize_models(const std::vector<model_point>& points);

/// Median of the positive values; 0 when there are none.
double median_of(std::vector<double> values);

/// Prints the summary block: a title, one line per model, the legend. `reference_name` is
/// what the references are ("OpenMP" on the CPU, "CUDA" on a GPU).
void print_summary(std::FILE* out, const std::vector<model_summary>& lines, const std::string& device_title,
                   const std::string& reference_name);

/// Checks model_points, summarize_models and case_label on made-up results; prints what
/// failed and returns the number of failed checks.
int summary_self_test();

}  // namespace bench
