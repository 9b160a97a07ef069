// SPDX-License-Identifier: MIT
#pragma once
// Group algorithms of the CPU backend. Every collective is one suspension round: each
// work-item deposits its value in the engine's scratch and waits at a barrier; the last
// to arrive computes the results for the whole scope in one pass over the deposits and
// everybody resumes with them. Results live in a separate region so that an item that
// already went on to the next collective cannot overwrite what others still have to read.
#include <cstddef>
#include <new>
#include <type_traits>

#include <cohort/backend/cpu/fiber_engine.hpp>

namespace cohort::backends::cpu::group_ops {

/// The local linear id range [lo, hi) that a group or sub-group covers in its work-group,
/// and the calling item's local linear id in the work-group.
struct scope {
  std::size_t lo, hi, me;
};

/// Runs one collective over `s`. `compute(in, count, out)` fills the outputs from the
/// `count` deposits; an item gets `out[its index]` when `per_item`, else `out[0]`.
template <typename Out, typename In, typename Compute>
Out collective(scope s, const In& mine, bool per_item, Compute&& compute) {
  if (s.hi - s.lo == 1) {  // a one-item scope needs no synchronisation (and no fibers)
    Out result;
    compute(&mine, 1, &result);
    return result;
  }
  fiber_engine& e = fiber_engine::this_thread();
  const std::size_t n = e.group_size();
  const std::size_t in_bytes = (n * sizeof(In) + 63) / 64 * 64;
  std::byte* base = static_cast<std::byte*>(e.collective_scratch(in_bytes + n * sizeof(Out)));
  In* in = reinterpret_cast<In*>(base);
  Out* out = reinterpret_cast<Out*>(base + in_bytes);
  const std::size_t me = s.me;
  new (&in[me]) In(mine);
  e.barrier(me, s.lo, s.hi, [&] { compute(in + s.lo, s.hi - s.lo, out + s.lo); });
  return per_item ? out[me] : out[s.lo];
}

/// Folds `count` values with independent lanes so the compiler can vectorise the loop;
/// reduction order is unspecified for group reductions, as in SYCL.
template <typename T, typename Op>
T fold(const T* v, std::size_t count, Op op) {
  constexpr std::size_t lanes = 8;
  if (count < 2 * lanes) {
    T acc = v[0];
    for (std::size_t i = 1; i < count; ++i) acc = op(acc, v[i]);
    return acc;
  }
  T acc[lanes];
  for (std::size_t k = 0; k < lanes; ++k) acc[k] = v[k];
  std::size_t i = lanes;
  for (; i + lanes <= count; i += lanes)
    for (std::size_t k = 0; k < lanes; ++k) acc[k] = op(acc[k], v[i + k]);
  for (; i < count; ++i) acc[0] = op(acc[0], v[i]);
  for (std::size_t k = 1; k < lanes; ++k) acc[0] = op(acc[0], acc[k]);
  return acc[0];
}

template <typename T, typename Op>
T reduce(scope s, const T& x, Op op) {
  return collective<T>(s, x, false, [&](const T* in, std::size_t count, T* out) { out[0] = fold(in, count, op); });
}

template <typename T, typename Op>
T inclusive_scan(scope s, const T& x, Op op) {
  return collective<T>(s, x, true, [&](const T* in, std::size_t count, T* out) {
    T acc = in[0];
    out[0] = acc;
    for (std::size_t i = 1; i < count; ++i) out[i] = acc = op(acc, in[i]);
  });
}

template <typename T, typename Op>
T exclusive_scan(scope s, const T& x, const T& init, Op op) {
  return collective<T>(s, x, true, [&](const T* in, std::size_t count, T* out) {
    T acc = init;
    for (std::size_t i = 0; i < count; ++i) {
      out[i] = acc;
      acc = op(acc, in[i]);
    }
  });
}

/// Every item receives the value deposited by the item at `source` (an index into the
/// scope); sources outside the scope give the item its own value back (the spec leaves
/// that value unspecified).
template <typename T>
T select(scope s, const T& x, std::size_t source) {
  struct request {
    T value;
    std::size_t source;
  };
  return collective<T>(s, request{x, source}, true, [](const request* in, std::size_t count, T* out) {
    for (std::size_t i = 0; i < count; ++i) out[i] = in[in[i].source < count ? in[i].source : i].value;
  });
}

/// One item (the last to arrive) computes `f()` for everybody: the joint algorithms.
template <typename R, typename F>
R once_for_all(scope s, F&& f) {
  return collective<R>(s, char{0}, false, [&](const char*, std::size_t, R* out) { out[0] = f(); });
}

}  // namespace cohort::backends::cpu::group_ops
