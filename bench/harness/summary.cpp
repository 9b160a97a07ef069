// SPDX-License-Identifier: MIT
#include "summary.hpp"

#include <algorithm>
#include <cmath>
#include <map>

namespace bench {

namespace {

bool passed(const variant_result& r) { return r.verification == "PASS" || r.verification == "N/A"; }

/// A known implementation of the case's work: a candidate for the ceiling.
bool known_implementation(const variant_result& r) {
  return r.kind != role::model || r.use == summary_use::known_implementation;
}

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= s.size(); ++i)
    if (i == s.size() || s[i] == sep) {
      out.push_back(s.substr(start, i - start));
      start = i + 1;
    }
  return out;
}

std::string ratio_text(double r) {
  if (r <= 0) return "-";
  char buf[32];
  std::snprintf(buf, sizeof buf,
                r >= 100     ? "%.0fx"
                : r >= 10    ? "%.1fx"
                : r >= 0.1   ? "%.2fx"
                : r >= 0.001 ? "%.3fx"
                             : "%.0ex",
                r);
  return buf;
}

}  // namespace

std::string case_label(const std::string& problem, const std::string& model) {
  const auto parts = split(problem, '/');
  std::string out;
  for (std::size_t i = 1; i < parts.size(); ++i) {
    if (parts[i] == model) continue;
    out += (out.empty() ? "" : "/") + parts[i];
  }
  return out.empty() ? problem : out;
}

double median_of(std::vector<double> values) {
  values.erase(std::remove_if(values.begin(), values.end(), [](double v) { return !(v > 0); }), values.end());
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  const std::size_t n = values.size();
  return n % 2 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
}

bool counts_for_ceiling(const variant_result& r) { return known_implementation(r) && passed(r) && r.ratio > 0; }

std::vector<model_point> model_points(const std::vector<variant_result>& results) {
  // The fastest known implementation per problem (its ratio to its reference).
  std::map<std::string, const variant_result*> best;
  for (const auto& r : results) {
    if (!counts_for_ceiling(r)) continue;
    auto& b = best[r.problem];
    if (!b || r.ratio > b->ratio) b = &r;
  }
  std::vector<model_point> out;
  for (const auto& r : results) {
    if (r.kind != role::model || r.use != summary_use::kernel_model) continue;
    model_point p;
    p.model = &r;
    p.family = r.family;
    p.label = case_label(r.problem, r.variant);
    p.failed = !passed(r);
    p.vs_reference = p.failed ? 0 : r.ratio;
    if (auto it = best.find(r.problem); it != best.end()) {
      p.ceiling = it->second->variant;
      p.ceiling_ratio = it->second->ratio;
      if (p.vs_reference > 0) p.vs_ceiling = p.vs_reference / p.ceiling_ratio;
    }
    out.push_back(std::move(p));
  }
  return out;
}

std::vector<model_summary> summarize_models(const std::vector<model_point>& points) {
  std::vector<model_summary> lines;
  std::vector<std::vector<const model_point*>> members;
  for (const auto& p : points) {
    auto it = std::find_if(lines.begin(), lines.end(),
                           [&](const model_summary& s) { return s.family == p.family && s.model == p.model->variant; });
    if (it == lines.end()) {
      lines.push_back({});
      lines.back().family = p.family;
      lines.back().model = p.model->variant;
      members.emplace_back();
      it = lines.end() - 1;
    }
    members[static_cast<std::size_t>(it - lines.begin())].push_back(&p);
  }
  for (std::size_t i = 0; i < lines.size(); ++i) {
    model_summary& s = lines[i];
    std::vector<double> vs_ref, vs_ceil;
    std::map<std::string, int> ceilings;
    for (const model_point* p : members[i]) {
      if (p->failed) ++s.failed;
      if (p->model->capped) ++s.capped;
      if (p->vs_reference > 0) vs_ref.push_back(p->vs_reference);
      if (p->vs_ceiling > 0) {
        vs_ceil.push_back(p->vs_ceiling);
        ++ceilings[p->ceiling];
      }
      if (!p->model->reference.empty() &&
          std::find(s.references.begin(), s.references.end(), p->model->reference) == s.references.end())
        s.references.push_back(p->model->reference);
    }
    s.cases = static_cast<int>(vs_ref.size());
    s.vs_reference = median_of(vs_ref);
    if (!vs_ref.empty()) {
      s.vs_reference_min = *std::min_element(vs_ref.begin(), vs_ref.end());
      s.vs_reference_max = *std::max_element(vs_ref.begin(), vs_ref.end());
    }
    s.vs_ceiling = median_of(vs_ceil);
    s.ceilings.assign(ceilings.begin(), ceilings.end());
    std::stable_sort(s.ceilings.begin(), s.ceilings.end(),
                     [](const auto& a, const auto& b) { return a.second > b.second; });
  }
  return lines;
}

