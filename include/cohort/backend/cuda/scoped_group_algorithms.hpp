// SPDX-License-Identifier: MIT
#pragma once
// CUDA hooks of the group algorithms of scoped kernels (cohort/scoped/group_algorithms.hpp;
// the signatures are listed in backend/cpu/scoped_group_algorithms.hpp). Device code only.
//
// Physical forms (one value per physical item): the block collectives over a work-group's
// threads (block_ops.hpp), the warp collectives over a sub-group's lanes (warp_ops.hpp);
// a scalar group's result is its own value (or init).
//
// Logical forms (one value per logical item, in private memory): each thread holds the
// values of the items it runs (scoped_layout.hpp), so
// - reductions fold a thread's items, then combine the threads with one collective (the
//   order of a reduction is unspecified, as in SYCL);
// - scans go in rounds of P items (round j: items jP .. jP + P - 1, one per thread), each a
//   block scan that starts from the previous round's last result, so items combine in
//   logical order (operators need not be commutative). Groups of at most 1024 items are
//   one round;
// - a sub-group's lanes hold one item each, its first `size` lanes (a partial sub-group
//   may run on a full warp), so its collectives run over those lanes.
// Memory requested on a group that encloses g is read at g's items' places in it.
//
// Misuse that the CPU reports with errc::invalid (a broadcast source outside the group,
// memory of a group that does not contain g) stops the kernel with a message instead:
// device code cannot throw (scoped_layout.hpp, trap()).
#include <cstddef>
#include <type_traits>

#include <cohort/backend/cuda/block_ops.hpp>
#include <cohort/backend/cuda/scoped_layout.hpp>
#include <cohort/backend/cuda/warp_ops.hpp>
#include <cohort/core/id.hpp>
#include <cohort/core/range.hpp>

namespace cohort::backends::cuda::scoped_hooks {

using namespace ::cohort::backends::cuda::scoped;

// ---- physical forms -------------------------------------------------------------------

template <typename G, typename T, typename Op>
__device__ inline T physical_reduce(const G& g, const T& x, const Op& op) {
  if constexpr (is_scoped_work_group_v<G>)
    return block_reduce(thread_index(), physical_size(g.get_logical_local_linear_range()), x, op);
  else if constexpr (is_scoped_sub_group_v<G>)
    return warp_reduce(x, op, warp_lanes(), lane_index());
  else
    return (void)g, (void)op, x;
}
template <typename G, typename T, typename Op>
__device__ inline T physical_inclusive_scan(const G& g, const T& x, const Op& op) {
  if constexpr (is_scoped_work_group_v<G>)
    return block_inclusive_scan(thread_index(), physical_size(g.get_logical_local_linear_range()), x, op);
  else if constexpr (is_scoped_sub_group_v<G>)
    return warp_inclusive_scan(x, op, warp_lanes(), lane_index());
  else
    return (void)g, (void)op, x;
}
template <typename G, typename T, typename Op>
__device__ inline T physical_exclusive_scan(const G& g, const T& x, const T& init, const Op& op) {
  if constexpr (is_scoped_work_group_v<G>) {
    return block_exclusive_scan(thread_index(), physical_size(g.get_logical_local_linear_range()), x, init, op);
  } else if constexpr (is_scoped_sub_group_v<G>) {
    const unsigned n = warp_lanes(), lane = lane_index();
    const T s = warp_inclusive_scan(x, op, n, lane);
    const T before = warp_exclusive_part(s, x, op, n);
    return lane == 0 ? init : static_cast<T>(op(init, before));
  } else {
    return (void)g, (void)x, (void)op, init;
  }
}
/// A source outside the physical group stops the kernel (the CPU throws errc::invalid).
template <typename G, typename T>
__device__ inline T physical_broadcast(const G& g, const T& x, std::size_t source) {
  if constexpr (is_scoped_scalar_group_v<G>) {
    if (source != 0) trap("cohort: group_broadcast on a scalar group: physical item %llu does not exist\n", source);
    return x;
  } else {
    const std::size_t physical = g.get_physical_local_linear_range();
    if (source >= physical)
      trap("cohort: group_broadcast on a scoped group: physical item %llu does not exist (the group has %llu)\n",
           source, physical);
    if constexpr (is_scoped_work_group_v<G>)
      return block_broadcast(thread_index(), physical, x, source);
    else
      return shfl(warp_mask(), x, static_cast<unsigned>(source));
  }
}

// ---- logical forms --------------------------------------------------------------------

namespace logical_detail {

/// g's items in the private memory of wrapper `w` (requested on w.get_group(), the owner,
/// which must contain g): the calling thread's value of g's item at local id `local`.
template <typename G, typename Wrapper>
struct private_view {
  const G& g;
  const Wrapper& w;
  id<G::dimensions> offset;  // g's first item in the owner

