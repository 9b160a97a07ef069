// SPDX-License-Identifier: MIT
#pragma once
// What a benchmark file declares: cases (one measured problem, e.g. "stream/triad") made of
// variants (one implementation each, the reference first), grouped in a suite that one
// registration object adds to the process-wide registry.
//
// A factory only describes its cases; memory is allocated in the suite's and the cases'
// setup hooks, which the runner calls only for cases that are selected, so `--list` and
// `--filter` cost nothing.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace cohort {
class queue;
}

namespace bench {

enum class size_preset { quick, normal, full };

/// What a factory sees: the device queue and the sizes asked for on the command line.
struct config {
  cohort::queue* queue = nullptr;
  std::string device_kind;     // "cpu" or "gpu"
  std::size_t size = 0;        // --size; 0: the benchmark's default for the preset
  std::size_t local = 0;       // --local; 0: the benchmark's default
  size_preset preset = size_preset::normal;
  bool verify = true;

  /// `--size` if given, otherwise the benchmark's default for the preset.
  std::size_t pick_size(std::size_t quick, std::size_t normal, std::size_t full) const {
    if (size != 0) return size;
    return preset == size_preset::quick ? quick : preset == size_preset::full ? full : normal;
  }
  std::size_t pick_local(std::size_t fallback) const { return local != 0 ? local : fallback; }
};

struct verdict {
  bool ok = true;
  std::string detail;  // what failed, for the log
  static verdict pass() { return {}; }
  static verdict fail(std::string why) { return {false, std::move(why)}; }
};

/// Reference: what the ratio divides by (exactly one per case, listed first). Model: a
/// cohort kernel model. Baseline: another host implementation shown for orientation (e.g.
/// the kernels' own algorithm written as plain OpenMP loops). Ceiling: an outside bound
/// (e.g. OpenBLAS).
enum class role { reference, model, baseline, ceiling };

/// What the end-of-run summary and the charts make of a role::model variant (the other
/// roles are all known implementations of the case's work). `kernel_model`: a cohort
/// kernel model (range, nd_range, ...): a summary line per benchmark and model.
/// `known_implementation`: a hand-written kernel doing the case's work without the feature
/// measured (e.g. the classic barrier + local memory + leader collective): with the
/// reference and the ceilings a candidate for the fastest known implementation.
/// `bound`: a kernel doing other work (e.g. bare barriers): in the table and the CSV only.
enum class summary_use { kernel_model, known_implementation, bound };

/// Threads: `run` of a model variant is called on the main thread (it submits and waits).
/// Everything else -- setup, teardown, prepare, check, and `run` of references and
/// ceilings (host code) -- is submitted as a host task and waited for, so host code and
/// kernels run the same way: on the waiting main thread (runtime/executor.hpp), in one
/// OpenMP thread team for the whole process (a second team's idle threads would steal a
/// core from whatever runs next on this 2-core machine), and timed alike, from
/// submission to the end of the wait.
struct variant {
  std::string name;
  role kind = role::model;
  std::function<void()> prepare;   // untimed, before every run: poison outputs, restore inputs
  std::function<void()> run;       // timed
  std::function<verdict()> check;  // untimed, after every run; empty: verification N/A
  std::function<std::string()> note = {};  // optional remark read after the last run (summary + CSV)
  summary_use use = summary_use::kernel_model;  // role::model only
  /// A reference that submits cohort kernels itself (e.g. the same kernel on USM where the
  /// model uses buffers): it runs on the main thread, as a model does.
  bool submits_kernels = false;
};

/// How a run's time becomes the throughput column: `amount / seconds / 1e9` in `unit`
/// (e.g. "GB/s" with amount in bytes), or with `per_amount` set, `seconds * 1e9 / amount`
/// (e.g. "ns/item/barrier": lower is better).
struct metric {
  double amount = 0;
  std::string unit;
  bool per_amount = false;
  double value(double seconds) const;
};

struct bench_case {
  std::string name;  // "stream/triad"
  std::size_t size = 0, local = 0;
  metric throughput;
  std::function<void()> setup;     // once before the case's variants (untimed)
  std::function<void()> teardown;  // once after them
  std::vector<variant> variants;   // the reference first
  /// The summary line and charts it counts in; empty: the benchmark's name. For a part of a
  /// benchmark whose ratios should not mix with the rest (e.g. the joint group algorithms).
  std::string family;
  /// What the parts of the name after the benchmark's say, for the charts' x axis, e.g.
  /// "kernel" or "algorithm / element type / work-group size"; empty: "case".
  std::string parts;
  /// The case whose problem this one measures too (set by split_off_variant): the summary
  /// takes the fastest known implementation over both. Empty: its own name.
  std::string problem;
};

struct suite {
  std::function<void()> setup;     // once before the first selected case
  std::function<void()> teardown;  // once after the last one (free memory here)
  std::vector<bench_case> cases;
};

using factory = std::function<suite(const config&)>;

struct registered_benchmark {
  std::string name;
  int order;  // position in the default run order
  std::string description;
  factory make;
  bool cpu_only;  // its references are host (OpenMP) code
};

/// Moves variant `name` of `c` into a case of its own, "<c.name>/<name>", with the same
/// reference, setup and teardown. For a variant so slow that its runs leave the machine
/// slower for a while: interleaved with the others it would distort their ratios.
bench_case split_off_variant(bench_case& c, const std::string& name);

/// The cases `make(type_tag<T>{})` gives for T = double, float and int32, then their
/// `apart` variants split off into cases of their own (see split_off_variant), run after
/// all the others.
template <typename T>
struct type_tag {
  using type = T;
};
template <typename Make>
suite per_type_cases_with_variant_apart(Make&& make, const std::string& apart) {
  suite s;
  s.cases.push_back(make(type_tag<double>{}));
  s.cases.push_back(make(type_tag<float>{}));
  s.cases.push_back(make(type_tag<std::int32_t>{}));
  for (std::size_t i = 0, n = s.cases.size(); i < n; ++i) s.cases.push_back(split_off_variant(s.cases[i], apart));
  return s;
}

/// All benchmarks of this executable, in run order.
const std::vector<registered_benchmark>& registry();

/// A benchmark file defines one `static bench::registration reg{...};`.
struct registration {
  registration(std::string name, int order, std::string description, factory make, bool cpu_only = true);
};

}  // namespace bench
