// Group algorithms on work-groups and sub-groups against host loops.
#include <algorithm>
#include <climits>
#include <cstdint>
#include <vector>

#include "support/devices.hpp"

using cohort_test::on_device;
using cohort_test::shared_array;
using cohort_test::supports_sub_group_size;
using namespace cohort;

namespace {
class group_algorithms : public on_device {};

constexpr std::size_t groups = 3;

// Runs `body(it, x)` for every item of nd_range<1>{groups*local, local} with
// x = data[global id]; the kernel stores what body returns.
template <typename T, std::uint32_t SG = 0, typename Body>
std::vector<T> run(queue& q, std::size_t local, const std::vector<T>& data, Body body) {
  const shared_array<T> in_usm(data, q);
  shared_array<T> out(data.size(), q);
  const T* in = in_usm.data();
  T* o = out.data();
  const nd_range<1> ndr{groups * local, local};
  auto kernel = COHORT_LAMBDA(nd_item<1> it) {
    const std::size_t gid = it.get_global_id(0);
    o[gid] = body(it, in[gid]);
  };
  if constexpr (SG == 0) q.parallel_for(ndr, kernel).wait_and_throw();
  else q.parallel_for(ndr, properties{sub_group_size<SG>}, kernel).wait_and_throw();
  return out.to_vector();
}

template <typename T>
std::vector<T> make_data(std::size_t n, T offset) {
  std::vector<T> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = static_cast<T>(offset + static_cast<T>((i * 7 + 3) % 11));
  return v;
}

const std::size_t sizes[] = {1, 25, 31, 32, 33, 144, 256, 512, 1024};
}  // namespace

TEST_P(group_algorithms, reduce_all_operators_with_and_without_init) {
  for (std::size_t local : sizes) {
    const auto data = make_data<std::int64_t>(groups * local, INT64_MAX / 4096);  // near the limit
    const auto sum = run(q, local, data, COHORT_LAMBDA(nd_item<1> it, std::int64_t x) { return reduce_over_group(it.get_group(), x, plus<>()); });
    const auto sum_init = run(q, local, data, COHORT_LAMBDA(nd_item<1> it, std::int64_t x) {
      return reduce_over_group(it.get_group(), x, std::int64_t{10}, plus<std::int64_t>());
    });
    const auto mn = run(q, local, data, COHORT_LAMBDA(nd_item<1> it, std::int64_t x) { return reduce_over_group(it.get_group(), x, minimum<>()); });
    const auto mx = run(q, local, data, COHORT_LAMBDA(nd_item<1> it, std::int64_t x) { return reduce_over_group(it.get_group(), x, maximum<>()); });
    const auto bx = run(q, local, data, COHORT_LAMBDA(nd_item<1> it, std::int64_t x) { return reduce_over_group(it.get_group(), x, bit_xor<>()); });
    const auto bo = run(q, local, data, COHORT_LAMBDA(nd_item<1> it, std::int64_t x) { return reduce_over_group(it.get_group(), x, bit_or<>()); });
    for (std::size_t g = 0; g < groups; ++g) {
      std::int64_t s = 0, lo = INT64_MAX, hi = INT64_MIN, x = 0, o = 0;
      for (std::size_t i = g * local; i < (g + 1) * local; ++i) {
        s += data[i];
        lo = std::min(lo, data[i]);
        hi = std::max(hi, data[i]);
        x ^= data[i];
        o |= data[i];
      }
      for (std::size_t i = g * local; i < (g + 1) * local; ++i) {
        ASSERT_EQ(sum[i], s) << "local " << local;
        ASSERT_EQ(sum_init[i], s + 10);
        ASSERT_EQ(mn[i], lo);
        ASSERT_EQ(mx[i], hi);
        ASSERT_EQ(bx[i], x);
        ASSERT_EQ(bo[i], o);
      }
    }
  }
}

