// SPDX-License-Identifier: MIT
#pragma once
// Group algorithms of the CPU backend. Every collective is one suspension round: each
// work-item publishes where its value is and where its result goes, then waits at a
// barrier; the last to arrive gathers the values, computes every result in one pass and
// writes each into the waiting item's own frame; everybody resumes with it.
//
// Values and results stay in the items' frames (fiber stacks), and the shared table holds
// only a pointer per item, so nothing shared depends on the value type. That matters
// because items of one group are at different collectives at once: an item that resumed
// may already publish for its next collective (possibly of another type) while later items
// have not resumed from the previous one, and a sub-group may run its collectives while
// the rest of the work-group waits at a work-group collective.
#include <cstddef>
#include <new>
#include <type_traits>

#include <cohort/backend/cpu/fiber_engine.hpp>
#include <cohort/detail/combine.hpp>
#include <cohort/detail/sequential_algorithms.hpp>

namespace cohort::backends::cpu::group_ops {

/// The local linear id range [lo, hi) that a group or sub-group covers in its work-group,
/// and the calling item's local linear id in the work-group.
struct scope {
  std::size_t lo, hi, me;
};

/// An item's value, and then its result, in its own frame; constructed later (neither
/// need be default-constructible).
template <typename In, typename Out>
union exchange_place {
  exchange_place() {}
  In in;
  Out out;
};

/// Runs one collective over `s`. `compute(in, count, out)` fills `out` (raw storage for
/// `count` Outs, to be constructed) from the `count` values; an item gets `out[its index]`
/// when `per_item`, else `out[0]`.
template <typename Out, typename In, typename Compute>
[[gnu::always_inline]] inline Out collective(scope s, const In& mine, bool per_item, Compute&& compute) {
  static_assert(std::is_trivially_copyable_v<In> && std::is_trivially_copyable_v<Out>,
                "group algorithms exchange trivially copyable values");
  exchange_place<In, Out> place;
  if (s.hi - s.lo == 1) {  // a one-item scope needs no synchronisation (and no fibers)
    compute(&mine, 1, &place.out);
    return place.out;
  }
  fiber_engine& e = fiber_engine::this_thread();
  fiber_engine::exchange_entry* table = e.exchange_table();
  // The value and then the result share one place in the item's frame: the completion
  // copies every value before it writes any result. Each line of its frame an item keeps
  // live across the switch costs at 256 items (where the group's frames outgrow L1) about
  // 2.5 ns per call per item.
  new (&place.in) In(mine);
  table[s.me] = &place;
  e.barrier(s.me, s.lo, s.hi, [&] {
    // Only this item runs now, so the engine's scratch is free for the gathered copies.
    const std::size_t count = s.hi - s.lo;
    const std::size_t in_bytes = (count * sizeof(In) + 63) / 64 * 64;
    auto* base = static_cast<std::byte*>(e.collective_scratch(in_bytes + count * sizeof(Out)));
    In* in = reinterpret_cast<In*>(base);
    Out* out = reinterpret_cast<Out*>(base + in_bytes);
    const fiber_engine::exchange_entry* entries = table + s.lo;
    for (std::size_t i = 0; i < count; ++i) new (in + i) In(static_cast<const exchange_place<In, Out>*>(entries[i])->in);
    compute(static_cast<const In*>(in), count, out);
    for (std::size_t i = 0; i < count; ++i)
      new (&static_cast<exchange_place<In, Out>*>(entries[i])->out) Out(out[per_item ? i : 0]);
  });
  return place.out;
}

template <typename T, typename Op>
[[gnu::always_inline]] inline T reduce(scope s, const T& x, Op op) {
  return collective<T>(s, x, false, [&](const T* in, std::size_t count, T* out) {
    new (out) T(detail::fold_nonempty(in, count, op));
  });
}

template <typename T, typename Op>
[[gnu::always_inline]] inline T inclusive_scan(scope s, const T& x, Op op) {
  // detail::scan: a simd scan for sums and products (at 256 int32 items the one-chain loop
  // was a third of the collective's cost), interleaved blocks for other floating-point values.
  return collective<T>(s, x, true, [&](const T* in, std::size_t count, T* out) {
    new (out) T(in[0]);
    detail::scan<true>(in + 1, count - 1, out + 1, in[0], op);
  });
}

template <typename T, typename Op>
[[gnu::always_inline]] inline T exclusive_scan(scope s, const T& x, const T& init, Op op) {
  // out[0] = init and out[1..] the inclusive scan of in[0..count-1) from init: g++'s
  // exclusive simd scan loop cost about 1 ns per item more than the inclusive one at 256
  // int32 items (in and out are separate buffers here).
  return collective<T>(s, x, true, [&](const T* in, std::size_t count, T* out) {
    new (out) T(init);
    detail::scan<true>(in, count - 1, out + 1, init, op);
  });
}

/// Every item receives the value of the item at `source` (an index into the scope);
/// sources outside the scope give the item its own value back (the spec leaves that value
/// unspecified).
template <typename T>
[[gnu::always_inline]] inline T select(scope s, const T& x, std::size_t source) {
  struct request {
    T value;
    std::size_t source;
  };
  return collective<T>(s, request{x, source}, true, [](const request* in, std::size_t count, T* out) {
    for (std::size_t i = 0; i < count; ++i) new (out + i) T(in[in[i].source < count ? in[i].source : i].value);
  });
}

/// One item (the last to arrive) computes `f()` for everybody: the joint algorithms.
template <typename R, typename F>
[[gnu::always_inline]] inline R once_for_all(scope s, F&& f) {
  return collective<R>(s, char{0}, false, [&](const char*, std::size_t, R* out) { new (out) R(f()); });
}

}  // namespace cohort::backends::cpu::group_ops
