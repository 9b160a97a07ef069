// CPU backend only: fiber switches per collective and per barrier, counted.
#include <algorithm>
#include <cstdlib>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include <cohort/backend/cpu/compiler_pass.hpp>
#include <cohort/cohort.hpp>

using namespace cohort;

namespace {
// These tests are about the fiber engine: where the CPU compiler pass is built, its loops
// are turned off, so that kernels with barriers run on fibers.
[[maybe_unused]] const bool fibers_only = (backends::cpu::cbs::set_loops_enabled(false), true);

// Fiber switches of every thread, whichever OpenMP team ran the kernels.
std::uint64_t all_switches() { return backends::cpu::fiber_engine::process_switch_count(); }
}  // namespace

TEST(fiber_engine, at_most_one_suspension_per_item_per_collective) {
  queue q{cpu_selector_v};
  const std::size_t local = 256, groups = 8, calls = 50;
  std::vector<int> out(groups * local);
  int* o = out.data();
  auto kernel = COHORT_LAMBDA(nd_item<1> it) {
    int acc = 0;
    for (std::size_t c = 0; c < calls; ++c) acc += reduce_over_group(it.get_group(), 1, plus<>());
    o[it.get_global_id(0)] = acc;
  };
  q.parallel_for(nd_range<1>{groups * local, local}, kernel).wait_and_throw();  // warm the fiber pools
  const auto before = all_switches();
  q.parallel_for(nd_range<1>{groups * local, local}, kernel).wait_and_throw();
  const auto switches = all_switches() - before;
  for (int v : out) ASSERT_EQ(v, static_cast<int>(local * calls));
  // one switch per item per collective, plus one per item when it finishes (handing the
  // thread to the next item) and entering/leaving each group
  EXPECT_LE(switches, groups * local * (calls + 1) + 2 * groups) << switches;
  EXPECT_GE(switches, groups * (local - 1) * calls);
}

TEST(fiber_engine, kernels_without_barriers_never_switch) {
  queue q{cpu_selector_v};
  const auto before = all_switches();
  std::vector<int> out(4096);
  int* o = out.data();
  q.parallel_for(nd_range<1>{4096, 256}, COHORT_LAMBDA(nd_item<1> it) { o[it.get_global_id(0)] = 1; }).wait();
  q.parallel_for(nd_range<1>{4096, 256}, COHORT_LAMBDA(nd_item<1> it) {
     o[it.get_global_id(0)] += reduce_over_group(it.get_sub_group(), 1, plus<>());  // size-1 sub-groups
   }).wait_and_throw();
  EXPECT_EQ(all_switches(), before);
  for (int v : out) ASSERT_EQ(v, 2);
}

// A work-group of one item waits for nobody: its barriers and collectives return at once
// (the barrier, not the collective, tests for it), with the one item's own values.
TEST(fiber_engine, one_item_groups_never_switch) {
  queue q{cpu_selector_v};
  const std::size_t groups = 1000;
  std::vector<long> out(groups * 4);
  long* o = out.data();
  const auto before = all_switches();
  q.parallel_for(nd_range<1>{groups, 1}, COHORT_LAMBDA(nd_item<1> it) {
     const auto g = it.get_group();
     const long x = static_cast<long>(it.get_global_id(0)) + 1;
     long r = 0, incl = 0, excl = 0;
     for (int round = 0; round < 3; ++round) {
       group_barrier(g);
       r += reduce_over_group(g, x, plus<>());
       incl += inclusive_scan_over_group(g, x, multiplies<>());
       excl += exclusive_scan_over_group(g, x, 5L, plus<>());
     }
     const std::size_t i = it.get_global_id(0);
     o[4 * i] = r;
     o[4 * i + 1] = incl;
     o[4 * i + 2] = excl;
     o[4 * i + 3] = any_of_group(g, x == 7) ? 1 : 0;
   }).wait_and_throw();
  EXPECT_EQ(all_switches(), before);
  for (std::size_t i = 0; i < groups; ++i) {
    const long x = static_cast<long>(i) + 1;
    ASSERT_EQ(out[4 * i], 3 * x) << i;
    ASSERT_EQ(out[4 * i + 1], 3 * x) << i;
    ASSERT_EQ(out[4 * i + 2], 15) << i;
    ASSERT_EQ(out[4 * i + 3], x == 7 ? 1 : 0) << i;
  }
}

