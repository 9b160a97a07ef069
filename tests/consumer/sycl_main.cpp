// A SYCL program built against an installed cohort through the target cohort::sycl: a named
// kernel and a work-group barrier, checked against the host.
#include <sycl/sycl.hpp>

#include <cstdio>

int main() {
  sycl::queue q{sycl::cpu_selector_v};
  constexpr std::size_t n = 96, local = 32;
  int* x = sycl::malloc_shared<int>(n, q);
  q.submit([&](sycl::handler& h) {
     sycl::local_accessor<int, 1> scratch(sycl::range<1>{local}, h);
     h.parallel_for<class reverse_in_groups>(sycl::nd_range<1>{n, local}, [=](sycl::nd_item<1> it) {
       scratch[it.get_local_id(0)] = static_cast<int>(it.get_global_id(0));
       it.barrier(sycl::access::fence_space::local_space);
       x[it.get_global_id(0)] = scratch[local - 1 - it.get_local_id(0)];
     });
   }).wait_and_throw();
  for (std::size_t i = 0; i < n; ++i) {
    const int expected = static_cast<int>(i - i % local + local - 1 - i % local);
    if (x[i] != expected) {
      std::printf("x[%zu] = %d, expected %d\n", i, x[i], expected);
      return 1;
    }
  }
  sycl::free(x, q);
  std::printf("sycl consumer ok\n");
  return 0;
}
