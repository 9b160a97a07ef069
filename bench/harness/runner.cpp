// SPDX-License-Identifier: MIT
#include "runner.hpp"

#include <chrono>
#include <cstdio>
#include <exception>
#include <regex>
#include <string>

#include <cohort/runtime/queue.hpp>

namespace bench {

namespace {

struct selected_case {
  bench_case* c;
  std::vector<std::size_t> variants;  // indices into c->variants, the reference first
};

struct selected_suite {
  const registered_benchmark* info;
  suite s;
  std::vector<selected_case> cases;
};

config make_config(const options& opt, cohort::queue* q, const std::string& device_kind) {
  config cfg;
  cfg.queue = q;
  cfg.device_kind = device_kind;
  cfg.size = opt.size;
  cfg.local = opt.local;
  cfg.preset = opt.preset;
  cfg.verify = opt.verify;
  return cfg;
}

/// A case runs its reference whenever any of its variants is selected: ratios need it.
std::vector<selected_suite> select(const options& opt, cohort::queue* q, const std::string& device_kind,
                                   bool announce_skips) {
  const std::regex filter(opt.filter.empty() ? std::string(".*") : opt.filter, std::regex::ECMAScript);
  const config cfg = make_config(opt, q, device_kind);
  std::vector<selected_suite> out;
  for (const auto& b : registry()) {
    if (b.cpu_only && device_kind != "cpu") {
      if (announce_skips)
        std::fprintf(stderr, "note: %s has only host references so far; not run on the %s\n", b.name.c_str(),
                     device_kind.c_str());
      continue;
    }
    selected_suite ss{&b, b.make(cfg), {}};
    for (auto& c : ss.s.cases) {
      selected_case sc{&c, {}};
      std::size_t ref = c.variants.size();
      for (std::size_t v = 0; v < c.variants.size(); ++v)
        if (c.variants[v].kind == role::reference) ref = v;
      for (std::size_t v = 0; v < c.variants.size(); ++v)
        if (std::regex_search(c.name + "/" + c.variants[v].name, filter)) sc.variants.push_back(v);
      if (sc.variants.empty()) continue;
      if (ref != c.variants.size() && sc.variants.front() != ref) sc.variants.insert(sc.variants.begin(), ref);
      ss.cases.push_back(std::move(sc));
    }
    if (!ss.cases.empty()) out.push_back(std::move(ss));
  }
  return out;
}

const char* role_label(role r) { return r == role::reference ? " (ref)" : r == role::ceiling ? " (ceiling)" : ""; }

std::string format_seconds(double s) {
  char buf[32];
  if (s >= 1) std::snprintf(buf, sizeof buf, "%.3f s", s);
  else if (s >= 1e-3) std::snprintf(buf, sizeof buf, "%.3f ms", s * 1e3);
  else std::snprintf(buf, sizeof buf, "%.1f us", s * 1e6);
  return buf;
}

/// Runs one variant: warm-up runs (timed only for the cap), then the timed runs; each run
/// is prepare (untimed), run (timed), check (untimed).
variant_result measure(const options& opt, const selected_suite& ss, const bench_case& c, const variant& v,
                       const std::string& device_name) {
  variant_result r;
  r.benchmark = ss.info->name;
  r.case_name = c.name;
  r.variant = v.name;
  r.kind = v.kind;
  r.device = device_name;
  r.size = c.size;
  r.local = c.local;
  r.unit = c.throughput.unit;
  r.lower_is_better = c.throughput.per_amount;
  const bool checking = opt.verify && static_cast<bool>(v.check);
  r.verification = checking ? "PASS" : "N/A";
  const int total = opt.warmup_runs + opt.num_runs;
  double first_over_cap = -1;
  try {
    for (int run = 0; run < total; ++run) {
      if (v.prepare) v.prepare();
      const auto t0 = std::chrono::steady_clock::now();
      v.run();
      const auto t1 = std::chrono::steady_clock::now();
      const double dt = std::chrono::duration<double>(t1 - t0).count();
      if (checking) {
        const verdict ok = v.check();
        if (!ok.ok) {
          r.verification = "FAIL";
          r.detail = ok.detail;
          if (run >= opt.warmup_runs) r.samples.push_back(dt);
          break;  // as SYCL-Bench: stop at the first failed verification
        }
      }
      if (run >= opt.warmup_runs) r.samples.push_back(dt);
      if (opt.time_cap_s > 0 && dt > opt.time_cap_s && run + 1 < total) {
        r.capped = true;
        first_over_cap = dt;
        break;
      }
    }
    if (r.capped && r.samples.empty()) r.samples.push_back(first_over_cap);  // only the warm-up ran
    if (v.note) r.note = v.note();
  } catch (const std::exception& e) {
    r.verification = "ERROR";
    r.detail = e.what();
  } catch (...) {
    r.verification = "ERROR";
    r.detail = "unknown exception";
  }
  r.time = summarize(r.samples);
  r.throughput = r.samples.empty() ? 0 : c.throughput.value(r.time.median);
  return r;
}

}  // namespace

std::vector<variant_result> run_all(const options& opt, cohort::queue& q, const std::string& device_kind) {
  auto suites = select(opt, &q, device_kind, true);
  std::size_t total = 0;
  for (const auto& ss : suites)
    for (const auto& sc : ss.cases) total += sc.variants.size();
  const std::string device_name = q.get_device().get_info<cohort::info::device::name>();

  std::vector<variant_result> results;
  std::size_t done = 0;
  for (auto& ss : suites) {
    try {
      if (ss.s.setup) ss.s.setup();
    } catch (const std::exception& e) {
      std::fprintf(stderr, "%s: setup failed: %s; skipped\n", ss.info->name.c_str(), e.what());
      for (const auto& sc : ss.cases) done += sc.variants.size();
      continue;
    }
    for (auto& sc : ss.cases) {
      bench_case& c = *sc.c;
      try {
        if (c.setup) c.setup();
      } catch (const std::exception& e) {
        std::fprintf(stderr, "%s: setup failed: %s; skipped\n", c.name.c_str(), e.what());
        done += sc.variants.size();
        continue;
      }
      double ref_median = 0;
      std::string ref_name;
      for (std::size_t vi : sc.variants) {
        const variant& v = c.variants[vi];
        ++done;
        std::fprintf(stderr, "[%zu/%zu] %s %s%s ...", done, total, c.name.c_str(), v.name.c_str(), role_label(v.kind));
        std::fflush(stderr);
        variant_result r = measure(opt, ss, c, v, device_name);
        if (v.kind == role::reference && !r.samples.empty()) {
          ref_median = r.time.median;
          ref_name = v.name;
        }
        r.reference = ref_name;
        if (ref_median > 0 && r.time.median > 0) r.ratio = ref_median / r.time.median;
        std::fprintf(stderr, " %s%s, %s\n", r.samples.empty() ? "-" : format_seconds(r.time.median).c_str(),
                     r.capped ? " (capped)" : "", r.verification.c_str());
        if (!r.detail.empty()) std::fprintf(stderr, "    %s\n", r.detail.c_str());
        results.push_back(std::move(r));
      }
      if (c.teardown) c.teardown();
    }
    if (ss.s.teardown) ss.s.teardown();
  }
  return results;
}

void list_all(const options& opt, cohort::queue* q) {
  for (const auto& ss : select(opt, q, "cpu", false)) {
    std::printf("%s: %s\n", ss.info->name.c_str(), ss.info->description.c_str());
    for (const auto& sc : ss.cases) {
      std::printf("  %-36s size %-10zu local %-5zu variants:", sc.c->name.c_str(), sc.c->size, sc.c->local);
      for (std::size_t vi : sc.variants)
        std::printf(" %s%s", sc.c->variants[vi].name.c_str(), role_label(sc.c->variants[vi].kind));
      std::printf("\n");
    }
  }
}

}  // namespace bench