// The item that reaches the first barrier of a launch runs on the thread's stack while its
// own fiber waits aside; that fiber must serve the item of the same slot in later groups.
// Items before it that returned early (not SYCL, but nothing may hang) make it a slot other
// than 0: here slot (group % 4) starts the fibers, in every launch on every thread.
TEST(fiber_engine, fibers_may_start_at_any_item_and_serve_later_groups) {
  queue q{cpu_selector_v};
  const std::size_t local = 8, groups = 64;
  std::vector<int> out(groups * local);
  int* o = out.data();
  for (int launch = 0; launch < 3; ++launch) {
    std::fill(out.begin(), out.end(), -1);
    q.submit([&](handler& h) {
       local_accessor<int, 1> a(range<1>{local}, h);
       h.parallel_for(nd_range<1>{groups * local, local}, COHORT_LAMBDA(nd_item<1> it) {
         const std::size_t lid = it.get_local_id(0), first = it.get_group_linear_id() % 4;
         if (lid < first) return;
         a[lid] = static_cast<int>(lid) + launch;
         group_barrier(it.get_group());
         int s = 0;
         for (std::size_t j = first; j < local; ++j) s += a[j];
         group_barrier(it.get_group());
         a[lid] = s;
         group_barrier(it.get_group());
         o[it.get_global_id(0)] = a[local - 1 - lid + first];
       });
     }).wait_and_throw();
    for (std::size_t g = 0; g < groups; ++g) {
      const int first = static_cast<int>(g % 4), n = static_cast<int>(local) - first;
      for (std::size_t l = 0; l < local; ++l) {
        const int sum = (first + static_cast<int>(local) - 1) * n / 2 + n * launch;  // of lid + launch
        const int expected = static_cast<int>(l) < first ? -1 : sum;
        ASSERT_EQ(out[g * local + l], expected) << "launch " << launch << " group " << g << " item " << l;
      }
    }
  }
}

// Every item of the largest group gets a stack of its own. Also run with the smallest stacks
// the environment may ask for (COHORT_FIBER_STACK_BYTES=16384, the fiber_engine_small_stacks
// entry of CTest): the fibers' stagger used to push the 256th and later fibers' frames into
// their guard pages.
TEST(fiber_engine, every_item_of_the_largest_group_has_a_stack) {
  queue q{cpu_selector_v};
  const std::size_t local = q.get_device().get_info<info::device::max_work_group_size>();
  const std::size_t groups = 3;
  std::vector<std::size_t> out(groups * local);
  std::size_t* o = out.data();
  q.parallel_for(nd_range<1>{groups * local, local}, COHORT_LAMBDA(nd_item<1> it) {
     const std::size_t lid = it.get_local_id(0);
     std::size_t acc = lid;
     for (int round = 0; round < 3; ++round) {
       group_barrier(it.get_group());
       acc += reduce_over_group(it.get_group(), lid, plus<>());
     }
     o[it.get_global_id(0)] = acc;
   }).wait_and_throw();
  const std::size_t sum = local * (local - 1) / 2;
  for (std::size_t i = 0; i < out.size(); ++i) ASSERT_EQ(out[i], i % local + 3 * sum) << i;
}

// Run by the fiber_engine_stacks_too_large entry of CTest, whose stacks cannot be allocated:
// the failure is a cohort::exception, and the engine stays usable (a half-added fiber slot
// used to crash a later launch).
TEST(fiber_engine, stacks_that_cannot_be_allocated_throw_memory_allocation) {
  const char* env = std::getenv("COHORT_FIBER_STACK_BYTES");
  if (!env || std::string(env) != "1000000000000") GTEST_SKIP() << "needs COHORT_FIBER_STACK_BYTES=1000000000000";
  queue q{cpu_selector_v};
  for (int round = 0; round < 3; ++round) {
    try {
      q.parallel_for(nd_range<1>{8, 4}, COHORT_LAMBDA(nd_item<1> it) { group_barrier(it.get_group()); }).wait_and_throw();
      ADD_FAILURE() << "no exception";
    } catch (const exception& e) {
      EXPECT_EQ(e.code(), errc::memory_allocation) << e.what();
    }
  }
  std::vector<int> out(8, 0);
  int* o = out.data();
  q.parallel_for(nd_range<1>{8, 4}, COHORT_LAMBDA(nd_item<1> it) { o[it.get_global_id(0)] = 1; }).wait_and_throw();
  for (int v : out) EXPECT_EQ(v, 1);
}
