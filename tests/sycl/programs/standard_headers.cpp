// A SYCL program that includes nothing but <sycl/sycl.hpp> and uses the standard library
// as many SYCL programs do, relying on the SYCL header to include it (DPC++'s and
// AdaptiveCpp's do): std::chrono, std::cout, containers, algorithms, math. It scales the
// square roots of a vector on the device, and checks the result against the host's.
#include <sycl/sycl.hpp>

int main() {
  const auto start = std::chrono::steady_clock::now();
  constexpr std::int32_t n = 100000;
  std::vector<float> x(n);
  std::iota(x.begin(), x.end(), 0.0f);
  std::array<float, 2> factors{0.5f, 3.0f};
  std::function<float(float)> scale = [&](float v) { return v * factors[0] * factors[1]; };

  sycl::queue q;
  std::cout << "Running on " << q.get_device().get_info<sycl::info::device::name>() << std::endl;
  float* in = sycl::malloc_device<float>(n, q);
  float* out = sycl::malloc_shared<float>(n, q);
  if (!in || !out) throw std::runtime_error("no USM memory");
  q.memcpy(in, x.data(), n * sizeof(float)).wait();
  const float f = factors[0] * factors[1];
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { out[i] = sycl::sqrt(in[i]) * f; }).wait();

  std::vector<float> result(n);
  std::memcpy(result.data(), out, n * sizeof(float));
  std::mutex report;
  std::optional<std::tuple<std::int32_t, float, float>> first_mismatch;
  for (std::int32_t i = 0; i < n; ++i) {
    const float expected = scale(std::sqrt(x[i]));
    if (std::abs(result[i] - expected) > 1e-5f * std::max(1.0f, expected)) {
      std::lock_guard lock(report);
      if (!first_mismatch) first_mismatch = std::make_tuple(i, result[i], expected);
    }
  }
  std::vector<std::pair<float, std::int32_t>> largest;
  for (std::int32_t i = n - 3; i < n; ++i) largest.emplace_back(result[i], i);
  std::sort(largest.begin(), largest.end(), std::greater<>());
  std::unique_ptr<std::string> summary = std::make_unique<std::string>("largest " + std::to_string(largest[0].first));
  static_assert(std::is_same_v<decltype(std::numeric_limits<float>::max()), float>);
  assert(!largest.empty());
  sycl::free(in, q);
  sycl::free(out, q);

  const std::chrono::duration<double, std::milli> took = std::chrono::steady_clock::now() - start;
  std::printf("%s, %.1f ms\n", summary->c_str(), took.count());
  if (first_mismatch) {
    const auto [i, got, expected] = *first_mismatch;
    std::cout << "FAIL at " << i << ": " << got << ", expected " << expected << '\n';
    return EXIT_FAILURE;
  }
  std::cout << "PASS" << std::endl;
  return EXIT_SUCCESS;
}
