// SPDX-License-Identifier: MIT
// Stream: copy and triad (fp64) as range and nd_range kernels against plain CUDA kernels and
// cudaMemcpy device to device. Host-clock timing (median_seconds), as in the first GPU
// results.
#include <cstdio>
#include <string>
#include <vector>

#include "common.cuh"

namespace cbench {

namespace {

__global__ void cuda_copy(const double* a, double* c, std::size_t n) {
  const std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i];
}
__global__ void cuda_triad(double* a, const double* b, const double* c, std::size_t n) {
  const std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n) a[i] = b[i] + 0.4 * c[i];
}

}  // namespace

void stream(cohort::queue& q, const options& o) {
  const std::size_t n = o.pick(std::size_t{1} << 27, std::size_t{1} << 22, std::size_t{1} << 14);
  const int repeats = o.repeats;
  std::printf("stream (%zu elements)\n", n);
  std::fflush(stdout);
  double* a = cohort::malloc_device<double>(n, q);
  double* b = cohort::malloc_device<double>(n, q);
  double* c = cohort::malloc_device<double>(n, q);
  std::vector<double> init(n);
  for (std::size_t i = 0; i < n; ++i) init[i] = 1.0 + static_cast<double>(i % 16) * 0.0625;
  q.copy(init.data(), a, n).wait();
  q.copy(init.data(), b, n).wait();
  q.copy(init.data(), c, n).wait();
  const unsigned blocks = static_cast<unsigned>((n + 255) / 256);
  const double copy_bytes = 2.0 * n * sizeof(double), triad_bytes = 3.0 * n * sizeof(double);
  auto add = [&](const char* bench, const char* variant, double t, double t_ref, double bytes) {
    row r{bench, variant, "fp64", 256, t, t_ref, bytes / t, true};
    r.model = std::string(variant) == "range" || std::string(variant) == "nd_range";
    r.family = "stream";
    rows().push_back(r);
  };
  const double t_memcpy = median_seconds(
      [&] {
        check(cudaMemcpy(c, a, n * sizeof(double), cudaMemcpyDeviceToDevice), "memcpy");
        check(cudaDeviceSynchronize(), "memcpy");
      },
      repeats);
  const double t_copy_ref = median_seconds(
      [&] {
        cuda_copy<<<blocks, 256>>>(a, c, n);
        check(cudaDeviceSynchronize(), "copy");
      },
      repeats);
  add("stream copy", "cudaMemcpy (ceiling)", t_memcpy, t_copy_ref, copy_bytes);
  add("stream copy", "range",
      median_seconds([&] { q.parallel_for(cohort::range<1>{n}, COHORT_LAMBDA(cohort::id<1> i) { c[i[0]] = a[i[0]]; }).wait(); },
                     repeats),
      t_copy_ref, copy_bytes);
  add("stream copy", "nd_range",
      median_seconds(
          [&] {
            q.parallel_for(cohort::nd_range<1>{n, 256}, COHORT_LAMBDA(cohort::nd_item<1> it) {
               const std::size_t i = it.get_global_id(0);
               c[i] = a[i];
             }).wait();
          },
          repeats),
      t_copy_ref, copy_bytes);
  const double t_triad_ref = median_seconds(
      [&] {
        cuda_triad<<<blocks, 256>>>(a, b, c, n);
        check(cudaDeviceSynchronize(), "triad");
      },
      repeats);
  add("stream triad", "range",
      median_seconds(
          [&] {
            q.parallel_for(cohort::range<1>{n}, COHORT_LAMBDA(cohort::id<1> i) { a[i[0]] = b[i[0]] + 0.4 * c[i[0]]; })
                .wait();
          },
          repeats),
      t_triad_ref, triad_bytes);
  add("stream triad", "nd_range",
      median_seconds(
          [&] {
            q.parallel_for(cohort::nd_range<1>{n, 256}, COHORT_LAMBDA(cohort::nd_item<1> it) {
               const std::size_t i = it.get_global_id(0);
               a[i] = b[i] + 0.4 * c[i];
             }).wait();
          },
          repeats),
      t_triad_ref, triad_bytes);
  cohort::free(a, q);
  cohort::free(b, q);
  cohort::free(c, q);
}


}  // namespace cbench
