// SPDX-License-Identifier: MIT
// cohort-host-pass: the CPU backend's kernel models on the CPU device, built twice from
// this one source: by g++ (cohort-host-pass-gxx) and by nvcc (cohort-host-pass-nvcc, whose
// host pass compiles the same kernels as extended __host__ __device__ lambdas).
// scripts/host-pass-bench.sh runs both alternately and compares them case by case.
//
// Every case runs once untimed, then --runs times (default 11), each run checked; prints
// one CSV line per case: case,median_seconds,min_seconds. --quick: small sizes;
// --filter TEXT: only the cases whose name contains TEXT.
// Exits non-zero on a wrong result.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <cohort/cohort.hpp>

#include "patterns.hpp"
#include "stream_and_collectives.hpp"
#include "timed_case.hpp"

namespace {

struct options {
  int runs = 11;
  bool quick = false;
  std::string filter;
};

bool parse(int argc, char** argv, options& o) {
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--quick") == 0) o.quick = true;
    else if (std::strcmp(argv[i], "--runs") == 0 && i + 1 < argc) o.runs = std::atoi(argv[++i]);
    else if (std::strcmp(argv[i], "--filter") == 0 && i + 1 < argc) o.filter = argv[++i];
    else return false;
  }
  return o.runs > 0;
}

std::vector<host_pass::timed_case> all_cases(cohort::queue& q, const host_pass::sizes& s) {
  using namespace host_pass;
  std::vector<timed_case> c;
  c.push_back(triad_case<false>(q, s.triad));
  c.push_back(triad_case<true>(q, s.triad));
  c.push_back(reduction_case<model::nd_range>(q, s.reduction_nd_range));
  c.push_back(reduction_case<model::hierarchical>(q, s.reduction_loops));
  c.push_back(reduction_case<model::scoped>(q, s.reduction_loops));
  c.push_back(segments_case<model::nd_range>(q, s.segments_nd_range));
  c.push_back(segments_case<model::hierarchical>(q, s.segments_loops));
  c.push_back(segments_case<model::scoped>(q, s.segments_loops));
  c.push_back(nbody_case<model::nd_range>(q, s.nbody));
  c.push_back(nbody_case<model::hierarchical>(q, s.nbody));
  c.push_back(nbody_case<model::scoped>(q, s.nbody));
  c.push_back(barrier_case(q, s.barrier_items));
  c.push_back(collective_case<false>(q, s.collective_items));
  c.push_back(collective_case<true>(q, s.collective_items));
  return c;
}

/// Runs the case; false (with a message) when a run's result is wrong.
bool measure(host_pass::timed_case& c, int runs, std::vector<double>& seconds) {
  c.setup();
  bool ok = true;
  for (int r = 0; r <= runs && ok; ++r) {  // run 0 warms up
    c.prepare();
    const auto t0 = std::chrono::steady_clock::now();
    c.run();
    const double t = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (const std::string error = c.check(); !error.empty()) {
      std::fprintf(stderr, "%s: wrong result: %s\n", c.name.c_str(), error.c_str());
      ok = false;
    }
    if (r > 0) seconds.push_back(t);
  }
  c.teardown();
  return ok;
}

}  // namespace

int main(int argc, char** argv) {
  options o;
  if (!parse(argc, argv, o)) {
    std::fprintf(stderr, "usage: %s [--runs N] [--quick] [--filter TEXT]\n", argv[0]);
    return 2;
  }
  cohort::queue q{cohort::cpu_selector_v};
  std::printf("case,median_seconds,min_seconds\n");
  int failures = 0;
  for (auto& c : all_cases(q, host_pass::pick_sizes(o.quick))) {
    if (c.name.find(o.filter) == std::string::npos) continue;
    std::vector<double> s;
    if (!measure(c, o.runs, s)) {
      ++failures;
      continue;
    }
    std::sort(s.begin(), s.end());
    const double median = s.size() % 2 ? s[s.size() / 2] : (s[s.size() / 2 - 1] + s[s.size() / 2]) / 2;
    std::printf("%s,%.6e,%.6e\n", c.name.c_str(), median, s.front());
    std::fflush(stdout);
  }
  return failures == 0 ? 0 : 1;
}