  __device__ typename Wrapper::value_type& at(const id<G::dimensions>& local) const {
    return w.data()[private_slot(w.get_group(), offset + local)];
  }
  /// The value of g's item k (linear in g).
  __device__ typename Wrapper::value_type& item(std::size_t k) const {
    return at(local_id_of<G::dimensions>(k, g.get_logical_local_range()));
  }
};

template <typename G, typename Wrapper>
__device__ inline private_view<G, Wrapper> view(const G& g, const Wrapper& w, const char* function) {
  constexpr int D = G::dimensions;
  const auto& owner = w.get_group();
  static_assert(std::remove_cvref_t<decltype(owner)>::dimensions == D,
                "a private-memory wrapper serves groups of its own dimensionality");
  const id<D> at = g.get_global_group_offset(), owner_at = owner.get_global_group_offset();
  const range<D> extent = g.get_logical_local_range(), owner_extent = owner.get_logical_local_range();
  for (int d = 0; d < D; ++d)
    if (at[d] < owner_at[d] || at[d] + extent[d] > owner_at[d] + owner_extent[d]) {
      printf("cohort: %s: the private memory belongs to a group that does not contain this group\n", function);
      __trap();
    }
  return {g, w, at - owner_at};
}

/// A work-group's items that the calling thread holds: t, t + P, ...; item t + jP is in
/// slot j (so the loops below index slots directly).
template <typename G>
struct work_group_rounds {
  std::size_t n, threads, t;
  __device__ explicit work_group_rounds(const G& g)
      : n(g.get_logical_local_linear_range()), threads(physical_size(n)), t(thread_index()) {}
  /// Rounds of `threads` items; the last may be partial.
  __device__ std::size_t rounds() const { return one_item_per_thread(n) ? 1 : (n + threads - 1) / threads; }
  /// Items of round j.
  __device__ std::size_t in_round(std::size_t j) const {
    const std::size_t left = n - j * threads;
    return left < threads ? left : threads;
  }
};

/// The sub-group's item that the calling lane holds (lanes at and beyond the sub-group's
/// size hold none).
template <typename G>
__device__ inline bool lane_holds_item(const G& g, unsigned& lane, unsigned& size) {
  lane = lane_index();
  size = static_cast<unsigned>(g.get_logical_local_linear_range());
  return lane < size;
}

}  // namespace logical_detail

/// `op` over the private values of g's logical items, accumulated as T.
template <typename T, typename G, typename Wrapper, typename Op>
__device__ inline T logical_reduce(const G& g, const Wrapper& x, const Op& op) {
  const auto v = logical_detail::view(g, x, "reduce_over_group");
  if constexpr (is_scoped_work_group_v<G>) {
    (void)v;
    // g is the owner: item t + jP is slot j. Every thread holds at least one item.
    const logical_detail::work_group_rounds<G> r(g);
    const auto* data = x.data();
    T acc = static_cast<T>(data[0]);
    for (std::size_t j = 1; j < r.rounds(); ++j)
      if (r.t < r.in_round(j)) acc = static_cast<T>(op(acc, static_cast<T>(data[j])));
    return block_reduce(r.t, r.threads, acc, op);
  } else if constexpr (is_scoped_sub_group_v<G>) {
    unsigned lane, size;
    T acc{};
    if (logical_detail::lane_holds_item(g, lane, size)) acc = warp_reduce(static_cast<T>(v.item(lane)), op, size, lane);
    return shfl(warp_mask(), acc, 0);
  } else {
    return static_cast<T>(v.at(id<G::dimensions>{}));
  }
}

/// Whether `pred` holds for the private value of any logical item of g.
template <typename G, typename Wrapper, typename Pred>
__device__ inline bool logical_any_of(const G& g, const Wrapper& x, const Pred& pred) {
  const auto v = logical_detail::view(g, x, "any_of_group");
  if constexpr (is_scoped_work_group_v<G>) {
    (void)v;
    const logical_detail::work_group_rounds<G> r(g);
    bool any = false;
    for (std::size_t j = 0; j < r.rounds() && !any; ++j)
      if (r.t < r.in_round(j)) any = static_cast<bool>(pred(x.data()[j]));
    return __syncthreads_or(any) != 0;
  } else if constexpr (is_scoped_sub_group_v<G>) {
    unsigned lane, size;
    const bool mine = logical_detail::lane_holds_item(g, lane, size) && static_cast<bool>(pred(v.item(lane)));
    return __any_sync(warp_mask(), mine) != 0;
  } else {
    return static_cast<bool>(pred(v.at(id<G::dimensions>{})));
  }
}

/// The private value of g's logical item `k`, in every physical item; k outside g stops
/// the kernel (the CPU throws errc::invalid).
template <typename G, typename Wrapper>
__device__ inline typename Wrapper::value_type logical_broadcast(const G& g, const Wrapper& x, std::size_t k) {
  const std::size_t n = g.get_logical_local_linear_range();
  if (k >= n) trap("cohort: group_broadcast on private memory: logical item %llu is outside the group of %llu\n", k, n);
  const auto v = logical_detail::view(g, x, "group_broadcast");
  if constexpr (is_scoped_work_group_v<G>) {
    (void)v;
    // Item k is slot k / P of thread k mod P; every thread reads that slot of its own
    // storage (the source's is the one that counts).
    const std::size_t threads = physical_size(n);
    if (one_item_per_thread(n)) return block_broadcast(thread_index(), threads, x.data()[0], k);
    return block_broadcast(thread_index(), threads, x.data()[k / max_threads], k % max_threads);
  } else if constexpr (is_scoped_sub_group_v<G>) {
    unsigned lane, size;
    const bool mine = logical_detail::lane_holds_item(g, lane, size);
    return shfl(warp_mask(), mine ? v.item(lane) : x.data()[0], static_cast<unsigned>(k));
  } else {
    return v.at(id<G::dimensions>{});
  }
}

namespace logical_detail {

/// The scans of a work-group in rounds of P items (see the top of the file). `scan(v,
/// before, first)` gives the calling thread's result in a round from its value and the
/// inclusive result before the round (`first`: none, round 0); `inclusive_of(result, v)`
/// turns a result into the inclusive one, whose value at the round's last item is the
/// next round's `before`.
template <typename T, typename G, typename In, typename Out, typename Scan, typename Inclusive>
__device__ inline void work_group_scan(const G& g, const In& x, const Out& result, const Scan& scan,
                                       const Inclusive& inclusive_of) {
  using U = typename Out::value_type;
  const work_group_rounds<G> r(g);
  const auto* in = x.data();
  U* out = result.data();
  // Round 0 is full (P <= n); in a partial round the threads without an item scan their
  // previous value again: only results at and after them depend on it, and none is kept.
  T value = static_cast<T>(in[0]);
  T last = scan(value, value, true);
  out[0] = static_cast<U>(last);
  for (std::size_t j = 1; j < r.rounds(); ++j) {
    const std::size_t items = r.in_round(j - 1);
    const T before = block_broadcast(r.t, r.threads, inclusive_of(last, value), items - 1);
    const bool mine = r.t < r.in_round(j);
    if (mine) value = static_cast<T>(in[j]);  // read before the write: in place
    last = scan(value, before, false);
    if (mine) out[j] = static_cast<U>(last);
  }
}

}  // namespace logical_detail

/// result(k) = op over init (if given) and x(0..k); `T` is the accumulator type. The
/// wrappers may be the same (in place): each thread reads an item before writing it.
template <typename T, bool HasInit, typename G, typename In, typename Out, typename Op>
__device__ inline void logical_inclusive_scan(const G& g, const In& x, const Out& result, const Op& op,
                                              const T& init) {
  using U = typename Out::value_type;
  const auto in = logical_detail::view(g, x, "inclusive_scan_over_group");
  const auto out = logical_detail::view(g, result, "inclusive_scan_over_group");
  if constexpr (is_scoped_work_group_v<G>) {
    (void)in, (void)out;  // g is the owner of both: they index slots directly
    const std::size_t t = thread_index(), threads = physical_size(g.get_logical_local_linear_range());
    logical_detail::work_group_scan<T>(
        g, x, result,
        [&](const T& v, const T& before, bool first) {
          const T s = block_inclusive_scan(t, threads, v, op);
          if (first) return HasInit ? static_cast<T>(op(init, s)) : s;
          return static_cast<T>(op(before, s));
        },
        [](const T& last, const T&) { return last; });
  } else if constexpr (is_scoped_sub_group_v<G>) {
    unsigned lane, size;
    if (logical_detail::lane_holds_item(g, lane, size)) {
      U& item = out.item(lane);
      T s = warp_inclusive_scan(static_cast<T>(in.item(lane)), op, size, lane);
      if constexpr (HasInit) s = static_cast<T>(op(init, s));
      item = static_cast<U>(s);
    }
  } else {
    const T v = static_cast<T>(in.at(id<G::dimensions>{}));
    out.at(id<G::dimensions>{}) = static_cast<U>(HasInit ? static_cast<T>(op(init, v)) : v);
  }
}

/// result(k) = op over init and x(0..k-1); in place allowed.
template <typename T, typename G, typename In, typename Out, typename Op>
__device__ inline void logical_exclusive_scan(const G& g, const In& x, const Out& result, const T& init,
                                              const Op& op) {
  using U = typename Out::value_type;
  const auto in = logical_detail::view(g, x, "exclusive_scan_over_group");
  const auto out = logical_detail::view(g, result, "exclusive_scan_over_group");
  if constexpr (is_scoped_work_group_v<G>) {
    (void)in, (void)out;  // g is the owner of both: they index slots directly
    const std::size_t t = thread_index(), threads = physical_size(g.get_logical_local_linear_range());
    logical_detail::work_group_scan<T>(
        g, x, result,
        [&](const T& v, const T& before, bool first) {
          return block_exclusive_scan(t, threads, v, first ? init : before, op);
        },
        [&](const T& last, const T& v) { return static_cast<T>(op(last, v)); });
  } else if constexpr (is_scoped_sub_group_v<G>) {
    unsigned lane, size;
    if (logical_detail::lane_holds_item(g, lane, size)) {
      const T v = static_cast<T>(in.item(lane));
      const T s = warp_inclusive_scan(v, op, size, lane);
      const T before = warp_exclusive_part(s, v, op, size);
      out.item(lane) = static_cast<U>(lane == 0 ? init : static_cast<T>(op(init, before)));
    }
  } else {
    (void)in;
    out.at(id<G::dimensions>{}) = static_cast<U>(init);
  }
}

}  // namespace cohort::backends::cuda::scoped_hooks
