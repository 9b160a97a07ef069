// SPDX-License-Identifier: MIT
// Holger Wünsche's group-algorithm benchmark (SYCL-Bench, branch groupFunctions), value
// forms: every work-item calls reduce, inclusive scan, exclusive scan or any_of over its
// work-group 512 times in one kernel. Reported: ns per call per work-item =
// time / (items x 512). The joint (pointer) forms are in group_algorithms_joint.cpp.
//
// The loop carries a data dependence through every call, so no call can be hoisted or
// skipped: x starts as a small integer per lane; each call's result r moves every lane of
// x by one against its item's threshold t (x - 1 where r > t, else x + 1; any_of moves all
// lanes down when any item has x > t in lane 0), a negative feedback that keeps x small.
// Values stay integers below 2^20, so
// every type (fp32 included) computes them exactly in any summation order, and the final
// x and r of every item are checked exactly against a serial host model of the same loop.
//
// Variants, all doing the same 512 steps per item:
//   openmp (reference)  plain OpenMP: `omp parallel for` over groups; per group the items
//                       are arrays, the collective is a simd reduction / a scan loop /
//                       a simd or-reduction, the update a simd loop;
//   classic             nd_range with local_accessor + group_barrier + a leader loop
//                       (AdaptiveCpp's library implementation): each item writes local
//                       memory, barrier, the leader computes, barrier, everyone reads,
//                       barrier -- three barriers per call;
//   one_barrier         a bound, not an implementation: the nd_range kernel with one
//                       group_barrier in place of the collective, each item taking its own
//                       value (or predicate) as the call's result. Any collective that
//                       suspends every item once per call (as SYCL's synchronisation point
//                       and cohort's design require) costs at least this, so classic /
//                       one_barrier is the most such a collective can gain on the classic;
//   three_barriers      not an implementation either: the same kernel with three
//                       group_barriers per call (the classic's synchronisation without its
//                       local memory and leader). With one_barrier it splits the classic's
//                       time per call into three barrier rounds 3B, the kernel's own step S
//                       and the classic's own work C (S = (3 one_barrier - three_barriers)/2,
//                       C = classic - three_barriers); a collective's own work is then
//                       A = nd_range - one_barrier, and nd_range is 3x the classic exactly
//                       when C >= 2S + 3A, whatever a barrier costs;
//   nd_range            cohort's reduce_over_group / *_scan_over_group / any_of_group;
//   scoped              the same work in a scoped kernel with cohort's scoped-group
//                       collectives on private memory (reduce_over_group(g, x, op), the
//                       scans into a second private array, any_of_group over a private
//                       predicate), distribute_items for the update;
//   scoped_by_hand      the scoped kernel without them: distribute_items writes local
//                       memory, single_item computes, distribute_items reads.
// The leader's computation is the same vectorised helper in openmp, classic and
// scoped_by_hand, so their differences come from the execution model alone.
//
// Notes: fiber switches per work-item per call, counted with the engine's counter over
// one extra untimed run (1 = one suspension round per call), and for nd_range and
// one_barrier their speed-up over classic (medians of the same interleaved runs).
//
// Each (algorithm, type, group size) has two cases, both with the OpenMP reference:
// group_algorithms/nd_range/... runs classic and nd_range on 2^13 items (--full: 2^14,
// Wünsche's CPU size; --quick: 2^11); group_algorithms/scoped/... runs scoped and
// scoped_by_hand on 2^17 items (--full 2^18, --quick 2^13), since these run as fast as the
// reference and need the larger size for runs of milliseconds. --size sets both.
// Default run: all four algorithms for int32 and fp32 at group sizes 32, 256 and 1024, and
// fp64, vec<float,4>, vec<int,8> at 256. --full: every type at every size 32 ... 1024.
// --quick: int32 and fp32 at 256. --local=L: every type and algorithm at L.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include <cohort/cohort.hpp>
#include <cohort/detail/macros.hpp>
#include <cohort/scoped.hpp>

#include "compiler_pass.hpp"
#include "fiber_switches.hpp"
#include "group_algorithms_joint.hpp"
#include "group_algorithms_values.hpp"
#include "harness/harness.hpp"
#include "run_times.hpp"

