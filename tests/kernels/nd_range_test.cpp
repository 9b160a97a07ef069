// nd_range kernels: ids in 1D/2D/3D, barriers, local accessors, sub-groups, early exits.
#include <algorithm>
#include <numeric>
#include <stdexcept>
#include <vector>

#include "support/devices.hpp"

using cohort_test::on_device;
using cohort_test::shared_array;
using namespace cohort;

namespace {
class nd_range_kernels : public on_device {};

template <int D>
void check_ids(queue& q, range<D> global, range<D> local) {
  const std::size_t n = global.size();
  shared_array<std::size_t> out(n * 6, q, ~std::size_t{0});
  std::size_t* o = out.data();
  q.parallel_for(nd_range<D>{global, local}, COHORT_LAMBDA(nd_item<D> it) {
     const std::size_t g = it.get_global_linear_id();
     o[g * 6 + 0] = it.get_local_linear_id();
     o[g * 6 + 1] = it.get_group_linear_id();
     o[g * 6 + 2] = it.get_global_id(D - 1);
     o[g * 6 + 3] = it.get_group().get_local_linear_range();
     o[g * 6 + 4] = it.get_group_range(0);
     o[g * 6 + 5] = it.get_global_range().size();
   }).wait_and_throw();
  range<D> groups;
  for (int d = 0; d < D; ++d) groups[d] = global[d] / local[d];
  for (std::size_t g = 0; g < n; ++g) {
    const auto gid = detail::delinearize<D, id<D>>(g, global);
    id<D> lid, grp;
    for (int d = 0; d < D; ++d) {
      lid[d] = gid[d] % local[d];
      grp[d] = gid[d] / local[d];
    }
    ASSERT_EQ(o[g * 6 + 0], detail::linearize<D>(lid, local)) << g;
    ASSERT_EQ(o[g * 6 + 1], detail::linearize<D>(grp, groups)) << g;
    ASSERT_EQ(o[g * 6 + 2], gid[D - 1]);
    ASSERT_EQ(o[g * 6 + 3], local.size());
    ASSERT_EQ(o[g * 6 + 4], groups[0]);
    ASSERT_EQ(o[g * 6 + 5], n);
  }
}
}  // namespace

TEST_P(nd_range_kernels, ids_1d) {
  check_ids<1>(q, range<1>{1}, range<1>{1});
  check_ids<1>(q, range<1>{300}, range<1>{100});
  check_ids<1>(q, range<1>{1024}, range<1>{1024});
  check_ids<1>(q, range<1>{77}, range<1>{7});
}
TEST_P(nd_range_kernels, ids_2d) {
  check_ids<2>(q, range<2>{6, 10}, range<2>{3, 5});
  check_ids<2>(q, range<2>{32, 48}, range<2>{16, 16});
}
TEST_P(nd_range_kernels, ids_3d) {
  check_ids<3>(q, range<3>{4, 6, 10}, range<3>{2, 3, 5});
  check_ids<3>(q, range<3>{8, 8, 8}, range<3>{4, 4, 4});
}

TEST_P(nd_range_kernels, empty_global_range_runs_nothing) {
  shared_array<int> touched(1, q, 0);
  int* t = touched.data();
  q.parallel_for(nd_range<1>{0, 4}, COHORT_LAMBDA(nd_item<1>) { *t = 1; }).wait_and_throw();
  EXPECT_EQ(touched[0], 0);
}

