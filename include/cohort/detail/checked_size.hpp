// SPDX-License-Identifier: MIT
#pragma once
// Sizes computed from user input, checked for overflow: a product that wraps around to a
// small number would pass every later limit check and run the wrong amount of work.
#include <cstddef>
#include <string>

#include <cohort/core/exception.hpp>
#include <cohort/core/range.hpp>

namespace cohort::detail {

/// `r.size()`; throws `code` (naming `what`) where the product does not fit a size_t.
template <int D>
std::size_t checked_size(const range<D>& r, errc code, const char* what) {
  std::size_t n = 1;
  for (int d = 0; d < D; ++d)
    if (__builtin_mul_overflow(n, r[d], &n)) throw exception(code, std::string(what) + ": the size overflows size_t");
  return n;
}

/// `count * sizeof(T)`, checked the same way.
template <typename T>
std::size_t checked_bytes(std::size_t count, errc code, const char* what) {
  std::size_t bytes;
  if (__builtin_mul_overflow(count, sizeof(T), &bytes))
    throw exception(code, std::string(what) + ": " + std::to_string(count) + " elements overflow size_t in bytes");
  return bytes;
}

}  // namespace cohort::detail
