// SPDX-License-Identifier: MIT
#pragma once
// A variant's own record of its run times, for ratios between two variants that are not
// the case's reference (the harness divides by the reference only); printed in notes.
// The times are taken inside `run`, so they match the harness's samples up to the
// submission of a host task (microseconds; runs here take milliseconds).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

namespace bench {

class run_times {
public:
  template <typename F>
  void time(F&& f) {
    const auto t0 = std::chrono::steady_clock::now();
    f();
    m_samples.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }

  /// Median without the first run (the harness's warm-up); 0 when nothing ran.
  double median() const {
    if (m_samples.empty()) return 0;
    std::vector<double> s(m_samples.size() > 1 ? m_samples.begin() + 1 : m_samples.begin(), m_samples.end());
    std::sort(s.begin(), s.end());
    return s.size() % 2 ? s[s.size() / 2] : (s[s.size() / 2 - 1] + s[s.size() / 2]) / 2;
  }

private:
  std::vector<double> m_samples;
};

/// "3.41x classic": how much faster `fast` ran than `slow` (median over median).
inline std::string speedup_note(const run_times& slow, const run_times& fast, const char* slow_name) {
  const double a = slow.median(), b = fast.median();
  if (a <= 0 || b <= 0) return {};
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.2fx %s", a / b, slow_name);
  return buf;
}

}  // namespace bench
