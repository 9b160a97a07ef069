// SPDX-License-Identifier: MIT
#pragma once
// Untimed helpers for benchmark data: parallel fills, poisoning outputs before each run,
// and result checks with relative tolerances against a typed reference.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <type_traits>

#include "registry.hpp"

namespace bench {

/// data[i] = f(i), on all host threads (first touch spreads pages like the kernels will).
template <typename T, typename F>
void parallel_fill(T* data, std::size_t n, F f) {
#pragma omp parallel for schedule(static)
  for (std::size_t i = 0; i < n; ++i) data[i] = f(i);
}

/// Overwrites an output so that a kernel that skips elements cannot pass: NaN for
/// floating point, the 0xFF byte pattern for everything else.
template <typename T>
void poison(T* data, std::size_t n) {
  if constexpr (std::is_floating_point_v<T>) {
    parallel_fill(data, n, [](std::size_t) { return std::numeric_limits<T>::quiet_NaN(); });
  } else {
#pragma omp parallel for schedule(static)
    for (std::size_t i = 0; i < n; ++i) std::memset(static_cast<void*>(data + i), 0xFF, sizeof(T));
  }
}

/// |got - expected| <= tol * |expected| (tol 0: exact). NaN never passes.
inline bool close_enough(double got, double expected, double rel_tol) {
  if (std::isnan(got) || std::isnan(expected)) return false;
  const double err = std::fabs(got - expected);
  return rel_tol == 0 ? got == expected : err <= rel_tol * std::fabs(expected);
}

std::string describe_mismatch(const char* what, std::size_t index, double got, double expected, double rel_tol);

/// Checks got[i] against expected(i) for every i; reports the first mismatch.
template <typename T, typename F>
verdict check_array(const char* what, const T* got, std::size_t n, F expected, double rel_tol) {
  std::size_t first_bad = n;
#pragma omp parallel for schedule(static) reduction(min : first_bad)
  for (std::size_t i = 0; i < n; ++i)
    if (i < first_bad && !close_enough(static_cast<double>(got[i]), static_cast<double>(expected(i)), rel_tol))
      first_bad = i;
  if (first_bad == n) return verdict::pass();
  return verdict::fail(describe_mismatch(what, first_bad, static_cast<double>(got[first_bad]),
                                         static_cast<double>(expected(first_bad)), rel_tol));
}

inline verdict check_value(const char* what, double got, double expected, double rel_tol) {
  if (close_enough(got, expected, rel_tol)) return verdict::pass();
  return verdict::fail(describe_mismatch(what, 0, got, expected, rel_tol));
}

}  // namespace bench
