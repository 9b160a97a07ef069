// The CUDA backend as a user meets it: GPUs listed with their properties, USM and copies
// between host and GPU, fills of any pattern, events and profiling, dependencies between
// GPU and CPU queues, the same kernel on a CPU queue and a GPU queue in one process, and
// the errors: kernels from a g++ translation unit, oversized work-groups and local
// memory, out of device memory, a kernel that fails on the device. Every test is skipped
// where there is no GPU; the g++ build of this file checks what a kernel compiled
// without nvcc does on a GPU queue.
#include <algorithm>
#include <cstdint>
#include <numeric>
#include <vector>

#include "support/devices.hpp"
#include "support/expect_errc.hpp"

using namespace cohort;

namespace {
std::vector<device> gpus() { return device::get_devices(info::device_type::gpu); }

#define COHORT_TEST_NEEDS_GPU()                                            \
  if (gpus().empty()) GTEST_SKIP() << "no GPU in this machine";           \
  static_assert(true)
// (In the helper functions below GTEST_SKIP returns from the helper, and the test then
// passes as skipped: the skip is recorded either way.)
}  // namespace

TEST(cuda_devices, described) {
  COHORT_TEST_NEEDS_GPU();
  for (const device& d : gpus()) {
    EXPECT_EQ(d.get_backend(), backend::cuda);
    EXPECT_TRUE(d.is_gpu());
    EXPECT_FALSE(d.get_info<info::device::name>().empty());
    EXPECT_GE(d.get_info<info::device::max_compute_units>(), 1u);
    EXPECT_EQ(d.get_info<info::device::max_work_group_size>(), 1024u);
    EXPECT_GE(d.get_info<info::device::local_mem_size>(), 48u * 1024);
    EXPECT_GT(d.get_info<info::device::global_mem_size>(), 0u);
    EXPECT_EQ(d.get_info<info::device::sub_group_sizes>(), std::vector<std::size_t>{32});
    EXPECT_EQ(d.get_info<info::device::max_work_item_sizes<3>>()[2], 1024u);  // CUDA's x
    EXPECT_EQ(d.get_platform().get_backend(), backend::cuda);
  }
  // The default selector prefers a GPU.
  EXPECT_TRUE(device{}.is_gpu());
}

TEST(cuda_usm, copies_between_host_device_and_shared_memory) {
  COHORT_TEST_NEEDS_GPU();
  queue q{gpu_selector_v};
  for (std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{1000}, std::size_t{1} << 22}) {
    std::vector<int> in(n), out(n, -1);
    std::iota(in.begin(), in.end(), 7);
    int* dev = malloc_device<int>(n, q);
    int* host = malloc_host<int>(n, q);
    int* shared = malloc_shared<int>(n, q);
    ASSERT_NE(dev, nullptr);
    EXPECT_EQ(get_pointer_type(dev, q.get_context()), usm::alloc::device);
    EXPECT_EQ(get_pointer_type(host, q.get_context()), usm::alloc::host);
    EXPECT_EQ(get_pointer_type(shared, q.get_context()), usm::alloc::shared);
    q.copy(in.data(), dev, n).wait_and_throw();      // host -> device
    q.copy(dev, shared, n).wait_and_throw();         // device -> shared
    q.copy(shared, host, n).wait_and_throw();        // shared -> pinned host
    q.copy(host, out.data(), n).wait_and_throw();    // pinned host -> host
    EXPECT_EQ(in, out) << n;
    q.memset(dev, 0, n * sizeof(int)).wait_and_throw();
    q.copy(dev, out.data(), n).wait_and_throw();
    EXPECT_TRUE(std::all_of(out.begin(), out.end(), [](int v) { return v == 0; })) << n;
    free(dev, q);
    free(host, q);
    free(shared, q);
  }
}

TEST(cuda_usm, fills_of_every_pattern_size) {
  COHORT_TEST_NEEDS_GPU();
  queue q{gpu_selector_v};
  struct twelve {
    std::int32_t a, b, c;
  };
  for (std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{7}, std::size_t{1000}, std::size_t{1 << 20} + 3}) {
    auto check = [&](auto pattern) {
      using T = decltype(pattern);
      T* dev = malloc_device<T>(n + 1, q);
      std::vector<T> out(n + 1);
      std::memset(out.data(), 0x5a, out.size() * sizeof(T));
      q.copy(out.data(), dev, n + 1).wait_and_throw();
      q.fill(dev, pattern, n).wait_and_throw();
      q.copy(dev, out.data(), n + 1).wait_and_throw();
      for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(std::memcmp(&out[i], &pattern, sizeof(T)), 0) << i << " of " << n;
      T guard;
      std::memset(&guard, 0x5a, sizeof(T));
      EXPECT_EQ(std::memcmp(&out[n], &guard, sizeof(T)), 0) << "past the end, n = " << n;
      free(dev, q);
    };
    check(std::uint8_t{0x37});
    check(std::uint16_t{0x1234});
    check(std::uint32_t{0xdeadbeef});
    check(std::uint32_t{0x77777777});  // equal bytes: one memset
    check(double{-1.5});
    check(twelve{1, -2, 3});
  }
}

