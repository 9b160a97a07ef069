// SPDX-License-Identifier: MIT
// The seed study of integer sum reductions in SYCL, reproduced: the hand-tuned kernel with
// its parameters swept, beside the library call and the fastest known implementations.
//
// The study's kernel, written as SYCL code writes it (an nd_range functor on cohort): each
// work-item loads L vectors of N ints (vec<int, N>, one vector load each; the vectors of
// the L steps are a grid apart, so every step is coalesced), adds their lanes, and the
// group sums the items' values in a local-memory tree; the leader adds the group's sum to
// the result with one device-scope atomic. N in {1, 2, 4, 8}, L in {1, 2, 4, 8, 16}, group
// size in {64, 128, 256, 512, 1024}, at every size. The timed run includes zeroing the
// result (a memset command), as the study's did.
//
// Beside it, in the same run: cohort::reduce (the library call), the SYCL 2020 reduction
// interface (parallel_for(range, reduction)), both timed with CUDA events on the queue's
// stream around the call (call_row), cub::DeviceReduce::Sum with preallocated
// scratch (the reference of the ratios) and thrust::reduce (which allocates and
// synchronises per call). Inputs are i % 7 - 3, so every sum is exact and checked.
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include <cub/device/device_reduce.cuh>
#include <thrust/execution_policy.h>
#include <thrust/reduce.h>

#include <cohort/algorithm/reduce.hpp>

#include "common.cuh"

namespace cbench {

namespace {

template <int N, int L>
struct study_kernel {
  const int* in;
  std::size_t n;
  int* result;
  cohort::local_accessor<int, 1> scratch;

