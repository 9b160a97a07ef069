// Waits that involve more than one command: a host task waiting for commands it submitted,
// waits that could never end (they throw), queue::wait with several submitting threads,
// and asynchronous errors nobody retrieved.
#include <atomic>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

#include "support/devices.hpp"

using cohort_test::on_device;
using namespace cohort;

namespace {
class command_waits : public on_device {};
}  // namespace

// The host task holds the executor's turn while it waits, so it runs what it waits for.
TEST_P(command_waits, host_task_waits_for_commands_it_submitted) {
  queue other(GetParam());
  auto out = make_shared_unique<int>(1000, q);
  int* o = out.get();
  for (int i = 0; i < 1000; ++i) o[i] = 0;
  int seen_in_task = -1;
  q.submit([&](handler& h) {
     h.host_task([&] {
       other.parallel_for(range<1>{1000}, COHORT_LAMBDA(id<1> i) { o[i] = static_cast<int>(i[0]); }).wait();
       q.parallel_for(range<1>{1000}, COHORT_LAMBDA(id<1> i) { o[i] += 1; }).wait();  // its own queue
       other.wait();
       seen_in_task = o[999];
     });
   }).wait_and_throw();
  EXPECT_EQ(seen_in_task, 1000);
  for (int i = 0; i < 1000; ++i) ASSERT_EQ(o[i], i + 1);
}

// What a waiting host task cannot reach throws instead of hanging, and the queue goes on.
TEST_P(command_waits, waits_that_could_never_end_throw) {
  queue ordered(GetParam(), property_list{property::queue::in_order{}});
  auto flags = make_shared_unique<int>(2, q);
  int* f = flags.get();
  f[0] = f[1] = 0;
  std::vector<std::error_code> codes;
  auto record = [&](auto&& wait) {
    try {
      wait();
      codes.push_back(std::error_code{});
    } catch (const exception& e) {
      codes.push_back(e.code());
    }
  };
  std::atomic<bool> self_known{false};
  event self;
  self = ordered.submit([&](handler& h) {
    h.host_task([&] {
      while (!self_known.load()) std::this_thread::yield();
      // The next command of an in-order queue starts after this one ends.
      record([&] { ordered.single_task(COHORT_LAMBDA() { f[0] = 1; }).wait(); });
      // So does a command that depends on this one.
      record([&] {
        q.submit([&](handler& g) {
           g.depends_on(self);
           g.single_task(COHORT_LAMBDA() {});
         }).wait();
      });
      // And this one itself.
      record([&] { self.wait(); });
    });
  });
  self_known = true;
  ordered.wait_and_throw();
  q.wait_and_throw();
  ASSERT_EQ(codes.size(), 3u);
  for (const auto& c : codes) EXPECT_EQ(c, errc::invalid) << c.message();
  EXPECT_EQ(f[0], 1);  // ran once the host task ended
  ordered.single_task(COHORT_LAMBDA() { f[1] = 2; }).wait_and_throw();
  EXPECT_EQ(f[1], 2);
}

// queue::wait covers every command submitted before it, whichever thread submitted it and
// in whatever order the threads reached the executor.
TEST_P(command_waits, queue_wait_covers_commands_of_every_thread) {
  int early = 0;  // a race: a few in a thousand rounds returned early before it was fixed
  for (int round = 0; round < 5000; ++round) {
    std::atomic<int> done{0};
    auto submit_three = [&] {
      for (int i = 0; i < 3; ++i) q.submit([&](handler& h) { h.host_task([&] { ++done; }); });
    };
    std::thread a(submit_three), b(submit_three);
    a.join();
    b.join();
    q.wait();
    if (done.load() != 6) ++early;
    q.wait();  // the stragglers, before `done` goes
  }
  EXPECT_EQ(early, 0);
}

// Device code cannot throw: the g++ build of this file tests this on the CPU.
#if !defined(__CUDACC__)
// An asynchronous error of a queue destroyed without wait_and_throw reaches its handler.
TEST_P(command_waits, errors_never_retrieved_reach_the_handler_when_the_queue_goes) {
  std::vector<std::string> seen;
  {
    queue doomed(GetParam(), [&](exception_list errors) {
      for (const auto& e : errors) {
        try {
          std::rethrow_exception(e);
        } catch (const exception& x) {
          seen.push_back(x.what());
        }
      }
    });
    doomed.single_task([] { throw exception(errc::kernel, "lost?"); });
    doomed.wait();  // completes; the error waits for wait_and_throw, which never comes
  }
  ASSERT_EQ(seen.size(), 1u);
  EXPECT_NE(seen[0].find("lost?"), std::string::npos);
}
#endif

COHORT_INSTANTIATE_ON_ALL_DEVICES(command_waits);
