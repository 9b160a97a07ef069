// SPDX-License-Identifier: MIT
// Group algorithms in scoped kernels: the logical forms over private memory (reduce,
// scans, broadcast, any/all/none) with all nine SYCL operators, with and without init,
// odd sizes, 2D/3D groups, several groups per launch, on work-groups and on the
// sub-groups and scalar groups of distribute_groups; and the physical forms (one value
// per physical item). Every result is checked against host loops.
#include <algorithm>
#include <cstdint>
#include <map>
#include <utility>
#include <vector>

#include "support/devices.hpp"

using cohort_test::on_device;
using namespace cohort;

namespace {
class scoped_group_algorithms : public on_device {};

/// USM shared array, freed on scope exit.
template <typename T>
class shared_array {
public:
  shared_array(queue& q, std::size_t n) : m_q(q), m_data(malloc_shared<T>(n ? n : 1, q)), m_size(n) {
    for (std::size_t i = 0; i < n; ++i) m_data[i] = T{};
  }
  ~shared_array() { free(m_data, m_q); }
  shared_array(const shared_array&) = delete;
  shared_array& operator=(const shared_array&) = delete;
  T* data() const { return m_data; }
  T& operator[](std::size_t i) const { return m_data[i]; }
  std::size_t size() const { return m_size; }

private:
  queue& m_q;
  T* m_data;
  std::size_t m_size;
};

constexpr std::size_t groups = 3;
const std::size_t sizes_1d[] = {1, 7, 16, 100, 257};

/// Test data for every operator: small values (products stay in range: mostly 1, a few
/// 2 and -1), varied bits, both signs.
template <typename T>
T value_at(std::size_t i, bool for_products) {
  if constexpr (std::is_same_v<T, bool>) {
    return (i * 2654435761u >> 5) % 5 != 0;
  } else if (for_products) {
    return static_cast<T>(i % 37 == 5 ? 2 : (i % 23 == 3 ? -1 : 1));
  } else {
    return static_cast<T>(static_cast<std::int64_t>((i * 7919 + 13) % 1021) - 500);
  }
}

/// op over v[first, last) in order, starting from v[first].
template <typename T, typename Op>
T host_fold(const std::vector<T>& v, std::size_t first, std::size_t last, Op op) {
  T acc = v[first];
  for (std::size_t i = first + 1; i < last; ++i) acc = static_cast<T>(op(acc, v[i]));
  return acc;
}

// ---- logical reduce and scans over a 1D work-group, one operator at a time ---------

template <typename T, typename Op>
void check_logical_reduce_and_scans(queue& q, Op op, T init, const char* name) {
  constexpr bool products = std::is_same_v<Op, multiplies<T>> || std::is_same_v<Op, multiplies<>>;
  for (std::size_t local : sizes_1d) {
    SCOPED_TRACE(testing::Message() << name << ", group size " << local);
    const std::size_t n = groups * local;
    std::vector<T> in(n);
    for (std::size_t i = 0; i < n; ++i) in[i] = value_at<T>(i, products);
    shared_array<T> din(q, n), inc(q, n), inc_init(q, n), exc(q, n), exc_init(q, n), in_place(q, n);
    shared_array<T> red(q, groups), red_init(q, groups);
    std::copy(in.begin(), in.end(), din.data());
    T *pin = din.data(), *pinc = inc.data(), *pinc_init = inc_init.data(), *pexc = exc.data();
    T *pexc_init = exc_init.data(), *pin_place = in_place.data(), *pred = red.data(), *pred_init = red_init.data();
    q.parallel(range<1>{groups}, range<1>{local}, COHORT_LAMBDA(auto g) {
      memory_environment(g, require_private_mem<T>(), require_private_mem<T>(), [&](auto x, auto r) {
        distribute_items(g, [&](s_item<1> it) { x(it) = pin[it.get_global_id(0)]; });
        const T sum = reduce_over_group(g, x, op);
        const T sum_init = reduce_over_group(g, x, init, op);
        single_item(g, [&] {
          pred[g.get_group_linear_id()] = sum;
          pred_init[g.get_group_linear_id()] = sum_init;
        });
        auto store = [&](T* out) {
          distribute_items(g, [&](s_item<1> it) { out[it.get_global_id(0)] = r(it); });
        };
        inclusive_scan_over_group(g, x, r, op);
        store(pinc);
        inclusive_scan_over_group(g, x, r, op, init);
        store(pinc_init);
        exclusive_scan_over_group(g, x, r, op);
        store(pexc);
        exclusive_scan_over_group(g, x, r, init, op);
        store(pexc_init);
        exclusive_scan_over_group(g, x, x, op);  // in place
        distribute_items(g, [&](s_item<1> it) { pin_place[it.get_global_id(0)] = x(it); });
      });
    });
    q.wait_and_throw();
    const T identity = known_identity_v<Op, T>;
    for (std::size_t gr = 0; gr < groups; ++gr) {
      const std::size_t b = gr * local, e = b + local;
      ASSERT_EQ(red[gr], host_fold(in, b, e, op)) << "group " << gr;
      ASSERT_EQ(red_init[gr], static_cast<T>(op(init, host_fold(in, b, e, op)))) << "group " << gr;
      T acc = identity, acc_init = init;
      for (std::size_t i = b; i < e; ++i) {
        ASSERT_EQ(exc[i], acc) << "item " << i;
        ASSERT_EQ(in_place[i], acc) << "item " << i;
        ASSERT_EQ(exc_init[i], acc_init) << "item " << i;
        acc = static_cast<T>(op(acc, in[i]));
        acc_init = static_cast<T>(op(acc_init, in[i]));
        ASSERT_EQ(inc[i], host_fold(in, b, i + 1, op)) << "item " << i;
        ASSERT_EQ(inc_init[i], acc_init) << "item " << i;
      }
    }
  }
}

}  // namespace

