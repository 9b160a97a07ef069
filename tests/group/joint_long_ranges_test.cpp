// SPDX-License-Identifier: MIT
// joint_reduce, joint_inclusive_scan and joint_exclusive_scan, with every meaningful
// operator, typed and transparent, with and without init, in place and out of place, over
// ranges long enough for the blocked scans and over a mebibyte; and joint_any_of / all_of /
// none_of over ranges empty, shorter and longer than the group. (joint_integers_test and
// joint_vectors_test: every type over ranges empty, shorter and longer than the group.)
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "group/joint_matrix.hpp"
#include "support/devices.hpp"

using namespace cohort;
using namespace cohort_test::matrix;
using namespace cohort_test::joint_matrix;

namespace {
class joint_long_ranges : public cohort_test::on_device {};
}  // namespace

TEST_P(joint_long_ranges, ranges_long_enough_for_blocked_scans) {
  for_each_type<std::int32_t, std::uint64_t, float, double>([&]<typename T>() {
    for (std::size_t length : {std::size_t{4095}, std::size_t{4096}, std::size_t{4096 * 3 + 17}}) joint_on<T>(q, 64, length);
  });
}

TEST_P(joint_long_ranges, ranges_over_a_mebibyte) {
  // From 1 MiB on, a completion fetches the waiting items' frames back before they resume,
  // and each resuming item fetches the frame of the item 8 places on (a one-item group has
  // none to fetch; in a group of 9 only the first item has one 8 places on).
  for (std::size_t local : {1u, 9u, 64u}) joint_on<std::int32_t>(q, local, (std::size_t{1} << 18) + 5);
}

TEST_P(joint_long_ranges, any_all_none_four_patterns) {
  for (std::size_t local : {1u, 32u, 144u}) {
    for (std::size_t length : {std::size_t{0}, std::size_t{1}, std::size_t{63}, std::size_t{64}, std::size_t{65}, std::size_t{1000}}) {
      for (std::size_t odd_at : {std::size_t{0}, length / 2, length ? length - 1 : 0}) {
        // group g gets pattern g % 4: all zero, all one, one 1 among 0, one 0 among 1.
        const std::size_t groups = 4;
        std::vector<int> in(groups * length + 1);
        for (std::size_t g = 0; g < groups; ++g)
          for (std::size_t j = 0; j < length; ++j) in[g * length + j] = (g == 1 || g == 3) != (g >= 2 && j == odd_at);
        auto input = make_shared_unique<int>(in.size(), q);
        std::copy(in.begin(), in.end(), input.data());
        auto out = make_shared_unique<int>(groups * local, q);
        const every_joint_vote body{input.data(), length};
        int* o = out.data();
        q.parallel_for(nd_range<1>{groups * local, local}, COHORT_LAMBDA(nd_item<1> it) {
           o[it.get_global_linear_id()] = body(it);
         }).wait_and_throw();
        for (std::size_t g = 0; g < groups; ++g) {
          bool any = false, all = true;
          for (std::size_t j = 0; j < length; ++j) {
            any |= in[g * length + j] != 0;
            all &= in[g * length + j] != 0;
          }
          for (std::size_t i = g * local; i < (g + 1) * local; ++i)
            ASSERT_EQ(out[i], int(any) | int(all) << 1 | int(!any) << 2)
                << "local " << local << " length " << length << " pattern " << g << " odd at " << odd_at;
        }
      }
    }
  }
}

COHORT_INSTANTIATE_ON_ALL_DEVICES(joint_long_ranges);
