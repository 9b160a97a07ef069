// Hierarchical kernels: parallel_for_work_group / parallel_for_work_item, private_memory,
// local_memory, flexible ranges, implicit barriers.
#include <vector>

#include "support/devices.hpp"

using cohort_test::on_device;
using cohort_test::shared_array;
using namespace cohort;

namespace {
class hierarchical_kernels : public on_device {};
}

TEST_P(hierarchical_kernels, group_sum_with_private_and_local_memory) {
  for (std::size_t local : {1u, 7u, 64u, 256u}) {
    const std::size_t groups = 5, n = groups * local;
    shared_array<long> in(n, q), out(groups, q, -1);
    for (std::size_t i = 0; i < n; ++i) in[i] = static_cast<long>(i % 13) - 4;
    const long* x = in.data();
    long* o = out.data();
    q.submit([&](handler& h) {
       h.parallel_for_work_group(range<1>{groups}, range<1>{local}, COHORT_LAMBDA(group<1> g) {
         private_memory<long> mine(g);
         local_memory<long[256]> scratch(g);
         g.parallel_for_work_item([&](h_item<1> it) { mine(it) = x[it.get_global_id(0)] * 2; });
         g.parallel_for_work_item([&](h_item<1> it) { scratch[it.get_local_id(0)] = mine(it); });
         g.parallel_for_work_item([&](h_item<1> it) {
           if (it.get_local_id(0) == 0) {
             long s = 0;
             for (std::size_t i = 0; i < it.get_local_range(0); ++i) s += scratch[i];
             o[g.get_group_id(0)] = s;
           }
         });
       });
     }).wait_and_throw();
    for (std::size_t gi = 0; gi < groups; ++gi) {
      long s = 0;
      for (std::size_t i = 0; i < local; ++i) s += 2 * in[gi * local + i];
      ASSERT_EQ(out[gi], s) << "local " << local;
    }
  }
}

TEST_P(hierarchical_kernels, h_item_queries_2d_with_flexible_range) {
  const range<2> groups{2, 3}, local{4, 2}, logical{5, 3};
  const std::size_t per_group = logical.size();
  shared_array<std::size_t> out(groups.size() * per_group * 4, q, ~std::size_t{0});
  std::size_t* o = out.data();
  q.submit([&](handler& h) {
     h.parallel_for_work_group(groups, local, COHORT_LAMBDA(group<2> g) {
       g.parallel_for_work_item(logical, [&](h_item<2> it) {
         const std::size_t slot = g.get_group_linear_id() * per_group + it.get_logical_local().get_linear_id();
         o[slot * 4 + 0] = it.get_physical_local_id(0) * 10 + it.get_physical_local_id(1);
         o[slot * 4 + 1] = it.get_global_id(0) * 100 + it.get_global_id(1);
         o[slot * 4 + 2] = it.get_logical_local_range().size();
         o[slot * 4 + 3] = it.get_physical_local_range().size();
       });
     });
   }).wait_and_throw();
  for (std::size_t gi = 0; gi < 2; ++gi)
    for (std::size_t gj = 0; gj < 3; ++gj)
      for (std::size_t i = 0; i < 5; ++i)
        for (std::size_t j = 0; j < 3; ++j) {
          const std::size_t slot = (gi * 3 + gj) * per_group + i * 3 + j;
          const std::size_t pi = i % 4, pj = j % 2;
          ASSERT_EQ(o[slot * 4 + 0], pi * 10 + pj);
          ASSERT_EQ(o[slot * 4 + 1], (gi * 4 + pi) * 100 + (gj * 2 + pj));
          ASSERT_EQ(o[slot * 4 + 2], 15u);
          ASSERT_EQ(o[slot * 4 + 3], 8u);
        }
}