TEST(cuda_usm, out_of_device_memory_gives_nullptr) {
  COHORT_TEST_NEEDS_GPU();
  queue q{gpu_selector_v};
  const std::size_t too_much = q.get_device().get_info<info::device::global_mem_size>() * 4;
  EXPECT_EQ(malloc_device(too_much, q), nullptr);
  EXPECT_EQ(malloc_shared(too_much, q), nullptr);
  // and the device still works afterwards
  int* p = malloc_device<int>(16, q);
  ASSERT_NE(p, nullptr);
  q.memset(p, 0, 64).wait_and_throw();
  free(p, q);
}

// Extended (__host__ __device__) lambdas need an enclosing function that is not a
// private member, as a test body is.
void bad_launches_throw_at_submission() {
  COHORT_TEST_NEEDS_GPU();
  queue q{gpu_selector_v};
  const std::size_t limit = q.get_device().get_info<info::device::local_mem_size>();
  auto code_of = [](auto&& submit) {
    try {
      submit();
    } catch (const exception& e) {
      return e.code();
    }
    return std::error_code{};
  };
  // More local memory than the device has.
  EXPECT_EQ(code_of([&] {
              q.submit([&](handler& h) {
                local_accessor<char, 1> big{range<1>{limit + 1}, h};
                h.parallel_for(nd_range<1>{64, 64}, COHORT_LAMBDA(nd_item<1> it) { big[it.get_local_id(0)] = 0; });
              });
            }),
            make_error_code(errc::memory_allocation));
  // A work-group over the device's limit.
  EXPECT_EQ(code_of([&] { q.parallel_for(nd_range<1>{2048, 2048}, COHORT_LAMBDA(nd_item<1>){}); }),
            make_error_code(errc::nd_range));
}
TEST(cuda_queues, bad_launches_throw_at_submission) { bad_launches_throw_at_submission(); }

#if defined(__CUDACC__)

void same_kernel_on_cpu_and_gpu() {
  COHORT_TEST_NEEDS_GPU();
  const std::size_t n = 3 * 256 + 256;
  std::vector<float> results[2];
  const device devices[2] = {device{cpu_selector_v}, device{gpu_selector_v}};
  for (int k = 0; k < 2; ++k) {
    queue q{devices[k]};
    float* x = malloc_shared<float>(n, q);
    for (std::size_t i = 0; i < n; ++i) x[i] = static_cast<float>(i % 97) * 0.5f;
    q.parallel_for(nd_range<1>{n, 256}, COHORT_LAMBDA(nd_item<1> it) {
       const auto g = it.get_group();
       const float v = x[it.get_global_id(0)];
       const float sum = reduce_over_group(g, v, plus<float>());
       const float scan = inclusive_scan_over_group(g, v, plus<float>());
       const float warp_max = reduce_over_group(it.get_sub_group(), v, maximum<float>());
       group_barrier(g);
       x[it.get_global_id(0)] = sum + scan + warp_max;
     }).wait_and_throw();
    results[k].assign(x, x + n);
    free(x, q);
  }
  for (std::size_t i = 0; i < n; ++i) EXPECT_NEAR(results[0][i], results[1][i], 1e-2f * results[0][i]) << i;
}
TEST(cuda_queues, same_kernel_on_cpu_and_gpu) { same_kernel_on_cpu_and_gpu(); }