TEST_P(group_algorithms, scans_with_and_without_init_floats) {
  for (std::size_t local : sizes) {
    const auto data = make_data<double>(groups * local, 0.5);
    const auto inc = run(q, local, data, COHORT_LAMBDA(nd_item<1> it, double x) { return inclusive_scan_over_group(it.get_group(), x, plus<>()); });
    const auto inc_init = run(q, local, data, COHORT_LAMBDA(nd_item<1> it, double x) {
      return inclusive_scan_over_group(it.get_group(), x, plus<double>(), 100.0);
    });
    const auto exc = run(q, local, data, COHORT_LAMBDA(nd_item<1> it, double x) { return exclusive_scan_over_group(it.get_group(), x, plus<double>()); });
    const auto exc_mul = run(q, local, std::vector<double>(groups * local, 1.0), COHORT_LAMBDA(nd_item<1> it, double x) {
      return exclusive_scan_over_group(it.get_group(), x * (it.get_local_id(0) == 0 ? 2.0 : 1.0), 10.0, multiplies<>());
    });
    for (std::size_t g = 0; g < groups; ++g) {
      double acc = 0;
      for (std::size_t i = g * local; i < (g + 1) * local; ++i) {
        ASSERT_NEAR(exc[i], acc, 1e-9 * (1 + acc)) << "local " << local;
        acc += data[i];
        ASSERT_NEAR(inc[i], acc, 1e-9 * (1 + acc));
        ASSERT_NEAR(inc_init[i], acc + 100.0, 1e-9 * (1 + acc));
        ASSERT_EQ(exc_mul[i], i == g * local ? 10.0 : 20.0);
      }
    }
  }
}

TEST_P(group_algorithms, broadcast_vote_and_shuffles) {
  for (std::size_t local : sizes) {
    const auto data = make_data<int>(groups * local, -5);
    const std::size_t src = local / 2;
    const auto b = run(q, local, data, COHORT_LAMBDA(nd_item<1> it, int x) { return group_broadcast(it.get_group(), x, src); });
    const auto b0 = run(q, local, data, COHORT_LAMBDA(nd_item<1> it, int x) { return group_broadcast(it.get_group(), x); });
    const auto any = run(q, local, data, COHORT_LAMBDA(nd_item<1> it, int x) { return int(any_of_group(it.get_group(), x, [](int v) { return v == 5; })); });
    const auto all = run(q, local, data, COHORT_LAMBDA(nd_item<1> it, int x) { return int(all_of_group(it.get_group(), x >= -5)); });
    const auto none = run(q, local, data, COHORT_LAMBDA(nd_item<1> it, int x) { return int(none_of_group(it.get_group(), x > 5)); });
    const auto left = run(q, local, data, COHORT_LAMBDA(nd_item<1> it, int x) { return shift_group_left(it.get_group(), x, 3); });
    const auto right = run(q, local, data, COHORT_LAMBDA(nd_item<1> it, int x) { return shift_group_right(it.get_group(), x, 2); });
    const auto perm = run(q, local, data, COHORT_LAMBDA(nd_item<1> it, int x) { return permute_group_by_xor(it.get_group(), x, 5); });
    const auto sel = run(q, local, data, COHORT_LAMBDA(nd_item<1> it, int x) {
      return select_from_group(it.get_group(), x, id<1>{(it.get_local_id(0) * 3) % local});
    });
    for (std::size_t g = 0; g < groups; ++g) {
      const std::size_t base = g * local;
      bool has5 = false;
      for (std::size_t i = 0; i < local; ++i) has5 |= data[base + i] == 5;
      for (std::size_t i = 0; i < local; ++i) {
        ASSERT_EQ(b[base + i], data[base + src]);
        ASSERT_EQ(b0[base + i], data[base]);
        ASSERT_EQ(any[base + i], int(has5));
        ASSERT_EQ(all[base + i], 1);
        ASSERT_EQ(none[base + i], 1);
        if (i + 3 < local) ASSERT_EQ(left[base + i], data[base + i + 3]);
        if (i >= 2) ASSERT_EQ(right[base + i], data[base + i - 2]);
        if ((i ^ 5) < local) ASSERT_EQ(perm[base + i], data[base + (i ^ 5)]);
        ASSERT_EQ(sel[base + i], data[base + (i * 3) % local]);
      }
    }
  }
}

