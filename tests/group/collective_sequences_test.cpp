// SPDX-License-Identifier: MIT
// Collectives in sequence: back to back with different value types, inside loops and
// nested loops, inside lambdas that capture the group (AdaptiveCpp #1759, #2224, #1898),
// sub-group collectives between work-group collectives, joint results and reductions'
// totals alternating, and whole groups exiting early.
#include <algorithm>
#include <cstdint>
#include <vector>

#include "support/devices.hpp"
#include "support/group_matrix.hpp"

using namespace cohort;
using namespace cohort_test::matrix;

namespace {
class collective_sequences : public cohort_test::on_device {};

/// A byte reduction, then a 32-byte select, then a double scan, twice (the second time
/// any scratch memory is already large): items that already resumed publish values of
/// another type while later items still collect the previous result.
struct mixed_types {
  template <typename Group, typename Item>
  COHORT_FUNCTION double operator()(Group g, int x, Item) const {
    const std::size_t size = g.get_local_linear_range(), me = g.get_local_linear_id();
    double r = 0;
    for (int round = 0; round < 2; ++round) {
      const auto small = reduce_over_group(g, static_cast<std::uint8_t>(x), plus<>());
      const vec<double, 4> wide = select_from_group(g, vec<double, 4>(x), typename Group::id_type{size - 1 - me});
      const double scanned = inclusive_scan_over_group(g, wide[3], plus<>());
      const auto flag = any_of_group(g, x == 3);
      r += scanned * 1000 + small + flag;
    }
    return r;
  }
};

/// Nested loops of collectives through a lambda that captures the group.
struct loops_and_lambdas {
  template <typename Group, typename Item>
  COHORT_FUNCTION int operator()(Group g, int x, Item) const {
    auto sum = [g](int v) { return reduce_over_group(g, v, plus<>()); };
    int acc = 0;
    for (int outer = 0; outer < 3; ++outer)
      for (int inner = 0; inner < 4; ++inner) {
        acc += sum(x + inner) - exclusive_scan_over_group(g, 1, plus<>());
        group_barrier(g);
        acc += group_broadcast(g, inner * outer);
      }
    return acc;
  }
};
/// e: a vec reduction over the work-group (its result stays in the last item's frame)
/// followed at once by a vec reduction (f) and a vec scan (h) over each sub-group, which
/// the first sub-groups complete while later items still wait for e.
struct sub_groups_between_work_groups {
  using out_t = results<std::int64_t, 6>;
  COHORT_FUNCTION out_t operator()(sub_group sg, std::int64_t x, nd_item<1> it) const {
    const auto g = it.get_group();
    const std::int64_t a = inclusive_scan_over_group(g, x, plus<>());
    const vec<std::int16_t, 8> b = reduce_over_group(sg, vec<std::int16_t, 8>(static_cast<std::int16_t>(x)), maximum<>());
    const std::int64_t c = reduce_over_group(g, std::int64_t{b[5]}, plus<>());
    const std::int64_t d = shift_group_left(sg, a, 1u);
    const vec<std::int32_t, 4> v(static_cast<std::int32_t>(x));
    const vec<std::int32_t, 4> e = reduce_over_group(g, v, plus<>());
    const vec<std::int32_t, 4> f = reduce_over_group(sg, v, plus<>());
    const vec<std::int32_t, 4> h = inclusive_scan_over_group(sg, v, plus<>());
    return out_t{{a, c, d, e[2], f[1], h[3]}};
  }
};

/// Sub-groups run different numbers of their own scans between work-group collectives.
struct sub_groups_at_different_pace {
  static constexpr int rounds = 3;
  using out_t = results<std::int64_t, 4 * rounds + 1>;
  COHORT_FUNCTION out_t operator()(sub_group sg, std::int64_t x, nd_item<1> it) const {
    const auto g = it.get_group();
    out_t r{};
    std::int64_t own = 0;
    for (int round = 0; round < rounds; ++round) {
      const std::int64_t a = inclusive_scan_over_group(g, x + round, plus<>());
      const int own_scans = static_cast<int>(sg.get_group_linear_id() % 3) + round;
      for (int k = 1; k <= own_scans; ++k) own += exclusive_scan_over_group(sg, x * k, plus<>());
      const std::int64_t b = reduce_over_group(g, x * (round + 1), plus<>());
      const std::int64_t c = reduce_over_group(g, a, maximum<>());
      const std::int64_t d = exclusive_scan_over_group(g, a - b, plus<>());
      r.v[4 * round] = a;
      r.v[4 * round + 1] = b;
      r.v[4 * round + 2] = c;
      r.v[4 * round + 3] = d;
    }
    r.v[4 * rounds] = own;
    return r;
  }
};

struct five {
  std::int64_t v[5];
};
}  // namespace