// Every item writes, barrier, every item reads what another item wrote: repeated so the
// barrier is crossed many times, for odd and even group sizes.
TEST_P(nd_range_kernels, barrier_exchanges_local_memory) {
  for (std::size_t local : {1u, 2u, 25u, 33u, 256u, 1024u}) {
    const std::size_t groups = 3, n = groups * local, rounds = 5;
    shared_array<long> out(n, q, -1);
    long* o = out.data();
    q.submit([&](handler& h) {
       local_accessor<long, 1> a(range<1>{local}, h);
       h.parallel_for(nd_range<1>{n, local}, COHORT_LAMBDA(nd_item<1> it) {
         const std::size_t l = it.get_local_id(0), L = it.get_local_range(0);
         long acc = 0;
         for (std::size_t r = 0; r < rounds; ++r) {
           a[l] = static_cast<long>(it.get_global_id(0) * 10 + r);
           group_barrier(it.get_group());
           acc += a[(l + r + 1) % L];
           group_barrier(it.get_group());
         }
         o[it.get_global_id(0)] = acc;
       });
     }).wait_and_throw();
    for (std::size_t i = 0; i < n; ++i) {
      const std::size_t g = i / local, l = i % local;
      long expected = 0;
      for (std::size_t r = 0; r < rounds; ++r) expected += static_cast<long>((g * local + (l + r + 1) % local) * 10 + r);
      ASSERT_EQ(o[i], expected) << "local " << local << " item " << i;
    }
  }
}

TEST_P(nd_range_kernels, local_accessor_2d_and_barrier_in_2d_group) {
  const range<2> global{8, 12}, local{4, 6};
  shared_array<int> out(global.size(), q, -1);
  int* o = out.data();
  q.submit([&](handler& h) {
     local_accessor<int, 2> tile(local, h);
     h.parallel_for(nd_range<2>{global, local}, COHORT_LAMBDA(nd_item<2> it) {
       const std::size_t i = it.get_local_id(0), j = it.get_local_id(1);
       tile[i][j] = static_cast<int>(it.get_global_linear_id());
       group_barrier(it.get_group());
       // transpose-like read of the mirrored element
       o[it.get_global_linear_id()] = tile[id<2>{3 - i, 5 - j}];
     });
   }).wait_and_throw();
  for (std::size_t r = 0; r < 8; ++r)
    for (std::size_t c = 0; c < 12; ++c) {
      const std::size_t gr = r / 4 * 4 + (3 - r % 4), gc = c / 6 * 6 + (5 - c % 6);
      ASSERT_EQ(out[r * 12 + c], static_cast<int>(gr * 12 + gc));
    }
}

// Whole groups returning before a barrier must not deadlock the other groups.
TEST_P(nd_range_kernels, whole_groups_return_early) {
  const std::size_t local = 64, groups = 7, n = local * groups;
  shared_array<int> out(n, q, 0);
  int* o = out.data();
  q.submit([&](handler& h) {
     local_accessor<int, 1> a(range<1>{local}, h);
     h.parallel_for(nd_range<1>{n, local}, COHORT_LAMBDA(nd_item<1> it) {
       if (it.get_group_linear_id() % 2 == 0) return;  // even groups leave at once
       a[it.get_local_id(0)] = 1;
       group_barrier(it.get_group());
       int s = 0;
       for (std::size_t i = 0; i < local; ++i) s += a[i];
       o[it.get_global_id(0)] = s;
     });
   }).wait_and_throw();
  for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(out[i], (i / local) % 2 == 0 ? 0 : static_cast<int>(local));
}

// Local memory exists only while a work-group runs: reading an accessor in the command
// group itself is an error, not an access to whatever memory happens to be there; the same
// accessor then works in the kernel.
TEST_P(nd_range_kernels, local_accessor_outside_its_kernel_is_rejected) {
  shared_array<int> out(8, q, 0);
  int* o = out.data();
  q.submit([&](handler& h) {
     local_accessor<int, 1> a(range<1>{4}, h);
     try {
       (void)a[0];
       ADD_FAILURE() << "no exception";
     } catch (const exception& e) {
       EXPECT_EQ(e.code(), errc::invalid);
     }
     h.parallel_for(nd_range<1>{8, 4}, COHORT_LAMBDA(nd_item<1> it) {
       a[it.get_local_id(0)] = static_cast<int>(it.get_global_id(0));
       group_barrier(it.get_group());
       o[it.get_global_id(0)] = a[3 - it.get_local_id(0)];
     });
   }).wait_and_throw();
  EXPECT_EQ(out.to_vector(), (std::vector<int>{3, 2, 1, 0, 7, 6, 5, 4}));
}

