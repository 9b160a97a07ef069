// SPDX-License-Identifier: MIT
// Group collectives: reduce_over_group / inclusive_scan_over_group / exclusive_scan_over_group
// on work-groups (run-time size, and work_group_size<N>) against CUB's BlockReduce (plus a
// broadcast) / BlockScan at the same block size, and on sub-groups against WarpReduce /
// WarpScan; int32, fp32, fp64. Each work-item loads one value and runs `rounds` dependent
// collectives on it (so the collective, not memory, is measured), then stores it; results
// are checked against the reference kernel's (exactly for int32, to a relative 1e-5 for
// floating point). Host-clock timing (median_seconds), as in the first GPU results.
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>
#include <cub/warp/warp_reduce.cuh>
#include <cub/warp/warp_scan.cuh>
#include <cuda/std/functional>

#include "common.cuh"

namespace cbench {

namespace {

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
    row r{bench, variant, type_name<T>(), static_cast<std::size_t>(B), t, t_ref, static_cast<double>(n) * rounds / t,
          ok};
    r.model = true;
    r.family = "group collectives";
    rows().push_back(r);
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
    row r{std::string(name_of(A)), "sub-group", type_name<T>(), 32, t_sub, t_warp,
          static_cast<double>(n) * rounds / t_sub, same(readback(out), warp_expected)};
    r.model = true;
    r.family = "group collectives";
    rows().push_back(r);
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

}  // namespace

void group_collectives(cohort::queue& q, const options& o) {
  const std::size_t items = o.pick(std::size_t{1} << 24, std::size_t{1} << 20, std::size_t{1} << 12);
  std::printf("group collectives (%zu items)\n", items);
  std::fflush(stdout);
  group_types<int>(q, items, o.repeats);
  group_types<float>(q, items, o.repeats);
  group_types<double>(q, items, o.repeats);
}

}  // namespace cbench