TEST_P(collective_sequences, back_to_back_different_types) {
  for (std::size_t local : sizes_1d) {
    std::vector<int> in(groups_per_launch * local);
    for (std::size_t i = 0; i < in.size(); ++i) in[i] = static_cast<int>(mix(i) % 200);
    const auto out = run<double>(q, launch_1d(local), in, mixed_types{});
    for (const segment& s : segments(groups_per_launch, local)) {
      std::uint8_t small = 0;
      bool flag = false;
      for (std::size_t i = s.begin; i < s.end; ++i) {
        small = static_cast<std::uint8_t>(small + in[i]);
        flag |= in[i] == 3;
      }
      double scanned = 0;
      for (std::size_t i = s.begin; i < s.end; ++i) {
        scanned += in[s.end - 1 - (i - s.begin)];
        ASSERT_EQ(out[i], 2 * (scanned * 1000 + small + flag)) << "local " << local << " item " << i;
      }
    }
  }
}

TEST_P(collective_sequences, loops_and_lambdas_capturing_the_group) {
  auto expect = [](const std::vector<int>& in, const std::vector<int>& out, const std::vector<segment>& segs) {
    for (const segment& s : segs) {
      int total = 0;
      for (std::size_t i = s.begin; i < s.end; ++i) total += in[i];
      const int size = static_cast<int>(s.end - s.begin);
      for (std::size_t i = s.begin; i < s.end; ++i) {
        int expected = 0;
        for (int outer = 0; outer < 3; ++outer)
          for (int inner = 0; inner < 4; ++inner) expected += total + inner * size - static_cast<int>(i - s.begin) + inner * outer;
        ASSERT_EQ(out[i], expected) << "item " << i;
      }
    }
  };
  for (std::size_t local : {1u, 33u, 256u}) {
    const auto in = data<std::int16_t>(groups_per_launch * local);
    const std::vector<int> x(in.begin(), in.end());
    expect(x, run<int>(q, launch_1d(local), x, loops_and_lambdas{}), segments(groups_per_launch, local));
    for_each_sub_group_size(q, [&]<std::uint32_t S>() {
      expect(x, run<int, S>(q, launch_1d(local), x, loops_and_lambdas{}), segments(groups_per_launch, local, S));
    });
  }
}

