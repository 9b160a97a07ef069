// SPDX-License-Identifier: MIT
#pragma once
// What the scan_*_test files share: a kernel body that runs inclusive_scan_over_group and
// exclusive_scan_over_group with every meaningful SYCL function object (typed and
// transparent), with and without init, and its host check. Each test file instantiates it
// for its own part of the type and shape matrix.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "support/group_matrix.hpp"

namespace cohort_test::scan_matrix {

using namespace cohort;
using namespace cohort_test::matrix;

inline constexpr std::size_t per_kind = 8;

/// Per item and operator (typed, then transparent): inclusive, inclusive with init,
/// exclusive with init, exclusive without init (where the operator has a known identity
/// for T; else the slot holds init).
template <typename T>
struct scan_every_operator {
  T init;
  template <typename Group, typename Item>
  COHORT_FUNCTION results<T, per_kind * kinds_v<T>> operator()(Group g, T x, Item) const {
    constexpr auto kinds = kinds_for<element_t<T>>();
    results<T, per_kind * kinds_v<T>> r;
    auto one = [&](auto op, T* slot) {
      slot[0] = inclusive_scan_over_group(g, x, op);
      slot[2] = inclusive_scan_over_group(g, x, op, init);
      slot[4] = exclusive_scan_over_group(g, x, init, op);
      if constexpr (has_known_identity_v<decltype(op), T>) slot[6] = exclusive_scan_over_group(g, x, op);
      else slot[6] = init;
    };
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      ((one(function_object<kinds[I], T>(), r.v + per_kind * I),
        one(function_object<kinds[I], void>(), r.v + per_kind * I + 1)),
       ...);
    }(std::make_index_sequence<kinds_v<T>>{});
    return r;
  }
};

template <typename T>
void check_scan(const std::vector<T>& in, const std::vector<results<T, per_kind * kinds_v<T>>>& out,
                const std::vector<segment>& segs, T init, const std::string& where) {
  constexpr auto kinds = kinds_for<element_t<T>>();
  for (std::size_t k = 0; k < kinds.size(); ++k) {
    element_t<T> e{};
    const bool has_identity = reference_identity(kinds[k], e);
    const T identity = reference_identity_t<T>(kinds[k]);
    for (const segment& s : segs) {
      T inclusive = in[s.begin], with_init = init, exclusive_identity = identity;
      for (std::size_t i = s.begin; i < s.end; ++i) {
        const T exclusive_init = with_init;
        if (i > s.begin) inclusive = reference_apply_t(kinds[k], inclusive, in[i]);
        with_init = reference_apply_t(kinds[k], with_init, in[i]);
        for (int form = 0; form < 2; ++form) {
          const T* r = out[i].v + per_kind * k + form;
          auto what = [&](const char* scan_kind) {
            return [&, scan_kind] {
              return where + " " + type_name<T>() + " " + name_of(kinds[k]) + (form ? " (void) " : " ") + scan_kind +
                     " item " + std::to_string(i);
            };
          };
          if (!check(r[0], inclusive, what("inclusive")) || !check(r[2], with_init, what("inclusive init")) ||
              !check(r[4], exclusive_init, what("exclusive init")) ||
              (has_identity && !check(r[6], exclusive_identity, what("exclusive"))))
            return;
        }
        if (has_identity) exclusive_identity = reference_apply_t(kinds[k], exclusive_identity, in[i]);
      }
    }
  }
}

template <typename T, std::uint32_t SubGroup = 0, int D>
void scan_on(queue& q, const nd_range<D>& ndr, const std::string& where) {
  const std::size_t n = ndr.get_global_range().size(), local = ndr.get_local_range().size();
  const auto in = data<T>(n, 23);
  const T init = value<T>(3, 9);
  const auto out = run<results<T, per_kind * kinds_v<T>>, SubGroup>(q, ndr, in, scan_every_operator<T>{init});
  check_scan(in, out, segments(n / local, local, SubGroup), init, where);
}

}  // namespace cohort_test::scan_matrix