void dependencies_across_gpu_and_cpu_queues() {
  COHORT_TEST_NEEDS_GPU();
  queue gpu{gpu_selector_v}, other_gpu{gpu_selector_v}, cpu{cpu_selector_v};
  const std::size_t n = 1 << 20;
  int* a = malloc_shared<int>(n, gpu);
  int* b = malloc_device<int>(n, gpu);
  for (int round = 0; round < 3; ++round) {
    event fill = gpu.parallel_for(range<1>{n}, COHORT_LAMBDA(id<1> i) { b[i[0]] = static_cast<int>(i[0]) + round; });
    event copy = other_gpu.submit([&](handler& h) {
      h.depends_on(fill);  // another stream: through a CUDA event
      h.memcpy(a, b, n * sizeof(int));
    });
    event host = cpu.submit([&](handler& h) {
      h.depends_on(copy);
      h.host_task([=] {
        for (std::size_t i = 0; i < n; ++i) a[i] += 1;
      });
    });
    event back = gpu.parallel_for(range<1>{n}, host, COHORT_LAMBDA(id<1> i) { a[i[0]] *= 2; });  // GPU after CPU
    back.wait_and_throw();
    for (std::size_t i = 0; i < n; i += 4099) ASSERT_EQ(a[i], 2 * (static_cast<int>(i) + round + 1)) << i;
  }
  free(a, gpu);
  free(b, gpu);
}
TEST(cuda_queues, dependencies_across_gpu_and_cpu_queues) { dependencies_across_gpu_and_cpu_queues(); }

/// Every GPU of the machine is a device of its own: each runs a range kernel, a kernel with
/// a reduction (whose grid the launcher sizes from that device's multiprocessors) and an
/// nd_range kernel with group collectives in its own memory, all in flight together; each
/// GPU's last kernel also adds a value that the previous GPU's first kernel wrote, so it
/// waits for that kernel on another device.
void every_gpu_runs_its_own_kernels_together() {
  COHORT_TEST_NEEDS_GPU();
  const std::vector<device> all = gpus();
  const std::size_t n = 100003, local = 128, groups = 37;
  struct on_gpu {
    queue q;
    int* values;      // device memory of this GPU
    int* seed;        // shared memory, written by this GPU's first kernel
    long* sum;        // shared memory
    int* group_sums;  // shared memory
    event filled;
  };
  std::vector<on_gpu> each;
  for (const device& d : all) {
    queue q{d};
    each.push_back({q, malloc_device<int>(n, q), malloc_shared<int>(1, q), malloc_shared<long>(1, q),
                    malloc_shared<int>(groups * local, q), {}});
  }
  auto scale = [](std::size_t k) { return static_cast<int>(k) + 1; };
  for (std::size_t k = 0; k < each.size(); ++k) {
    int* v = each[k].values;
    int* seed = each[k].seed;
    const int s = scale(k);
    each[k].filled = each[k].q.parallel_for(range<1>{n}, COHORT_LAMBDA(id<1> i) {
      v[i[0]] = static_cast<int>(i[0] % 1000) * s;
      if (i[0] == 0) seed[0] = 100000 * s;
    });
  }
  std::vector<event> done;
  for (std::size_t k = 0; k < each.size(); ++k) {
    const on_gpu& previous = each[(k + each.size() - 1) % each.size()];
    int* v = each[k].values;
    long* sum = each[k].sum;
    int* gs = each[k].group_sums;
    const int* previous_seed = previous.seed;
    event reduced = each[k].q.submit([&](handler& h) {
      h.depends_on(each[k].filled);
      h.parallel_for(range<1>{n}, reduction(sum, plus<long>(), property::reduction::initialize_to_identity{}),
                     COHORT_LAMBDA(id<1> i, reducer<long, plus<long>>& total) { total += v[i[0]]; });
    });
    done.push_back(each[k].q.submit([&](handler& h) {
      h.depends_on({reduced, previous.filled});
      h.parallel_for(nd_range<1>{groups * local, local}, COHORT_LAMBDA(nd_item<1> it) {
        const int x = v[it.get_global_id(0)];
        gs[it.get_global_id(0)] = reduce_over_group(it.get_group(), x, plus<int>()) + previous_seed[0];
      });
    }));
  }
  for (event& e : done) e.wait_and_throw();
  for (std::size_t k = 0; k < each.size(); ++k) {
    const long s = scale(k), previous_seed = 100000L * scale((k + each.size() - 1) % each.size());
    long expected = 0;
    for (std::size_t i = 0; i < n; ++i) expected += static_cast<long>(i % 1000) * s;
    EXPECT_EQ(*each[k].sum, expected) << "GPU " << k;
    for (std::size_t g = 0; g < groups; ++g) {
      long group = previous_seed;
      for (std::size_t i = g * local; i < (g + 1) * local; ++i) group += static_cast<long>(i % 1000) * s;
      ASSERT_EQ(each[k].group_sums[g * local], group) << "GPU " << k << " group " << g;
      ASSERT_EQ(each[k].group_sums[g * local + local - 1], group) << "GPU " << k << " group " << g;
    }
    EXPECT_EQ(each[k].q.get_device(), all[k]);
  }
  for (on_gpu& g : each) {
    free(g.values, g.q);
    free(g.seed, g.q);
    free(g.sum, g.q);
    free(g.group_sums, g.q);
  }
}
TEST(cuda_queues, every_gpu_runs_its_own_kernels_together) { every_gpu_runs_its_own_kernels_together(); }

