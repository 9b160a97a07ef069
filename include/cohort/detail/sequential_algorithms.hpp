// SPDX-License-Identifier: MIT
#pragma once
// Single-thread reduce, scan and any-of loops shaped so that the compiler vectorises them.
// Backends use them where one thread processes a whole range: the CPU's joint algorithms
// and the completion step of its collectives.
//
// - Sums and products of arithmetic values reduce and scan on the compiler's vector types
//   (simd_arithmetic.hpp; OpenMP simd scans where there are none).
// - Other reductions fold into independent lanes (the order of a group reduction is
//   unspecified in SYCL), so the loop needs no reassociation from the compiler and keeps
//   several vector accumulators in flight; other scans are one dependent chain.
// - any-of tests a block of elements without branching before it looks at the result.
//
// Every step goes through `combine` (or, in the vector loops, its unsigned arithmetic), so
// integer results equal a sequential loop in the accumulator type exactly; floating-point
// results differ by rounding only.
#include <cstddef>
#include <iterator>
#include <type_traits>

#include "cohort/core/known_identity.hpp"
#include "cohort/core/type_traits.hpp"
#include "cohort/detail/combine.hpp"
#include "cohort/detail/macros.hpp"
#include "cohort/detail/simd_arithmetic.hpp"

// GCC derives from the lane loops below that an iteration far beyond any real count would
// overflow the address space, and warns although that iteration never runs.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Waggressive-loop-optimizations"
#endif