TEST_P(scoped_group_algorithms, logical_reduce_and_scans_all_nine_operators) {
  check_logical_reduce_and_scans<std::int64_t>(q, plus<std::int64_t>(), 1000, "plus");
  check_logical_reduce_and_scans<std::int64_t>(q, plus<>(), -7, "plus<>");
  check_logical_reduce_and_scans<std::int64_t>(q, multiplies<std::int64_t>(), 3, "multiplies");
  check_logical_reduce_and_scans<std::int64_t>(q, bit_and<std::int64_t>(), 0x7ff0, "bit_and");
  check_logical_reduce_and_scans<std::int64_t>(q, bit_or<std::int64_t>(), 0x10000, "bit_or");
  check_logical_reduce_and_scans<std::int64_t>(q, bit_xor<>(), 0x5555, "bit_xor");
  check_logical_reduce_and_scans<std::int64_t>(q, minimum<std::int64_t>(), -450, "minimum");
  check_logical_reduce_and_scans<std::int64_t>(q, maximum<>(), 400, "maximum");
  check_logical_reduce_and_scans<bool>(q, logical_and<bool>(), true, "logical_and");
  check_logical_reduce_and_scans<bool>(q, logical_or<bool>(), false, "logical_or");
  check_logical_reduce_and_scans<bool>(q, logical_or<>(), true, "logical_or init true");
  check_logical_reduce_and_scans<int>(q, minimum<int>(), 0, "minimum int");
  check_logical_reduce_and_scans<double>(q, plus<double>(), 0.5, "plus double");  // integers: exact
  check_logical_reduce_and_scans<double>(q, maximum<double>(), -1e9, "maximum double");
  check_logical_reduce_and_scans<float>(q, minimum<>(), 1e9f, "minimum float");
}

TEST_P(scoped_group_algorithms, logical_reduce_accumulates_in_the_init_type) {
  // 200 values of 100 as char overflow; with a long init the sum is exact.
  const std::size_t local = 200;
  shared_array<long> out(q, groups);
  long* po = out.data();
  q.parallel(range<1>{groups}, range<1>{local}, COHORT_LAMBDA(auto g) {
    memory_environment(g, require_private_mem<signed char>(100), [&](auto x) {
      const long s = reduce_over_group(g, x, 5L, plus<>());
      single_item(g, [&] { po[g.get_group_linear_id()] = s; });
    });
  });
  q.wait_and_throw();
  for (std::size_t i = 0; i < groups; ++i) EXPECT_EQ(out[i], 5 + 100L * 200);
}

