// SPDX-License-Identifier: MIT
#include "plot.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "summary.hpp"

namespace bench {

namespace {

bool have_gnuplot() { return std::system("command -v gnuplot >/dev/null 2>&1") == 0; }

/// A gnuplot double-quoted string; "\n" in `s` stays a line break.
std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (char ch : s) {
    if (ch == '\\' || ch == '"') out += '\\';
    if (ch == '\n') {
      out += "\\n";
      continue;
    }
    out += ch;
  }
  return out + "\"";
}

/// A file-name-safe form of a chart's name.
std::string file_part(const std::string& s) {
  std::string out;
  for (char ch : s) out += (std::isalnum(static_cast<unsigned char>(ch)) || ch == '_' || ch == '-') ? ch : '_';
  return out;
}

std::string fmt(double v, const char* f = "%.3g") {
  char buf[40];
  std::snprintf(buf, sizeof buf, f, v);
  return buf;
}

std::string ratio_label(double v) {
  return v > 0 ? fmt(v, v >= 10 ? "%.1f" : v >= 0.1 ? "%.2f" : v >= 0.001 ? "%.3f" : "%.0e") : "-";
}

std::string replace_all(std::string s, const std::string& from, const std::string& to) {
  for (std::size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size()))
    s.replace(at, from.size(), to);
  return s;
}

std::string joined(const std::vector<std::string>& names, const char* sep) {
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : sep) + n;
  return out;
}

// Colours: the model blue, the ceiling orange, other known implementations grey, the
// reference a black dashed line at 1.
constexpr const char* model_colour = "#1f77b4";
constexpr const char* ceiling_colour = "#ff7f0e";
constexpr const char* other_colour = "#aaaaaa";

/// Runs gnuplot on the script; the PNG is the chart.
bool draw(const std::string& script_path, const std::string& script, const std::string& png) {
  {
    std::ofstream gp(script_path);
    gp << script;
    if (!gp) {
      std::fprintf(stderr, "plots: cannot write %s\n", script_path.c_str());
      return false;
    }
  }
  const std::string cmd = "gnuplot " + quoted(script_path) + " 2>&1";
  if (std::system(cmd.c_str()) != 0) {
    std::fprintf(stderr, "plots: gnuplot failed on %s\n", script_path.c_str());
    return false;
  }
  if (!std::filesystem::exists(png)) return false;
  return true;
}

std::string preamble(const std::string& png, int width, int height, const std::string& title) {
  std::ostringstream s;
  s << "set terminal pngcairo noenhanced size " << width << "," << height << " font 'sans,10'\n"
    << "set output " << quoted(png) << "\n"
    << "set title " << quoted(title) << " font 'sans,12'\n"
    << "set style fill solid 0.9 border rgb '#333333'\n"
    << "set style textbox opaque noborder margins 1,1\n"
    << "set key outside top center vertical Left reverse samplen 2 spacing 1.1 font 'sans,10'\n";
  return s.str();
}

/// The ratio axis: linear from 0, or logarithmic where the ratios span more than 10x
/// (then small ones stay visible). Returns the gnuplot lines for `axis` ("x" or "y").
struct ratio_axis {
  bool log = false;
  double lo = 0, hi = 1;
  std::string commands(const char* axis) const {
    std::ostringstream s;
    if (!log) {
      s << "set " << axis << "range [0:" << fmt(hi * 1.15, "%.4g") << "]\n";
      return s.str();
    }
    const double from = lo / 1.6, to = hi * 1.6;
    s << "set logscale " << axis << "\nset " << axis << "range [" << fmt(from, "%.4g") << ":" << fmt(to, "%.4g")
      << "]\nset " << axis << "tics (";
    bool first = true;
    for (double decade = 1e-4; decade <= 1e4; decade *= 10)
      for (double m : {1.0, 2.0, 5.0}) {
        const double v = m * decade;
        if (v < from || v > to) continue;
        s << (first ? "" : ", ") << quoted(fmt(v, "%g")) << " " << fmt(v, "%g");
        first = false;
      }
    s << ")\n";
    return s.str();
  }
  /// Where bars start: 0, or the bottom of the logarithmic axis.
  std::string base() const { return log ? fmt(lo / 1.6, "%.4g") : "0"; }
};

