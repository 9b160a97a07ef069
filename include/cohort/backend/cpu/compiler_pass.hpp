// SPDX-License-Identifier: MIT
#pragma once
// The library's side of the CPU compiler pass (compiler/cbs/): what an nd_range kernel
// looks like to the pass, and the barriers and collectives it can turn into loops.
//
// With clang++ and the pass plugin (CMake's COHORT_CPU_COMPILER_PASS, which also defines
// the macro of that name), an nd_range launch first calls `run_group_as_loops`: a wrapper
// that runs ONE work-item, whose id comes from `__cohort_cbs_local_id`. The pass splits the
// wrapper at its barriers into regions, keeps the values that live across a barrier in
// per-item arrays, and makes each region a loop over the group's items; it then rewrites
// the wrapper's `__cohort_cbs_transformed()` to true. A wrapper it declined keeps the call,
// which returns false at run time, and the launcher runs the group on fibers as without
// the pass. So the decision is made where the code is compiled and read where it runs: a
// g++ build, a clang build without the plugin and a declined kernel all stay correct.
//
// Kernel code reaches the barriers and collectives through the same hooks as always; under
// the pass each hook asks `__cohort_cbs_active()`, which the pass folds to true inside the
// wrappers and to false everywhere else, so the fiber paths keep their code.
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>

#include <cohort/core/known_identity.hpp>
#include <cohort/detail/combine.hpp>
#include <cohort/detail/macros.hpp>
#include <cohort/detail/reduce_lanes.hpp>
#include <cohort/detail/sequential_algorithms.hpp>
#include <cohort/detail/vector_lanes.hpp>

#if defined(__clang__) && defined(COHORT_CPU_COMPILER_PASS) && !COHORT_DEVICE_PASS
#define COHORT_CBS 1
#else
#define COHORT_CBS 0
#endif

// The functions the pass knows by name (compiler/cbs/markers.hpp). Defined in
// src/compiler_pass.cpp for code the pass did not transform; none may be inlined.
extern "C" {
/// Whether the pass turned the calling wrapper into loops (false where it did not).
bool __cohort_cbs_transformed() noexcept;
/// Inside a wrapper: whether its barriers are the pass's (folded by the pass everywhere).
bool __cohort_cbs_active() noexcept;
/// The local linear id of the work-item the wrapper runs, in a group of `group_size` items.
__attribute__((const)) std::size_t __cohort_cbs_local_id(std::size_t group_size) noexcept;
/// A work-group barrier: the pass ends a region here. Convergent, so that the optimiser never
/// makes it depend on more conditions (say, by duplicating it into both arms of an `if`):
/// every item must meet the same barriers.
#if defined(__clang__)
[[clang::annotate("cohort.cbs.barrier")]] __attribute__((convergent))
#endif
void __cohort_cbs_barrier() noexcept;
/// The thread's collective scratch (scratch_state): one value per group, which the pass
/// computes once in the wrapper's entry instead of per item and region.
__attribute__((const)) std::byte* __cohort_cbs_scratch() noexcept;
/// The part of the scratch that holds the items' deposits (after the single result), likewise
/// computed once. The library writes deposits only through this pointer and reaches nothing
/// else through it, so the pass can tell which stores may overwrite a deposit: where none
/// does between a deposit and a later use of the deposited value, the item reads the value
/// back from its deposit instead of keeping a slot of its own.
__attribute__((const)) std::byte* __cohort_cbs_deposits() noexcept;
/// The group's local-accessor memory, likewise computed once per group.
__attribute__((const)) char* __cohort_cbs_local_memory() noexcept;
/// Code the pass must not transform (the pass declines a wrapper that still calls it).
void __cohort_cbs_unsupported() noexcept;
/// Per-item storage of `bytes` for the values a transformed wrapper keeps across barriers
/// (called by the code the pass generates, once per group).
void* __cohort_cbs_item_storage(std::size_t bytes) noexcept;
}