template <std::uint32_t S>
void check_sub_group_ops(queue& q, std::size_t local) {
  if (!supports_sub_group_size(q, S)) return;
  const auto data = make_data<int>(groups * local, 1);
  const auto sum = run<int, S>(q, local, data, COHORT_LAMBDA(nd_item<1> it, int x) { return reduce_over_group(it.get_sub_group(), x, plus<>()); });
  const auto inc = run<int, S>(q, local, data, COHORT_LAMBDA(nd_item<1> it, int x) { return inclusive_scan_over_group(it.get_sub_group(), x, plus<>()); });
  const auto exc = run<int, S>(q, local, data, COHORT_LAMBDA(nd_item<1> it, int x) { return exclusive_scan_over_group(it.get_sub_group(), x, maximum<>()); });
  const auto bc = run<int, S>(q, local, data, COHORT_LAMBDA(nd_item<1> it, int x) { return group_broadcast(it.get_sub_group(), x); });
  const auto sl = run<int, S>(q, local, data, COHORT_LAMBDA(nd_item<1> it, int x) { return shift_group_left(it.get_sub_group(), x, 1); });
  for (std::size_t i = 0; i < data.size(); ++i) {
    const std::size_t l = i % local, first = i - l + (l / S) * S;
    const std::size_t last = std::min(first + S, i - l + local);
    int s = 0, pre = 0, mx = INT_MIN;
    for (std::size_t j = first; j < last; ++j) s += data[j];
    for (std::size_t j = first; j <= i; ++j) pre += data[j];
    for (std::size_t j = first; j < i; ++j) mx = std::max(mx, data[j]);
    ASSERT_EQ(sum[i], s) << "sub-group " << S << " local " << local << " item " << i;
    ASSERT_EQ(inc[i], pre);
    ASSERT_EQ(exc[i], mx);  // known_identity of maximum<int> for the first item
    ASSERT_EQ(bc[i], data[first]);
    if (i + 1 < last) ASSERT_EQ(sl[i], data[i + 1]);
  }
}

TEST_P(group_algorithms, sub_group_collectives_every_size_and_partial) {
  for (std::size_t local : {1u, 7u, 33u, 100u, 256u}) {
    check_sub_group_ops<1>(q, local);
    check_sub_group_ops<8>(q, local);
    check_sub_group_ops<16>(q, local);
    check_sub_group_ops<32>(q, local);
  }
}

TEST_P(group_algorithms, joint_forms_short_long_empty_and_in_place) {
  for (std::size_t local : {1u, 33u, 256u}) {
    for (std::size_t len : {std::size_t{0}, std::size_t{1}, local / 2, 3 * local + 1}) {
      const shared_array<int> in(make_data<int>(groups * len + 1, 0), q);
      shared_array<int> red(groups * local, q), any(groups * local, q);
      shared_array<int> scan(groups * len + 1, q, -1), ex(groups * len + 1, q, -1);
      int *pi = in.data(), *pr = red.data(), *pa = any.data(), *ps = scan.data(), *pe = ex.data();
      q.parallel_for(nd_range<1>{groups * local, local}, COHORT_LAMBDA(nd_item<1> it) {
         const auto g = it.get_group();
         const std::size_t b = g.get_group_linear_id() * len;
         pr[it.get_global_id(0)] = joint_reduce(g, pi + b, pi + b + len, plus<>()) + joint_reduce(g, pi + b, pi + b + len, 1000, plus<>());
         pa[it.get_global_id(0)] = joint_any_of(g, pi + b, pi + b + len, [](int v) { return v == 10; }) * 2 +
                                    joint_all_of(g, pi + b, pi + b + len, [](int v) { return v < 11; });
         int* end = joint_inclusive_scan(g, pi + b, pi + b + len, ps + b, plus<>());
         if (end != ps + b + len) pr[it.get_global_id(0)] = -12345;
         joint_exclusive_scan(g, pi + b, pi + b + len, pe + b, 7, plus<>());
       }).wait_and_throw();
      for (std::size_t g = 0; g < groups; ++g) {
        const std::size_t b = g * len;
        int s = 0;
        bool has10 = false, all_lt = true;
        for (std::size_t i = b; i < b + len; ++i) {
          ASSERT_EQ(ex[i], 7 + s);
          s += in[i];
          ASSERT_EQ(scan[i], s);
          has10 |= in[i] == 10;
          all_lt &= in[i] < 11;
        }
        for (std::size_t i = g * local; i < (g + 1) * local; ++i) {
          ASSERT_EQ(red[i], 2 * s + 1000) << "len " << len;
          ASSERT_EQ(any[i], int(has10) * 2 + int(all_lt));
        }
      }
      // in place
      const std::vector<int> ref = make_data<int>(len, 0);
      shared_array<int> v(ref, q);
      int* pv = v.data();
      q.parallel_for(nd_range<1>{local, local}, COHORT_LAMBDA(nd_item<1> it) {
         joint_exclusive_scan(it.get_group(), pv, pv + len, pv, plus<>());
       }).wait_and_throw();
      int acc = 0;
      for (std::size_t i = 0; i < len; ++i) {
        ASSERT_EQ(v[i], acc);
        acc += ref[i];
      }
    }
  }
}

