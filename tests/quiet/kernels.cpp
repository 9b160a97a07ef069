// SPDX-License-Identifier: MIT
// Kernels that use every group algorithm on 64- and 32-byte vec values, in nd_range and
// scoped kernels: built with -Wall -Wextra -Werror (tests/CMakeLists.txt), so that the
// library's headers add no warnings or ABI notes to users' builds.
#include <cohort/cohort.hpp>
using V = cohort::vec<double, 16>;
using W = cohort::vec<float, 8>;
int main() {
  cohort::queue q{cohort::cpu_selector_v};
  V* v = cohort::malloc_shared<V>(64, q);
  W* w = cohort::malloc_shared<W>(64, q);
  q.parallel_for(cohort::nd_range<1>{64, 32}, cohort::properties{cohort::sub_group_size<8>}, COHORT_LAMBDA(cohort::nd_item<1> it) {
    auto g = it.get_group();
    auto sg = it.get_sub_group();
    const std::size_t i = it.get_global_id(0);
    V a = cohort::reduce_over_group(g, v[i], cohort::plus<>());
    a += cohort::reduce_over_group(g, v[i], V(1.0), cohort::plus<>());
    a += cohort::inclusive_scan_over_group(sg, v[i], cohort::plus<>());
    a += cohort::exclusive_scan_over_group(g, v[i], V(0.0), cohort::plus<>());
    a += cohort::joint_reduce(g, v, v + 64, cohort::plus<>());
    a += cohort::joint_reduce(g, v, v + 64, V(2.0), cohort::maximum<>());
    cohort::joint_inclusive_scan(g, v, v + 32, v + 32, cohort::plus<>());
    cohort::joint_exclusive_scan(g, v, v + 32, v + 32, V(0.0), cohort::plus<>());
    a += cohort::group_broadcast(g, v[i]);
    a += cohort::select_from_group(sg, v[i], cohort::id<1>{1});
    a += cohort::shift_group_left(sg, v[i], 1);
    a += cohort::permute_group_by_xor(sg, v[i], 1);
    W b = cohort::reduce_over_group(sg, w[i], cohort::minimum<>());
    b += cohort::inclusive_scan_over_group(g, w[i], cohort::multiplies<>(), W(1.0f));
    b += cohort::ext::broadcast_from_leader(sg, w[i]);
    v[i] = a;
    w[i] = b;
  }).wait();
  q.parallel(cohort::range<1>{2}, cohort::range<1>{32}, COHORT_LAMBDA(auto grp) {
    W x = cohort::reduce_over_group(grp, w[0], cohort::plus<>());
    cohort::distribute_items(grp, [&](cohort::s_item<1> idx) { w[idx.get_global_id(0)] = x; });
  }).wait();
  cohort::free(v, q);
  cohort::free(w, q);
}
