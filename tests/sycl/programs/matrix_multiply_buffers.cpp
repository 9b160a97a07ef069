// Matrix multiplication with buffers and accessors, in the style of the SYCL samples: a
// kernel that initialises the inputs, a tiled nd_range multiply with local accessors, the
// result written back to host memory, and a check against the host's product.
#include <sycl/sycl.hpp>

#include <cmath>
#include <cstdio>
#include <vector>

constexpr size_t M = 150, N = 96, K = 120, tile = 8;  // none a multiple of 16 or 32

int main() {
  sycl::queue q;
  std::printf("Running on %s\n", q.get_device().get_info<sycl::info::device::name>().c_str());
  std::vector<float> c_host(M * N, 0.0f);
  {
    sycl::buffer<float, 2> a{sycl::range<2>{M, K}}, b{sycl::range<2>{K, N}};
    sycl::buffer<float, 2> c{c_host.data(), sycl::range<2>{M, N}};

    q.submit([&](sycl::handler& h) {
      sycl::accessor A{a, h, sycl::write_only, sycl::no_init};
      h.parallel_for<class init_a>(a.get_range(), [=](sycl::item<2> it) {
        A[it] = static_cast<float>((it[0] + 2 * it[1]) % 7) - 3.0f;
      });
    });
    q.submit([&](sycl::handler& h) {
      sycl::accessor B{b, h, sycl::write_only, sycl::no_init};
      h.parallel_for<class init_b>(b.get_range(), [=](sycl::item<2> it) {
        B[it] = static_cast<float>((3 * it[0] + it[1]) % 5) * 0.5f;
      });
    });
    // Tiles of 8 x 8: global ranges rounded up, items outside the matrix only help load.
    const sycl::range<2> global{(M + tile - 1) / tile * tile, (N + tile - 1) / tile * tile};
    q.submit([&](sycl::handler& h) {
      sycl::accessor A{a, h, sycl::read_only};
      sycl::accessor B{b, h, sycl::read_only};
      sycl::accessor C{c, h, sycl::write_only};
      sycl::local_accessor<float, 2> tile_a{sycl::range<2>{tile, tile}, h};
      sycl::local_accessor<float, 2> tile_b{sycl::range<2>{tile, tile}, h};
      h.parallel_for<class matmul>(sycl::nd_range<2>{global, {tile, tile}}, [=](sycl::nd_item<2> it) {
        const size_t row = it.get_global_id(0), col = it.get_global_id(1);
        const size_t lr = it.get_local_id(0), lc = it.get_local_id(1);
        float sum = 0.0f;
        for (size_t k0 = 0; k0 < K; k0 += tile) {
          tile_a[lr][lc] = row < M && k0 + lc < K ? A[row][k0 + lc] : 0.0f;
          tile_b[lr][lc] = k0 + lr < K && col < N ? B[k0 + lr][col] : 0.0f;
          it.barrier(sycl::access::fence_space::local_space);
          for (size_t k = 0; k < tile; ++k) sum += tile_a[lr][k] * tile_b[k][lc];
          it.barrier(sycl::access::fence_space::local_space);
        }
        if (row < M && col < N) C[row][col] = sum;
      });
    });
    sycl::host_accessor C{c, sycl::read_only};  // waits for the multiply
    std::printf("C[0][0] = %f\n", C[0][0]);
  }  // c writes back to c_host here
  for (size_t i = 0; i < M; ++i)
    for (size_t j = 0; j < N; ++j) {
      float expected = 0.0f;
      for (size_t k = 0; k < K; ++k)
        expected += (static_cast<float>((i + 2 * k) % 7) - 3.0f) * (static_cast<float>((3 * k + j) % 5) * 0.5f);
      if (std::fabs(c_host[i * N + j] - expected) > 1e-3f) {
        std::printf("C[%zu][%zu] = %f, expected %f\n", i, j, c_host[i * N + j], expected);
        return 1;
      }
    }
  std::printf("matrix_multiply_buffers: passed\n");
  return 0;
}
