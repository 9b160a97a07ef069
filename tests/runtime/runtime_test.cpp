// Devices, platforms, selectors, queues, events, USM and bad input at submission.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstring>
#include <thread>
#include <vector>

#include "support/devices.hpp"
#include "support/expect_errc.hpp"

using cohort_test::on_device;
using cohort_test::shared_array;
using namespace cohort;

TEST(devices, cpu_device_always_present_and_described) {
  const auto cpus = device::get_devices(info::device_type::cpu);
  ASSERT_FALSE(cpus.empty());
  const device& d = cpus.front();
  EXPECT_TRUE(d.is_cpu());
  EXPECT_EQ(d.get_backend(), backend::cpu);
  EXPECT_FALSE(d.get_info<info::device::name>().empty());
  EXPECT_GE(d.get_info<info::device::max_compute_units>(), 1u);
  EXPECT_GE(d.get_info<info::device::max_work_group_size>(), 1024u);
  EXPECT_GT(d.get_info<info::device::local_mem_size>(), 0u);
  const auto sg = d.get_info<info::device::sub_group_sizes>();
  for (std::size_t s : {1u, 8u, 16u, 32u}) EXPECT_NE(std::find(sg.begin(), sg.end(), s), sg.end()) << s;
  EXPECT_TRUE(d.get_info<info::device::usm_device_allocations>());
  EXPECT_EQ(d.get_platform().get_backend(), backend::cpu);
}

TEST(devices, platforms_partition_the_devices) {
  std::size_t total = 0;
  for (const auto& p : platform::get_platforms()) {
    for (const auto& d : p.get_devices()) EXPECT_EQ(d.get_backend(), p.get_backend());
    total += p.get_devices().size();
  }
  EXPECT_EQ(total, device::get_devices().size());
}

TEST(selectors, standard_and_custom) {
  EXPECT_TRUE(device{cpu_selector_v}.is_cpu());
  const device def{default_selector_v};
  if (!device::get_devices(info::device_type::gpu).empty()) EXPECT_TRUE(def.is_gpu());
  else EXPECT_TRUE(def.is_cpu());
  // a custom scorer: the highest score wins
  const device chosen{[](const device& d) { return d.is_cpu() ? 7 : 1; }};
  EXPECT_TRUE(chosen.is_cpu());
}

TEST(selectors, rejecting_every_device_throws) {
  try {
    device d{[](const device&) { return -1; }};
    FAIL() << "no exception";
  } catch (const exception& e) {
    EXPECT_EQ(e.code(), errc::runtime);
  }
  if (device::get_devices(info::device_type::gpu).empty()) {
    EXPECT_THROW(queue{gpu_selector_v}, exception);
  }
}

TEST(interop, a_cpu_queue_has_no_cuda_stream) {
  queue q{cpu_selector_v};
  cohort_test::expect_errc([&] { (void)get_native<backend::cuda>(q); }, errc::backend_mismatch);
}

namespace {
class queues : public on_device {};
}

TEST_P(queues, submission_is_asynchronous_and_events_complete) {
  std::atomic<bool> release{false};
  std::atomic<bool>* r = &release;
  event blocker = q.submit([&](handler& h) {
    h.host_task([r] {
      while (!r->load()) std::this_thread::yield();
    });
  });
  // submit returned while the command is still blocked
  EXPECT_NE(blocker.get_info<info::event::command_execution_status>(), info::event_command_status::complete);
  release = true;
  blocker.wait();
  EXPECT_EQ(blocker.get_info<info::event::command_execution_status>(), info::event_command_status::complete);
}

