// SPDX-License-Identifier: MIT
#pragma once
// What every benchmark of cohort-bench-cuda shares: CUDA error checks, sizes for
// --quick/--tiny, the two timers, kernel attributes, and the result rows that main.cu
// prints, summarises and writes as CSV.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <cuda_runtime.h>

#include <cohort/cohort.hpp>

namespace cbench {

/// The barriers a plain CUDA tree-step kernel adds to stand for a kernel model's (what
/// the model costs where a library cannot leave them out, docs/results/cuda.md):
/// hierarchical: one before the load and one after every step (parallel_for_work_item's
/// two sides); scoped: one after the last step (distribute_items_and_wait before
/// single_item reads the result); hierarchical_range: hierarchical's barriers and, at every
/// step, the tests a parallel_for_work_item over a run-time logical range makes (the
/// thread's first item, then further items in rounds of the block, as the CUDA launcher
/// does); hierarchical_whole_group: hierarchical's barriers and the closing
/// parallel_for_work_item of SYCL-Bench's source, in which the first item writes the
/// result. The reductions' benchmarks also write each model's whole source as plain CUDA
/// (`*_source` kernels): what the source makes any implementation without a compiler do.
enum class barriers_of { plain, hierarchical, scoped, hierarchical_range, hierarchical_whole_group };

inline void check(cudaError_t e, const char* what) {
  if (e != cudaSuccess) {
    std::fprintf(stderr, "%s: %s\n", what, cudaGetErrorString(e));
    std::exit(1);
  }
}

struct options {
  bool quick = false, tiny = false;
  int repeats = 15;
  /// --size: the algorithm benchmarks run only these sizes of their lists (all if empty).
  std::vector<std::size_t> only_sizes;
  /// The full, --quick or --tiny value.
  template <typename T>
  T pick(T full, T quick_value, T tiny_value) const {
    return tiny ? tiny_value : quick ? quick_value : full;
  }
  /// The full, --quick or --tiny size list, less the sizes --size leaves out.
  std::vector<std::size_t> pick_sizes(std::vector<std::size_t> full, std::vector<std::size_t> quick_value,
                                      std::vector<std::size_t> tiny_value) const {
    std::vector<std::size_t> picked = pick(std::move(full), std::move(quick_value), std::move(tiny_value));
    if (!only_sizes.empty())
      std::erase_if(picked, [&](std::size_t n) { return !wants_size(n); });
    return picked;
  }
  bool wants_size(std::size_t n) const {
    return only_sizes.empty() || std::find(only_sizes.begin(), only_sizes.end(), n) != only_sizes.end();
  }
};

template <typename T>
const char* type_name() {
  return std::is_same_v<T, int> ? "int32" : std::is_same_v<T, float> ? "fp32" : "fp64";
}

/// Median of `repeats` host-clock timings of `run()` (which launches and waits), in
/// seconds. The group collectives and stream keep this timer, so their numbers stay
/// comparable with earlier runs.
template <typename F>
double median_seconds(F&& run, int repeats) {
  run();  // warm-up: module load, first-launch costs
  std::vector<double> t;
  for (int k = 0; k < repeats; ++k) {
    const auto a = std::chrono::steady_clock::now();
    run();
    t.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - a).count());
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

inline double median(std::vector<double> t) {
  std::sort(t.begin(), t.end());
  return t.empty() ? 0.0 : t[t.size() / 2];
}

/// The stream of the references (plain CUDA kernels, CUB, cuBLAS).
inline cudaStream_t reference_stream() {
  static const cudaStream_t stream = [] {
    cudaStream_t s = nullptr;
    check(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), "creating the benchmark stream");
    return s;
  }();
  return stream;
}

/// Runs shorter than this are repeated at least short_run_repeats times: their time is
/// mostly the host's launches, whose jitter (a few tenths of a microsecond) would otherwise
/// move the median.
inline constexpr double short_run_seconds = 100e-6;
inline constexpr int short_run_repeats = 101;

