// Kernel names and functor kernels, as SYCL 2020 programs write them: `parallel_for<class
// Name>` on the handler and on the queue, single_task and parallel_for_work_group with
// names, functors named and unnamed, names declared only in the template argument, and
// bad input through a named launch.
#include <sycl/sycl.hpp>

#include <cstddef>
#include <vector>

#include "support/devices.hpp"

using cohort_test::on_device;
using cohort_test::shared_array;

namespace {

class sycl_kernel_names : public on_device {};

// Functor kernels: SYCL's other way to write a kernel.
struct twice_the_id {
  int* out;
  COHORT_FUNCTION void operator()(sycl::item<1> it) const { out[it.get_linear_id()] = 2 * static_cast<int>(it[0]); }
};
struct row_major_index {
  int* out;
  std::size_t columns;
  COHORT_FUNCTION void operator()(sycl::id<2> i) const { out[i[0] * columns + i[1]] = static_cast<int>(i[0] * 100 + i[1]); }
};
struct group_sums {
  sycl::local_accessor<int, 1> scratch;
  int* out;
  COHORT_FUNCTION void operator()(sycl::nd_item<1> it) const {
    const std::size_t l = it.get_local_id(0);
    scratch[l] = static_cast<int>(it.get_global_id(0));
    it.barrier(sycl::access::fence_space::local_space);
    if (l == 0) {
      int s = 0;
      for (std::size_t i = 0; i < it.get_local_range(0); ++i) s += scratch[i];
      out[it.get_group_linear_id()] = s;
    }
  }
};
struct set_flag {
  int* flag;
  COHORT_FUNCTION void operator()() const { *flag = 42; }
};

// A name declared ahead, as some programs do; a complete type is a name as good as any.
class declared_name;
struct complete_name {};

std::vector<int> twice(std::size_t n) {
  std::vector<int> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = 2 * static_cast<int>(i);
  return v;
}

/// Sum of the global ids of group `g` of `local` items.
int group_sum(std::size_t g, std::size_t local) {
  const std::size_t first = g * local;
  return static_cast<int>(local * first + local * (local - 1) / 2);
}

}  // namespace

TEST_P(sycl_kernel_names, handler_parallel_for_range_with_names) {
  for (std::size_t n : {1u, 7u, 100u, 1000u}) {
    shared_array<int> out(n, q, -1);
    int* o = out.data();
    q.submit([&](sycl::handler& h) {
       h.parallel_for<class fill_range>(sycl::range<1>{n}, COHORT_LAMBDA(sycl::id<1> i) {
         o[i[0]] = 2 * static_cast<int>(i[0]);
       });
     }).wait_and_throw();
    EXPECT_EQ(out.to_vector(), twice(n)) << n;

    out.fill(-1);
    q.submit([&](sycl::handler& h) {
       h.parallel_for<declared_name>(n, COHORT_LAMBDA(sycl::item<1> it) { o[it.get_linear_id()] = 2 * static_cast<int>(it[0]); });
     }).wait_and_throw();
    EXPECT_EQ(out.to_vector(), twice(n)) << n;
  }
}

TEST_P(sycl_kernel_names, handler_parallel_for_2d_and_3d_with_names) {
  const std::size_t rows = 5, columns = 13;
  shared_array<int> out(rows * columns, q, -1);
  int* o = out.data();
  q.submit([&](sycl::handler& h) {
     h.parallel_for<complete_name>(sycl::range<2>{rows, columns}, COHORT_LAMBDA(sycl::item<2> it) {
       o[it.get_linear_id()] = static_cast<int>(it[0] * 100 + it[1]);
     });
   }).wait_and_throw();
  for (std::size_t r = 0; r < rows; ++r)
    for (std::size_t c = 0; c < columns; ++c) ASSERT_EQ(out[r * columns + c], static_cast<int>(r * 100 + c));

  shared_array<int> cube(3 * 4 * 5, q, -1);
  int* k = cube.data();
  q.submit([&](sycl::handler& h) {
     h.parallel_for<class fill_cube>(sycl::range<3>{3, 4, 5}, COHORT_LAMBDA(sycl::item<3> it) {
       k[it.get_linear_id()] = static_cast<int>(it.get_linear_id());
     });
   }).wait_and_throw();
  for (std::size_t i = 0; i < cube.size(); ++i) ASSERT_EQ(cube[i], static_cast<int>(i));
}

