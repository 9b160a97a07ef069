// SPDX-License-Identifier: MIT
// cohort-bench-cuda: cohort's kernels on an NVIDIA GPU against their CUDA references, in
// one process and one run:
//   group collectives  reduce_over_group / inclusive_scan_over_group / exclusive_scan_over_group
//                      on work-groups (run-time size, and work_group_size<N>) against CUB's
//                      BlockReduce (plus a broadcast) / BlockScan at the same block size,
//                      and on sub-groups against WarpReduce / WarpScan; int32, fp32, fp64
//   stream             copy and triad as range and nd_range kernels against plain CUDA
//                      kernels and cudaMemcpy device to device
// Each work-item loads one value and runs `rounds` dependent collectives on it (so the
// collective, not memory, is measured), then stores it; results are checked against the
// reference kernel's (exactly for int32, to a relative 1e-5 for floating point).
// Usage: cohort-bench-cuda [--csv FILE] [--quick | --tiny]
//   --tiny: every kernel once on a few thousand items (for compute-sanitizer runs)
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>
#include <cub/warp/warp_reduce.cuh>
#include <cub/warp/warp_scan.cuh>
#include <cuda/std/functional>

#include <cohort/cohort.hpp>

namespace {

void check(cudaError_t e, const char* what) {
  if (e != cudaSuccess) {
    std::fprintf(stderr, "%s: %s\n", what, cudaGetErrorString(e));
    std::exit(1);
  }
}

constexpr int rounds = 32;

enum class algo { reduce, inclusive_scan, exclusive_scan };
const char* name_of(algo a) {
  return a == algo::reduce ? "reduce" : a == algo::inclusive_scan ? "inclusive_scan" : "exclusive_scan";
}

/// The next value of a round: keeps floating-point values near 1 and integers changing.
template <typename T>
__host__ __device__ T next_value(T collective, T own) {
  if constexpr (std::is_integral_v<T>)
    return collective - own + 1;
  else
    return collective * T(0.001) + own * T(0.5);
}

// ---- CUB references -------------------------------------------------------------------

template <typename T, int B, algo A>
__global__ void cub_block(const T* in, T* out) {
  using reduce_t = cub::BlockReduce<T, B>;
  using scan_t = cub::BlockScan<T, B, cub::BLOCK_SCAN_WARP_SCANS>;
  __shared__ union {
    typename reduce_t::TempStorage reduce;
    typename scan_t::TempStorage scan;
  } temp;
  __shared__ T broadcast;
  const std::size_t i = static_cast<std::size_t>(blockIdx.x) * B + threadIdx.x;
  T v = in[i];
  for (int r = 0; r < rounds; ++r) {
    T c;
    if constexpr (A == algo::reduce) {
      const T s = reduce_t(temp.reduce).Sum(v);
      if (threadIdx.x == 0) broadcast = s;
      __syncthreads();
      c = broadcast;
    } else if constexpr (A == algo::inclusive_scan) {
      scan_t(temp.scan).InclusiveSum(v, c);
      __syncthreads();
    } else {
      scan_t(temp.scan).ExclusiveScan(v, c, T(0), cuda::std::plus<>{});
      __syncthreads();
    }
    v = next_value(c, v);
  }
  out[i] = v;
}

template <typename T, algo A>
__global__ void cub_warp(const T* in, T* out) {
  __shared__ typename cub::WarpReduce<T>::TempStorage reduce_temp[32];
  __shared__ typename cub::WarpScan<T>::TempStorage scan_temp[32];
  const std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  const unsigned warp = threadIdx.x / 32;
  T v = in[i];
  for (int r = 0; r < rounds; ++r) {
    T c;
    if constexpr (A == algo::reduce) {
      c = __shfl_sync(0xffffffffu, cub::WarpReduce<T>(reduce_temp[warp]).Sum(v), 0);
    } else if constexpr (A == algo::inclusive_scan) {
      cub::WarpScan<T>(scan_temp[warp]).InclusiveSum(v, c);
    } else {
      cub::WarpScan<T>(scan_temp[warp]).ExclusiveScan(v, c, T(0), cuda::std::plus<>{});
    }
    v = next_value(c, v);
  }
  out[i] = v;
}

// ---- cohort kernels --------------------------------------------------------------------

template <typename T, algo A, typename Group>
__host__ __device__ T cohort_round(const Group& g, T v) {
  if constexpr (A == algo::reduce)
    return cohort::reduce_over_group(g, v, cohort::plus<T>());
  else if constexpr (A == algo::inclusive_scan)
    return cohort::inclusive_scan_over_group(g, v, cohort::plus<T>());
  else
    return cohort::exclusive_scan_over_group(g, v, T(0), cohort::plus<T>());
}

template <typename T, algo A, bool SubGroup, typename Props>
void cohort_collectives(cohort::queue& q, const T* in, T* out, std::size_t n, std::size_t local, Props props) {
  q.parallel_for(cohort::nd_range<1>{n, local}, props, COHORT_LAMBDA(cohort::nd_item<1> it) {
    const std::size_t i = it.get_global_id(0);
    T v = in[i];
    for (int r = 0; r < rounds; ++r) {
      T c;
      if constexpr (SubGroup)
        c = cohort_round<T, A>(it.get_sub_group(), v);
      else
        c = cohort_round<T, A>(it.get_group(), v);
      v = next_value(c, v);
    }
    out[i] = v;
  });
}

// ---- timing ----------------------------------------------------------------------------

/// Median of `repeats` timings of `run()` (which launches and waits), in seconds.
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

struct row {
  std::string benchmark, variant, type;
  std::size_t group;
  double seconds, reference_seconds, rate;  // rate: items x rounds per second
  bool verified;
};
std::vector<row> rows;

template <typename T>
bool same(const std::vector<T>& a, const std::vector<T>& b) {
  for (std::size_t i = 0; i < a.size(); ++i) {
    if constexpr (std::is_integral_v<T>) {
      if (a[i] != b[i]) return false;
    } else {
      const double d = std::abs(static_cast<double>(a[i]) - static_cast<double>(b[i]));
      if (!(d <= 1e-5 * std::max(1.0, std::abs(static_cast<double>(b[i]))))) return false;
    }
  }
  return true;
}

template <typename T>
const char* type_name() {
  return std::is_same_v<T, int> ? "int32" : std::is_same_v<T, float> ? "fp32" : "fp64";
}

template <typename T, int B, algo A>
void group_case(cohort::queue& q, std::size_t n, int repeats) {
  T* in = cohort::malloc_device<T>(n, q);
  T* out = cohort::malloc_device<T>(n, q);
  T* ref = cohort::malloc_device<T>(n, q);
  std::vector<T> host(n);
  for (std::size_t i = 0; i < n; ++i) host[i] = static_cast<T>(static_cast<int>((i * 2654435761u) % 17) - 8);
  q.copy(host.data(), in, n).wait();
  auto readback = [&](T* p) {
    std::vector<T> v(n);
    q.copy(p, v.data(), n).wait();
    return v;
  };
  // Work-group collectives.
  const double t_cub = median_seconds(
      [&] {
        cub_block<T, B, A><<<static_cast<unsigned>(n / B), B>>>(in, ref);
        check(cudaDeviceSynchronize(), "CUB block kernel");
      },
      repeats);
  const auto expected = readback(ref);
  auto add = [&](const char* bench, const char* variant, double t, double t_ref, bool ok) {
    rows.push_back({bench, variant, type_name<T>(), static_cast<std::size_t>(B), t, t_ref,
                    static_cast<double>(n) * rounds / t, ok});
  };
  const double t_runtime = median_seconds(
      [&] {
        cohort_collectives<T, A, false>(q, in, out, n, B, cohort::properties<>{});
        q.wait_and_throw();
      },
      repeats);
  add(name_of(A), "work-group", t_runtime, t_cub, same(readback(out), expected));
  const double t_static = median_seconds(
      [&] {
        cohort_collectives<T, A, false>(q, in, out, n, B, cohort::properties{cohort::work_group_size<B>});
        q.wait_and_throw();
      },
      repeats);
  add(name_of(A), "work-group of fixed size (work_group_size)", t_static, t_cub, same(readback(out), expected));
  // Sub-group collectives (once per algorithm and type, at B = 256).
  if constexpr (B == 256) {
    const double t_warp = median_seconds(
        [&] {
          cub_warp<T, A><<<static_cast<unsigned>(n / B), B>>>(in, ref);
          check(cudaDeviceSynchronize(), "CUB warp kernel");
        },
        repeats);
    const auto warp_expected = readback(ref);
    const double t_sub = median_seconds(
        [&] {
          cohort_collectives<T, A, true>(q, in, out, n, B, cohort::properties<>{});
          q.wait_and_throw();
        },
        repeats);
    rows.push_back({std::string(name_of(A)), "sub-group", type_name<T>(), 32, t_sub, t_warp,
                    static_cast<double>(n) * rounds / t_sub, same(readback(out), warp_expected)});
  }
  cohort::free(in, q);
  cohort::free(out, q);
  cohort::free(ref, q);
}

template <typename T, algo A>
void group_sizes(cohort::queue& q, std::size_t n, int repeats) {
  group_case<T, 32, A>(q, n, repeats);
  group_case<T, 128, A>(q, n, repeats);
  group_case<T, 256, A>(q, n, repeats);
  group_case<T, 512, A>(q, n, repeats);
  group_case<T, 1024, A>(q, n, repeats);
}

template <typename T>
void group_types(cohort::queue& q, std::size_t n, int repeats) {
  group_sizes<T, algo::reduce>(q, n, repeats);
  group_sizes<T, algo::inclusive_scan>(q, n, repeats);
  group_sizes<T, algo::exclusive_scan>(q, n, repeats);
}

// ---- stream ----------------------------------------------------------------------------

__global__ void cuda_copy(const double* a, double* c, std::size_t n) {
  const std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i];
}
__global__ void cuda_triad(double* a, const double* b, const double* c, std::size_t n) {
  const std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n) a[i] = b[i] + 0.4 * c[i];
}

