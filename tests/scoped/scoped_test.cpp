// SPDX-License-Identifier: MIT
// Scoped parallelism (AdaptiveCpp v2 API): group and s_item queries, distribute_groups
// nesting, single_item, memory_environment, a scoped reduction and error propagation.
// Every observation made inside a kernel is checked against closed forms computed by
// independent host loops; what depends on the backend (physical items, the parts that
// distribute_groups makes) comes from scoped_layout_model.hpp. Code at group scope runs on
// every physical item (one per group on the CPU, a block's threads on a GPU): kernels write
// group-level records in single_item and per-item records in distribute_items, so that no
// two physical items write the same place.
#include <cohort/cohort.hpp>
#include <cohort/scoped.hpp>

#include <gtest/gtest.h>

#include "scoped/scoped_layout_model.hpp"
#include "support/devices.hpp"

#include <array>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

namespace {

using cohort::memory_scope;
using cohort::scoped_group;
using cohort_test::shared_array;

class scoped : public cohort_test::on_device {};

using cohort::range;
using cohort::s_item;
using std::size_t;

template <int D>
using arr = std::array<size_t, D>;

template <int D>
arr<D> to_arr(const range<D>& r) {
  arr<D> a{};
  for (int d = 0; d < D; ++d) a[d] = r[d];
  return a;
}
template <int D>
size_t product(const arr<D>& r) {
  size_t p = 1;
  for (int d = 0; d < D; ++d) p *= r[d];
  return p;
}
/// Row-major, last dimension fastest.
template <int D>
size_t flatten(const arr<D>& i, const arr<D>& r) {
  size_t lin = 0;
  for (int d = 0; d < D; ++d) lin = lin * r[d] + i[d];
  return lin;
}
template <int D>
arr<D> unflatten(size_t lin, const arr<D>& r) {
  arr<D> i{};
  for (int d = D - 1; d >= 0; --d) {
    i[d] = lin % r[d];
    lin /= r[d];
  }
  return i;
}
/// Calls f(group id, local id, global id, global linear id) for every logical item.
template <int D, typename F>
void for_each_item(const arr<D>& groups, const arr<D>& local, F f) {
  arr<D> global{};
  for (int d = 0; d < D; ++d) global[d] = groups[d] * local[d];
  for (size_t gl = 0; gl < product<D>(groups); ++gl)
    for (size_t ll = 0; ll < product<D>(local); ++ll) {
      const arr<D> gi = unflatten<D>(gl, groups), li = unflatten<D>(ll, local);
      arr<D> x{};
      for (int d = 0; d < D; ++d) x[d] = gi[d] * local[d] + li[d];
      f(gi, li, x, flatten<D>(x, global));
    }
}
using cohort_test::scoped_model::layout_of;

#define COHORT_SKIP_UNLESS_GPU(q)                                             \
  do {                                                                        \
    if ((q).get_device().is_cpu()) GTEST_SKIP() << "a GPU backend's limit"; \
  } while (0)

// ---- group and s_item queries ---------------------------------------------------

template <int D>
struct group_record {
  int visits, single_count;
  size_t id[D], id_d[D], bracket[D], range[D], range_d[D], linear_id, linear_range;
  size_t logical_range[D], logical_range_d[D], logical_linear_range;
  size_t phys_id[D], phys_id_d[D], phys_linear_id, phys_range[D], phys_range_d[D], phys_linear_range;
  bool leader;
};

/// What each physical item of a group observes at group scope.
template <int D>
struct physical_record {
  int visits;
  size_t id[D], range[D], linear_id, linear_range;
  bool leader;
};

template <int D>
struct item_record {
  int visits;
  size_t global_id[D], global_id_d[D], global_range[D], global_range_d[D], global_linear_id, global_linear_range;
  size_t inner_id[D], inner_id_d[D], inner_range[D], inner_range_d[D], inner_linear_id, inner_linear_range;
  size_t local_id[D], local_id_d[D], local_linear_id, local_range[D], local_range_d[D], local_linear_range;
  size_t g_logical_id[D], g_logical_id_d[D], g_logical_linear_id, g_local_id[D], g_local_id_d[D], g_local_linear_id;
  size_t group_linear_id;
};

template <int D>
void check_queries(cohort::queue& q, range<D> groups, range<D> local) {
  SCOPED_TRACE(::testing::Message() << D << "D, group size " << local.size() << ", " << groups.size() << " groups");
  const size_t ng = groups.size(), n = ng * local.size();
  const auto model = layout_of<D>(q, to_arr<D>(local));
  const size_t np = model.physical();
  shared_array<group_record<D>> grs(ng, q);
  shared_array<physical_record<D>> phys(ng * np, q);
  shared_array<item_record<D>> items(n, q);
  group_record<D>* gp = grs.data();
  physical_record<D>* pp = phys.data();
  item_record<D>* ip = items.data();

  q.parallel(groups, local, COHORT_LAMBDA(scoped_group<D> g) {
    using G = decltype(g);
    static_assert(cohort::is_scoped_group_v<G>);
    static_assert(!cohort::is_group_v<G>);
    static_assert(G::fence_scope == memory_scope::work_group);
    static_assert(G::dimensions == D);
    static_assert(std::is_same_v<typename G::id_type, cohort::id<D>>);
    static_assert(std::is_same_v<typename G::range_type, cohort::range<D>>);
    static_assert(std::is_same_v<typename G::linear_id_type, size_t>);

    physical_record<D>& p = pp[g.get_group_linear_id() * np + g.get_physical_local_linear_id()];
    ++p.visits;
    for (int d = 0; d < D; ++d) {
      p.id[d] = g.get_physical_local_id(d);
      p.range[d] = g.get_physical_local_range()[d];
    }
    p.linear_id = g.get_physical_local_linear_id();
    p.linear_range = g.get_physical_local_linear_range();
    p.leader = g.leader();

    group_record<D>& r = gp[g.get_group_linear_id()];
    cohort::single_item(g, [&] {
      ++r.visits;
      for (int d = 0; d < D; ++d) {
        r.id[d] = g.get_group_id()[d];
        r.id_d[d] = g.get_group_id(d);
        r.bracket[d] = g[d];
        r.range[d] = g.get_group_range()[d];
        r.range_d[d] = g.get_group_range(d);
        r.logical_range[d] = g.get_logical_local_range()[d];
        r.logical_range_d[d] = g.get_logical_local_range(d);
        r.phys_id[d] = g.get_physical_local_id()[d];
        r.phys_id_d[d] = g.get_physical_local_id(d);
        r.phys_range[d] = g.get_physical_local_range()[d];
        r.phys_range_d[d] = g.get_physical_local_range(d);
      }
      r.linear_id = g.get_group_linear_id();
      r.linear_range = g.get_group_linear_range();
      r.logical_linear_range = g.get_logical_local_linear_range();
      r.phys_linear_id = g.get_physical_local_linear_id();
      r.phys_linear_range = g.get_physical_local_linear_range();
      r.leader = g.leader();
    });
    cohort::single_item(g, [&] { ++r.single_count; });

    cohort::distribute_items(g, [&](s_item<D> it) {
      item_record<D>& x = ip[it.get_global_linear_id()];
      ++x.visits;
      for (int d = 0; d < D; ++d) {
        x.global_id[d] = it.get_global_id()[d];
        x.global_id_d[d] = it.get_global_id(d);
        x.global_range[d] = it.get_global_range()[d];
        x.global_range_d[d] = it.get_global_range(d);
        x.inner_id[d] = it.get_innermost_local_id()[d];
        x.inner_id_d[d] = it.get_innermost_local_id(d);
        x.inner_range[d] = it.get_innermost_local_range()[d];
        x.inner_range_d[d] = it.get_innermost_local_range(d);
        x.local_id[d] = it.get_local_id(g)[d];
        x.local_id_d[d] = it.get_local_id(g, d);
        x.local_range[d] = it.get_local_range(g)[d];
        x.local_range_d[d] = it.get_local_range(g, d);
        x.g_logical_id[d] = g.get_logical_local_id(it)[d];
        x.g_logical_id_d[d] = g.get_logical_local_id(it, d);
        x.g_local_id[d] = g.get_local_id(it)[d];
        x.g_local_id_d[d] = g.get_local_id(it, d);
      }
      x.global_linear_id = it.get_global_linear_id();
      x.global_linear_range = it.get_global_linear_range();
      x.inner_linear_id = it.get_innermost_local_linear_id();
      x.inner_linear_range = it.get_innermost_local_linear_range();
      x.local_linear_id = it.get_local_linear_id(g);
      x.local_linear_range = it.get_local_linear_range(g);
      x.g_logical_linear_id = g.get_logical_local_linear_id(it);
      x.g_local_linear_id = g.get_local_linear_id(it);
      x.group_linear_id = g.get_group_linear_id();
    });
  });
  q.wait_and_throw();

  const arr<D> ga = to_arr<D>(groups), la = to_arr<D>(local), pr = model.physical_range();
  ASSERT_EQ(product<D>(pr), np);
  arr<D> global{};
  for (int d = 0; d < D; ++d) global[d] = ga[d] * la[d];
  for (size_t gl = 0; gl < ng; ++gl) {
    for (size_t pl = 0; pl < np; ++pl) {
      const physical_record<D>& p = phys[gl * np + pl];
      ASSERT_EQ(p.visits, 1) << "group " << gl << ", physical item " << pl;
      const arr<D> pi = unflatten<D>(pl, pr);
      for (int d = 0; d < D; ++d) {
        EXPECT_EQ(p.id[d], pi[d]);
        EXPECT_EQ(p.range[d], pr[d]);
      }
      EXPECT_EQ(p.linear_id, pl);
      EXPECT_EQ(p.linear_range, np);
      EXPECT_EQ(p.leader, pl == 0);
    }
    const group_record<D>& r = grs[gl];
    const arr<D> gi = unflatten<D>(gl, ga);
    ASSERT_EQ(r.visits, 1) << "group " << gl;
    EXPECT_EQ(r.single_count, 1);
    for (int d = 0; d < D; ++d) {
      EXPECT_EQ(r.id[d], gi[d]);
      EXPECT_EQ(r.id_d[d], gi[d]);
      EXPECT_EQ(r.bracket[d], gi[d]);
      EXPECT_EQ(r.range[d], ga[d]);
      EXPECT_EQ(r.range_d[d], ga[d]);
      EXPECT_EQ(r.logical_range[d], la[d]);
      EXPECT_EQ(r.logical_range_d[d], la[d]);
      EXPECT_EQ(r.phys_id[d], 0u);  // the leader's
      EXPECT_EQ(r.phys_id_d[d], 0u);
      EXPECT_EQ(r.phys_range[d], pr[d]);
      EXPECT_EQ(r.phys_range_d[d], pr[d]);
    }
    EXPECT_EQ(r.linear_id, gl);
    EXPECT_EQ(r.linear_range, ng);
    EXPECT_EQ(r.logical_linear_range, product<D>(la));
    EXPECT_EQ(r.phys_linear_id, 0u);
    EXPECT_EQ(r.phys_linear_range, np);
    EXPECT_TRUE(r.leader);
  }
  for_each_item<D>(ga, la, [&](const arr<D>& gi, const arr<D>& li, const arr<D>& x, size_t xl) {
    const item_record<D>& r = items[xl];
    ASSERT_EQ(r.visits, 1) << "item " << xl;
    for (int d = 0; d < D; ++d) {
      EXPECT_EQ(r.global_id[d], x[d]);
      EXPECT_EQ(r.global_id_d[d], x[d]);
      EXPECT_EQ(r.global_range[d], global[d]);
      EXPECT_EQ(r.global_range_d[d], global[d]);
      EXPECT_EQ(r.inner_id[d], li[d]);
      EXPECT_EQ(r.inner_id_d[d], li[d]);
      EXPECT_EQ(r.inner_range[d], la[d]);
      EXPECT_EQ(r.inner_range_d[d], la[d]);
      EXPECT_EQ(r.local_id[d], li[d]);
      EXPECT_EQ(r.local_id_d[d], li[d]);
      EXPECT_EQ(r.local_range[d], la[d]);
      EXPECT_EQ(r.local_range_d[d], la[d]);
      EXPECT_EQ(r.g_logical_id[d], li[d]);
      EXPECT_EQ(r.g_logical_id_d[d], li[d]);
      EXPECT_EQ(r.g_local_id[d], li[d]);
      EXPECT_EQ(r.g_local_id_d[d], li[d]);
    }
    const size_t ll = flatten<D>(li, la);
    EXPECT_EQ(r.global_linear_id, xl);
    EXPECT_EQ(r.global_linear_range, product<D>(global));
    EXPECT_EQ(r.inner_linear_id, ll);
    EXPECT_EQ(r.inner_linear_range, product<D>(la));
    EXPECT_EQ(r.local_linear_id, ll);
    EXPECT_EQ(r.local_linear_range, product<D>(la));
    EXPECT_EQ(r.g_logical_linear_id, ll);
    EXPECT_EQ(r.g_local_linear_id, ll);
    EXPECT_EQ(r.group_linear_id, flatten<D>(gi, ga));
  });
}

TEST_P(scoped, Queries1D) {
  for (size_t ng : {1, 3, 5})
    for (size_t gs : {1, 7, 16, 33, 100, 256, 1024, 1025, 3000}) check_queries<1>(q, range<1>{ng}, range<1>{gs});
}
TEST_P(scoped, Queries2D) {
  for (auto ng : {range<2>{1, 1}, range<2>{2, 3}})
    for (auto gs : {range<2>{1, 1}, range<2>{5, 3}, range<2>{16, 16}, range<2>{4, 8}, range<2>{8, 6}, range<2>{3, 1000},
                    range<2>{64, 32}})
      check_queries<2>(q, ng, gs);
}
TEST_P(scoped, Queries3D) {
  for (auto ng : {range<3>{1, 1, 1}, range<3>{2, 1, 3}})
    for (auto gs : {range<3>{1, 1, 1}, range<3>{4, 4, 8}, range<3>{3, 2, 5}, range<3>{2, 2, 2}, range<3>{2, 40, 40}})
      check_queries<3>(q, ng, gs);
}

// ---- nested distribute_groups ---------------------------------------------------

template <int D>
struct nested_record {
  int visits, sub_visits;
  int scope1, scope2, scope3;
  size_t id1[D], range1[D], lrange1[D], lid1[D], phys_range1[D], lin_id1, lin_range1;
  bool leader1;
  size_t id2[D], range2[D], lrange2[D], lid2[D];
  size_t id3[D], range3[D], lrange3[D], lid3[D];
  size_t inner_id[D], inner_range[D], lid0[D], global_id[D];
  size_t sub_inner_id[D], sub_inner_range[D];
  int part_marks, sub_part_marks;  // single_item of the level-1 / level-2 group that starts here
};

/// The global linear id of a scoped group's first item.
template <typename Group>
COHORT_INLINE size_t first_item_of(const Group& g) {
  return cohort::detail::linearize<Group::dimensions>(g.get_global_group_offset(), g.get_global_range());
}

template <int D>
void check_nesting(cohort::queue& q, range<D> groups, range<D> local) {
  SCOPED_TRACE(::testing::Message() << D << "D, group size " << local.size() << ", " << groups.size() << " groups");
  const size_t ng = groups.size(), n = ng * local.size();
  shared_array<nested_record<D>> items(n, q);
  nested_record<D>* ip = items.data();

  q.parallel(groups, local, COHORT_LAMBDA(scoped_group<D> g) {
    cohort::distribute_groups_and_wait(g, [&](auto sg) {
      using S = decltype(sg);
      static_assert(cohort::is_scoped_group_v<S>);
      static_assert(S::dimensions == D);
      static_assert(S::fence_scope == memory_scope::sub_group || S::fence_scope == memory_scope::work_item);
      cohort::single_item(sg, [&] { ++ip[first_item_of(sg)].part_marks; });

      // Items of the level-1 group directly.
      cohort::distribute_items_and_wait(sg, [&](s_item<D> it) {
        nested_record<D>& x = ip[it.get_global_linear_id()];
        ++x.sub_visits;
        for (int d = 0; d < D; ++d) {
          x.sub_inner_id[d] = it.get_innermost_local_id(d);
          x.sub_inner_range[d] = it.get_innermost_local_range(d);
        }
      });

      cohort::distribute_groups(sg, [&](auto s2) {
        using S2 = decltype(s2);
        static_assert(S2::fence_scope == memory_scope::work_item);
        cohort::single_item_and_wait(s2, [&] { ++ip[first_item_of(s2)].sub_part_marks; });
        cohort::distribute_groups_and_wait(s2, [&](auto s3) {
          using S3 = decltype(s3);
          static_assert(S3::fence_scope == memory_scope::work_item);
          cohort::distribute_items(s3, [&](s_item<D> it) {
            nested_record<D>& x = ip[it.get_global_linear_id()];
            ++x.visits;
            x.scope1 = static_cast<int>(S::fence_scope);
            x.scope2 = static_cast<int>(S2::fence_scope);
            x.scope3 = static_cast<int>(S3::fence_scope);
            for (int d = 0; d < D; ++d) {
              x.id1[d] = sg.get_group_id(d);
              x.range1[d] = sg.get_group_range(d);
              x.lrange1[d] = sg.get_logical_local_range(d);
              x.lid1[d] = it.get_local_id(sg, d);
              x.phys_range1[d] = sg.get_physical_local_range(d);
              x.id2[d] = s2.get_group_id()[d];
              x.range2[d] = s2.get_group_range()[d];
              x.lrange2[d] = s2.get_logical_local_range()[d];
              x.lid2[d] = it.get_local_id(s2)[d];
              x.id3[d] = s3.get_group_id()[d];
              x.range3[d] = s3.get_group_range()[d];
              x.lrange3[d] = it.get_local_range(s3, d);
              x.lid3[d] = s3.get_local_id(it, d);
              x.inner_id[d] = it.get_innermost_local_id(d);
              x.inner_range[d] = it.get_innermost_local_range(d);
              x.lid0[d] = it.get_local_id(g, d);
              x.global_id[d] = it.get_global_id(d);
            }
            x.lin_id1 = sg.get_group_linear_id();
            x.lin_range1 = sg.get_group_linear_range();
            x.leader1 = sg.leader();
          });
          cohort::group_barrier(s3);
          cohort::group_barrier(s3, memory_scope::work_group);
        });
        cohort::group_barrier(s2);
      });
      cohort::group_barrier(sg);
    });
    cohort::group_barrier(g);
    cohort::group_barrier(g, memory_scope::device);
  });
  q.wait_and_throw();

  const arr<D> ga = to_arr<D>(groups), la = to_arr<D>(local);
  const auto model = layout_of<D>(q, la);
  const bool tiles = model.sub_groups;
  const arr<D> parts = model.parts();
  const int sub = static_cast<int>(memory_scope::sub_group), scalar = static_cast<int>(memory_scope::work_item);
  for_each_item<D>(ga, la, [&](const arr<D>&, const arr<D>& li, const arr<D>& x, size_t xl) {
    const nested_record<D>& r = items[xl];
    ASSERT_EQ(r.visits, 1) << "item " << xl;
    ASSERT_EQ(r.sub_visits, 1) << "item " << xl;
    EXPECT_EQ(r.scope1, tiles ? sub : scalar);
    EXPECT_EQ(r.scope2, scalar);
    EXPECT_EQ(r.scope3, scalar);
    // Level 1: the part that holds li; level 2: li's scalar group in it.
    const arr<D> id1 = model.part_of(li), extent1 = model.part_extent(id1);
    arr<D> lid1{};
    for (int d = 0; d < D; ++d) lid1[d] = li[d] - id1[d] * model.tile[d];
    const size_t part = flatten<D>(id1, parts);
    for (int d = 0; d < D; ++d) {
      EXPECT_EQ(r.id1[d], id1[d]);
      EXPECT_EQ(r.range1[d], parts[d]);
      EXPECT_EQ(r.lrange1[d], extent1[d]);
      EXPECT_EQ(r.lid1[d], lid1[d]);
      EXPECT_EQ(r.phys_range1[d], d == D - 1 ? model.part_lanes(part) : 1u);
      EXPECT_EQ(r.sub_inner_id[d], lid1[d]);
      EXPECT_EQ(r.sub_inner_range[d], extent1[d]);
      EXPECT_EQ(r.id2[d], lid1[d]);
      EXPECT_EQ(r.range2[d], extent1[d]);
      EXPECT_EQ(r.lrange2[d], 1u);
      EXPECT_EQ(r.lid2[d], 0u);
      EXPECT_EQ(r.id3[d], 0u);
      EXPECT_EQ(r.range3[d], 1u);
      EXPECT_EQ(r.lrange3[d], 1u);
      EXPECT_EQ(r.lid3[d], 0u);
      EXPECT_EQ(r.inner_id[d], 0u);
      EXPECT_EQ(r.inner_range[d], 1u);
      EXPECT_EQ(r.lid0[d], li[d]);
      EXPECT_EQ(r.global_id[d], x[d]);
    }
    const size_t lin1 = flatten<D>(lid1, extent1);
    EXPECT_EQ(r.lin_id1, part);
    EXPECT_EQ(r.lin_range1, product<D>(parts));
    // Asked inside distribute_items (where AdaptiveCpp calls it meaningless): on a GPU a
    // sub-group's leader is its lane 0, which runs the sub-group's first item.
    EXPECT_EQ(r.leader1, !model.gpu || !tiles || lin1 == 0);
    EXPECT_EQ(r.part_marks, lin1 == 0 ? 1 : 0) << "item " << xl;
    EXPECT_EQ(r.sub_part_marks, 1) << "item " << xl;
  });
}

struct deprecated_record {
  size_t id[2], id_d[2], range_[2], range_d[2], sub_range[2];
};

TEST_P(scoped, DeprecatedLocalQueriesArePhysicalIdAndLogicalRange) {
  // AdaptiveCpp's deprecated get_local_id() / get_local_range() on scoped groups: the
  // physical id (0 on the leader) and the logical range, on the work group and on its
  // sub-groups.
  const range<2> groups{2, 3}, local{5, 4};
  shared_array<deprecated_record> out(groups.size(), q);
  shared_array<int> mismatches(groups.size() * local.size(), q);
  deprecated_record* o = out.data();
  int* mp = mismatches.data();
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#if defined(__CUDACC__)
#pragma nv_diagnostic push
#pragma nv_diag_suppress 1444  // the deprecated queries, on purpose
#endif
  q.parallel(groups, local, COHORT_LAMBDA(scoped_group<2> g) {
     deprecated_record& r = o[g.get_group_linear_id()];
     cohort::single_item(g, [&] {
       for (int d = 0; d < 2; ++d) {
         r.id[d] = g.get_local_id()[d];
         r.id_d[d] = g.get_local_id(d);
         r.range_[d] = g.get_local_range()[d];
         r.range_d[d] = g.get_local_range(d);
       }
     });
     cohort::distribute_groups(g, [&](auto sg) {
       cohort::single_item(sg, [&] {
         if (sg.get_group_linear_id() == 0)
           for (int d = 0; d < 2; ++d) r.sub_range[d] = sg.get_local_range(d);
       });
       cohort::distribute_items(sg, [&](s_item<2> it) {
         for (int d = 0; d < 2; ++d) mp[it.get_global_linear_id()] += sg.get_local_range(d) != sg.get_logical_local_range(d);
       });
     });
   }).wait_and_throw();
#if defined(__CUDACC__)
#pragma nv_diagnostic pop
#endif
#pragma GCC diagnostic pop
  for (int m : mismatches) EXPECT_EQ(m, 0);
  for (const deprecated_record& r : out) {
    for (int d = 0; d < 2; ++d) {
      EXPECT_EQ(r.id[d], 0u);
      EXPECT_EQ(r.id_d[d], 0u);
      EXPECT_EQ(r.range_[d], local[d]);
      EXPECT_EQ(r.range_d[d], local[d]);
      EXPECT_GE(r.sub_range[d], 1u);
      EXPECT_LE(r.sub_range[d], local[d]);
    }
  }
}

TEST_P(scoped, NestedDistributeGroups1D) {
  for (size_t gs : {1, 7, 16, 33, 100, 256, 1000, 3000}) check_nesting<1>(q, range<1>{3}, range<1>{gs});
}
TEST_P(scoped, NestedDistributeGroups2D) {
  for (auto gs : {range<2>{5, 3}, range<2>{16, 16}, range<2>{4, 8}, range<2>{8, 6}, range<2>{1, 1}, range<2>{2, 16},
                  range<2>{3, 1000}, range<2>{64, 32}})
    check_nesting<2>(q, range<2>{2, 2}, gs);
}
TEST_P(scoped, NestedDistributeGroups3D) {
  for (auto gs : {range<3>{4, 4, 8}, range<3>{3, 2, 5}, range<3>{2, 2, 2}, range<3>{2, 4, 3}, range<3>{4, 8, 40},
                  range<3>{8, 4, 64}})
    check_nesting<3>(q, range<3>{2, 1, 2}, gs);
}

// ---- single_item ----------------------------------------------------------------

TEST_P(scoped, SingleItemOncePerGroup) {
  const range<2> groups{3, 4}, local{5, 3};
  int* once = cohort::malloc_shared<int>(groups.size(), q);
  int* once_wait = cohort::malloc_shared<int>(groups.size(), q);
  // single_item of each part, at the part's first item (parts run concurrently on a GPU).
  int* part_firsts = cohort::malloc_shared<int>(groups.size() * local.size(), q);
  for (size_t i = 0; i < groups.size(); ++i) once[i] = once_wait[i] = 0;
  for (size_t i = 0; i < groups.size() * local.size(); ++i) part_firsts[i] = 0;
  q.parallel(groups, local, COHORT_LAMBDA(scoped_group<2> g) {
    const size_t gl = g.get_group_linear_id();
    cohort::single_item(g, [&] { ++once[gl]; });
    cohort::single_item_and_wait(g, [&] { ++once_wait[gl]; });
    cohort::distribute_groups(g, [&](auto part) { cohort::single_item(part, [&] { ++part_firsts[first_item_of(part)]; }); });
  });
  q.wait_and_throw();
  for (size_t i = 0; i < groups.size(); ++i) {
    EXPECT_EQ(once[i], 1);
    EXPECT_EQ(once_wait[i], 1);
  }
  // 5x3 tiles neither by 4x4 (CPU) nor by 32 (GPU): one scalar group per item.
  for (size_t i = 0; i < groups.size() * local.size(); ++i) EXPECT_EQ(part_firsts[i], 1) << "item " << i;
  cohort::free(once, q);
  cohort::free(once_wait, q);
  cohort::free(part_firsts, q);
}

// ---- memory_environment ---------------------------------------------------------

TEST_P(scoped, MemoryEnvironment2D) {
  const range<2> groups{3, 2}, local{16, 16};
  const size_t ng = groups.size(), n = ng * local.size();
  shared_array<int> bad(n, q), out_priv(n, q), out_tile(n, q), out_counter(n, q);
  shared_array<double> out_arr(n, q), out_scale(n, q);
  shared_array<long> sums(ng, q);
  int* badp = bad.data();
  int* privp = out_priv.data();
  int* tilep = out_tile.data();
  int* counterp = out_counter.data();
  double* arrp = out_arr.data();
  double* scalep = out_scale.data();
  long* sump = sums.data();

  q.parallel(groups, local, COHORT_LAMBDA(scoped_group<2> g) {
    cohort::memory_environment(
        g, cohort::require_local_mem<int[16][16]>(7), cohort::require_local_mem<int>(),
        cohort::require_local_mem<double>(1.5), cohort::require_private_mem<int>(3),
        cohort::require_private_mem<double[4]>(), [&](auto& tile, auto& counter, auto& scale, auto priv, auto parr) {
          static_assert(std::is_same_v<decltype(tile), int(&)[16][16]>);
          static_assert(std::is_same_v<decltype(counter), int&>);
          static_assert(std::is_same_v<decltype(scale), double&>);
          static_assert(std::is_same_v<decltype(priv(std::declval<s_item<2>>())), int&>);
          static_assert(std::is_same_v<decltype(parr(std::declval<s_item<2>>())), double(&)[4]>);
          counter = 0;
          cohort::distribute_items_and_wait(g, [&](s_item<2> it) {
            const size_t i = it.get_local_id(g, 0), j = it.get_local_id(g, 1), gid = it.get_global_linear_id();
            if (tile[i][j] != 7) ++badp[gid];
            if (priv(it) != 3) ++badp[gid];
            priv(it) += static_cast<int>(gid);
            for (int k = 0; k < 4; ++k) parr(it)[k] = static_cast<double>(gid) * 0.5 + k;
            tile[i][j] = static_cast<int>(gid);
          });
          cohort::single_item_and_wait(g, [&] {
            ++counter;
            long s = 0;
            for (int i = 0; i < 16; ++i)
              for (int j = 0; j < 16; ++j) s += tile[i][j];
            sump[g.get_group_linear_id()] = s;
          });
          cohort::distribute_items(g, [&](s_item<2> it) {
            const size_t i = it.get_local_id(g, 0), j = it.get_local_id(g, 1), gid = it.get_global_linear_id();
            privp[gid] = priv(it);
            double s = 0;
            for (int k = 0; k < 4; ++k) s += parr(it)[k];
            arrp[gid] = s;
            tilep[gid] = tile[15 - i][15 - j];  // written by another item in the first pass
            counterp[gid] = counter;
            scalep[gid] = scale;
          });
        });
  });
  q.wait_and_throw();

  std::vector<long> expect_sums(ng);
  for_each_item<2>(to_arr<2>(groups), to_arr<2>(local),
                   [&](const arr<2>& gi, const arr<2>& li, const arr<2>&, size_t xl) {
                     const arr<2> global{groups[0] * 16, groups[1] * 16};
                     const arr<2> mirrored{gi[0] * 16 + 15 - li[0], gi[1] * 16 + 15 - li[1]};
                     expect_sums[flatten<2>(gi, to_arr<2>(groups))] += static_cast<long>(xl);
                     EXPECT_EQ(bad[xl], 0) << "item " << xl;
                     EXPECT_EQ(out_priv[xl], 3 + static_cast<int>(xl));
                     EXPECT_DOUBLE_EQ(out_arr[xl], 2.0 * static_cast<double>(xl) + 6.0);
                     EXPECT_EQ(out_tile[xl], static_cast<int>(flatten<2>(mirrored, global)));
                     EXPECT_EQ(out_counter[xl], 1);
                     EXPECT_EQ(out_scale[xl], 1.5);
                   });
  for (size_t i = 0; i < ng; ++i) EXPECT_EQ(sums[i], expect_sums[i]) << "group " << i;
}

TEST_P(scoped, MemoryEnvironmentSynonymsAndOddSizes) {
  const size_t ng = 4, gs = 7, n = ng * gs;
  shared_array<float> out(n, q);
  shared_array<int> firsts(ng, q);
  float* op = out.data();
  int* fp = firsts.data();
  q.parallel(range<1>{ng}, range<1>{gs}, COHORT_LAMBDA(scoped_group<1> g) {
    cohort::local_memory_environment<int[8]>(g, [&](auto& a) {
      static_assert(std::is_same_v<decltype(a), int(&)[8]>);
      // By reference, as AdaptiveCpp documents it (by value works too, elsewhere).
      cohort::private_memory_environment<float>(g, [&](auto& p) {
        static_assert(std::is_lvalue_reference_v<decltype(p)>);
        cohort::distribute_items_and_wait(g, [&](s_item<1> it) {
          p(it) = static_cast<float>(it.get_global_linear_id()) * 2.0f;
          a[it.get_local_linear_id(g)] = static_cast<int>(it.get_local_linear_id(g)) + 1;
        });
        cohort::single_item(g, [&] { fp[g.get_group_linear_id()] = a[0] + a[6]; });
        cohort::distribute_items(g, [&](s_item<1> it) { op[it.get_global_linear_id()] = p(it) + 1.0f; });
      });
    });
  });
  q.wait_and_throw();
  for (size_t i = 0; i < n; ++i) EXPECT_EQ(out[i], static_cast<float>(i) * 2.0f + 1.0f);
  for (size_t i = 0; i < ng; ++i) EXPECT_EQ(firsts[i], 8);
}

// Private memory of every size a group can have: the CPU backend keeps an environment's
// private requests in its frame while they fit together (`edge` items at these sizes) and
// takes them from the arena beyond; both must start from the requested values (vec
// default-constructs to zero) and keep each item's value apart. Two groups per launch,
// so a group's storage is seen reused by the next group on the same thread. On a GPU,
// groups up to 1024 items hold one item per thread (registers), larger ones up to 8 per
// thread, up to 8192 items.
TEST_P(scoped, PrivateMemoryAtEverySize) {
  using wide = cohort::vec<float, 16>;
  const size_t edge = cohort::backends::cpu::scoped_hooks::private_inline_items(sizeof(wide) + sizeof(int));
  ASSERT_GT(edge, 2u);
  ASSERT_LT(edge, 1024u);
  for (size_t gs : {size_t{1}, size_t{7}, edge - 1, edge, edge + 1, size_t{1024}, size_t{1025}, size_t{3000},
                    size_t{8192}}) {
    const size_t ng = 3, n = ng * gs;
    shared_array<int> bad(n, q, 0), got_k(n, q, -1);
    shared_array<float> got_v(n, q, -1.0f);
    int* badp = bad.data();
    int* kp = got_k.data();
    float* vp = got_v.data();
    q.parallel(range<1>{ng}, range<1>{gs}, COHORT_LAMBDA(scoped_group<1> g) {
      cohort::memory_environment(
          g, cohort::require_private_mem<wide>(), cohort::require_private_mem<int>(5), [&](auto v, auto k) {
            cohort::distribute_items_and_wait(g, [&](s_item<1> it) {
              const size_t gid = it.get_global_linear_id();
              for (int e = 0; e < 16; ++e) badp[gid] += v(it)[e] != 0.0f;
              badp[gid] += k(it) != 5;
              v(it) = wide(static_cast<float>(gid));
              k(it) += static_cast<int>(gid);
            });
            cohort::distribute_items(g, [&](s_item<1> it) {
              const size_t gid = it.get_global_linear_id();
              vp[gid] = v(it)[15];
              kp[gid] = k(it);
            });
          });
    });
    q.wait_and_throw();
    for (size_t i = 0; i < n; ++i) {
      ASSERT_EQ(bad[i], 0) << "group size " << gs << ", item " << i;
      ASSERT_EQ(got_v[i], static_cast<float>(i)) << "group size " << gs << ", item " << i;
      ASSERT_EQ(got_k[i], 5 + static_cast<int>(i)) << "group size " << gs << ", item " << i;
    }
  }
}

// Storage is released when memory_environment returns: 5000 x 64 KiB exceeds the CPU's
// arena. (Local memory is static shared memory on a GPU, at most 48 KiB per kernel: the
// nvcc build asks for 16 KiB.)
TEST_P(scoped, MemoryEnvironmentReleasesStorage) {
#if defined(__CUDACC__)
  constexpr size_t big_bytes = 16384;
#else
  constexpr size_t big_bytes = 65536;
#endif
  shared_array<int> counts(8, q);  // one per item
  int* cp = counts.data();
  q.parallel(range<1>{2}, range<1>{4}, COHORT_LAMBDA(scoped_group<1> g) {
    for (int rep = 0; rep < 5000; ++rep)
      cohort::memory_environment(g, cohort::require_local_mem<char[big_bytes]>(), cohort::require_private_mem<int>(rep),
                                 [&](auto& big, auto p) {
                                   cohort::single_item(g, [&] { big[rep] = 1; });
                                   cohort::distribute_items(g, [&](s_item<1> it) {
                                     cp[it.get_global_linear_id()] += p(it) == rep;
                                   });
                                 });
  });
  q.wait_and_throw();
  for (int c : counts) EXPECT_EQ(c, 5000);
}

// ---- a scoped tree reduction ----------------------------------------------------

TEST_P(scoped, TreeReduction) {
  for (size_t gs : {1, 7, 100, 256, 1000, 3000}) {
    SCOPED_TRACE(gs);
    const size_t ng = 6, n = ng * gs;
    long long* in = cohort::malloc_shared<long long>(n, q);
    long long* out = cohort::malloc_shared<long long>(ng, q);
    for (size_t i = 0; i < n; ++i) in[i] = static_cast<long long>((i * 37) % 101) - 50;
    q.parallel(range<1>{ng}, range<1>{gs}, COHORT_LAMBDA(scoped_group<1> g) {
      cohort::memory_environment(g, cohort::require_local_mem<long long[4096]>(), [&](auto& scratch) {
        const size_t m = g.get_logical_local_linear_range();
        cohort::distribute_items_and_wait(
            g, [&](s_item<1> it) { scratch[it.get_local_linear_id(g)] = in[it.get_global_linear_id()]; });
        size_t p = 1;
        while (p < m) p *= 2;
        for (size_t s = p / 2; s > 0; s /= 2)
          cohort::distribute_items_and_wait(g, [&](s_item<1> it) {
            const size_t l = it.get_local_id(g, 0);
            if (l < s && l + s < m) scratch[l] += scratch[l + s];
          });
        cohort::single_item(g, [&] { out[g.get_group_linear_id()] = scratch[0]; });
      });
    });
    q.wait_and_throw();
    for (size_t grp = 0; grp < ng; ++grp) {
      long long expect = 0;
      for (size_t i = 0; i < gs; ++i) expect += in[grp * gs + i];
      EXPECT_EQ(out[grp], expect) << "group " << grp;
    }
    cohort::free(in, q);
    cohort::free(out, q);
  }
}

// ---- errors ---------------------------------------------------------------------

// Device code cannot throw: the g++ build of this file tests this on the CPU.
#if !defined(__CUDACC__)
struct scoped_test_error : std::runtime_error {
  explicit scoped_test_error(size_t where) : std::runtime_error("scoped item failed"), where(where) {}
  size_t where;
};

TEST_P(scoped, ExceptionInDistributeItemsReachesWaitAndThrow) {
  COHORT_SKIP_UNLESS_CPU(q, "device code cannot throw");
  q.parallel(range<1>{8}, range<1>{32}, COHORT_LAMBDA(scoped_group<1> g) {
    cohort::distribute_items(g, [&](s_item<1> it) {
      if (it.get_global_linear_id() == 77) throw scoped_test_error(it.get_global_linear_id());
    });
  });
  try {
    q.wait_and_throw();
    FAIL() << "no exception";
  } catch (const scoped_test_error& e) {
    EXPECT_EQ(e.where, 77u);
  }
  // The queue keeps working.
  int* v = cohort::malloc_shared<int>(1, q);
  *v = 0;
  q.parallel(range<1>{1}, range<1>{3}, COHORT_LAMBDA(scoped_group<1> g) {
    cohort::distribute_items(g, [&](s_item<1>) { ++*v; });
  });
  q.wait_and_throw();
  EXPECT_EQ(*v, 3);
  cohort::free(v, q);
}
#endif

TEST_P(scoped, BadInput) {
  try {
    q.parallel(range<2>{2, 2}, range<2>{4, 0}, COHORT_LAMBDA(scoped_group<2>) {});
    FAIL() << "no exception";
  } catch (const cohort::exception& e) {
    EXPECT_EQ(e.code(), cohort::make_error_code(cohort::errc::nd_range));
  }
  // No groups: nothing runs.
  int* v = cohort::malloc_shared<int>(1, q);
  *v = 0;
  q.parallel(range<1>{0}, range<1>{8}, COHORT_LAMBDA(scoped_group<1>) { ++*v; });
  q.wait_and_throw();
  EXPECT_EQ(*v, 0);
  cohort::free(v, q);
}

// A GPU keeps private memory per thread for at most 8 items of 1024 threads: larger
// work-groups are refused (the CPU runs them).
TEST_P(scoped, GroupsAbove8192ItemsAreRefusedOnGpus) {
  COHORT_SKIP_UNLESS_GPU(q);
  for (auto local : {range<2>{1, 8193}, range<2>{100, 100}}) {
    try {
      q.parallel(range<2>{1, 1}, local, COHORT_LAMBDA(scoped_group<2>) {});
      q.wait_and_throw();
      ADD_FAILURE() << "no exception for " << local.size() << " items";
    } catch (const cohort::exception& e) {
      EXPECT_EQ(e.code(), cohort::make_error_code(cohort::errc::nd_range)) << e.what();
    }
  }
}

}  // namespace

COHORT_INSTANTIATE_ON_ALL_DEVICES(scoped);
