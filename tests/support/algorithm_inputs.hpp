// SPDX-License-Identifier: MIT
#pragma once
// What the device-wide algorithms' tests (tests/algorithm/) give as input besides arrays:
// a counting iterator (an input that is not a pointer), and the label of an element type
// for failure messages.
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string>
#include <type_traits>

#include <cohort/detail/macros.hpp>

namespace cohort_test {

/// i as an iterator: *it is the position; valid in device code.
struct counting_iterator {
  using iterator_category = std::random_access_iterator_tag;
  using value_type = std::int64_t;
  using difference_type = std::ptrdiff_t;
  using pointer = void;
  using reference = std::int64_t;
  std::int64_t i;
  COHORT_FUNCTION std::int64_t operator*() const { return i; }
  COHORT_FUNCTION std::int64_t operator[](std::size_t k) const { return i + static_cast<std::int64_t>(k); }
  COHORT_FUNCTION counting_iterator operator+(std::ptrdiff_t k) const { return {i + k}; }
  COHORT_FUNCTION std::ptrdiff_t operator-(const counting_iterator& o) const { return static_cast<std::ptrdiff_t>(i - o.i); }
};

/// "int32", "uint32", "int64", "float"; anything else is "double".
template <typename T>
std::string type_label() {
  if (std::is_same_v<T, std::int32_t>) return "int32";
  if (std::is_same_v<T, std::uint32_t>) return "uint32";
  if (std::is_same_v<T, std::int64_t>) return "int64";
  if (std::is_same_v<T, float>) return "float";
  return "double";
}

}  // namespace cohort_test