namespace {

using namespace bench::group_values;

constexpr std::size_t calls = 512;  // collective calls per work-item per kernel

enum class algo { reduce, inclusive_scan, exclusive_scan, any_of };

const char* algo_name(algo a) {
  switch (a) {
    case algo::reduce: return "reduce";
    case algo::inclusive_scan: return "inclusive_scan";
    case algo::exclusive_scan: return "exclusive_scan";
    default: return "any_of";
  }
}

/// What one call returns: the group's value(s), or any_of's verdict.
template <algo A, typename T>
using result_t = std::conditional_t<A == algo::any_of, bool, T>;

template <algo A, typename T>
COHORT_INLINE T update(const T& x, const result_t<A, T>& r, const T& t) {
  if constexpr (A == algo::any_of)
    return step_all(x, r);
  else
    return step(x, r, t);
}

/// The last result as the item writes it out.
template <algo A, typename T>
COHORT_INLINE T as_output(const result_t<A, T>& r) {
  if constexpr (A == algo::any_of)
    return filled<T>(r ? 1 : 0);
  else
    return r;
}

// ---- plain OpenMP (reference) and the serial model --------------------------------------

/// One group's 512 steps with the items as arrays. `x` holds the inputs on entry.
template <algo A, typename T>
void group_steps(T* x, const T* t, T* r, std::size_t local) {
  if constexpr (A == algo::reduce) {
    T s{};
    for (std::size_t k = 0; k < calls; ++k) {
      s = group_sum(x, local);
#pragma omp simd
      for (std::size_t l = 0; l < local; ++l) x[l] = step(x[l], s, t[l]);
    }
    for (std::size_t l = 0; l < local; ++l) r[l] = s;
  } else if constexpr (A == algo::any_of) {
    bool b = false;
    for (std::size_t k = 0; k < calls; ++k) {
      b = group_any(x, t, local);
#pragma omp simd
      for (std::size_t l = 0; l < local; ++l) x[l] = step_all(x[l], b);
    }
    for (std::size_t l = 0; l < local; ++l) r[l] = filled<T>(b ? 1 : 0);
  } else {
    for (std::size_t k = 0; k < calls; ++k) {
      if constexpr (A == algo::inclusive_scan) group_inclusive_scan(x, r, local);
      else group_exclusive_scan(x, r, local);
#pragma omp simd
      for (std::size_t l = 0; l < local; ++l) x[l] = step(x[l], r[l], t[l]);
    }
  }
}

template <algo A, typename T>
void run_openmp(const T* in, T* out_x, T* out_r, std::size_t n, std::size_t local) {
  const std::size_t groups = n / local;
#pragma omp parallel for schedule(static)
  for (std::size_t g = 0; g < groups; ++g) {
    alignas(64) T x[max_local], t[max_local], r[max_local];
    const std::size_t base = g * local;
    for (std::size_t l = 0; l < local; ++l) {
      x[l] = in[base + l];
      t[l] = threshold<T>(l);
    }
    group_steps<A>(x, t, r, local);
    for (std::size_t l = 0; l < local; ++l) {
      out_x[base + l] = x[l];
      out_r[base + l] = r[l];
    }
  }
}

/// The verification model: the same loop, written naively and serially per group.
template <algo A, typename T>
void run_model(const T* in, T* out_x, T* out_r, std::size_t n, std::size_t local) {
#pragma omp parallel for schedule(static)
  for (std::size_t g = 0; g < n / local; ++g) {
    std::vector<T> x(in + g * local, in + (g + 1) * local), r(local);
    for (std::size_t k = 0; k < calls; ++k) {
      if constexpr (A == algo::any_of) {
        bool b = false;
        for (std::size_t l = 0; l < local; ++l) b = b || exceeds(x[l], threshold<T>(l));
        for (std::size_t l = 0; l < local; ++l) {
          x[l] = step_all(x[l], b);
          r[l] = filled<T>(b ? 1 : 0);
        }
      } else {
        T acc = filled<T>(0);
        for (std::size_t l = 0; l < local; ++l) {
          if constexpr (A == algo::exclusive_scan) r[l] = acc;
          acc = acc + x[l];
          if constexpr (A == algo::inclusive_scan) r[l] = acc;
        }
        if constexpr (A == algo::reduce)
          for (std::size_t l = 0; l < local; ++l) r[l] = acc;
        for (std::size_t l = 0; l < local; ++l) x[l] = step(x[l], r[l], threshold<T>(l));
      }
    }
    for (std::size_t l = 0; l < local; ++l) {
      out_x[g * local + l] = x[l];
      out_r[g * local + l] = r[l];
    }
  }
}

/// What a one_barrier item takes as its call's result: its own value, or its predicate.
template <algo A, typename T>
COHORT_INLINE result_t<A, T> own_result(const T& x, const T& t) {
  if constexpr (A == algo::any_of) return exceeds(x, t);
  else return x;
}

/// one_barrier's model: every item alone, the same 512 steps on its own result.
template <algo A, typename T>
void run_own_model(const T* in, T* out_x, T* out_r, std::size_t n, std::size_t local) {
#pragma omp parallel for schedule(static)
  for (std::size_t i = 0; i < n; ++i) {
    const T t = threshold<T>(i % local);
    T x = in[i];
    result_t<A, T> r{};
    for (std::size_t k = 0; k < calls; ++k) {
      r = own_result<A>(x, t);
      x = update<A>(x, r, t);
    }
    out_x[i] = x;
    out_r[i] = as_output<A, T>(r);
  }
}

// ---- nd_range with cohort's group algorithms (and one_barrier) ----------------------------

template <algo A, typename T, typename Group>
COHORT_INLINE result_t<A, T> collective(Group g, const T& x, const T& t) {
  if constexpr (A == algo::reduce) return cohort::reduce_over_group(g, x, cohort::plus<T>());
  else if constexpr (A == algo::inclusive_scan) return cohort::inclusive_scan_over_group(g, x, cohort::plus<T>());
  else if constexpr (A == algo::exclusive_scan) return cohort::exclusive_scan_over_group(g, x, cohort::plus<T>());
  else return cohort::any_of_group(g, exceeds(x, t));
}

/// What an nd_range kernel's call is: cohort's collective, or (one_barrier, three_barriers)
/// that many group barriers and the item's own value.
enum class call_kind { collective, one_barrier, three_barriers };

template <algo A, typename T, call_kind Call = call_kind::collective>
void run_nd_range(cohort::queue& q, const T* in, T* out_x, T* out_r, std::size_t n, std::size_t local) {
  q.parallel_for(cohort::nd_range<1>{cohort::range<1>{n}, cohort::range<1>{local}},
                 COHORT_LAMBDA(cohort::nd_item<1> it) {
                   const std::size_t gid = it.get_global_id(0);
                   const T t = threshold<T>(it.get_local_id(0));
                   T x = in[gid];
                   result_t<A, T> r{};
                   for (std::size_t k = 0; k < calls; ++k) {
                     if constexpr (Call == call_kind::collective) {
                       r = collective<A>(it.get_group(), x, t);
                     } else {
                       // Written out, not a loop: a loop kept its counter live across the
                       // barriers (three_barriers at 32 items 20% slower).
                       cohort::group_barrier(it.get_group());
                       if constexpr (Call == call_kind::three_barriers) {
                         cohort::group_barrier(it.get_group());
                         cohort::group_barrier(it.get_group());
                       }
                       r = own_result<A>(x, t);
                     }
                     x = update<A>(x, r, t);
                   }
                   out_x[gid] = x;
                   out_r[gid] = as_output<A, T>(r);
                 })
      .wait_and_throw();
}

// ---- classic: local memory + three barriers + a leader loop ------------------------------

/// The leader's part of one call: the group's deposits in `scratch[0, local)` (for any_of
/// in `flags`) become the results, in place (reduce and any_of: in slot `local`).
template <algo A, typename T>
COHORT_INLINE void leader_step(T* scratch, bool* flags, std::size_t local) {
  if constexpr (A == algo::reduce) scratch[local] = group_sum(scratch, local);
  else if constexpr (A == algo::inclusive_scan) group_inclusive_scan(scratch, scratch, local);
  else if constexpr (A == algo::exclusive_scan) group_exclusive_scan(scratch, scratch, local);
  else flags[local] = group_any_flag(flags, local);
}

/// A reduction's leader step as the classic runs it: out of line. Inlined, its vector sum
/// made g++ realign the kernel's frame and keep the loop counter and the result in memory
/// across every barrier (int32 classic reduce at 256 items 10% slower in three five-round
/// series; the other types within 2% in the last one). The scans' leader loops stay
/// inline: out of line made vec<int, 8>'s exclusive scan 12% slower.
template <algo A, typename T>
[[gnu::noinline]] void leader_step_out_of_line(T* scratch, bool* flags, std::size_t local) {
  leader_step<A>(scratch, flags, local);
}

template <algo A, typename T>
COHORT_INLINE result_t<A, T> read_result(const T* scratch, const bool* flags, std::size_t lid, std::size_t local) {
  if constexpr (A == algo::reduce) return scratch[local];
  else if constexpr (A == algo::any_of) return flags[local];
  else return scratch[lid];
}

template <algo A, typename T>
void run_classic(cohort::queue& q, const T* in, T* out_x, T* out_r, std::size_t n, std::size_t local) {
  q.submit([&](cohort::handler& h) {
     cohort::local_accessor<T, 1> scratch_acc(cohort::range<1>{local + 1}, h);
     cohort::local_accessor<bool, 1> flags_acc(cohort::range<1>{local + 1}, h);
     h.parallel_for(cohort::nd_range<1>{cohort::range<1>{n}, cohort::range<1>{local}},
                    COHORT_LAMBDA(cohort::nd_item<1> it) {
                      T* scratch = scratch_acc.get_pointer();
                      bool* flags = flags_acc.get_pointer();
                      const std::size_t gid = it.get_global_id(0), lid = it.get_local_id(0);
                      const auto g = it.get_group();
                      const T t = threshold<T>(lid);
                      T x = in[gid];
                      result_t<A, T> r{};
                      for (std::size_t k = 0; k < calls; ++k) {
                        if constexpr (A == algo::any_of) flags[lid] = exceeds(x, t);
                        else scratch[lid] = x;
                        cohort::group_barrier(g);
                        if (lid == 0) {
                          if constexpr (A == algo::reduce) leader_step_out_of_line<A>(scratch, flags, local);
                          else leader_step<A>(scratch, flags, local);
                        }
                        cohort::group_barrier(g);
                        r = read_result<A>(scratch, flags, lid, local);
                        cohort::group_barrier(g);
                        x = update<A>(x, r, t);
                      }
                      out_x[gid] = x;
                      out_r[gid] = as_output<A, T>(r);
                    });
   }).wait_and_throw();
}

// ---- scoped with cohort's scoped-group collectives (logical form) ---------------------------

template <algo A, typename T>
void run_scoped(cohort::queue& q, const T* in, T* out_x, T* out_r, std::size_t n, std::size_t local) {
  q.parallel(cohort::range<1>{n / local}, cohort::range<1>{local}, COHORT_LAMBDA(auto g) {
     cohort::memory_environment(
         g, cohort::require_private_mem<T>(), cohort::require_private_mem<T>(), cohort::require_private_mem<T>(),
         cohort::require_private_mem<bool>(), [&](auto x, auto t, auto r, auto pred) {
           cohort::distribute_items(g, [&](cohort::s_item<1> it) {
             x(it) = in[it.get_global_id(0)];
             t(it) = threshold<T>(it.get_innermost_local_id(0));
             if constexpr (A == algo::any_of) pred(it) = exceeds(x(it), t(it));
           });
           result_t<A, T> last{};
           for (std::size_t k = 0; k < calls; ++k) {
             if constexpr (A == algo::reduce) {
               const T s = cohort::reduce_over_group(g, x, cohort::plus<T>());
               cohort::distribute_items(g, [&](cohort::s_item<1> it) { x(it) = step(x(it), s, t(it)); });
               last = s;
             } else if constexpr (A == algo::any_of) {
               // The next call's predicate is computed in the same pass as the update.
               const bool b = cohort::any_of_group(g, pred);
               cohort::distribute_items(g, [&](cohort::s_item<1> it) {
                 x(it) = step_all(x(it), b);
                 pred(it) = exceeds(x(it), t(it));
               });
               last = b;
             } else {
               if constexpr (A == algo::inclusive_scan) cohort::inclusive_scan_over_group(g, x, r, cohort::plus<T>());
               else cohort::exclusive_scan_over_group(g, x, r, cohort::plus<T>());
               cohort::distribute_items(g, [&](cohort::s_item<1> it) { x(it) = step(x(it), r(it), t(it)); });
             }
           }
           cohort::distribute_items(g, [&](cohort::s_item<1> it) {
             const std::size_t gid = it.get_global_id(0);
             out_x[gid] = x(it);
             if constexpr (A == algo::inclusive_scan || A == algo::exclusive_scan) out_r[gid] = r(it);
             else out_r[gid] = as_output<A, T>(last);
           });
         });
   }).wait_and_throw();
}

// ---- scoped by hand: distribute_items + single_item over local memory --------------------

template <algo A, typename T>
void run_scoped_by_hand(cohort::queue& q, const T* in, T* out_x, T* out_r, std::size_t n, std::size_t local) {
  q.parallel(cohort::range<1>{n / local}, cohort::range<1>{local}, COHORT_LAMBDA(auto g) {
     cohort::memory_environment(
         g, cohort::require_local_mem<T[max_local + 1]>(), cohort::require_local_mem<bool[max_local + 1]>(),
         cohort::require_private_mem<T>(), cohort::require_private_mem<T>(),
         [&](auto& scratch, auto& flags, auto x, auto t) {
           cohort::distribute_items(g, [&](cohort::s_item<1> it) {
             x(it) = in[it.get_global_id(0)];
             t(it) = threshold<T>(it.get_innermost_local_id(0));
           });
           for (std::size_t k = 0; k < calls; ++k) {
             cohort::distribute_items_and_wait(g, [&](cohort::s_item<1> it) {
               if constexpr (A == algo::any_of) flags[it.get_innermost_local_id(0)] = exceeds(x(it), t(it));
               else scratch[it.get_innermost_local_id(0)] = x(it);
             });
             cohort::single_item_and_wait(g, [&] { leader_step<A>(scratch, flags, local); });
             cohort::distribute_items_and_wait(g, [&](cohort::s_item<1> it) {
               x(it) = update<A>(x(it), read_result<A>(scratch, flags, it.get_innermost_local_id(0), local), t(it));
             });
           }
           cohort::distribute_items(g, [&](cohort::s_item<1> it) {
             const std::size_t gid = it.get_global_id(0);
             out_x[gid] = x(it);
             out_r[gid] = as_output<A, T>(read_result<A>(scratch, flags, it.get_innermost_local_id(0), local));
           });
         });
   }).wait_and_throw();
}

// ---- cases ---------------------------------------------------------------------------------

template <typename T>
struct data {
  cohort::queue* q = nullptr;
  std::size_t n = 0, local = 0;
  cohort::usm_unique_ptr<T, cohort::usm::alloc::shared> in, out_x, out_r;
  std::vector<T> expect_x, expect_r, expect_own_x, expect_own_r;  // the collective's, one_barrier's
  bench::run_times classic_times, one_barrier_times, three_barriers_times, nd_times, nd_cbs_times;
};

/// Which variants a case runs: the nd_range ones (slow: fibers and barriers) on few
/// items, the scoped ones (as fast as the reference) on many, so that every run lasts
/// milliseconds and the ratio does not measure launch latency.
enum class models { nd_range, scoped };

template <algo A, typename T>
bench::bench_case make_case(const bench::config& cfg, models m, std::size_t local) {
  auto d = std::make_shared<data<T>>();
  d->q = cfg.queue;
  d->n = m == models::nd_range ? cfg.pick_size(std::size_t{1} << 11, std::size_t{1} << 13, std::size_t{1} << 14)
                               : cfg.pick_size(std::size_t{1} << 13, std::size_t{1} << 17, std::size_t{1} << 18);
  d->local = local;

  bench::bench_case c;
  c.name = std::string("group_algorithms/") + (m == models::nd_range ? "nd_range/" : "scoped/") + algo_name(A) + "/" +
           type_name<T>() + "/" + std::to_string(local);
  c.size = d->n;
  c.local = local;
  c.parts = "algorithm / element type / work-group size";
  c.throughput = {static_cast<double>(d->n) * static_cast<double>(calls), "ns/call/item", true};
  c.setup = [d] {
    if (d->local < 2 || d->local > max_local || d->n % d->local != 0)
      throw std::invalid_argument("group_algorithms needs group sizes in [2, 1024] that divide --size");
    d->in = cohort::make_shared_unique<T>(d->n, *d->q);
    d->out_x = cohort::make_shared_unique<T>(d->n, *d->q);
    d->out_r = cohort::make_shared_unique<T>(d->n, *d->q);
    bench::parallel_fill(d->in.get(), d->n, [](std::size_t i) { return initial<T>(i); });
    d->expect_x.resize(d->n);
    d->expect_r.resize(d->n);
    run_model<A>(d->in.get(), d->expect_x.data(), d->expect_r.data(), d->n, d->local);
    d->expect_own_x.resize(d->n);
    d->expect_own_r.resize(d->n);
    run_own_model<A>(d->in.get(), d->expect_own_x.data(), d->expect_own_r.data(), d->n, d->local);
  };
  c.teardown = [d] {
    d->in.reset();
    d->out_x.reset();
    d->out_r.reset();
    d->expect_x = {};
    d->expect_r = {};
    d->expect_own_x = {};
    d->expect_own_r = {};
  };
  auto prepare = [d] {
    bench::poison(d->out_x.get(), d->n);
    bench::poison(d->out_r.get(), d->n);
  };
  auto check_against = [d](const std::vector<T>& x, const std::vector<T>& r) {
    return [d, &x, &r] {
      bench::verdict v = check_lanes("x", d->out_x.get(), x.data(), d->n);
      return v.ok ? check_lanes("result", d->out_r.get(), r.data(), d->n) : v;
    };
  };
  auto check = check_against(d->expect_x, d->expect_r);
  const double item_calls = static_cast<double>(d->n) * static_cast<double>(calls);
  auto switches = [d, item_calls](auto run) {
    return [d, item_calls, run] {
      char buf[48];
      std::snprintf(buf, sizeof buf, "%.2f sw/item/call", bench::fiber_switches_per_call(item_calls, run));
      return std::string(buf);
    };
  };

  c.variants.push_back({"openmp", bench::role::reference, prepare,
                        [d] { run_openmp<A>(d->in.get(), d->out_x.get(), d->out_r.get(), d->n, d->local); }, check});
  if (m == models::nd_range) {
    // On fibers, also where the compiler pass is built (compiler_pass.hpp); nd_range_cbs
    // is the pass's loops.
    auto classic = [d] {
      bench::with_loops(false, [&] { run_classic<A>(*d->q, d->in.get(), d->out_x.get(), d->out_r.get(), d->n, d->local); });
    };
    auto nd = [d] {
      bench::with_loops(false, [&] { run_nd_range<A>(*d->q, d->in.get(), d->out_x.get(), d->out_r.get(), d->n, d->local); });
    };
    auto nd_cbs = [d] { run_nd_range<A>(*d->q, d->in.get(), d->out_x.get(), d->out_r.get(), d->n, d->local); };
    // A kernel, so a model as far as the harness is concerned (baselines run as host code).
    c.variants.push_back({"classic", bench::role::model, prepare, [d, classic] { d->classic_times.time(classic); },
                          check, switches(classic), bench::summary_use::known_implementation});
    // The bare-barrier kernels: checked against the model of items that take their own value.
    auto add_bare_barriers = [&](const char* name, auto call, bench::run_times data<T>::*times) {
      auto run = [d] {
        bench::with_loops(false, [&] {
          run_nd_range<A, T, decltype(call)::value>(*d->q, d->in.get(), d->out_x.get(), d->out_r.get(), d->n, d->local);
        });
      };
      c.variants.push_back({name, bench::role::model, prepare, [d, run, times] { ((*d).*times).time(run); },
                            check_against(d->expect_own_x, d->expect_own_r),
                            [d, times] { return bench::speedup_note(d->classic_times, (*d).*times, "classic"); },
                            bench::summary_use::bound});
    };
    add_bare_barriers("one_barrier", std::integral_constant<call_kind, call_kind::one_barrier>{},
                      &data<T>::one_barrier_times);
    add_bare_barriers("three_barriers", std::integral_constant<call_kind, call_kind::three_barriers>{},
                      &data<T>::three_barriers_times);
    c.variants.push_back({"nd_range", bench::role::model, prepare, [d, nd] { d->nd_times.time(nd); }, check,
                          [d, s = switches(nd)] {
                            return s() + "; " + bench::speedup_note(d->classic_times, d->nd_times, "classic");
                          }});
    if (bench::with_compiler_pass)
      c.variants.push_back({"nd_range_cbs", bench::role::model, prepare, [d, nd_cbs] { d->nd_cbs_times.time(nd_cbs); },
                            check, [d, s = switches(nd_cbs)] {
                              return s() + "; " + bench::speedup_note(d->nd_times, d->nd_cbs_times, "nd_range");
                            }});
  } else {
    auto scoped = [d] { run_scoped<A>(*d->q, d->in.get(), d->out_x.get(), d->out_r.get(), d->n, d->local); };
    auto by_hand = [d] { run_scoped_by_hand<A>(*d->q, d->in.get(), d->out_x.get(), d->out_r.get(), d->n, d->local); };
    c.variants.push_back({"scoped", bench::role::model, prepare, scoped, check, switches(scoped)});
    c.variants.push_back(
        {"scoped_by_hand", bench::role::model, prepare, by_hand, check, {}, bench::summary_use::known_implementation});
  }
  return c;
}

template <typename T>
void add_type(bench::suite& s, const bench::config& cfg, std::size_t local) {
  for (models m : {models::nd_range, models::scoped}) {
    s.cases.push_back(make_case<algo::reduce, T>(cfg, m, local));
    s.cases.push_back(make_case<algo::inclusive_scan, T>(cfg, m, local));
    s.cases.push_back(make_case<algo::exclusive_scan, T>(cfg, m, local));
    s.cases.push_back(make_case<algo::any_of, T>(cfg, m, local));
  }
}

void add_all_types(bench::suite& s, const bench::config& cfg, std::size_t local) {
  add_type<std::int32_t>(s, cfg, local);
  add_type<float>(s, cfg, local);
  add_type<double>(s, cfg, local);
  add_type<cohort::vec<float, 4>>(s, cfg, local);
  add_type<cohort::vec<int, 8>>(s, cfg, local);
}

bench::suite make_group_algorithms(const bench::config& cfg) {
  bench::suite s;
  if (cfg.local != 0) {
    add_all_types(s, cfg, cfg.local);
  } else if (cfg.preset == bench::size_preset::quick) {
    add_type<std::int32_t>(s, cfg, 256);
    add_type<float>(s, cfg, 256);
  } else if (cfg.preset == bench::size_preset::full) {
    for (std::size_t local : {32, 64, 128, 256, 512, 1024}) add_all_types(s, cfg, local);
  } else {
    for (std::size_t local : {32, 256, 1024}) {
      add_type<std::int32_t>(s, cfg, local);
      add_type<float>(s, cfg, local);
    }
    add_type<double>(s, cfg, 256);
    add_type<cohort::vec<float, 4>>(s, cfg, 256);
    add_type<cohort::vec<int, 8>>(s, cfg, 256);
  }
  bench::add_joint_cases(s, cfg);
  return s;
}

bench::registration reg{"group_algorithms", 70,
                        "Wünsche's group algorithms: reduce, scans, any_of, 512 calls/item (nd_range, classic "
                        "3-barrier, and one and three bare barriers per call, on 2^13 items, scoped on 2^17, vs "
                        "OpenMP), joint forms over 1 Mi fp32 vs 1-thread simd; int32 and fp32 at 32/256/1024, fp64 "
                        "and vec at 256 (--full: all types x 32..1024)",
                        make_group_algorithms};

}  // namespace
