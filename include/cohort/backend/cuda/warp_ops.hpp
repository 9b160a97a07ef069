// SPDX-License-Identifier: MIT
#pragma once
// Warp-level building blocks of the CUDA backend's group algorithms: shuffles of any
// trivially copyable type (split into 32-bit words), masks of partial warps, and warp
// reductions and scans over the first `n` lanes. Device code only.
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include <cohort/core/functional.hpp>
#include <cohort/core/known_identity.hpp>

namespace cohort::backends::cuda {

inline constexpr std::uint32_t warp_size = 32;

/// The mask of lanes 0 .. n-1 (n in 1 .. 32).
__device__ inline unsigned lanes_below(unsigned n) { return n >= 32 ? 0xffffffffu : (1u << n) - 1u; }

/// Applies `shuffle(word)` to every 32-bit word of `x`.
template <typename T, typename Shuffle>
__device__ inline T shuffle_words(const T& x, Shuffle shuffle) {
  static_assert(std::is_trivially_copyable_v<T>, "group values must be trivially copyable");
  constexpr std::size_t words = (sizeof(T) + 3) / 4;
  unsigned w[words];
  if constexpr (sizeof(T) % 4 != 0) w[words - 1] = 0;
  memcpy(w, &x, sizeof(T));
#pragma unroll
  for (std::size_t i = 0; i < words; ++i) w[i] = shuffle(w[i]);
  union result {  // storage for a T that needs no default constructor
    __device__ result() {}
    T value;
  } r;
  memcpy(&r.value, w, sizeof(T));
  return r.value;
}
template <typename T>
__device__ inline T shfl(unsigned mask, const T& x, unsigned source) {
  return shuffle_words(x, [&](unsigned w) { return __shfl_sync(mask, w, static_cast<int>(source)); });
}
template <typename T>
__device__ inline T shfl_up(unsigned mask, const T& x, unsigned delta) {
  return shuffle_words(x, [&](unsigned w) { return __shfl_up_sync(mask, w, delta); });
}
template <typename T>
__device__ inline T shfl_down(unsigned mask, const T& x, unsigned delta) {
  return shuffle_words(x, [&](unsigned w) { return __shfl_down_sync(mask, w, delta); });
}
template <typename T>
__device__ inline T shfl_xor(unsigned mask, const T& x, unsigned lane_mask) {
  return shuffle_words(x, [&](unsigned w) { return __shfl_xor_sync(mask, w, static_cast<int>(lane_mask)); });
}

/// Operators SYCL defines an identity for are commutative too: any combining order is
/// theirs. Others (user functors) are combined in local-id order.
template <typename Op, typename T>
inline constexpr bool commutative_v = has_known_identity_v<Op, T>;

template <template <typename> class Fn, typename Op, typename T>
inline constexpr bool is_op_v = std::is_same_v<Op, Fn<T>> || std::is_same_v<Op, Fn<void>>;

/// 32-bit integers with the operators of the hardware's warp reductions (__reduce_*_sync).
template <typename T, typename Op>
inline constexpr bool hardware_reducible_v =
    (std::is_same_v<T, int> || std::is_same_v<T, unsigned>) &&
    (is_op_v<plus, Op, T> || is_op_v<minimum, Op, T> || is_op_v<maximum, Op, T> ||
     (std::is_same_v<T, unsigned> && (is_op_v<bit_and, Op, T> || is_op_v<bit_or, Op, T> || is_op_v<bit_xor, Op, T>)));

template <typename T, typename Op>
__device__ inline T hardware_reduce(unsigned mask, T x) {
  if constexpr (is_op_v<plus, Op, T>)
    return __reduce_add_sync(mask, x);
  else if constexpr (is_op_v<minimum, Op, T>)
    return __reduce_min_sync(mask, x);
  else if constexpr (is_op_v<maximum, Op, T>)
    return __reduce_max_sync(mask, x);
  else if constexpr (is_op_v<bit_and, Op, T>)
    return __reduce_and_sync(mask, x);
  else if constexpr (is_op_v<bit_or, Op, T>)
    return __reduce_or_sync(mask, x);
  else
    return __reduce_xor_sync(mask, x);
}

// Each warp function takes the number of lanes `n`; a full warp (n == 32, a constant
// wherever the group size is one) takes a path with the constant mask, which needs no
// convergence check before its shuffles.

/// Sums on full warps as CUB's warp scans do: the shuffle's predicate (does the source
/// lane exist?) guards the add, so no compare and select per step.
template <typename T, typename Op>
inline constexpr bool predicated_sum_v =
    is_op_v<plus, Op, T> && (std::is_same_v<T, int> || std::is_same_v<T, unsigned> || std::is_same_v<T, float> ||
                             std::is_same_v<T, double> || std::is_same_v<T, long long> ||
                             std::is_same_v<T, unsigned long long> || std::is_same_v<T, long> ||
                             std::is_same_v<T, unsigned long>);

template <typename T>
__device__ inline T add_from_lane_below(T x, unsigned offset) {
  if constexpr (std::is_same_v<T, float>) {
    asm volatile("{ .reg .f32 y; .reg .pred p; shfl.sync.up.b32 y|p, %0, %1, 0, -1; @p add.f32 %0, y, %0; }"
                 : "+f"(x) : "r"(offset));
  } else if constexpr (std::is_same_v<T, double>) {
    asm volatile(
        "{ .reg .u32 lo, hi, ylo, yhi; .reg .f64 y; .reg .pred p; mov.b64 {lo, hi}, %0;"
        " shfl.sync.up.b32 ylo|p, lo, %1, 0, -1; shfl.sync.up.b32 yhi|p, hi, %1, 0, -1;"
        " mov.b64 y, {ylo, yhi}; @p add.f64 %0, y, %0; }"
        : "+d"(x) : "r"(offset));
  } else if constexpr (sizeof(T) == 4) {
    asm volatile("{ .reg .u32 y; .reg .pred p; shfl.sync.up.b32 y|p, %0, %1, 0, -1; @p add.u32 %0, y, %0; }"
                 : "+r"(x) : "r"(offset));
  } else {
    asm volatile(
        "{ .reg .u32 lo, hi, ylo, yhi; .reg .u64 y; .reg .pred p; mov.b64 {lo, hi}, %0;"
        " shfl.sync.up.b32 ylo|p, lo, %1, 0, -1; shfl.sync.up.b32 yhi|p, hi, %1, 0, -1;"
        " mov.b64 y, {ylo, yhi}; @p add.u64 %0, y, %0; }"
        : "+l"(x) : "r"(offset));
  }
  return x;
}

/// The combination of `x` over lanes 0 .. n-1 (this lane among them), in every one of them.
template <bool Full, typename T, typename Op>
__device__ inline T warp_reduce_lanes(T x, Op op, unsigned n, unsigned lane) {
  const unsigned mask = Full ? 0xffffffffu : lanes_below(n);
  if constexpr (hardware_reducible_v<T, Op>) {
    return hardware_reduce<T, Op>(mask, x);
  } else {
    if constexpr (commutative_v<Op, T> && Full) {  // a butterfly leaves the result in every lane
#pragma unroll
      for (unsigned o = warp_size / 2; o > 0; o /= 2) x = op(x, shfl_xor(mask, x, o));
      return x;
    } else {
      // In lane order, for any associative operator: lane l combines with lane l + o at
      // each level, lane 0 ends with the whole, then gives it to all.
#pragma unroll
      for (unsigned o = 1; o < warp_size; o *= 2) {
        const T y = shfl_down(mask, x, o);
        if (lane + o < n) x = op(x, y);
      }
      return shfl(mask, x, 0);
    }
  }
}
template <typename T, typename Op>
__device__ inline T warp_reduce(T x, Op op, unsigned n, unsigned lane) {
  if (n == warp_size) return warp_reduce_lanes<true>(x, op, warp_size, lane);
  return warp_reduce_lanes<false>(x, op, n, lane);
}

/// The inclusive scan of `x` over lanes 0 .. n-1 in lane order.
template <bool Full, typename T, typename Op>
__device__ inline T warp_inclusive_scan_lanes(T x, Op op, unsigned n, unsigned lane) {
  if constexpr (Full && predicated_sum_v<T, Op>) {
#pragma unroll
    for (unsigned o = 1; o < warp_size; o *= 2) x = add_from_lane_below(x, o);
    return x;
  } else {
    const unsigned mask = Full ? 0xffffffffu : lanes_below(n);
#pragma unroll
    for (unsigned o = 1; o < warp_size; o *= 2) {
      const T y = shfl_up(mask, x, o);
      if (lane >= o) x = op(y, x);
    }
    return x;
  }
}
template <typename T, typename Op>
__device__ inline T warp_inclusive_scan(T x, Op op, unsigned n, unsigned lane) {
  if (n == warp_size) return warp_inclusive_scan_lanes<true>(x, op, warp_size, lane);
  return warp_inclusive_scan_lanes<false>(x, op, n, lane);
}

/// From a lane's inclusive scan result `s` and its own `x`: the combination of the lanes
/// before it (unspecified in lane 0). Integer sums subtract instead of shuffling.
template <typename T, typename Op>
__device__ inline T warp_exclusive_part(const T& s, const T& x, Op, unsigned n) {
  if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool> && is_op_v<plus, Op, T>)
    return static_cast<T>(s - x);
  else if (n == warp_size)
    return shfl_up(0xffffffffu, s, 1);
  else
    return shfl_up(lanes_below(n), s, 1);
}

/// A value or nothing: lets a collective skip items without a value, for operators with
/// no known identity (the joint algorithms' partial tiles).
template <typename T>
struct maybe {
  T value;
  bool has;
};
template <typename Op>
struct maybe_op {
  Op op;
  template <typename T>
  __device__ maybe<T> operator()(const maybe<T>& a, const maybe<T>& b) const {
    if (a.has && b.has) return {static_cast<T>(op(a.value, b.value)), true};
    return a.has ? a : b;
  }
};

}  // namespace cohort::backends::cuda
