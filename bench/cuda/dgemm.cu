// SPDX-License-Identifier: MIT
// UoB-HPC/sycl_dgemm on the GPU (bench/dgemm.cpp's algorithm): C = A B for N x N fp64
// matrices with 16 x 16 tiles, in every kernel model, each work-item accumulating straight
// into the global C (so C is zeroed before every run); the kernels are cohort-bench's too
// (bench/kernels/dgemm.hpp). Reference: the same tiling as a plain CUDA kernel (static
// shared tiles), which shows the kernel models' own cost; ceiling: cuBLAS's cublasDgemm
// (beta = 0).
//
// Inputs are sycl_dgemm's: A(i,k) = 2 (k+1), B(k,j) = 0.5 (j+1) (k+1), so every product and
// partial sum is an integer below 2^53 (N <= 4096) and every order gives the exact
// C(i,j) = (j+1) N (N+1) (2N+1) / 6: cuBLAS's C is checked against that, and every other
// variant's C for equality with cuBLAS's.
#include <cstdio>
#include <string>
#include <vector>

#include <cublas_v2.h>

#include "common.cuh"
#include "kernels/dgemm.hpp"
#include "launch_kernels.cuh"

namespace cbench {

namespace {

using kernels::tile;

void check_cublas(cublasStatus_t s, const char* what) {
  if (s != CUBLAS_STATUS_SUCCESS) {
    std::fprintf(stderr, "%s: cuBLAS status %d\n", what, static_cast<int>(s));
    std::exit(1);
  }
}

__global__ void dgemm_cuda(const double* a, const double* b, double* c, std::size_t n) {
  __shared__ double awrk[tile][tile], bwrk[tile][tile];
  const unsigned li = threadIdx.y, lj = threadIdx.x;
  const std::size_t i = blockIdx.y * tile + li, j = blockIdx.x * tile + lj;
  for (std::size_t kt = 0; kt < n / tile; ++kt) {
    awrk[li][lj] = a[i * n + kt * tile + lj];
    bwrk[li][lj] = b[(kt * tile + li) * n + j];
    __syncthreads();
    for (unsigned k = 0; k < tile; ++k) c[i * n + j] += awrk[li][k] * bwrk[k][lj];
    __syncthreads();
  }
}

void run_size(const cohort::device& device, const options& o, cublasHandle_t blas, std::size_t n) {
  device_array<double> a(n * n), b(n * n), c(n * n);
  {
    std::vector<double> h(n * n);
    for (std::size_t x = 0; x < n * n; ++x) h[x] = 2.0 * static_cast<double>(x % n + 1);
    a.upload(h);
    for (std::size_t x = 0; x < n * n; ++x)
      h[x] = 0.5 * static_cast<double>(x % n + 1) * static_cast<double>(x / n + 1);
    b.upload(h);
  }
  auto zero_c = [&] { check(cudaMemset(c.get(), 0, n * n * sizeof(double)), "cudaMemset"); };
  const double flops = 2.0 * static_cast<double>(n) * static_cast<double>(n) * static_cast<double>(n);
  row base{"dgemm", "", "fp64", tile * tile, 0, 0, 0, false, "flop/s", n, "cuda", "cublasDgemm"};

  // cuBLAS first: its C is what the others are checked against. Row-major C = A B is
  // column-major C^T = B^T A^T.
  const double alpha = 1.0, beta = 0.0;
  const int m = static_cast<int>(n);
  const double t_cublas = time_cuda([&] { c.poison(); },
                                    [&](cudaStream_t s) {
                                      check_cublas(cublasSetStream(blas, s), "cublasSetStream");
                                      check_cublas(cublasDgemm(blas, CUBLAS_OP_N, CUBLAS_OP_N, m, m, m, &alpha, b.get(),
                                                               m, a.get(), m, &beta, c.get(), m),
                                                   "cublasDgemm");
                                    },
                                    o.repeats);
  const std::vector<double> expected = to_host(c.get(), n * n);
  const double sum_k2 = static_cast<double>(n) * static_cast<double>(n + 1) * static_cast<double>(2 * n + 1) / 6;
  const bool cublas_ok = check_array("C (cuBLAS)", expected,
                                     [&](std::size_t x) { return static_cast<double>(x % n + 1) * sum_k2; }, 0.0);
  auto verify = [&] {
    return check_array("C", to_host(c.get(), n * n), [&](std::size_t x) { return expected[x]; }, 0.0);
  };

  const dim3 grid(static_cast<unsigned>(n / tile), static_cast<unsigned>(n / tile)), block(tile, tile);
  const double t_ref = time_cuda(
      zero_c, [&](cudaStream_t s) { dgemm_cuda<<<grid, block, 0, s>>>(a.get(), b.get(), c.get(), n); }, o.repeats);
  base.reference_seconds = t_ref;
  base.ceiling_seconds = t_cublas;
  reference_row(base, "cuda", t_ref, verify(), flops, attributes_of(&dgemm_cuda, static_cast<int>(tile * tile), 0));
  reference_row(base, "cublasDgemm", t_cublas, cublas_ok, flops);
  auto model = [&](const char* name, auto launch) {
    row r = base;
    r.variant = name;
    model_variant(
        device, r, o.repeats, flops, zero_c,
        [&](cohort::queue& q, kernel_info* info) {
          const cohort::event e = launch(q, a.get(), b.get(), c.get(), n, attributes_probe{info});
          return std::make_pair(e, e);
        },
        verify);
  };
  model("nd_range", [](auto&&... x) { return kernels::dgemm_nd_range(x...); });
  model("hierarchical", [](auto&&... x) { return kernels::dgemm_hierarchical(x...); });
  model("scoped", [](auto&&... x) { return kernels::dgemm_scoped(x...); });
}

}  // namespace

void dgemm(const cohort::device& device, const options& o) {
  std::printf("dgemm\n");
  cublasHandle_t blas = nullptr;
  check_cublas(cublasCreate(&blas), "cublasCreate");
  if (o.tiny) {
    run_size(device, o, blas, 64);
  } else if (o.quick) {
    run_size(device, o, blas, 1024);
  } else {
    run_size(device, o, blas, 2048);
    run_size(device, o, blas, 4096);
  }
  cublasDestroy(blas);
}

}  // namespace cbench
