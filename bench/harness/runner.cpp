// SPDX-License-Identifier: MIT
#include "runner.hpp"

#include <chrono>
#include <cstdio>
#include <exception>
#include <functional>
#include <regex>
#include <string>

#include <cohort/runtime/handler.hpp>
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

const char* role_label(role r) {
  return r == role::reference ? " (ref)" : r == role::ceiling ? " (ceiling)" : r == role::baseline ? " (baseline)" : "";
}

std::string format_seconds(double s) {
  char buf[32];
  if (s >= 1) std::snprintf(buf, sizeof buf, "%.3f s", s);
  else if (s >= 1e-3) std::snprintf(buf, sizeof buf, "%.3f ms", s * 1e3);
  else std::snprintf(buf, sizeof buf, "%.1f us", s * 1e6);
  return buf;
}

/// Runs `f` on the queue's worker thread (see registry.hpp: one OpenMP team per process).
template <typename F>
void on_worker(cohort::queue& q, F&& f) {
  q.submit([&](cohort::handler& h) { h.host_task([&] { f(); }); }).wait_and_throw();
}

/// One variant being measured.
struct measurement {
  const variant* v;
  variant_result r;
  bool active = true;
  bool checking = false;
};

/// One run: prepare (untimed), run (timed from submission to the end of the wait), check
/// (untimed). Returns false when the variant must stop (failure, error or time cap).
bool one_run(const options& opt, cohort::queue& q, measurement& m, bool timed) {
  const variant& v = *m.v;
  try {
    if (v.prepare) on_worker(q, v.prepare);
    const bool host_code = v.kind != role::model && !v.submits_kernels;
    const auto t0 = std::chrono::steady_clock::now();
    if (host_code) on_worker(q, v.run);
    else v.run();
    const auto t1 = std::chrono::steady_clock::now();
    const double dt = std::chrono::duration<double>(t1 - t0).count();
    if (m.checking) {
      verdict ok;
      on_worker(q, [&] { ok = v.check(); });
      if (!ok.ok) {
        m.r.verification = "FAIL";
        m.r.detail = ok.detail;
        if (timed) m.r.samples.push_back(dt);
        return false;  // as SYCL-Bench: stop at the first failed verification
      }
    }
    if (timed) m.r.samples.push_back(dt);
    if (opt.time_cap_s > 0 && dt > opt.time_cap_s) {
      m.r.capped = true;
      if (m.r.samples.empty()) m.r.samples.push_back(dt);  // only a warm-up ran: report it, flagged
      return false;
    }
    return true;
  } catch (const std::exception& e) {
    m.r.verification = "ERROR";
    m.r.detail = e.what();
  } catch (...) {
    m.r.verification = "ERROR";
    m.r.detail = "unknown exception";
  }
  return false;
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
  auto guarded = [&](const std::string& what, const std::function<void()>& f) {
    if (!f) return true;
    try {
      on_worker(q, f);
      return true;
    } catch (const std::exception& e) {
      std::fprintf(stderr, "%s failed: %s\n", what.c_str(), e.what());
      return false;
    }
  };
  for (auto& ss : suites) {
    if (!guarded(ss.info->name + ": setup", ss.s.setup)) {
      for (const auto& sc : ss.cases) done += sc.variants.size();
      continue;
    }
    for (auto& sc : ss.cases) {
      bench_case& c = *sc.c;
      if (!guarded(c.name + ": setup", c.setup)) {
        done += sc.variants.size();
        continue;
      }
      std::vector<measurement> ms;
      for (std::size_t vi : sc.variants) {
        measurement m;
        m.v = &c.variants[vi];
        m.r.benchmark = ss.info->name;
        m.r.case_name = c.name;
        m.r.variant = m.v->name;
        m.r.kind = m.v->kind;
        m.r.use = m.v->use;
        m.r.family = c.family.empty() ? ss.info->name : c.family;
        m.r.problem = c.problem.empty() ? c.name : c.problem;
        m.r.parts = c.parts;
        m.r.device = device_name;
        m.r.size = c.size;
        m.r.local = c.local;
        m.r.unit = c.throughput.unit;
        m.r.lower_is_better = c.throughput.per_amount;
        m.checking = opt.verify && static_cast<bool>(m.v->check);
        m.r.verification = m.checking ? "PASS" : "N/A";
        ms.push_back(std::move(m));
      }
      // Warm-up (and the announcement) variant by variant, in order; then the timed runs in
      // rounds (reference, variant 1, variant 2, ..., again), so that load from other
      // processes spreads over all variants alike. Ceilings (outside libraries such as
      // OpenBLAS, whose own threads keep spinning after a call) run last, one at a time.
      auto announce = [&](const measurement& m) {
        ++done;
        std::fprintf(stderr, "[%zu/%zu] %s %s%s ...\n", done, total, c.name.c_str(), m.v->name.c_str(),
                     role_label(m.v->kind));
      };
      auto run_sequentially = [&](measurement& m) {
        for (int run = 0; m.active && run < opt.warmup_runs + opt.num_runs; ++run)
          m.active = one_run(opt, q, m, run >= opt.warmup_runs);
      };
      for (auto& m : ms) {
        if (m.v->kind == role::ceiling) continue;
        announce(m);
        if (opt.sequential) run_sequentially(m);
        else
          for (int run = 0; m.active && run < opt.warmup_runs; ++run) m.active = one_run(opt, q, m, false);
      }
      if (!opt.sequential)
        for (int round = 0; round < opt.num_runs; ++round)
          for (auto& m : ms)
            if (m.active && m.v->kind != role::ceiling) m.active = one_run(opt, q, m, true);
      for (auto& m : ms)
        if (m.v->kind == role::ceiling) {
          announce(m);
          run_sequentially(m);
        }

      double ref_median = 0;
      std::string ref_name;
      std::vector<double> ref_samples;  // a copy: the results take the variant's own
      bool ref_capped = false;
      std::string line = "    " + c.name + ":";
      for (auto& m : ms) {
        variant_result& r = m.r;
        try {
          if (m.v->note) r.note = m.v->note();
        } catch (const std::exception& e) {
          r.note = std::string("note failed: ") + e.what();
        }
        r.time = summarize(r.samples);
        r.throughput = r.samples.empty() ? 0 : c.throughput.value(r.time.median);
        if (m.v->kind == role::reference && !r.samples.empty()) {
          ref_median = r.time.median;
          ref_name = m.v->name;
          ref_samples = r.samples;
          ref_capped = r.capped;
        }
        r.reference = ref_name;
        if (ref_median > 0 && r.time.median > 0) r.ratio_of_medians = ref_median / r.time.median;
        // Paired by round where the runs alternated (not for ceilings, which run apart, nor
        // with --sequential or a time cap); the ratio of medians otherwise.
        const bool in_rounds = !opt.sequential && m.v->kind != role::ceiling && !r.capped && !ref_capped;
        r.ratio = in_rounds && !ref_samples.empty() ? paired_ratio(ref_samples, r.samples) : r.ratio_of_medians;
        line += " " + r.variant + " " + (r.samples.empty() ? std::string("-") : format_seconds(r.time.median)) +
                (r.capped ? " (capped)" : "") + (r.verification == "PASS" || r.verification == "N/A" ? "" : " " + r.verification) + ";";
        if (!r.detail.empty()) std::fprintf(stderr, "    %s %s: %s\n", c.name.c_str(), r.variant.c_str(), r.detail.c_str());
        results.push_back(std::move(r));
      }
      std::fprintf(stderr, "%s\n", line.c_str());
      guarded(c.name + ": teardown", c.teardown);
    }
    guarded(ss.info->name + ": teardown", ss.s.teardown);
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
