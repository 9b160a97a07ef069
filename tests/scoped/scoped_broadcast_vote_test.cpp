// SPDX-License-Identifier: MIT
// Group algorithms in scoped kernels beyond the work-group's reduce and scans: broadcast
// (by linear id and by id) and any/all/none (over bool and with a predicate) on 1D
// work-groups of odd sizes with boolean patterns; the logical forms (reduce, scans,
// broadcast) on the sub-groups and scalar groups of distribute_groups, 1D to 3D; the
// physical forms (one value per physical item) on work-groups, sub-groups and scalar
// groups; and bad ids and foreign memory, which throw errc::invalid. Every result is
// checked against host loops. (scoped_reduce_scan_integers_test and
// scoped_reduce_scan_shapes_test: reduce and scans with all nine SYCL operators, 2D and
// 3D groups.)
#include <algorithm>
#include <cstddef>
#include <map>
#include <utility>
#include <vector>

#include "scoped/scoped_group_algorithms_matrix.hpp"
#include "support/devices.hpp"

using namespace cohort;
using namespace cohort_test::scoped_matrix;

namespace {
class scoped_broadcast_vote : public cohort_test::on_device {};
}  // namespace

TEST_P(scoped_broadcast_vote, logical_broadcast_and_votes_boolean_patterns) {
  enum pattern { all_false, all_true, one_true, one_false };
  for (std::size_t local : sizes_1d)
    for (pattern p : {all_false, all_true, one_true, one_false}) {
      SCOPED_TRACE(testing::Message() << "group size " << local << " pattern " << int(p));
      const std::size_t n = groups * local;
      shared_array<bool> in(n, q);
      shared_array<int> out(groups * 8, q);
      for (std::size_t i = 0; i < n; ++i) {
        const std::size_t odd = (i / local * 5 + 3) % local;  // varies per group
        in[i] = p == all_true || (p == one_true && i % local == odd) || (p == one_false && i % local != odd);
      }
      bool* pin = in.data();
      int* po = out.data();
      q.parallel(range<1>{groups}, range<1>{local}, COHORT_LAMBDA(scoped_group<1> g) {
        memory_environment(g, require_private_mem<bool>(), require_private_mem<int>(), [&](auto b, auto v) {
          distribute_items(g, [&](s_item<1> it) {
            b(it) = pin[it.get_global_id(0)];
            v(it) = pin[it.get_global_id(0)] ? 7 : -7;
          });
          const int r[8] = {any_of_group(g, b),
                            all_of_group(g, b),
                            none_of_group(g, b),
                            any_of_group(g, v, [](int x) { return x > 0; }),
                            all_of_group(g, v, [](int x) { return x > 0; }),
                            none_of_group(g, v, [](int x) { return x > 0; }),
                            group_broadcast(g, v, local - 1),
                            group_broadcast(g, v, id<1>{local / 2})};
          single_item(g, [&] {
            for (int k = 0; k < 8; ++k) po[g.get_group_linear_id() * 8 + k] = r[k];
          });
        });
      });
      q.wait_and_throw();
      for (std::size_t gr = 0; gr < groups; ++gr) {
        bool any = false, all = true;
        for (std::size_t i = gr * local; i < (gr + 1) * local; ++i) {
          any |= in[i];
          all &= in[i];
        }
        const int* r = &out[gr * 8];
        EXPECT_EQ(r[0], any);
        EXPECT_EQ(r[1], all);
        EXPECT_EQ(r[2], !any);
        EXPECT_EQ(r[3], any);
        EXPECT_EQ(r[4], all);
        EXPECT_EQ(r[5], !any);
        EXPECT_EQ(r[6], in[gr * local + local - 1] ? 7 : -7);
        EXPECT_EQ(r[7], in[gr * local + local / 2] ? 7 : -7);
      }
    }
}

