// The CPU compiler pass (compiler/cbs/): nd_range kernels with barriers run as loops over
// the work-items. Every kernel here runs twice in the same program, as the pass's loops and
// on fibers (cbs::set_loops_enabled), and both must give the same results as a host model.
// Built without the pass (g++, or clang++ without COHORT_CPU_COMPILER_PASS, or unoptimised,
// where the pass declines every kernel) both runs are on fibers, and the tests check that.
// The fiber switch counter tells which way a kernel ran.
#include <algorithm>
#include <cmath>
#include <functional>
#include <string>
#include <cstdint>
#include <numeric>
#include <stdexcept>
#include <type_traits>
#include <vector>

#include <cohort/backend/cpu/compiler_pass.hpp>
#include <cohort/backend/cpu/fiber_engine.hpp>

#include "support/devices.hpp"

using cohort_test::on_device;
using cohort_test::shared_array;
using namespace cohort;
namespace cbs = cohort::backends::cpu::cbs;

namespace {

/// Whether the pass transforms kernels in this build: clang++ with the plugin, optimised.
#if COHORT_CBS && defined(__OPTIMIZE__)
constexpr bool transformed = true;
#else
constexpr bool transformed = false;
#endif

std::uint64_t switches() { return backends::cpu::fiber_engine::process_switch_count(); }

class compiler_pass : public on_device {
protected:
  /// Runs `run()` (which submits and waits) as loops and on fibers; `expect_loops` says
  /// whether the pass should have transformed the kernel in a build with the pass.
  template <typename Run, typename Check>
  void both_ways(Run&& run, Check&& check, bool expect_loops = true) {
    COHORT_SKIP_UNLESS_CPU(q, "the CPU backend's compiler pass");
    for (bool loops : {true, false}) {
      SCOPED_TRACE(loops ? "loops" : "fibers");
      cbs::set_loops_enabled(loops);
      const std::uint64_t before = switches();
      try {
        run();
      } catch (...) {
        cbs::set_loops_enabled(true);
        throw;
      }
      const std::uint64_t used = switches() - before;
      cbs::set_loops_enabled(true);
      if (loops && transformed && expect_loops)
        EXPECT_EQ(used, 0u) << "the kernel ran on fibers although the pass should have transformed it";
      else
        EXPECT_GT(used, 0u) << "the kernel did not run on fibers";
      check();
    }
  }
  /// both_ways, except for groups of one item, which never switch fibers: those run once,
  /// as loops where the pass transformed the kernel.
  template <typename Run, typename Check>
  void one_item_or_both_ways(std::size_t local, Run&& run, Check&& check) {
    if (local > 1) return both_ways(run, check);
    COHORT_SKIP_UNLESS_CPU(q, "the CPU backend's compiler pass");
    run();
    check();
  }
};

// The barrier benchmark's kernel: a barrier in a loop, two buffers alternating.
TEST_P(compiler_pass, barrier_in_a_loop) {
  for (std::size_t local : {2u, 7u, 64u, 256u}) {
    const std::size_t groups = 5, n = groups * local, steps = 9;
    shared_array<std::uint32_t> out(n, q, 0);
    std::uint32_t* o = out.data();
    both_ways(
        [&] {
          q.submit([&](handler& h) {
             local_accessor<std::uint32_t, 1> buf(range<1>{2 * local}, h);
             h.parallel_for(nd_range<1>{n, local}, COHORT_LAMBDA(nd_item<1> it) {
               const std::size_t lid = it.get_local_id(0);
               std::uint32_t value = static_cast<std::uint32_t>(it.get_global_id(0) * 7);
               for (std::size_t k = 0; k < steps; ++k) {
                 const std::size_t b = (k & 1) * local;
                 buf[b + lid] = value;
                 group_barrier(it.get_group());
                 value = buf[b + (lid + 1) % local] + 1;
               }
               o[it.get_global_id(0)] = value;
             });
           }).wait_and_throw();
        },
        [&] {
          for (std::size_t i = 0; i < n; ++i) {
            const std::size_t base = i - i % local;
            ASSERT_EQ(out[i], static_cast<std::uint32_t>((base + (i % local + steps) % local) * 7 + steps)) << i;
          }
        });
  }
}

// SYCL-Bench's tree reduction in local memory: a barrier in a loop whose trip count the
// items share, and a leader's write after it.
TEST_P(compiler_pass, tree_reduction_in_local_memory) {
  for (std::size_t local : {2u, 128u, 1024u}) {
    const std::size_t groups = 6, n = groups * local;
    shared_array<float> in(n, q, 0.0f), out(groups, q, -1.0f);
    for (std::size_t i = 0; i < n; ++i) in[i] = static_cast<float>(i % 13);
    const float* x = in.data();
    float* o = out.data();
    both_ways(
        [&] {
          q.submit([&](handler& h) {
             local_accessor<float, 1> scratch(range<1>{local}, h);
             h.parallel_for(nd_range<1>{n, local}, COHORT_LAMBDA(nd_item<1> it) {
               const std::size_t lid = it.get_local_id(0);
               scratch[lid] = x[it.get_global_id(0)];
               for (std::size_t half = local / 2; half > 0; half /= 2) {
                 group_barrier(it.get_group());
                 if (lid < half) scratch[lid] += scratch[lid + half];
               }
               if (lid == 0) o[it.get_group(0)] = scratch[0];
             });
           }).wait_and_throw();
        },
        [&] {
          for (std::size_t g = 0; g < groups; ++g) {
            float sum = 0;
            for (std::size_t i = 0; i < local; ++i) sum += in[g * local + i];
            ASSERT_EQ(out[g], sum) << g;
          }
        });
  }
}

// SYCL-Bench's form of the tree: the last group only partly covers the input (`gid < n`),
// and the tree's steps and the load test the local id against a bound the same for all
// items, which the pass turns into loops over the items on either side of the bound.
TEST_P(compiler_pass, tree_reduction_over_a_partial_range) {
  for (std::size_t local : {1u, 4u, 64u, 256u}) {
    const std::size_t groups = 5, size = groups * local - local / 2 - (local > 1 ? 1 : 0);
    shared_array<int> in(groups * local, q, 0), out(groups, q, -1);
    for (std::size_t i = 0; i < size; ++i) in[i] = static_cast<int>(i % 11) - 3;
    const int* x = in.data();
    int* o = out.data();
    one_item_or_both_ways(
        local,
        [&] {
          q.submit([&](handler& h) {
             local_accessor<int, 1> scratch(range<1>{local}, h);
             h.parallel_for(nd_range<1>{groups * local, local}, COHORT_LAMBDA(nd_item<1> it) {
               const std::size_t lid = it.get_local_id(0), gid = it.get_global_id(0);
               scratch[lid] = gid < size ? x[gid] : 100;
               for (std::size_t half = local / 2; half > 0; half /= 2) {
                 group_barrier(it.get_group());
                 if (lid >= half) continue;
                 scratch[lid] += scratch[lid + half];
               }
               group_barrier(it.get_group());
               if (lid == 0) o[it.get_group(0)] = scratch[0];
             });
           }).wait_and_throw();
        },
        [&] {
          for (std::size_t g = 0; g < groups; ++g) {
            int sum = 0;
            for (std::size_t i = g * local; i < (g + 1) * local; ++i) sum += i < size ? in[i] : 100;
            ASSERT_EQ(out[g], sum) << "local " << local << ", group " << g;
            out[g] = -1;
          }
        });
  }
}

// Completions that may combine in any order (integer minima, bitwise operations, products,
// booleans) and the scans of integers, at group sizes that leave remainders to every
// vectorised loop, and a group of one item.
TEST_P(compiler_pass, reorderable_completions) {
  for (std::size_t local : {1u, 7u, 13u, 64u, 200u}) {
    const std::size_t groups = 3, n = groups * local, results = 9;
    shared_array<std::int64_t> out(n * results, q, 0);
    std::int64_t* o = out.data();
    auto value = [](std::size_t i) { return static_cast<std::int32_t>((i * 37) % 29) - 9; };
    one_item_or_both_ways(
        local,
        [&] {
          q.parallel_for(nd_range<1>{n, local}, COHORT_LAMBDA(nd_item<1> it) {
             const auto g = it.get_group();
             const std::size_t i = it.get_global_id(0);
             const std::int32_t x = value(i);
             const std::int32_t m = reduce_over_group(g, x, minimum<>());
             const std::int32_t b = reduce_over_group(g, x, bit_xor<>());
             const std::int32_t p = reduce_over_group(g, x > 0 ? 1 : -1, multiplies<>());
             const bool any = any_of_group(g, x > 17);
             const bool all = all_of_group(g, x > -9);
             const bool none = none_of_group(g, it.get_local_id(0) == 5);
             const std::int32_t inc = inclusive_scan_over_group(g, x, plus<>());
             const std::int32_t exc = exclusive_scan_over_group(g, x, std::int32_t{5}, plus<>());
             const std::int32_t mx = inclusive_scan_over_group(g, x, maximum<>());
             std::int64_t* r = o + i * results;
             r[0] = m;
             r[1] = b;
             r[2] = p;
             r[3] = any;
             r[4] = all;
             r[5] = none;
             r[6] = inc;
             r[7] = exc;
             r[8] = mx;
           }).wait_and_throw();
        },
        [&] {
          for (std::size_t g = 0; g < groups; ++g) {
            std::int32_t m = value(g * local), b = 0, p = 1, inc = 0, exc = 5, mx = value(g * local);
            bool any = false, all = true, none = true;
            for (std::size_t l = 0; l < local; ++l) {
              const std::int32_t x = value(g * local + l);
              m = std::min(m, x);
              b ^= x;
              p *= x > 0 ? 1 : -1;
              any = any || x > 17;
              all = all && x > -9;
              none = none && l != 5;
            }
            for (std::size_t l = 0; l < local; ++l) {
              const std::size_t i = g * local + l;
              const std::int32_t x = value(i);
              inc += x;
              mx = std::max(mx, x);
              const std::int64_t expected[results] = {m, b, p, any, all, none, inc, exc, mx};
              for (std::size_t k = 0; k < results; ++k)
                ASSERT_EQ(out[i * results + k], expected[k]) << "local " << local << ", item " << i << ", result " << k;
              exc += x;
            }
          }
        });
  }
}

// The group algorithms in a loop, each result feeding the next call.
TEST_P(compiler_pass, collectives_in_a_loop) {
  const std::size_t local = 96, groups = 4, n = local * groups, rounds = 6;
  shared_array<long> out(n * 4, q, 0);
  long* o = out.data();
  auto kernel = COHORT_LAMBDA(nd_item<1> it) {
    const auto g = it.get_group();
    long x = static_cast<long>(it.get_global_id(0) % 17);
    long sum = 0, inc = 0, exc = 0, from_first = 0;
    for (std::size_t r = 0; r < rounds; ++r) {
      sum = reduce_over_group(g, x, plus<>());
      inc = inclusive_scan_over_group(g, x, plus<>());
      exc = exclusive_scan_over_group(g, x, long{3}, plus<>());
      from_first = group_broadcast(g, x + static_cast<long>(r));
      x = (x + sum + inc) % 23;
    }
    const std::size_t i = it.get_global_id(0);
    o[4 * i] = sum;
    o[4 * i + 1] = inc;
    o[4 * i + 2] = exc;
    o[4 * i + 3] = from_first;
  };
  std::vector<long> expected(n * 4);
  for (std::size_t g = 0; g < groups; ++g) {
    std::vector<long> x(local);
    for (std::size_t l = 0; l < local; ++l) x[l] = static_cast<long>((g * local + l) % 17);
    for (std::size_t r = 0; r < rounds; ++r) {
      const long sum = std::accumulate(x.begin(), x.end(), 0L);
      long inc = 0, exc = 3;
      const long first = x[0] + static_cast<long>(r);
      for (std::size_t l = 0; l < local; ++l) {
        const std::size_t i = g * local + l;
        inc += x[l];
        expected[4 * i] = sum;
        expected[4 * i + 1] = inc;
        expected[4 * i + 2] = exc;
        expected[4 * i + 3] = first;
        exc += x[l];
        x[l] = (x[l] + sum + inc) % 23;
      }
    }
  }
  both_ways([&] { q.parallel_for(nd_range<1>{n, local}, kernel).wait_and_throw(); },
            [&] { ASSERT_EQ(out.to_vector(), expected); });
}

// A collective in a function of the user's that the compiler would not inline by itself:
// the pass inlines every call that reaches a barrier.
[[gnu::noinline]] float group_mean(const group<1>& g, float x) {
  return reduce_over_group(g, x, plus<>()) / static_cast<float>(g.get_local_linear_range());
}

TEST_P(compiler_pass, collective_in_a_called_function) {
  const std::size_t local = 64, n = local * 3;
  shared_array<float> out(n, q, 0.0f);
  float* o = out.data();
  both_ways(
      [&] {
        q.parallel_for(nd_range<1>{n, local}, COHORT_LAMBDA(nd_item<1> it) {
           const float x = static_cast<float>(it.get_local_id(0) % 4);
           o[it.get_global_id(0)] = x - group_mean(it.get_group(), x);
         }).wait_and_throw();
      },
      [&] {
        for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(out[i], static_cast<float>(i % 4) - 1.5f) << i;
      });
}

namespace {
/// Values an item deposits for a collective and uses after it: the pass reads such a value
/// back from the item's deposit where nothing overwrites the deposit in between, and keeps
/// it in a slot of the item's where something may (the deposits of a collective of another
/// type, or of another value of the same type, before the use; a deposit on only some ways).
/// Every value stays a small integer, exact in floating point in any order of summation.
template <typename T>
struct deposited_values {
  static constexpr std::size_t rounds = 5, outputs = 6;
  const T* in;
  double* out;

