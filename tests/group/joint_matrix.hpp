// SPDX-License-Identifier: MIT
#pragma once
// What the joint_*_test files share: a kernel body that runs joint_reduce,
// joint_inclusive_scan and joint_exclusive_scan with every meaningful operator (typed and
// transparent, with and without init, in place and out of place) and its host check
// (joint_on), and a kernel body for joint_any_of / all_of / none_of (every_joint_vote).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>

#include "support/group_matrix.hpp"

namespace cohort_test::joint_matrix {

using namespace cohort;
using namespace cohort_test::matrix;


// Scan outputs per operator: inclusive (out of place, no init), exclusive (out of place,
// init), inclusive (in place, init), exclusive (in place, no init where an identity exists,
// else init).
inline constexpr std::size_t scan_forms = 4;

/// Per item: for every operator, joint_reduce without init (typed) and with init
/// (transparent); the four scans of every operator into `scans`; `bad_end` counts returned
/// end pointers that are wrong.
template <typename T>
struct joint_every_operator {
  const T* in;
  T* scans;
  int* bad_end;
  std::size_t length, groups;
  T init;
  COHORT_FUNCTION results<T, 2 * kinds_v<T>> operator()(nd_item<1> it) const {
    constexpr auto kinds = kinds_for<element_t<T>>();
    const auto g = it.get_group();
    const std::size_t gid = g.get_group_linear_id();
    const T* first = in + gid * length;
    const T* last = first + length;
    results<T, 2 * kinds_v<T>> r;
    auto one = [&](std::size_t k, auto typed, auto transparent) {
      r.v[2 * k] = joint_reduce(g, first, last, typed);
      r.v[2 * k + 1] = joint_reduce(g, first, last, init, transparent);
      T* out[scan_forms];
      for (std::size_t f = 0; f < scan_forms; ++f) out[f] = scans + ((k * scan_forms + f) * groups + gid) * length;
      int bad = 0;
      bad += joint_inclusive_scan(g, first, last, out[0], typed) != out[0] + length;
      bad += joint_exclusive_scan(g, first, last, out[1], init, transparent) != out[1] + length;
      bad += joint_inclusive_scan(g, out[2], out[2] + length, out[2], transparent, init) != out[2] + length;
      if constexpr (has_known_identity_v<decltype(typed), T>)
        bad += joint_exclusive_scan(g, out[3], out[3] + length, out[3], typed) != out[3] + length;
      else
        bad += joint_exclusive_scan(g, out[3], out[3] + length, out[3], init, typed) != out[3] + length;
      if (bad) bad_end[it.get_global_linear_id()] = 1;
    };
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      (one(I, function_object<kinds[I], T>(), function_object<kinds[I], void>()), ...);
    }(std::make_index_sequence<kinds_v<T>>{});
    return r;
  }
};

template <typename T>
void joint_on(queue& q, std::size_t local, std::size_t length) {
  constexpr auto kinds = kinds_for<element_t<T>>();
  const std::size_t groups = groups_per_launch, n = groups * local;
  const auto in = data<T>(groups * length + 1, 41);
  const T init = value<T>(5, 3);
  auto input = make_shared_unique<T>(in.size(), q);
  std::copy(in.begin(), in.end(), input.data());
  const std::size_t per_form = groups * length;
  auto scans = make_shared_unique<T>(kinds.size() * scan_forms * per_form + 1, q);
  for (std::size_t k = 0; k < kinds.size(); ++k)
    for (std::size_t f = 2; f < scan_forms; ++f)  // the in-place scans start from the input
      std::copy(in.begin(), in.begin() + static_cast<std::ptrdiff_t>(per_form), scans.data() + (k * scan_forms + f) * per_form);
  auto bad_end = make_shared_unique<int>(n, q);
  auto out = make_shared_unique<results<T, 2 * kinds_v<T>>>(n, q);
  std::fill(bad_end.begin(), bad_end.end(), 0);
  const joint_every_operator<T> body{input.data(), scans.data(), bad_end.data(), length, groups, init};
  auto* o = out.data();
  q.parallel_for(launch_1d(local), COHORT_LAMBDA(nd_item<1> it) { o[it.get_global_linear_id()] = body(it); }).wait_and_throw();

  const std::string where = type_name<T>() + " local " + std::to_string(local) + " length " + std::to_string(length);
  for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(bad_end[i], 0) << where << ": wrong end pointer";
  for (std::size_t k = 0; k < kinds.size(); ++k) {
    element_t<T> e{};
    const bool has_identity = reference_identity(kinds[k], e);
    const T identity = reference_identity_t<T>(kinds[k]);
    for (std::size_t g = 0; g < groups; ++g) {
      const T* x = input.data() + g * length;  // a copy of `in` (no vector<bool>::data)
      auto what = [&](const char* form, std::size_t j) {
        return [&, form, j] { return where + " " + name_of(kinds[k]) + " " + form + " group " + std::to_string(g) + " at " + std::to_string(j); };
      };
      // Reductions: without init an operator without identity starts from the first element.
      T plain = has_identity ? identity : (length ? x[0] : T{}), with_init = init;
      for (std::size_t j = has_identity ? 0 : 1; j < length; ++j) plain = reference_apply_t(kinds[k], plain, x[j]);
      for (std::size_t j = 0; j < length; ++j) with_init = reference_apply_t(kinds[k], with_init, x[j]);
      for (std::size_t i = g * local; i < (g + 1) * local; ++i)
        if (!check(out[i].v[2 * k], plain, what("reduce", i)) || !check(out[i].v[2 * k + 1], with_init, what("reduce init", i)))
          return;
      // Scans.
      const T* s[scan_forms];
      for (std::size_t f = 0; f < scan_forms; ++f) s[f] = scans.data() + (k * scan_forms + f) * per_form + g * length;
      T inclusive{}, acc_init = init, acc_exclusive = has_identity ? identity : init;
      for (std::size_t j = 0; j < length; ++j) {
        inclusive = j == 0 ? (has_identity ? reference_apply_t(kinds[k], identity, x[0]) : x[0])
                           : reference_apply_t(kinds[k], inclusive, x[j]);
        if (!check(s[0][j], inclusive, what("inclusive", j)) || !check(s[1][j], acc_init, what("exclusive init", j)) ||
            !check(s[3][j], acc_exclusive, what("exclusive in place", j)))
          return;
        acc_init = reference_apply_t(kinds[k], acc_init, x[j]);
        acc_exclusive = reference_apply_t(kinds[k], acc_exclusive, x[j]);
        if (!check(s[2][j], acc_init, what("inclusive init in place", j))) return;
      }
    }
  }
}

/// Per item: joint_any_of, joint_all_of, joint_none_of of `v != 0` as bits.
struct every_joint_vote {
  const int* in;
  std::size_t length;
  COHORT_FUNCTION int operator()(nd_item<1> it) const {
    const auto g = it.get_group();
    const int* first = in + g.get_group_linear_id() * length;
    auto nonzero = [](int v) { return v != 0; };
    return int(joint_any_of(g, first, first + length, nonzero)) |
           int(joint_all_of(g, first, first + length, nonzero)) << 1 |
           int(joint_none_of(g, first, first + length, nonzero)) << 2;
  }
};

}  // namespace cohort_test::joint_matrix