void print_summary(std::FILE* out, const std::vector<model_summary>& lines, const std::string& device_title,
                   const std::string& reference_name) {
  std::fprintf(out, "\n==== summary: %s ====\n", device_title.c_str());
  if (lines.empty()) {
    std::fprintf(out, "no kernel-model variant ran\n");
    return;
  }
  const std::string vs_ref = "vs " + reference_name;
  std::fprintf(out, "%-36s %5s  %-25s %-10s %s\n", "benchmark / kernel model", "cases", vs_ref.c_str(), "vs ceiling",
               "ceiling (fastest known; cases)");
  for (const auto& s : lines) {
    std::string ref = ratio_text(s.vs_reference);
    if (s.cases > 1) ref += "  (" + ratio_text(s.vs_reference_min) + "-" + ratio_text(s.vs_reference_max) + ")";
    std::string ceiling;
    for (const auto& [name, count] : s.ceilings)
      ceiling += (ceiling.empty() ? "" : ", ") + name + (s.ceilings.size() > 1 ? " " + std::to_string(count) : "");
    if (ceiling.empty()) ceiling = "-";
    std::string flags;
    if (s.failed) flags += "  FAILED " + std::to_string(s.failed);
    if (s.capped) flags += "  capped " + std::to_string(s.capped);
    const std::string name = s.family + " / " + s.model;
    std::fprintf(out, "%-36s %5d  %-25s %-10s %s%s\n", name.c_str(), s.cases, ref.c_str(),
                 ratio_text(s.vs_ceiling).c_str(), ceiling.c_str(), flags.c_str());
  }
  std::fprintf(out,
               "legend: ratio = time of the other implementation / time of the cohort model, in the same run "
               "(> 1: cohort faster);\n"
               "  each the median over the benchmark's cases (kernels, types, group sizes), (min-max) across "
               "them; full table above.\n"
               "  %s: vs the case's reference, the same algorithm in plain %s.\n"
               "  vs ceiling: vs the fastest known implementation of the case in this run (the reference, OpenBLAS, "
               "an OpenMP\n"
               "  reduction, the classic local-memory collective, ...); last column: which one, in how many cases.\n",
               vs_ref.c_str(), reference_name.c_str());
}

