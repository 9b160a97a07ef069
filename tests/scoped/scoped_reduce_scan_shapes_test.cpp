// SPDX-License-Identifier: MIT
// Group algorithms in scoped kernels, logical forms over private memory: reduce (with and
// without init), inclusive and exclusive scans (with and without init, and in place) on 1D
// work-groups of odd sizes with logical_and and logical_or over bool and plus, maximum and
// minimum over double and float; and reduce, scans, broadcast (default, linear id and id)
// and any/all/none on 2D and 3D work-groups, in row-major logical linear id order.
// Several groups per launch; every result is checked against host loops.
// (scoped_reduce_scan_integers_test: the integer operators, accumulation in the init type;
// scoped_broadcast_vote_test: broadcast and votes, sub-groups and scalar groups, the
// physical forms, invalid use.)
#include <cstddef>
#include <vector>

#include "scoped/scoped_group_algorithms_matrix.hpp"
#include "support/devices.hpp"

using namespace cohort;
using namespace cohort_test::scoped_matrix;

namespace {
class scoped_reduce_scan_shapes : public cohort_test::on_device {};
}  // namespace

TEST_P(scoped_reduce_scan_shapes, logical_reduce_and_scans_logical_and_floating_operators) {
  check_logical_reduce_and_scans<bool>(q, logical_and<bool>(), true, "logical_and");
  check_logical_reduce_and_scans<bool>(q, logical_or<bool>(), false, "logical_or");
  check_logical_reduce_and_scans<bool>(q, logical_or<>(), true, "logical_or init true");
  check_logical_reduce_and_scans<double>(q, plus<double>(), 0.5, "plus double");  // integers: exact
  check_logical_reduce_and_scans<double>(q, maximum<double>(), -1e9, "maximum double");
  check_logical_reduce_and_scans<float>(q, minimum<>(), 1e9f, "minimum float");
}

namespace {

/// Logical algorithms over 2D and 3D work-groups: the order is the row-major logical
/// linear id.
template <int D>
void check_multi_dimensional(queue& q, range<D> num_groups, range<D> local) {
  SCOPED_TRACE(testing::Message() << D << "D, group of " << local.size());
  const std::size_t per_group = local.size(), n = num_groups.size() * per_group;
  const range<D> global = num_groups * local;
  shared_array<long> in(n, q), inc(n, q), exc(n, q), red(num_groups.size(), q), bc(num_groups.size() * 3, q);
  shared_array<int> votes(num_groups.size(), q);
  for (std::size_t i = 0; i < n; ++i) in[i] = static_cast<long>((i * 31) % 97) - 40;
  long *pin = in.data(), *pinc = inc.data(), *pexc = exc.data(), *pred = red.data(), *pbc = bc.data();
  int* pvotes = votes.data();
  id<D> probe;
  for (int d = 0; d < D; ++d) probe[d] = local[d] - 1 - d % local[d];
  q.parallel(num_groups, local, COHORT_LAMBDA(scoped_group<D> g) {
    memory_environment(g, require_private_mem<long>(), require_private_mem<long>(), [&](auto x, auto r) {
      distribute_items(g, [&](s_item<D> it) { x(it) = pin[it.get_global_linear_id()]; });
      const long s = reduce_over_group(g, x, plus<>());
      const long b0 = group_broadcast(g, x);
      const long b1 = group_broadcast(g, x, per_group / 2);
      const long b2 = group_broadcast(g, x, probe);
      const bool any_big = any_of_group(g, x, [](long v) { return v > 55; });
      const bool all_ge = all_of_group(g, x, [](long v) { return v >= -40; });
      const bool none_huge = none_of_group(g, x, [](long v) { return v > 56; });
      inclusive_scan_over_group(g, x, r, plus<>());
      distribute_items(g, [&](s_item<D> it) { pinc[it.get_global_linear_id()] = r(it); });
      exclusive_scan_over_group(g, x, r, 100L, plus<>());
      distribute_items(g, [&](s_item<D> it) { pexc[it.get_global_linear_id()] = r(it); });
      single_item(g, [&] {
        const std::size_t gl = g.get_group_linear_id();
        pred[gl] = s;
        pbc[3 * gl] = b0;
        pbc[3 * gl + 1] = b1;
        pbc[3 * gl + 2] = b2;
        pvotes[gl] = any_big * 4 + all_ge * 2 + none_huge;
      });
    });
  });
  q.wait_and_throw();
  // Host: walk every group's items in row-major local order.
  for (std::size_t gl = 0; gl < num_groups.size(); ++gl) {
    const id<D> gi = detail::delinearize<D, id<D>>(gl, num_groups);
    std::vector<long> values;
    std::vector<std::size_t> where;
    for (std::size_t ll = 0; ll < per_group; ++ll) {
      const id<D> li = detail::delinearize<D, id<D>>(ll, local);
      const std::size_t x = detail::linearize<D>(detail::scaled_offset(gi, local, li), global);
      values.push_back(in[x]);
      where.push_back(x);
    }
    long sum = 0;
    bool any_big = false, all_ge = true, none_huge = true;
    for (std::size_t k = 0; k < per_group; ++k) {
      ASSERT_EQ(exc[where[k]], 100 + sum) << "group " << gl << " item " << k;
      sum += values[k];
      ASSERT_EQ(inc[where[k]], sum) << "group " << gl << " item " << k;
      any_big |= values[k] > 55;
      all_ge &= values[k] >= -40;
      none_huge &= !(values[k] > 56);
    }
    EXPECT_EQ(red[gl], sum);
    EXPECT_EQ(bc[3 * gl], values[0]);
    EXPECT_EQ(bc[3 * gl + 1], values[per_group / 2]);
    EXPECT_EQ(bc[3 * gl + 2], values[detail::linearize<D>(probe, local)]);
    EXPECT_EQ(votes[gl], any_big * 4 + all_ge * 2 + none_huge);
  }
}

}  // namespace