namespace cohort::backends::cpu::cbs {

/// Bytes of collective scratch per work-item (values of at most 64 bytes, as the fiber
/// engine's running values), and per group for a result.
/// The values' slots and the results' slots.
inline constexpr std::size_t scratch_bytes_per_item = 64;
inline constexpr std::size_t scratch_result_bytes = 64;

/// The thread's collective scratch, reserved by the launcher before a group runs as loops
/// (reserve_scratch), so that the deposits of a collective are plain stores.
struct scratch_state {
  static inline constinit thread_local std::byte* t_base = nullptr;
  static inline constinit thread_local std::size_t t_bytes = 0;
};
/// Makes the thread's scratch at least `bytes` long (compiled in src/).
void grow_scratch(std::size_t bytes);
inline void reserve_scratch(std::size_t group_size) {
  const std::size_t bytes = 2 * group_size * scratch_bytes_per_item + scratch_result_bytes;
  if (scratch_state::t_bytes < bytes) grow_scratch(bytes);
}
[[gnu::always_inline]] inline std::byte* scratch() { return __cohort_cbs_scratch(); }
/// The deposits: scratch() + scratch_result_bytes.
[[gnu::always_inline]] inline std::byte* deposits() { return __cohort_cbs_deposits(); }

/// Whether launches run the kernels the pass transformed as loops (the default). Turned off,
/// they run on fibers as without the pass: benchmarks and tests compare the two in one
/// program (compiled in src/).
bool loops_enabled();
void set_loops_enabled(bool enabled);

/// Reports, once per kernel when COHORT_VERBOSE is set, that a kernel ran on fibers although
/// built with the pass, and why (compiled in src/).
void report_fallback(const char* kernel, const char* why);

#if COHORT_CBS
[[gnu::always_inline]] inline bool active() { return __cohort_cbs_active(); }
#else
constexpr bool active() { return false; }
#endif

/// Whether collectives over T run as loops: values that fit a scratch slot.
template <typename T>
inline constexpr bool fits_v = sizeof(T) <= scratch_bytes_per_item && alignof(T) <= 64 &&
                               std::is_trivially_copyable_v<T>;

/// A collective in the pass's form: each item deposits its value in slot `me`, a barrier,
/// item 0 completes over the deposited values (`complete(values, count, results)`), a
/// barrier, and each item reads its result (`read(results)`). Under the pass both barriers
/// are region boundaries, so each step is a loop over the items. Results live apart from
/// the values: an item that read its result may deposit for the next collective while later
/// items still read theirs, and the next completion runs only after all of them did.
/// `One`: a single result for all items, which lies before the values (the scratch's first
/// bytes), so that the compiler sees that no deposit overwrites it and loads it once per
/// loop over the items; results per item lie after the values.
template <typename T, typename R, bool One, typename Complete, typename Read>
[[gnu::always_inline]] inline R collective(std::size_t me, std::size_t count, const T& x, Complete&& complete,
                                           Read&& read) {
  if constexpr (!fits_v<T> || !fits_v<R>) {
    __cohort_cbs_unsupported();
    __builtin_unreachable();
  } else {
    static_assert(sizeof(R) <= scratch_result_bytes);
    std::byte* const base = scratch();
    T* const values = reinterpret_cast<T*>(deposits());
    R* const results = reinterpret_cast<R*>(One ? base : base + scratch_result_bytes + count * scratch_bytes_per_item);
    __builtin_memcpy(values + me, &x, sizeof(T));
    __cohort_cbs_barrier();
    if (me == 0) complete(static_cast<const T*>(values), count, results);
    __cohort_cbs_barrier();
    return read(static_cast<const R*>(results));
  }
}

/// Whether a completion may combine in another order than the items' (integer sums, minima,
/// bitwise operations, and boolean or/and: the same bits in any order, so the library's
/// vectorised folds and scans serve). Floating-point reductions with built-in operators
/// combine in the fixed lane order of detail/reduce_lanes.hpp, and unknown operators and
/// floating-point scans in local id order, as on the fiber engine, so that results are
/// identical with and without the pass.
template <typename Op, typename T>
inline constexpr bool reorderable_v = detail::bool_or_v<Op, T> || detail::bool_and_v<Op, T> ||
                                      (std::is_integral_v<T> && detail::builtin_arithmetic_op_v<Op, T>);
/// Whether a scan's completion may use the library's vectorised scan (integer sums and
/// products, whose wrapping arithmetic gives the same bits in any grouping).
template <typename Op, typename T>
inline constexpr bool vector_scan_v = reorderable_v<Op, T> && detail::simd_arithmetic_v<Op, T, T>;

/// OR (or AND) of n bools, as words of eight: bools are bytes of 0 or 1, and the compiler
/// vectorises the words' loop without widening each byte to a lane of its own. The items
/// deposited the bytes just before, in stores of 16 bytes or more that may not have reached
/// the cache yet: loads of 16 bytes lie within one such store and take its value from it,
/// where wider ones would wait for the stores to complete.
template <bool Or>
[[gnu::always_inline]] inline bool fold_bool_bytes(const bool* v, std::size_t n) {
  const auto* bytes = reinterpret_cast<const unsigned char*>(v);
  constexpr std::uint64_t all_true = 0x0101010101010101u;
  std::uint64_t words = Or ? 0 : all_true;
  std::size_t i = 0;
#if defined(__clang__)
#pragma clang loop vectorize_width(2) interleave_count(4)
#endif
  for (; i + 8 <= n; i += 8) {
    std::uint64_t w;
    __builtin_memcpy(&w, bytes + i, 8);
    words = Or ? (words | w) : (words & w);
  }
  bool rest = !Or;
  for (; i < n; ++i) rest = Or ? (rest || bytes[i] != 0) : (rest && bytes[i] != 0);
  return Or ? (words != 0 || rest) : (words == all_true && rest);
}

/// detail::fold_in_lanes out of line: its lane array, inlined, would be a stack object of
/// the wrapper, which the pass gives every item a copy of. Pure (only built-in operators
/// reach it), so that the pass sees that the completion leaves the deposits as they were.
template <typename T, typename Op>
[[gnu::noinline, gnu::pure]] T fold_in_lanes_out_of_line(const T* v, std::size_t count, Op op) {
  return detail::fold_in_lanes(v, count, op);
}

/// detail::fold_nonempty for the reorderable operators (built-in ones), out of line and pure
/// for the same reason (a call of fold_nonempty itself, which the compiler may leave out of
/// line, could write anything as far as the pass knows).
template <typename T, typename Op>
[[gnu::noinline, gnu::pure]] T fold_reorderable(const T* v, std::size_t count, Op op) {
  return detail::fold_nonempty(v, count, op);
}

/// Whether a reduction's completion runs on compiler vectors of the lanes of
/// detail/reduce_lanes.hpp: floating-point sums and products, which must keep that order,
/// and integer ones, which give the same bits in any order.
template <typename Op, typename T>
inline constexpr bool lane_vector_v = (detail::lane_ordered_reduce_v<Op, T> ||
                                       (std::is_integral_v<T> && detail::builtin_arithmetic_op_v<Op, T>)) &&
                                      (detail::classify_op<std::remove_cv_t<Op>, T>::value == detail::identity_op::plus ||
                                       detail::classify_op<std::remove_cv_t<Op>, T>::value == detail::identity_op::multiplies);

#if COHORT_CBS
/// The order of detail/reduce_lanes.hpp over `count` values, on compiler vectors that hold
/// the L lanes (registers, where an array would be a stack object): the lanes in rows of L
/// values, then halved. The parts are no wider than the items' deposits, whose stores a
/// wider load could not take its value from. A row's last values lie in the scratch, which
/// extends past them.
template <typename T, typename Op>
[[gnu::always_inline]] inline T fold_in_lane_vector(const T* v, std::size_t count, Op op) {
  constexpr std::size_t lanes = detail::reduce_lanes_v<T>;
  if (count < lanes) return fold_in_lanes_out_of_line(v, count, op);
  using E = typename std::conditional_t<std::is_integral_v<T>, std::make_unsigned<T>, std::type_identity<T>>::type;  // integers wrap
  constexpr std::size_t width = detail::lanes::load_bytes / sizeof(T), parts = lanes / width;
  using part = E __attribute__((vector_size(width * sizeof(T))));
  constexpr bool sum = detail::classify_op<std::remove_cv_t<Op>, T>::value == detail::identity_op::plus;
  auto apply = [](const part& a, const part& b) { return sum ? a + b : a * b; };
  auto row = [v](std::size_t at, std::size_t k) {
    part r;
    __builtin_memcpy(&r, v + at + k * width, sizeof r);
    return r;
  };
  part acc[parts];
  for (std::size_t k = 0; k < parts; ++k) acc[k] = row(0, k);
  std::size_t i = lanes;
  for (; i + lanes <= count; i += lanes)
    for (std::size_t k = 0; k < parts; ++k) acc[k] = apply(acc[k], row(i, k));
  if (i < count) {
    using index = decltype(acc[0] < acc[0]);
    using index_element = std::remove_cvref_t<decltype(std::declval<index&>()[0])>;
    index lane{};
    for (std::size_t j = 0; j < width; ++j) lane[j] = static_cast<index_element>(j);
    for (std::size_t k = 0; k < parts; ++k) {
      const index rest = lane + static_cast<index_element>(k * width) < static_cast<index_element>(count - i);
      acc[k] = rest ? apply(acc[k], row(i, k)) : acc[k];
    }
  }
  // Halving: lane j with lane j + h, first across parts, then within part 0.
  for (std::size_t h = parts / 2; h >= 1; h /= 2)
    for (std::size_t k = 0; k < h; ++k) acc[k] = apply(acc[k], acc[k + h]);
  part last = acc[0];
  [&]<std::size_t... J>(std::index_sequence<J...>) {
    auto halve = [&]<std::size_t H>(std::integral_constant<std::size_t, H>) {
      last = apply(last, __builtin_convertvector(__builtin_shufflevector(last, last, (J + H < width ? J + H : J)...), part));
    };
    [&]<std::size_t... K>(std::index_sequence<K...>) {
      (halve(std::integral_constant<std::size_t, (width >> (K + 1))>{}), ...);
    }(std::make_index_sequence<__builtin_ctzll(width)>{});
  }(std::make_index_sequence<width>{});
  return static_cast<T>(last[0]);
}
#else
// Only clang with the pass completes collectives in loops (and only clang parses the above).
template <typename T, typename Op>
T fold_in_lane_vector(const T* v, std::size_t count, Op op) {
  return fold_in_lanes_out_of_line(v, count, op);
}
#endif

template <typename T, typename Op>
[[gnu::always_inline]] inline T reduce(std::size_t me, std::size_t count, const T& x, Op op) {
  return collective<T, T, true>(
      me, count, x,
      [&](const T* v, std::size_t n, T* out) {
        if constexpr (detail::bool_or_v<Op, T> || detail::bool_and_v<Op, T>) {
          *out = fold_bool_bytes<detail::bool_or_v<Op, T>>(v, n);
        } else if constexpr (lane_vector_v<Op, T>) {
          *out = fold_in_lane_vector(v, n, op);
        } else if constexpr (reorderable_v<Op, T>) {
          *out = fold_reorderable(v, n, op);
        } else if constexpr (detail::lane_ordered_reduce_v<Op, T>) {
          *out = fold_in_lanes_out_of_line(v, n, op);
        } else {
          T acc = v[0];
          for (std::size_t i = 1; i < n; ++i) acc = detail::combine<T>(op, acc, v[i]);
          *out = acc;
        }
      },
      [](const T* out) { return out[0]; });
}

template <typename T, typename Op>
[[gnu::always_inline]] inline T inclusive_scan(std::size_t me, std::size_t count, const T& x, Op op) {
  return collective<T, T, false>(
      me, count, x,
      [&](const T* v, std::size_t n, T* out) {
        if constexpr (vector_scan_v<Op, T>) {
          detail::scan<true>(v, n, out, detail::make_known_identity<Op, T>(), op);
        } else {
          T acc = v[0];
          out[0] = acc;
          for (std::size_t i = 1; i < n; ++i) out[i] = acc = detail::combine<T>(op, acc, v[i]);
        }
      },
      [me](const T* out) { return out[me]; });
}

// `init` by value: a reference to the caller's temporary made that temporary a stack object,
// which the pass gives every item a copy of, and its load (hoisted above the completion's
// test of the local id) kept the completion in a loop over all items.
template <typename T, typename Op>
[[gnu::always_inline]] inline T exclusive_scan(std::size_t me, std::size_t count, const T& x, const T init, Op op) {
  return collective<T, T, false>(
      me, count, x,
      [init, &op](const T* v, std::size_t n, T* out) {
        if constexpr (vector_scan_v<Op, T>) {
          detail::scan<false>(v, n, out, init, op);
        } else {
          T acc = init;
          for (std::size_t i = 0; i < n; ++i) {
            const T value = v[i];
            out[i] = acc;
            acc = detail::combine<T>(op, acc, value);
          }
        }
      },
      [me](const T* out) { return out[me]; });
}

/// Every item gets the value of the item `source`; a source outside the group gives the item
/// its own value (as the fiber engine's select).
template <typename T>
[[gnu::always_inline]] inline T select(std::size_t me, std::size_t count, const T& x, std::size_t source) {
  struct request {
    T value;
    std::size_t source;
  };
  return collective<request, T, false>(
      me, count, request{x, source},
      [](const request* in, std::size_t n, T* out) {
        for (std::size_t i = 0; i < n; ++i) out[i] = in[in[i].source < n ? in[i].source : i].value;
      },
      [me](const T* out) { return out[me]; });
}

/// Item 0 computes `f()` for everybody (the joint algorithms), after every item arrived.
template <typename R, typename F>
[[gnu::always_inline]] inline R once_for_all(std::size_t me, std::size_t count, F&& f) {
  return collective<char, R, true>(
      me, count, char{0}, [&](const char*, std::size_t, R* out) { *out = f(); }, [](const R* out) { return out[0]; });
}

}  // namespace cohort::backends::cpu::cbs