/// Device time of work on `stream`: events around `launch(stream)` on it. `prepare()`
/// (untimed, synchronous) runs before each repetition; one warm-up run first. Median of
/// `repeats` (of short_run_repeats for short runs), in seconds.
template <typename Prepare, typename Launch>
double time_on_stream(cudaStream_t stream, Prepare&& prepare, Launch&& launch, int repeats) {
  cudaEvent_t a = nullptr, b = nullptr;
  check(cudaEventCreate(&a), "cudaEventCreate");
  check(cudaEventCreate(&b), "cudaEventCreate");
  std::vector<double> t;
  for (int k = -1; k < repeats; ++k) {
    prepare();
    check(cudaDeviceSynchronize(), "preparing a run");
    check(cudaEventRecord(a, stream), "cudaEventRecord");
    launch(stream);
    check(cudaGetLastError(), "launching timed work");
    check(cudaEventRecord(b, stream), "cudaEventRecord");
    check(cudaEventSynchronize(b), "running timed work");
    float ms = 0;
    check(cudaEventElapsedTime(&ms, a, b), "cudaEventElapsedTime");
    if (k >= 0) t.push_back(ms * 1e-3);
    if (k < 0 && ms * 1e-3 < short_run_seconds && repeats > 1 && repeats < short_run_repeats) repeats = short_run_repeats;
  }
  cudaEventDestroy(a);
  cudaEventDestroy(b);
  return median(t);
}

/// Device time of plain CUDA work on the references' stream (time_on_stream).
template <typename Prepare, typename Launch>
double time_cuda(Prepare&& prepare, Launch&& launch, int repeats) {
  return time_on_stream(reference_stream(), prepare, launch, repeats);
}

/// The median of `repeats` runs, after one untimed first run, of `run(q, first_run)` (which
/// returns its seconds) on one fresh profiling queue on `device`; `prepare()` and a device
/// synchronisation before each.
template <typename Prepare, typename Run>
double median_of_profiled_runs(const cohort::device& device, Prepare&& prepare, Run&& run, int repeats) {
  cohort::queue q{device, cohort::property_list{cohort::property::queue::enable_profiling{}}};
  std::vector<double> t;
  for (int k = -1; k < repeats; ++k) {
    prepare();
    check(cudaDeviceSynchronize(), "preparing a run");
    const double seconds = run(q, k < 0);
    if (k >= 0) t.push_back(seconds);
  }
  return median(t);
}

/// Device time of cohort work: `run(q, first_run)` submits its commands to a fresh
/// profiling queue on `device` and returns its first and last command's events; the time
/// is from the first one's start to the last one's end (CUDA events, as for the
/// references), gaps between commands included. A fresh queue per variant, because a
/// queue converts its timestamps from a float count of milliseconds since its creation,
/// whose steps exceed 1 us after 8 s and 10 us after about 2 minutes. Throws what the
/// submission throws (errc::feature_not_supported where the backend lacks a model).
template <typename Prepare, typename Run>
double time_cohort(const cohort::device& device, Prepare&& prepare, Run&& run, int repeats) {
  return median_of_profiled_runs(
      device, prepare,
      [&](cohort::queue& q, bool first) {
        std::pair<cohort::event, cohort::event> e = run(q, first);
        e.second.wait_and_throw();
        q.wait_and_throw();
        using namespace cohort::info::event_profiling;
        const auto start = e.first.template get_profiling_info<command_start>();
        const auto end = e.second.template get_profiling_info<command_end>();
        return static_cast<double>(end - start) * 1e-9;
      },
      repeats);
}

/// Registers, spills and shared memory of one kernel, and how many of its blocks an SM holds.
struct kernel_info {
  bool known = false;
  int registers = 0;
  std::size_t local_bytes = 0;  // per thread: spills and stack
  std::size_t static_shared = 0;
  long long dynamic_shared = -1;  // -1: not known (the launch decides it)
  int blocks_per_sm = -1;
};

template <typename... P>
kernel_info attributes_of(void (*kernel)(P...), int block_threads, long long dynamic_shared) {
  kernel_info k;
  cudaFuncAttributes a{};
  check(cudaFuncGetAttributes(&a, kernel), "cudaFuncGetAttributes");
  k.known = true;
  k.registers = a.numRegs;
  k.local_bytes = a.localSizeBytes;
  k.static_shared = a.sharedSizeBytes;
  k.dynamic_shared = dynamic_shared;
  if (dynamic_shared >= 0)
    check(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&k.blocks_per_sm, kernel, block_threads,
                                                        static_cast<std::size_t>(dynamic_shared)),
          "cudaOccupancyMaxActiveBlocksPerMultiprocessor");
  return k;
}

