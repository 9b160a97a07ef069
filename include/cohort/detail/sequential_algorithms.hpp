// SPDX-License-Identifier: MIT
#pragma once
// Single-thread reduce, scan and any-of loops shaped so that the compiler vectorises them.
// Backends use them where one thread processes a whole range: the CPU's joint algorithms
// and the completion step of its collectives.
//
// - Reductions fold into independent lanes (the order of a group reduction is unspecified
//   in SYCL), so the loop needs no reassociation from the compiler and keeps several
//   vector accumulators in flight.
// - Scans over long ranges run in blocks: the block totals come from lane folds, then
//   every block is scanned from its own offset with the blocks interleaved, so that the
//   dependent chains of several blocks overlap instead of waiting on one another.
// - any-of tests a block of elements without branching before it looks at the result.
//
// Every step goes through `combine`, so integer results equal a sequential loop in the
// accumulator type exactly; floating-point results differ by rounding only.
#include <cstddef>
#include <iterator>
#include <type_traits>

#include "cohort/core/known_identity.hpp"
#include "cohort/detail/combine.hpp"
#include "cohort/detail/macros.hpp"

namespace cohort::detail {

/// Independent accumulators of a lane fold: about 128 bytes of them (8 SSE, 4 AVX or 2
/// AVX-512 registers), at least 4.
template <typename T>
inline constexpr std::size_t fold_lanes = sizeof(T) >= 32 ? 4 : 128 / sizeof(T);

/// Ranges shorter than this are scanned in one chain; blocking would not pay.
inline constexpr std::size_t blocked_scan_threshold = 4096;
/// Blocks of a blocked scan: enough independent chains to hide an add's latency.
inline constexpr std::size_t scan_blocks = 16;

template <typename It>
inline constexpr bool indexable_v = std::random_access_iterator<It>;

/// `op` over count > 0 contiguous values, without an initial value.
template <typename T, typename Op>
COHORT_INLINE T fold_nonempty(const T* v, std::size_t count, const Op& op) {
  constexpr std::size_t lanes = fold_lanes<T>;
  if (count < 2 * lanes) {
    T acc = v[0];
    for (std::size_t i = 1; i < count; ++i) acc = combine<T>(op, acc, v[i]);
    return acc;
  }
  T acc[lanes];
  for (std::size_t k = 0; k < lanes; ++k) acc[k] = v[k];
  std::size_t i = lanes;
  for (; i + lanes <= count; i += lanes)
    for (std::size_t k = 0; k < lanes; ++k) acc[k] = combine<T>(op, acc[k], v[i + k]);
  for (; i < count; ++i) acc[0] = combine<T>(op, acc[0], v[i]);
  for (std::size_t k = 1; k < lanes; ++k) acc[0] = combine<T>(op, acc[0], acc[k]);
  return acc[0];
}

/// `init` combined with every element of [first, first + count), accumulated as T.
template <typename T, typename It, typename Op>
COHORT_INLINE T fold(It first, std::size_t count, T init, const Op& op) {
  if constexpr (indexable_v<It> && has_known_identity_v<Op, T>) {
    // Lanes start from the identity, so every element meets `op` exactly as in a
    // sequential loop: op(accumulator, element).
    constexpr std::size_t lanes = fold_lanes<T>;
    if (count >= 2 * lanes) {
      T acc[lanes];
      for (std::size_t k = 0; k < lanes; ++k) acc[k] = make_known_identity<Op, T>();
      std::size_t i = 0;
      for (; i + lanes <= count; i += lanes)
        for (std::size_t k = 0; k < lanes; ++k) acc[k] = combine<T>(op, acc[k], first[i + k]);
      for (; i < count; ++i) acc[0] = combine<T>(op, acc[0], first[i]);
      for (std::size_t k = 0; k < lanes; ++k) init = combine<T>(op, init, acc[k]);
      return init;
    }
  }
  for (std::size_t i = 0; i < count; ++i, ++first) init = combine<T>(op, init, *first);
  return init;
}

/// Scans [first, first + count) into `out` starting from `init`; `out` may equal `first`.
/// Inclusive: out[i] = init op in[0] op ... op in[i]; exclusive: the same up to in[i-1].
template <bool Inclusive, typename T, typename InIt, typename OutIt, typename Op>
COHORT_INLINE void scan(InIt first, std::size_t count, OutIt out, T init, const Op& op) {
  auto chain = [&](std::size_t begin, std::size_t end, T acc) {
    for (std::size_t i = begin; i < end; ++i) {
      const T v = combine<T>(op, acc, first[i]);  // read before writing: in place is allowed
      out[i] = Inclusive ? v : acc;
      acc = v;
    }
    return acc;
  };
  if constexpr (indexable_v<InIt> && indexable_v<OutIt> && has_known_identity_v<Op, T>) {
    if (count >= blocked_scan_threshold) {
      constexpr std::size_t blocks = scan_blocks;
      const std::size_t length = count / blocks;
      T acc[blocks];
      acc[0] = init;
      for (std::size_t b = 1; b < blocks; ++b)
        acc[b] = fold(first + (b - 1) * length, length, acc[b - 1], op);
      for (std::size_t i = 0; i < length; ++i)
        for (std::size_t b = 0; b < blocks; ++b) {
          const std::size_t at = b * length + i;
          const T v = combine<T>(op, acc[b], first[at]);
          out[at] = Inclusive ? v : acc[b];
          acc[b] = v;
        }
      chain(blocks * length, count, acc[blocks - 1]);  // the tail after the last block
      return;
    }
  }
  if constexpr (indexable_v<InIt> && indexable_v<OutIt>) {
    chain(0, count, init);
  } else {
    for (std::size_t i = 0; i < count; ++i, ++first, ++out) {
      const T v = combine<T>(op, init, *first);
      *out = Inclusive ? v : init;
      init = v;
    }
  }
}

/// Whether `pred` holds for an element of [first, first + count).
template <typename It, typename Predicate>
COHORT_INLINE bool any_of(It first, std::size_t count, const Predicate& pred) {
  std::size_t i = 0;
  if constexpr (indexable_v<It>) {
    constexpr std::size_t block = 64;
    for (; i + block <= count; i += block) {
      bool found = false;
      for (std::size_t k = 0; k < block; ++k) found |= static_cast<bool>(pred(first[i + k]));
      if (found) return true;
    }
    for (; i < count; ++i)
      if (pred(first[i])) return true;
    return false;
  } else {
    for (; i < count; ++i, ++first)
      if (pred(*first)) return true;
    return false;
  }
}

}  // namespace cohort::detail