void stream(cohort::queue& q, std::size_t n, int repeats) {
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
    rows.push_back({bench, variant, "fp64", 256, t, t_ref, bytes / t, true});
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

}  // namespace

int main(int argc, char** argv) {
  std::string csv;
  bool quick = false, tiny = false;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--csv") == 0 && i + 1 < argc) csv = argv[++i];
    else if (std::strcmp(argv[i], "--quick") == 0) quick = true;
    else if (std::strcmp(argv[i], "--tiny") == 0) tiny = true;
  }
  const auto gpus = cohort::device::get_devices(cohort::info::device_type::gpu);
  if (gpus.empty()) {
    std::printf("cohort-bench-cuda: no GPU found\n");
    return 0;
  }
  cohort::queue q{gpus.front()};
  const int repeats = tiny ? 1 : quick ? 3 : 15;
  const std::size_t items = tiny ? (std::size_t{1} << 12) : quick ? (std::size_t{1} << 20) : (std::size_t{1} << 24);
  group_types<int>(q, items, repeats);
  group_types<float>(q, items, repeats);
  group_types<double>(q, items, repeats);
  stream(q, tiny ? (std::size_t{1} << 14) : quick ? (std::size_t{1} << 22) : (std::size_t{1} << 27), repeats);

  std::printf("GPU: %s (%s)\n", q.get_device().get_info<cohort::info::device::name>().c_str(),
              q.get_device().get_info<cohort::info::device::driver_version>().c_str());
  std::printf("%-16s %-32s %-6s %5s %12s %8s %s\n", "benchmark", "variant", "type", "group", "rate",
              "ratio", "verified");
  FILE* out = csv.empty() ? nullptr : std::fopen(csv.c_str(), "w");
  if (out) std::fprintf(out, "benchmark,variant,type,group,seconds,reference_seconds,ratio,rate,verified\n");
  bool all_ok = true;
  for (const auto& r : rows) {
    const double ratio = r.reference_seconds / r.seconds;  // > 1: faster than the reference
    std::printf("%-16s %-32s %-6s %5zu %12.4g %8.3f %s\n", r.benchmark.c_str(), r.variant.c_str(), r.type.c_str(),
                r.group, r.rate, ratio, r.verified ? "yes" : "NO");
    if (out)
      std::fprintf(out, "%s,%s,%s,%zu,%.6g,%.6g,%.4f,%.6g,%d\n", r.benchmark.c_str(), r.variant.c_str(),
                   r.type.c_str(), r.group, r.seconds, r.reference_seconds, ratio, r.rate, r.verified ? 1 : 0);
    all_ok = all_ok && r.verified;
  }
  if (out) std::fclose(out);
  return all_ok ? 0 : 1;
}
