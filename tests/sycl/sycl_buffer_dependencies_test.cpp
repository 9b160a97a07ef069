// The dependency graph of SYCL 2020 section 3.9.8: command groups that use one buffer are
// ordered by what their accessors do (read after write, write after read, write after
// write), across queues; host accessors wait for earlier commands and hold back later ones;
// a wait that a held host accessor would make endless throws instead of hanging.
#include <sycl/sycl.hpp>

#include <chrono>
#include <thread>
#include <vector>

#include "support/devices.hpp"

namespace {

class sycl_buffer_dependencies : public cohort_test::on_device {
protected:
  sycl::queue other{GetParam()};  // a second out-of-order queue on the same device
};

using namespace std::chrono_literals;
constexpr std::size_t n = 1000;

/// A host task that writes `value` into every item of `b` after a delay, so that a command
/// wrongly not ordered after it would run first.
void slow_fill(sycl::queue& q, sycl::buffer<int>& b, int value) {
  q.submit([&](sycl::handler& h) {
    sycl::accessor a{b, h, sycl::write_only_host_task};
    h.host_task([=] {
      std::this_thread::sleep_for(30ms);
      for (std::size_t i = 0; i < a.size(); ++i) a[i] = value;
    });
  });
}

/// Commands that use the gate wait while it is closed (a host accessor to it is held), so a
/// later command that is wrongly not ordered after them runs first.
class gate {
public:
  sycl::buffer<int> buffer{sycl::range<1>(1)};
  /// Closed until the returned accessor goes.
  sycl::host_accessor<int> close() { return sycl::host_accessor<int>(buffer); }
};

/// Lets the executor run whatever is ready, then opens the gate.
void open_later(sycl::host_accessor<int>& closed) {
  std::this_thread::sleep_for(20ms);
  closed = {};
}

TEST_P(sycl_buffer_dependencies, read_after_write_across_queues) {
  gate g;
  sycl::buffer<int> in{sycl::range<1>(n)}, out{sycl::range<1>(n)};
  auto closed = g.close();
  q.submit([&](sycl::handler& h) {
    sycl::accessor wait_for_gate{g.buffer, h, sycl::read_only_host_task};
    sycl::accessor a{in, h, sycl::write_only_host_task};
    h.host_task([=] {
      for (std::size_t i = 0; i < n; ++i) a[i] = 21;
    });
  });
  other.submit([&](sycl::handler& h) {
    sycl::accessor a{in, h, sycl::read_only};
    sycl::accessor b{out, h, sycl::write_only, sycl::no_init};
    h.parallel_for(sycl::range<1>(n), COHORT_LAMBDA(sycl::id<1> i) { b[i] = 2 * a[i]; });
  });
  open_later(closed);
  sycl::host_accessor r{out, sycl::read_only};
  for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(r[i], 42) << i;
}

TEST_P(sycl_buffer_dependencies, write_after_read_across_queues) {
  gate g;
  std::vector<int> v(n, 5), snapshot(n, 0);
  {
    sycl::buffer<int> b(v.data(), sycl::range<1>(n));
    auto closed = g.close();
    q.submit([&](sycl::handler& h) {
      sycl::accessor wait_for_gate{g.buffer, h, sycl::read_only_host_task};
      sycl::accessor a{b, h, sycl::read_only_host_task};
      h.host_task([=, &snapshot] {
        for (std::size_t i = 0; i < n; ++i) snapshot[i] = a[i];
      });
    });
    other.submit([&](sycl::handler& h) {
      sycl::accessor a{b, h, sycl::write_only};
      h.parallel_for(sycl::range<1>(n), COHORT_LAMBDA(sycl::id<1> i) { a[i] = -1; });
    });
    open_later(closed);
  }
  EXPECT_EQ(snapshot, std::vector<int>(n, 5));
  EXPECT_EQ(v, std::vector<int>(n, -1));
}

TEST_P(sycl_buffer_dependencies, write_after_write_across_queues) {
  gate g;
  std::vector<int> v(n, 0);
  {
    sycl::buffer<int> b(v.data(), sycl::range<1>(n));
    auto closed = g.close();
    q.submit([&](sycl::handler& h) {
      sycl::accessor wait_for_gate{g.buffer, h, sycl::read_only_host_task};
      sycl::accessor a{b, h, sycl::write_only_host_task};
      h.host_task([=] {
        for (std::size_t i = 0; i < n; ++i) a[i] = 1;
      });
    });
    other.submit([&](sycl::handler& h) {
      sycl::accessor a{b, h, sycl::write_only, sycl::no_init};
      h.parallel_for(sycl::range<1>(n), COHORT_LAMBDA(sycl::id<1> i) { a[i] = 2; });
    });
    open_later(closed);
  }
  EXPECT_EQ(v, std::vector<int>(n, 2));
}

TEST_P(sycl_buffer_dependencies, many_readers_then_a_writer) {
  sycl::buffer<int> b{sycl::range<1>(n)}, sums{sycl::range<1>(300)};
  slow_fill(q, b, 3);
  for (int k = 0; k < 300; ++k)
    (k % 2 ? q : other).submit([&](sycl::handler& h) {
      sycl::accessor a{b, h, sycl::read_only};
      sycl::accessor s{sums, h, sycl::range<1>(1), sycl::id<1>(static_cast<std::size_t>(k)), sycl::write_only};
      h.single_task(COHORT_LAMBDA() { s[0] = a[k % n] + k; });
    });
  other.submit([&](sycl::handler& h) {
    sycl::accessor a{b, h, sycl::write_only};
    h.single_task(COHORT_LAMBDA() { a[0] = 100; });
  });
  sycl::host_accessor s{sums, sycl::read_only};
  for (int k = 0; k < 300; ++k) ASSERT_EQ(s[k], 3 + k) << k;
  EXPECT_EQ(sycl::host_accessor(b, sycl::read_only)[0], 100);
}

TEST_P(sycl_buffer_dependencies, host_accessors_wait_for_earlier_commands) {
  sycl::buffer<int> b{sycl::range<1>(n)};
  slow_fill(q, b, 9);
  sycl::host_accessor r{b, sycl::read_only};
  EXPECT_EQ(r[0], 9);
  EXPECT_EQ(r[n - 1], 9);
}

TEST_P(sycl_buffer_dependencies, a_held_host_accessor_holds_later_commands_back) {
  sycl::buffer<int> b{sycl::range<1>(n)};
  sycl::event later;
  {
    sycl::host_accessor w{b, sycl::write_only};
    later = q.submit([&](sycl::handler& h) {
      sycl::accessor a{b, h};
      h.parallel_for(sycl::range<1>(n), COHORT_LAMBDA(sycl::id<1> i) { a[i] += 1; });
    });
    std::this_thread::sleep_for(10ms);
    EXPECT_NE(later.get_info<sycl::info::event::command_execution_status>(),
              sycl::info::event_command_status::complete);
    for (std::size_t i = 0; i < n; ++i) w[i] = static_cast<int>(i);
  }
  later.wait();
  sycl::host_accessor r{b, sycl::read_only};
  for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(r[i], static_cast<int>(i) + 1) << i;
}

TEST_P(sycl_buffer_dependencies, waiting_while_holding_the_host_accessor_throws_instead_of_hanging) {
  sycl::buffer<int> b{sycl::range<1>(n)};
  sycl::event blocked;
  {
    sycl::host_accessor w{b};
    for (std::size_t i = 0; i < n; ++i) w[i] = 1;
    blocked = q.submit([&](sycl::handler& h) {
      sycl::accessor a{b, h};
      h.parallel_for(sycl::range<1>(n), COHORT_LAMBDA(sycl::id<1> i) { a[i] *= 7; });
    });
    try {
      blocked.wait();
      ADD_FAILURE() << "no exception";
    } catch (const sycl::exception& e) {
      EXPECT_EQ(e.code(), sycl::errc::invalid) << e.what();
    }
  }
  blocked.wait();  // released: the command runs
  EXPECT_EQ(sycl::host_accessor(b, sycl::read_only)[n - 1], 7);
}

TEST_P(sycl_buffer_dependencies, another_threads_host_accessor_is_waited_for) {
  sycl::buffer<int> b{sycl::range<1>(n)};
  std::atomic<bool> holding{false};
  std::thread holder([&] {
    sycl::host_accessor w{b, sycl::write_only};
    holding = true;
    std::this_thread::sleep_for(30ms);
    for (std::size_t i = 0; i < n; ++i) w[i] = 4;
  });
  while (!holding) std::this_thread::yield();
  q.submit([&](sycl::handler& h) {
    sycl::accessor a{b, h};
    h.parallel_for(sycl::range<1>(n), COHORT_LAMBDA(sycl::id<1> i) { a[i] += 1; });
  }).wait();
  holder.join();
  sycl::host_accessor r{b, sycl::read_only};
  for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(r[i], 5) << i;
}

COHORT_INSTANTIATE_ON_ALL_DEVICES(sycl_buffer_dependencies);

}  // namespace
