// SPDX-License-Identifier: MIT
#pragma once
// The conformance matrix of the group algorithm tests: launch shapes, the nine SYCL
// function objects with independent host references, test data that probes integer
// limits, tolerant comparison of floats, and a runner that gives each work-item its
// value and collects what it returns. Backend-neutral: data lives in shared USM.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <sstream>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include <cohort/cohort.hpp>

namespace cohort_test::matrix {

// ---------------------------------------------------------------------------------------
// Launch shapes

/// 1D work-group sizes: 1, odd sizes around a warp, non-powers of two, up to the maximum.
inline constexpr std::size_t sizes_1d[] = {1, 25, 31, 32, 33, 144, 256, 512, 1024};
/// Work-groups per launch, so that results cannot leak between groups unnoticed.
inline constexpr std::size_t groups_per_launch = 3;

inline cohort::nd_range<1> launch_1d(std::size_t local) {
  return {cohort::range<1>{groups_per_launch * local}, cohort::range<1>{local}};
}
inline std::vector<cohort::nd_range<2>> launches_2d() {
  return {{{2 * 5, 3 * 5}, {5, 5}}, {{12, 2 * 12}, {12, 12}}, {{3 * 16, 16}, {16, 16}}, {{2, 3 * 33}, {1, 33}}};
}
inline std::vector<cohort::nd_range<3>> launches_3d() {
  return {{{4, 3, 10}, {2, 3, 5}}, {{8, 4, 12}, {4, 4, 4}}, {{1, 2, 96}, {1, 1, 32}}, {{3, 8, 8}, {1, 8, 8}}};
}

/// Calls `f.template operator()<S>()` for every sub-group size S in {1, 8, 16, 32} that the
/// queue's device supports.
template <typename F>
void for_each_sub_group_size(const cohort::queue& q, F&& f) {
  const auto supported = q.get_device().get_info<cohort::info::device::sub_group_sizes>();
  auto has = [&](std::size_t s) { return std::find(supported.begin(), supported.end(), s) != supported.end(); };
  if (has(1)) f.template operator()<1>();
  if (has(8)) f.template operator()<8>();
  if (has(16)) f.template operator()<16>();
  if (has(32)) f.template operator()<32>();
}

/// The scopes a collective runs over: [begin, end) in the runner's item order (work-group
/// after work-group, local linear id inside), for whole work-groups (`sub_group_size` 0)
/// or for sub-groups of the given size (the last one of a group may be partial).
struct segment {
  std::size_t begin, end;
};
inline std::vector<segment> segments(std::size_t groups, std::size_t local, std::size_t sub_group_size = 0) {
  const std::size_t step = sub_group_size == 0 ? local : sub_group_size;
  std::vector<segment> s;
  for (std::size_t g = 0; g < groups; ++g)
    for (std::size_t b = 0; b < local; b += step) s.push_back({g * local + b, g * local + std::min(b + step, local)});
  return s;
}

/// Launches `kernel` with the required sub-group size `sub_group_size` (0: the default). The
/// kernel's type does not depend on the size, so a kernel is compiled once for all sizes.
template <int D, typename Kernel>
void launch_with_sub_group_size(cohort::queue& q, const cohort::nd_range<D>& ndr, std::uint32_t sub_group_size,
                                const Kernel& kernel) {
  switch (sub_group_size) {
    case 0: q.parallel_for(ndr, kernel).wait_and_throw(); return;
    case 1: q.parallel_for(ndr, cohort::properties{cohort::sub_group_size<1>}, kernel).wait_and_throw(); return;
    case 8: q.parallel_for(ndr, cohort::properties{cohort::sub_group_size<8>}, kernel).wait_and_throw(); return;
    case 16: q.parallel_for(ndr, cohort::properties{cohort::sub_group_size<16>}, kernel).wait_and_throw(); return;
    case 32: q.parallel_for(ndr, cohort::properties{cohort::sub_group_size<32>}, kernel).wait_and_throw(); return;
    default: FAIL() << "no test launch for sub-group size " << sub_group_size;
  }
}

/// Runs `body(g, x, it)` in every work-item of `ndr`, where g is the work-group
/// (`sub_group_size` 0) or the sub-group of that required size, x is `in[i]` and i counts
/// work-groups in linear order then local linear ids; returns what the items returned,
/// in the same order.
template <typename Out, bool OnSubGroup, int D, typename In, typename Body>
std::vector<Out> run_on(cohort::queue& q, const cohort::nd_range<D>& ndr, std::uint32_t sub_group_size,
                        const std::vector<In>& in, Body body) {
  const std::size_t n = ndr.get_global_range().size();
  auto input = cohort::make_shared_unique<In>(n, q);
  auto output = cohort::make_shared_unique<Out>(n, q);
  std::copy(in.begin(), in.begin() + static_cast<std::ptrdiff_t>(n), input.data());
  const In* src = input.data();
  Out* dst = output.data();
  const std::size_t local = ndr.get_local_range().size();
  auto kernel = COHORT_LAMBDA(cohort::nd_item<D> it) {
    const std::size_t i = it.get_group_linear_id() * local + it.get_local_linear_id();
    // (nvcc: an extended lambda may not first capture a variable inside `if constexpr`.)
    const auto scope = [&] {
      if constexpr (OnSubGroup) {
        return it.get_sub_group();
      } else {
        return it.get_group();
      }
    }();
    dst[i] = body(scope, src[i], it);
  };
  launch_with_sub_group_size(q, ndr, sub_group_size, kernel);
  return std::vector<Out>(output.begin(), output.end());
}

/// run_on with the sub-group size given at compile time (0: work-groups).
template <typename Out, std::uint32_t SubGroup = 0, int D, typename In, typename Body>
std::vector<Out> run(cohort::queue& q, const cohort::nd_range<D>& ndr, const std::vector<In>& in, Body body) {
  return run_on<Out, (SubGroup != 0)>(q, ndr, SubGroup, in, body);
}

// ---------------------------------------------------------------------------------------
// The nine function objects and their host references

enum class op_kind { plus, multiplies, bit_and, bit_or, bit_xor, logical_and, logical_or, minimum, maximum };

inline const char* name_of(op_kind k) {
  constexpr const char* names[] = {"plus",    "multiplies",  "bit_and",    "bit_or", "bit_xor",
                                   "logical_and", "logical_or", "minimum", "maximum"};
  return names[static_cast<int>(k)];
}

/// The cohort function object of kind K on T (T = void: the transparent form).
template <op_kind K, typename T>
constexpr auto function_object() {
  if constexpr (K == op_kind::plus) return cohort::plus<T>{};
  else if constexpr (K == op_kind::multiplies) return cohort::multiplies<T>{};
  else if constexpr (K == op_kind::bit_and) return cohort::bit_and<T>{};
  else if constexpr (K == op_kind::bit_or) return cohort::bit_or<T>{};
  else if constexpr (K == op_kind::bit_xor) return cohort::bit_xor<T>{};
  else if constexpr (K == op_kind::logical_and) return cohort::logical_and<T>{};
  else if constexpr (K == op_kind::logical_or) return cohort::logical_or<T>{};
  else if constexpr (K == op_kind::minimum) return cohort::minimum<T>{};
  else return cohort::maximum<T>{};
}

template <typename T>
using element_t = cohort::detail::element_type_t<T>;
template <typename T>
inline constexpr std::size_t components_v = cohort::detail::num_elements_v<T>;

/// The operators that are meaningful for element type E (kinds_v<T>: how many for T).
template <typename E>
constexpr auto kinds_for() {
  using k = op_kind;
  if constexpr (std::is_same_v<E, bool>) {
    return std::array{k::bit_and, k::bit_or, k::bit_xor, k::logical_and, k::logical_or, k::minimum, k::maximum};
  } else if constexpr (std::is_integral_v<E>) {
    return std::array{k::plus,        k::multiplies, k::bit_and, k::bit_or, k::bit_xor,
                      k::logical_and, k::logical_or, k::minimum, k::maximum};
  } else {
    return std::array{k::plus, k::multiplies, k::minimum, k::maximum};
  }
}

template <typename T>
inline constexpr std::size_t kinds_v = kinds_for<element_t<T>>().size();

/// `a op b` for one element, computed as a plain host loop over E would, with integer sums
/// and products wrapping around in E (written without overflow in the reference itself).
template <typename E>
E reference_apply(op_kind k, E a, E b) {
  if constexpr (std::is_integral_v<E> && !std::is_same_v<E, bool>) {
    using U = std::make_unsigned_t<std::conditional_t<(sizeof(E) < sizeof(unsigned)), unsigned, E>>;
    if (k == op_kind::plus) return static_cast<E>(static_cast<U>(static_cast<U>(a) + static_cast<U>(b)));
    if (k == op_kind::multiplies) return static_cast<E>(static_cast<U>(static_cast<U>(a) * static_cast<U>(b)));
  }
  switch (k) {
    case op_kind::plus: return static_cast<E>(a + b);
    case op_kind::multiplies: return static_cast<E>(a * b);
    case op_kind::minimum: return b < a ? b : a;
    case op_kind::maximum: return a < b ? b : a;
    case op_kind::logical_and: return static_cast<E>(a && b);
    case op_kind::logical_or: return static_cast<E>(a || b);
    default: break;
  }
  if constexpr (std::is_integral_v<E>) {
    switch (k) {
      case op_kind::bit_and: return static_cast<E>(a & b);
      case op_kind::bit_or: return static_cast<E>(a | b);
      case op_kind::bit_xor: return static_cast<E>(a ^ b);
      default: break;
    }
  }
  ADD_FAILURE() << "no reference for " << name_of(k);
  return a;
}

/// Component-wise for vec and marray.
template <typename T>
T reference_apply_t(op_kind k, const T& a, const T& b) {
  if constexpr (cohort::detail::is_vec_or_marray_v<T>) {
    T r;
    for (int c = 0; c < static_cast<int>(components_v<T>); ++c) r[c] = reference_apply(k, a[c], b[c]);
    return r;
  } else {
    return reference_apply(k, a, b);
  }
}

/// The identity of kind k for element type E, from the SYCL 2020 table; false when none.
template <typename E>
bool reference_identity(op_kind k, E& out) {
  using lim = std::numeric_limits<E>;
  const bool integral = std::is_integral_v<E>;
  switch (k) {
    case op_kind::plus: out = E{}; return !std::is_same_v<E, bool>;
    case op_kind::multiplies: out = E(1); return !std::is_same_v<E, bool>;
    case op_kind::bit_and:
      if constexpr (std::is_integral_v<E>) out = static_cast<E>(lim::max() | lim::min());
      return integral;
    case op_kind::bit_or:
    case op_kind::bit_xor: out = E{}; return integral;
    case op_kind::logical_and: out = E(1); return std::is_same_v<E, bool>;
    case op_kind::logical_or: out = E(0); return std::is_same_v<E, bool>;
    case op_kind::minimum: out = lim::has_infinity ? lim::infinity() : lim::max(); return true;
    case op_kind::maximum: out = lim::has_infinity ? -lim::infinity() : lim::lowest(); return true;
  }
  return false;
}
template <typename T>
T reference_identity_t(op_kind k) {
  element_t<T> e{};
  reference_identity(k, e);
  if constexpr (cohort::detail::is_vec_or_marray_v<T>) {
    return T(e);
  } else {
    return e;
  }
}

// ---------------------------------------------------------------------------------------
// Test data

/// A deterministic scatter of i.
inline std::uint64_t mix(std::uint64_t i) {
  i ^= i >> 33;
  i *= 0xff51afd7ed558ccdULL;
  i ^= i >> 33;
  return i;
}

/// Element i of the test data. Integers: zeros, ones, small values and values within a
/// few of the type's limits, so sums and products overflow and wrap. Floats: positive and
/// near 1, so sums and products of 1024 values stay well-conditioned. bool: mostly true.
template <typename E>
E element_value(std::size_t i, std::uint64_t seed) {
  const std::uint64_t h = mix(i * 0x9e3779b97f4a7c15ULL + seed);
  if constexpr (std::is_same_v<E, bool>) {
    return h % 5 != 0;
  } else if constexpr (std::is_integral_v<E>) {
    using lim = std::numeric_limits<E>;
    const auto small = static_cast<E>(h % 7);
    switch ((h >> 8) % 6) {
      case 0: return E{0};
      case 1: return E{1};
      case 2: return static_cast<E>(lim::max() - small);
      case 3: return static_cast<E>(lim::min() + small);
      case 4: return static_cast<E>(lim::max() / 3 + small);
      default: return static_cast<E>(small + 2);
    }
  } else {
    return static_cast<E>(1.0 + (static_cast<double>(h % 17) - 8.0) / 256.0);
  }
}

template <typename T>
T value(std::size_t i, std::uint64_t seed = 1) {
  if constexpr (cohort::detail::is_vec_or_marray_v<T>) {
    T v;
    for (int c = 0; c < static_cast<int>(components_v<T>); ++c)
      v[c] = element_value<element_t<T>>(i * components_v<T> + static_cast<std::size_t>(c), seed);
    return v;
  } else {
    return element_value<T>(i, seed);
  }
}

template <typename T>
std::vector<T> data(std::size_t n, std::uint64_t seed = 1) {
  std::vector<T> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = value<T>(i, seed);
  return v;
}

// ---------------------------------------------------------------------------------------
// Comparison

template <typename E>
bool element_matches(E actual, E expected) {
  if constexpr (std::is_floating_point_v<E>) {
    if (actual == expected) return true;  // also infinities
    const double tolerance = std::is_same_v<E, float> ? 2e-4 : 1e-10;
    return std::fabs(static_cast<double>(actual) - static_cast<double>(expected)) <=
           tolerance * std::max(1.0, std::fabs(static_cast<double>(expected)));
  } else {
    return actual == expected;
  }
}

template <typename T>
bool matches(const T& actual, const T& expected) {
  if constexpr (cohort::detail::is_vec_or_marray_v<T>) {
    for (int c = 0; c < static_cast<int>(components_v<T>); ++c)
      if (!element_matches(actual[c], expected[c])) return false;
    return true;
  } else {
    return element_matches(actual, expected);
  }
}

template <typename T>
std::string show(const T& v) {
  std::ostringstream s;
  auto put = [&](auto e) {
    if constexpr (sizeof(e) == 1) s << static_cast<int>(e);
    else s << e;
  };
  if constexpr (cohort::detail::is_vec_or_marray_v<T>) {
    s << '{';
    for (int c = 0; c < static_cast<int>(components_v<T>); ++c) {
      if (c) s << ", ";
      put(v[c]);
    }
    s << '}';
  } else {
    put(v);
  }
  return s.str();
}

/// Records a failure, described by `what()`, when actual and expected differ; true when
/// they match. (The description is built only on failure: the matrix checks millions.)
template <typename T, typename Describe>
bool check(const T& actual, const T& expected, Describe&& what) {
  if (matches(actual, expected)) return true;
  ADD_FAILURE() << what() << ": got " << show(actual) << ", expected " << show(expected);
  return false;
}

/// A readable name of a test type, for failure messages.
template <typename T>
std::string type_name() {
  using E = element_t<T>;
  std::string e = std::is_same_v<E, bool>             ? "bool"
                  : std::is_floating_point_v<E>       ? (sizeof(E) == 4 ? "float" : "double")
                  : std::is_signed_v<E>               ? "int" + std::to_string(8 * sizeof(E))
                                                      : "uint" + std::to_string(8 * sizeof(E));
  if constexpr (cohort::detail::is_vec_v<T>) return "vec<" + e + "," + std::to_string(components_v<T>) + ">";
  else if constexpr (cohort::detail::is_marray_v<T>) return "marray<" + e + "," + std::to_string(components_v<T>) + ">";
  else return e;
}

/// Calls `f.template operator()<T>()` for each T of the list.
template <typename... Ts, typename F>
void for_each_type(F&& f) {
  (f.template operator()<Ts>(), ...);
}

/// A fixed number of results per work-item (the kernels compute several collectives at once).
template <typename T, std::size_t N>
struct results {
  T v[N];
};

}  // namespace cohort_test::matrix
