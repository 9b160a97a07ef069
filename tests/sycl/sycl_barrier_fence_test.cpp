// The SYCL 1.2.1 synchronisation that SYCL 2020 keeps (deprecated) and real programs use:
// nd_item::barrier(access::fence_space), nd_item::mem_fence, group::mem_fence, and
// group::barrier (AdaptiveCpp's), checked against host references on groups of 1 item,
// non-powers of two and 2D groups.
#include <sycl/sycl.hpp>

#include <cstddef>
#include <vector>

#include "support/devices.hpp"

using cohort_test::on_device;
using cohort_test::shared_array;

namespace {

class sycl_barrier_fence : public on_device {};

using sycl::access::fence_space;

/// A tree reduction over local memory, as SYCL samples write it: each round halves the
/// active items, with a barrier between rounds. Works for any group size (the odd item
/// of a round folds into its neighbour).
template <typename Barrier>
void check_tree_reduction(sycl::queue& q, std::size_t local, Barrier barrier_kind) {
  const std::size_t groups = 3, n = groups * local;
  shared_array<long> in(n, q), sums(groups, q, -1);
  for (std::size_t i = 0; i < n; ++i) in[i] = static_cast<long>(i % 17) - 5;
  const long* x = in.data();
  long* s = sums.data();
  q.submit([&](sycl::handler& h) {
     sycl::local_accessor<long, 1> scratch(sycl::range<1>{local}, h);
     h.parallel_for<class tree_reduction>(sycl::nd_range<1>{n, local}, COHORT_LAMBDA(sycl::nd_item<1> it) {
       const std::size_t l = it.get_local_id(0);
       scratch[l] = x[it.get_global_id(0)];
       barrier_kind(it);
       for (std::size_t active = it.get_local_range(0); active > 1;) {
         const std::size_t half = (active + 1) / 2;
         if (l + half < active) scratch[l] += scratch[l + half];
         barrier_kind(it);
         active = half;
       }
       if (l == 0) s[it.get_group_linear_id()] = scratch[0];
     });
   }).wait_and_throw();
  for (std::size_t g = 0; g < groups; ++g) {
    long expected = 0;
    for (std::size_t i = g * local; i < (g + 1) * local; ++i) expected += in[i];
    ASSERT_EQ(sums[g], expected) << "local size " << local << ", group " << g;
  }
}

struct local_space_barrier {
  COHORT_FUNCTION void operator()(const sycl::nd_item<1>& it) const { it.barrier(fence_space::local_space); }
};
struct default_barrier {
  COHORT_FUNCTION void operator()(const sycl::nd_item<1>& it) const { it.barrier(); }
};
struct global_space_barrier {
  COHORT_FUNCTION void operator()(const sycl::nd_item<1>& it) const { it.barrier(fence_space::global_space); }
};
struct group_member_barrier {
  COHORT_FUNCTION void operator()(const sycl::nd_item<1>& it) const {
    it.get_group().barrier(fence_space::global_and_local);
  }
};

}  // namespace

TEST_P(sycl_barrier_fence, nd_item_barrier_orders_local_memory) {
  for (std::size_t local : {1u, 2u, 7u, 33u, 100u, 256u}) check_tree_reduction(q, local, local_space_barrier{});
}

TEST_P(sycl_barrier_fence, nd_item_barrier_without_a_fence_space) {
  for (std::size_t local : {1u, 5u, 64u, 129u}) check_tree_reduction(q, local, default_barrier{});
}

TEST_P(sycl_barrier_fence, nd_item_barrier_on_global_space) {
  for (std::size_t local : {1u, 31u, 96u}) check_tree_reduction(q, local, global_space_barrier{});
}

TEST_P(sycl_barrier_fence, group_barrier_member) {
  for (std::size_t local : {1u, 3u, 48u, 255u}) check_tree_reduction(q, local, group_member_barrier{});
}

// Items exchange values through global memory across a barrier that names the global space.
TEST_P(sycl_barrier_fence, nd_item_barrier_orders_global_memory) {
  for (std::size_t local : {1u, 6u, 50u}) {
    const std::size_t groups = 4, n = groups * local;
    shared_array<int> exchange(n, q, -1), out(n, q, -1);
    int* e = exchange.data();
    int* o = out.data();
    q.parallel_for<class global_exchange>(sycl::nd_range<1>{n, local}, COHORT_LAMBDA(sycl::nd_item<1> it) {
       const std::size_t g = it.get_global_id(0), l = it.get_local_id(0), L = it.get_local_range(0);
       e[g] = static_cast<int>(g * 3);
       it.barrier(fence_space::global_space);
       o[g] = e[g - l + (l + 1) % L];
     }).wait_and_throw();
    for (std::size_t g = 0; g < n; ++g) {
      const std::size_t l = g % local;
      ASSERT_EQ(out[g], static_cast<int>((g - l + (l + 1) % local) * 3)) << local;
    }
  }
}

