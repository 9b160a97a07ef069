// SPDX-License-Identifier: MIT
#pragma once
// What the broadcast_shuffle_*_test files share: a kernel body that runs group_broadcast
// (three forms), shift_group_left/right with deltas > 1, permute_group_by_xor with masks
// > 1 and select_from_group with ids out of range, a trivially copyable struct without a
// default constructor, and the host check (shuffle_on). Each test file instantiates it for
// its own part of the type and shape matrix.
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#include "support/group_matrix.hpp"

namespace cohort_test::broadcast_shuffle_matrix {

using namespace cohort;
using namespace cohort_test::matrix;

/// Trivially copyable, no default constructor, an odd size.
struct no_default {
  COHORT_FUNCTION explicit no_default(std::uint32_t v) : a(v), b(static_cast<std::uint8_t>(v * 7)), c(static_cast<std::uint16_t>(v ^ 0x5a5a)) {}
  std::uint32_t a;
  std::uint8_t b;
  std::uint16_t c;
  bool operator==(const no_default& o) const { return a == o.a && b == o.b && c == o.c; }
};

inline constexpr std::size_t shuffles = 12;
/// Shift deltas {1, 2, 5, 31} and xor masks {1, 3, 8, 21}: functions, not host arrays, so
/// that kernels may index them.
COHORT_FUNCTION constexpr std::size_t delta(std::size_t k) { return k == 0 ? 1 : k == 1 ? 2 : k == 2 ? 5 : 31; }
COHORT_FUNCTION constexpr std::size_t mask(std::size_t k) { return k == 0 ? 1 : k == 1 ? 3 : k == 2 ? 8 : 21; }

/// Per item: broadcast from 0, from the last item (linear id form, id form), shifts left and
/// right by each delta, permutes by each mask, a select of a mirrored item, and a select of
/// an item beyond the group (only checked not to crash).
template <typename T>
struct every_shuffle {
  template <typename Group, typename Item>
  COHORT_FUNCTION results<T, shuffles> operator()(Group g, T x, Item) const {
    using linear_t = typename Group::linear_id_type;
    const std::size_t size = g.get_local_linear_range(), me = g.get_local_linear_id();
    results<T, shuffles> r{{x, x, x, x, x, x, x, x, x, x, x, x}};
    r.v[0] = group_broadcast(g, x);
    r.v[1] = group_broadcast(g, x, static_cast<linear_t>(size - 1));
    r.v[2] = group_broadcast(g, x, mirrored<Group>(g, size - 1));
    for (std::size_t k = 0; k < 2; ++k) {
      r.v[3 + k] = shift_group_left(g, x, static_cast<linear_t>(delta(k + 1)));
      r.v[5 + k] = shift_group_right(g, x, static_cast<linear_t>(delta(k + 2)));
      r.v[7 + k] = permute_group_by_xor(g, x, static_cast<linear_t>(mask(k + 1)));
    }
    r.v[9] = shift_group_left(g, x);
    r.v[10] = select_from_group(g, x, mirrored<Group>(g, size - 1 - me));
    r.v[11] = select_from_group(g, x, mirrored<Group>(g, size + me * 5));  // out of range
    return r;
  }
  template <typename Group>
  COHORT_FUNCTION static typename Group::id_type mirrored(const Group& g, std::size_t linear) {
    typename Group::id_type id;
    const auto r = g.get_local_range();
    for (int d = Group::dimensions - 1; d >= 0; --d) {
      id[d] = linear % r[d];
      linear /= r[d];
    }
    if (linear != 0) id[0] += linear * r[0];  // beyond the group: keep it out of range
    return id;
  }
};

/// every_shuffle's results as bytes, so that the runner can default-construct its output.
template <typename T>
using raw_results = results<unsigned char, sizeof(results<T, shuffles>)>;
template <typename T>
struct raw_shuffles {
  template <typename Group, typename Item>
  COHORT_FUNCTION raw_results<T> operator()(Group g, T x, Item it) const {
    const results<T, shuffles> r = every_shuffle<T>{}(g, x, it);
    raw_results<T> bytes;
    std::memcpy(bytes.v, &r, sizeof r);
    return bytes;
  }
};

template <typename T>
std::string label() {
  if constexpr (std::is_same_v<T, no_default>) return "struct";
  else return type_name<T>();
}

template <typename T>
T make(std::size_t i) {
  if constexpr (std::is_same_v<T, no_default>) return no_default(static_cast<std::uint32_t>(mix(i)));
  else return value<T>(i, 31);
}

template <typename T>
bool same(const T& a, const std::type_identity_t<T>& b) {
  if constexpr (std::is_same_v<T, no_default>) return a == b;
  else return matches(a, b);
}

template <typename T, std::uint32_t SubGroup = 0, int D>
void shuffle_on(queue& q, const nd_range<D>& ndr, const std::string& where) {
  const std::size_t n = ndr.get_global_range().size(), local = ndr.get_local_range().size();
  std::vector<T> in;
  in.reserve(n);
  for (std::size_t i = 0; i < n; ++i) in.push_back(make<T>(i));
  // results<no_default, N> is not default-constructible: collect raw copies instead.
  const auto out = run<raw_results<T>, SubGroup>(q, ndr, in, raw_shuffles<T>{});
  for (const segment& s : segments(n / local, local, SubGroup)) {
    const std::size_t size = s.end - s.begin;
    for (std::size_t i = s.begin; i < s.end; ++i) {
      const std::size_t me = i - s.begin;
      const T* r = reinterpret_cast<const T*>(out[i].v);
      auto fail = [&](const char* what) {
        ADD_FAILURE() << where << " " << what << " item " << me << " of " << size;
      };
      if (!same(r[0], in[s.begin])) return fail("broadcast");
      if (!same(r[1], in[s.end - 1])) return fail("broadcast(linear id)");
      if (!same(r[2], in[s.end - 1])) return fail("broadcast(id)");
      for (std::size_t k = 0; k < 2; ++k) {
        if (me + delta(k + 1) < size && !same(r[3 + k], in[i + delta(k + 1)])) return fail("shift left");
        if (me >= delta(k + 2) && !same(r[5 + k], in[i - delta(k + 2)])) return fail("shift right");
        if ((me ^ mask(k + 1)) < size && !same(r[7 + k], in[s.begin + (me ^ mask(k + 1))])) return fail("xor");
      }
      if (me + 1 < size && !same(r[9], in[i + 1])) return fail("shift left by default 1");
      if (!same(r[10], in[s.end - 1 - me])) return fail("select");
    }
  }
}

}  // namespace cohort_test::broadcast_shuffle_matrix