namespace {

/// Logical algorithms over 2D and 3D work-groups: the order is the row-major logical
/// linear id.
template <int D>
void check_multi_dimensional(queue& q, range<D> num_groups, range<D> local) {
  SCOPED_TRACE(testing::Message() << D << "D, group of " << local.size());
  const std::size_t per_group = local.size(), n = num_groups.size() * per_group;
  const range<D> global = num_groups * local;
  shared_array<long> in(q, n), inc(q, n), exc(q, n), red(q, num_groups.size()), bc(q, num_groups.size() * 3);
  shared_array<int> votes(q, num_groups.size());
  for (std::size_t i = 0; i < n; ++i) in[i] = static_cast<long>((i * 31) % 97) - 40;
  long *pin = in.data(), *pinc = inc.data(), *pexc = exc.data(), *pred = red.data(), *pbc = bc.data();
  int* pvotes = votes.data();
  id<D> probe;
  for (int d = 0; d < D; ++d) probe[d] = local[d] - 1 - d % local[d];
  q.parallel(num_groups, local, COHORT_LAMBDA(auto g) {
    memory_environment(g, require_private_mem<long>(), require_private_mem<long>(), [&](auto x, auto r) {
      distribute_items(g, [&](s_item<D> it) { x(it) = pin[it.get_global_linear_id()]; });
      const long s = reduce_over_group(g, x, plus<>());
      const long b0 = group_broadcast(g, x);
      const long b1 = group_broadcast(g, x, per_group / 2);
      const long b2 = group_broadcast(g, x, probe);
      const bool any_big = any_of_group(g, x, [](long v) { return v > 55; });
      const bool all_ge = all_of_group(g, x, [](long v) { return v >= -40; });
      const bool none_huge = none_of_group(g, x, [](long v) { return v > 56; });
      inclusive_scan_over_group(g, x, r, plus<>());
      distribute_items(g, [&](s_item<D> it) { pinc[it.get_global_linear_id()] = r(it); });
      exclusive_scan_over_group(g, x, r, 100L, plus<>());
      distribute_items(g, [&](s_item<D> it) { pexc[it.get_global_linear_id()] = r(it); });
      single_item(g, [&] {
        const std::size_t gl = g.get_group_linear_id();
        pred[gl] = s;
        pbc[3 * gl] = b0;
        pbc[3 * gl + 1] = b1;
        pbc[3 * gl + 2] = b2;
        pvotes[gl] = any_big * 4 + all_ge * 2 + none_huge;
      });
    });
  });
  q.wait_and_throw();
  // Host: walk every group's items in row-major local order.
  for (std::size_t gl = 0; gl < num_groups.size(); ++gl) {
    const id<D> gi = detail::delinearize<D, id<D>>(gl, num_groups);
    std::vector<long> values;
    std::vector<std::size_t> where;
    for (std::size_t ll = 0; ll < per_group; ++ll) {
      const id<D> li = detail::delinearize<D, id<D>>(ll, local);
      const std::size_t x = detail::linearize<D>(detail::scaled_offset(gi, local, li), global);
      values.push_back(in[x]);
      where.push_back(x);
    }
    long sum = 0;
    bool any_big = false, all_ge = true, none_huge = true;
    for (std::size_t k = 0; k < per_group; ++k) {
      ASSERT_EQ(exc[where[k]], 100 + sum) << "group " << gl << " item " << k;
      sum += values[k];
      ASSERT_EQ(inc[where[k]], sum) << "group " << gl << " item " << k;
      any_big |= values[k] > 55;
      all_ge &= values[k] >= -40;
      none_huge &= !(values[k] > 56);
    }
    EXPECT_EQ(red[gl], sum);
    EXPECT_EQ(bc[3 * gl], values[0]);
    EXPECT_EQ(bc[3 * gl + 1], values[per_group / 2]);
    EXPECT_EQ(bc[3 * gl + 2], values[detail::linearize<D>(probe, local)]);
    EXPECT_EQ(votes[gl], any_big * 4 + all_ge * 2 + none_huge);
  }
}

}  // namespace

TEST_P(scoped_group_algorithms, logical_forms_on_2d_and_3d_groups) {
  check_multi_dimensional<2>(q, range<2>{2, 3}, range<2>{5, 6});
  check_multi_dimensional<2>(q, range<2>{3, 2}, range<2>{8, 8});
  check_multi_dimensional<2>(q, range<2>{1, 1}, range<2>{1, 1});
  check_multi_dimensional<3>(q, range<3>{2, 1, 2}, range<3>{2, 3, 5});
  check_multi_dimensional<3>(q, range<3>{1, 2, 2}, range<3>{4, 4, 2});
}