// A 2D tile transposed through local memory (a barrier between the write and the read).
TEST_P(sycl_barrier_fence, nd_item_barrier_in_2d_groups) {
  const std::size_t rows = 12, columns = 10, tile_rows = 3, tile_columns = 5;
  shared_array<int> out(rows * columns, q, -1);
  int* o = out.data();
  q.submit([&](sycl::handler& h) {
     sycl::local_accessor<int, 2> tile(sycl::range<2>{tile_rows, tile_columns}, h);
     h.parallel_for<class tile_mirror>(
         sycl::nd_range<2>{sycl::range<2>{rows, columns}, sycl::range<2>{tile_rows, tile_columns}},
         COHORT_LAMBDA(sycl::nd_item<2> it) {
           const std::size_t i = it.get_local_id(0), j = it.get_local_id(1);
           tile[i][j] = static_cast<int>(it.get_global_linear_id());
           it.barrier(fence_space::local_space);
           o[it.get_global_linear_id()] = tile[tile_rows - 1 - i][tile_columns - 1 - j];
         });
   }).wait_and_throw();
  for (std::size_t r = 0; r < rows; ++r)
    for (std::size_t c = 0; c < columns; ++c) {
      const std::size_t mr = r / tile_rows * tile_rows + (tile_rows - 1 - r % tile_rows);
      const std::size_t mc = c / tile_columns * tile_columns + (tile_columns - 1 - c % tile_columns);
      ASSERT_EQ(out[r * columns + c], static_cast<int>(mr * columns + mc));
    }
}

// Fences order an item's own accesses; with a barrier after them the whole group sees the
// values. Every form the spec lists compiles and keeps the results right.
TEST_P(sycl_barrier_fence, mem_fence_in_every_form) {
  const std::size_t local = 24, groups = 2, n = local * groups;
  shared_array<int> out(n, q, -1);
  int* o = out.data();
  q.submit([&](sycl::handler& h) {
     sycl::local_accessor<int, 1> scratch(sycl::range<1>{local}, h);
     h.parallel_for<class fences>(sycl::nd_range<1>{n, local}, COHORT_LAMBDA(sycl::nd_item<1> it) {
       const std::size_t l = it.get_local_id(0);
       scratch[l] = static_cast<int>(l);
       it.mem_fence();
       it.mem_fence(fence_space::local_space);
       it.mem_fence<sycl::access::mode::write>(fence_space::global_space);
       it.mem_fence<sycl::access::mode::read>(fence_space::global_and_local);
       it.get_group().mem_fence();
       it.get_group().mem_fence<sycl::access::mode::read_write>(fence_space::local_space);
       it.barrier(fence_space::local_space);
       o[it.get_global_id(0)] = scratch[local - 1 - l];
     });
   }).wait_and_throw();
  for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(out[i], static_cast<int>(local - 1 - i % local));
}

// Groups that return before the barrier leave the others to finish.
TEST_P(sycl_barrier_fence, whole_groups_returning_early) {
  const std::size_t local = 20, groups = 5, n = local * groups;
  shared_array<int> out(n, q, 0);
  int* o = out.data();
  q.submit([&](sycl::handler& h) {
     sycl::local_accessor<int, 1> scratch(sycl::range<1>{local}, h);
     h.parallel_for<class early_return>(sycl::nd_range<1>{n, local}, COHORT_LAMBDA(sycl::nd_item<1> it) {
       if (it.get_group(0) % 2 == 1) return;
       scratch[it.get_local_id(0)] = 1;
       it.barrier(fence_space::local_space);
       int s = 0;
       for (std::size_t i = 0; i < local; ++i) s += scratch[i];
       o[it.get_global_id(0)] = s;
     });
   }).wait_and_throw();
  for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(out[i], (i / local) % 2 == 1 ? 0 : static_cast<int>(local));
}

// A barrier where no nd_range work-group runs (the group scope of a hierarchical kernel on
// the CPU, where the group function runs once per group) is refused, not a crash or a hang.
TEST_P(sycl_barrier_fence, group_barrier_outside_an_nd_range_kernel_throws) {
  COHORT_SKIP_UNLESS_CPU(q, "on a GPU the group scope runs on every item, where a barrier is valid");
  try {
    q.submit([&](sycl::handler& h) {
       h.parallel_for_work_group<class barrier_in_group_scope>(sycl::range<1>{2}, sycl::range<1>{4},
                                                               COHORT_LAMBDA(sycl::group<1> g) { g.barrier(); });
     }).wait_and_throw();
    FAIL() << "a barrier in a hierarchical kernel's group scope was accepted";
  } catch (const sycl::exception& e) {
    EXPECT_EQ(e.code(), sycl::errc::feature_not_supported) << e.what();
  }
}

COHORT_INSTANTIATE_ON_ALL_DEVICES(sycl_barrier_fence);
