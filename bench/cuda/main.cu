// SPDX-License-Identifier: MIT
// cohort-bench-cuda: cohort's kernels on an NVIDIA GPU against their CUDA references, in one
// process and one run (one file per benchmark):
//   group_collectives    work-group / sub-group reduce and scans against CUB's block and warp
//                        primitives (group_collectives.cu)
//   stream               copy and triad against plain CUDA kernels and cudaMemcpy (stream.cu)
//   reduction            multi-pass local-memory tree, segmented_reduction, nbody and dgemm
//                        (16 x 16 tiles): each in the nd_range, hierarchical and scoped models
//                        against the same algorithm as a plain CUDA kernel, with CUB or
//                        cuBLAS as the ceiling where there is one
// Usage: cohort-bench-cuda [--csv FILE] [--filter REGEX] [--quick | --tiny]
//   --quick: smaller sizes, 3 repeats; --tiny: every kernel once on small sizes (for
//   compute-sanitizer runs); --filter: only the benchmarks whose name matches REGEX.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <regex>
#include <string>
#include <vector>

#include "common.cuh"

namespace {

using cbench::row;
using cbench::rows;

std::string ratio_text(double r) {
  if (!(r > 0)) return "-";
  char buf[32];
  std::snprintf(buf, sizeof buf, r >= 10 ? "%.1fx" : "%.2fx", r);
  return buf;
}

/// The rate in the unit people read: GB/s, Ginter/s, GFLOP/s.
std::string rate_text(const row& r) {
  char buf[48];
  const std::string unit = r.unit == "B/s" ? "GB/s" : r.unit == "flop/s" ? "GFLOP/s" : "Ginter/s";
  std::snprintf(buf, sizeof buf, "%.1f %s", r.rate * 1e-9, unit.c_str());
  return buf;
}

std::string case_of(const row& r) { return r.benchmark + " " + r.type + " " + std::to_string(r.size); }

/// The rows of the first GPU runs (collectives and stream), in their table.
void print_classic_table(const std::vector<row>& all) {
  std::printf("%-16s %-32s %-6s %5s %12s %8s %s\n", "benchmark", "variant", "type", "group", "rate", "ratio",
              "verified");
  for (const auto& r : all) {
    if (!r.unit.empty()) continue;
    const double ratio = r.reference_seconds / r.seconds;  // > 1: faster than the reference
    std::printf("%-16s %-32s %-6s %5zu %12.4g %8.3f %s\n", r.benchmark.c_str(), r.variant.c_str(), r.type.c_str(),
                r.group, r.rate, ratio, r.verified ? "yes" : "NO");
  }
}

/// The kernel-model benchmarks: time, rate, ratio to the plain CUDA kernel and to the ceiling.
void print_model_table(const std::vector<row>& all) {
  std::printf("\n%-20s %-5s %10s %-32s %11s %16s %8s %10s %s\n", "benchmark", "type", "size", "variant", "time (ms)",
              "rate", "vs cuda", "vs ceiling", "verified");
  for (const auto& r : all) {
    if (r.unit.empty()) continue;
    if (r.unsupported) {
      const std::string why = r.failure.empty() ? "n/a (not supported on CUDA yet)" : "ERROR: " + r.failure;
      std::printf("%-20s %-5s %10zu %-32s %11s %16s %8s %10s %s\n", r.benchmark.c_str(), r.type.c_str(), r.size,
                  r.variant.c_str(), "n/a", "n/a", "n/a", "n/a", why.c_str());
      continue;
    }
    const std::string ceiling = r.ceiling_seconds > 0 ? ratio_text(r.ceiling_seconds / r.seconds) : "-";
    std::printf("%-20s %-5s %10zu %-32s %11.4f %16s %8s %10s %s\n", r.benchmark.c_str(), r.type.c_str(), r.size,
                r.variant.c_str(), r.seconds * 1e3, rate_text(r).c_str(),
                ratio_text(r.reference_seconds / r.seconds).c_str(), ceiling.c_str(), r.verified ? "yes" : "NO");
  }
}

void print_kernel_table(const std::vector<row>& all) {
  std::printf("\nkernels (registers per thread; local = spills and stack per thread; shared memory per block; "
              "blocks an SM holds)\n");
  std::printf("%-20s %-5s %10s %-14s %5s %7s %13s %14s %8s\n", "benchmark", "type", "size", "variant", "regs",
              "local", "static shared", "dynamic shared", "blocks/SM");
  for (const auto& r : all) {
    if (r.unit.empty() || r.kernel.known == false) {
      if (r.model && r.unit.size())
        std::printf("%-20s %-5s %10zu %-14s %5s %7s %13s %14s %8s\n", r.benchmark.c_str(), r.type.c_str(), r.size,
                    r.variant.c_str(), "n/a", "n/a", "n/a", "n/a", "n/a");
      continue;
    }
    const auto& k = r.kernel;
    const std::string dynamic = k.dynamic_shared >= 0 ? std::to_string(k.dynamic_shared) : "?";
    const std::string blocks = k.blocks_per_sm >= 0 ? std::to_string(k.blocks_per_sm) : "?";
    std::printf("%-20s %-5s %10zu %-14s %5d %7zu %13zu %14s %8s\n", r.benchmark.c_str(), r.type.c_str(), r.size,
                r.variant.c_str(), k.registers, k.local_bytes, k.static_shared, dynamic.c_str(), blocks.c_str());
  }
}

double median_of(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v.size() % 2 ? v[v.size() / 2] : 0.5 * (v[v.size() / 2 - 1] + v[v.size() / 2]);
}

/// One line per benchmark and kernel model: the median ratio to the GPU reference over the
/// benchmark's cases (min-max), and to the ceiling; then, per benchmark with several
/// kernel models, the largest spread between nd_range, hierarchical and scoped in one case.
void print_summary(const std::vector<row>& all, const std::string& gpu) {
  std::printf("\n==== summary: %s ====\n", gpu.c_str());
  std::printf("%-42s %5s  %-22s %-11s %s\n", "benchmark / kernel model", "cases", "vs CUDA", "vs ceiling", "notes");
  std::vector<std::pair<std::string, std::string>> order;
  std::map<std::pair<std::string, std::string>, std::vector<const row*>> groups;
  for (const auto& r : all) {
    if (!r.model) continue;
    const auto key = std::make_pair(r.family.empty() ? r.benchmark : r.family, r.variant);
    if (!groups.count(key)) order.push_back(key);
    groups[key].push_back(&r);
  }
  for (const auto& key : order) {
    std::vector<double> vs_ref, vs_ceiling;
    int unsupported = 0, failed = 0;
    for (const row* r : groups[key]) {
      if (r->unsupported) {
        r->failure.empty() ? ++unsupported : ++failed;
        continue;
      }
      if (!r->verified) ++failed;
      vs_ref.push_back(r->reference_seconds / r->seconds);
      if (r->ceiling_seconds > 0) vs_ceiling.push_back(r->ceiling_seconds / r->seconds);
    }
    std::string ref = ratio_text(median_of(vs_ref));
    if (vs_ref.size() > 1)
      ref += "  (" + ratio_text(*std::min_element(vs_ref.begin(), vs_ref.end())) + "-" +
             ratio_text(*std::max_element(vs_ref.begin(), vs_ref.end())) + ")";
    std::string notes;
    if (unsupported) notes += "n/a in " + std::to_string(unsupported) + " (not supported on CUDA yet) ";
    if (failed) notes += "FAILED " + std::to_string(failed);
    const std::string name = key.first + " / " + key.second;
    std::printf("%-42s %5zu  %-22s %-11s %s\n", name.c_str(), vs_ref.size(), ref.c_str(),
                ratio_text(median_of(vs_ceiling)).c_str(), notes.c_str());
  }
  // Spread between the kernel models of one case.
  std::map<std::string, std::pair<double, std::string>> worst;  // family -> (spread, case)
  std::map<std::string, std::map<std::string, std::vector<double>>> times;
  for (const auto& r : all)
    if (r.model && !r.unit.empty() && !r.unsupported) times[r.benchmark][case_of(r)].push_back(r.seconds);
  for (const auto& [family, cases] : times)
    for (const auto& [c, t] : cases) {
      if (t.size() < 2) continue;
      const double spread = *std::max_element(t.begin(), t.end()) / *std::min_element(t.begin(), t.end()) - 1;
      if (spread >= worst[family].first) worst[family] = {spread, c};
    }
  for (const auto& [family, w] : worst)
    std::printf("spread %-20s largest %5.1f%% between its kernel models (%s)\n", family.c_str(), 100 * w.first,
                w.second.c_str());
  std::printf("legend: ratio = time of the reference / time of the cohort model, in the same run (> 1: cohort "
              "faster);\n"
              "  the median over the benchmark's cases (types, sizes, group sizes), (min-max); full tables above.\n"
              "  vs CUDA: the same algorithm as a plain CUDA kernel (collectives: CUB's block/warp primitives; "
              "stream: a plain kernel).\n"
              "  vs ceiling: CUB's device-wide reduce / segmented reduce, cuBLAS DGEMM.\n"
              "  targets: each model >= 0.95x CUDA, the models within 5%% of each other, dgemm hierarchical and "
              "scoped >= nd_range.\n");
}

void write_csv(const std::vector<row>& all, const std::string& path) {
  FILE* out = std::fopen(path.c_str(), "w");
  if (!out) {
    std::fprintf(stderr, "cannot write %s\n", path.c_str());
    return;
  }
  // The first nine columns are those of the first GPU runs; the rest are appended.
  std::fprintf(out, "benchmark,variant,type,group,seconds,reference_seconds,ratio,rate,verified,unit,size,reference,"
                    "ceiling,ceiling_seconds,ceiling_ratio,registers,local_bytes,static_shared_bytes,"
                    "dynamic_shared_bytes,blocks_per_sm\n");
  for (const auto& r : all) {
    if (r.unsupported) {
      // Not run: n/a where the backend cannot launch it yet, verified 0 where it failed.
      std::fprintf(out, "%s,%s,%s,%zu,n/a,%.6g,n/a,n/a,%s,%s,%zu,%s,%s,%.6g,n/a", r.benchmark.c_str(),
                   r.variant.c_str(), r.type.c_str(), r.group, r.reference_seconds, r.failure.empty() ? "n/a" : "0",
                   r.unit.c_str(), r.size, r.reference.c_str(), r.ceiling.c_str(), r.ceiling_seconds);
    } else {
      std::fprintf(out, "%s,%s,%s,%zu,%.6g,%.6g,%.4f,%.6g,%d", r.benchmark.c_str(), r.variant.c_str(), r.type.c_str(),
                   r.group, r.seconds, r.reference_seconds, r.reference_seconds / r.seconds, r.rate,
                   r.verified ? 1 : 0);
      if (r.unit.empty())
        std::fprintf(out, ",,,,,,");
      else if (r.ceiling_seconds > 0)
        std::fprintf(out, ",%s,%zu,%s,%s,%.6g,%.4f", r.unit.c_str(), r.size, r.reference.c_str(), r.ceiling.c_str(),
                     r.ceiling_seconds, r.ceiling_seconds / r.seconds);
      else
        std::fprintf(out, ",%s,%zu,%s,,,", r.unit.c_str(), r.size, r.reference.c_str());
    }
    const auto& k = r.kernel;
    if (k.known)
      std::fprintf(out, ",%d,%zu,%zu,%s,%s\n", k.registers, k.local_bytes, k.static_shared,
                   k.dynamic_shared >= 0 ? std::to_string(k.dynamic_shared).c_str() : "",
                   k.blocks_per_sm >= 0 ? std::to_string(k.blocks_per_sm).c_str() : "");
    else
      std::fprintf(out, ",,,,,\n");
  }
  std::fclose(out);
}

}  // namespace