TEST_P(hierarchical_kernels, three_dimensions_and_implementation_chosen_size) {
  const range<3> groups{2, 2, 3};
  shared_array<int> count(groups.size(), q, 0);
  int* c = count.data();
  q.submit([&](handler& h) {
     h.parallel_for_work_group(groups, COHORT_LAMBDA(group<3> g) {
       // One mark per work-item (work-items may run concurrently: no shared counter).
       // 1024 bounds any chosen size (the implementation chooses 8 x 8 x 4).
       local_memory<int[1024]> marks(g);
       g.parallel_for_work_item([&](h_item<3> it) { marks[it.get_local().get_linear_id()] = 0; });
       g.parallel_for_work_item([&](h_item<3> it) { marks[it.get_local().get_linear_id()] += 1; });
       const std::size_t size = g.get_local_linear_range();
       int items = 0;
       bool once = size <= 1024;
       for (std::size_t i = 0; i < size && i < 1024; ++i) {
         items += marks[i];
         once = once && marks[i] == 1;
       }
       c[g.get_group_linear_id()] = once && items == static_cast<int>(size) ? 1 : -items;
     });
   }).wait_and_throw();
  for (int v : count) EXPECT_EQ(v, 1);
}

namespace {
/// Runs one parallel_for_work_item over `logical` in groups of `local` and checks that
/// every logical item runs once, on physical item (logical id mod local), with the
/// global id of that physical item.
template <int D>
void check_flexible_range(queue& q, range<D> groups, range<D> local, range<D> logical) {
  const std::size_t per_group = logical.size();
  shared_array<long> seen(groups.size() * per_group, q, 0);
  shared_array<long> placed(groups.size() * per_group, q, 0);
  long* s = seen.data();
  long* p = placed.data();
  q.submit([&](handler& h) {
     h.parallel_for_work_group(groups, local, COHORT_LAMBDA(group<D> g) {
       g.parallel_for_work_item(logical, [&](h_item<D> it) {
         const std::size_t slot = g.get_group_linear_id() * per_group + it.get_logical_local().get_linear_id();
         bool ok = true;
         for (int d = 0; d < D; ++d) {
           ok = ok && it.get_physical_local_id(d) == it.get_logical_local_id(d) % local[d];
           ok = ok && it.get_global_id(d) == g.get_group_id(d) * local[d] + it.get_physical_local_id(d);
         }
         s[slot] += 1;
         p[slot] = ok ? 1 : -1;
       });
     });
   }).wait_and_throw();
  for (std::size_t i = 0; i < seen.size(); ++i) {
    ASSERT_EQ(seen[i], 1) << "slot " << i;
    ASSERT_EQ(placed[i], 1) << "slot " << i;
  }
}
}  // namespace

TEST_P(hierarchical_kernels, flexible_ranges_smaller_equal_and_larger_than_the_group) {
  check_flexible_range<1>(q, range<1>{3}, range<1>{16}, range<1>{7});
  check_flexible_range<1>(q, range<1>{3}, range<1>{16}, range<1>{16});
  check_flexible_range<1>(q, range<1>{3}, range<1>{16}, range<1>{33});
  check_flexible_range<1>(q, range<1>{2}, range<1>{1}, range<1>{5});
  check_flexible_range<2>(q, range<2>{2, 3}, range<2>{4, 16}, range<2>{2, 40});
  check_flexible_range<2>(q, range<2>{2, 3}, range<2>{4, 16}, range<2>{4, 16});
  check_flexible_range<2>(q, range<2>{1, 2}, range<2>{3, 5}, range<2>{7, 11});
  check_flexible_range<3>(q, range<3>{2, 1, 2}, range<3>{2, 2, 4}, range<3>{3, 5, 7});
  check_flexible_range<3>(q, range<3>{2, 1, 2}, range<3>{2, 2, 4}, range<3>{2, 2, 4});
  check_flexible_range<3>(q, range<3>{1, 1, 1}, range<3>{2, 2, 4}, range<3>{1, 1, 1});
}