namespace cohort::detail {

/// Independent accumulators of a lane fold: about 128 bytes of them (8 SSE, 4 AVX or 2
/// AVX-512 registers), at least 4.
template <typename T>
inline constexpr std::size_t fold_lanes = sizeof(T) >= 32 ? 4 : 128 / sizeof(T);

/// The unsigned type of V's width (unsigned int for other widths): any_of's accumulator.
template <typename V>
using any_of_flag_t = std::conditional_t<
    sizeof(V) == 1, unsigned char,
    std::conditional_t<sizeof(V) == 2, unsigned short,
                       std::conditional_t<sizeof(V) == 8, unsigned long long, unsigned>>>;

/// Elements any_of tests between looks at the outcome.
inline constexpr std::size_t any_of_block = 64;

template <typename It>
inline constexpr bool indexable_v = std::random_access_iterator<It>;

/// Whether `Op` is logical_or / logical_and over bools (any/all of a group).
template <typename Op, typename T>
inline constexpr bool bool_or_v =
    std::is_same_v<T, bool> && (std::is_same_v<Op, logical_or<bool>> || std::is_same_v<Op, logical_or<void>>);
template <typename Op, typename T>
inline constexpr bool bool_and_v =
    std::is_same_v<T, bool> && (std::is_same_v<Op, logical_and<bool>> || std::is_same_v<Op, logical_and<void>>);

/// OR (or AND) of count bools as bytes: g++ vectorises this, not lanes of bools.
template <bool Or>
COHORT_INLINE bool fold_bools(const bool* v, std::size_t count) {
  const auto* bytes = reinterpret_cast<const unsigned char*>(v);
  unsigned char acc = Or ? 0 : 1;
  for (std::size_t i = 0; i < count; ++i) acc = Or ? (acc | bytes[i]) : (acc & bytes[i]);
  return acc != 0;
}

/// `op` over count > 0 values, without an initial value.
template <typename It, typename Op, typename T = std::iter_value_t<It>>
COHORT_INLINE T fold_nonempty(It v, std::size_t count, const Op& op) {
  if constexpr (std::is_pointer_v<It>) {
    // From the identity over all values: starting at v[1] costs g++ a scalar epilogue.
    if constexpr (simd_arithmetic_v<Op, T, T>) return simd_reduce<Op>(static_cast<const T*>(v), count, make_known_identity<Op, T>());
    if constexpr (bool_or_v<Op, T>) return fold_bools<true>(v, count);
    if constexpr (bool_and_v<Op, T>) return fold_bools<false>(v, count);
  }
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
COHORT_INLINE T fold(It first, std::size_t count, const T& init_value, const Op& op) {
  T init = init_value;
  if constexpr (std::is_pointer_v<It>) {
    if constexpr (simd_arithmetic_v<Op, T, std::remove_pointer_t<It>>)
      return simd_reduce<Op>(static_cast<const T*>(first), count, init);
  }
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

/// Whether T is floating-point or a vec / marray of floating-point elements: their `op` takes
/// several cycles, so a scan's one chain waits on it at every element.
template <typename T, bool = is_vec_v<T> || is_marray_v<T>>
inline constexpr bool floating_elements_v = std::is_floating_point_v<T>;
template <typename T>
inline constexpr bool floating_elements_v<T, true> = std::is_floating_point_v<typename T::value_type>;

/// Scan of count >= 4 values in four blocks whose chains run interleaved, then each later
/// block combined with the totals before it. `out` may equal `in`: every element is read
/// before it is written. Only for values with floating_elements_v and no simd scan: their
/// long-latency `op` leaves room for four chains, while for integer elements (one cycle per
/// add) the extra pass costs more than the chain it shortens.
inline constexpr std::size_t blocked_scan_min = 64, blocked_scan_max = 4096;

/// blocked_scan's fix-up: the block [from, to) scanned without what came before it gets
/// `carry`, the total of everything before it.
template <bool Inclusive, typename T, typename OutIt, typename Op>
COHORT_INLINE void carry_into_block(OutIt out, std::size_t from, std::size_t to, const T& carry, const Op& op) {
  if constexpr (!Inclusive) out[from++] = carry;
  for (std::size_t i = from; i < to; ++i) out[i] = combine<T>(op, carry, T(out[i]));
}

template <bool Inclusive, typename T, typename InIt, typename OutIt, typename Op>
COHORT_INLINE T blocked_scan(InIt in, std::size_t count, OutIt out, const T& init_value, const Op& op) {
  T init = init_value;
  // Block k covers [start[k], start[k + 1]); the last one takes the rest. Blocks after the
  // first scan without init (their first exclusive result is the carry, set in the fix-up).
  const std::size_t len = count / 4, s1 = len, s2 = 2 * len, s3 = 3 * len;
  T x0 = in[0], x1 = in[s1], x2 = in[s2], x3 = in[s3];
  T acc0 = combine<T>(op, init, x0), acc1 = x1, acc2 = x2, acc3 = x3;
  if constexpr (Inclusive) {
    out[0] = acc0;
    out[s1] = acc1;
    out[s2] = acc2;
    out[s3] = acc3;
  } else {
    out[0] = init;
  }
  for (std::size_t i = 1; i < len; ++i) {
    x0 = in[i];
    x1 = in[s1 + i];
    x2 = in[s2 + i];
    x3 = in[s3 + i];
    if constexpr (!Inclusive) {
      out[i] = acc0;
      out[s1 + i] = acc1;
      out[s2 + i] = acc2;
      out[s3 + i] = acc3;
    }
    acc0 = combine<T>(op, acc0, x0);
    acc1 = combine<T>(op, acc1, x1);
    acc2 = combine<T>(op, acc2, x2);
    acc3 = combine<T>(op, acc3, x3);
    if constexpr (Inclusive) {
      out[i] = acc0;
      out[s1 + i] = acc1;
      out[s2 + i] = acc2;
      out[s3 + i] = acc3;
    }
  }
  for (std::size_t i = 4 * len; i < count; ++i) {
    const T x = in[i];
    if constexpr (!Inclusive) out[i] = acc3;
    acc3 = combine<T>(op, acc3, x);
    if constexpr (Inclusive) out[i] = acc3;
  }
  T carry = acc0;
  carry_into_block<Inclusive>(out, s1, s2, carry, op);
  carry = combine<T>(op, carry, acc1);
  carry_into_block<Inclusive>(out, s2, s3, carry, op);
  carry = combine<T>(op, carry, acc2);
  carry_into_block<Inclusive>(out, s3, count, carry, op);
  return combine<T>(op, carry, acc3);
}

/// Scans [first, first + count) into `out` starting from `init`; `out` may equal `first`.
/// Inclusive: out[i] = init op in[0] op ... op in[i]; exclusive: the same up to in[i-1].
/// Returns init op in[0] op ... op in[count - 1].
template <bool Inclusive, typename T, typename InIt, typename OutIt, typename Op>
COHORT_INLINE T scan(InIt first, std::size_t count, OutIt out, const T& init_value, const Op& op) {
  T init = init_value;
  if constexpr (std::is_pointer_v<InIt> && std::is_same_v<OutIt, T*>) {
    if constexpr (simd_arithmetic_v<Op, T, std::remove_pointer_t<InIt>>) {
      if (count >= simd_scan_threshold) return simd_scan<Inclusive, Op>(static_cast<const T*>(first), count, out, init);
    }
  }
  // Scans of other floating-point values, up to a few thousand, run in four interleaved
  // blocks. Other scans run as one chain: more blocks helped only mid-sized fp32 sums, lost
  // for integers, and on large ranges their streams collide in L1.
  if constexpr (indexable_v<InIt> && indexable_v<OutIt>) {
    if constexpr (std::is_same_v<std::iter_value_t<InIt>, T> && std::is_same_v<std::iter_value_t<OutIt>, T> &&
                  !simd_arithmetic_v<Op, T, T> && floating_elements_v<T>) {
      if (count >= blocked_scan_min && count <= blocked_scan_max) return blocked_scan<Inclusive>(first, count, out, init, op);
    }
  }
  for (std::size_t i = 0; i < count; ++i, ++first, ++out) {
    const T v = combine<T>(op, init, *first);  // read before writing: in place is allowed
    *out = Inclusive ? v : init;
    init = v;
  }
  return init;
}

/// Whether `pred` holds for an element of [first, first + count).
template <typename It, typename Predicate>
COHORT_INLINE bool any_of(It first, std::size_t count, const Predicate& pred) {
  std::size_t i = 0;
  if constexpr (indexable_v<It>) {
    // An unsigned accumulator of the element's width vectorises where a bool one does not
    // (bool elements need an 8-bit one); the test per block keeps an early exit.
    using flag = any_of_flag_t<std::iter_value_t<It>>;
    constexpr std::size_t block = any_of_block;
    for (; i + block <= count; i += block) {
      flag found = 0;
      for (std::size_t k = 0; k < block; ++k) found |= static_cast<flag>(static_cast<bool>(pred(first[i + k])));
      if (found != 0) return true;
    }
    flag found = 0;  // rows shorter than a block vectorise too
    for (; i < count; ++i) found |= static_cast<flag>(static_cast<bool>(pred(first[i])));
    return found != 0;
  } else {
    for (; i < count; ++i, ++first)
      if (pred(*first)) return true;
    return false;
  }
}

}  // namespace cohort::detail

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
