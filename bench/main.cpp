// SPDX-License-Identifier: MIT
// cohort-bench: every benchmark under bench/ registers itself; this runs the selected ones
// on the selected devices and prints the summary table (see shared BENCHMARKING.md).
#include <cstdio>
#include <exception>
#include <string>
#include <vector>

#include <cohort/cohort.hpp>

#include "harness/machine.hpp"
#include "harness/openblas_core.hpp"
#include "harness/options.hpp"
#include "harness/plot.hpp"
#include "harness/report.hpp"
#include "harness/runner.hpp"

int main(int argc, char** argv) {
  bench::options opt;
  if (auto code = bench::parse_options(argc, argv, opt)) return *code;
  bench::select_openblas_core(argv);  // may re-execute this program once

  try {
    if (opt.list) {
      cohort::queue q{cohort::cpu_selector_v};
      bench::list_all(opt, &q);
      return 0;
    }
    const std::string date = bench::now_iso8601();
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
      const auto results = bench::run_all(opt, q, kind);
      bench::print_table(results);
      for (const auto& r : results) failed |= r.verification == "FAIL" || r.verification == "ERROR";
      if (!opt.output.empty() && !bench::append_csv(opt.output, results, date)) {
        std::fprintf(stderr, "cannot write %s\n", opt.output.c_str());
        failed = true;
      }
      if (!opt.plot_dir.empty()) bench::plot_ratios(opt.plot_dir, results, kind, device_name + ", " + date);
    }
    return failed ? 1 : 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "cohort-bench: %s\n", e.what());
    return 2;
  }
}