namespace {
/// A small and a large local_memory object (`Big` ints) shared by every work-item.
template <std::size_t Big>
void check_small_and_large_local_memory(queue& q) {
  const std::size_t groups = 5, local = 64;
  constexpr std::size_t big = Big;
  shared_array<long> out(groups * 2, q, 0);
  long* o = out.data();
  q.submit([&](handler& h) {
     h.parallel_for_work_group(range<1>{groups}, range<1>{local}, COHORT_LAMBDA(group<1> g) {
       local_memory<int[16]> small(g);
       local_memory<int[big]> large(g);
       g.parallel_for_work_item(range<1>{big}, [&](h_item<1> it) {
         const std::size_t i = it.get_logical_local_id(0);
         large[i] = static_cast<int>(i + g.get_group_id(0));
         if (i < 16) small[i] = static_cast<int>(2 * i);
       });
       g.parallel_for_work_item([&](h_item<1> it) {
         if (it.get_local_id(0) != 0) return;
         long s = 0, t = 0;
         for (std::size_t i = 0; i < big; ++i) s += large[i];
         for (std::size_t i = 0; i < 16; ++i) t += small[i];
         o[g.get_group_id(0) * 2] = s;
         o[g.get_group_id(0) * 2 + 1] = t;
       });
     });
   }).wait_and_throw();
  for (std::size_t g = 0; g < groups; ++g) {
    EXPECT_EQ(out[g * 2], static_cast<long>(big * (big - 1) / 2 + big * g)) << "big " << big;
    EXPECT_EQ(out[g * 2 + 1], 240);
  }
}
}  // namespace

/// Objects larger than what the CPU backend keeps in the group lambda's frame come from
/// the group arena: both kinds must be shared by every work-item of the group.
TEST_P(hierarchical_kernels, small_and_large_local_memory_are_shared_by_the_group) {
  check_small_and_large_local_memory<2048>(q);  // 8 KiB of int
  // 32 KiB of int. The CUDA backend's arena for hierarchical local_memory holds 16 KiB per
  // work-group (backend/cuda/hierarchical.hpp) and traps beyond it, which would end the
  // process's CUDA context.
  if (q.get_device().is_cpu()) check_small_and_large_local_memory<8192>(q);
}

namespace {
/// Sums `inner`'s elements as item `i` sees them (its own and its neighbour's) plus the
/// outer object's element: what every item of a group of `local` reads back.
template <std::size_t Inner>
COHORT_FUNCTION long neighbour_sum(const int (&inner)[Inner], const int (&outer)[8], std::size_t i) {
  return inner[i] + inner[(i + 1) % Inner] + outer[i % 8];
}
}  // namespace

/// local_memory objects of inner scopes (a loop's body, a function given a copy of the
/// group) come and go while the outer ones keep their values; each is shared by the group.
TEST_P(hierarchical_kernels, local_memory_of_inner_scopes_leaves_outer_objects_intact) {
  constexpr std::size_t rounds = 3, inner_size = 24;
  for (std::size_t local : {1u, 5u, 32u, 100u}) {
    const std::size_t groups = 3;
    shared_array<long> out(groups * rounds * inner_size, q, -1), after(groups, q, -1);
    long* o = out.data();
    long* a = after.data();
    q.submit([&](handler& h) {
       h.parallel_for_work_group(range<1>{groups}, range<1>{local}, COHORT_LAMBDA(group<1> g) {
         const long gid = static_cast<long>(g.get_group_id(0));
         local_memory<int[8]> outer(g);
         g.parallel_for_work_item(range<1>{8}, [&](h_item<1> it) {
           outer[it.get_logical_local_id(0)] = static_cast<int>(100 * gid + it.get_logical_local_id(0));
         });
         for (std::size_t round = 0; round < rounds; ++round) {
           local_memory<int[inner_size]> inner(g);
           g.parallel_for_work_item(range<1>{inner_size}, [&](h_item<1> it) {
             inner[it.get_logical_local_id(0)] = static_cast<int>(1000 * round + it.get_logical_local_id(0));
           });
           g.parallel_for_work_item(range<1>{inner_size}, [&](h_item<1> it) {
             const std::size_t i = it.get_logical_local_id(0);
             o[(gid * rounds + round) * inner_size + i] = neighbour_sum(inner.get()[0], outer.get()[0], i);
           });
         }
         // A function given a copy of the group allocates above the outer object.
         auto in_a_function = [&](group<1> copy) {
           local_memory<long> total(copy);
           copy.parallel_for_work_item(range<1>{1}, [&](h_item<1>) {
             long s = 0;
             for (std::size_t i = 0; i < 8; ++i) s += outer[i];
             total() = s;
           });
           copy.parallel_for_work_item([&](h_item<1> it) {
             if (it.get_local_id(0) == 0) a[gid] = total();
           });
         };
         in_a_function(g);
       });
     }).wait_and_throw();
    for (std::size_t gi = 0; gi < groups; ++gi) {
      for (std::size_t round = 0; round < rounds; ++round)
        for (std::size_t i = 0; i < inner_size; ++i) {
          const long expected = static_cast<long>(1000 * round + i) +
                                static_cast<long>(1000 * round + (i + 1) % inner_size) +
                                static_cast<long>(100 * gi + i % 8);
          ASSERT_EQ(out[(gi * rounds + round) * inner_size + i], expected)
              << "local " << local << " group " << gi << " round " << round << " item " << i;
        }
      EXPECT_EQ(after[gi], static_cast<long>(800 * gi + 28)) << "local " << local;
    }
  }
}

