// SPDX-License-Identifier: MIT
// cohort::ext sub-group extras (ballot, match_any, match_all, broadcast_from_leader) on
// every sub-group size, with partial last sub-groups and several groups per launch, and
// on small work-groups; every result against a reference computed by host loops.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <limits>
#include <utility>
#include <vector>

#include "support/devices.hpp"

using cohort_test::on_device;
using cohort_test::shared_array;
using cohort_test::supports_sub_group_size;
using namespace cohort;
using ext::sub_group_mask;

namespace {
class sub_group_extras : public on_device {};

constexpr std::size_t groups = 3;
const std::size_t local_sizes[] = {1, 7, 25, 32, 33, 144};

/// Where item `i` of nd_range<1>{groups * local, local} sits in its sub-group of size S.
struct sub_group_place {
  std::size_t first, last, lane;  // [first, last): global ids of the sub-group's items
};
sub_group_place place_of(std::size_t i, std::size_t local, std::size_t S) {
  const std::size_t base = i - i % local;
  const std::size_t first = base + (i % local) / S * S;
  return {first, std::min(first + S, base + local), i - first};
}

/// What a kernel observed of one mask.
struct mask_record {
  std::uint32_t bits, size, count, low, high;
  bool any, all, none;
};
COHORT_INLINE mask_record record(const sub_group_mask& m) {
  return {static_cast<std::uint32_t>(m), m.size(), m.count(), m.find_low(), m.find_high(), m.any(), m.all(), m.none()};
}
/// The record of the mask with `bits` in a group of `size` items, computed bit by bit.
mask_record expected_record(std::uint32_t bits, std::uint32_t size) {
  mask_record r{bits, size, 0, size, size, false, true, true};
  for (std::uint32_t b = 0; b < size; ++b) {
    const bool set = (bits >> b) & 1u;
    r.count += set;
    if (set && r.low == size) r.low = b;
    if (set) r.high = b;
    r.any = r.any || set;
    r.all = r.all && set;
    r.none = r.none && !set;
  }
  return r;
}
void expect_same(const mask_record& got, const mask_record& want, const char* what, std::size_t item) {
  ASSERT_EQ(got.bits, want.bits) << what << " item " << item;
  ASSERT_EQ(got.size, want.size) << what << " item " << item;
  ASSERT_EQ(got.count, want.count) << what << " item " << item;
  ASSERT_EQ(got.low, want.low) << what << " item " << item;
  ASSERT_EQ(got.high, want.high) << what << " item " << item;
  ASSERT_EQ(got.any, want.any) << what << " item " << item;
  ASSERT_EQ(got.all, want.all) << what << " item " << item;
  ASSERT_EQ(got.none, want.none) << what << " item " << item;
}

/// Runs nd_range<1>{groups * local, local} with sub-group size SG (1: the default, no
/// property) and returns what `body(it, in[global id])` gave every item.
template <typename Body, typename In>
using result_of_body = decltype(std::declval<const Body&>()(std::declval<nd_item<1>>(), In{}));
// (nvcc: a function that defines an extended lambda may not deduce its return type.)
template <std::uint32_t SG, typename In, typename Body>
std::vector<result_of_body<Body, In>> run(queue& q, std::size_t local, const std::vector<In>& in, Body body) {
  using Out = result_of_body<Body, In>;
  const shared_array<In> in_usm(in, q);
  shared_array<Out> out(groups * local, q);
  const In* pi = in_usm.data();
  Out* po = out.data();
  const nd_range<1> ndr{groups * local, local};
  auto kernel = COHORT_LAMBDA(nd_item<1> it) { po[it.get_global_id(0)] = body(it, pi[it.get_global_id(0)]); };
  if constexpr (SG == 1)
    q.parallel_for(ndr, kernel).wait_and_throw();
  else
    q.parallel_for(ndr, properties{sub_group_size<SG>}, kernel).wait_and_throw();
  return out.to_vector();
}

/// Predicate patterns: all false, all true, one item true per sub-group, one item false
/// per sub-group (the odd one at a lane that varies between sub-groups), and mixed.
enum class pattern { all_false, all_true, one_true, one_false, mixed };
const pattern patterns[] = {pattern::all_false, pattern::all_true, pattern::one_true, pattern::one_false,
                            pattern::mixed};
std::vector<int> make_predicates(pattern p, std::size_t local, std::size_t S) {
  std::vector<int> v(groups * local);
  for (std::size_t i = 0; i < v.size(); ++i) {
    const sub_group_place s = place_of(i, local, S);
    const std::size_t odd_lane = (s.first * 7 + 3) % (s.last - s.first);
    switch (p) {
      case pattern::all_false: v[i] = 0; break;
      case pattern::all_true: v[i] = 1; break;
      case pattern::one_true: v[i] = s.lane == odd_lane; break;
      case pattern::one_false: v[i] = s.lane != odd_lane; break;
      case pattern::mixed: v[i] = (i * 2654435761u >> 7) % 3 == 0; break;
    }
  }
  return v;
}

template <std::uint32_t S>
void check_ballot(queue& q) {
  if (!supports_sub_group_size(q, S)) return;
  for (std::size_t local : local_sizes)
    for (pattern p : patterns) {
      const auto pred = make_predicates(p, local, S);
      const auto got = run<S>(q, local, pred, COHORT_LAMBDA(nd_item<1> it, int x) {
        return record(ext::ballot(it.get_sub_group(), x != 0));
      });
      for (std::size_t i = 0; i < got.size(); ++i) {
        const sub_group_place s = place_of(i, local, S);
        std::uint32_t bits = 0;
        for (std::size_t j = s.first; j < s.last; ++j) bits |= std::uint32_t(pred[j] != 0) << (j - s.first);
        expect_same(got[i], expected_record(bits, std::uint32_t(s.last - s.first)), "ballot", i);
        if (::testing::Test::HasFatalFailure()) return;
      }
    }
}

/// Values with `classes` distinct values per sub-group (1: all equal; 0: all distinct).
std::vector<std::int64_t> make_values(std::size_t local, std::size_t S, std::size_t classes, bool one_odd) {
  std::vector<std::int64_t> v(groups * local);
  for (std::size_t i = 0; i < v.size(); ++i) {
    const sub_group_place s = place_of(i, local, S);
    const std::int64_t tag = static_cast<std::int64_t>(s.first) << 40;  // differs between sub-groups
    v[i] = tag + static_cast<std::int64_t>(classes == 0 ? i : (s.lane * 5 + 1) % classes);
    if (one_odd && s.lane == (s.first * 3 + 1) % (s.last - s.first)) v[i] = -1;
  }
  return v;
}

template <std::uint32_t S>
void check_match(queue& q) {
  if (!supports_sub_group_size(q, S)) return;
  struct case_ {
    std::size_t classes;
    bool one_odd;
  };
  for (std::size_t local : local_sizes)
    for (case_ c : {case_{1, false}, case_{1, true}, case_{0, false}, case_{3, false}, case_{2, true}}) {
      const auto v = make_values(local, S, c.classes, c.one_odd);
      const auto any = run<S>(q, local, v, COHORT_LAMBDA(nd_item<1> it, std::int64_t x) {
        return record(ext::match_any(it.get_sub_group(), x));
      });
      const auto all = run<S>(q, local, v, COHORT_LAMBDA(nd_item<1> it, std::int64_t x) {
        bool pred = false;
        const mask_record r = record(ext::match_all(it.get_sub_group(), x, pred));
        return std::pair<mask_record, bool>{r, pred};
      });
      // The value of each class's leader: match_any's mask fed to broadcast_from_leader.
      const auto class_leader = run<S>(q, local, v, COHORT_LAMBDA(nd_item<1> it, std::int64_t x) {
        const auto sg = it.get_sub_group();
        const auto lane_tag = static_cast<std::int64_t>(sg.get_local_linear_id()) << 20;
        return ext::broadcast_from_leader(sg, x + lane_tag, ext::match_any(sg, x));
      });
      for (std::size_t i = 0; i < v.size(); ++i) {
        const sub_group_place s = place_of(i, local, S);
        const auto size = std::uint32_t(s.last - s.first);
        std::uint32_t same = 0;
        bool all_equal = true;
        for (std::size_t j = s.first; j < s.last; ++j) {
          same |= std::uint32_t(v[j] == v[i]) << (j - s.first);
          all_equal = all_equal && v[j] == v[s.first];
        }
        expect_same(any[i], expected_record(same, size), "match_any", i);
        expect_same(all[i].first, expected_record(all_equal ? (size == 32 ? ~0u : (1u << size) - 1) : 0u, size),
                    "match_all", i);
        ASSERT_EQ(all[i].second, all_equal) << "match_all pred, item " << i;
        std::size_t leader = s.first;
        while (v[leader] != v[i]) ++leader;
        ASSERT_EQ(class_leader[i], v[i] + (static_cast<std::int64_t>(leader - s.first) << 20)) << "item " << i;
        if (::testing::Test::HasFatalFailure()) return;
      }
    }
}

template <std::uint32_t S>
void check_leader_broadcast(queue& q) {
  if (!supports_sub_group_size(q, S)) return;
  for (std::size_t local : local_sizes) {
    std::vector<double> v(groups * local);
    for (std::size_t i = 0; i < v.size(); ++i) v[i] = 0.5 * static_cast<double>(i * 13 % 29) - 3;
    const auto sg = run<S>(q, local, v, COHORT_LAMBDA(nd_item<1> it, double x) {
      return ext::broadcast_from_leader(it.get_sub_group(), x);
    });
    const auto wg = run<S>(q, local, v, COHORT_LAMBDA(nd_item<1> it, double x) {
      return ext::broadcast_from_leader(it.get_group(), x);
    });
    const auto empty_mask = run<S>(q, local, v, COHORT_LAMBDA(nd_item<1> it, double x) {
      const auto g = it.get_sub_group();
      return ext::broadcast_from_leader(g, x, ext::ballot(g, false));
    });
    for (std::size_t i = 0; i < v.size(); ++i) {
      ASSERT_EQ(sg[i], v[place_of(i, local, S).first]) << "local " << local << " item " << i;
      ASSERT_EQ(wg[i], v[i - i % local]) << "local " << local << " item " << i;
      ASSERT_EQ(empty_mask[i], v[i]) << "local " << local << " item " << i;
    }
  }
}

struct pair_ {
  std::int32_t a, b;
};

/// match_any's bits over sub-groups of size S in work-groups of `local` items.
template <std::uint32_t S, typename T>
std::vector<std::uint32_t> match_any_bits(queue& q, std::size_t local, const std::vector<T>& v) {
  return run<S>(q, local, v, COHORT_LAMBDA(nd_item<1> it, T x) { return ext::match_any(it.get_sub_group(), x).bits(); });
}

/// ballot, match_any and leader broadcasts back to back over sub-groups of size S.
template <std::uint32_t S>
void check_back_to_back(queue& q) {
  const std::size_t local = 144;
  std::vector<int> in(groups * local);
  for (std::size_t i = 0; i < in.size(); ++i) in[i] = static_cast<int>(i % 5);
  const auto got = run<S>(q, local, in, COHORT_LAMBDA(nd_item<1> it, int x) {
    const auto sg = it.get_sub_group();
    std::uint32_t acc = 0;
    for (int k = 0; k < 5; ++k) {
      acc += ext::ballot(sg, x == k).count();
      acc += ext::match_any(sg, x + k).count() * 100;
      acc += static_cast<std::uint32_t>(ext::broadcast_from_leader(sg, x + k)) * 10000;
    }
    return acc;
  });
  for (std::size_t i = 0; i < got.size(); ++i) {
    const sub_group_place s = place_of(i, local, S);
    std::uint32_t want = 0;
    for (int k = 0; k < 5; ++k) {
      for (std::size_t j = s.first; j < s.last; ++j) want += in[j] == k;
      for (std::size_t j = s.first; j < s.last; ++j) want += (in[j] == in[i]) * 100;
      want += static_cast<std::uint32_t>(in[s.first] + k) * 10000;
    }
    ASSERT_EQ(got[i], want) << "sub-group " << S << " item " << i;
  }
}

}  // namespace

