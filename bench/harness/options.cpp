// SPDX-License-Identifier: MIT
#include "options.hpp"

#include "machine.hpp"

#include <ctime>
#include <filesystem>

#include <CLI/CLI.hpp>

namespace bench {

std::string folder_stamp() { return local_time("%Y-%m-%dT%H-%M"); }

outputs output_paths(const options& opt, const std::string& stamp) {
  outputs out;
  if (!opt.results_dir.empty()) {
    out.dir = opt.results_dir;
  } else if (opt.output.empty() && opt.plot_dir.empty()) {
    const std::filesystem::path base = std::filesystem::path("cohort-bench-results") / stamp;
    std::filesystem::path dir = base;
    for (int k = 2; std::filesystem::exists(dir); ++k) dir = base.string() + "-" + std::to_string(k);
    out.dir = dir.string();
  }
  if (!opt.output.empty()) out.csv = opt.output;
  else if (!out.dir.empty()) out.csv = (std::filesystem::path(out.dir) / "cohort-bench.csv").string();
  out.plots = !opt.plot_dir.empty() ? opt.plot_dir : out.dir;
  return out;
}

std::optional<int> parse_options(int argc, char** argv, options& o) {
  CLI::App app{
      "cohort-bench: each benchmark in every cohort kernel model against its reference (plain OpenMP on the "
      "CPU), measured in the same run. Ratio = reference time / variant time (> 1: faster than the reference)."};
  app.option_defaults()->always_capture_default();
  app.add_option("--size", o.size, "problem size (elements, particles or matrix order); default: per benchmark");
  app.add_option("--local", o.local, "work-group size; default: per benchmark (256 for most)");
  app.add_option("--num-runs", o.num_runs, "timed runs per variant")->check(CLI::Range(1, 1000000));
  app.add_option("--warmup-runs", o.warmup_runs, "untimed runs before the timed ones (dropped)")
      ->check(CLI::Range(0, 1000000));
  app.add_option("--device", o.device, "device to run on")->check(CLI::IsMember({"cpu", "gpu", "all"}));
  app.add_option("--output", o.output, "append results to this CSV file");
  bool no_verification = false;
  app.add_flag("--no-verification", no_verification, "skip result checks");
  app.add_flag("--list", o.list, "list benchmarks, cases and variants, then exit");
  app.add_option("--filter", o.filter,
                 "run only variants whose 'benchmark/case/variant' name matches this regex (a case's reference "
                 "always runs with it)");
  bool quick = false, full = false;
  auto* q = app.add_flag("--quick", quick, "small sizes: a smoke run of seconds");
  app.add_flag("--full", full, "bigger sizes")->excludes(q);
  app.add_option("--plot", o.plot_dir, "write PNG bar charts of the ratios to this folder (needs gnuplot)");
  app.add_option("--results-dir", o.results_dir,
                 "write the CSV (cohort-bench.csv), the charts and summary.txt to this folder. Default when neither "
                 "--output nor --plot is given: cohort-bench-results/<date>T<hour>-<minute> in the current folder; "
                 "--output and --plot, where given, take the CSV and the charts elsewhere");
  app.add_flag("--self-test", o.self_test, "check the summary and chart helpers on made-up data, then exit");
  app.add_option("--time-cap", o.time_cap_s,
                 "seconds; a variant whose run takes longer stops there and is reported as capped (0: no cap)")
      ->check(CLI::NonNegativeNumber);
  app.add_flag("--sequential", o.sequential,
               "run all runs of a variant before the next one; by default the timed runs go in rounds "
               "(reference, variant 1, variant 2, ..., again), so that load from other processes hits every "
               "variant alike");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  }
  o.verify = !no_verification;
  o.preset = quick ? size_preset::quick : full ? size_preset::full : size_preset::normal;
  return std::nullopt;
}

}  // namespace bench