TEST_P(scoped_group_algorithms, logical_broadcast_and_votes_boolean_patterns) {
  enum pattern { all_false, all_true, one_true, one_false };
  for (std::size_t local : sizes_1d)
    for (pattern p : {all_false, all_true, one_true, one_false}) {
      SCOPED_TRACE(testing::Message() << "group size " << local << " pattern " << int(p));
      const std::size_t n = groups * local;
      shared_array<bool> in(q, n);
      shared_array<int> out(q, groups * 8);
      for (std::size_t i = 0; i < n; ++i) {
        const std::size_t odd = (i / local * 5 + 3) % local;  // varies per group
        in[i] = p == all_true || (p == one_true && i % local == odd) || (p == one_false && i % local != odd);
      }
      bool* pin = in.data();
      int* po = out.data();
      q.parallel(range<1>{groups}, range<1>{local}, COHORT_LAMBDA(auto g) {
        memory_environment(g, require_private_mem<bool>(), require_private_mem<int>(), [&](auto b, auto v) {
          distribute_items(g, [&](s_item<1> it) {
            b(it) = pin[it.get_global_id(0)];
            v(it) = pin[it.get_global_id(0)] ? 7 : -7;
          });
          const int r[8] = {any_of_group(g, b),
                            all_of_group(g, b),
                            none_of_group(g, b),
                            any_of_group(g, v, [](int x) { return x > 0; }),
                            all_of_group(g, v, [](int x) { return x > 0; }),
                            none_of_group(g, v, [](int x) { return x > 0; }),
                            group_broadcast(g, v, local - 1),
                            group_broadcast(g, v, id<1>{local / 2})};
          single_item(g, [&] {
            for (int k = 0; k < 8; ++k) po[g.get_group_linear_id() * 8 + k] = r[k];
          });
        });
      });
      q.wait_and_throw();
      for (std::size_t gr = 0; gr < groups; ++gr) {
        bool any = false, all = true;
        for (std::size_t i = gr * local; i < (gr + 1) * local; ++i) {
          any |= in[i];
          all &= in[i];
        }
        const int* r = &out[gr * 8];
        EXPECT_EQ(r[0], any);
        EXPECT_EQ(r[1], all);
        EXPECT_EQ(r[2], !any);
        EXPECT_EQ(r[3], any);
        EXPECT_EQ(r[4], all);
        EXPECT_EQ(r[5], !any);
        EXPECT_EQ(r[6], in[gr * local + local - 1] ? 7 : -7);
        EXPECT_EQ(r[7], in[gr * local + local / 2] ? 7 : -7);
      }
    }
}

