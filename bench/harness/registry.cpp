// SPDX-License-Identifier: MIT
#include "registry.hpp"

#include <algorithm>
#include <stdexcept>

namespace bench {

namespace {
// Function-local: registration objects of other files may run before this file's statics.
std::vector<registered_benchmark>& mutable_registry() {
  static std::vector<registered_benchmark> all;
  return all;
}
}  // namespace

double metric::value(double seconds) const {
  if (amount <= 0 || seconds <= 0) return 0;
  return per_amount ? seconds * 1e9 / amount : amount / seconds / 1e9;
}

const std::vector<registered_benchmark>& registry() {
  auto& all = mutable_registry();
  std::stable_sort(all.begin(), all.end(), [](const auto& a, const auto& b) { return a.order < b.order; });
  return all;
}

registration::registration(std::string name, int order, std::string description, factory make, bool cpu_only) {
  auto& all = mutable_registry();
  for (const auto& b : all)
    if (b.name == name) throw std::logic_error("benchmark registered twice: " + name);
  all.push_back({std::move(name), order, std::move(description), std::move(make), cpu_only});
}

bench_case split_off_variant(bench_case& c, const std::string& name) {
  bench_case alone;
  alone.name = c.name + "/" + name;
  alone.size = c.size;
  alone.local = c.local;
  alone.throughput = c.throughput;
  alone.setup = c.setup;
  alone.teardown = c.teardown;
  alone.family = c.family;
  alone.parts = c.parts;
  alone.problem = c.problem.empty() ? c.name : c.problem;
  for (auto it = c.variants.begin(); it != c.variants.end(); ++it) {
    if (it->kind == role::reference) alone.variants.insert(alone.variants.begin(), *it);
    if (it->name == name) {
      alone.variants.push_back(*it);
      c.variants.erase(it);
      break;
    }
  }
  return alone;
}

}  // namespace bench