ratio_axis axis_for(const std::vector<double>& values) {
  ratio_axis a;
  a.lo = 1;
  a.hi = 1;
  for (double v : values)
    if (v > 0) {
      a.lo = std::min(a.lo, v);
      a.hi = std::max(a.hi, v);
    }
  a.log = a.hi / a.lo > 10;
  return a;
}

/// One bar of a vertical chart.
struct bar {
  double x;
  double value;  // <= 0: none
  std::string text;
};

/// A vertical bar chart: categories on the x axis, series of bars, a dashed line at 1.
struct column_chart {
  std::vector<std::string> categories;  // x tic labels ("\n" for line breaks)
  struct series {
    std::string title, colour;
    std::vector<bar> bars;
  };
  std::vector<series> all;
  std::string xlabel, ylabel, reference_title;
  double bar_width = 0.38;
};

std::string column_script(const column_chart& c, const std::string& png, const std::string& title) {
  std::size_t lines = 1, longest = 0;
  for (const auto& cat : c.categories) {
    lines = std::max<std::size_t>(lines, static_cast<std::size_t>(std::count(cat.begin(), cat.end(), '\n')) + 1);
    std::size_t start = 0;
    for (std::size_t i = 0; i <= cat.size(); ++i)
      if (i == cat.size() || cat[i] == '\n') {
        longest = std::max(longest, i - start);
        start = i + 1;
      }
  }
  const int n = static_cast<int>(c.categories.size());
  // A category as wide as its longest label line (about 7 px a character at 10 pt).
  const int per_category = std::max(110, static_cast<int>(longest) * 7 + 24);
  const int width = std::max(760, 200 + per_category * n);
  const int height = 600 + 16 * static_cast<int>(lines);
  std::vector<double> values;
  for (const auto& s : c.all)
    for (const auto& b : s.bars) values.push_back(b.value);
  const ratio_axis axis = axis_for(values);
  std::ostringstream g;
  g << preamble(png, width, height, title) << "set xlabel " << quoted(c.xlabel) << " offset 0,"
    << -(static_cast<int>(lines) - 1) << "\n"
    << "set ylabel " << quoted(c.ylabel + (axis.log ? " (log scale)" : "")) << "\n"
    << "set grid ytics lc rgb '#dddddd'\n"
    << axis.commands("y") << "set xrange [-0.6:" << n - 1 << ".6]\n"
    << "set lmargin 12\nset rmargin 4\nset bmargin " << lines + 3 << "\n"
    << "set xtics scale 0 font 'sans,10' (";
  for (int i = 0; i < n; ++i) g << (i ? ", " : "") << quoted(c.categories[static_cast<std::size_t>(i)]) << " " << i;
  g << ")\n";
  for (std::size_t k = 0; k < c.all.size(); ++k) {
    g << "$s" << k << " << EOD\n";
    for (const auto& b : c.all[k].bars)
      g << fmt(b.x, "%.4f") << ' ' << (b.value > 0 ? fmt(b.value, "%.6g") : "NaN") << ' ' << quoted(b.text) << '\n';
    g << "EOD\n";
  }
  // Bars from the axis' base up to the value: boxxyerror, which a logarithmic axis takes too.
  const double half = c.bar_width / 2;
  g << "plot ";
  for (std::size_t k = 0; k < c.all.size(); ++k)
    g << "$s" << k << " using 1:2:($1-" << half << "):($1+" << half << "):(" << axis.base()
      << "):2 with boxxyerror lc rgb '" << c.all[k].colour << "' title " << quoted(c.all[k].title) << ", \\\n     ";
  g << "1 with lines dt 2 lw 1.5 lc rgb 'black' title " << quoted(c.reference_title);
  for (std::size_t k = 0; k < c.all.size(); ++k)
    g << ", \\\n     $s" << k << " using 1:($2 == $2 ? $2 : " << axis.base()
      << "):3 with labels boxed offset 0,0.8 font 'sans,9' notitle";
  g << "\n";
  return g.str();
}

