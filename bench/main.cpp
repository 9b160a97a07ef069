// SPDX-License-Identifier: MIT
// cohort-bench: every benchmark under bench/ registers itself; this runs the selected ones
// on the selected devices, prints the full table per device, writes the CSV and the charts
// (by default into cohort-bench-results/<date>/), and ends with the one-screen summary.
#include <cstdio>
#include <exception>
#include <filesystem>
#include <string>
#include <vector>

#include <cohort/cohort.hpp>

#include "harness/machine.hpp"
#include "harness/openblas_core.hpp"
#include "harness/options.hpp"
#include "harness/plot.hpp"
#include "harness/report.hpp"
#include "harness/runner.hpp"
#include "harness/summary.hpp"

namespace {

struct device_run {
  std::string kind, name;
  std::vector<bench::variant_result> results;
  std::vector<bench::chart> charts;
};

const char* reference_name(const std::string& kind) { return kind == "gpu" ? "CUDA" : "OpenMP"; }

/// The end of the output: per device the summary, then where the CSV and the charts are.
void print_end(std::FILE* out, const std::vector<device_run>& runs, const bench::outputs& paths,
               const std::string& date) {
  for (const auto& run : runs)
    bench::print_summary(out, bench::summarize_models(bench::model_points(run.results)),
                         (run.kind == "gpu" ? "GPU " : "CPU ") + run.name + ", " + date, reference_name(run.kind));
  std::fprintf(out, "\n");
  if (!paths.dir.empty()) std::fprintf(out, "results: %s/\n", paths.dir.c_str());
  if (!paths.csv.empty()) std::fprintf(out, "  CSV:     %s\n", paths.csv.c_str());
  if (!paths.dir.empty())
    std::fprintf(out, "  summary: %s\n", (std::filesystem::path(paths.dir) / "summary.txt").c_str());
  std::size_t count = 0;
  for (const auto& run : runs) count += run.charts.size();
  if (paths.plots.empty()) return;
  if (count == 0) {
    std::fprintf(out, "  charts:  none (nothing to chart, or see the messages above)\n");
    return;
  }
  std::fprintf(out, "  charts:  %zu PNG in %s/ (summary-<device>.png first, then per benchmark and model):\n", count,
               paths.plots.c_str());
  std::string line = "   ";
  for (const auto& run : runs)
    for (const auto& c : run.charts) {
      const std::string name = std::filesystem::path(c.path).filename().string();
      if (line.size() + 1 + name.size() > 100) {
        std::fprintf(out, "%s\n", line.c_str());
        line = "   ";
      }
      line += " " + name;
    }
  std::fprintf(out, "%s\n", line.c_str());
}

}  // namespace

int main(int argc, char** argv) {
  bench::options opt;
  if (auto code = bench::parse_options(argc, argv, opt)) return *code;
  if (opt.self_test) {
    const int failures = bench::summary_self_test() + bench::plot_self_test();
    std::printf("cohort-bench --self-test: %s\n", failures ? "FAILED" : "all checks passed");
    return failures ? 1 : 0;
  }
  bench::select_openblas_core(argv);  // may re-execute this program once

  try {
    if (opt.list) {
      cohort::queue q{cohort::cpu_selector_v};
      bench::list_all(opt, &q);
      return 0;
    }
    const std::string date = bench::now_iso8601();
    const bench::outputs paths = bench::output_paths(opt, bench::folder_stamp());
    if (!paths.dir.empty()) {
      std::error_code ec;
      std::filesystem::create_directories(paths.dir, ec);
      if (ec) {
        std::fprintf(stderr, "cohort-bench: cannot create %s: %s\n", paths.dir.c_str(), ec.message().c_str());
        return 2;
      }
    }
    std::vector<device_run> runs;
    std::vector<std::string> kinds;
    if (opt.device == "cpu" || opt.device == "all") kinds.push_back("cpu");
    if (opt.device == "gpu" || opt.device == "all") kinds.push_back("gpu");
    bool failed = false;
    for (const auto& kind : kinds) {
      cohort::device dev{std::size_t{0}};
      try {
        dev = kind == "gpu" ? cohort::device{cohort::gpu_selector_v} : cohort::device{cohort::cpu_selector_v};
      } catch (const cohort::exception&) {
        std::printf("no %s device: skipping the %s runs\n", kind == "gpu" ? "GPU" : "CPU", kind.c_str());
        continue;
      }
      cohort::queue q{dev};
      const std::string device_name = dev.get_info<cohort::info::device::name>();
      bench::print_header(opt, device_name, date);
      device_run run{kind, device_name, bench::run_all(opt, q, kind), {}};
      bench::print_table(run.results);
      for (const auto& r : run.results) failed |= r.verification == "FAIL" || r.verification == "ERROR";
      if (!paths.csv.empty() && !bench::append_csv(paths.csv, run.results, date)) {
        std::fprintf(stderr, "cannot write %s\n", paths.csv.c_str());
        failed = true;
      }
      if (!paths.plots.empty())
        run.charts = bench::plot_ratios(paths.plots, run.results, kind, device_name + ", " + date,
                                        reference_name(kind));
      runs.push_back(std::move(run));
    }
    print_end(stdout, runs, paths, date);
    std::fflush(stdout);
    if (!paths.dir.empty()) {
      const std::string summary = (std::filesystem::path(paths.dir) / "summary.txt").string();
      if (std::FILE* f = std::fopen(summary.c_str(), "w")) {
        print_end(f, runs, paths, date);
        std::fclose(f);
      } else {
        std::fprintf(stderr, "cannot write %s\n", summary.c_str());
      }
    }
    return failed ? 1 : 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "cohort-bench: %s\n", e.what());
    return 2;
  }
}
