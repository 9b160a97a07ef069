// SPDX-License-Identifier: MIT
#pragma once
// What the device-wide algorithms (algorithm/) share: argument checks, the CPU strategy's
// split of a range into one contiguous chunk per thread, and optional values for operators
// without a known identity.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <iterator>
#include <string>
#include <type_traits>

#include <cohort/core/exception.hpp>
#include <cohort/detail/combine.hpp>
#include <cohort/detail/macros.hpp>
#include <cohort/runtime/info.hpp>
#include <cohort/runtime/properties.hpp>
#include <cohort/runtime/queue.hpp>

namespace cohort::detail {

/// The number of elements in [first, last); errc::invalid if last comes before first, or
/// if a pointer is null while the range is not empty.
template <typename It>
std::size_t checked_distance(const char* algorithm, It first, It last) {
  const auto n = last - first;
  if (n < 0) throw exception(errc::invalid, std::string(algorithm) + ": the range ends before it begins");
  if constexpr (std::is_pointer_v<It>)
    if (n != 0 && first == nullptr) throw exception(errc::invalid, std::string(algorithm) + ": a null input pointer");
  return static_cast<std::size_t>(n);
}

/// errc::invalid if `p` is a null pointer while `n` elements go through it (`what` names it).
template <typename It>
void check_not_null(const char* algorithm, const char* what, It p, std::size_t n) {
  if constexpr (std::is_pointer_v<It>)
    if (n != 0 && p == nullptr) throw exception(errc::invalid, std::string(algorithm) + ": a null " + what);
}

/// Whether the `na` elements at `a` and the `nb` at `b` share memory (only pointers can be
/// told; other iterators are taken as distinct).
template <typename A, typename B>
bool overlaps(A a, std::size_t na, B b, std::size_t nb) {
  if constexpr (std::is_pointer_v<A> && std::is_pointer_v<B>) {
    if (na == 0 || nb == 0) return false;
    const auto* a0 = reinterpret_cast<const char*>(a);
    const auto* b0 = reinterpret_cast<const char*>(b);
    const auto* a1 = reinterpret_cast<const char*>(a + na);
    const auto* b1 = reinterpret_cast<const char*>(b + nb);
    return std::less<>()(a0, b1) && std::less<>()(b0, a1);
  } else {
    return false;
  }
}

/// The CPU strategy's chunks: one per thread of the backend's team.
inline std::size_t cpu_chunks(const queue& q) {
  const std::size_t units = q.get_device().get_info<info::device::max_compute_units>();
  return units == 0 ? 1 : units;
}

/// A GPU strategy's tile: `Group` work-items of `Items` elements each; `MinGroupsPerUnit`
/// (0: none) the work-groups a compute unit should hold at once (the
/// min_work_groups_per_multiprocessor property, which caps the registers on CUDA).
template <std::size_t Group, std::size_t Items, std::uint32_t MinGroupsPerUnit = 0>
struct tile_shape {
  static constexpr std::size_t group = Group;
  static constexpr std::size_t items = Items;
  static constexpr std::size_t tile = Group * Items;
  static constexpr std::uint32_t min_groups_per_unit = MinGroupsPerUnit;
};

/// The kernel properties of a tile kernel: its fixed work-group size, and the sub-group size
/// and occupancy hint where they are not 0.
template <std::size_t Group, std::uint32_t SubGroup, std::uint32_t MinGroupsPerUnit>
constexpr auto tile_kernel_properties() {
  if constexpr (SubGroup != 0 && MinGroupsPerUnit != 0)
    return properties{work_group_size<Group>, sub_group_size<SubGroup>,
                      min_work_groups_per_multiprocessor<MinGroupsPerUnit>};
  else if constexpr (SubGroup != 0)
    return properties{work_group_size<Group>, sub_group_size<SubGroup>};
  else if constexpr (MinGroupsPerUnit != 0)
    return properties{work_group_size<Group>, min_work_groups_per_multiprocessor<MinGroupsPerUnit>};
  else
    return properties{work_group_size<Group>};
}

/// Chunk `c` of `chunks` near-equal contiguous chunks of [0, n): [begin, end).
struct chunk_range {
  std::size_t begin, end;
};
COHORT_FUNCTION inline chunk_range chunk_of(std::size_t n, std::size_t chunks, std::size_t c) {
  const std::size_t base = n / chunks, extra = n % chunks;
  const std::size_t begin = c * base + (c < extra ? c : extra);
  return {begin, begin + base + (c < extra ? 1 : 0)};
}

/// A value or none, for combining with operators that have no known identity (a partial
/// of an empty range, a sub-group lane with nothing to contribute).
template <typename T>
struct optional_value {
  T value;
  bool has;
};

/// `op` over optional values, `a` first: none is the identity.
template <typename T, typename Op>
struct optional_op {
  Op op;
  COHORT_FUNCTION optional_value<T> operator()(const optional_value<T>& a, const optional_value<T>& b) const {
    if (!a.has) return b;
    if (!b.has) return a;
    return {detail::combine<T>(op, a.value, b.value), true};
  }
};

}  // namespace cohort::detail
