// A user program built against an installed cohort: a group-wise sum that checks itself.
#include <cohort/cohort.hpp>
#include <cstdio>

int main() {
  cohort::queue q{cohort::cpu_selector_v};
  constexpr std::size_t n = 1000, local = 100;
  auto data = cohort::make_shared_unique<int>(n, q);
  int* x = data.get();
  q.submit([&](cohort::handler& h) {
     cohort::local_accessor<int, 1> scratch(cohort::range<1>{local}, h);
     h.parallel_for(cohort::nd_range<1>{n, local}, COHORT_LAMBDA(cohort::nd_item<1> it) {
       const std::size_t l = it.get_local_id(0);
       scratch[l] = static_cast<int>(it.get_global_id(0));
       cohort::group_barrier(it.get_group());
       if (l == 0) {
         int s = 0;
         for (std::size_t i = 0; i < local; ++i) s += scratch[i];
         x[it.get_global_id(0)] = s;
       }
     });
   }).wait_and_throw();
  for (std::size_t g = 0; g < n / local; ++g) {
    const int first = static_cast<int>(g * local);
    const int expected = static_cast<int>(local) * first + static_cast<int>(local * (local - 1) / 2);
    if (x[g * local] != expected) {
      std::printf("group %zu: %d != %d\n", g, x[g * local], expected);
      return 1;
    }
  }
  std::printf("consumer ok\n");
  return 0;
}