/// "reduce/int32/256" -> "int32/256": what cases of one chart part have in common.
std::string group_key(const std::string& label) {
  const auto slash = label.find('/');
  return slash == std::string::npos ? std::string() : label.substr(slash + 1);
}

}  // namespace

std::vector<std::vector<std::size_t>> chunk_by_group(const std::vector<std::string>& keys, std::size_t max) {
  std::vector<std::vector<std::size_t>> out;
  if (keys.empty() || max == 0) return out;
  // Runs of equal keys, those over `max` cut into even pieces.
  std::vector<std::vector<std::size_t>> groups;
  for (std::size_t i = 0; i < keys.size();) {
    std::size_t j = i;
    while (j < keys.size() && keys[j] == keys[i]) ++j;
    const std::size_t len = j - i, pieces = (len + max - 1) / max;
    for (std::size_t p = 0; p < pieces; ++p) {
      std::vector<std::size_t> g;
      for (std::size_t k = i + len * p / pieces; k < i + len * (p + 1) / pieces; ++k) g.push_back(k);
      groups.push_back(std::move(g));
    }
    i = j;
  }
  std::size_t largest = 0;
  for (const auto& g : groups) largest = std::max(largest, g.size());
  // Greedy packing at every capacity from the largest group to `max`: the fewest charts,
  // then the smallest capacity (the most even parts).
  auto pack = [&](std::size_t capacity) {
    std::vector<std::vector<std::size_t>> charts;
    for (const auto& g : groups) {
      if (charts.empty() || charts.back().size() + g.size() > capacity) charts.emplace_back();
      charts.back().insert(charts.back().end(), g.begin(), g.end());
    }
    return charts;
  };
  for (std::size_t capacity = largest; capacity <= max; ++capacity) {
    auto charts = pack(capacity);
    if (out.empty() || charts.size() < out.size()) out = std::move(charts);
  }
  return out;
}

