// SPDX-License-Identifier: MIT
// SYCL-Bench's Pattern_SegmentedReduction on the GPU (bench/segmented_reduction.cpp's
// algorithm): one kernel in which every work-group sums its own `local`-sized segment in
// place, writing the sum into the segment's first element and leaving the others untouched.
// The kernels are cohort-bench's too (bench/kernels/segmented_reduction.hpp). Reference: the
// same tree as a plain CUDA kernel (with rows for what each model's source adds: its
// barriers, and the whole source written as plain CUDA, `cuda_*_source`); ceiling: CUB's DeviceSegmentedReduce::Sum (the same
// reads, its sums written to an array of their own).
//
// Inputs are `i % 16`, restored before every run (the restore is also the poison: an
// unwritten segment keeps 0 in its first element while its sum is 1920). Sums are small
// integers, exact in every type and order, so the check is exact.
#include <cstdio>
#include <string>
#include <vector>

#include <cub/device/device_segmented_reduce.cuh>

#include "common.cuh"
#include "kernels/segmented_reduction.hpp"
#include "launch_kernels.cuh"

namespace cbench {

namespace {

/// Model: the barriers a kernel model adds (barriers_of).
template <typename T, barriers_of Model = barriers_of::plain>
__global__ void segments_cuda(T* v) {
  extern __shared__ __align__(16) unsigned char shared_bytes[];
  T* scratch = reinterpret_cast<T*>(shared_bytes);
  const unsigned tid = threadIdx.x;
  const std::size_t gid = static_cast<std::size_t>(blockIdx.x) * blockDim.x + tid;
  constexpr bool whole_group = Model == barriers_of::hierarchical_whole_group;
  constexpr bool hierarchical = Model == barriers_of::hierarchical || whole_group;
  if (hierarchical) __syncthreads();
  scratch[tid] = v[gid];
  for (unsigned half = blockDim.x / 2; half > 0; half /= 2) {
    __syncthreads();
    if (tid < half) scratch[tid] += scratch[tid + half];
    if (hierarchical) __syncthreads();
  }
  if (Model == barriers_of::scoped) __syncthreads();
  if (whole_group) __syncthreads();
  if (tid == 0) v[gid] = scratch[0];
  if (whole_group) __syncthreads();
}

/// The hierarchical source (kernels::segments_hierarchical) as plain CUDA: its
/// parallel_for_work_items between barriers, the steps' over run-time ranges (the thread's
/// item, then rounds of the block), with std::size_t counters, and the group-scope store
/// that every thread makes.
template <typename T>
__global__ void segments_hierarchical_source(T* v, std::size_t local) {
  extern __shared__ __align__(16) unsigned char shared_bytes[];
  T* scratch = reinterpret_cast<T*>(shared_bytes);
  const std::size_t me = threadIdx.x;
  T* seg = v + blockIdx.x * local;
  __syncthreads();
  if (me < blockDim.x) scratch[me] = seg[me];
  __syncthreads();
  for (std::size_t half = local / 2; half > 0; half /= 2) {
    __syncthreads();
    if (me < half) scratch[me] += scratch[me + half];
    for (std::size_t base = blockDim.x; base < half; base += blockDim.x)
      if (base + me < half) scratch[base + me] += scratch[base + me + half];
    __syncthreads();
  }
  seg[0] = scratch[0];
}

/// The scoped source (kernels::segments_scoped) as plain CUDA: the load and each step
/// followed by a barrier, std::size_t counters, the sum written by the block's first thread.
template <typename T>
__global__ void segments_scoped_source(T* v, std::size_t local) {
  extern __shared__ __align__(16) unsigned char shared_bytes[];
  T* scratch = reinterpret_cast<T*>(shared_bytes);
  const std::size_t lid = threadIdx.x, gid = blockIdx.x * local + lid;
  scratch[lid] = v[gid];
  __syncthreads();
  for (std::size_t half = local / 2; half > 0; half /= 2) {
    if (lid < half) scratch[lid] += scratch[lid + half];
    __syncthreads();
  }
  if (lid == 0) v[blockIdx.x * local] = scratch[0];
}

template <typename T>
T initial(std::size_t i) {
  return static_cast<T>(i % 16);
}

template <typename T>
void run_type(const cohort::device& device, const options& o) {
  const std::size_t n = o.pick(std::size_t{1} << 28, std::size_t{1} << 24, std::size_t{1} << 12);
  const std::size_t local = 256, segments = n / local;
  device_array<T> values(n), pristine(n), sums(segments);
  device_array<int> offsets(segments + 1);
  {
    std::vector<T> h(n);
    for (std::size_t i = 0; i < n; ++i) h[i] = initial<T>(i);
    pristine.upload(h);
    std::vector<int> off(segments + 1);
    for (std::size_t s = 0; s <= segments; ++s) off[s] = static_cast<int>(s * local);
    offsets.upload(off);
  }
  auto segment_sum = [&](std::size_t first) {
    double sum = 0;
    for (std::size_t j = first; j < first + local; ++j) sum += static_cast<double>(initial<T>(j));
    return sum;
  };
  auto restore = [&] {
    check(cudaMemcpy(values.get(), pristine.get(), n * sizeof(T), cudaMemcpyDeviceToDevice), "restoring the input");
  };
  auto verify = [&] {
    return check_array("segment", to_host(values.get(), n), [&](std::size_t i) {
      return i % local != 0 ? static_cast<double>(initial<T>(i)) : segment_sum(i);
    }, 0.0);
  };
  const double bytes = static_cast<double>(n) * sizeof(T);
  row base{"segmented_reduction", "", type_name<T>(), local, 0, 0, 0, false, "B/s", n, "cuda",
           "cub::DeviceSegmentedReduce::Sum"};

  auto plain = [&](auto kernel) {
    return [&, kernel](cudaStream_t s) {
      kernel<<<static_cast<unsigned>(segments), static_cast<unsigned>(local), local * sizeof(T), s>>>(values.get());
    };
  };
  const double t_ref = time_cuda(restore, plain(&segments_cuda<T>), o.repeats);
  const bool ref_ok = verify();
  const double t_hierarchical = time_cuda(restore, plain(&segments_cuda<T, barriers_of::hierarchical>), o.repeats);
  const bool hierarchical_ok = verify();
  const double t_scoped = time_cuda(restore, plain(&segments_cuda<T, barriers_of::scoped>), o.repeats);
  const bool scoped_ok = verify();
  const double t_whole_group =
      time_cuda(restore, plain(&segments_cuda<T, barriers_of::hierarchical_whole_group>), o.repeats);
  const bool whole_group_ok = verify();
  auto plain_source = [&](auto kernel) {
    return [&, kernel](cudaStream_t s) {
      kernel<<<static_cast<unsigned>(segments), static_cast<unsigned>(local), local * sizeof(T), s>>>(values.get(),
                                                                                                      local);
    };
  };
  const double t_hierarchical_source =
      time_cuda(restore, plain_source(&segments_hierarchical_source<T>), o.repeats);
  const bool hierarchical_source_ok = verify();
  const double t_scoped_source = time_cuda(restore, plain_source(&segments_scoped_source<T>), o.repeats);
  const bool scoped_source_ok = verify();
  std::size_t temp_bytes = 0;
  check(cub::DeviceSegmentedReduce::Sum(nullptr, temp_bytes, pristine.get(), sums.get(), static_cast<int>(segments),
                                        offsets.get(), offsets.get() + 1),
        "cub::DeviceSegmentedReduce::Sum (size)");
  device_array<unsigned char> temp(temp_bytes);
  const double t_cub = time_cuda([&] { sums.poison(); },
                                 [&](cudaStream_t s) {
                                   check(cub::DeviceSegmentedReduce::Sum(temp.get(), temp_bytes, pristine.get(),
                                                                         sums.get(), static_cast<int>(segments),
                                                                         offsets.get(), offsets.get() + 1, s),
                                         "cub");
                                 },
                                 o.repeats);
  const bool cub_ok =
      check_array("sums", to_host(sums.get(), segments), [&](std::size_t s) { return segment_sum(s * local); }, 0.0);
  base.reference_seconds = t_ref;
  base.ceiling_seconds = t_cub;
  reference_row(base, "cuda", t_ref, ref_ok, bytes,
                attributes_of(&segments_cuda<T>, static_cast<int>(local), static_cast<long long>(local * sizeof(T))));
  reference_row(base, "cub::DeviceSegmentedReduce::Sum", t_cub, cub_ok, bytes);
  reference_row(base, "cuda_barriers_of_hierarchical", t_hierarchical, hierarchical_ok, bytes,
                attributes_of(&segments_cuda<T, barriers_of::hierarchical>, static_cast<int>(local), static_cast<long long>(local * sizeof(T))));
  reference_row(base, "cuda_barriers_of_scoped", t_scoped, scoped_ok, bytes,
                attributes_of(&segments_cuda<T, barriers_of::scoped>, static_cast<int>(local), static_cast<long long>(local * sizeof(T))));
  reference_row(base, "cuda_barriers_of_hierarchical_whole_group", t_whole_group, whole_group_ok, bytes,
                attributes_of(&segments_cuda<T, barriers_of::hierarchical_whole_group>, static_cast<int>(local),
                              static_cast<long long>(local * sizeof(T))));
  reference_row(base, "cuda_hierarchical_source", t_hierarchical_source, hierarchical_source_ok, bytes,
                attributes_of(&segments_hierarchical_source<T>, static_cast<int>(local),
                              static_cast<long long>(local * sizeof(T))));
  reference_row(base, "cuda_scoped_source", t_scoped_source, scoped_source_ok, bytes,
                attributes_of(&segments_scoped_source<T>, static_cast<int>(local),
                              static_cast<long long>(local * sizeof(T))));

  auto model = [&](const char* name, auto launch) {
    row r = base;
    r.variant = name;
    model_variant(
        device, r, o.repeats, bytes, restore,
        [&](cohort::queue& q, kernel_info* info) {
          const cohort::event e = launch(q, values.get(), n, local, attributes_probe{info});
          return std::make_pair(e, e);
        },
        verify);
  };
  model("nd_range", [](auto&&... a) { return kernels::segments_nd_range<T>(a...); });
  model("hierarchical", [](auto&&... a) { return kernels::segments_hierarchical<T>(a...); });
  model("scoped", [](auto&&... a) { return kernels::segments_scoped<T>(a...); });
  model("nd_range_int", [](auto&&... a) { return kernels::segments_nd_range<T, int>(a...); });
  model("hierarchical_whole_group", [](auto&&... a) { return kernels::segments_hierarchical_whole_group<T>(a...); });
  model("scoped_int", [](auto&&... a) { return kernels::segments_scoped_int<T>(a...); });
}

}  // namespace

void segmented_reduction(const cohort::device& device, const options& o) {
  std::printf("segmented_reduction\n");
  run_type<int>(device, o);
  run_type<float>(device, o);
  run_type<double>(device, o);
}

}  // namespace cbench
