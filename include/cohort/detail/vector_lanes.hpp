// SPDX-License-Identifier: MIT
#pragma once
// Operations on the compiler's vectors (detail/native_vector.hpp) for the single-thread
// reductions and scans of simd_arithmetic.hpp: loads and stores with conversion, lane
// shifts and splats, in-register scans and folds. Written with them, the loops keep their
// accumulators in registers wherever they are inlined; the same loops as `omp simd`
// reductions lost them to the stack inside large kernels.
//
// Vectors pass by reference: by value, wide vectors change the calling convention with the
// target, and compilers warn about it. Everything here exists where COHORT_NATIVE_VECTORS
// is 1 (g++, clang++ and nvcc's host pass; not device code).
#include <cstddef>
#include <type_traits>
#include <utility>

#include "cohort/detail/macros.hpp"
#include "cohort/detail/native_vector.hpp"

#if COHORT_NATIVE_VECTORS
namespace cohort::detail::lanes {

/// The width of the vectors the reductions load (and of lane vectors by default): that of
/// the target's registers (native_register_bytes), but 32 bytes where AVX-512 exists, the
/// width g++ and clang vectorise the kernels' own loops with there by default. A load must
/// not be wider than the stores it reads: a 64-byte load of values just written as two
/// 32-byte stores cannot take them from the store buffer and waits for both to reach the
/// cache, as in a scoped reduce whose update loop writes the values back before every call.
inline constexpr std::size_t load_bytes = native_register_bytes < 32 ? native_register_bytes : 32;

/// Whether values of T (as accumulators of type A) run on these vectors: integers up to
/// 8 bytes, float and double.
template <typename T>
inline constexpr bool supported_v =
    (std::is_integral_v<T> && !std::is_same_v<T, bool> && sizeof(T) <= 8) || std::is_same_v<T, float> ||
    std::is_same_v<T, double>;

/// Accumulators of type A, `Bytes` wide (by default load_bytes).
template <typename A, std::size_t Bytes = load_bytes>
using vector_t = native_vector_t<A, static_cast<int>(Bytes / sizeof(A))>;
template <typename A, std::size_t Bytes = load_bytes>
inline constexpr std::size_t count_v = Bytes / sizeof(A);

/// The standard type of T's size and kind that vectors hold when loading or storing T.
template <typename T>
using element_t = std::conditional_t<
    !std::is_integral_v<T>, T,
    std::conditional_t<sizeof(T) == 1, signed char,
                       std::conditional_t<sizeof(T) == 2, short, std::conditional_t<sizeof(T) == 4, int, long long>>>>;

/// v = in[0, lanes of v), each converted as static_cast<A>.
template <typename A, std::size_t Bytes, typename T>
COHORT_INLINE void load(vector_t<A, Bytes>& v, const T* in) {
  using E = element_t<T>;
  native_vector_t<E, static_cast<int>(count_v<A, Bytes>)> raw;
  __builtin_memcpy(&raw, in, sizeof raw);
  v = __builtin_convertvector(raw, vector_t<A, Bytes>);
}

/// out[0, lanes of v) = v, each converted back to T (integers wrap).
template <typename A, std::size_t Bytes, typename T>
COHORT_INLINE void store(T* out, const vector_t<A, Bytes>& v) {
  using E = element_t<T>;
  using R = native_vector_t<E, static_cast<int>(count_v<A, Bytes>)>;
  const R raw = __builtin_convertvector(v, R);
  __builtin_memcpy(out, &raw, sizeof raw);
}

/// a = a op b for the sums and products the callers support.
template <bool Plus, typename V>
COHORT_INLINE void combine(V& a, const V& b) {
  if constexpr (Plus) a += b;
  else a *= b;
}

/// Integers of A's size: shuffle masks.
template <typename A>
using mask_element_t = std::conditional_t<sizeof(A) == 4, int, long long>;

/// out = v with its lanes moved K places up (lane i + K gets v[i]); lanes below K get
/// fill's.
template <std::size_t K, typename A, std::size_t Bytes, std::size_t... I>
COHORT_INLINE void shift_up(vector_t<A, Bytes>& out, const vector_t<A, Bytes>& v, const vector_t<A, Bytes>& fill,
                            std::index_sequence<I...>) {
  constexpr std::size_t n = sizeof...(I);
#if defined(__clang__)
  out = __builtin_shufflevector(v, fill, (I >= K ? I - K : n + I)...);
#else
  using M = vector_t<mask_element_t<A>, Bytes>;
  constexpr M mask = {static_cast<mask_element_t<A>>(I >= K ? I - K : n + I)...};
  out = __builtin_shuffle(v, fill, mask);
#endif
}

/// out = in every lane, v's last lane.
template <typename A, std::size_t Bytes, std::size_t... I>
COHORT_INLINE void splat_last(vector_t<A, Bytes>& out, const vector_t<A, Bytes>& v, std::index_sequence<I...>) {
  constexpr std::size_t last = sizeof...(I) - 1;
#if defined(__clang__)
  out = __builtin_shufflevector(v, v, (I * 0 + last)...);
#else
  using M = vector_t<mask_element_t<A>, Bytes>;
  constexpr M mask = {static_cast<mask_element_t<A>>(I * 0 + last)...};
  out = __builtin_shuffle(v, mask);
#endif
}

/// v = the inclusive scan of v's lanes (log2(lanes) shifted combinations), `identity`
/// holding the operation's identity in every lane.
template <bool Plus, typename A, std::size_t Bytes, std::size_t K = 1>
COHORT_INLINE void scan_lanes(vector_t<A, Bytes>& v, const vector_t<A, Bytes>& identity) {
  if constexpr (K < count_v<A, Bytes>) {
    vector_t<A, Bytes> shifted;
    shift_up<K, A, Bytes>(shifted, v, identity, std::make_index_sequence<count_v<A, Bytes>>{});
    combine<Plus>(v, shifted);
    scan_lanes<Plus, A, Bytes, 2 * K>(v, identity);
  }
}

/// lo, hi = the lower and upper halves of v's lanes. (nvcc's front end passes
/// __builtin_shufflevector on to the host compiler with its index pack unexpanded.)
template <typename A, std::size_t Bytes, std::size_t... I>
COHORT_INLINE void halves(vector_t<A, Bytes / 2>& lo, vector_t<A, Bytes / 2>& hi, const vector_t<A, Bytes>& v,
                          std::index_sequence<I...>) {
#if __has_builtin(__builtin_shufflevector) && !defined(__CUDACC__)
  lo = __builtin_shufflevector(v, v, I...);
  hi = __builtin_shufflevector(v, v, (I + sizeof...(I))...);
#else
  lo = vector_t<A, Bytes / 2>{v[I]...};
  hi = vector_t<A, Bytes / 2>{v[I + sizeof...(I)]...};
#endif
}

/// The lanes of v combined as a tree: halves, then quarters, ... (one vector op per level).
/// Halves are taken with shuffles, never through memory: a `memcpy` of v's halves made
/// g++ 12 keep v, and with it the callers' accumulators, on the stack (a 64-byte store and
/// reload per loop step, and a store-forwarding stall before the fold).
template <bool Plus, typename A, std::size_t Bytes>
COHORT_INLINE A fold(const vector_t<A, Bytes>& v) {
  constexpr std::size_t n = count_v<A, Bytes>;
  if constexpr (n == 1) {
    return v[0];
  } else {
    vector_t<A, Bytes / 2> lo, hi;
    halves<A, Bytes>(lo, hi, v, std::make_index_sequence<n / 2>{});
    combine<Plus>(lo, hi);
    return fold<Plus, A, Bytes / 2>(lo);
  }
}

}  // namespace cohort::detail::lanes
#endif