// The same nd_range<3> shape as AdaptiveCpp issue #809 (deadlocked there).
TEST_P(nd_range_kernels, early_return_3d_shape_of_issue_809) {
  shared_array<int> out(256 * 4, q, 0);
  int* o = out.data();
  q.parallel_for(nd_range<3>{range<3>{1, 256, 4}, range<3>{1, 1, 4}}, COHORT_LAMBDA(nd_item<3> it) {
     if (it.get_global_id(1) >= 100) return;
     group_barrier(it.get_group());
     o[it.get_global_linear_id()] = 1;
   }).wait_and_throw();
  EXPECT_EQ(std::accumulate(out.begin(), out.end(), 0), 400);
}

TEST_P(nd_range_kernels, barrier_inside_loop_and_lambda) {
  const std::size_t local = 32, n = 96;
  shared_array<int> out(n, q, 0);
  int* o = out.data();
  q.submit([&](handler& h) {
     local_accessor<int, 1> a(range<1>{local}, h);
     h.parallel_for(nd_range<1>{n, local}, COHORT_LAMBDA(nd_item<1> it) {
       auto g = it.get_group();
       auto sync = [&] { group_barrier(g); };
       const std::size_t l = it.get_local_id(0);
       a[l] = static_cast<int>(l);
       for (int step = 1; step < static_cast<int>(local); step *= 2) {
         sync();
         const int v = l >= static_cast<std::size_t>(step) ? a[l - step] : 0;
         sync();
         a[l] += v;
       }
       sync();
       o[it.get_global_id(0)] = a[l];
     });
   }).wait_and_throw();
  for (std::size_t i = 0; i < n; ++i) {
    const int l = static_cast<int>(i % local);
    ASSERT_EQ(out[i], l * (l + 1) / 2);
  }
}

/// One kernel type for every launch below: each item's group sum and inclusive prefix of
/// its local id + 1.
struct sum_and_prefix_of_ids {
  long long* out;
  COHORT_FUNCTION void operator()(nd_item<1> it) const {
    const long long v = static_cast<long long>(it.get_local_id(0)) + 1;
    const auto g = it.get_group();
    out[2 * it.get_global_id(0)] = reduce_over_group(g, v, plus<long long>());
    out[2 * it.get_global_id(0) + 1] = inclusive_scan_over_group(g, v, plus<long long>());
  }
};

template <std::uint32_t S>
void check_sub_groups(queue& q, std::size_t local) {
  const std::size_t n = 2 * local;
  shared_array<std::uint32_t> out(n * 5, q, 0);
  std::uint32_t* o = out.data();
  q.submit([&](handler& h) {
     local_accessor<std::uint32_t, 1> a(range<1>{local}, h);
     h.parallel_for(nd_range<1>{n, local}, properties{sub_group_size<S>}, COHORT_LAMBDA(nd_item<1> it) {
       const sub_group sg = it.get_sub_group();
       const std::size_t l = it.get_local_id(0);
       a[l] = static_cast<std::uint32_t>(l);
       group_barrier(sg);
       // read the neighbour within the sub-group (wrapping), written before the barrier
       const std::uint32_t size = sg.get_local_linear_range();
       const std::size_t first = l - sg.get_local_linear_id();
       const std::uint32_t next = a[first + (sg.get_local_linear_id() + 1) % size];
       const std::size_t g = it.get_global_id(0);
       o[g * 5 + 0] = sg.get_local_linear_id();
       o[g * 5 + 1] = sg.get_group_linear_id();
       o[g * 5 + 2] = size;
       o[g * 5 + 3] = sg.get_group_linear_range();
       o[g * 5 + 4] = next;
     });
   }).wait_and_throw();
  const std::size_t num_sg = (local + S - 1) / S;
  for (std::size_t g = 0; g < n; ++g) {
    const std::size_t l = g % local, sgid = l / S, first = sgid * S;
    const std::size_t size = std::min<std::size_t>(S, local - first);
    ASSERT_EQ(o[g * 5 + 0], l % S);
    ASSERT_EQ(o[g * 5 + 1], sgid);
    ASSERT_EQ(o[g * 5 + 2], size) << "sub-group size " << S << " local " << local;
    ASSERT_EQ(o[g * 5 + 3], num_sg);
    ASSERT_EQ(o[g * 5 + 4], first + (l - first + 1) % size);
  }
}

