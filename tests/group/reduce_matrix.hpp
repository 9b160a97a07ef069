// SPDX-License-Identifier: MIT
#pragma once
// What the reduce_*_test files share: a kernel body that runs reduce_over_group with every
// meaningful SYCL function object (typed and transparent), with and without init, and its
// host check. Each test file instantiates it for its own part of the type and shape matrix.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "support/group_matrix.hpp"

namespace cohort_test::reduce_matrix {

using namespace cohort;
using namespace cohort_test::matrix;


/// Per item: for every operator, reduce without init (typed, transparent) and with init
/// (typed, transparent).
template <typename T>
struct reduce_every_operator {
  T init;
  template <typename Group, typename Item>
  COHORT_FUNCTION results<T, 4 * kinds_v<T>> operator()(Group g, T x, Item) const {
    constexpr auto kinds = kinds_for<element_t<T>>();
    results<T, 4 * kinds_v<T>> r;
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      ((r.v[4 * I + 0] = reduce_over_group(g, x, function_object<kinds[I], T>()),
        r.v[4 * I + 1] = reduce_over_group(g, x, function_object<kinds[I], void>()),
        r.v[4 * I + 2] = reduce_over_group(g, x, init, function_object<kinds[I], T>()),
        r.v[4 * I + 3] = reduce_over_group(g, x, init, function_object<kinds[I], void>())),
       ...);
    }(std::make_index_sequence<kinds_v<T>>{});
    return r;
  }
};

/// Compares every item of every segment with a sequential host loop over the segment.
template <typename T>
void check_reduce(const std::vector<T>& in, const std::vector<results<T, 4 * kinds_v<T>>>& out,
                  const std::vector<segment>& segs, T init, const std::string& where) {
  constexpr auto kinds = kinds_for<element_t<T>>();
  for (std::size_t k = 0; k < kinds.size(); ++k) {
    for (const segment& s : segs) {
      T plain = in[s.begin], with_init = init;
      for (std::size_t i = s.begin + 1; i < s.end; ++i) plain = reference_apply_t(kinds[k], plain, in[i]);
      for (std::size_t i = s.begin; i < s.end; ++i) with_init = reference_apply_t(kinds[k], with_init, in[i]);
      for (std::size_t i = s.begin; i < s.end; ++i) {
        auto what = [&](const char* form) {
          return where + " " + type_name<T>() + " " + name_of(kinds[k]) + form + " item " + std::to_string(i);
        };
        if (!check(out[i].v[4 * k + 0], plain, [&] { return what(""); }) ||
            !check(out[i].v[4 * k + 1], plain, [&] { return what(" (void)"); }) ||
            !check(out[i].v[4 * k + 2], with_init, [&] { return what(" init"); }) ||
            !check(out[i].v[4 * k + 3], with_init, [&] { return what(" init (void)"); }))
          return;
      }
    }
  }
}

template <typename T, std::uint32_t SubGroup = 0, int D>
void reduce_on(queue& q, const nd_range<D>& ndr, const std::string& where) {
  const std::size_t n = ndr.get_global_range().size(), local = ndr.get_local_range().size();
  const auto in = data<T>(n, 11);
  const T init = value<T>(7, 5);
  const auto out = run<results<T, 4 * kinds_v<T>>, SubGroup>(q, ndr, in, reduce_every_operator<T>{init});
  check_reduce(in, out, segments(n / local, local, SubGroup), init, where);
}

}  // namespace cohort_test::reduce_matrix
