// SPDX-License-Identifier: MIT
// What one command costs the host on a GPU queue, against a plain CUDA launch: the host
// time per submission of an empty kernel, back to back (1000 submissions, then one wait),
// and the round trip of one submission and its wait. cohort's submissions go through the
// handler, the queue's dependency tracking and an event per command; the reference is
// `empty<<<1, 1, 0, stream>>>()` (and cudaStreamSynchronize). Ratio = plain CUDA's time /
// cohort's (below 1: cohort's command costs more). Median of `repeats` batches.
#include <chrono>
#include <cstdio>
#include <vector>

#include "common.cuh"

namespace cbench {
namespace {

__global__ void empty_kernel() {}

struct empty_task {
  COHORT_FUNCTION void operator()() const {}
};

constexpr int batch = 1000;

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

template <typename Batch>
double median_batch(int repeats, Batch&& run) {
  run();  // warm-up
  std::vector<double> t;
  for (int k = 0; k < repeats; ++k) t.push_back(run());
  return median(t);
}

void command_overhead(const cohort::device& device, const options& o) {
  std::printf("command_overhead\n");
  const int repeats = o.tiny ? 2 : o.repeats;
  const int count = o.tiny ? 10 : batch;
  cudaStream_t stream = reference_stream();
  const double plain_submit = median_batch(repeats, [&] {
    const auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < count; ++i) empty_kernel<<<1, 1, 0, stream>>>();
    const double s = seconds_since(t0) / count;
    check(cudaStreamSynchronize(stream), "empty kernels");
    return s;
  });
  const double plain_round_trip = median_batch(repeats, [&] {
    const auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < count; ++i) {
      empty_kernel<<<1, 1, 0, stream>>>();
      check(cudaStreamSynchronize(stream), "an empty kernel");
    }
    return seconds_since(t0) / count;
  });

  auto add = [&](const char* benchmark, const char* variant, double cohort_seconds, double plain_seconds) {
    row r{benchmark, variant, "-", 1, cohort_seconds, plain_seconds, 1.0 / cohort_seconds, true, "commands/s",
          static_cast<std::size_t>(count), "plain CUDA launch"};
    r.family = "command_overhead";
    r.model = true;
    rows().push_back(r);
    reference_row(r, "plain CUDA launch", plain_seconds, true, 1.0);
  };
  for (bool in_order : {false, true}) {
    cohort::queue q = in_order ? cohort::queue{device, cohort::property_list{cohort::property::queue::in_order{}}}
                               : cohort::queue{device};
    const double submit = median_batch(repeats, [&] {
      const auto t0 = std::chrono::steady_clock::now();
      for (int i = 0; i < count; ++i) q.single_task(empty_task{});
      const double s = seconds_since(t0) / count;
      q.wait_and_throw();
      return s;
    });
    const double round_trip = median_batch(repeats, [&] {
      const auto t0 = std::chrono::steady_clock::now();
      for (int i = 0; i < count; ++i) q.single_task(empty_task{}).wait_and_throw();
      return seconds_since(t0) / count;
    });
    add("command_overhead/submit", in_order ? "cohort single_task (in-order queue)" : "cohort single_task", submit,
        plain_submit);
    add("command_overhead/round_trip", in_order ? "cohort single_task + wait (in-order queue)" : "cohort single_task + wait",
        round_trip, plain_round_trip);
    std::printf("  %s: submit %.2f us (plain %.2f us), round trip %.2f us (plain %.2f us)\n",
                in_order ? "in-order" : "default", submit * 1e6, plain_submit * 1e6, round_trip * 1e6,
                plain_round_trip * 1e6);
  }
}

static algorithm_registration reg{"command_overhead", &command_overhead};

}  // namespace
}  // namespace cbench
