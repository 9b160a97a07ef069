// SPDX-License-Identifier: MIT
// SYCL-Bench's Pattern_Reduction on the GPU (bench/reduction.cpp's algorithm): a full sum by
// a multi-pass tree. Each pass runs ceil(n / local) groups; a group loads its chunk into
// local memory, halves it in a barrier tree and writes one value; the passes ping-pong
// between two buffers until one value is left, all of them in the timed run. The kernels
// are cohort-bench's too (bench/kernels/reduction.hpp). Reference: the same passes as a
// plain CUDA kernel (dynamic shared memory, run-time block size, the same barrier tree,
// 32-bit counters; rows with what each model's source adds: its barriers, its std::size_t
// counters, and the whole source written as plain CUDA, `cuda_*_source`, to tell what the
// source costs from what the library costs); ceiling: CUB's DeviceReduce::Sum.
//
// Inputs are `i % m` (m = 16, halved until the int32 sum fits; m = 2 for float). int32 and
// double sums are exact in any order, so they are checked for equality. Float: every
// partial sum is an integer, exact below 2^24; an addition above that rounds by at most
// 2^-24 relative, and no result passes through more than about log2(n) such additions (the
// tree's upper levels, CUB's block tree over its partial sums), so 1e-5 relative is sound.
#include <cstdio>
#include <cstdint>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include <cub/device/device_reduce.cuh>

#include "common.cuh"
#include "kernels/reduction.hpp"
#include "launch_kernels.cuh"

