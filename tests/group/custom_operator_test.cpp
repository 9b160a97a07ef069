// SPDX-License-Identifier: MIT
// Group algorithms with user operators that have no known identity: a functor (a sum
// modulo a prime), a lambda (the larger value) and, for the scans, an associative but not
// commutative operator (composition of affine maps x -> a x + b over 32-bit unsigned
// integers), whose result is defined because scans combine in local id order. On
// work-groups and sub-groups, with and without init, and the joint forms over ranges of
// length 0, 1, shorter and longer than the group; compared with host loops.
#include <cstdint>
#include <string>
#include <vector>

#include "support/devices.hpp"
#include "support/group_matrix.hpp"

using namespace cohort;
using namespace cohort_test::matrix;

namespace {
class custom_operator : public cohort_test::on_device {};

constexpr std::uint32_t prime = 1000003;

/// Sum modulo a prime: commutative and associative, no known identity.
struct plus_mod_prime {
  COHORT_FUNCTION std::uint32_t operator()(std::uint32_t a, std::uint32_t b) const { return (a + b) % prime; }
};

/// x -> a x + b; compose(f, g) applies f first, then g. Associative, not commutative.
struct affine {
  std::uint32_t a, b;
  friend bool operator==(const affine&, const affine&) = default;
};
struct compose {
  COHORT_FUNCTION affine operator()(affine f, affine g) const { return {f.a * g.a, f.b * g.a + g.b}; }
};

std::string show_affine(const affine& f) { return "{" + std::to_string(f.a) + ", " + std::to_string(f.b) + "}"; }

/// One work-item's input.
struct sample {
  std::uint32_t u;
  std::int64_t v;
  affine f;
};

sample sample_at(std::size_t i) {
  const std::uint64_t h = mix(i + 17);
  return {static_cast<std::uint32_t>(h % prime), static_cast<std::int64_t>(h >> 20) - (std::int64_t{1} << 42),
          affine{static_cast<std::uint32_t>(h >> 7) | 1u, static_cast<std::uint32_t>(h >> 29)}};
}

// The inits: functions, so that kernels may use them (a GPU cannot read host globals).
COHORT_FUNCTION constexpr std::uint32_t u_init() { return 999999; }
COHORT_FUNCTION constexpr std::int64_t v_init() { return -(std::int64_t{1} << 43); }
COHORT_FUNCTION constexpr affine f_init() { return {3, 7}; }

/// What each item computes over its group or sub-group.
struct over_group_results {
  std::uint32_t reduce_u, reduce_u_init, inclusive_u, inclusive_u_init, exclusive_u_init;
  std::int64_t reduce_v, reduce_v_init, inclusive_v;
  affine inclusive_f, inclusive_f_init, exclusive_f_init;
};

struct over_group_kernel {
  template <typename Group, typename Item>
  COHORT_FUNCTION over_group_results operator()(Group g, sample x, Item) const {
    auto larger = [](std::int64_t a, std::int64_t b) { return a < b ? b : a; };
    over_group_results r;
    r.reduce_u = reduce_over_group(g, x.u, plus_mod_prime{});
    r.reduce_u_init = reduce_over_group(g, x.u, u_init(), plus_mod_prime{});
    r.inclusive_u = inclusive_scan_over_group(g, x.u, plus_mod_prime{});
    r.inclusive_u_init = inclusive_scan_over_group(g, x.u, plus_mod_prime{}, u_init());
    r.exclusive_u_init = exclusive_scan_over_group(g, x.u, u_init(), plus_mod_prime{});
    r.reduce_v = reduce_over_group(g, x.v, larger);
    r.reduce_v_init = reduce_over_group(g, x.v, v_init(), larger);
    r.inclusive_v = inclusive_scan_over_group(g, x.v, larger);
    r.inclusive_f = inclusive_scan_over_group(g, x.f, compose{});
    r.inclusive_f_init = inclusive_scan_over_group(g, x.f, compose{}, f_init());
    r.exclusive_f_init = exclusive_scan_over_group(g, x.f, f_init(), compose{});
    return r;
  }
};

template <typename T, typename Op>
void expect_same(const T& actual, const T& expected, const std::string& what, Op show) {
  if (!(actual == expected)) ADD_FAILURE() << what << ": got " << show(actual) << ", expected " << show(expected);
}

template <std::uint32_t SubGroup>
void over_group_on(queue& q, std::size_t local) {
  const std::size_t n = groups_per_launch * local;
  std::vector<sample> in(n);
  for (std::size_t i = 0; i < n; ++i) in[i] = sample_at(i);
  const auto out = run<over_group_results, SubGroup>(q, launch_1d(local), in, over_group_kernel{});
  auto num = [](auto v) { return std::to_string(v); };
  for (const segment& s : segments(groups_per_launch, local, SubGroup)) {
    std::uint32_t su = in[s.begin].u, su_init = u_init();
    std::int64_t sv = in[s.begin].v;
    for (std::size_t i = s.begin + 1; i < s.end; ++i) su = plus_mod_prime{}(su, in[i].u);
    for (std::size_t i = s.begin; i < s.end; ++i) su_init = plus_mod_prime{}(su_init, in[i].u);
    for (std::size_t i = s.begin + 1; i < s.end; ++i) sv = sv < in[i].v ? in[i].v : sv;
    std::uint32_t inc_u = 0, inc_u_init = u_init(), exc_u_init = u_init();
    std::int64_t inc_v = 0;
    affine inc_f{}, inc_f_init = f_init(), exc_f_init = f_init();
    for (std::size_t i = s.begin; i < s.end; ++i) {
      const std::string where = "sub-group " + std::to_string(SubGroup) + " local " + std::to_string(local) +
                                " item " + std::to_string(i) + " ";
      inc_u = i == s.begin ? in[i].u : plus_mod_prime{}(inc_u, in[i].u);
      inc_v = i == s.begin ? in[i].v : (inc_v < in[i].v ? in[i].v : inc_v);
      inc_f = i == s.begin ? in[i].f : compose{}(inc_f, in[i].f);
      inc_u_init = plus_mod_prime{}(inc_u_init, in[i].u);
      inc_f_init = compose{}(inc_f_init, in[i].f);
      const over_group_results& r = out[i];
      expect_same(r.reduce_u, su, where + "reduce mod prime", num);
      expect_same(r.reduce_u_init, plus_mod_prime{}(u_init(), su), where + "reduce mod prime, init", num);
      expect_same(r.reduce_v, sv, where + "reduce lambda", num);
      expect_same(r.reduce_v_init, v_init() < sv ? sv : v_init(), where + "reduce lambda, init", num);
      expect_same(r.inclusive_u, inc_u, where + "inclusive mod prime", num);
      expect_same(r.inclusive_u_init, inc_u_init, where + "inclusive mod prime, init", num);
      expect_same(r.exclusive_u_init, exc_u_init, where + "exclusive mod prime, init", num);
      expect_same(r.inclusive_v, inc_v, where + "inclusive lambda", num);
      expect_same(r.inclusive_f, inc_f, where + "inclusive compose", show_affine);
      expect_same(r.inclusive_f_init, inc_f_init, where + "inclusive compose, init", show_affine);
      expect_same(r.exclusive_f_init, exc_f_init, where + "exclusive compose, init", show_affine);
      exc_u_init = plus_mod_prime{}(exc_u_init, in[i].u);
      exc_f_init = compose{}(exc_f_init, in[i].f);
    }
  }
}

/// The joint forms over the group's (or sub-group's) own range of `length` maps; every
/// scan writes its own output range, and the no-init inclusive scan runs in place too.
struct joint_results {
  std::uint32_t reduce_u, reduce_u_init;
  int bad_end;
  affine head_after_barrier;
};

constexpr std::size_t joint_outputs = 4;  // inclusive, inclusive init, exclusive init, in place
COHORT_FUNCTION constexpr affine marker() { return {42, 43}; }

struct joint_kernel {
  const affine* maps;
  const std::uint32_t* values;
  affine* scans;
  joint_results* out;
  std::size_t length, scopes;