TEST_P(hierarchical_kernels, too_large_group_is_rejected) {
  const auto max = GetParam().get_info<info::device::max_work_group_size>();
  try {
    q.submit([&](handler& h) {
      h.parallel_for_work_group(range<1>{1}, range<1>{max + 1}, COHORT_LAMBDA(group<1>) {});
    });
    FAIL() << "no exception";
  } catch (const exception& e) {
    EXPECT_EQ(e.code(), errc::nd_range);
  }
}

namespace {
/// Runs a hierarchical kernel that calls a group function at work-group scope: it must
/// fail with feature_not_supported.
template <typename Kernel>
void expect_rejected_at_work_group_scope(queue& q, const Kernel& kernel) {
  try {
    q.submit([&](handler& h) { h.parallel_for_work_group(range<1>{4}, range<1>{16}, kernel); }).wait_and_throw();
    ADD_FAILURE() << "no exception";
  } catch (const exception& e) {
    EXPECT_EQ(e.code(), errc::feature_not_supported);
  }
}
}  // namespace

// Group barriers and collectives synchronise the work-items of an nd_range kernel; at the
// work-group scope of a hierarchical kernel there are none: a clear error, also right
// after an nd_range kernel ran groups on the same threads.
TEST_P(hierarchical_kernels, group_functions_at_work_group_scope_are_rejected) {
  shared_array<int> sums(4, q, -1);
  int* s = sums.data();
  q.parallel_for(nd_range<1>{range<1>{64}, range<1>{16}}, COHORT_LAMBDA(nd_item<1> it) {
     const int total = reduce_over_group(it.get_group(), 1, plus<int>());
     if (it.get_local_id(0) == 0) s[it.get_group(0)] = total;
   }).wait_and_throw();
  EXPECT_EQ(sums.to_vector(), std::vector<int>(4, 16));
  // The CPU backend throws from the work-group scope; on a GPU every thread runs the
  // work-group scope, where barriers and collectives are those of the block.
  COHORT_SKIP_UNLESS_CPU(q, "only the CPU backend rejects group functions at work-group scope");
  expect_rejected_at_work_group_scope(q, COHORT_LAMBDA(group<1> g) { group_barrier(g); });
  expect_rejected_at_work_group_scope(
      q, COHORT_LAMBDA(group<1> g) { s[g.get_group_id(0)] = reduce_over_group(g, 1, plus<int>()); });
  expect_rejected_at_work_group_scope(q, COHORT_LAMBDA(group<1> g) { s[g.get_group_id(0)] = group_broadcast(g, 2); });
  EXPECT_EQ(sums.to_vector(), std::vector<int>(4, 16));
}

COHORT_INSTANTIATE_ON_ALL_DEVICES(hierarchical_kernels);
