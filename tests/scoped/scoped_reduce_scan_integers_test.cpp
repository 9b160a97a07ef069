// SPDX-License-Identifier: MIT
// Group algorithms in scoped kernels, logical forms over private memory on 1D work-groups
// of odd sizes, several groups per launch: reduce (with and without init), inclusive and
// exclusive scans (with and without init, and in place) with the integer operators (plus,
// multiplies, bit_and, bit_or, bit_xor, minimum, maximum; typed and transparent), and a
// reduce that accumulates in the type of its init. Every result is checked against host
// loops. (scoped_reduce_scan_shapes_test: logical_and / logical_or and floating point,
// 2D and 3D groups; scoped_broadcast_vote_test: broadcast and votes, sub-groups and scalar
// groups, the physical forms, invalid use.)
#include <cstdint>

#include "scoped/scoped_group_algorithms_matrix.hpp"
#include "support/devices.hpp"

using namespace cohort;
using namespace cohort_test::scoped_matrix;

namespace {
class scoped_reduce_scan_integers : public cohort_test::on_device {};
}  // namespace

TEST_P(scoped_reduce_scan_integers, logical_reduce_and_scans_integer_operators) {
  check_logical_reduce_and_scans<std::int64_t>(q, plus<std::int64_t>(), 1000, "plus");
  check_logical_reduce_and_scans<std::int64_t>(q, plus<>(), -7, "plus<>");
  check_logical_reduce_and_scans<std::int64_t>(q, multiplies<std::int64_t>(), 3, "multiplies");
  check_logical_reduce_and_scans<std::int64_t>(q, bit_and<std::int64_t>(), 0x7ff0, "bit_and");
  check_logical_reduce_and_scans<std::int64_t>(q, bit_or<std::int64_t>(), 0x10000, "bit_or");
  check_logical_reduce_and_scans<std::int64_t>(q, bit_xor<>(), 0x5555, "bit_xor");
  check_logical_reduce_and_scans<std::int64_t>(q, minimum<std::int64_t>(), -450, "minimum");
  check_logical_reduce_and_scans<std::int64_t>(q, maximum<>(), 400, "maximum");
  check_logical_reduce_and_scans<int>(q, minimum<int>(), 0, "minimum int");
}

TEST_P(scoped_reduce_scan_integers, logical_reduce_accumulates_in_the_init_type) {
  // 200 values of 100 as char overflow; with a long init the sum is exact.
  for (const std::size_t local : {std::size_t{200}, std::size_t{3000}}) {
    shared_array<long> out(groups, q);
    long* po = out.data();
    q.parallel(range<1>{groups}, range<1>{local}, COHORT_LAMBDA(scoped_group<1> g) {
      memory_environment(g, require_private_mem<signed char>(100), [&](auto x) {
        const long s = reduce_over_group(g, x, 5L, plus<>());
        single_item(g, [&] { po[g.get_group_linear_id()] = s; });
      });
    });
    q.wait_and_throw();
    for (std::size_t i = 0; i < groups; ++i) EXPECT_EQ(out[i], 5 + 100L * static_cast<long>(local));
  }
}

COHORT_INSTANTIATE_ON_ALL_DEVICES(scoped_reduce_scan_integers);
