// Buffer properties as SYCL 2020 section 4.7.2.2 describes them: use_host_ptr, use_mutex and
// context_bound, given as a braced list or a property_list, reported by has_property and
// get_property (errc::invalid for a property the buffer was not constructed with), and
// use_mutex's promise: the runtime holds the program's mutex whenever it reads or writes the
// program's memory while the buffer lives (the write-back at the end; with use_host_ptr, the
// commands that read or write that memory), so a program that holds the mutex holds them back.
#include <sycl/sycl.hpp>

#include <atomic>
#include <chrono>
#include <mutex>
#include <numeric>
#include <optional>
#include <thread>
#include <vector>

#include "support/devices.hpp"
#include "support/expect_errc.hpp"

namespace {

class sycl_buffer_properties : public cohort_test::on_device {};

using cohort_test::expect_errc;

/// Long enough for a runtime that ignored the mutex to have finished what it was blocked on.
constexpr auto a_while = std::chrono::milliseconds(200);

/// Adds `k` to every item of `b` on the queue's device.
void add_on_device(sycl::queue& q, sycl::buffer<int>& b, int k) {
  q.submit([&](sycl::handler& h) {
    sycl::accessor a{b, h};
    h.parallel_for(b.get_range(), COHORT_LAMBDA(sycl::id<1> i) { a[i] += k; });
  });
}

TEST_P(sycl_buffer_properties, has_property_and_get_property_report_what_the_buffer_was_made_with) {
  std::vector<int> v(16, 1);
  std::mutex m;
  {
    sycl::buffer<int> b(v.data(), sycl::range<1>(16),
                        {sycl::property::buffer::use_host_ptr{}, sycl::property::buffer::use_mutex{m},
                         sycl::property::buffer::context_bound{q.get_context()}});
    EXPECT_TRUE(b.has_property<sycl::property::buffer::use_host_ptr>());
    EXPECT_TRUE(b.has_property<sycl::property::buffer::use_mutex>());
    EXPECT_TRUE(b.has_property<sycl::property::buffer::context_bound>());
    EXPECT_EQ(b.get_property<sycl::property::buffer::use_mutex>().get_mutex_ptr(), &m);
    EXPECT_TRUE(b.get_property<sycl::property::buffer::context_bound>().get_context() == q.get_context());
    (void)b.get_property<sycl::property::buffer::use_host_ptr>();
    // Copies of the buffer are the same buffer.
    sycl::buffer<int> copy = b;
    EXPECT_EQ(copy.get_property<sycl::property::buffer::use_mutex>().get_mutex_ptr(), &m);
    add_on_device(q, copy, 2);
  }
  EXPECT_EQ(v, std::vector<int>(16, 3));
  EXPECT_TRUE(m.try_lock()) << "the runtime left the mutex locked";
  m.unlock();

  // The book's form: deduced element type, one property; and a property_list of flags.
  int ints[42] = {};
  sycl::buffer b2{ints, sycl::range(42), {sycl::property::buffer::use_mutex{m}}};
  static_assert(std::is_same_v<decltype(b2), sycl::buffer<int, 1>>);
  std::mutex* mutex = b2.get_property<sycl::property::buffer::use_mutex>().get_mutex_ptr();
  EXPECT_EQ(mutex, &m);
  EXPECT_FALSE(b2.has_property<sycl::property::buffer::use_host_ptr>());
  const sycl::property_list flags{sycl::property::buffer::use_host_ptr{}};
  sycl::buffer<int> b3(ints, sycl::range<1>(42), flags);
  EXPECT_TRUE(b3.has_property<sycl::property::buffer::use_host_ptr>());
  EXPECT_FALSE(b3.has_property<sycl::property::buffer::use_mutex>());
}

TEST_P(sycl_buffer_properties, get_property_of_a_property_the_buffer_lacks_throws_invalid) {
  sycl::buffer<int> plain(sycl::range<1>(4));
  EXPECT_FALSE(plain.has_property<sycl::property::buffer::use_mutex>());
  EXPECT_FALSE(plain.has_property<sycl::property::buffer::use_host_ptr>());
  EXPECT_FALSE(plain.has_property<sycl::property::buffer::context_bound>());
  expect_errc([&] { (void)plain.get_property<sycl::property::buffer::use_mutex>(); }, sycl::errc::invalid);
  expect_errc([&] { (void)plain.get_property<sycl::property::buffer::use_host_ptr>(); }, sycl::errc::invalid);
  std::mutex m;
  std::vector<int> v(4);
  sycl::buffer<int> with_mutex(v.data(), sycl::range<1>(4), {sycl::property::buffer::use_mutex{m}});
  expect_errc([&] { (void)with_mutex.get_property<sycl::property::buffer::use_host_ptr>(); }, sycl::errc::invalid);
}

TEST_P(sycl_buffer_properties, the_write_back_waits_for_the_programs_mutex) {
  std::vector<int> v(1000);
  std::iota(v.begin(), v.end(), 0);
  std::mutex m;
  std::optional<sycl::buffer<int>> b;
  {
    std::lock_guard lock(m);  // no use_mutex: the write-back does not wait for it
    b.emplace(v.data(), sycl::range<1>(v.size()), sycl::property_list{});
    b.reset();
  }
  b.emplace(v.data(), sycl::range<1>(v.size()), sycl::property::buffer::use_mutex{m});
  add_on_device(q, *b, 5);
  q.wait();
  std::atomic<bool> destroyed{false};
  std::unique_lock held(m);
  std::thread last_owner([&] {
    b.reset();  // writes the contents back to v
    destroyed = true;
  });
  std::this_thread::sleep_for(a_while);
  EXPECT_FALSE(destroyed) << "the buffer wrote back while the program held the mutex";
  EXPECT_EQ(v[999], 999);
  held.unlock();
  last_owner.join();
  EXPECT_TRUE(destroyed);
  for (int i = 0; i < 1000; ++i) ASSERT_EQ(v[i], i + 5) << i;
  EXPECT_TRUE(m.try_lock()) << "the runtime left the mutex locked";
  m.unlock();
}

// With use_host_ptr the buffer lives in the program's memory: a command that reads it (a
// host command works in it; a device command copies it to the device first) waits for the
// mutex. On a GPU the copy is part of the submission, so another thread submits.
TEST_P(sycl_buffer_properties, commands_on_the_programs_memory_wait_for_its_mutex) {
  std::vector<int> v(4096, 7);
  std::mutex m;
  {
    sycl::buffer<int> b(v.data(), sycl::range<1>(v.size()),
                        {sycl::property::buffer::use_host_ptr{}, sycl::property::buffer::use_mutex{m}});
    std::atomic<bool> done{false};
    std::unique_lock held(m);
    std::thread submitter([&] {
      add_on_device(q, b, 1);
      q.wait();
      done = true;
    });
    std::this_thread::sleep_for(a_while);
    EXPECT_FALSE(done) << "a command read the program's memory while the program held the mutex";
    EXPECT_EQ(v[4095], 7);
    held.unlock();
    submitter.join();
    // The program may lock the mutex and read while the buffer lives (a host accessor first
    // brings the contents back from a device, under the mutex).
    { sycl::host_accessor a{b, sycl::read_only}; }
    {
      std::lock_guard lock(m);
      EXPECT_EQ(v[0], 8);
      EXPECT_EQ(v[4095], 8);
    }
    add_on_device(q, b, 10);
  }
  EXPECT_EQ(v, std::vector<int>(4096, 18));
  EXPECT_TRUE(m.try_lock()) << "the runtime left the mutex locked";
  m.unlock();
}

COHORT_INSTANTIATE_ON_ALL_DEVICES(sycl_buffer_properties);

}  // namespace