// Joint algorithms over sub-groups (each over its own items' values) and over the
// work-group, between value collectives of both scopes, twice in a row; and a joint result
// larger than a cache line (vec<double, 16>).
template <std::uint32_t S>
void check_joint_between_collectives(queue& q, std::size_t local) {
  if (!supports_sub_group_size(q, S)) return;
  const auto data = make_data<int>(groups * local, 0);
  constexpr int rounds = 2;
  const shared_array<int> data_usm(data, q);
  shared_array<int> sg_joint(groups * local * rounds, q), sg_joint_init(groups * local * rounds, q),
      sg_sum(groups * local * rounds, q), wg_any(groups * local * rounds, q), wg_scan(groups * local * rounds, q);
  shared_array<double> wide(groups * local, q);
  shared_array<vec<double, 16>> rows(groups * 3, q);  // three per group, component c of row k: 1000 g + 16 k + c
  for (std::size_t g = 0; g < groups; ++g)
    for (int k = 0; k < 3; ++k)
      for (int c = 0; c < 16; ++c) rows[g * 3 + k][c] = static_cast<double>(1000 * g + 16 * k + c);
  const vec<double, 16>* prow = rows.data();
  const int* in = data_usm.data();
  int *pj = sg_joint.data(), *pji = sg_joint_init.data(), *ps = sg_sum.data(), *pa = wg_any.data(), *pw = wg_scan.data();
  double* pv = wide.data();
  q.parallel_for(nd_range<1>{groups * local, local}, properties{sub_group_size<S>}, COHORT_LAMBDA(nd_item<1> it) {
     const auto g = it.get_group();
     const auto sg = it.get_sub_group();
     const std::size_t gid = it.get_global_id(0);
     const int* p = in + g.get_group_linear_id() * local;
     const std::size_t first = sg.get_group_linear_id() * S, last = first + sg.get_local_linear_range();
     for (int r = 0; r < rounds; ++r) {
       const std::size_t o = gid * rounds + r;
       pj[o] = joint_reduce(sg, p + first, p + last, plus<>());
       ps[o] = reduce_over_group(sg, in[gid] + r, plus<>());
       pa[o] = joint_any_of(g, p, p + local, [r](int v) { return v == 10 - r; });
       pw[o] = inclusive_scan_over_group(g, in[gid] * (r + 1), plus<>());
       pji[o] = joint_reduce(sg, p + first, p + last, 100 * r, plus<>());
     }
     const vec<double, 16>* mine = prow + g.get_group_linear_id() * 3;
     const vec<double, 16> w = joint_reduce(g, mine, mine + 3, vec<double, 16>(0.5), plus<>());
     pv[gid] = w[0] + w[15];
   }).wait_and_throw();
  for (std::size_t i = 0; i < data.size(); ++i) {
    const std::size_t base = i - i % local, l = i % local, first = base + (l / S) * S;
    const std::size_t last = std::min(first + S, base + local);
    int s = 0, pre_unit = 0;
    for (std::size_t j = first; j < last; ++j) s += data[j];
    for (std::size_t j = base; j <= i; ++j) pre_unit += data[j];
    for (int r = 0; r < rounds; ++r) {
      const std::size_t o = i * rounds + r;
      bool any = false;
      for (std::size_t j = base; j < base + local; ++j) any |= data[j] == 10 - r;
      ASSERT_EQ(sg_joint[o], s) << "sub-group " << S << " local " << local << " item " << i << " round " << r;
      ASSERT_EQ(sg_sum[o], s + r * static_cast<int>(last - first));
      ASSERT_EQ(wg_any[o], int(any));
      ASSERT_EQ(wg_scan[o], pre_unit * (r + 1));
      ASSERT_EQ(sg_joint_init[o], s + 100 * r);
    }
  }
  // Component c of the sum: 0.5 + 3 (1000 g) + 48 + 3 c.
  for (std::size_t i = 0; i < wide.size(); ++i) {
    const double base = 3000.0 * static_cast<double>(i / local) + 48 + 0.5;
    ASSERT_EQ(wide[i], base + base + 45) << "local " << local << " item " << i;
  }
}

