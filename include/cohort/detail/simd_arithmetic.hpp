// SPDX-License-Identifier: MIT
#pragma once
// Single-thread reductions and scans of sums and products of arithmetic values, vectorised:
// - scans scan each vector in registers and carry one vector operation per vector instead
//   of one dependent add per element (see vector_scan);
// - reductions run on four vectors of lanes::load_bytes and combine the lanes as a tree (see
//   simd_reduce).
// Both are written with the compiler's vectors (vector_lanes.hpp); where there are none,
// and for types they do not hold, scans are OpenMP simd scans (`reduction(inscan, ...)`;
// one chain without OpenMP) and reductions a loop.
//
// Integers accumulate in the unsigned type of the same width (see combine.hpp), so the
// results equal a sequential loop bit for bit; floating-point results differ by rounding.
#include <cstddef>
#include <type_traits>

#include "cohort/core/known_identity.hpp"
#include "cohort/detail/combine.hpp"
#include "cohort/detail/macros.hpp"
#include "cohort/detail/vector_lanes.hpp"

namespace cohort::detail {

/// Whether `op` over T values read as `In` runs as a vector loop here: a sum or product
/// of an arithmetic type (not bool), read as that same type.
template <typename Op, typename T, typename In>
inline constexpr bool simd_arithmetic_v = [] {
  if constexpr (std::is_arithmetic_v<T> && !std::is_same_v<T, bool> && std::is_same_v<std::remove_cv_t<In>, T>) {
    constexpr identity_op kind = classify_op<std::remove_cv_t<Op>, T>::value;
    return kind == identity_op::plus || kind == identity_op::multiplies;
  } else {
    return false;
  }
}();

/// Shorter scans use the one-chain loop, which has no set-up: below this the simd scan's
/// set-up costs as much as the chain.
inline constexpr std::size_t simd_scan_threshold = 16;

template <typename T, bool = std::is_integral_v<T>>
struct simd_accumulator {
  using type = T;
};
template <typename T>
struct simd_accumulator<T, true> {
  using type = wrapping_unsigned_t<T>;
};

/// `init` op in[0] op ... op in[count - 1] (see simd_arithmetic_v). Written with the
/// compiler's vectors (vector_lanes.hpp) rather than `omp simd reduction`: g++ kept that
/// reduction's accumulator in memory when inlined into a large kernel (a store and a
/// reload per vector) and gave it one register, bound by the add's latency; an array of
/// lanes instead was split into scalars there. Four accumulators of load_bytes, then a tree
/// over the lanes.
template <typename Op, typename T>
COHORT_INLINE T simd_reduce(const T* in, std::size_t count, T init) {
  constexpr identity_op kind = classify_op<std::remove_cv_t<Op>, T>::value;
  constexpr bool plus = kind == identity_op::plus;
  using A = typename simd_accumulator<T>::type;
  const auto apply = [](A a, A b) -> A { return plus ? static_cast<A>(a + b) : static_cast<A>(a * b); };
  A result = static_cast<A>(init);
  std::size_t i = 0;
#if COHORT_NATIVE_VECTORS
  if constexpr (lanes::supported_v<T>) {
    constexpr std::size_t bytes = lanes::load_bytes, n = lanes::count_v<A>;
    using V = lanes::vector_t<A>;
    if (count >= n) {
      V acc0, x;
      lanes::load<A, bytes>(acc0, in);
      i = n;
      if (count >= 4 * n) {
        V acc1, acc2, acc3;
        lanes::load<A, bytes>(acc1, in + n);
        lanes::load<A, bytes>(acc2, in + 2 * n);
        lanes::load<A, bytes>(acc3, in + 3 * n);
        for (i = 4 * n; i + 4 * n <= count; i += 4 * n) {
          lanes::load<A, bytes>(x, in + i);
          lanes::combine<plus>(acc0, x);
          lanes::load<A, bytes>(x, in + i + n);
          lanes::combine<plus>(acc1, x);
          lanes::load<A, bytes>(x, in + i + 2 * n);
          lanes::combine<plus>(acc2, x);
          lanes::load<A, bytes>(x, in + i + 3 * n);
          lanes::combine<plus>(acc3, x);
        }
        lanes::combine<plus>(acc0, acc1);
        lanes::combine<plus>(acc2, acc3);
        lanes::combine<plus>(acc0, acc2);
      }
      for (; i + n <= count; i += n) {
        lanes::load<A, bytes>(x, in + i);
        lanes::combine<plus>(acc0, x);
      }
      result = apply(result, lanes::fold<plus, A, bytes>(acc0));
    }
  }
#endif
  for (; i < count; ++i) result = apply(result, static_cast<A>(in[i]));
  return static_cast<T>(result);
}

#if COHORT_NATIVE_VECTORS
/// One vector of a scan: `prefix` = the scan of x's lanes (shifted by one lane for an
/// exclusive scan), `total` = the combination of all of x's lanes in every lane.
template <bool Inclusive, bool Plus, typename A, std::size_t Bytes>
COHORT_INLINE void scan_vector(const lanes::vector_t<A, Bytes>& x, const lanes::vector_t<A, Bytes>& identity,
                               lanes::vector_t<A, Bytes>& prefix, lanes::vector_t<A, Bytes>& total) {
  using seq = std::make_index_sequence<lanes::count_v<A, Bytes>>;
  if constexpr (Inclusive) {
    prefix = x;
    lanes::scan_lanes<Plus, A, Bytes>(prefix, identity);
    lanes::splat_last<A, Bytes>(total, prefix, seq{});
  } else {
    lanes::shift_up<1, A, Bytes>(prefix, x, identity, seq{});
    lanes::scan_lanes<Plus, A, Bytes>(prefix, identity);
    lanes::vector_t<A, Bytes> inclusive = prefix;
    lanes::combine<Plus>(inclusive, x);
    lanes::splat_last<A, Bytes>(total, inclusive, seq{});
  }
}

/// The scan of simd_scan on 16-byte vectors, four per step: each vector is scanned in its
/// lanes and the four totals among themselves, off the chain; the chain from step to step
/// is one operation (the carry, the running value in every lane, takes the step's total),
/// so an fp32 sum costs one add latency per 16 elements instead of one per element. (Wider
/// vectors scan their lanes with shuffles across 128-bit halves, which some cores run
/// much slower.) Works in place: each step reads its vectors before it writes
/// them. Returns the running value after the last element.
template <bool Inclusive, bool Plus, typename A, typename T>
COHORT_INLINE A vector_scan(const T* in, std::size_t count, T* out, A running) {
  constexpr std::size_t bytes = 16, n = lanes::count_v<A, bytes>;
  using V = lanes::vector_t<A, bytes>;
  std::size_t i = 0;
  if (count >= n) {
    V identity{}, carry{};
    identity += static_cast<A>(Plus ? 0 : 1);  // scalars broadcast to every lane
    carry += running;
    for (; i + 4 * n <= count; i += 4 * n) {
      V x0, x1, x2, x3, p0, p1, p2, p3, t0, t1, t2, t3;
      lanes::load<A, bytes>(x0, in + i);
      lanes::load<A, bytes>(x1, in + i + n);
      lanes::load<A, bytes>(x2, in + i + 2 * n);
      lanes::load<A, bytes>(x3, in + i + 3 * n);
      scan_vector<Inclusive, Plus, A, bytes>(x0, identity, p0, t0);
      scan_vector<Inclusive, Plus, A, bytes>(x1, identity, p1, t1);
      scan_vector<Inclusive, Plus, A, bytes>(x2, identity, p2, t2);
      scan_vector<Inclusive, Plus, A, bytes>(x3, identity, p3, t3);
      lanes::combine<Plus>(t1, t0);  // t1 = t0 op t1 ... t3 = the step's total
      lanes::combine<Plus>(t2, t1);
      lanes::combine<Plus>(t3, t2);
      V r0 = carry, r1 = carry, r2 = carry, r3 = carry;
      lanes::combine<Plus>(r1, t0);
      lanes::combine<Plus>(r2, t1);
      lanes::combine<Plus>(r3, t2);
      lanes::combine<Plus>(r0, p0);
      lanes::combine<Plus>(r1, p1);
      lanes::combine<Plus>(r2, p2);
      lanes::combine<Plus>(r3, p3);
      lanes::store<A, bytes>(out + i, r0);
      lanes::store<A, bytes>(out + i + n, r1);
      lanes::store<A, bytes>(out + i + 2 * n, r2);
      lanes::store<A, bytes>(out + i + 3 * n, r3);
      lanes::combine<Plus>(carry, t3);
    }
    for (; i + n <= count; i += n) {
      V x, p, t;
      lanes::load<A, bytes>(x, in + i);
      scan_vector<Inclusive, Plus, A, bytes>(x, identity, p, t);
      V r = carry;
      lanes::combine<Plus>(r, p);
      lanes::store<A, bytes>(out + i, r);
      lanes::combine<Plus>(carry, t);
    }
    running = carry[0];
  }
  for (; i < count; ++i) {
    const A x = static_cast<A>(in[i]);
    if constexpr (!Inclusive) out[i] = static_cast<T>(running);
    running = Plus ? static_cast<A>(running + x) : static_cast<A>(running * x);
    if constexpr (Inclusive) out[i] = static_cast<T>(running);
  }
  return running;
}
#endif

/// out[i] = acc op in[0] op ... op in[i] (Inclusive) or up to in[i-1]; returns the total.
/// `in` and `out` must not overlap (simd_scan below handles in place). For types without
/// vector lanes.
template <bool Inclusive, identity_op Kind, typename A, typename T>
COHORT_INLINE A simd_scan_disjoint(const T* in, std::size_t count, T* out, A acc) {
  if constexpr (Kind == identity_op::plus) {
    if constexpr (Inclusive) {
#pragma omp simd reduction(inscan, + : acc)
      for (std::size_t i = 0; i < count; ++i) {
        acc += static_cast<A>(in[i]);
#pragma omp scan inclusive(acc)
        out[i] = static_cast<T>(acc);
      }
    } else {
#pragma omp simd reduction(inscan, + : acc)
      for (std::size_t i = 0; i < count; ++i) {
        out[i] = static_cast<T>(acc);
#pragma omp scan exclusive(acc)
        acc += static_cast<A>(in[i]);
      }
    }
  } else {
    if constexpr (Inclusive) {
#pragma omp simd reduction(inscan, * : acc)
      for (std::size_t i = 0; i < count; ++i) {
        acc *= static_cast<A>(in[i]);
#pragma omp scan inclusive(acc)
        out[i] = static_cast<T>(acc);
      }
    } else {
#pragma omp simd reduction(inscan, * : acc)
      for (std::size_t i = 0; i < count; ++i) {
        out[i] = static_cast<T>(acc);
#pragma omp scan exclusive(acc)
        acc *= static_cast<A>(in[i]);
      }
    }
  }
  return acc;
}

/// Scans in[0, count) into out starting from `init` (see simd_arithmetic_v); out may equal
/// in. Returns init op in[0] op ... op in[count - 1].
template <bool Inclusive, typename Op, typename T>
COHORT_INLINE T simd_scan(const T* in, std::size_t count, T* out, T init) {
  constexpr identity_op kind = classify_op<std::remove_cv_t<Op>, T>::value;
  using A = typename simd_accumulator<T>::type;
  A acc = static_cast<A>(init);
#if COHORT_NATIVE_VECTORS
  if constexpr (lanes::supported_v<T>)
    return static_cast<T>(vector_scan<Inclusive, kind == identity_op::plus>(in, count, out, acc));
#endif
  // The inclusive loop reads in[i] before it writes out[i], so in place is fine.
  if (Inclusive || in != out) return static_cast<T>(simd_scan_disjoint<Inclusive, kind>(in, count, out, acc));
  // The exclusive loop writes out[i] before it reads in[i]: in place, scan from a copy.
  constexpr std::size_t chunk = 512;
  T copy[chunk];
  for (std::size_t at = 0; at < count; at += chunk) {
    const std::size_t n = count - at < chunk ? count - at : chunk;
    for (std::size_t i = 0; i < n; ++i) copy[i] = in[at + i];
    acc = simd_scan_disjoint<false, kind>(copy, n, out + at, acc);
  }
  return static_cast<T>(acc);
}

}  // namespace cohort::detail
