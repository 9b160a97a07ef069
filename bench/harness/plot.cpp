// SPDX-License-Identifier: MIT
#include "plot.hpp"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>

namespace bench {

namespace {
bool have_gnuplot() { return std::system("command -v gnuplot >/dev/null 2>&1") == 0; }

std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (char ch : s) out += (ch == '"' ? '\'' : ch);
  return out + "\"";
}
}  // namespace

bool plot_ratios(const std::string& dir, const std::vector<variant_result>& results, const std::string& tag,
                 const std::string& title) {
  if (!have_gnuplot()) {
    std::fprintf(stderr, "--plot: gnuplot not found (Debian package gnuplot-nox); no charts written\n");
    return false;
  }
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) {
    std::fprintf(stderr, "--plot: cannot create %s: %s\n", dir.c_str(), ec.message().c_str());
    return false;
  }
  std::map<std::string, std::vector<const variant_result*>> by_benchmark;
  for (const auto& r : results)
    if (r.ratio > 0) by_benchmark[r.benchmark].push_back(&r);
  bool all_ok = true;
  for (const auto& [name, rows] : by_benchmark) {
    const std::string base = (std::filesystem::path(dir) / (name + "-" + tag)).string();
    {
      std::ofstream dat(base + ".dat");
      for (const auto* r : rows) {
        std::string label = r->case_name.substr(r->case_name.find('/') + 1) + " " + r->variant;
        if (r->capped) label += " (capped)";
        dat << quoted(label) << ' ' << r->ratio << ' '
            << (r->kind == role::reference ? 1 : r->kind == role::model ? 2 : 3) << '\n';
      }
    }
    {
      const std::size_t width = 200 + 28 * rows.size();
      std::ofstream gp(base + ".gp");
      gp << "set terminal pngcairo size " << (width < 800 ? 800 : width) << ",600 font 'sans,10'\n"
         << "set output " << quoted(base + ".png") << "\n"
         << "set title " << quoted(name + ": ratio to the reference (> 1: faster), " + title) << "\n"
         << "set style fill solid 0.85 border -1\n"
         << "set boxwidth 0.8\n"
         << "set yrange [0:*]\n"
         << "set grid ytics\n"
         << "set xtics rotate by -60 scale 0 noenhanced\n"
         << "set ylabel 'reference time / variant time'\n"
         << "set key off\n"
         << "set arrow from graph 0, first 1 to graph 1, first 1 nohead dashtype 2 lc rgb 'black'\n"
         << "set palette defined (1 '#999999', 2 '#1f77b4', 3 '#ff7f0e')\n"
         << "set cbrange [1:3]\n"
         << "unset colorbox\n"
         << "plot " << quoted(base + ".dat") << " using 0:2:3:xtic(1) with boxes lc palette\n";
    }
    const std::string cmd = "gnuplot " + quoted(base + ".gp") + " 2>&1";
    if (std::system(cmd.c_str()) != 0) {
      std::fprintf(stderr, "--plot: gnuplot failed on %s.gp\n", base.c_str());
      all_ok = false;
    } else {
      std::fprintf(stderr, "wrote %s.png\n", base.c_str());
    }
  }
  return all_ok;
}

}  // namespace bench