namespace {

/// Memory on the work-group, algorithms on the sub-groups and scalar groups that
/// distribute_groups makes (whatever their shape on this backend): each item records
/// its part and its position in it, and the host checks the part's results.
template <int D>
void check_parts(queue& q, range<D> num_groups, range<D> local) {
  SCOPED_TRACE(testing::Message() << D << "D, group of " << local.size());
  const std::size_t n = num_groups.size() * local.size();
  shared_array<int> in(n, q), part(n, q), pos(n, q), red(n, q), inc(n, q), exc(n, q), bc(n, q), scalar(n, q);
  for (std::size_t i = 0; i < n; ++i) in[i] = static_cast<int>((i * 13) % 29) - 9;
  int *pin = in.data(), *ppart = part.data(), *ppos = pos.data(), *pred = red.data(), *pinc = inc.data();
  int *pexc = exc.data(), *pbc = bc.data(), *pscalar = scalar.data();
  q.parallel(num_groups, local, COHORT_LAMBDA(scoped_group<D> g) {
    memory_environment(g, require_private_mem<int>(), require_private_mem<int>(), [&](auto x, auto r) {
      distribute_items(g, [&](s_item<D> it) { x(it) = pin[it.get_global_linear_id()]; });
      distribute_groups(g, [&](auto sg) {
        const int s = reduce_over_group(sg, x, plus<>());
        const int b = group_broadcast(sg, x);
        inclusive_scan_over_group(sg, x, r, maximum<>());
        distribute_items(sg, [&](s_item<D> it) {
          const std::size_t gid = it.get_global_linear_id();
          ppart[gid] = static_cast<int>(g.get_group_linear_id() * 100000 + sg.get_group_linear_id());
          ppos[gid] = static_cast<int>(it.get_local_linear_id(sg));
          pred[gid] = s;
          pbc[gid] = b;
          pinc[gid] = r(it);
        });
        exclusive_scan_over_group(sg, x, r, plus<>());
        distribute_items(sg, [&](s_item<D> it) { pexc[it.get_global_linear_id()] = r(it); });
        distribute_groups(sg, [&](auto scalar_group) {
          // One logical item: reduce and broadcast give its value, the exclusive scan the init.
          const int v = reduce_over_group(scalar_group, x, multiplies<>()) + group_broadcast(scalar_group, x);
          exclusive_scan_over_group(scalar_group, x, r, 1000, plus<>());
          distribute_items(scalar_group, [&](s_item<D> it) {
            pscalar[it.get_global_linear_id()] = v * 10000 + r(it);
          });
        });
      });
    });
  });
  q.wait_and_throw();
  // Host: items of each part ordered by their position in it.
  std::map<int, std::vector<std::pair<int, std::size_t>>> parts;
  for (std::size_t i = 0; i < n; ++i) parts[part[i]].push_back({pos[i], i});
  std::size_t seen = 0;
  for (auto& [id, members] : parts) {
    std::sort(members.begin(), members.end());
    int sum = 0, mx = 0, before = 0;
    for (auto& m : members) sum += in[m.second];
    for (std::size_t k = 0; k < members.size(); ++k) {
      const std::size_t i = members[k].second;
      ASSERT_EQ(members[k].first, static_cast<int>(k)) << "part " << id;
      mx = k == 0 ? in[i] : std::max(mx, in[i]);
      EXPECT_EQ(red[i], sum) << "item " << i;
      EXPECT_EQ(bc[i], in[members[0].second]) << "item " << i;
      EXPECT_EQ(inc[i], mx) << "item " << i;
      EXPECT_EQ(exc[i], before) << "item " << i;
      EXPECT_EQ(scalar[i], 2 * in[i] * 10000 + 1000) << "item " << i;
      before += in[i];
      ++seen;
    }
  }
  EXPECT_EQ(seen, n);
}

}  // namespace

TEST_P(scoped_broadcast_vote, logical_forms_on_sub_groups_and_scalar_groups) {
  // CPU: tiles of 16, 4x4, 2x2x2 where the extents divide; GPU: sub-groups of 32 items
  // (1D: chunks, the last partial) where they form a box; else scalar groups.
  check_parts<1>(q, range<1>{3}, range<1>{64});
  check_parts<1>(q, range<1>{2}, range<1>{25});
  check_parts<1>(q, range<1>{2}, range<1>{100});
  check_parts<1>(q, range<1>{2}, range<1>{3000});  // a partial sub-group on a full warp
  check_parts<2>(q, range<2>{2, 2}, range<2>{8, 12});
  check_parts<2>(q, range<2>{2, 1}, range<2>{5, 3});
  check_parts<2>(q, range<2>{2, 1}, range<2>{4, 8});
  check_parts<2>(q, range<2>{1, 2}, range<2>{2, 16});
  check_parts<2>(q, range<2>{1, 2}, range<2>{64, 32});
  check_parts<2>(q, range<2>{1, 2}, range<2>{3, 1000});
  check_parts<3>(q, range<3>{1, 2, 1}, range<3>{4, 2, 6});
  check_parts<3>(q, range<3>{1, 2, 1}, range<3>{2, 4, 4});
  check_parts<3>(q, range<3>{1, 1, 2}, range<3>{8, 4, 64});
}

namespace {

/// The physical forms: each physical item contributes a value derived from its physical
/// id; the host reference uses the physical extent the group reported.
template <typename Group>
COHORT_INLINE void physical_forms(const Group& g, int* out, std::size_t slot) {
  const auto p = static_cast<int>(g.get_physical_local_linear_id());
  const int x = 3 * p + 1;
  const int r[12] = {reduce_over_group(g, x, plus<>()),
                     reduce_over_group(g, x, 10, maximum<>()),
                     inclusive_scan_over_group(g, x, plus<>()),
                     inclusive_scan_over_group(g, x, plus<>(), 100),
                     exclusive_scan_over_group(g, x, plus<>()),
                     exclusive_scan_over_group(g, x, -5, plus<>()),
                     group_broadcast(g, x),
                     group_broadcast(g, x, typename Group::linear_id_type{0}),
                     any_of_group(g, x == 1),
                     all_of_group(g, x, [](int v) { return v % 3 == 1; }),
                     none_of_group(g, x > 1000),
                     static_cast<int>(g.get_physical_local_linear_range())};
  for (int k = 0; k < 12; ++k) out[(slot + p) * 12 + k] = r[k];
}

void expect_physical_forms(const int* r, std::size_t physical, std::size_t p) {
  int sum = 0, mx = 10, before = 0;
  for (std::size_t k = 0; k < physical; ++k) sum += 3 * static_cast<int>(k) + 1;
  for (std::size_t k = 0; k < physical; ++k) mx = std::max(mx, 3 * static_cast<int>(k) + 1);
  for (std::size_t k = 0; k < p; ++k) before += 3 * static_cast<int>(k) + 1;
  const int x = 3 * static_cast<int>(p) + 1;
  EXPECT_EQ(r[0], sum);
  EXPECT_EQ(r[1], mx);
  EXPECT_EQ(r[2], before + x);
  EXPECT_EQ(r[3], 100 + before + x);
  EXPECT_EQ(r[4], before);
  EXPECT_EQ(r[5], -5 + before);
  EXPECT_EQ(r[6], 1);
  EXPECT_EQ(r[7], 1);
  EXPECT_EQ(r[8], 1);
  EXPECT_EQ(r[9], 1);
  EXPECT_EQ(r[10], 1);
}

}  // namespace