namespace {

/// Memory on the work-group, algorithms on the sub-groups and scalar groups that
/// distribute_groups makes (whatever their shape on this backend): each item records
/// its part and its position in it, and the host checks the part's results.
template <int D>
void check_parts(queue& q, range<D> num_groups, range<D> local) {
  SCOPED_TRACE(testing::Message() << D << "D, group of " << local.size());
  const std::size_t n = num_groups.size() * local.size();
  shared_array<int> in(q, n), part(q, n), pos(q, n), red(q, n), inc(q, n), exc(q, n), bc(q, n), scalar(q, n);
  for (std::size_t i = 0; i < n; ++i) in[i] = static_cast<int>((i * 13) % 29) - 9;
  int *pin = in.data(), *ppart = part.data(), *ppos = pos.data(), *pred = red.data(), *pinc = inc.data();
  int *pexc = exc.data(), *pbc = bc.data(), *pscalar = scalar.data();
  q.parallel(num_groups, local, COHORT_LAMBDA(auto g) {
    memory_environment(g, require_private_mem<int>(), require_private_mem<int>(), [&](auto x, auto r) {
      distribute_items(g, [&](s_item<D> it) { x(it) = pin[it.get_global_linear_id()]; });
      distribute_groups(g, [&](auto sg) {
        const int s = reduce_over_group(sg, x, plus<>());
        const int b = group_broadcast(sg, x);
        inclusive_scan_over_group(sg, x, r, maximum<>());
        distribute_items(sg, [&](s_item<D> it) {
          const std::size_t gid = it.get_global_linear_id();
          ppart[gid] = static_cast<int>(g.get_group_linear_id() * 100000 + sg.get_group_linear_id());
          ppos[gid] = static_cast<int>(it.get_local_linear_id(sg));
          pred[gid] = s;
          pbc[gid] = b;
          pinc[gid] = r(it);
        });
        exclusive_scan_over_group(sg, x, r, plus<>());
        distribute_items(sg, [&](s_item<D> it) { pexc[it.get_global_linear_id()] = r(it); });
        distribute_groups(sg, [&](auto scalar_group) {
          // One logical item: reduce and broadcast give its value, the exclusive scan the init.
          const int v = reduce_over_group(scalar_group, x, multiplies<>()) + group_broadcast(scalar_group, x);
          exclusive_scan_over_group(scalar_group, x, r, 1000, plus<>());
          distribute_items(scalar_group, [&](s_item<D> it) {
            pscalar[it.get_global_linear_id()] = v * 10000 + r(it);
          });
        });
      });
    });
  });
  q.wait_and_throw();
  // Host: items of each part ordered by their position in it.
  std::map<int, std::vector<std::pair<int, std::size_t>>> parts;
  for (std::size_t i = 0; i < n; ++i) parts[part[i]].push_back({pos[i], i});
  std::size_t seen = 0;
  for (auto& [id, members] : parts) {
    std::sort(members.begin(), members.end());
    int sum = 0, mx = 0, before = 0;
    for (auto& m : members) sum += in[m.second];
    for (std::size_t k = 0; k < members.size(); ++k) {
      const std::size_t i = members[k].second;
      ASSERT_EQ(members[k].first, static_cast<int>(k)) << "part " << id;
      mx = k == 0 ? in[i] : std::max(mx, in[i]);
      EXPECT_EQ(red[i], sum) << "item " << i;
      EXPECT_EQ(bc[i], in[members[0].second]) << "item " << i;
      EXPECT_EQ(inc[i], mx) << "item " << i;
      EXPECT_EQ(exc[i], before) << "item " << i;
      EXPECT_EQ(scalar[i], 2 * in[i] * 10000 + 1000) << "item " << i;
      before += in[i];
      ++seen;
    }
  }
  EXPECT_EQ(seen, n);
}

}  // namespace

TEST_P(scoped_group_algorithms, logical_forms_on_sub_groups_and_scalar_groups) {
  check_parts<1>(q, range<1>{3}, range<1>{64});   // divisible: tiles
  check_parts<1>(q, range<1>{2}, range<1>{25});   // not divisible: scalar groups
  check_parts<2>(q, range<2>{2, 2}, range<2>{8, 12});
  check_parts<2>(q, range<2>{2, 1}, range<2>{5, 3});
  check_parts<3>(q, range<3>{1, 2, 1}, range<3>{4, 2, 6});
}

namespace {

/// The physical forms: each physical item contributes a value derived from its physical
/// id; the host reference uses the physical extent the group reported.
template <typename Group>
COHORT_INLINE void physical_forms(const Group& g, int* out, std::size_t slot) {
  const auto p = static_cast<int>(g.get_physical_local_linear_id());
  const int x = 3 * p + 1;
  const int r[12] = {reduce_over_group(g, x, plus<>()),
                     reduce_over_group(g, x, 10, maximum<>()),
                     inclusive_scan_over_group(g, x, plus<>()),
                     inclusive_scan_over_group(g, x, plus<>(), 100),
                     exclusive_scan_over_group(g, x, plus<>()),
                     exclusive_scan_over_group(g, x, -5, plus<>()),
                     group_broadcast(g, x),
                     group_broadcast(g, x, typename Group::linear_id_type{0}),
                     any_of_group(g, x == 1),
                     all_of_group(g, x, [](int v) { return v % 3 == 1; }),
                     none_of_group(g, x > 1000),
                     static_cast<int>(g.get_physical_local_linear_range())};
  for (int k = 0; k < 12; ++k) out[(slot + p) * 12 + k] = r[k];
}

void expect_physical_forms(const int* r, std::size_t physical, std::size_t p) {
  int sum = 0, mx = 10, before = 0;
  for (std::size_t k = 0; k < physical; ++k) sum += 3 * static_cast<int>(k) + 1;
  for (std::size_t k = 0; k < physical; ++k) mx = std::max(mx, 3 * static_cast<int>(k) + 1);
  for (std::size_t k = 0; k < p; ++k) before += 3 * static_cast<int>(k) + 1;
  const int x = 3 * static_cast<int>(p) + 1;
  EXPECT_EQ(r[0], sum);
  EXPECT_EQ(r[1], mx);
  EXPECT_EQ(r[2], before + x);
  EXPECT_EQ(r[3], 100 + before + x);
  EXPECT_EQ(r[4], before);
  EXPECT_EQ(r[5], -5 + before);
  EXPECT_EQ(r[6], 1);
  EXPECT_EQ(r[7], 1);
  EXPECT_EQ(r[8], 1);
  EXPECT_EQ(r[9], 1);
  EXPECT_EQ(r[10], 1);
}

}  // namespace