TEST_P(collective_sequences, sub_group_collectives_between_work_group_collectives) {
  for_each_sub_group_size(q, [&]<std::uint32_t S>() {
    for (std::size_t local : {7u, 64u, 100u, 1024u}) {
      std::vector<std::int64_t> in(groups_per_launch * local);
      for (std::size_t i = 0; i < in.size(); ++i) in[i] = static_cast<std::int64_t>(mix(i) % 1000);
      using out_t = sub_groups_between_work_groups::out_t;
      const auto out = run<out_t, S>(q, launch_1d(local), in, sub_groups_between_work_groups{});
      for (const segment& grp : segments(groups_per_launch, local)) {
        std::int64_t c = 0, total = 0;
        for (const segment& s : segments(1, local, S)) {
          std::int64_t mx = INT64_MIN, sum = 0, prefix = 0;
          for (std::size_t i = s.begin; i < s.end; ++i) {
            mx = std::max(mx, in[grp.begin + i]);
            sum += in[grp.begin + i];
          }
          c += mx * static_cast<std::int64_t>(s.end - s.begin);
          total += sum;
          for (std::size_t i = s.begin; i < s.end; ++i) {
            prefix += in[grp.begin + i];
            ASSERT_EQ(out[grp.begin + i].v[4], sum) << "sub-group " << S << " item " << grp.begin + i;
            ASSERT_EQ(out[grp.begin + i].v[5], prefix) << "sub-group " << S << " item " << grp.begin + i;
          }
        }
        std::int64_t a = 0;
        for (std::size_t i = grp.begin; i < grp.end; ++i) {
          a += in[i];
          const std::size_t lid = i - grp.begin;
          ASSERT_EQ(out[i].v[0], a) << "sub-group " << S << " item " << i;
          ASSERT_EQ(out[i].v[1], c) << "sub-group " << S << " item " << i;
          if (lid + 1 < local && (lid + 1) % S != 0) ASSERT_EQ(out[i].v[2], a + in[i + 1]) << "sub-group " << S << " item " << i;
          ASSERT_EQ(out[i].v[3], total) << "sub-group " << S << " item " << i;
        }
      }
    }
  });
}

// Work-group collectives combine values as the items arrive, in local id order, into a
// running value per scope, and reductions hand their total out of a result place that the
// completion writes while the next collective's first item already restarts the running
// value. Here sub-groups run different numbers of their own
// scans between work-group collectives (the first item of a sub-group arrives at the
// work-group scan only after its sub-group's scans), and reductions follow each other and
// a scan back to back while later items still have to read the previous total.
TEST_P(collective_sequences, sub_groups_at_different_pace_between_work_group_collectives) {
  constexpr int rounds = sub_groups_at_different_pace::rounds;
  for_each_sub_group_size(q, [&]<std::uint32_t S>() {
    for (std::size_t local : {7u, 33u, 64u, 256u}) {
      std::vector<std::int64_t> in(groups_per_launch * local);
      for (std::size_t i = 0; i < in.size(); ++i) in[i] = static_cast<std::int64_t>(mix(i) % 1000) - 300;
      const auto out = run<sub_groups_at_different_pace::out_t, S>(q, launch_1d(local), in, sub_groups_at_different_pace{});
      for (const segment& grp : segments(groups_per_launch, local)) {
        for (int round = 0; round < rounds; ++round) {
          std::int64_t b = 0, c = INT64_MIN;
          std::vector<std::int64_t> a(local);
          for (std::size_t l = 0; l < local; ++l) {
            a[l] = (l ? a[l - 1] : 0) + in[grp.begin + l] + round;
            b += in[grp.begin + l] * (round + 1);
            c = std::max(c, a[l]);
          }
          std::int64_t d = 0;
          for (std::size_t l = 0; l < local; ++l) {
            const auto& got = out[grp.begin + l].v;
            ASSERT_EQ(got[4 * round], a[l]) << "sub-group " << S << " local " << local << " item " << l;
            ASSERT_EQ(got[4 * round + 1], b) << "sub-group " << S << " local " << local << " item " << l;
            ASSERT_EQ(got[4 * round + 2], c) << "sub-group " << S << " local " << local << " item " << l;
            ASSERT_EQ(got[4 * round + 3], d) << "sub-group " << S << " local " << local << " item " << l;
            d += a[l] - b;
          }
        }
        const std::size_t step = S == 0 ? local : S;
        for (std::size_t first = 0; first < local; first += step) {
          const auto sub_group_id = static_cast<int>(first / step);
          std::int64_t prefix = 0;
          for (std::size_t l = first; l < std::min(first + step, local); ++l) {
            std::int64_t own = 0;
            for (int round = 0; round < rounds; ++round)
              for (int k = 1; k <= sub_group_id % 3 + round; ++k) own += prefix * k;
            ASSERT_EQ(out[grp.begin + l].v[4 * rounds], own) << "sub-group " << S << " local " << local << " item " << l;
            prefix += in[grp.begin + l];
          }
        }
      }
    }
  });
}