  COHORT_FUNCTION void operator()(cohort::nd_item<1> it) const {
    using vector = cohort::vec<int, N>;
    const std::size_t lid = it.get_local_id(0), groups_items = it.get_global_range(0);
    vector acc(0);
    for (int l = 0; l < L; ++l) {
      const std::size_t first = (it.get_global_id(0) + static_cast<std::size_t>(l) * groups_items) * N;
      if (first + N <= n) {
        acc += *reinterpret_cast<const vector*>(in + first);
      } else {
        for (int k = 0; k < N; ++k)
          if (first + k < n) acc[k] += in[first + k];
      }
    }
    int sum = 0;
    for (int k = 0; k < N; ++k) sum += acc[k];
    scratch[lid] = sum;
    for (std::size_t half = it.get_local_range(0) / 2; half > 0; half /= 2) {
      it.barrier(cohort::access::fence_space::local_space);
      if (lid < half) scratch[lid] += scratch[lid + half];
    }
    if (lid == 0)
      cohort::atomic_ref<int, cohort::memory_order::relaxed, cohort::memory_scope::device>(*result).fetch_add(
          scratch[0]);
  }
};

struct sum_kernel {
  const int* in;
  template <typename Reducer>
  COHORT_FUNCTION void operator()(cohort::id<1> i, Reducer& sum) const {
    sum += in[i[0]];
  }
};

struct study_config {
  int vector_width, items_per_item;
  std::size_t group;
};

/// Submits the study's kernel for one configuration; returns the memset's and the kernel's events.
template <int N, int L>
std::pair<cohort::event, cohort::event> submit_study(cohort::queue& q, const int* in, std::size_t n, int* result,
                                                     std::size_t group) {
  const std::size_t per_group = group * N * L;
  const std::size_t groups = n == 0 ? 1 : (n + per_group - 1) / per_group;
  cohort::event zero = q.memset(result, 0, sizeof(int));
  cohort::event run = q.submit([&](cohort::handler& h) {
    h.depends_on(zero);
    cohort::local_accessor<int, 1> scratch(cohort::range<1>(group), h);
    h.parallel_for(cohort::nd_range<1>(groups * group, group), study_kernel<N, L>{in, n, result, scratch});
  });
  return {zero, run};
}

template <int N>
std::pair<cohort::event, cohort::event> submit_study_l(cohort::queue& q, const int* in, std::size_t n, int* result,
                                                       int items, std::size_t group) {
  switch (items) {
    case 1: return submit_study<N, 1>(q, in, n, result, group);
    case 2: return submit_study<N, 2>(q, in, n, result, group);
    case 4: return submit_study<N, 4>(q, in, n, result, group);
    case 8: return submit_study<N, 8>(q, in, n, result, group);
    default: return submit_study<N, 16>(q, in, n, result, group);
  }
}

std::pair<cohort::event, cohort::event> submit_study_config(cohort::queue& q, const int* in, std::size_t n,
                                                            int* result, const study_config& c) {
  switch (c.vector_width) {
    case 1: return submit_study_l<1>(q, in, n, result, c.items_per_item, c.group);
    case 2: return submit_study_l<2>(q, in, n, result, c.items_per_item, c.group);
    case 4: return submit_study_l<4>(q, in, n, result, c.items_per_item, c.group);
    default: return submit_study_l<8>(q, in, n, result, c.items_per_item, c.group);
  }
}

std::int64_t exact_sum(std::size_t n) {
  std::int64_t s = 0;
  for (std::size_t r = 0; r < 7; ++r) {
    const std::size_t count = n > r ? (n - r + 6) / 7 : 0;  // i < n with i % 7 == r
    s += static_cast<std::int64_t>(count) * (static_cast<std::int64_t>(r) - 3);
  }
  return s;
}

void run_size(const cohort::device& device, const options& o, std::size_t n) {
  device_array<int> in(n == 0 ? 1 : n), sum(1);
  {
    std::vector<int> h(n);
    for (std::size_t i = 0; i < n; ++i) h[i] = static_cast<int>(i % 7) - 3;
    if (n) in.upload(h);
  }
  const auto expected = static_cast<double>(exact_sum(n));
  auto prepare = [&] { sum.poison(); };
  auto verify = [&] { return check_array("sum", to_host(sum.get(), 1), [&](std::size_t) { return expected; }, 0.0); };
  const double bytes = static_cast<double>(n) * sizeof(int);
  row base{"reduction_study", "", "int32", 0, 0, 0, 0, false, "B/s", n, "cub::DeviceReduce::Sum", "cub::DeviceReduce::Sum"};

  std::size_t temp_bytes = 0;
  check(cub::DeviceReduce::Sum(nullptr, temp_bytes, in.get(), sum.get(), n), "cub::DeviceReduce::Sum (size)");
  device_array<unsigned char> temp(temp_bytes == 0 ? 1 : temp_bytes);
  const double t_cub = time_cuda(
      prepare,
      [&](cudaStream_t s) { check(cub::DeviceReduce::Sum(temp.get(), temp_bytes, in.get(), sum.get(), n, s), "cub"); },
      o.repeats);
  const bool cub_ok = verify();
  const double t_thrust = time_cuda(
      prepare,
      [&](cudaStream_t s) {
        const int total = thrust::reduce(thrust::cuda::par.on(s), in.get(), in.get() + n, 0);
        check(cudaMemcpyAsync(sum.get(), &total, sizeof(int), cudaMemcpyHostToDevice, s), "storing thrust's sum");
        check(cudaStreamSynchronize(s), "thrust");
      },
      o.repeats);
  const bool thrust_ok = verify();
  base.reference_seconds = base.ceiling_seconds = t_cub;
  reference_row(base, "cub::DeviceReduce::Sum", t_cub, cub_ok, bytes);
  reference_row(base, "thrust::reduce", t_thrust, thrust_ok, bytes);

  // The sweep: every configuration timed; the fastest becomes the study's row.
  std::vector<study_config> configs;
  for (int v : {1, 2, 4, 8})
    for (int l : {1, 2, 4, 8, 16})
      for (std::size_t g : {64, 128, 256, 512, 1024})
        if (!o.tiny || ((v == 1 || v == 8) && (l == 1 || l == 16) && (g == 64 || g == 1024)))
          configs.push_back({v, l, g});
  const int sweep_repeats = o.tiny ? 1 : 5;
  double best = 0;
  study_config best_config = configs.front();
  std::printf("  reduction_study n=%zu: GB/s per configuration (N x L, group size)\n", n);
  for (const study_config& c : configs) {
    try {
      const double t = time_cohort(
          device, prepare,
          [&](cohort::queue& q, bool) { return submit_study_config(q, in.get(), n, sum.get(), c); }, sweep_repeats);
      if (!verify()) {
        std::printf("    N=%d L=%d G=%zu: wrong sum\n", c.vector_width, c.items_per_item, c.group);
        continue;
      }
      std::printf("    N=%d L=%-2d G=%-4zu %8.1f\n", c.vector_width, c.items_per_item, c.group, bytes / t * 1e-9);
      if (best == 0 || t < best) {
        best = t;
        best_config = c;
      }
    } catch (const cohort::exception& e) {
      std::printf("    N=%d L=%d G=%zu: %s\n", c.vector_width, c.items_per_item, c.group, e.what());
    }
  }
  {
    row r = base;
    r.variant = "study_best_N" + std::to_string(best_config.vector_width) + "_L" +
                std::to_string(best_config.items_per_item) + "_G" + std::to_string(best_config.group);
    r.group = best_config.group;
    model_variant(device, r, o.repeats, bytes, prepare,
                  [&](cohort::queue& q, kernel_info*) { return submit_study_config(q, in.get(), n, sum.get(), best_config); },
                  verify);
  }
  {
    row r = base;
    r.variant = "cohort::reduce";
    call_row(device, r, o.repeats, bytes, prepare,
             [&](cohort::queue& q, const cohort::event& start) {
               return cohort::reduce(q, in.get(), in.get() + n, sum.get(), 0, cohort::plus<int>(), {start});
             },
             verify);
  }
  {
    row r = base;
    r.variant = "reduction_interface";
    call_row(device, r, o.repeats, bytes, prepare,
             [&](cohort::queue& q, const cohort::event& start) {
               return q.submit([&](cohort::handler& h) {
                 h.depends_on(start);
                 h.parallel_for(cohort::range<1>(n),
                                cohort::reduction(sum.get(), cohort::plus<int>(),
                                                  cohort::property_list{
                                                      cohort::property::reduction::initialize_to_identity{}}),
                                sum_kernel{in.get()});
               });
             },
             verify);
  }
}

void reduction_study(const cohort::device& device, const options& o) {
  std::printf("reduction_study\n");
  const std::vector<std::size_t> sizes = o.tiny    ? std::vector<std::size_t>{1000, 5003}
                                         : o.quick ? std::vector<std::size_t>{1 << 10, 1 << 20}
                                                   : std::vector<std::size_t>{1 << 10, 1 << 16, 1 << 20, 1 << 24, 1 << 28};
  for (std::size_t n : sizes) run_size(device, o, n);
}

algorithm_registration registration{"algorithm_reduction_study", &reduction_study};

}  // namespace

}  // namespace cbench