namespace cbench {

namespace {

/// One pass of the reference: out[block] = sum of in[block*B .. block*B+B) (zero past n).
/// Model: the barriers a kernel model adds (barriers_of). Counter: the type of the local
/// id and the step (the kernel models' source, as SYCL code, has std::size_t). The range
/// tests run over `local` (the block size, a kernel argument as in the models' source,
/// so the compiler cannot drop them).
template <typename T, barriers_of Model = barriers_of::plain, typename Counter = unsigned>
__global__ void reduce_pass_cuda(const T* in, T* out, std::size_t n, std::size_t local) {
  extern __shared__ __align__(16) unsigned char shared_bytes[];
  T* scratch = reinterpret_cast<T*>(shared_bytes);
  const Counter tid = threadIdx.x;
  const std::size_t gid = static_cast<std::size_t>(blockIdx.x) * blockDim.x + tid;
  constexpr bool range_tests = Model == barriers_of::hierarchical_range;
  constexpr bool whole_group = Model == barriers_of::hierarchical_whole_group;
  constexpr bool hierarchical = Model == barriers_of::hierarchical || range_tests || whole_group;
  if (hierarchical) __syncthreads();
  scratch[tid] = gid < n ? in[gid] : T(0);
  for (Counter half = (range_tests ? static_cast<Counter>(local) : blockDim.x) / 2; half > 0; half /= 2) {
    __syncthreads();
    if (tid < half) scratch[tid] += scratch[tid + half];
    if (range_tests)
      for (Counter base = blockDim.x; base < half; base += blockDim.x)
        if (base + tid < half) scratch[base + tid] += scratch[base + tid + half];
    if (hierarchical) __syncthreads();
  }
  if (Model == barriers_of::scoped) __syncthreads();
  if (whole_group) __syncthreads();
  if (tid == 0) out[blockIdx.x] = scratch[0];
  if (whole_group) __syncthreads();
}

/// The items of a parallel_for_work_item over `count` logical items on a block whose every
/// thread runs the group's code: the thread's own, then rounds of the block.
template <typename F>
__device__ void for_items_of_block(std::size_t count, F f) {
  const std::size_t me = threadIdx.x;
  if (me < count) f(me);
  for (std::size_t base = blockDim.x; base < count; base += blockDim.x)
    if (base + me < count) f(base + me);
}

/// The hierarchical source (kernels::pass_hierarchical) as plain CUDA: its
/// parallel_for_work_items, each between two barriers, over their run-time ranges, the
/// zero-filling second load of a partial group, and the group-scope store that every
/// thread makes.
template <typename T>
__global__ void reduce_pass_hierarchical_source(const T* in, T* out, std::size_t n, std::size_t local) {
  extern __shared__ __align__(16) unsigned char shared_bytes[];
  T* scratch = reinterpret_cast<T*>(shared_bytes);
  const std::size_t base = blockIdx.x * local;
  const std::size_t valid = n - base < local ? n - base : local;
  __syncthreads();
  for_items_of_block(valid, [&](std::size_t i) { scratch[i] = in[base + i]; });
  __syncthreads();
  if (valid < local) {
    __syncthreads();
    for_items_of_block(local - valid, [&](std::size_t i) { scratch[valid + i] = T(0); });
    __syncthreads();
  }
  for (std::size_t half = local / 2; half > 0; half /= 2) {
    __syncthreads();
    for_items_of_block(half, [&](std::size_t i) { scratch[i] += scratch[i + half]; });
    __syncthreads();
  }
  out[blockIdx.x] = scratch[0];
}

/// The scoped source (kernels::pass_scoped) as plain CUDA: a load for full groups and one
/// for the partial last group, each step, each followed by a barrier, and the result
/// written by the block's first thread.
template <typename T>
__global__ void reduce_pass_scoped_source(const T* in, T* out, std::size_t n, std::size_t local) {
  extern __shared__ __align__(16) unsigned char shared_bytes[];
  T* scratch = reinterpret_cast<T*>(shared_bytes);
  const std::size_t lid = threadIdx.x, base = blockIdx.x * local, gid = base + lid;
  if (base + local <= n) {
    scratch[lid] = in[gid];
    __syncthreads();
  } else {
    scratch[lid] = gid < n ? in[gid] : T(0);
    __syncthreads();
  }
  for (std::size_t half = local / 2; half > 0; half /= 2) {
    if (lid < half) scratch[lid] += scratch[lid + half];
    __syncthreads();
  }
  if (lid == 0) out[blockIdx.x] = scratch[0];
}

/// Exact sum of i % m for i < n.
inline std::int64_t exact_sum(std::size_t n, std::size_t m) {
  const auto full = static_cast<std::int64_t>(n / m), rest = static_cast<std::int64_t>(n % m);
  const auto mm = static_cast<std::int64_t>(m);
  return full * (mm * (mm - 1) / 2) + rest * (rest - 1) / 2;
}

template <typename T>
void run_type(const cohort::device& device, const options& o) {
  const std::size_t n = o.pick(std::size_t{1} << 28, std::size_t{1} << 24, std::size_t{5000});
  const std::size_t local = 256;
  std::size_t m = std::is_same_v<T, float> ? 2 : 16;
  while (m > 2 && exact_sum(n, m) > std::numeric_limits<std::int32_t>::max()) m /= 2;
  const double expected = static_cast<double>(exact_sum(n, m));
  const double tolerance = std::is_same_v<T, float> ? 1e-5 : 0.0;

  device_array<T> in(n), ping((n + local - 1) / local), pong((n + local - 1) / local), sum(1);
  {
    std::vector<T> h(n);
    for (std::size_t i = 0; i < n; ++i) h[i] = static_cast<T>(i & (m - 1));
    in.upload(h);
  }
  const T* result = nullptr;  // where the last run left its sum
  auto prepare = [&] {
    ping.poison();
    pong.poison();
    sum.poison();
  };
  auto verify = [&] {
    return check_array("sum", to_host(result, 1), [&](std::size_t) { return expected; }, tolerance);
  };
  const double bytes = static_cast<double>(n) * sizeof(T);
  row base{"reduction", "", type_name<T>(), local, 0, 0, 0, false, "B/s", n, "cuda", "cub::DeviceReduce::Sum"};

  // The reference: the same passes as plain CUDA kernels.
  auto plain_passes = [&](auto kernel) {
    return [&, kernel](cudaStream_t s) {
      const T* from = in.get();
      T* to = ping.get();
      T* other = pong.get();
      std::size_t left = n;
      do {
        const std::size_t groups = (left + local - 1) / local;
        kernel<<<static_cast<unsigned>(groups), static_cast<unsigned>(local), local * sizeof(T), s>>>(from, to, left,
                                                                                                  local);
        left = groups;
        from = to;
        std::swap(to, other);
      } while (left > 1);
      result = from;
    };
  };
  const double t_ref = time_cuda(prepare, plain_passes(&reduce_pass_cuda<T>), o.repeats);
  // The ceiling: CUB's device-wide sum.
  std::size_t temp_bytes = 0;
  check(cub::DeviceReduce::Sum(nullptr, temp_bytes, in.get(), sum.get(), n), "cub::DeviceReduce::Sum (size)");
  device_array<unsigned char> temp(temp_bytes);
  const bool ref_ok = verify();
  const double t_hierarchical = time_cuda(prepare, plain_passes(&reduce_pass_cuda<T, barriers_of::hierarchical>), o.repeats);
  const bool hierarchical_ok = verify();
  const double t_scoped = time_cuda(prepare, plain_passes(&reduce_pass_cuda<T, barriers_of::scoped>), o.repeats);
  const bool scoped_ok = verify();
  const double t_wide = time_cuda(prepare, plain_passes(&reduce_pass_cuda<T, barriers_of::plain, std::size_t>), o.repeats);
  const bool wide_ok = verify();
  // What each model adds together with its source's std::size_t counters.
  const double t_wide_hierarchical =
      time_cuda(prepare, plain_passes(&reduce_pass_cuda<T, barriers_of::hierarchical, std::size_t>), o.repeats);
  const bool wide_hierarchical_ok = verify();
  const double t_wide_scoped =
      time_cuda(prepare, plain_passes(&reduce_pass_cuda<T, barriers_of::scoped, std::size_t>), o.repeats);
  const bool wide_scoped_ok = verify();
  const double t_wide_range = time_cuda(
      prepare, plain_passes(&reduce_pass_cuda<T, barriers_of::hierarchical_range, std::size_t>), o.repeats);
  const bool wide_range_ok = verify();
  const double t_whole_group =
      time_cuda(prepare, plain_passes(&reduce_pass_cuda<T, barriers_of::hierarchical_whole_group>), o.repeats);
  const bool whole_group_ok = verify();
  const double t_hierarchical_source =
      time_cuda(prepare, plain_passes(&reduce_pass_hierarchical_source<T>), o.repeats);
  const bool hierarchical_source_ok = verify();
  const double t_scoped_source = time_cuda(prepare, plain_passes(&reduce_pass_scoped_source<T>), o.repeats);
  const bool scoped_source_ok = verify();
  const double t_cub = time_cuda(
      prepare,
      [&](cudaStream_t s) { check(cub::DeviceReduce::Sum(temp.get(), temp_bytes, in.get(), sum.get(), n, s), "cub"); },
      o.repeats);
  result = sum.get();
  const bool cub_ok = verify();
  base.reference_seconds = t_ref;
  base.ceiling_seconds = t_cub;
  reference_row(base, "cuda", t_ref, ref_ok, bytes,
                attributes_of(&reduce_pass_cuda<T>, static_cast<int>(local), static_cast<long long>(local * sizeof(T))));
  reference_row(base, "cub::DeviceReduce::Sum", t_cub, cub_ok, bytes);
  reference_row(base, "cuda_barriers_of_hierarchical", t_hierarchical, hierarchical_ok, bytes,
                attributes_of(&reduce_pass_cuda<T, barriers_of::hierarchical>, static_cast<int>(local),
                              static_cast<long long>(local * sizeof(T))));
  reference_row(base, "cuda_size_t_counters", t_wide, wide_ok, bytes,
                attributes_of(&reduce_pass_cuda<T, barriers_of::plain, std::size_t>, static_cast<int>(local),
                              static_cast<long long>(local * sizeof(T))));
  reference_row(base, "cuda_barriers_of_scoped", t_scoped, scoped_ok, bytes,
                attributes_of(&reduce_pass_cuda<T, barriers_of::scoped>, static_cast<int>(local),
                              static_cast<long long>(local * sizeof(T))));
  reference_row(base, "cuda_size_t_counters_barriers_of_hierarchical", t_wide_hierarchical, wide_hierarchical_ok,
                bytes,
                attributes_of(&reduce_pass_cuda<T, barriers_of::hierarchical, std::size_t>, static_cast<int>(local),
                              static_cast<long long>(local * sizeof(T))));
  reference_row(base, "cuda_size_t_counters_barriers_of_scoped", t_wide_scoped, wide_scoped_ok, bytes,
                attributes_of(&reduce_pass_cuda<T, barriers_of::scoped, std::size_t>, static_cast<int>(local),
                              static_cast<long long>(local * sizeof(T))));
  reference_row(base, "cuda_size_t_counters_barriers_and_range_of_hierarchical", t_wide_range, wide_range_ok, bytes,
                attributes_of(&reduce_pass_cuda<T, barriers_of::hierarchical_range, std::size_t>,
                              static_cast<int>(local), static_cast<long long>(local * sizeof(T))));
  reference_row(base, "cuda_barriers_of_hierarchical_whole_group", t_whole_group, whole_group_ok, bytes,
                attributes_of(&reduce_pass_cuda<T, barriers_of::hierarchical_whole_group>, static_cast<int>(local),
                              static_cast<long long>(local * sizeof(T))));
  reference_row(base, "cuda_hierarchical_source", t_hierarchical_source, hierarchical_source_ok, bytes,
                attributes_of(&reduce_pass_hierarchical_source<T>, static_cast<int>(local),
                              static_cast<long long>(local * sizeof(T))));
  reference_row(base, "cuda_scoped_source", t_scoped_source, scoped_source_ok, bytes,
                attributes_of(&reduce_pass_scoped_source<T>, static_cast<int>(local),
                              static_cast<long long>(local * sizeof(T))));

  // The kernel models: the same passes on a cohort queue.
  auto model = [&](const char* name, auto pass) {
    row r = base;
    r.variant = name;
    model_variant(
        device, r, o.repeats, bytes, prepare,
        [&](cohort::queue& q, kernel_info* info) {
          const T* from = in.get();
          T* to = ping.get();
          T* other = pong.get();
          std::size_t left = n;
          cohort::event first, last;
          bool is_first = true;
          do {
            last = pass(q, last, from, to, left, local, attributes_probe{is_first ? info : nullptr});
            if (is_first) first = last;
            is_first = false;
            left = (left + local - 1) / local;
            from = to;
            std::swap(to, other);
          } while (left > 1);
          result = from;
          return std::make_pair(first, last);
        },
        verify);
  };
  model("nd_range", [](auto&&... a) { return kernels::pass_nd_range<T>(a...); });
  model("hierarchical", [](auto&&... a) { return kernels::pass_hierarchical<T>(a...); });
  model("scoped", [](auto&&... a) { return kernels::pass_scoped<T>(a...); });
  model("nd_range_int", [](auto&&... a) { return kernels::pass_nd_range<T, int>(a...); });
  model("hierarchical_whole_group", [](auto&&... a) { return kernels::pass_hierarchical_whole_group<T>(a...); });
  model("scoped_int", [](auto&&... a) { return kernels::pass_scoped_int<T>(a...); });
}

}  // namespace

void reduction(const cohort::device& device, const options& o) {
  std::printf("reduction\n");
  run_type<int>(device, o);
  run_type<float>(device, o);
  run_type<double>(device, o);
}

}  // namespace cbench
