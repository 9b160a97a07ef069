// SPDX-License-Identifier: MIT
#include "report.hpp"

#include <omp.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>

#include "machine.hpp"
#include "openblas_core.hpp"

namespace bench {

namespace {

const char* preset_name(size_preset p) {
  return p == size_preset::quick ? "quick" : p == size_preset::full ? "full" : "default";
}

std::string time_text(double s) {
  char buf[32];
  if (s <= 0) return "-";
  if (s >= 1) std::snprintf(buf, sizeof buf, "%8.3f s ", s);
  else if (s >= 1e-3) std::snprintf(buf, sizeof buf, "%8.3f ms", s * 1e3);
  else std::snprintf(buf, sizeof buf, "%8.1f us", s * 1e6);
  return buf;
}

std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\n ") == std::string::npos) return s;
  std::string out = "\"";
  for (char ch : s) {
    if (ch == '"') out += '"';
    out += ch;
  }
  return out + "\"";
}

std::string num(double v, const char* fmt = "%.6g") {
  char buf[40];
  std::snprintf(buf, sizeof buf, fmt, v);
  return buf;
}

}  // namespace

void print_header(const options& opt, const std::string& device_name, const std::string& date) {
  const char* omp_env = std::getenv("OMP_NUM_THREADS");
  std::printf("cohort-bench  %s\n", date.c_str());
  std::printf("machine: %s, %d CPUs online, %d OpenMP threads%s%s%s\n", host_cpu_name().c_str(), host_cpu_count(),
              omp_get_max_threads(), omp_env ? " (OMP_NUM_THREADS=" : "", omp_env ? omp_env : "", omp_env ? ")" : "");
  std::printf("device:  %s\n", device_name.c_str());
  std::printf("build:   %s; OpenBLAS kernels: %s\n", compiler_name().c_str(), openblas_core_description().c_str());
  std::printf("runs:    %d timed (median reported) after %d warm-up; sizes: %s; verification: %s; time cap: ",
              opt.num_runs, opt.warmup_runs, preset_name(opt.preset), opt.verify ? "on" : "off");
  if (opt.time_cap_s > 0) std::printf("%g s per run\n", opt.time_cap_s);
  else std::printf("none\n");
  std::fflush(stdout);
}

void print_table(const std::vector<variant_result>& results) {
  std::printf("\n%-32s %-20s %10s %5s %12s %12s %22s %8s  %-6s %s\n", "benchmark", "variant", "size", "local",
              "median", "min", "throughput", "ratio", "check", "note");
  std::string last_case;
  for (const auto& r : results) {
    if (!last_case.empty() && r.case_name != last_case) std::printf("\n");
    last_case = r.case_name;
    std::string name = r.variant + (r.kind == role::reference  ? " (ref)"
                                    : r.kind == role::ceiling  ? " (ceil)"
                                    : r.kind == role::baseline ? " (base)"
                                                               : "");
    std::string tp = r.throughput > 0 ? num(r.throughput, r.throughput >= 100 ? "%.1f" : "%.3g") + " " + r.unit : "-";
    std::string ratio = r.ratio > 0 ? num(r.ratio, "%.2f") + "x" : "-";
    std::string check = r.verification + (r.capped ? "*" : "");
    std::string note = r.capped ? "capped: one run over the time cap" + std::string(r.note.empty() ? "" : "; ") : "";
    note += r.note;
    std::printf("%-32s %-20s %10zu %5zu %12s %12s %22s %8s  %-6s %s\n", r.case_name.c_str(), name.c_str(), r.size,
                r.local, time_text(r.time.median).c_str(), time_text(r.time.min).c_str(), tp.c_str(), ratio.c_str(),
                check.c_str(), note.c_str());
  }
  std::printf("\nratio = median over the rounds of reference time / variant time in the same round (ceilings, "
              "--sequential and capped runs: reference median / variant median); > 1: faster than the reference; "
              "throughput from the median; * = capped\n");
  std::fflush(stdout);
}

bool append_csv(const std::string& path, const std::vector<variant_result>& results, const std::string& date) {
  bool fresh = true;
  {
    std::ifstream in(path, std::ios::binary | std::ios::ate);
    if (in && in.tellg() > 0) fresh = false;
  }
  std::ofstream out(path, std::ios::app);
  if (!out) return false;
  if (fresh)
    out << "benchmark,variant,role,device,size,local,runs,median_s,min_s,mean_s,stddev_s,throughput,unit,"
           "ratio_to_reference,reference,verification,capped,samples_s,note,date,ratio_of_medians\n";
  for (const auto& r : results) {
    const char* role_text = r.kind == role::reference  ? "reference"
                            : r.kind == role::ceiling  ? "ceiling"
                            : r.kind == role::baseline ? "baseline"
                                                       : "model";
    out << csv_field(r.case_name) << ',' << csv_field(r.variant) << ',' << role_text << ',' << csv_field(r.device)
        << ',' << r.size << ',' << r.local << ',' << r.time.runs << ',' << num(r.time.median) << ','
        << num(r.time.min) << ',' << num(r.time.mean) << ',' << num(r.time.stddev) << ',' << num(r.throughput)
        << ',' << csv_field(r.unit) << ',' << (r.ratio > 0 ? num(r.ratio, "%.4f") : std::string()) << ','
        << csv_field(r.reference) << ',' << r.verification << ',' << (r.capped ? 1 : 0) << ','
        << csv_field(join_samples(r.samples)) << ',' << csv_field(r.note + (r.detail.empty() ? "" : " " + r.detail))
        << ',' << date << ',' << (r.ratio_of_medians > 0 ? num(r.ratio_of_medians, "%.4f") : std::string()) << '\n';
  }
  return static_cast<bool>(out);
}

}  // namespace bench