/// One line of the results. The first fields are the CSV columns of the first GPU runs
/// (kept as they were); the rest are appended columns.
struct row {
  std::string benchmark, variant, type;
  std::size_t group;
  double seconds, reference_seconds, rate;  // rate: see `unit` (collectives: items x rounds / s)
  bool verified;
  std::string unit = "";
  std::size_t size = 0;
  std::string reference = "";  // what reference_seconds timed
  std::string ceiling = "";    // the fastest known implementation, if one was timed
  double ceiling_seconds = 0;
  kernel_info kernel = {};
  std::string family = "";   // the summary's benchmark name (default: benchmark)
  bool model = false;        // a cohort kernel model: goes into the summary
  bool unsupported = false;  // no time: the backend cannot launch it yet (n/a), or `failure`
  std::string failure = "";  // the exception that ended the variant
};

inline std::vector<row>& rows() {
  static std::vector<row> r;
  return r;
}

/// Records cohort row `r`: model, its seconds `time(r)` (which may fill in r.kernel), its
/// rate and the verdict of `verify()` (run after the timing on the last run's output); or,
/// where a cohort::exception ended it, no time and the exception as its failure (none
/// where `quiet_if_unsupported` and the backend rejects the model: n/a).
template <typename Time, typename Verify>
void record_cohort_row(row r, double work, Time&& time, Verify&& verify, bool quiet_if_unsupported) {
  r.model = true;
  try {
    r.seconds = time(r);
    r.rate = work / r.seconds;
    r.verified = verify();
  } catch (const cohort::exception& e) {
    if (!quiet_if_unsupported || e.code() != cohort::errc::feature_not_supported) {
      std::fprintf(stderr, "    %s\n", e.what());
      r.failure = e.what();
    }
    r.unsupported = true;
    r.seconds = r.rate = 0;
    r.verified = false;
  }
  rows().push_back(std::move(r));
}

/// Runs one cohort kernel-model variant and records its row: n/a where the backend
/// rejects the model (errc::feature_not_supported), an error where the variant threw
/// another cohort::exception, else the time and the verdict of `verify()` (run after the
/// timing on the last run's output).
template <typename Prepare, typename Run, typename Verify>
void model_variant(const cohort::device& device, row r, int repeats, double work, Prepare&& prepare, Run&& run,
                   Verify&& verify) {
  std::printf("  %s %s %s ...\n", r.benchmark.c_str(), r.variant.c_str(), r.type.c_str());
  std::fflush(stdout);
  record_cohort_row(
      std::move(r), work,
      [&](row& timed) {
        return time_cohort(
            device, prepare, [&](cohort::queue& q, bool first) { return run(q, first ? &timed.kernel : nullptr); },
            repeats);
      },
      verify, true);
}

/// Device-wide algorithm calls (cuda/algorithm_*.cu) run after this empty kernel, so a call
/// never waits for the previous repetition's commands.
struct call_marker {
  COHORT_FUNCTION void operator()() const {}
};

/// Device time of one cohort call, measured as CUB's calls are (time_cuda): CUDA events on
/// the queue's stream (get_native) just before and after the call, so both include the gaps
/// in which the host launches their kernels. A fresh queue without profiling; the call's
/// last event must be complete once the second event is (its commands are on the stream).
/// Median of `repeats`.
template <typename Prepare, typename Call>
double time_call(const cohort::device& device, Prepare&& prepare, Call&& call, int repeats) {
  cohort::queue q{device};
  cohort::event start, end;
  const double seconds = time_on_stream(
      cohort::get_native<cohort::backend::cuda>(q),
      [&] {
        // The last run's timing ended when its second event did: the call's commands must be
        // complete by then. Asked here, as asking costs the host a CUDA event query.
        if (end.get_info<cohort::info::event::command_execution_status>() != cohort::info::event_command_status::complete)
          throw cohort::exception(cohort::errc::runtime, "time_call: a command of the call ran after the call returned");
        prepare();
        start = q.single_task(call_marker{});  // complete before the timing starts
      },
      [&](cudaStream_t) { end = call(q, start); },
      repeats);
  end.wait_and_throw();
  q.wait_and_throw();
  return seconds;
}