TEST_P(scoped_group_algorithms, physical_forms_on_every_group_kind) {
  const std::size_t local = 32;  // physical items per group never exceed the logical ones
  shared_array<int> wg(q, groups * local * 12), sg(q, groups * local * local * 12), sc(q, groups * local * 12);
  shared_array<int> parts(q, groups);
  int *pwg = wg.data(), *psg = sg.data(), *psc = sc.data(), *pparts = parts.data();
  for (std::size_t i = 0; i < wg.size(); ++i) pwg[i] = psc[i] = -1;
  for (std::size_t i = 0; i < sg.size(); ++i) psg[i] = -1;
  q.parallel(range<1>{groups}, range<1>{local}, COHORT_LAMBDA(auto g) {
    const std::size_t gl = g.get_group_linear_id();
    physical_forms(g, pwg, gl * local);
    distribute_groups(g, [&](auto part) {
      single_item(part, [&] { pparts[gl] = static_cast<int>(part.get_group_linear_range()); });
      physical_forms(part, psg, (gl * local + part.get_group_linear_id()) * local);
      distribute_groups(part, [&](auto scalar_group) {
        if (part.get_group_linear_id() == 0 && scalar_group.get_group_linear_id() == 0)
          physical_forms(scalar_group, psc, gl * local);
      });
    });
  });
  q.wait_and_throw();
  for (std::size_t gl = 0; gl < groups; ++gl) {
    const auto check = [&](const int* base, std::size_t slot) {
      const std::size_t physical = static_cast<std::size_t>(base[slot * 12 + 11]);
      ASSERT_GE(physical, 1u);
      for (std::size_t p = 0; p < physical; ++p) expect_physical_forms(base + (slot + p) * 12, physical, p);
    };
    check(pwg, gl * local);
    check(psc, gl * local);
    for (std::size_t part = 0; part < static_cast<std::size_t>(parts[gl]); ++part) check(psg, (gl * local + part) * local);
  }
}

TEST_P(scoped_group_algorithms, bad_ids_and_foreign_memory_throw_invalid) {
  const auto expect_invalid = [&](auto kernel) {
    try {
      q.parallel(range<1>{2}, range<1>{10}, kernel);
      q.wait_and_throw();
      ADD_FAILURE() << "expected cohort::exception";
    } catch (const cohort::exception& e) {
      EXPECT_EQ(e.code(), errc::invalid) << e.what();
    }
  };
  expect_invalid(COHORT_LAMBDA(auto g) {
    memory_environment(g, require_private_mem<int>(1), [&](auto x) { (void)group_broadcast(g, x, 10); });
  });
  expect_invalid(COHORT_LAMBDA(auto g) {
    memory_environment(g, require_private_mem<int>(1), [&](auto x) { (void)group_broadcast(g, x, id<1>{11}); });
  });
  expect_invalid(COHORT_LAMBDA(auto g) { (void)group_broadcast(g, 1, g.get_physical_local_linear_range()); });
  if (q.get_device().is_cpu()) {
    // Memory of one scalar group used on its work-group (the CPU accepts memory on any
    // scoped group): the work-group's items are not all in it.
    expect_invalid(COHORT_LAMBDA(auto g) {
      distribute_groups(g, [&](auto part) {
        memory_environment(part, require_private_mem<int>(1), [&](auto x) { (void)reduce_over_group(g, x, plus<>()); });
      });
    });
  }
}

COHORT_INSTANTIATE_ON_ALL_DEVICES(scoped_group_algorithms);