void in_order_queue_and_profiling() {
  COHORT_TEST_NEEDS_GPU();
  queue q{gpu_selector_v, property_list{property::queue::in_order{}, property::queue::enable_profiling{}}};
  const std::size_t n = 1 << 22;
  float* x = malloc_device<float>(n, q);
  event first = q.parallel_for(range<1>{n}, COHORT_LAMBDA(id<1> i) { x[i[0]] = 1.0f; });
  event last;
  for (int k = 0; k < 10; ++k) last = q.parallel_for(range<1>{n}, COHORT_LAMBDA(id<1> i) { x[i[0]] += 1.0f; });
  last.wait_and_throw();
  float probe[3];
  q.copy(x, probe, 1).wait();
  q.copy(x + n / 2, probe + 1, 1).wait();
  q.copy(x + n - 1, probe + 2, 1).wait();
  for (float v : probe) EXPECT_EQ(v, 11.0f);
  const auto submit = first.get_profiling_info<info::event_profiling::command_submit>();
  const auto start = first.get_profiling_info<info::event_profiling::command_start>();
  const auto end = first.get_profiling_info<info::event_profiling::command_end>();
  EXPECT_LE(start, end);
  EXPECT_GT(end, start);  // 16 MB written take some time
  EXPECT_LE(submit, end);
  EXPECT_LE(end, last.get_profiling_info<info::event_profiling::command_end>());
  free(x, q);
}
TEST(cuda_queues, in_order_queue_and_profiling) { in_order_queue_and_profiling(); }

/// CUDA work on the stream of get_native runs in order with the queue's commands.
void native_stream_orders_with_the_queue() {
  COHORT_TEST_NEEDS_GPU();
  queue q{gpu_selector_v};
  cudaStream_t stream = get_native<backend::cuda>(q);
  ASSERT_NE(stream, nullptr);
  const std::size_t n = 1 << 20;
  int* x = malloc_device<int>(n, q);
  q.parallel_for(range<1>{n}, COHORT_LAMBDA(id<1> i) { x[i[0]] = 1; });
  ASSERT_EQ(cudaMemsetAsync(x, 0, n / 2 * sizeof(int), stream), cudaSuccess);
  q.parallel_for(range<1>{n}, COHORT_LAMBDA(id<1> i) { x[i[0]] += 1; });
  std::vector<int> got(n);
  q.copy(x, got.data(), n).wait_and_throw();
  for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(got[i], i < n / 2 ? 1 : 2) << "at " << i;
  free(x, q);
  queue cpu{cpu_selector_v};
  cohort_test::expect_errc([&] { (void)get_native<backend::cuda>(cpu); }, errc::backend_mismatch);
}
TEST(cuda_queues, native_stream_orders_with_the_queue) { native_stream_orders_with_the_queue(); }

/// Last in this file: a trapped kernel leaves the CUDA context unusable for the tests after it.
void a_failing_kernel_reaches_wait_and_throw() {
  COHORT_TEST_NEEDS_GPU();
  bool handled = false;
  queue q{gpu_selector_v, [&](exception_list errors) {
            for (const auto& e : errors) {
              try {
                std::rethrow_exception(e);
              } catch (const exception& x) {
                handled = std::string(x.what()).find("CUDA error") != std::string::npos;
              }
            }
          }};
  q.single_task(COHORT_LAMBDA() {
#if defined(__CUDA_ARCH__)
    __trap();
#endif
  });
  q.wait_and_throw();
  EXPECT_TRUE(handled);
}
TEST(cuda_queues, a_failing_kernel_reaches_wait_and_throw) { a_failing_kernel_reaches_wait_and_throw(); }


#else  // a translation unit compiled without nvcc

TEST(cuda_queues, kernels_compiled_without_nvcc_are_refused) {
  COHORT_TEST_NEEDS_GPU();
  queue q{gpu_selector_v};
  try {
    q.parallel_for(range<1>{16}, [](id<1>) {});
    FAIL() << "no exception";
  } catch (const exception& e) {
    EXPECT_EQ(e.code(), errc::kernel_not_supported);
    EXPECT_NE(std::string(e.what()).find("nvcc"), std::string::npos) << e.what();
  }
}

#endif