TEST_P(sycl_kernel_names, handler_parallel_for_nd_range_with_names) {
  // Group sizes of 1, a non-power of two, and several groups of each.
  for (std::size_t local : {1u, 7u, 32u, 48u}) {
    const std::size_t groups = 3, n = groups * local;
    shared_array<int> sums(groups, q, -1);
    int* s = sums.data();
    q.submit([&](sycl::handler& h) {
       sycl::local_accessor<int, 1> scratch(sycl::range<1>{local}, h);
       h.parallel_for<class nd_named>(sycl::nd_range<1>{sycl::range<1>{n}, sycl::range<1>{local}},
                                      COHORT_LAMBDA(sycl::nd_item<1> it) {
                                        scratch[it.get_local_id(0)] = static_cast<int>(it.get_global_id(0));
                                        sycl::group_barrier(it.get_group());
                                        if (it.get_local_id(0) == 0) {
                                          int t = 0;
                                          for (std::size_t i = 0; i < it.get_local_range(0); ++i) t += scratch[i];
                                          s[it.get_group_linear_id()] = t;
                                        }
                                      });
     }).wait_and_throw();
    for (std::size_t g = 0; g < groups; ++g) ASSERT_EQ(sums[g], group_sum(g, local)) << local;
  }
}

TEST_P(sycl_kernel_names, named_kernel_with_properties) {
  const std::size_t n = 64, local = 16;
  shared_array<int> out(n, q, -1);
  int* o = out.data();
  q.submit([&](sycl::handler& h) {
     h.parallel_for<class with_properties>(sycl::nd_range<1>{n, local}, sycl::properties{sycl::work_group_size<16>},
                                           COHORT_LAMBDA(sycl::nd_item<1> it) {
                                             o[it.get_global_id(0)] = static_cast<int>(it.get_local_range(0));
                                           });
   }).wait_and_throw();
  for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(out[i], 16);

  out.fill(-1);
  q.parallel_for<class queue_with_properties>(sycl::nd_range<1>{n, local}, sycl::properties{sycl::work_group_size<16>},
                                              COHORT_LAMBDA(sycl::nd_item<1> it) {
                                                o[it.get_global_id(0)] = static_cast<int>(it.get_local_id(0));
                                              })
      .wait_and_throw();
  for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(out[i], static_cast<int>(i % local));
}

TEST_P(sycl_kernel_names, queue_shortcuts_with_names) {
  const std::size_t n = 77;
  shared_array<int> out(n, q, -1);
  int* o = out.data();
  q.parallel_for<class queue_range>(sycl::range<1>{n}, COHORT_LAMBDA(sycl::id<1> i) { o[i[0]] = 2 * static_cast<int>(i[0]); })
      .wait_and_throw();
  EXPECT_EQ(out.to_vector(), twice(n));

  out.fill(-1);
  q.parallel_for<class queue_size>(n, COHORT_LAMBDA(sycl::id<1> i) { o[i[0]] = 2 * static_cast<int>(i[0]); }).wait_and_throw();
  EXPECT_EQ(out.to_vector(), twice(n));

  // After an event, and after a list of events.
  out.fill(0);
  sycl::event first = q.parallel_for<class first_step>(n, COHORT_LAMBDA(sycl::id<1> i) { o[i[0]] = static_cast<int>(i[0]); });
  sycl::event second =
      q.parallel_for<class second_step>(sycl::range<1>{n}, first, COHORT_LAMBDA(sycl::id<1> i) { o[i[0]] *= 2; });
  q.parallel_for<class third_step>(sycl::range<1>{n}, std::vector<sycl::event>{second},
                                   COHORT_LAMBDA(sycl::id<1> i) { o[i[0]] += 1; })
      .wait_and_throw();
  for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(out[i], 2 * static_cast<int>(i) + 1);

  out.fill(0);
  q.parallel_for<class queue_nd>(sycl::nd_range<1>{n, 11}, COHORT_LAMBDA(sycl::nd_item<1> it) {
     o[it.get_global_id(0)] = static_cast<int>(it.get_group(0));
   }).wait_and_throw();
  for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(out[i], static_cast<int>(i / 11));

  out.fill(0);
  sycl::event single = q.single_task<class queue_single>(COHORT_LAMBDA() { o[0] = 5; });
  q.single_task<class queue_single_after>(single, COHORT_LAMBDA() { o[1] = o[0] + 1; }).wait_and_throw();
  q.single_task<class queue_single_after_list>(std::vector<sycl::event>{}, COHORT_LAMBDA() { o[2] = o[1] + 1; })
      .wait_and_throw();
  EXPECT_EQ(out[0], 5);
  EXPECT_EQ(out[1], 6);
  EXPECT_EQ(out[2], 7);
}

TEST_P(sycl_kernel_names, single_task_and_work_group_kernels_with_names) {
  shared_array<int> flag(1, q, 0);
  int* f = flag.data();
  q.submit([&](sycl::handler& h) { h.single_task<class named_single>(COHORT_LAMBDA() { *f = 7; }); }).wait_and_throw();
  EXPECT_EQ(flag[0], 7);

  const std::size_t groups = 5, local = 6;
  shared_array<int> out(groups * local, q, -1);
  int* o = out.data();
  q.submit([&](sycl::handler& h) {
     h.parallel_for_work_group<class named_hierarchical>(
         sycl::range<1>{groups}, sycl::range<1>{local}, COHORT_LAMBDA(sycl::group<1> g) {
           g.parallel_for_work_item([&](sycl::h_item<1> it) {
             o[it.get_global_id(0)] = static_cast<int>(g.get_group_id(0) * 10 + it.get_local_id(0));
           });
         });
   }).wait_and_throw();
  for (std::size_t i = 0; i < groups * local; ++i) ASSERT_EQ(out[i], static_cast<int>(i / local * 10 + i % local));

  // The implementation chooses the group size.
  shared_array<int> seen(groups, q, 0);
  int* s = seen.data();
  q.submit([&](sycl::handler& h) {
     h.parallel_for_work_group<class named_hierarchical_default>(sycl::range<1>{groups}, COHORT_LAMBDA(sycl::group<1> g) {
       g.parallel_for_work_item([&](sycl::h_item<1> it) {
         if (it.get_local_id(0) == 0) s[g.get_group_linear_id()] = 1;
       });
     });
   }).wait_and_throw();
  for (std::size_t g = 0; g < groups; ++g) ASSERT_EQ(seen[g], 1);
}