TEST_P(collective_sequences, whole_groups_exiting_early) {
  for (std::size_t local : {1u, 32u, 144u}) {
    const std::size_t groups = 7;
    auto out = make_shared_unique<int>(groups * local, q);
    std::fill(out.begin(), out.end(), -1);
    int* o = out.data();
    q.parallel_for(nd_range<1>{groups * local, local}, COHORT_LAMBDA(nd_item<1> it) {
       const auto g = it.get_group();
       if (g.get_group_linear_id() % 3 == 1) return;  // the whole group leaves
       const int s = reduce_over_group(g, 1, plus<>());
       o[it.get_global_linear_id()] = joint_reduce(g, o, o, s, plus<>()) + inclusive_scan_over_group(g, 1, plus<>());
     }).wait_and_throw();
    for (std::size_t i = 0; i < groups * local; ++i) {
      const std::size_t g = i / local;
      ASSERT_EQ(out[i], g % 3 == 1 ? -1 : static_cast<int>(local + i % local + 1)) << "local " << local << " item " << i;
    }
  }
}

// Joint algorithms' results and reductions' totals reach the items through one result
// place per scope, and every scan or reduction restarts the scope's running value as soon
// as the first item arrives at it, while later items have still to read the previous
// result. Alternating them, with values that differ at every step, shows any item that
// reads a result meant for another collective.
TEST_P(collective_sequences, joint_results_and_totals_alternate) {
  for (std::size_t local : {1u, 31u, 256u}) {
    const std::size_t n = groups_per_launch * local;
    auto in = make_shared_unique<std::int64_t>(n, q);
    auto out = make_shared_unique<five>(n, q);
    for (std::size_t i = 0; i < n; ++i) in[i] = static_cast<std::int64_t>(mix(i) % 1000) - 400;
    const std::int64_t* x = in.data();
    five* o = out.data();
    q.parallel_for(nd_range<1>{n, local}, COHORT_LAMBDA(nd_item<1> it) {
       const auto g = it.get_group();
       const std::int64_t* mine = x + g.get_group_linear_id() * local;
       const std::int64_t own = x[it.get_global_linear_id()];
       five r;
       r.v[0] = joint_reduce(g, mine, mine + local, plus<>());
       r.v[1] = reduce_over_group(g, own * 3, plus<>());
       r.v[2] = inclusive_scan_over_group(g, own, plus<>());
       r.v[3] = joint_reduce(g, mine, mine + local, maximum<>());
       r.v[4] = reduce_over_group(g, own, minimum<>());
       o[it.get_global_linear_id()] = r;
     }).wait_and_throw();
    for (const segment& grp : segments(groups_per_launch, local)) {
      std::int64_t sum = 0, max = INT64_MIN, min = INT64_MAX, prefix = 0;
      for (std::size_t i = grp.begin; i < grp.end; ++i) {
        sum += in[i];
        max = std::max(max, in[i]);
        min = std::min(min, in[i]);
      }
      for (std::size_t i = grp.begin; i < grp.end; ++i) {
        prefix += in[i];
        const auto& got = out[i].v;
        ASSERT_EQ(got[0], sum) << "local " << local << " item " << i;
        ASSERT_EQ(got[1], 3 * sum) << "local " << local << " item " << i;
        ASSERT_EQ(got[2], prefix) << "local " << local << " item " << i;
        ASSERT_EQ(got[3], max) << "local " << local << " item " << i;
        ASSERT_EQ(got[4], min) << "local " << local << " item " << i;
      }
    }
  }
}

COHORT_INSTANTIATE_ON_ALL_DEVICES(collective_sequences);
