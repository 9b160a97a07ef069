// Vector addition with a named kernel, in the style of the SYCL samples: device memory,
// copies in and out, and a check against the host's sum.
#include <sycl/sycl.hpp>

#include <cstdio>
#include <vector>

int main() {
  constexpr std::size_t n = 100003;
  std::vector<float> a(n), b(n), c(n, 0.0f);
  for (std::size_t i = 0; i < n; ++i) {
    a[i] = static_cast<float>(i % 1000) * 0.5f;
    b[i] = static_cast<float>(i % 7) - 3.0f;
  }

  sycl::queue q{sycl::cpu_selector_v};
  std::printf("Running on %s\n", q.get_device().get_info<sycl::info::device::name>().c_str());

  float* da = sycl::malloc_device<float>(n, q);
  float* db = sycl::malloc_device<float>(n, q);
  float* dc = sycl::malloc_device<float>(n, q);
  q.memcpy(da, a.data(), n * sizeof(float));
  q.memcpy(db, b.data(), n * sizeof(float));
  q.wait();

  q.submit([&](sycl::handler& h) {
    h.parallel_for<class vector_add>(sycl::range<1>{n}, [=](sycl::id<1> i) { dc[i] = da[i] + db[i]; });
  });
  q.wait();
  q.memcpy(c.data(), dc, n * sizeof(float)).wait();

  sycl::free(da, q);
  sycl::free(db, q);
  sycl::free(dc, q);

  for (std::size_t i = 0; i < n; ++i) {
    if (c[i] != a[i] + b[i]) {
      std::printf("c[%zu] = %f, expected %f\n", i, c[i], a[i] + b[i]);
      return 1;
    }
  }
  std::printf("vector_add: passed\n");
  return 0;
}