TEST_P(group_algorithms, joint_forms_on_sub_groups_between_other_collectives) {
  for (std::size_t local : {1u, 7u, 33u, 100u, 256u}) {
    check_joint_between_collectives<8>(q, local);
    check_joint_between_collectives<16>(q, local);
    check_joint_between_collectives<32>(q, local);
  }
}

TEST_P(group_algorithms, back_to_back_collectives_in_loops_and_lambdas) {
  const std::size_t local = 64;
  const auto data = make_data<int>(groups * local, 0);
  const auto out = run(q, local, data, COHORT_LAMBDA(nd_item<1> it, int x) {
    const auto g = it.get_group();
    auto red = [&](int v) { return reduce_over_group(g, v, plus<>()); };
    int acc = 0;
    for (int outer = 0; outer < 3; ++outer)
      for (int inner = 0; inner < 4; ++inner) acc += red(x + inner) - inclusive_scan_over_group(g, 1, plus<>());
    return acc;
  });
  for (std::size_t g = 0; g < groups; ++g) {
    int s = 0;
    for (std::size_t i = g * local; i < (g + 1) * local; ++i) s += data[i];
    for (std::size_t i = g * local; i < (g + 1) * local; ++i) {
      int expected = 0;
      for (int inner = 0; inner < 4; ++inner) expected += s + inner * static_cast<int>(local) - static_cast<int>(i - g * local + 1);
      ASSERT_EQ(out[i], 3 * expected);
    }
  }
}

TEST_P(group_algorithms, two_and_three_dimensional_groups) {
  const range<3> local{2, 3, 5}, global{4, 3, 10};
  shared_array<long> out(global.size(), q);
  long* o = out.data();
  q.parallel_for(nd_range<3>{global, local}, COHORT_LAMBDA(nd_item<3> it) {
     const auto g = it.get_group();
     const long lid = static_cast<long>(it.get_local_linear_id());
     o[it.get_global_linear_id()] = reduce_over_group(g, lid, plus<>()) * 1000 + exclusive_scan_over_group(g, lid, plus<>()) +
                                     group_broadcast(g, lid, id<3>{1, 2, 4}) * 1000000;
   }).wait_and_throw();
  for (std::size_t i = 0; i < global.size(); ++i) {
    const auto gid = detail::delinearize<3, id<3>>(i, global);
    const long lid = static_cast<long>(((gid[0] % 2) * 3 + gid[1] % 3) * 5 + gid[2] % 5);
    ASSERT_EQ(out[i], 29 * 30 / 2 * 1000 + lid * (lid - 1) / 2 + 29 * 1000000);
  }
}

COHORT_INSTANTIATE_ON_ALL_DEVICES(group_algorithms);