std::vector<chart> plot_ratios(const std::string& dir, const std::vector<variant_result>& results,
                               const std::string& tag, const std::string& subtitle, const std::string& reference_name) {
  std::vector<chart> written;
  if (!have_gnuplot()) {
    std::fprintf(stderr, "plots: gnuplot not found (Debian package gnuplot-nox); no charts written\n");
    return written;
  }
  const std::filesystem::path scripts = std::filesystem::path(dir) / "gnuplot";
  std::error_code ec;
  std::filesystem::create_directories(scripts, ec);
  if (ec) {
    std::fprintf(stderr, "plots: cannot create %s: %s\n", scripts.string().c_str(), ec.message().c_str());
    return written;
  }
  const auto points = model_points(results);
  const auto lines = summarize_models(points);
  if (points.empty()) return written;
  auto output = [&](const std::string& name, const std::string& what, auto make_script) {
    const std::string png = (std::filesystem::path(dir) / (name + "-" + tag + ".png")).string();
    const std::string gp = (scripts / (name + "-" + tag + ".gp")).string();
    if (draw(gp, make_script(png), png)) written.push_back({png, what});
  };
  const std::string ylabel = "speed-up over the reference (x) = reference time / time";
  // "reference (openmp): the same algorithm in plain OpenMP (= 1)[, the fastest known]"
  auto ref_title = [&](const std::vector<const model_point*>& ps, bool fastest) {
    std::vector<std::string> names;
    for (const auto* p : ps)
      if (!p->model->reference.empty() && std::find(names.begin(), names.end(), p->model->reference) == names.end())
        names.push_back(p->model->reference);
    return "reference" + (names.empty() ? std::string() : " (" + joined(names, ", ") + ")") +
           ": the same algorithm in plain " + reference_name + " (= 1)" + (fastest ? ", the fastest known" : "");
  };

  // 1. The summary: a row per benchmark and model, its medians vs the reference and the ceiling.
  {
    const int n = static_cast<int>(lines.size());
    std::vector<double> values;
    for (const auto& s : lines) values.insert(values.end(), {s.vs_reference, s.vs_ceiling});
    const ratio_axis axis = axis_for(values);
    std::ostringstream g;
    const std::string title = "cohort kernel models: median speed-up over the benchmark's cases\n" + subtitle;
    auto script = [&](const std::string& png) {
      g << preamble(png, 1100, 200 + 44 * n, title) << "set xlabel "
        << quoted(ylabel + ", median over the cases" + (axis.log ? " (log scale)" : "")) << "\n"
        << "set grid xtics lc rgb '#dddddd'\n"
        << axis.commands("x") << "set yrange [-0.6:" << n - 1 << ".6]\n"
        << "set rmargin 6\n"
        << "set ytics scale 0 font 'sans,10' (";
      for (int i = 0; i < n; ++i) {
        const auto& s = lines[static_cast<std::size_t>(i)];
        g << (i ? ", " : "") << quoted(s.family + " / " + s.model) << " " << n - 1 - i;
      }
      g << ")\n$d << EOD\n";
      auto value = [](double v) { return v > 0 ? fmt(v, "%.6g") : std::string("NaN"); };
      for (int i = 0; i < n; ++i) {
        const auto& s = lines[static_cast<std::size_t>(i)];
        g << n - 1 - i << ' ' << value(s.vs_reference) << ' ' << value(s.vs_ceiling) << ' '
          << quoted(ratio_label(s.vs_reference)) << ' ' << quoted(ratio_label(s.vs_ceiling)) << '\n';
      }
      const std::string base = axis.base();
      g << "EOD\n"
        << "set arrow from first 1, graph 0 to first 1, graph 1 nohead back dt 2 lw 1.5 lc rgb 'black'\n"
        << "plot $d using 2:($1+0.19):(" << base << "):2:($1+0.02):($1+0.36) with boxxyerror lc rgb '" << model_colour
        << "' title " << quoted("the cohort model vs the reference (" + reference_name + ")") << ", \\\n"
        << "     $d using 3:($1-0.19):(" << base << "):3:($1-0.36):($1-0.02) with boxxyerror lc rgb '" << ceiling_colour
        << "' title 'the cohort model vs the ceiling (the fastest known implementation)', \\\n"
        << "     $d using 2:($1+0.19):4 with labels boxed left offset 0.6,0 font 'sans,9' notitle, \\\n"
        << "     $d using 3:($1-0.19):5 with labels boxed left offset 0.6,0 font 'sans,9' notitle, \\\n"
        << "     NaN with lines dt 2 lw 1.5 lc rgb 'black' title 'reference = 1'\n";
      return g.str();
    };
    output("summary",
           "the summary: per benchmark and kernel model, the median speed-up over the reference and "
           "over the ceiling",
           script);
  }

  // 2. Per benchmark: one chart per model (split into parts), or, where every model has a
  // single case (dgemm, nbody), one chart with a bar per model and the case's ceiling.
  std::vector<std::string> families;
  for (const auto& p : points)
    if (std::find(families.begin(), families.end(), p.family) == families.end()) families.push_back(p.family);
  for (const auto& family : families) {
    std::vector<const model_point*> fp;
    std::vector<std::string> models;
    for (const auto& p : points)
      if (p.family == family) {
        fp.push_back(&p);
        if (std::find(models.begin(), models.end(), p.model->variant) == models.end())
          models.push_back(p.model->variant);
      }
    const std::string parts = fp.front()->model->parts.empty() ? "case" : fp.front()->model->parts;

    // "size 1048576, work-group 256" where all cases of the chart share them.
    auto sizes_note = [](const std::vector<const model_point*>& ps) {
      std::string out;
      bool same_size = true, same_local = true;
      for (const auto* p : ps) {
        same_size &= p->model->size == ps.front()->model->size;
        same_local &= p->model->local == ps.front()->model->local;
      }
      if (same_size) out += "size " + std::to_string(ps.front()->model->size);
      if (same_local)
        out += std::string(out.empty() ? "" : ", ") + "work-group " + std::to_string(ps.front()->model->local);
      return out;
    };

    if (fp.size() == models.size()) {
      // A bar per model, then every other known implementation of the problem (OpenBLAS,
      // ...): the fastest known in orange, the others grey.
      column_chart c;
      const std::string sizes = sizes_note(fp);
      const std::string case_text = fp.front()->label + (sizes.empty() ? "" : ", " + sizes);
      c.xlabel = "cohort kernel model (case: " + case_text + ")";
      c.ylabel = ylabel;
      c.all.push_back({"cohort kernel model", model_colour, {}});
      c.all.push_back({"ceiling: the fastest known implementation", ceiling_colour, {}});
      c.all.push_back({"another known implementation", other_colour, {}});
      for (const auto* p : fp) {
        const double x = static_cast<double>(c.categories.size());
        c.categories.push_back(p->model->variant + (p->model->capped ? "\n(capped)" : ""));
        c.all[0].bars.push_back({x, p->vs_reference, p->failed ? "FAILED" : ratio_label(p->vs_reference)});
      }
      std::vector<std::string> problems, others;
      for (const auto* p : fp)
        if (std::find(problems.begin(), problems.end(), p->model->problem) == problems.end())
          problems.push_back(p->model->problem);
      bool reference_is_ceiling = true;
      for (const auto& r : results) {
        if (r.kind == role::reference || !counts_for_ceiling(r) ||
            std::find(problems.begin(), problems.end(), r.problem) == problems.end() ||
            std::find(others.begin(), others.end(), r.variant) != others.end())
          continue;
        others.push_back(r.variant);
        const bool best = r.variant == fp.front()->ceiling;
        reference_is_ceiling &= !best;
        const double x = static_cast<double>(c.categories.size());
        c.categories.push_back(r.variant + (best ? "\n(ceiling)" : ""));
        c.all[best ? 1 : 2].bars.push_back({x, r.ratio, ratio_label(r.ratio)});
      }
      c.reference_title = ref_title(fp, reference_is_ceiling);
      if (!others.empty()) c.xlabel = "cohort kernel model; known implementations (case: " + case_text + ")";
      if (c.all[2].bars.empty()) c.all.pop_back();
      if (c.all[1].bars.empty()) c.all.erase(c.all.begin() + 1);
      c.bar_width = 0.6;
      const std::string title = family + ": speed-up of each cohort kernel model over the reference\n" + subtitle;
      output(file_part(family),
             family + ": a bar per kernel model" +
                 (others.empty() ? "" : " and per known implementation (" + joined(others, ", ") + ")"),
             [&](const std::string& png) { return column_script(c, png, title); });
      continue;
    }

    for (const auto& model : models) {
      std::vector<const model_point*> mp;
      for (const auto* p : fp)
        if (p->model->variant == model) mp.push_back(p);
      std::vector<std::string> keys;
      for (const auto* p : mp) keys.push_back(group_key(p->label));
      const auto charts = chunk_by_group(keys, max_cases_per_chart);
      for (std::size_t part = 0; part < charts.size(); ++part) {
        // Where the reference is the fastest known in every case, its dashed line says it all.
        // The ceiling's name goes into the legend where it is the same for every case, else
        // under each case whose ceiling is not its reference.
        std::vector<std::string> groups, ceilings;
        std::vector<const model_point*> in_chart;
        bool any_named = false;  // a case whose ceiling is not its reference
        for (std::size_t i : charts[part]) {
          in_chart.push_back(mp[i]);
          any_named |= !mp[i]->ceiling.empty() && mp[i]->ceiling != mp[i]->model->reference;
          if (std::find(ceilings.begin(), ceilings.end(), mp[i]->ceiling) == ceilings.end())
            ceilings.push_back(mp[i]->ceiling);
          if (!keys[i].empty() && std::find(groups.begin(), groups.end(), keys[i]) == groups.end())
            groups.push_back(keys[i]);
        }
        const bool reference_is_ceiling = !any_named;
        const bool one_ceiling = ceilings.size() == 1;
        column_chart c;
        const std::string sizes = sizes_note(in_chart);
        c.xlabel = parts + (sizes.empty() ? "" : " (" + sizes + ")");
        c.ylabel = ylabel;
        c.reference_title = ref_title(in_chart, reference_is_ceiling);
        c.all.push_back({"cohort " + model, model_colour, {}});
        if (!reference_is_ceiling)
          c.all.push_back({"ceiling: the fastest known implementation (" +
                               (one_ceiling ? ceilings.front() : "the reference unless named under the case") + ")",
                           ceiling_colour,
                           {}});
        else
          c.bar_width = 0.6;
        for (const model_point* pp : in_chart) {
          const model_point& p = *pp;
          const double x = static_cast<double>(c.categories.size());
          std::string cat = replace_all(p.label, "/", "\n");
          if (!one_ceiling && !p.ceiling.empty() && p.ceiling != p.model->reference) cat += "\nceiling:\n" + p.ceiling;
          if (p.model->capped) cat += "\n(capped)";
          c.categories.push_back(cat);
          const std::string text = p.failed ? "FAILED" : ratio_label(p.vs_reference);
          if (reference_is_ceiling) {
            c.all[0].bars.push_back({x, p.vs_reference, text});
          } else {
            c.all[0].bars.push_back({x - 0.2, p.vs_reference, text});
            c.all[1].bars.push_back({x + 0.2, p.ceiling_ratio, ratio_label(p.ceiling_ratio)});
          }
        }
        std::string name = file_part(family + "-" + model);
        std::string title = family + " / " + model + ": speed-up over the reference, per case";
        std::string what = family + " / " + model + ": " + std::to_string(charts[part].size()) + " cases";
        if (charts.size() > 1) {
          name += "-" + std::to_string(part + 1);
          title += " (part " + std::to_string(part + 1) + " of " + std::to_string(charts.size()) + ")";
          what += " (part " + std::to_string(part + 1) + " of " + std::to_string(charts.size()) + ": " +
                  joined(groups, ", ") + ")";
        }
        title += "\n" + subtitle;
        output(name, what, [&](const std::string& png) { return column_script(c, png, title); });
      }
    }
  }
  return written;
}

