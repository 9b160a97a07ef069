// SPDX-License-Identifier: MIT
// any_of_group / all_of_group / none_of_group, the bool and the predicate forms, on the four
// boolean patterns (all false, all true, one odd item each way, at the first, middle and
// last item), every 1D size, 2D and 3D groups and every sub-group size.
#include <cstdint>

#include "support/devices.hpp"
#include "support/group_matrix.hpp"

using namespace cohort;
using namespace cohort_test::matrix;

namespace {
class vote : public cohort_test::on_device {};

/// Per item: the three bool forms, then the three predicate forms (on an int), as bits.
struct every_vote {
  template <typename Group, typename Item>
  COHORT_FUNCTION int operator()(Group g, int x, Item) const {
    const bool pred = x != 0;
    auto odd = [](int v) { return v % 2 != 0; };  // x is 0 or 3: the same truth as pred
    return int(any_of_group(g, pred)) | int(all_of_group(g, pred)) << 1 | int(none_of_group(g, pred)) << 2 |
           int(any_of_group(g, x, odd)) << 3 | int(all_of_group(g, x, odd)) << 4 | int(none_of_group(g, x, odd)) << 5;
  }
};

/// Each segment gets one of the patterns in turn: all false, all true, one true among
/// false, one false among true; the odd item at the segment's first, middle or last item.
std::vector<int> patterns(const std::vector<segment>& segs, std::size_t n) {
  std::vector<int> v(n);
  for (std::size_t k = 0; k < segs.size(); ++k) {
    const segment& s = segs[k];
    const int pattern = static_cast<int>(k % 4);
    const std::size_t len = s.end - s.begin;
    const std::size_t odd = s.begin + (k / 4 % 3 == 0 ? 0 : k / 4 % 3 == 1 ? len / 2 : len - 1);
    for (std::size_t i = s.begin; i < s.end; ++i) {
      const bool base = pattern == 1 || pattern == 3;
      v[i] = (pattern >= 2 && i == odd) != base ? 3 : 0;
    }
  }
  return v;
}

template <std::uint32_t SubGroup = 0, int D>
void vote_on(queue& q, const nd_range<D>& ndr, const std::string& where) {
  const std::size_t n = ndr.get_global_range().size(), local = ndr.get_local_range().size();
  const auto segs = segments(n / local, local, SubGroup);
  // Every segment sees every pattern across the four rotations.
  for (std::size_t rotation = 0; rotation < 4; ++rotation) {
    auto rotated = segs;
    std::rotate(rotated.begin(), rotated.begin() + static_cast<std::ptrdiff_t>(rotation % rotated.size()), rotated.end());
    const auto in = patterns(rotated, n);
    const auto out = run<int, SubGroup>(q, ndr, in, every_vote{});
    for (const segment& s : segs) {
      bool any = false, all = true;
      for (std::size_t i = s.begin; i < s.end; ++i) {
        any |= in[i] != 0;
        all &= in[i] != 0;
      }
      const int expected = int(any) | int(all) << 1 | int(!any) << 2;
      for (std::size_t i = s.begin; i < s.end; ++i)
        if (!check(out[i], expected | expected << 3, [&] { return where + " item " + std::to_string(i); })) return;
    }
  }
}
}  // namespace

TEST_P(vote, four_boolean_patterns_every_1d_size) {
  for (std::size_t local : sizes_1d) vote_on(q, launch_1d(local), "local " + std::to_string(local));
}

TEST_P(vote, two_and_three_dimensional_groups) {
  for (const auto& ndr : launches_2d()) vote_on(q, ndr, "2D");
  for (const auto& ndr : launches_3d()) vote_on(q, ndr, "3D");
}

TEST_P(vote, sub_groups_of_every_size) {
  for_each_sub_group_size(q, [&]<std::uint32_t S>() {
    for (std::size_t local : {1u, 7u, 32u, 33u, 100u, 256u})
      vote_on<S>(q, launch_1d(local), "sub-group " + std::to_string(S) + " local " + std::to_string(local));
  });
}

COHORT_INSTANTIATE_ON_ALL_DEVICES(vote);