TEST_P(queues, commands_nobody_waits_for_still_run) {
  std::atomic<bool> ran{false};
  std::atomic<bool>* r = &ran;
  event e = q.submit([&](handler& h) { h.host_task([r] { r->store(true); }); });
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (!ran.load() && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  EXPECT_TRUE(ran.load()) << "a command that no thread waits for never started";
  while (e.get_info<info::event::command_execution_status>() != info::event_command_status::complete &&
         std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  EXPECT_EQ(e.get_info<info::event::command_execution_status>(), info::event_command_status::complete);
}

// Waiting threads run queued commands themselves: several threads submitting and waiting
// at once, and two threads waiting for one event, must each see their own results.
TEST_P(queues, many_threads_submit_and_wait_at_once) {
  constexpr int threads = 4, rounds = 40;
  constexpr std::size_t n = 1000;
  std::vector<std::thread> pool;
  std::atomic<int> wrong{0};
  for (int t = 0; t < threads; ++t)
    pool.emplace_back([&, t] {
      shared_array<int> out(n, q);
      int* o = out.data();
      for (int r = 0; r < rounds; ++r) {
        const int base = t * 1000 + r;
        auto e1 = q.parallel_for(range<1>{n}, COHORT_LAMBDA(id<1> i) { o[i] = base; });
        auto e2 = q.parallel_for(range<1>{n}, e1, COHORT_LAMBDA(id<1> i) { o[i] += static_cast<int>(i[0]); });
        std::thread second_waiter([e2]() mutable { e2.wait(); });
        e2.wait();
        second_waiter.join();
        for (std::size_t i = 0; i < n; ++i)
          if (out[i] != base + static_cast<int>(i)) ++wrong;
      }
    });
  for (auto& th : pool) th.join();
  EXPECT_EQ(wrong.load(), 0);
}

// A wait inside the user's own OpenMP parallel region leaves the command to the runtime's
// worker (run there, the kernel's region would be nested into a team of one).
TEST_P(queues, waiting_inside_an_openmp_parallel_region) {
  constexpr std::size_t n = 4096;
  shared_array<int> out(n, q, 0);
  int* o = out.data();
#pragma omp parallel num_threads(2)
  {
#pragma omp single
    q.parallel_for(range<1>{n}, COHORT_LAMBDA(id<1> i) { o[i] = 3 * static_cast<int>(i[0]); }).wait();
  }
  for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(out[i], 3 * static_cast<int>(i));
}

TEST_P(queues, in_order_dependencies_and_shortcuts) {
  queue ordered(GetParam(), property_list{property::queue::in_order{}});
  EXPECT_TRUE(ordered.is_in_order());
  const std::size_t n = 1000;
  int* a = malloc_shared<int>(n, ordered);
  int* b = malloc_device<int>(n, ordered);
  ASSERT_NE(a, nullptr);
  ASSERT_NE(b, nullptr);
  auto e1 = ordered.fill(a, 3, n);
  auto e2 = ordered.parallel_for(range<1>{n}, e1, COHORT_LAMBDA(id<1> i) { a[i] += static_cast<int>(i[0]); });
  auto e3 = ordered.memcpy(b, a, n * sizeof(int), {e2});
  auto e4 = ordered.memset(a, 0, n * sizeof(int), {e3});
  auto e5 = ordered.parallel_for(range<1>{n}, std::vector<event>{e4}, COHORT_LAMBDA(id<1> i) { a[i] = b[i] * 2; });
  e5.wait_and_throw();
  for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(a[i], 2 * (3 + static_cast<int>(i)));
  ordered.copy(a, b, n).wait();
  int last = -1;  // b is device memory: read back through a copy
  ordered.copy(b + n - 1, &last, 1).wait();
  EXPECT_EQ(last, a[n - 1]);
  free(a, ordered);
  free(b, ordered);
}

TEST_P(queues, big_copies_and_zero_sizes) {
  const std::size_t n = (std::size_t{3} << 20) + 5;  // larger than the parallel-copy threshold
  // memcpy takes host or USM pointers, memset USM ones.
  std::vector<unsigned char> src(n);
  shared_array<unsigned char> dst(n, q, 0);
  for (std::size_t i = 0; i < n; ++i) src[i] = static_cast<unsigned char>(i * 7);
  q.memcpy(dst.data(), src.data(), n).wait();
  EXPECT_EQ(std::memcmp(dst.data(), src.data(), n), 0);
  q.memset(dst.data(), 0xAB, n).wait();
  EXPECT_TRUE(std::all_of(dst.begin(), dst.end(), [](unsigned char c) { return c == 0xAB; }));
  q.memcpy(nullptr, nullptr, 0).wait_and_throw();  // a zero-byte copy is legal
  EXPECT_THROW(q.memcpy(nullptr, src.data(), 4), exception);
}

TEST_P(queues, profiling_needs_the_property) {
  event e = q.single_task(COHORT_LAMBDA() {});
  e.wait();
  EXPECT_THROW(e.get_profiling_info<info::event_profiling::command_start>(), exception);
  queue prof(GetParam(), property_list{property::queue::enable_profiling{}});
  event p = prof.parallel_for(range<1>{1 << 16}, COHORT_LAMBDA(id<1>) {});
  p.wait();
  const auto submit = p.get_profiling_info<info::event_profiling::command_submit>();
  const auto start = p.get_profiling_info<info::event_profiling::command_start>();
  const auto end = p.get_profiling_info<info::event_profiling::command_end>();
  EXPECT_LE(submit, start);
  EXPECT_LE(start, end);
}

TEST_P(queues, usm_kinds_queries_and_failure) {
  auto* d = malloc_device<double>(10, q);
  auto* h = malloc_host<double>(10, q);
  auto* s = static_cast<double*>(aligned_alloc_shared(256, 10 * sizeof(double), q));
  const context ctx = q.get_context();
  EXPECT_EQ(get_pointer_type(d, ctx), usm::alloc::device);
  EXPECT_EQ(get_pointer_type(h + 9, ctx), usm::alloc::host);
  EXPECT_EQ(get_pointer_type(s, ctx), usm::alloc::shared);
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(s) % 256, 0u);
  int stack_value = 0;
  EXPECT_EQ(get_pointer_type(&stack_value, ctx), usm::alloc::unknown);
  EXPECT_EQ(get_pointer_device(d, ctx), q.get_device());
  free(d, q);
  free(h, q);
  free(s, ctx);
  free(nullptr, q);
  EXPECT_THROW(free(&stack_value, q), exception);
  // failure returns nullptr, including a byte count that overflows
  EXPECT_EQ(malloc_device<double>(std::size_t{1} << 62, q), nullptr);
  EXPECT_EQ(malloc_shared(std::size_t{1} << 62, q), nullptr);
  EXPECT_EQ(aligned_alloc_device(3, 64, q), nullptr);  // alignment not a power of two
}

TEST_P(queues, usm_unique_ptr_owns_and_moves) {
  // Shared, so that the host may read it on every device.
  auto p = make_shared_unique<int>(100, q);
  ASSERT_TRUE(p);
  EXPECT_EQ(p.size(), 100u);
  int* raw = p.get();
  q.parallel_for(range<1>{100}, COHORT_LAMBDA(id<1> i) { raw[i] = static_cast<int>(i[0]); }).wait();
  auto moved = std::move(p);
  EXPECT_FALSE(p);
  EXPECT_EQ(moved.data(), raw);
  EXPECT_EQ(moved[99], 99);
  int sum = 0;
  for (int v : moved) sum += v;
  EXPECT_EQ(sum, 99 * 100 / 2);
  EXPECT_EQ(get_pointer_type(raw, q.get_context()), usm::alloc::shared);
  moved.reset();
  EXPECT_EQ(get_pointer_type(raw, q.get_context()), usm::alloc::unknown);
  auto d = make_device_unique<int>(4, q);
  ASSERT_TRUE(d);
  int* draw = d.get();
  EXPECT_EQ(get_pointer_type(draw, q.get_context()), usm::alloc::device);
  d.reset();
  EXPECT_FALSE(d);
  EXPECT_EQ(get_pointer_type(draw, q.get_context()), usm::alloc::unknown);
}

// Bad input at submission: each throws the matching errc and the queue stays usable.
TEST_P(queues, invalid_nd_ranges_throw_at_submission) {
  auto expect_errc = [&](errc code, auto submit) {
    try {
      submit();
      ADD_FAILURE() << "no exception";
    } catch (const exception& e) {
      EXPECT_EQ(e.code(), code) << e.what();
    }
  };
  const auto max = GetParam().get_info<info::device::max_work_group_size>();
  expect_errc(errc::nd_range, [&] { q.parallel_for(nd_range<1>{100, 30}, COHORT_LAMBDA(nd_item<1>) {}); });
  expect_errc(errc::nd_range, [&] { q.parallel_for(nd_range<1>{100, 0}, COHORT_LAMBDA(nd_item<1>) {}); });
  expect_errc(errc::nd_range,
              [&] { q.parallel_for(nd_range<2>{range<2>{8, 0}, range<2>{0, 4}}, COHORT_LAMBDA(nd_item<2>) {}); });
  expect_errc(errc::nd_range, [&] { q.parallel_for(nd_range<1>{2 * (max + 1), max + 1}, COHORT_LAMBDA(nd_item<1>) {}); });
  expect_errc(errc::nd_range,
              [&] { q.parallel_for(nd_range<2>{range<2>{64, 64}, range<2>{64, 64}}, COHORT_LAMBDA(nd_item<2>) {}); });
  const auto local_limit = GetParam().get_info<info::device::local_mem_size>();
  expect_errc(errc::memory_allocation, [&] {
    q.submit([&](handler& h) {
      local_accessor<char, 1> too_big(range<1>{local_limit + 1}, h);
      h.parallel_for(nd_range<1>{64, 64}, COHORT_LAMBDA(nd_item<1>) { (void)too_big; });
    });
  });
  expect_errc(errc::kernel_not_supported, [&] {
    q.parallel_for(nd_range<1>{64, 64}, properties{sub_group_size<7>}, COHORT_LAMBDA(nd_item<1>) {});
  });
  expect_errc(errc::kernel_argument, [&] {
    q.submit([&](handler& h) {
      local_accessor<int, 1> acc(range<1>{4}, h);
      h.parallel_for(range<1>{4}, COHORT_LAMBDA(id<1>) { (void)acc; });
    });
  });
  // Sizes whose products wrap around size_t: never run as a small launch.
  constexpr std::size_t huge = (std::size_t{1} << 63) + 1, half_word = std::size_t{1} << 32;
  expect_errc(errc::nd_range, [&] { q.parallel_for(range<2>{huge, 2}, COHORT_LAMBDA(id<2>) {}); });
  expect_errc(errc::nd_range, [&] { q.parallel_for(range<3>{half_word, half_word, 4}, COHORT_LAMBDA(id<3>) {}); });
  expect_errc(errc::nd_range, [&] {
    q.parallel_for(nd_range<2>{range<2>{std::size_t{1} << 40, std::size_t{1} << 40}, range<2>{1, 1}},
                   COHORT_LAMBDA(nd_item<2>) {});
  });
  expect_errc(errc::nd_range, [&] {
    q.parallel_for(nd_range<2>{range<2>{half_word, half_word}, range<2>{half_word, half_word}}, COHORT_LAMBDA(nd_item<2>) {});
  });
  expect_errc(errc::nd_range, [&] {
    q.submit([&](handler& h) {
      h.parallel_for_work_group(range<2>{1, 1}, range<2>{half_word, half_word}, COHORT_LAMBDA(group<2>) {});
    });
  });
  expect_errc(errc::nd_range, [&] {
    q.submit([&](handler& h) {
      h.parallel_for_work_group(range<2>{half_word, half_word}, range<2>{1, 1}, COHORT_LAMBDA(group<2>) {});
    });
  });
  expect_errc(errc::nd_range, [&] {
    q.parallel(range<2>{1, 1}, range<2>{half_word, half_word}, COHORT_LAMBDA(scoped_group<2>) {});
  });
  expect_errc(errc::memory_allocation, [&] {
    q.submit([&](handler& h) {
      local_accessor<int, 2> wraps(range<2>{half_word, std::size_t{1} << 30}, h);  // 2^64 bytes
      h.parallel_for(nd_range<1>{64, 64}, COHORT_LAMBDA(nd_item<1>) { (void)wraps; });
    });
  });
  expect_errc(errc::memory_allocation, [&] {
    q.submit([&](handler& h) {
      local_accessor<char, 1> a(range<1>{local_limit / 2 + 1}, h), b(range<1>{local_limit / 2 + 1}, h);
      h.parallel_for(nd_range<1>{64, 64}, COHORT_LAMBDA(nd_item<1>) { (void)a, (void)b; });
    });
  });
  double d0 = 0, d1 = 0;
  expect_errc(errc::invalid, [&] { q.copy(&d0, &d1, (std::size_t{1} << 61) + 1); });
  // A kernel compiled for one work-group size runs with no other.
  expect_errc(errc::nd_range, [&] {
    q.parallel_for(nd_range<1>{64, 32}, properties{work_group_size<64>}, COHORT_LAMBDA(nd_item<1>) {});
  });
  expect_errc(errc::nd_range, [&] {
    q.parallel_for(nd_range<2>{range<2>{8, 8}, range<2>{8, 4}}, properties{work_group_size<4, 8>},
                   COHORT_LAMBDA(nd_item<2>) {});
  });
  // the queue still works
  shared_array<int> v(1, q, 0);
  int* pv = v.data();
  q.parallel_for(nd_range<2>{range<2>{8, 8}, range<2>{4, 8}}, properties{work_group_size<4, 8>},
                 COHORT_LAMBDA(nd_item<2> it) {
                   if (it.get_global_linear_id() == 63) *pv = 4;
                 })
      .wait_and_throw();
  EXPECT_EQ(v[0], 4);
  q.parallel_for(nd_range<1>{64, 64}, COHORT_LAMBDA(nd_item<1> it) {
     if (it.get_global_id(0) == 0) *pv = 5;
   }).wait_and_throw();
  EXPECT_EQ(v[0], 5);
}

// Device code cannot throw: the g++ build of this file tests this on the CPU.
#if !defined(__CUDACC__)
TEST_P(queues, exception_without_async_handler_is_rethrown_by_wait_and_throw) {
  q.single_task(COHORT_LAMBDA() { throw exception(errc::kernel, "from the kernel"); });
  try {
    q.wait_and_throw();
    FAIL() << "no exception";
  } catch (const exception& e) {
    EXPECT_EQ(e.code(), errc::kernel);
  }
  EXPECT_NO_THROW(q.wait_and_throw());  // reported once
}
#endif

COHORT_INSTANTIATE_ON_ALL_DEVICES(queues);