  static T threshold(std::size_t lid) { return static_cast<T>(static_cast<int>(lid * 5 % 16) - 8); }
  static T mod3(T v) { return static_cast<T>(static_cast<long long>(v) % 3); }

  template <int D>
  void operator()(nd_item<D> it) const {
    const auto g = it.get_group();
    const std::size_t lid = it.get_local_linear_id(), gid = it.get_global_linear_id();
    const std::size_t count = g.get_local_linear_range();
    const T t = threshold(lid);
    T x = in[gid], y = static_cast<T>(lid % 3), z = static_cast<T>(lid % 5);
    T p{};
    double d = 0;
    for (std::size_t k = 0; k < rounds; ++k) {
      // x: read back after the sum, and after the scan (whose results lie apart).
      const T s = reduce_over_group(g, x, plus<>());
      x = s > t ? x - T(1) : x + T(1);
      p = inclusive_scan_over_group(g, x, plus<>());
      x = x + (p > s ? T(1) : T(-1));
      // y: a collective of doubles deposits before y's use (for T = double, another value
      // in the same place).
      const T m = reduce_over_group(g, y, maximum<>());
      d = reduce_over_group(g, static_cast<double>(x) * 0.5, plus<>());
      y = y + (m > T(2) ? T(-1) : T(1)) + mod3(static_cast<T>(d));
      // z: deposited on even rounds only; then in a broadcast's request beside its source.
      const T q = k % 2 == 0 ? reduce_over_group(g, z, minimum<>()) : reduce_over_group(g, z + y, minimum<>());
      z = z + mod3(q);
      const T f = group_broadcast(g, z, (k * 7) % count);
      z = z - mod3(f) + T(1);
    }
    double* o = out + gid * outputs;
    o[0] = static_cast<double>(x);
    o[1] = static_cast<double>(y);
    o[2] = static_cast<double>(z);
    o[3] = static_cast<double>(p);
    o[4] = d;
    o[5] = static_cast<double>(t);
  }

