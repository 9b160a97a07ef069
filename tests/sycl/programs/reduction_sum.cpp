// Reductions in the style of the SYCL samples: the sum and the largest element of an array
// in one kernel (USM), a dot product through buffers, and a histogram as an array
// reduction, each checked against the host.
#include <sycl/sycl.hpp>

#include <cstdio>
#include <vector>

int main() {
  constexpr std::size_t n = 1000003;
  std::vector<int> host(n);
  for (std::size_t i = 0; i < n; ++i) host[i] = static_cast<int>((i * 7919) % 1000) - 400;

  sycl::queue q;
  std::printf("Running on %s\n", q.get_device().get_info<sycl::info::device::name>().c_str());

  int* data = sycl::malloc_device<int>(n, q);
  long long* sum = sycl::malloc_shared<long long>(1, q);
  int* largest = sycl::malloc_shared<int>(1, q);
  q.memcpy(data, host.data(), n * sizeof(int)).wait();

  q.submit([&](sycl::handler& h) {
    h.parallel_for<class sum_and_max>(
        sycl::range<1>{n},
        sycl::reduction(sum, sycl::plus<long long>(), sycl::property::reduction::initialize_to_identity{}),
        sycl::reduction(largest, sycl::maximum<int>(), sycl::property::reduction::initialize_to_identity{}),
        [=](sycl::id<1> i, auto& s, auto& m) {
          s += data[i];
          m.combine(data[i]);
        });
  }).wait();

  long long expected_sum = 0;
  int expected_max = host[0];
  for (int v : host) {
    expected_sum += v;
    expected_max = v > expected_max ? v : expected_max;
  }
  if (*sum != expected_sum || *largest != expected_max) {
    std::printf("sum %lld (expected %lld), max %d (expected %d)\n", *sum, expected_sum, *largest, expected_max);
    return 1;
  }

  // A dot product with buffers, in work-groups of 128.
  std::vector<float> a(1024), b(1024);
  for (std::size_t i = 0; i < a.size(); ++i) {
    a[i] = static_cast<float>(i % 16);
    b[i] = 0.5f;
  }
  float dot = 10.0f;
  {
    sycl::buffer<float> buf_a(a.data(), sycl::range<1>(a.size()));
    sycl::buffer<float> buf_b(b.data(), sycl::range<1>(b.size()));
    sycl::buffer<float> buf_dot(&dot, sycl::range<1>(1));
    q.submit([&](sycl::handler& h) {
      sycl::accessor x{buf_a, h, sycl::read_only};
      sycl::accessor y{buf_b, h, sycl::read_only};
      h.parallel_for(sycl::nd_range<1>{a.size(), 128}, sycl::reduction(buf_dot, h, sycl::plus<float>()),
                     [=](sycl::nd_item<1> it, auto& d) {
                       const std::size_t i = it.get_global_id(0);
                       d += x[i] * y[i];
                     });
    });
  }
  if (dot != 10.0f + 64 * 60.0f) {
    std::printf("dot %f, expected %f\n", dot, 10.0f + 64 * 60.0f);
    return 1;
  }

  // A histogram of the values' last digit.
  int* bins = sycl::malloc_shared<int>(10, q);
  for (int k = 0; k < 10; ++k) bins[k] = 0;
  q.parallel_for(sycl::range<1>{n}, sycl::reduction(sycl::span<int, 10>(bins, 10), sycl::plus<>()),
                 [=](sycl::id<1> i, auto& histogram) { histogram[(data[i] % 10 + 10) % 10]++; })
      .wait();
  std::vector<int> expected_bins(10, 0);
  for (int v : host) expected_bins[(v % 10 + 10) % 10]++;
  for (int k = 0; k < 10; ++k)
    if (bins[k] != expected_bins[k]) {
      std::printf("bin %d: %d, expected %d\n", k, bins[k], expected_bins[k]);
      return 1;
    }

  sycl::free(data, q);
  sycl::free(sum, q);
  sycl::free(largest, q);
  sycl::free(bins, q);
  std::printf("reduction_sum: passed\n");
  return 0;
}
