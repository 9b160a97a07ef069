// A work-group reduction through local memory, in the style of the SYCL samples: each
// group folds its items' values with a tree and nd_item::barrier between the rounds, then
// a single task adds the groups' sums. The input's length is not a multiple of the group
// size: the last group is padded with zeros.
#include <sycl/sycl.hpp>

#include <cstdio>
#include <vector>

int main() {
  constexpr std::size_t n = 50021;
  constexpr std::size_t work_group_size = 128;
  const std::size_t groups = (n + work_group_size - 1) / work_group_size;

  std::vector<long> data(n);
  for (std::size_t i = 0; i < n; ++i) data[i] = static_cast<long>(i % 97) - 40;
  long expected = 0;
  for (long v : data) expected += v;

  sycl::queue q{sycl::cpu_selector_v};
  long* input = sycl::malloc_shared<long>(n, q);
  long* partial = sycl::malloc_shared<long>(groups, q);
  long* total = sycl::malloc_shared<long>(1, q);
  for (std::size_t i = 0; i < n; ++i) input[i] = data[i];

  q.submit([&](sycl::handler& cgh) {
    sycl::local_accessor<long, 1> scratch(sycl::range<1>(work_group_size), cgh);
    cgh.parallel_for<class group_sums>(
        sycl::nd_range<1>(sycl::range<1>(groups * work_group_size), sycl::range<1>(work_group_size)),
        [=](sycl::nd_item<1> item) {
          const std::size_t global = item.get_global_id(0);
          const std::size_t local = item.get_local_id(0);
          scratch[local] = global < n ? input[global] : 0;
          item.barrier(sycl::access::fence_space::local_space);
          for (std::size_t stride = work_group_size / 2; stride > 0; stride /= 2) {
            if (local < stride) scratch[local] += scratch[local + stride];
            item.barrier(sycl::access::fence_space::local_space);
          }
          if (local == 0) partial[item.get_group(0)] = scratch[0];
        });
  });
  q.wait();

  q.single_task<class sum_of_groups>([=]() {
     long s = 0;
     for (std::size_t g = 0; g < groups; ++g) s += partial[g];
     *total = s;
   }).wait();

  const long result = *total;
  sycl::free(input, q);
  sycl::free(partial, q);
  sycl::free(total, q);
  if (result != expected) {
    std::printf("local_reduction: %ld, expected %ld\n", result, expected);
    return 1;
  }
  std::printf("local_reduction: passed\n");
  return 0;
}