  template <typename Group>
  COHORT_FUNCTION void operator()(Group g, std::size_t scope, std::size_t item) const {
    const affine* first = maps + scope * length;
    const affine* last = first + length;
    affine* dst[joint_outputs];
    for (std::size_t k = 0; k < joint_outputs; ++k) dst[k] = scans + (k * scopes + scope) * length;
    joint_results r;
    // Reductions combine in an unspecified order: a commutative operator.
    r.reduce_u = joint_reduce(g, values + scope * length, values + (scope + 1) * length, plus_mod_prime{});
    r.reduce_u_init = joint_reduce(g, values + scope * length, values + (scope + 1) * length, u_init(), plus_mod_prime{});
    r.bad_end = joint_inclusive_scan(g, first, last, dst[1], compose{}, f_init()) != dst[1] + length;
    r.bad_end += joint_exclusive_scan(g, first, last, dst[2], f_init(), compose{}) != dst[2] + length;
    r.bad_end += joint_inclusive_scan(g, dst[3], dst[3] + length, dst[3], compose{}) != dst[3] + length;
    r.bad_end += joint_inclusive_scan(g, first, last, dst[0], compose{}) != dst[0] + length;
    // What the leader stores after the scan is what everybody sees after a barrier: no
    // item may write the scan's result once the scan has returned.
    if (length > 0) {
      if (g.leader()) dst[0][0] = marker();
      group_barrier(g);
      r.head_after_barrier = dst[0][0];
    } else {
      r.head_after_barrier = marker();
    }
    out[item] = r;
  }
};

/// Over the work-group (sub-group size 0) or sub-groups of the given size.
void joint_on(queue& q, std::uint32_t sub_group, std::size_t local, std::size_t length) {
  const std::size_t n = groups_per_launch * local;
  const std::size_t scopes_per_group = sub_group == 0 ? 1 : (local + sub_group - 1) / sub_group;
  const std::size_t scopes = groups_per_launch * scopes_per_group;
  auto maps = make_shared_unique<affine>(scopes * length + 1, q);
  auto values = make_shared_unique<std::uint32_t>(scopes * length + 1, q);
  auto scans = make_shared_unique<affine>(joint_outputs * scopes * length + 1, q);
  auto out = make_shared_unique<joint_results>(n, q);
  for (std::size_t i = 0; i < scopes * length; ++i) {
    maps[i] = sample_at(i).f;
    values[i] = sample_at(i).u;
  }
  for (std::size_t i = 0; i < scopes * length; ++i) scans[3 * scopes * length + i] = maps[i];  // in place
  const joint_kernel body{maps.data(), values.data(), scans.data(), out.data(), length, scopes};
  if (sub_group == 0) {
    q.parallel_for(launch_1d(local), COHORT_LAMBDA(nd_item<1> it) {
      body(it.get_group(), it.get_group_linear_id(), it.get_global_linear_id());
    }).wait_and_throw();
  } else {
    launch_with_sub_group_size(q, launch_1d(local), sub_group, COHORT_LAMBDA(nd_item<1> it) {
      const auto sg = it.get_sub_group();
      body(sg, it.get_group_linear_id() * scopes_per_group + sg.get_group_linear_id(), it.get_global_linear_id());
    });
  }

  const std::string where = "sub-group " + std::to_string(sub_group) + " local " + std::to_string(local) +
                            " length " + std::to_string(length);
  auto num = [](auto v) { return std::to_string(v); };
  for (std::size_t item = 0; item < n; ++item) {
    const std::size_t group = item / local, lid = item % local;
    const std::size_t scope = sub_group == 0 ? group : group * scopes_per_group + lid / sub_group;
    const std::uint32_t* y = values.data() + scope * length;
    std::uint32_t reduce_u = length ? y[0] : 0, reduce_u_init = u_init();  // empty, no identity: T{}
    for (std::size_t j = 1; j < length; ++j) reduce_u = plus_mod_prime{}(reduce_u, y[j]);
    for (std::size_t j = 0; j < length; ++j) reduce_u_init = plus_mod_prime{}(reduce_u_init, y[j]);
    const std::string at = where + " item " + std::to_string(item) + " ";
    expect_same(out[item].reduce_u, reduce_u, at + "joint_reduce", num);
    expect_same(out[item].reduce_u_init, reduce_u_init, at + "joint_reduce init", num);
    EXPECT_EQ(out[item].bad_end, 0) << at << "wrong end pointer";
    expect_same(out[item].head_after_barrier, marker(), at + "head written after the scan", show_affine);
  }
  for (std::size_t scope = 0; scope < scopes; ++scope) {
    const affine* x = maps.data() + scope * length;
    affine inclusive{}, inclusive_init = f_init(), exclusive_init = f_init();
    for (std::size_t j = 0; j < length; ++j) {
      inclusive = j == 0 ? x[0] : compose{}(inclusive, x[j]);
      inclusive_init = compose{}(inclusive_init, x[j]);
      const std::string at = where + " scope " + std::to_string(scope) + " element " + std::to_string(j) + " ";
      auto result = [&](std::size_t k) { return scans[(k * scopes + scope) * length + j]; };
      if (j > 0) expect_same(result(0), inclusive, at + "inclusive", show_affine);  // [0] holds the marker
      expect_same(result(1), inclusive_init, at + "inclusive init", show_affine);
      expect_same(result(2), exclusive_init, at + "exclusive init", show_affine);
      expect_same(result(3), inclusive, at + "inclusive in place", show_affine);
      exclusive_init = compose{}(exclusive_init, x[j]);
    }
  }
}
}  // namespace

TEST_P(custom_operator, over_work_groups) {
  for (std::size_t local : {1u, 31u, 32u, 33u, 144u, 256u}) over_group_on<0>(q, local);
}

TEST_P(custom_operator, over_sub_groups) {
  for_each_sub_group_size(q, [&]<std::uint32_t S>() {
    for (std::size_t local : {1u, 7u, 33u, 100u}) over_group_on<S>(q, local);
  });
}

TEST_P(custom_operator, joint_over_work_groups) {
  for (std::size_t local : {1u, 33u, 256u})
    for (std::size_t length : {0u, 1u, 5u, 100u, 700u}) joint_on(q, 0, local, length);
}

TEST_P(custom_operator, joint_over_sub_groups) {
  for_each_sub_group_size(q, [&]<std::uint32_t S>() {
    for (std::size_t local : {7u, 33u, 100u})
      for (std::size_t length : {0u, 1u, 5u, 100u}) joint_on(q, S, local, length);
  });
}

COHORT_INSTANTIATE_ON_ALL_DEVICES(custom_operator);