// The same kernel type at work-group sizes of every shape a launcher may compile apart
// (a few full warps, many, a partial one), small ones first: each launch must run with the
// limits of its own compiled kernel.
TEST_P(nd_range_kernels, one_kernel_at_group_sizes_of_every_shape) {
  for (const std::size_t local : {std::size_t{64}, std::size_t{1024}, std::size_t{100}, std::size_t{128},
                                  std::size_t{256}, std::size_t{160}, std::size_t{1}}) {
    const std::size_t max = q.get_device().get_info<info::device::max_work_group_size>();
    if (local > max) continue;
    const std::size_t n = 3 * local;
    shared_array<long long> out(2 * n, q, -1);
    q.parallel_for(nd_range<1>{n, local}, sum_and_prefix_of_ids{out.data()}).wait_and_throw();
    const auto l = static_cast<long long>(local);
    for (std::size_t i = 0; i < n; ++i) {
      const auto k = static_cast<long long>(i % local) + 1;
      ASSERT_EQ(out[2 * i], l * (l + 1) / 2) << "local " << local << " item " << i;
      ASSERT_EQ(out[2 * i + 1], k * (k + 1) / 2) << "local " << local << " item " << i;
    }
  }
}

TEST_P(nd_range_kernels, sub_groups_of_every_supported_size_with_partial_last) {
  const auto sizes = GetParam().get_info<info::device::sub_group_sizes>();
  for (std::size_t local : {1u, 8u, 33u, 100u, 256u}) {
    for (auto s : sizes) {
      if (s == 1) check_sub_groups<1>(q, local);
      else if (s == 8) check_sub_groups<8>(q, local);
      else if (s == 16) check_sub_groups<16>(q, local);
      else if (s == 32) check_sub_groups<32>(q, local);
    }
  }
}

TEST_P(nd_range_kernels, default_sub_group_size_is_listed) {
  shared_array<std::uint32_t> seen(1, q, 0);
  std::uint32_t* s = seen.data();
  q.parallel_for(nd_range<1>{64, 64}, COHORT_LAMBDA(nd_item<1> it) {
     if (it.get_local_id(0) == 0) *s = it.get_sub_group().get_max_local_range()[0];
   }).wait_and_throw();
  const auto sizes = GetParam().get_info<info::device::sub_group_sizes>();
  EXPECT_NE(std::find(sizes.begin(), sizes.end(), seen[0]), sizes.end());
}

// Device code cannot throw: the g++ build of this file tests this on the CPU.
#if !defined(__CUDACC__)
TEST_P(nd_range_kernels, exception_in_kernel_with_barriers_reaches_wait_and_throw) {
  q.parallel_for(nd_range<1>{512, 128}, COHORT_LAMBDA(nd_item<1> it) {
    group_barrier(it.get_group());
    if (it.get_global_id(0) == 300) throw std::runtime_error("item 300 failed");
    group_barrier(it.get_group());
  });
  EXPECT_THROW(q.wait_and_throw(), std::runtime_error);
  // the queue stays usable and later kernels with barriers still run correctly
  shared_array<int> out(256, q, 0);
  int* o = out.data();
  q.parallel_for(nd_range<1>{256, 128}, COHORT_LAMBDA(nd_item<1> it) {
     group_barrier(it.get_group());
     o[it.get_global_id(0)] = 7;
   }).wait_and_throw();
  EXPECT_EQ(std::accumulate(out.begin(), out.end(), 0), 7 * 256);
}
#endif

COHORT_INSTANTIATE_ON_ALL_DEVICES(nd_range_kernels);