TEST_P(scoped_reduce_scan_shapes, logical_forms_on_2d_and_3d_groups) {
  check_multi_dimensional<2>(q, range<2>{2, 3}, range<2>{5, 6});
  check_multi_dimensional<2>(q, range<2>{3, 2}, range<2>{8, 8});
  check_multi_dimensional<2>(q, range<2>{1, 1}, range<2>{1, 1});
  check_multi_dimensional<3>(q, range<3>{2, 1, 2}, range<3>{2, 3, 5});
  check_multi_dimensional<3>(q, range<3>{1, 2, 2}, range<3>{4, 4, 2});
  // Above 1024 items (several items per thread on a GPU).
  check_multi_dimensional<2>(q, range<2>{1, 2}, range<2>{3, 1000});
  check_multi_dimensional<3>(q, range<3>{2, 1, 1}, range<3>{2, 40, 40});
}

namespace {

/// x -> a * x + b (mod 2^64). Composing maps is associative but not commutative: scans with
/// it only come out right when the items combine in logical order (on a GPU across rounds
/// of 1024 items).
struct affine {
  unsigned long long a, b;
  friend bool operator==(const affine& p, const affine& q) { return p.a == q.a && p.b == q.b; }
};
/// `p` first, then `q`.
struct then {
  COHORT_INLINE affine operator()(const affine& p, const affine& q) const { return {p.a * q.a, p.b * q.a + q.b}; }
};

void check_ordered_scans(queue& q, std::size_t local) {
  SCOPED_TRACE(testing::Message() << "group of " << local);
  const std::size_t n = groups * local;
  shared_array<affine> in(n, q), inc(n, q), exc(n, q);
  for (std::size_t i = 0; i < n; ++i) in[i] = {(i * 2654435761u) % 1000 * 2 + 1, (i * 40503u) % 977};
  affine *pin = in.data(), *pinc = inc.data(), *pexc = exc.data();
  const affine start{3, 7};
  q.parallel(range<1>{groups}, range<1>{local}, COHORT_LAMBDA(scoped_group<1> g) {
    memory_environment(g, require_private_mem<affine>(), require_private_mem<affine>(), [&](auto x, auto r) {
      distribute_items(g, [&](s_item<1> it) { x(it) = pin[it.get_global_id(0)]; });
      inclusive_scan_over_group(g, x, r, then());
      distribute_items(g, [&](s_item<1> it) { pinc[it.get_global_id(0)] = r(it); });
      exclusive_scan_over_group(g, x, x, start, then());  // in place
      distribute_items(g, [&](s_item<1> it) { pexc[it.get_global_id(0)] = x(it); });
    });
  });
  q.wait_and_throw();
  for (std::size_t gr = 0; gr < groups; ++gr) {
    affine acc{1, 0}, acc_init = start;
    for (std::size_t i = gr * local; i < (gr + 1) * local; ++i) {
      ASSERT_EQ(exc[i], acc_init) << "item " << i;
      acc = then()(acc, in[i]);
      acc_init = then()(acc_init, in[i]);
      ASSERT_EQ(inc[i], acc) << "item " << i;
    }
  }
}

}  // namespace

TEST_P(scoped_reduce_scan_shapes, logical_scans_combine_in_logical_order) {
  for (std::size_t local : {1, 33, 100, 1024, 1025, 3000, 8192}) check_ordered_scans(q, local);
}

COHORT_INSTANTIATE_ON_ALL_DEVICES(scoped_reduce_scan_shapes);