int plot_self_test() {
  int failures = 0;
  auto sizes = [](const std::vector<std::vector<std::size_t>>& charts) {
    std::vector<std::size_t> out;
    for (const auto& c : charts) out.push_back(c.size());
    return out;
  };
  auto expect = [&](bool ok, const char* what) {
    if (!ok) {
      std::fprintf(stderr, "self-test FAILED: %s\n", what);
      ++failures;
    }
  };
  std::vector<std::string> nine_groups_of_4;
  for (int g = 0; g < 9; ++g)
    for (int i = 0; i < 4; ++i) nine_groups_of_4.push_back("g" + std::to_string(g));
  expect(sizes(chunk_by_group(nine_groups_of_4, 12)) == std::vector<std::size_t>{12, 12, 12}, "36 in groups of 4");
  expect(sizes(chunk_by_group(std::vector<std::string>(5, ""), 12)) == std::vector<std::size_t>{5}, "5 alike");
  expect(sizes(chunk_by_group(std::vector<std::string>(20, ""), 12)) == std::vector<std::size_t>{10, 10},
         "20 alike: two even parts");
  expect(sizes(chunk_by_group({"a", "a", "a", "b", "b", "b", "c", "c", "c", "c", "c"}, 6)) ==
             std::vector<std::size_t>{6, 5},
         "groups kept whole");
  const auto c = chunk_by_group({"a", "b", "c"}, 2);
  expect(c.size() == 2 && c[0] == std::vector<std::size_t>{0, 1} && c[1] == std::vector<std::size_t>{2},
         "indices in order");
  expect(chunk_by_group({}, 12).empty(), "nothing to chunk");
  return failures;
}

}  // namespace bench