  /// The same steps for one group, whose items' global linear ids are `ids` in local
  /// linear order.
  static void model(const T* in, double* out, const std::vector<std::size_t>& ids) {
    const std::size_t count = ids.size();
    std::vector<T> x(count), y(count), z(count), p(count);
    double d = 0;
    for (std::size_t l = 0; l < count; ++l) {
      x[l] = in[ids[l]];
      y[l] = static_cast<T>(l % 3);
      z[l] = static_cast<T>(l % 5);
    }
    for (std::size_t k = 0; k < rounds; ++k) {
      T s = 0;
      for (std::size_t l = 0; l < count; ++l) s += x[l];
      T acc = 0;
      for (std::size_t l = 0; l < count; ++l) {
        x[l] = s > threshold(l) ? x[l] - T(1) : x[l] + T(1);
        acc += x[l];
        p[l] = acc;
        x[l] = x[l] + (p[l] > s ? T(1) : T(-1));
      }
      const T m = *std::max_element(y.begin(), y.end());
      d = 0;
      for (std::size_t l = 0; l < count; ++l) d += static_cast<double>(x[l]) * 0.5;
      for (std::size_t l = 0; l < count; ++l) y[l] = y[l] + (m > T(2) ? T(-1) : T(1)) + mod3(static_cast<T>(d));
      T q = k % 2 == 0 ? z[0] : z[0] + y[0];
      for (std::size_t l = 0; l < count; ++l) q = std::min(q, k % 2 == 0 ? z[l] : z[l] + y[l]);
      for (std::size_t l = 0; l < count; ++l) z[l] = z[l] + mod3(q);
      const T f = z[(k * 7) % count];
      for (std::size_t l = 0; l < count; ++l) z[l] = z[l] - mod3(f) + T(1);
    }
    for (std::size_t l = 0; l < count; ++l) {
      double* o = out + ids[l] * outputs;
      o[0] = static_cast<double>(x[l]);
      o[1] = static_cast<double>(y[l]);
      o[2] = static_cast<double>(z[l]);
      o[3] = static_cast<double>(p[l]);
      o[4] = d;
      o[5] = static_cast<double>(threshold(l));
    }
  }
};
}  // namespace

// Values used after the collective they were deposited for, in groups of odd sizes (rows
// left partial by the vector loops, the last item apart), of one item, and of two
// dimensions (rows of items, a last row short of the item that runs apart).
TEST_P(compiler_pass, deposited_values_used_after_the_collective) {
  auto check_type = [&]<typename T>(T) {
    SCOPED_TRACE(sizeof(T) == 8 ? "double" : std::is_integral_v<T> ? "int32" : "float");
    // global: the kernel's range; local: its groups' (as two dimensions, the first 1 for
    // one-dimensional groups).
    auto run_case = [&](range<2> global, range<2> local, auto launch) {
      const std::size_t n = global.size(), outputs = deposited_values<T>::outputs;
      shared_array<T> in(n, q, T(0));
      for (std::size_t i = 0; i < n; ++i) in[i] = static_cast<T>(static_cast<int>((i * 7) % 17) - 8);
      shared_array<double> out(n * outputs, q, -1.0);
      std::vector<double> expected(n * outputs);
      for (std::size_t gr = 0; gr < global[0] / local[0]; ++gr)
        for (std::size_t gc = 0; gc < global[1] / local[1]; ++gc) {
          std::vector<std::size_t> ids;
          for (std::size_t i = 0; i < local[0]; ++i)
            for (std::size_t j = 0; j < local[1]; ++j) ids.push_back((gr * local[0] + i) * global[1] + gc * local[1] + j);
          deposited_values<T>::model(in.data(), expected.data(), ids);
        }
      const deposited_values<T> kernel{in.data(), out.data()};
      one_item_or_both_ways(
          local.size(), [&] { launch(kernel); },
          [&] {
            for (std::size_t i = 0; i < n * outputs; ++i)
              ASSERT_EQ(out[i], expected[i]) << "item " << i / outputs << ", output " << i % outputs;
          });
    };
    for (std::size_t local : {1u, 2u, 7u, 13u, 33u, 100u, 255u, 256u}) {
      SCOPED_TRACE("groups of " + std::to_string(local));
      run_case(range<2>{1, 3 * local}, range<2>{1, local}, [&](const deposited_values<T>& k) {
        q.parallel_for(nd_range<1>{3 * local, local}, k).wait_and_throw();
      });
    }
    for (const range<2> local : {range<2>{3, 5}, range<2>{4, 16}, range<2>{2, 24}}) {
      SCOPED_TRACE("groups of " + std::to_string(local[0]) + " x " + std::to_string(local[1]));
      const range<2> global{local[0] * 2, local[1] * 2};
      run_case(global, local, [&](const deposited_values<T>& k) { q.parallel_for(nd_range<2>{global, local}, k).wait_and_throw(); });
    }
  };
  check_type(std::int32_t{});
  check_type(float{});
  check_type(double{});
}

namespace {
/// The group-algorithm benchmark's shape: a kernel loop around a collective whose result every
/// item uses and whose deposit every item reads back, the loop's test after the collective.
/// The loop's counter, and `u` (updated on some rounds, in a branch that all items take
/// together), are the same for all items and live across the barriers. With `Until`, the
/// kernel also leaves the loop on a test of the collective's result. Every value stays a
/// small integer, exact in floating point in any order of summation.
template <typename T, bool Until>
struct collective_loop {
  static constexpr std::size_t rounds = 37;
  const T* in;
  T* out_x;
  T* out_r;
  long long* out_u;