TEST_P(scoped_broadcast_vote, physical_forms_on_every_group_kind) {
  // Physical items per group never exceed the logical ones (1 on the CPU; on a GPU one warp,
  // then a partial last warp and sub-group).
  for (const std::size_t local : {std::size_t{32}, std::size_t{100}}) {
    SCOPED_TRACE(testing::Message() << "group of " << local);
    shared_array<int> wg(groups * local * 12, q), sg(groups * local * local * 12, q), sc(groups * local * 12, q);
    shared_array<int> parts(groups, q);
    int *pwg = wg.data(), *psg = sg.data(), *psc = sc.data(), *pparts = parts.data();
    for (std::size_t i = 0; i < wg.size(); ++i) pwg[i] = psc[i] = -1;
    for (std::size_t i = 0; i < sg.size(); ++i) psg[i] = -1;
    q.parallel(range<1>{groups}, range<1>{local}, COHORT_LAMBDA(scoped_group<1> g) {
      const std::size_t gl = g.get_group_linear_id();
      physical_forms(g, pwg, gl * local);
      distribute_groups(g, [&](auto part) {
        single_item(part, [&] {
          if (part.get_group_linear_id() == 0) pparts[gl] = static_cast<int>(part.get_group_linear_range());
        });
        physical_forms(part, psg, (gl * local + part.get_group_linear_id()) * local);
        distribute_groups(part, [&](auto scalar_group) {
          if (part.get_group_linear_id() == 0 && scalar_group.get_group_linear_id() == 0)
            physical_forms(scalar_group, psc, gl * local);
        });
      });
    });
    q.wait_and_throw();
    for (std::size_t gl = 0; gl < groups; ++gl) {
      const auto check = [&](const int* base, std::size_t slot) {
        const std::size_t physical = static_cast<std::size_t>(base[slot * 12 + 11]);
        ASSERT_GE(physical, 1u);
        for (std::size_t p = 0; p < physical; ++p) expect_physical_forms(base + (slot + p) * 12, physical, p);
      };
      check(pwg, gl * local);
      check(psc, gl * local);
      for (std::size_t part = 0; part < static_cast<std::size_t>(parts[gl]); ++part) check(psg, (gl * local + part) * local);
    }
  }
}

TEST_P(scoped_broadcast_vote, bad_ids_and_foreign_memory_throw_invalid) {
  COHORT_SKIP_UNLESS_CPU(q, "device code cannot throw: on a GPU these stop the kernel with a message");
  const auto expect_invalid = [&](auto kernel) {
    try {
      q.parallel(range<1>{2}, range<1>{10}, kernel);
      q.wait_and_throw();
      ADD_FAILURE() << "expected cohort::exception";
    } catch (const cohort::exception& e) {
      EXPECT_EQ(e.code(), errc::invalid) << e.what();
    }
  };
  expect_invalid(COHORT_LAMBDA(scoped_group<1> g) {
    memory_environment(g, require_private_mem<int>(1), [&](auto x) { (void)group_broadcast(g, x, 10); });
  });
  expect_invalid(COHORT_LAMBDA(scoped_group<1> g) {
    memory_environment(g, require_private_mem<int>(1), [&](auto x) { (void)group_broadcast(g, x, id<1>{11}); });
  });
  expect_invalid(COHORT_LAMBDA(scoped_group<1> g) { (void)group_broadcast(g, 1, g.get_physical_local_linear_range()); });
  if (q.get_device().is_cpu()) {
    // Memory of one scalar group used on its work-group (the CPU accepts memory on any
    // scoped group): the work-group's items are not all in it.
    expect_invalid(COHORT_LAMBDA(scoped_group<1> g) {
      distribute_groups(g, [&](auto part) {
        memory_environment(part, require_private_mem<int>(1), [&](auto x) { (void)reduce_over_group(g, x, plus<>()); });
      });
    });
  }
}

COHORT_INSTANTIATE_ON_ALL_DEVICES(scoped_broadcast_vote);
