// CPU backend only (a device kernel cannot hold a queue): a kernel that waits for a command
// would wait for itself, since commands run one at a time; it throws errc::invalid, which
// reaches wait_and_throw, and the queue goes on.
#include <gtest/gtest.h>

#include <cohort/cohort.hpp>

using namespace cohort;

namespace {
void expect_invalid_from(queue& q, int line = __builtin_LINE()) {
  SCOPED_TRACE(line);
  try {
    q.wait_and_throw();
    ADD_FAILURE() << "no exception";
  } catch (const exception& e) {
    EXPECT_EQ(e.code(), errc::invalid) << e.what();
  }
}
}  // namespace

TEST(kernel_waits, a_kernel_that_waits_for_a_command_throws) {
  queue q{cpu_selector_v}, other{cpu_selector_v};
  q.parallel_for(range<1>{2}, [&](id<1>) { other.single_task([] {}).wait(); });
  expect_invalid_from(q);
  q.parallel_for(nd_range<1>{4, 4}, [&](nd_item<1> it) {
    group_barrier(it.get_group());  // waits on a fiber
    other.single_task([] {}).wait();
  });
  expect_invalid_from(q);
  q.single_task([&] { other.single_task([] {}).wait(); });
  expect_invalid_from(q);
  q.submit([&](handler& h) {
    h.parallel_for_work_group(range<1>{2}, range<1>{4}, [&](group<1>) { other.single_task([] {}).wait(); });
  });
  expect_invalid_from(q);
  other.wait_and_throw();  // what the kernels submitted ran afterwards
  int v = 0;
  q.single_task([&] { v = 1; }).wait_and_throw();
  EXPECT_EQ(v, 1);
}