  static T threshold(std::size_t lid) { return static_cast<T>(static_cast<int>(lid * 5 % 16) - 8); }
  static T step(T x, T r, T t) { return r > t ? x - T(1) : x + T(1); }
  static long long next_u(long long u, std::size_t k) { return k % 3 == 0 ? (u * 3 + static_cast<long long>(k)) % 1000003 : u; }
  static bool leaves(T r, std::size_t k) {
    return Until && ((static_cast<long long>(r) % 11 + 11) % 11) == static_cast<long long>(k % 11);
  }

  void operator()(nd_item<1> it) const {
    const auto g = it.get_group();
    const std::size_t gid = it.get_global_id(0);
    const T t = threshold(it.get_local_id(0));
    T x = in[gid], r{};
    long long u = 1;
    for (std::size_t k = 0; k < rounds; ++k) {
      r = reduce_over_group(g, x, plus<T>());
      x = step(x, r, t);
      u = next_u(u, k);
      if (leaves(r, k)) break;
    }
    out_x[gid] = x;
    out_r[gid] = r;
    out_u[gid] = u;
  }

  /// The same steps for the group of `count` items from `base`, serially.
  static void model(const T* in, T* out_x, T* out_r, long long* out_u, std::size_t base, std::size_t count) {
    std::vector<T> x(in + base, in + base + count);
    T r{};
    long long u = 1;
    for (std::size_t k = 0; k < rounds; ++k) {
      r = T(0);
      for (std::size_t l = 0; l < count; ++l) r += x[l];
      for (std::size_t l = 0; l < count; ++l) x[l] = step(x[l], r, threshold(l));
      u = next_u(u, k);
      if (leaves(r, k)) break;
    }
    for (std::size_t l = 0; l < count; ++l) {
      out_x[base + l] = x[l];
      out_r[base + l] = r;
      out_u[base + l] = u;
    }
  }
};
}  // namespace

// A collective in a kernel loop whose result and deposit every item uses, in groups of odd
// and even sizes around the vector widths and 256: the pass loops over every item and
// replays the last item's way out of the loop after it (from the counter alone), or, where
// the way out depends on the collective's result, runs the last item apart.
TEST_P(compiler_pass, collective_result_and_deposit_used_by_every_item) {
  auto check = [&]<typename T, bool Until>(T, std::bool_constant<Until>) {
    SCOPED_TRACE(std::string(sizeof(T) == 8 ? "double" : std::is_integral_v<T> ? "int32" : "float") +
                 (Until ? ", leaving on the result" : ", leaving on the counter"));
    for (std::size_t local : {1u, 2u, 3u, 7u, 8u, 16u, 17u, 31u, 64u, 65u, 100u, 255u, 256u, 257u, 1024u}) {
      SCOPED_TRACE("groups of " + std::to_string(local));
      const std::size_t groups = 3, n = groups * local;
      shared_array<T> in(n, q, T(0)), out_x(n, q, T(-100)), out_r(n, q, T(-100));
      shared_array<long long> out_u(n, q, -1);
      for (std::size_t i = 0; i < n; ++i) in[i] = static_cast<T>(static_cast<int>((i * 7) % 17) - 8);
      std::vector<T> expect_x(n), expect_r(n);
      std::vector<long long> expect_u(n);
      for (std::size_t gr = 0; gr < groups; ++gr)
        collective_loop<T, Until>::model(in.data(), expect_x.data(), expect_r.data(), expect_u.data(), gr * local, local);
      const collective_loop<T, Until> kernel{in.data(), out_x.data(), out_r.data(), out_u.data()};
      one_item_or_both_ways(
          local, [&] { q.parallel_for(nd_range<1>{n, local}, kernel).wait_and_throw(); },
          [&] {
            for (std::size_t i = 0; i < n; ++i) {
              ASSERT_EQ(out_x[i], expect_x[i]) << i;
              ASSERT_EQ(out_r[i], expect_r[i]) << i;
              ASSERT_EQ(out_u[i], expect_u[i]) << i;
            }
          });
    }
  };
  check(std::int32_t{}, std::false_type{});
  check(std::int32_t{}, std::true_type{});
  check(float{}, std::false_type{});
  check(float{}, std::true_type{});
  check(double{}, std::false_type{});
}

namespace {
/// The documented order of a floating-point group reduction (detail/reduce_lanes.hpp),
/// written again here from its description: item i into lane i % L (L = 128 / sizeof(T)),
/// each lane in ascending id, then the lanes halved (lane j op lane j + h), skipping lanes
/// without items.
template <typename T, typename Op>
T reduce_in_documented_order(const std::vector<T>& x, Op op) {
  const std::size_t lanes = 128 / sizeof(T), n = x.size();
  std::vector<T> lane(lanes);
  for (std::size_t i = 0; i < n; ++i) lane[i % lanes] = i < lanes ? x[i] : op(lane[i % lanes], x[i]);
  for (std::size_t h = lanes / 2; h >= 1; h /= 2)
    for (std::size_t j = 0; j < h; ++j)
      if (j + h < n) lane[j] = op(lane[j], lane[j + h]);
  return lane[0];
}

/// Values whose sum depends on the order: magnitudes from 2^-20 to 2^20 and both signs.
template <typename T>
T order_sensitive_value(std::size_t i) {
  const int e = static_cast<int>((i * 7) % 41) - 20;
  const T sign = (i * 5) % 3 == 0 ? T(-1) : T(1);
  return sign * std::ldexp(T(1) + static_cast<T>(i % 13) / T(16), e);
}
}  // namespace

// Floating-point reductions combine in one fixed order, the same bits as loops and on
// fibers, in groups of one or two dimensions.
TEST_P(compiler_pass, floating_point_reduction_in_the_documented_order) {
  auto check_type = [&]<typename T>(T) {
    for (std::size_t rows : {1u, 4u})
      for (std::size_t local : {1u, 5u, 16u, 31u, 33u, 64u, 100u, 256u}) {
        if (rows * local > 1024 || (rows > 1 && local < 16)) continue;
        const std::size_t group = rows * local, groups = 3, n = group * groups;
        shared_array<T> in(n, q, T(0)), sums(n, q, T(0)), products(n, q, T(0));
        for (std::size_t i = 0; i < n; ++i) in[i] = order_sensitive_value<T>(i);
        const T* src = in.data();
        T* s = sums.data();
        T* p = products.data();
        std::vector<T> expected_sum(groups), expected_product(groups);
        for (std::size_t g = 0; g < groups; ++g) {
          // In local linear id order: row by row of the group's columns.
          std::vector<T> x(group), scaled(group);
          for (std::size_t r = 0; r < rows; ++r)
            for (std::size_t c = 0; c < local; ++c) x[r * local + c] = src[r * (n / rows) + g * local + c];
          for (std::size_t i = 0; i < group; ++i) scaled[i] = T(1) + x[i] / T(1 << 30);
          expected_sum[g] = reduce_in_documented_order(x, std::plus<T>());
          expected_product[g] = reduce_in_documented_order(scaled, std::multiplies<T>());
        }
        SCOPED_TRACE(std::to_string(sizeof(T)) + "-byte values, groups of " + std::to_string(rows) + " x " +
                     std::to_string(local));
        auto kernel = COHORT_LAMBDA(nd_item<2> it) {
          const std::size_t i = it.get_global_linear_id();
          const T x = src[i];
          s[i] = reduce_over_group(it.get_group(), x, plus<T>());
          p[i] = reduce_over_group(it.get_group(), T(1) + x / T(1 << 30), multiplies<>());
        };
        one_item_or_both_ways(
            group, [&] { q.parallel_for(nd_range<2>{{rows, n / rows}, {rows, local}}, kernel).wait_and_throw(); },
            [&] {
              for (std::size_t i = 0; i < n; ++i) {
                const std::size_t g = (i % (n / rows)) / local;
                ASSERT_EQ(sums[i], expected_sum[g]) << i;
                ASSERT_EQ(products[i], expected_product[g]) << i;
              }
            });
      }
  };
  check_type(0.0f);
  check_type(0.0);
}

// An array of each item's own, indexed at run time and alive across barriers.
TEST_P(compiler_pass, private_arrays_across_barriers) {
  const std::size_t local = 32, n = local * 4;
  shared_array<int> out(n, q, 0);
  int* o = out.data();
  both_ways(
      [&] {
        q.submit([&](handler& h) {
           local_accessor<int, 1> shared(range<1>{local}, h);
           h.parallel_for(nd_range<1>{n, local}, COHORT_LAMBDA(nd_item<1> it) {
             const std::size_t lid = it.get_local_id(0);
             int initial[8], mine[8];
             for (int k = 0; k < 8; ++k) initial[k] = mine[k] = static_cast<int>(lid) * k;
             for (int k = 0; k < 8; ++k) {
               shared[lid] = initial[(k + static_cast<int>(lid)) % 8];
               group_barrier(it.get_group());
               mine[k] += shared[(lid + 1) % local];
               group_barrier(it.get_group());
             }
             int s = 0;
             for (int k = 0; k < 8; ++k) s += mine[k];
             o[it.get_global_id(0)] = s;
           });
         }).wait_and_throw();
      },
      [&] {
        for (std::size_t i = 0; i < n; ++i) {
          const int lid = static_cast<int>(i % local), next = (lid + 1) % static_cast<int>(local);
          int s = 0;
          for (int k = 0; k < 8; ++k) s += lid * k + next * ((k + next) % 8);
          ASSERT_EQ(out[i], s) << i;
        }
      });
}

// Groups that return before a barrier as a whole, and branches the items of a group take
// together, with barriers in both arms.
TEST_P(compiler_pass, uniform_branches_and_whole_groups_leaving) {
  const std::size_t local = 16, groups = 9, n = local * groups;
  shared_array<int> out(n, q, -1);
  int* o = out.data();
  both_ways(
      [&] {
        q.submit([&](handler& h) {
           local_accessor<int, 1> a(range<1>{local}, h);
           h.parallel_for(nd_range<1>{n, local}, COHORT_LAMBDA(nd_item<1> it) {
             const std::size_t g = it.get_group(0), lid = it.get_local_id(0);
             if (g % 3 == 0) return;
             a[lid] = static_cast<int>(lid);
             if (g % 3 == 1) {
               group_barrier(it.get_group());
               o[it.get_global_id(0)] = a[local - 1 - lid];
             } else {
               group_barrier(it.get_group());
               const int next = a[(lid + 1) % local];
               group_barrier(it.get_group());
               a[lid] += next;
               group_barrier(it.get_group());
               o[it.get_global_id(0)] = a[lid] * 10;
             }
           });
         }).wait_and_throw();
      },
      [&] {
        for (std::size_t i = 0; i < n; ++i) {
          const std::size_t g = i / local, lid = i % local;
          const int expected = g % 3 == 0   ? -1
                               : g % 3 == 1 ? static_cast<int>(local - 1 - lid)
                                            : static_cast<int>(lid + (lid + 1) % local) * 10;
          ASSERT_EQ(out[i], expected) << i;
        }
        for (std::size_t i = 0; i < n; ++i) out[i] = -1;
      });
}

// Two-dimensional groups: the loops run over the linear local id.
TEST_P(compiler_pass, two_dimensional_groups) {
  const range<2> local{4, 8}, global{8, 16};
  shared_array<int> out(global.size(), q, 0);
  int* o = out.data();
  both_ways(
      [&] {
        q.submit([&](handler& h) {
           local_accessor<int, 2> a(local, h);
           h.parallel_for(nd_range<2>{global, local}, COHORT_LAMBDA(nd_item<2> it) {
             const std::size_t i = it.get_local_id(0), j = it.get_local_id(1);
             a[i][j] = static_cast<int>(it.get_global_linear_id());
             group_barrier(it.get_group());
             o[it.get_global_linear_id()] = a[3 - i][7 - j];
           });
         }).wait_and_throw();
      },
      [&] {
        for (std::size_t r = 0; r < global[0]; ++r)
          for (std::size_t c = 0; c < global[1]; ++c) {
            const std::size_t gr = r / 4 * 4 + (3 - r % 4), gc = c / 8 * 8 + (7 - c % 8);
            ASSERT_EQ(out[r * global[1] + c], static_cast<int>(gr * global[1] + gc));
          }
      });
}

// sycl_dgemm's tiles in groups of several row lengths: rows of a multiple of 16 items get
// a loop of their own over the whole rows (the last row, short of the item that runs
// apart, takes the other loop), other lengths only the general one.
TEST_P(compiler_pass, tiled_matrix_product_in_rows) {
  for (const range<2> tile : {range<2>{16, 16}, range<2>{2, 48}, range<2>{4, 8}, range<2>{3, 5}, range<2>{1, 32}}) {
    const std::size_t rows = tile[0] * 2, cols = tile[1] * 3, depth = tile[0] * tile[1] * 2;
    shared_array<double> a(rows * depth, q, 0.0), b(depth * cols, q, 0.0), c(rows * cols, q, 0.0);
    for (std::size_t i = 0; i < rows * depth; ++i) a[i] = static_cast<double>(i % 7) - 3.0;
    for (std::size_t i = 0; i < depth * cols; ++i) b[i] = static_cast<double>(i % 5) * 0.5;
    const double* pa = a.data();
    const double* pb = b.data();
    double* pc = c.data();
    const std::size_t tr = tile[0], tc = tile[1], k_tile = tr * tc / std::max(tr, tc);
    SCOPED_TRACE("groups of " + std::to_string(tr) + " x " + std::to_string(tc));
    both_ways(
        [&] {
          for (std::size_t i = 0; i < rows * cols; ++i) c[i] = 1.0;
          q.submit([&](handler& h) {
             local_accessor<double, 2> at(range<2>{tr, k_tile}, h);
             local_accessor<double, 2> bt(range<2>{k_tile, tc}, h);
             h.parallel_for(nd_range<2>{range<2>{rows, cols}, tile}, COHORT_LAMBDA(nd_item<2> it) {
               const std::size_t i = it.get_global_id(0), j = it.get_global_id(1);
               const std::size_t li = it.get_local_id(0), lj = it.get_local_id(1);
               for (std::size_t kt = 0; kt < depth / k_tile; ++kt) {
                 // Each item loads its share of both tiles (a tile of k_tile columns of A and
                 // k_tile rows of B).
                 for (std::size_t e = it.get_local_linear_id(); e < tr * k_tile; e += tr * tc)
                   at[e / k_tile][e % k_tile] = pa[(it.get_group(0) * tr + e / k_tile) * depth + kt * k_tile + e % k_tile];
                 for (std::size_t e = it.get_local_linear_id(); e < k_tile * tc; e += tr * tc)
                   bt[e / tc][e % tc] = pb[(kt * k_tile + e / tc) * cols + it.get_group(1) * tc + e % tc];
                 group_barrier(it.get_group());
                 for (std::size_t k = 0; k < k_tile; ++k) pc[i * cols + j] += at[li][k] * bt[k][lj];
                 group_barrier(it.get_group());
               }
             });
           }).wait_and_throw();
        },
        [&] {
          for (std::size_t i = 0; i < rows; ++i)
            for (std::size_t j = 0; j < cols; ++j) {
              // The kernel's order: tile by tile, k ascending in a tile.
              double expected = 1.0;
              for (std::size_t k = 0; k < depth; ++k) expected += a[i * depth + k] * b[k * cols + j];
              ASSERT_EQ(c[i * cols + j], expected) << i << ", " << j;
            }
        });
  }
}

// A tree over the linear id of groups of several dimensions: the first of the two loops
// on either side of the bound starts at item 0 and takes the whole rows.
TEST_P(compiler_pass, tree_reduction_in_rows) {
  for (const range<2> local : {range<2>{8, 16}, range<2>{4, 32}, range<2>{2, 24}, range<2>{1, 16}}) {
    const std::size_t group = local.size(), groups = 4;
    const range<2> global{local[0] * 2, local[1] * 2};
    shared_array<float> in(global.size(), q, 0.0f), out(groups, q, -1.0f);
    for (std::size_t i = 0; i < global.size(); ++i) in[i] = static_cast<float>(i % 11);
    const float* x = in.data();
    float* o = out.data();
    SCOPED_TRACE("groups of " + std::to_string(local[0]) + " x " + std::to_string(local[1]));
    both_ways(
        [&] {
          q.submit([&](handler& h) {
             local_accessor<float, 1> scratch(range<1>{group}, h);
             h.parallel_for(nd_range<2>{global, local}, COHORT_LAMBDA(nd_item<2> it) {
               const std::size_t lid = it.get_local_linear_id();
               scratch[lid] = x[it.get_global_linear_id()];
               // Halves rounded up, so that groups of any size sum every item.
               for (std::size_t n = group; n > 1;) {
                 const std::size_t half = (n + 1) / 2;
                 group_barrier(it.get_group());
                 if (lid < n - half) scratch[lid] += scratch[lid + half];
                 n = half;
               }
               group_barrier(it.get_group());
               if (lid == 0) o[it.get_group_linear_id()] = scratch[0];
             });
           }).wait_and_throw();
        },
        [&] {
          for (std::size_t g = 0; g < groups; ++g) {
            const std::size_t g0 = g / 2, g1 = g % 2;
            std::vector<float> v(group);
            for (std::size_t r = 0; r < local[0]; ++r)
              for (std::size_t c = 0; c < local[1]; ++c)
                v[r * local[1] + c] = in[(g0 * local[0] + r) * global[1] + g1 * local[1] + c];
            for (std::size_t n = group; n > 1;) {
              const std::size_t half = (n + 1) / 2;
              for (std::size_t l = 0; l < n - half; ++l) v[l] += v[l + half];
              n = half;
            }
            ASSERT_EQ(out[g], v[0]) << g;
          }
        });
  }
}

// An exception thrown by one item reaches wait_and_throw, and the queue goes on.
TEST_P(compiler_pass, exception_from_a_work_item) {
  both_ways(
      [&] {
        q.parallel_for(nd_range<1>{512, 128}, COHORT_LAMBDA(nd_item<1> it) {
          group_barrier(it.get_group());
          if (it.get_global_id(0) == 300) throw std::runtime_error("item 300 failed");
          group_barrier(it.get_group());
        });
        EXPECT_THROW(q.wait_and_throw(), std::runtime_error);
      },
      [] {});
  shared_array<int> out(256, q, 0);
  int* o = out.data();
  both_ways(
      [&] {
        q.parallel_for(nd_range<1>{256, 128}, COHORT_LAMBDA(nd_item<1> it) {
           group_barrier(it.get_group());
           o[it.get_global_id(0)] = 7;
         }).wait_and_throw();
      },
      [&] { EXPECT_EQ(std::accumulate(out.begin(), out.end(), 0), 7 * 256); });
}

// Kernels the pass leaves to the fibers: a ballot over a work-group (no loop form),
// sub-groups of more than one item (the launcher's choice), and items of a group that
// return before a barrier the others reach (which SYCL does not allow, and the fibers do).
// All still compute the same.
TEST_P(compiler_pass, kernels_it_declines_run_on_fibers) {
  const std::size_t local = 32, n = local * 3;
  shared_array<std::uint32_t> out(n, q, 0);
  std::uint32_t* o = out.data();
  both_ways(
      [&] {
        q.submit([&](handler& h) {
           local_accessor<std::uint32_t, 1> a(range<1>{local}, h);
           h.parallel_for(nd_range<1>{n, local}, COHORT_LAMBDA(nd_item<1> it) {
             const std::size_t lid = it.get_local_id(0), first = it.get_group(0);
             if (lid < first) return;
             a[lid] = static_cast<std::uint32_t>(lid);
             group_barrier(it.get_group());
             o[it.get_global_id(0)] = a[local - 1 - lid + first];
           });
         }).wait_and_throw();
      },
      [&] {
        for (std::size_t i = 0; i < n; ++i) {
          const std::size_t g = i / local, lid = i % local;
          ASSERT_EQ(out[i], lid < g ? 0u : static_cast<std::uint32_t>(local - 1 - lid + g)) << i;
        }
      },
      false);
  both_ways(
      [&] {
        q.parallel_for(nd_range<1>{n, local}, COHORT_LAMBDA(nd_item<1> it) {
           o[it.get_global_id(0)] = ext::ballot(it.get_group(), it.get_local_id(0) % 3 == 0).bits();
         }).wait_and_throw();
      },
      [&] {
        for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(out[i], 0x49249249u) << i;
      },
      false);
  both_ways(
      [&] {
        q.parallel_for(nd_range<1>{n, local}, properties{sub_group_size<8>}, COHORT_LAMBDA(nd_item<1> it) {
           const auto sg = it.get_sub_group();
           o[it.get_global_id(0)] = reduce_over_group(sg, static_cast<std::uint32_t>(it.get_local_id(0)), plus<>());
         }).wait_and_throw();
      },
      [&] {
        for (std::size_t i = 0; i < n; ++i) {
          const std::uint32_t first = static_cast<std::uint32_t>(i % local / 8 * 8);
          ASSERT_EQ(out[i], 8 * first + 28) << i;
        }
      },
      false);
}

}  // namespace

COHORT_INSTANTIATE_ON_ALL_DEVICES(compiler_pass);