TEST(sub_group_mask, bit_operations_keep_to_the_group_size) {
  constexpr sub_group_mask m(0b1011'0110u, 6);  // bit 7 lies outside a 6-item group
  static_assert(m.bits() == 0b11'0110u && m.size() == 6 && m.count() == 4);
  static_assert(m[1] && m.test(2) && !m[0] && !m[7] && !m.test(40));
  static_assert(m.find_low() == 1 && m.find_high() == 5);
  static_assert((~m).bits() == 0b00'1001u && (~m).size() == 6);
  static_assert((m << 1).bits() == 0b10'1100u && (m >> 2).bits() == 0b1101u && (m << 32).none());
  static_assert((m & sub_group_mask(0b11u, 6)).bits() == 0b10u);
  static_assert((m | sub_group_mask(0b1u, 6)).bits() == 0b11'0111u);
  static_assert((m ^ sub_group_mask(0b10u, 6)).bits() == 0b11'0100u);
  static_assert(sub_group_mask(6).none() && sub_group_mask(6).find_low() == 6 && sub_group_mask(6).find_high() == 6);
  static_assert(sub_group_mask::full(32).bits() == ~0u && sub_group_mask::full(32).all());
  static_assert(sub_group_mask::full(5).bits() == 0b1'1111u && sub_group_mask::full(5).count() == 5);
  static_assert(sub_group_mask(0u, 0).all() && sub_group_mask(0u, 0).none());
  static_assert(std::uint32_t(sub_group_mask(0x8000'0001u, 32)) == 0x8000'0001u);
  static_assert(sub_group_mask(0x8000'0001u, 32).find_high() == 31);
  sub_group_mask x(8);
  x.set(3);
  x.set(9);  // outside: ignored
  x.set(7, true);
  x.reset(3);
  EXPECT_EQ(x.bits(), 0x80u);
  x.flip();
  EXPECT_EQ(x.bits(), 0x7fu);
  x ^= sub_group_mask::full(8);
  EXPECT_EQ(x, sub_group_mask(0x80u, 8));
  EXPECT_NE(x, sub_group_mask(0x80u, 9));
  x.set();
  EXPECT_TRUE(x.all());
  x.reset();
  EXPECT_TRUE(x.none());
}

TEST_P(sub_group_extras, ballot_every_sub_group_size_and_pattern) {
  check_ballot<1>(q);
  check_ballot<8>(q);
  check_ballot<16>(q);
  check_ballot<32>(q);
}

TEST_P(sub_group_extras, match_any_and_match_all_every_sub_group_size) {
  check_match<1>(q);
  check_match<8>(q);
  check_match<16>(q);
  check_match<32>(q);
}

TEST_P(sub_group_extras, broadcast_from_leader_every_sub_group_size) {
  check_leader_broadcast<1>(q);
  check_leader_broadcast<8>(q);
  check_leader_broadcast<16>(q);
  check_leader_broadcast<32>(q);
}

TEST_P(sub_group_extras, match_compares_bits_of_floats_and_padding_free_structs) {
  // Work-groups of 8 items: sub-groups of 8 (the CPU) or 32 (GPUs) cover a work-group.
  const std::size_t local = 8;
  const bool eight = supports_sub_group_size(q, 8);
  // Lanes 0-3: +0.0, -0.0, NaN, NaN (same bits); lanes 4-7: 1.0.
  const double nan = std::numeric_limits<double>::quiet_NaN();
  std::vector<double> f = {0.0, -0.0, nan, nan, 1.0, 1.0, 1.0, 1.0};
  f.resize(groups * local, 2.0);
  const auto fm = eight ? match_any_bits<8>(q, local, f) : match_any_bits<32>(q, local, f);
  const std::uint32_t want[] = {0b1, 0b10, 0b1100, 0b1100, 0xf0, 0xf0, 0xf0, 0xf0};
  for (std::size_t i = 0; i < local; ++i) EXPECT_EQ(fm[i], want[i]) << "lane " << i;
  for (std::size_t i = local; i < f.size(); ++i) EXPECT_EQ(fm[i], 0xffu);

  std::vector<pair_> p(groups * local);
  for (std::size_t i = 0; i < p.size(); ++i) p[i] = {int(i % 2), int(i % 4 / 2)};
  const auto pm = eight ? match_any_bits<8>(q, local, p) : match_any_bits<32>(q, local, p);
  for (std::size_t i = 0; i < p.size(); ++i) EXPECT_EQ(pm[i], 0x11u << (i % 4)) << "item " << i;
}

TEST_P(sub_group_extras, work_groups_of_at_most_32_items) {
  // 1D groups of 25 and 32 items and a 2D group of 4 x 8: bits are local linear ids.
  for (std::size_t local : {std::size_t{25}, std::size_t{32}}) {
    const auto pred = make_predicates(pattern::mixed, local, local);
    const auto got = run<1>(q, local, pred, COHORT_LAMBDA(nd_item<1> it, int x) {
      return record(ext::ballot(it.get_group(), x != 0));
    });
    const auto any = run<1>(q, local, pred, COHORT_LAMBDA(nd_item<1> it, int x) {
      return ext::match_any(it.get_group(), x).bits();
    });
    for (std::size_t i = 0; i < got.size(); ++i) {
      const std::size_t base = i - i % local;
      std::uint32_t bits = 0, same = 0;
      for (std::size_t j = 0; j < local; ++j) {
        bits |= std::uint32_t(pred[base + j] != 0) << j;
        same |= std::uint32_t(pred[base + j] == pred[i]) << j;
      }
      expect_same(got[i], expected_record(bits, std::uint32_t(local)), "ballot(group)", i);
      ASSERT_EQ(any[i], same) << "match_any(group) item " << i;
    }
  }
  shared_array<std::uint32_t> out(2 * 32, q);
  std::uint32_t* o = out.data();
  q.parallel_for(nd_range<2>{range<2>{8, 8}, range<2>{4, 8}}, COHORT_LAMBDA(nd_item<2> it) {
     const auto g = it.get_group();
     bool all = false;
     const auto lid = g.get_local_linear_id();
     const std::uint32_t b = ext::ballot(g, lid % 3 == 0).bits();
     const std::uint32_t m = ext::match_all(g, std::uint32_t{7}, all).bits();
     o[g.get_group_linear_id() * 32 + lid] = (b ^ m) + (all ? 0 : 1);
   }).wait_and_throw();
  std::uint32_t every_third = 0;
  for (std::uint32_t j = 0; j < 32; j += 3) every_third |= 1u << j;
  for (std::uint32_t v : out) ASSERT_EQ(v, every_third ^ ~0u);
}

TEST_P(sub_group_extras, groups_too_large_for_a_mask_throw) {
  // A work-group of 33 items cannot be described by a 32-bit mask: every item throws
  // before the collective, so nothing waits forever.
  COHORT_SKIP_UNLESS_CPU(q, "device code cannot throw: on a GPU these mask functions trap");
  shared_array<int> out(66, q);
  int* o = out.data();
  const nd_range<1> ndr{66, 33};
  auto expect_feature_not_supported = [&](auto kernel) {
    try {
      q.parallel_for(ndr, kernel).wait_and_throw();
      ADD_FAILURE() << "expected cohort::exception";
    } catch (const cohort::exception& e) {
      EXPECT_EQ(e.code(), errc::feature_not_supported) << e.what();
    }
  };
  expect_feature_not_supported(COHORT_LAMBDA(nd_item<1> it) {
    o[it.get_global_id(0)] = static_cast<int>(ext::ballot(it.get_group(), true).count());
  });
  expect_feature_not_supported(COHORT_LAMBDA(nd_item<1> it) {
    o[it.get_global_id(0)] = static_cast<int>(ext::match_any(it.get_group(), 1).count());
  });
  expect_feature_not_supported(COHORT_LAMBDA(nd_item<1> it) {
    bool p;
    o[it.get_global_id(0)] = static_cast<int>(ext::match_all(it.get_group(), 1, p).count());
  });
  // The queue still works afterwards, leader broadcast has no size limit.
  q.parallel_for(ndr, COHORT_LAMBDA(nd_item<1> it) {
     o[it.get_global_id(0)] = static_cast<int>(ext::broadcast_from_leader(it.get_group(), it.get_global_id(0)));
   }).wait_and_throw();
  for (std::size_t i = 0; i < out.size(); ++i) ASSERT_EQ(out[i], static_cast<int>(i - i % 33));
}

TEST_P(sub_group_extras, back_to_back_extras_in_a_loop) {
  if (supports_sub_group_size(q, 16)) check_back_to_back<16>(q);
  else check_back_to_back<32>(q);
}

COHORT_INSTANTIATE_ON_ALL_DEVICES(sub_group_extras);