TEST_P(sycl_kernel_names, functor_kernels_named_and_unnamed) {
  for (std::size_t n : {1u, 9u, 256u}) {
    shared_array<int> out(n, q, -1);
    q.submit([&](sycl::handler& h) { h.parallel_for(sycl::range<1>{n}, twice_the_id{out.data()}); }).wait_and_throw();
    EXPECT_EQ(out.to_vector(), twice(n));
    out.fill(-1);
    q.submit([&](sycl::handler& h) { h.parallel_for<class functor_named>(sycl::range<1>{n}, twice_the_id{out.data()}); })
        .wait_and_throw();
    EXPECT_EQ(out.to_vector(), twice(n));
    out.fill(-1);
    q.parallel_for<twice_the_id>(sycl::range<1>{n}, twice_the_id{out.data()}).wait_and_throw();
    EXPECT_EQ(out.to_vector(), twice(n));
  }

  const std::size_t rows = 3, columns = 17;
  shared_array<int> grid(rows * columns, q, -1);
  q.parallel_for(sycl::range<2>{rows, columns}, row_major_index{grid.data(), columns}).wait_and_throw();
  for (std::size_t r = 0; r < rows; ++r)
    for (std::size_t c = 0; c < columns; ++c) ASSERT_EQ(grid[r * columns + c], static_cast<int>(r * 100 + c));

  const std::size_t local = 13, groups = 4;
  shared_array<int> sums(groups, q, -1);
  q.submit([&](sycl::handler& h) {
     sycl::local_accessor<int, 1> scratch(sycl::range<1>{local}, h);
     h.parallel_for<group_sums>(sycl::nd_range<1>{groups * local, local}, group_sums{scratch, sums.data()});
   }).wait_and_throw();
  for (std::size_t g = 0; g < groups; ++g) ASSERT_EQ(sums[g], group_sum(g, local));

  shared_array<int> flag(1, q, 0);
  q.single_task(set_flag{flag.data()}).wait_and_throw();
  EXPECT_EQ(flag[0], 42);
  flag.fill(0);
  q.submit([&](sycl::handler& h) { h.single_task<set_flag>(set_flag{flag.data()}); }).wait_and_throw();
  EXPECT_EQ(flag[0], 42);
}

// Names need not be unique: the same name on two different kernels is accepted.
TEST_P(sycl_kernel_names, one_name_for_two_kernels) {
  shared_array<int> out(2, q, 0);
  int* o = out.data();
  q.single_task<complete_name>(COHORT_LAMBDA() { o[0] = 1; }).wait_and_throw();
  q.single_task<complete_name>(COHORT_LAMBDA() { o[1] = 2; }).wait_and_throw();
  EXPECT_EQ(out[0], 1);
  EXPECT_EQ(out[1], 2);
}

// Bad input through a named launch: the same synchronous errors as without a name.
TEST_P(sycl_kernel_names, named_launches_reject_bad_ranges) {
  const auto kernel = COHORT_LAMBDA(sycl::nd_item<1>){};
  try {
    q.parallel_for<class not_a_multiple>(sycl::nd_range<1>{10, 4}, kernel);
    FAIL() << "a global size that is not a multiple of the local size was accepted";
  } catch (const sycl::exception& e) {
    EXPECT_EQ(e.code(), sycl::errc::nd_range);
  }
  try {
    q.submit([&](sycl::handler& h) { h.parallel_for<class zero_local>(sycl::nd_range<1>{8, 0}, kernel); });
    FAIL() << "a local size of 0 was accepted";
  } catch (const sycl::exception& e) {
    EXPECT_EQ(e.code(), sycl::errc::nd_range);
  }
  try {
    q.submit([&](sycl::handler& h) {
      h.parallel_for_work_group<class zero_group>(sycl::range<1>{2}, sycl::range<1>{0}, COHORT_LAMBDA(sycl::group<1>){});
    });
    FAIL() << "a hierarchical group size of 0 was accepted";
  } catch (const sycl::exception& e) {
    EXPECT_EQ(e.code(), sycl::errc::nd_range);
  }
}

COHORT_INSTANTIATE_ON_ALL_DEVICES(sycl_kernel_names);