int main(int argc, char** argv) {
  std::string csv, filter = ".*";
  cbench::options o;
  int repeats = 0;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--csv") == 0 && i + 1 < argc) csv = argv[++i];
    else if (std::strncmp(argv[i], "--csv=", 6) == 0) csv = argv[i] + 6;
    else if (std::strcmp(argv[i], "--filter") == 0 && i + 1 < argc) filter = argv[++i];
    else if (std::strncmp(argv[i], "--filter=", 9) == 0) filter = argv[i] + 9;
    else if (std::strcmp(argv[i], "--quick") == 0) o.quick = true;
    else if (std::strcmp(argv[i], "--tiny") == 0) o.tiny = true;
    else if (std::strcmp(argv[i], "--size") == 0 && i + 1 < argc) o.only_sizes.push_back(std::strtoull(argv[++i], nullptr, 0));
    else if (std::strcmp(argv[i], "--num-runs") == 0 && i + 1 < argc) repeats = std::atoi(argv[++i]);
    else {
      std::fprintf(stderr,
                   "usage: cohort-bench-cuda [--csv FILE] [--filter REGEX] [--quick | --tiny] [--size N]... "
                   "[--num-runs N]\n"
                   "  --size N: the algorithm benchmarks run size N of their lists only (repeatable)\n");
      return 2;
    }
  }
  o.repeats = repeats > 0 ? repeats : o.tiny ? 1 : o.quick ? 3 : 15;
  const auto gpus = cohort::device::get_devices(cohort::info::device_type::gpu);
  if (gpus.empty()) {
    std::printf("cohort-bench-cuda: no GPU found\n");
    return 0;
  }
  const cohort::device gpu = gpus.front();
  const std::regex selected(filter);
  auto wanted = [&](const char* name) { return std::regex_search(name, selected); };
  {
    cohort::queue q{gpu};
    if (wanted("group_collectives")) cbench::group_collectives(q, o);
    if (wanted("stream")) cbench::stream(q, o);
  }
  if (wanted("reduction")) cbench::reduction(gpu, o);
  if (wanted("segmented_reduction")) cbench::segmented_reduction(gpu, o);
  if (wanted("nbody")) cbench::nbody(gpu, o);
  if (wanted("dgemm")) cbench::dgemm(gpu, o);
  auto algorithms = cbench::algorithm_benchmarks();
  std::sort(algorithms.begin(), algorithms.end(),
            [](const auto& a, const auto& b) { return std::strcmp(a.name, b.name) < 0; });
  for (const auto& a : algorithms)
    if (wanted(a.name)) a.run(gpu, o);

  const std::string gpu_name = gpu.get_info<cohort::info::device::name>() + " (" +
                               gpu.get_info<cohort::info::device::driver_version>() + ")";
  std::printf("GPU: %s\n", gpu_name.c_str());
  const std::vector<row>& all = rows();
  print_classic_table(all);
  print_model_table(all);
  print_kernel_table(all);
  print_summary(all, gpu_name);
  if (!csv.empty()) {
    write_csv(all, csv);
    std::printf("CSV: %s\n", csv.c_str());
  }
  bool all_ok = true;
  for (const auto& r : all) all_ok = all_ok && (r.verified || (r.unsupported && r.failure.empty()));
  return all_ok ? 0 : 1;
}