/// A cohort row of one call: `call(q, start)` submits it after the marker event `start`
/// and returns its last event; timed, verified, recorded (an exception becomes an error row).
template <typename Prepare, typename Call, typename Verify>
void call_row(const cohort::device& device, row r, int repeats, double work, Prepare&& prepare, Call&& call,
              Verify&& verify) {
  std::printf("  %s %s %zu ...\n", r.benchmark.c_str(), r.variant.c_str(), r.size);
  std::fflush(stdout);
  record_cohort_row(
      std::move(r), work, [&](row&) { return time_call(device, prepare, call, repeats); }, verify, false);
}

/// A reference (or ceiling) row, `variant` timed at `seconds`, from the case's `base` row
/// (whose reference and ceiling times give its ratios); `kernel`: its kernel's resources.
inline void reference_row(const row& base, const char* variant, double seconds, bool verified, double work,
                          const kernel_info& kernel = {}) {
  row r = base;
  r.variant = variant;
  r.seconds = seconds;
  r.verified = verified;
  r.kernel = kernel;
  r.rate = work / seconds;
  rows().push_back(std::move(r));
}

/// Host-side check helpers: report the first mismatch on stderr.
template <typename T, typename Expected>
bool check_array(const char* what, const std::vector<T>& got, Expected&& expected, double relative_tolerance) {
  for (std::size_t i = 0; i < got.size(); ++i) {
    const double g = static_cast<double>(got[i]), e = static_cast<double>(expected(i));
    const bool ok =
        relative_tolerance == 0 ? g == e : std::abs(g - e) <= relative_tolerance * std::max(1.0, std::abs(e));
    if (!ok) {
      std::fprintf(stderr, "    %s[%zu] = %.17g, expected %.17g\n", what, i, g, e);
      return false;
    }
  }
  return true;
}

template <typename T>
std::vector<T> to_host(const T* device_data, std::size_t n) {
  std::vector<T> v(n);
  check(cudaMemcpy(v.data(), device_data, n * sizeof(T), cudaMemcpyDeviceToHost), "copying a result to the host");
  return v;
}

/// Device memory for the benchmarks (cudaMalloc: cohort's USM is what the kernels see,
/// and device pointers are all they need).
template <typename T>
struct device_array {
  T* p = nullptr;
  std::size_t n = 0;
  explicit device_array(std::size_t count) : n(count) {
    check(cudaMalloc(&p, count * sizeof(T)), "cudaMalloc");
  }
  ~device_array() { cudaFree(p); }
  device_array(const device_array&) = delete;
  device_array& operator=(const device_array&) = delete;
  T* get() const { return p; }
  void upload(const std::vector<T>& v) {
    check(cudaMemcpy(p, v.data(), v.size() * sizeof(T), cudaMemcpyHostToDevice), "copying to the device");
  }
  /// All bytes 0xff: NaN for floating point, -1 for integers.
  void poison() { check(cudaMemset(p, 0xff, n * sizeof(T)), "cudaMemset"); }
};

// The benchmarks, one file each.
void group_collectives(cohort::queue& q, const options& o);
void stream(cohort::queue& q, const options& o);
void reduction(const cohort::device& d, const options& o);
void segmented_reduction(const cohort::device& d, const options& o);
void nbody(const cohort::device& d, const options& o);
void dgemm(const cohort::device& d, const options& o);

/// The device-wide algorithms' benchmarks (cuda/algorithm_*.cu) register themselves and run
/// after the ones above, in name order.
struct algorithm_benchmark {
  const char* name;
  void (*run)(const cohort::device& d, const options& o);
};
inline std::vector<algorithm_benchmark>& algorithm_benchmarks() {
  static std::vector<algorithm_benchmark> all;
  return all;
}
struct algorithm_registration {
  algorithm_registration(const char* name, void (*run)(const cohort::device&, const options&)) {
    algorithm_benchmarks().push_back({name, run});
  }
};

}  // namespace cbench