int summary_self_test() {
  int failures = 0;
  auto expect = [&](bool ok, const std::string& what) {
    if (!ok) {
      std::fprintf(stderr, "self-test FAILED: %s\n", what.c_str());
      ++failures;
    }
  };
  auto near = [](double a, double b) { return std::fabs(a - b) <= 1e-12 * std::max(1.0, std::fabs(b)); };
  auto make = [](std::string problem, std::string variant, role kind, double ratio,
                 summary_use use = summary_use::kernel_model) {
    variant_result r;
    r.benchmark = r.family = problem.substr(0, problem.find('/'));
    r.case_name = r.problem = problem;
    r.variant = std::move(variant);
    r.kind = kind;
    r.use = use;
    r.ratio = ratio;
    r.reference = "openmp";
    r.verification = "PASS";
    return r;
  };

  expect(case_label("group_algorithms/nd_range/reduce/int32/256", "nd_range") == "reduce/int32/256", "case_label");
  expect(case_label("reduction/double", "nd_range") == "double", "case_label of a split case");
  expect(case_label("dgemm", "range") == "dgemm", "case_label of a bare name");
  expect(near(median_of({3, 1, 2}), 2) && near(median_of({4, 1, 2, 3}), 2.5) && median_of({0, -1}) == 0, "median_of");

  std::vector<variant_result> rs;
  // fam/a: reference, a model at 0.5x, a ceiling 2x the reference -> 0.25x of the ceiling.
  rs.push_back(make("fam/a", "openmp", role::reference, 1));
  rs.push_back(make("fam/a", "range", role::model, 0.5));
  rs.push_back(make("fam/a", "blas", role::ceiling, 2));
  // fam/b: a known implementation 1.6x and a bound 5x (not a candidate); the model was
  // split off into fam/b/range with its own reference run: 0.8x -> 0.5x of the ceiling.
  rs.push_back(make("fam/b", "openmp", role::reference, 1));
  rs.push_back(make("fam/b", "classic", role::model, 1.6, summary_use::known_implementation));
  rs.push_back(make("fam/b", "bare", role::model, 5, summary_use::bound));
  rs.push_back(make("fam/b", "openmp", role::reference, 1));
  rs.back().case_name = "fam/b/range";
  rs.push_back(make("fam/b", "range", role::model, 0.8));
  rs.back().case_name = "fam/b/range";
  // fam/c: the model 4x; a failed ceiling does not count; fam/d: the model failed.
  rs.push_back(make("fam/c", "openmp", role::reference, 1));
  rs.push_back(make("fam/c", "range", role::model, 4));
  rs.push_back(make("fam/c", "blas", role::ceiling, 9));
  rs.back().verification = "FAIL";
  rs.push_back(make("fam/d", "openmp", role::reference, 1));
  rs.push_back(make("fam/d", "range", role::model, 3));
  rs.back().verification = "FAIL";
  // Another model and another family make lines of their own.
  rs.push_back(make("fam/a", "scoped", role::model, 1.5));
  rs.push_back(make("other/x", "openmp", role::reference, 1));
  rs.push_back(make("other/x", "range", role::model, 1));

  const auto points = model_points(rs);
  expect(points.size() == 6, "model_points: 6 kernel-model variants, got " + std::to_string(points.size()));
  if (points.size() == 6) {
    expect(near(points[0].vs_ceiling, 0.25) && points[0].ceiling == "blas", "ceiling of fam/a");
    expect(near(points[1].vs_ceiling, 0.5) && points[1].ceiling == "classic" && points[1].label == "b",
           "ceiling of a split case from its parent, bounds left out");
    expect(near(points[2].vs_ceiling, 4) && points[2].ceiling == "openmp", "a failed ceiling is no ceiling");
    expect(points[3].failed && points[3].vs_reference == 0, "a failed model has no ratio");
  }
  const auto lines = summarize_models(points);
  expect(lines.size() == 3, "summarize_models: 3 lines, got " + std::to_string(lines.size()));
  if (lines.size() == 3) {
    const auto& s = lines[0];
    expect(s.family == "fam" && s.model == "range" && s.cases == 3 && s.failed == 1, "fam / range counts");
    expect(near(s.vs_reference, 0.8) && near(s.vs_reference_min, 0.5) && near(s.vs_reference_max, 4),
           "fam / range: median and range over the cases");
    expect(near(s.vs_ceiling, 0.5), "fam / range: median vs the ceiling");
    expect(s.ceilings.size() == 3, "fam / range: three different ceilings");
    expect(lines[1].model == "scoped" && near(lines[1].vs_reference, 1.5) && near(lines[1].vs_ceiling, 0.75),
           "fam / scoped");
    expect(lines[2].family == "other" && near(lines[2].vs_ceiling, 1) && lines[2].ceilings.front().first == "openmp",
           "other / range: the reference is the ceiling");
  }
  return failures;
}

}  // namespace bench
