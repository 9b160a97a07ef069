// SPDX-License-Identifier: MIT
#pragma once
// CPU hooks of the group algorithms of scoped kernels (cohort/scoped/group_algorithms.hpp).
//
// Physical forms (one value per physical item): the CPU runs a group on one thread, so
// the physical group has one item and each result is the item's own value (or `init`).
//
// Logical forms (one value per logical item, in a private-memory wrapper): the backend
// keeps a wrapper's values in one array indexed by the logical linear id within the
// group the memory was requested on (its "owner"). A group `g` at or inside the owner
// covers rows of that array: one contiguous row when g is the owner, rows of g's last
// extent when g is a tile of it. The hooks are single-thread loops over those rows:
// - sums and products of one arithmetic type reduce and scan as OpenMP simd loops
//   (cohort/detail/simd_arithmetic.hpp), faster than the one-chain scan and, even at a
//   few dozen items, than the lane fold, whose fixed cost is combining its lanes; other
//   reductions fold into independent lanes, so they vectorise without reassociation by
//   the compiler (the order of a group reduction is unspecified, as in SYCL); other scans
//   are one chain;
// - any/all/none use cohort::detail::any_of (an accumulator that vectorises).
//
// Every backend provides: physical_reduce(g, x, op), physical_inclusive_scan(g, x, op),
// physical_exclusive_scan(g, x, init, op), physical_broadcast(g, x, physical_linear_id),
// logical_reduce<T>(g, x, op), logical_any_of(g, x, pred), logical_broadcast(g, x, id),
// logical_inclusive_scan<T, has_init>(g, x, result, op, init), logical_exclusive_scan(g, x, result,
// init, op); x and result are wrappers with data() and get_group() (the owner).
#include <cstddef>
#include <string>
#include <type_traits>

#include <cohort/core/exception.hpp>
#include <cohort/core/id.hpp>
#include <cohort/core/range.hpp>
#include <cohort/detail/sequential_algorithms.hpp>

namespace cohort::backends::cpu::scoped_hooks {

// ---- physical forms -------------------------------------------------------------------

template <typename G, typename T, typename Op>
inline T physical_reduce(const G&, const T& x, const Op&) {
  return x;
}
template <typename G, typename T, typename Op>
inline T physical_inclusive_scan(const G&, const T& x, const Op&) {
  return x;
}
template <typename G, typename T, typename Op>
inline T physical_exclusive_scan(const G&, const T&, const T& init, const Op&) {
  return init;
}
template <typename G, typename T>
inline T physical_broadcast(const G&, const T& x, std::size_t source) {
  if (source != 0)
    throw cohort::exception(errc::invalid, "group_broadcast on a scoped group: physical item " +
                                               std::to_string(source) + " does not exist (the CPU has 1 per group)");
  return x;
}

// ---- logical forms --------------------------------------------------------------------

namespace logical_detail {

/// Where g's private values lie in a wrapper's array: g's first value, the row pitch
/// (the owner's extents) and whether g is the owner itself (then its values are one row).
template <typename T, int D>
struct private_rows {
  T* first;
  range<D> owner_extent;
  bool whole;

  T* at(const id<D>& local) const { return first + cohort::detail::linearize<D>(local, owner_extent); }
};

template <typename G, typename Wrapper>
inline auto rows_of(const G& g, const Wrapper& w, const char* function) {
  constexpr int D = G::dimensions;
  using T = typename Wrapper::value_type;
  const auto& owner = w.get_group();
  static_assert(std::remove_cvref_t<decltype(owner)>::dimensions == D,
                "a private-memory wrapper serves groups of its own dimensionality");
  const id<D> at = g.get_global_group_offset(), owner_at = owner.get_global_group_offset();
  const range<D> extent = g.get_logical_local_range(), owner_extent = owner.get_logical_local_range();
  for (int d = 0; d < D; ++d)
    if (at[d] < owner_at[d] || at[d] + extent[d] > owner_at[d] + owner_extent[d])
      throw cohort::exception(errc::invalid, std::string(function) +
                                                 ": the private memory belongs to a group that does not contain "
                                                 "this group (request it on this group or an enclosing one)");
  const id<D> offset = at - owner_at;
  return private_rows<T, D>{w.data() + cohort::detail::linearize<D>(offset, owner_extent), owner_extent,
                            extent == owner_extent};
}

/// Calls f(linear index in g of the row's first item, the row's local id in g, length)
/// for every row of g's extent: one row when `whole`, else one per last-dimension run.
template <int D, typename F>
inline void for_each_row(const range<D>& extent, bool whole, F&& f) {
  if (whole || D == 1) {
    f(std::size_t{0}, id<D>{}, extent.size());
  } else if constexpr (D == 2) {
    for (std::size_t i = 0; i < extent[0]; ++i) f(i * extent[1], id<D>{i, 0}, extent[1]);
  } else if constexpr (D == 3) {
    for (std::size_t i = 0; i < extent[0]; ++i)
      for (std::size_t j = 0; j < extent[1]; ++j)
        f((i * extent[1] + j) * extent[2], id<D>{i, j, 0}, extent[2]);
  }
}

/// `op` over count > 0 values, as R, folded into independent lanes.
template <typename R, typename T, typename Op>
inline R fold(const T* v, std::size_t count, const Op& op) {
  if constexpr (cohort::detail::simd_arithmetic_v<Op, R, T>)
    return cohort::detail::fold_nonempty(v, count, op);  // a simd reduction
  constexpr std::size_t lanes = sizeof(R) >= 16 ? 4 : 64 / sizeof(R) < 8 ? 8 : 64 / sizeof(R);
  if (count < 2 * lanes) {
    R acc = static_cast<R>(v[0]);
    for (std::size_t i = 1; i < count; ++i) acc = static_cast<R>(op(acc, static_cast<R>(v[i])));
    return acc;
  }
  R acc[lanes];
  for (std::size_t k = 0; k < lanes; ++k) acc[k] = static_cast<R>(v[k]);
  std::size_t i = lanes;
  for (; i + lanes <= count; i += lanes)
    for (std::size_t k = 0; k < lanes; ++k) acc[k] = static_cast<R>(op(acc[k], static_cast<R>(v[i + k])));
  for (; i < count; ++i) acc[0] = static_cast<R>(op(acc[0], static_cast<R>(v[i])));
  for (std::size_t k = 1; k < lanes; ++k) acc[0] = static_cast<R>(op(acc[0], acc[k]));
  return acc[0];
}

/// Whether a scan of In into Out accumulated as T runs as a simd scan (see
/// cohort/detail/simd_arithmetic.hpp): sums and products of one arithmetic type.
template <typename Op, typename T, typename In, typename Out>
inline constexpr bool simd_scan_v = cohort::detail::simd_arithmetic_v<Op, T, typename In::value_type> &&
                                    std::is_same_v<typename Out::value_type, T>;

/// r[i] = carry op v[0] op ... op v[i-1] for one row that no simd scan covers (vec, marray,
/// other operations); returns the carry on.
template <typename T, typename V, typename U, typename Op>
inline T exclusive_scan_row(const V* v, U* r, std::size_t length, T carry, const Op& op) {
  for (std::size_t i = 0; i < length; ++i) {
    const T value = static_cast<T>(v[i]);  // before the write: in place
    r[i] = static_cast<U>(carry);
    carry = static_cast<T>(op(carry, value));
  }
  return carry;
}

}  // namespace logical_detail

/// `op` over the private values of g's logical items, accumulated as T.
template <typename T, typename G, typename Wrapper, typename Op>
inline T logical_reduce(const G& g, const Wrapper& x, const Op& op) {
  constexpr int D = G::dimensions;
  const auto rows = logical_detail::rows_of(g, x, "reduce_over_group");
  T acc{};
  logical_detail::for_each_row<D>(g.get_logical_local_range(), rows.whole,
                                  [&](std::size_t first, const id<D>& start, std::size_t length) {
                                    const T part = logical_detail::fold<T>(rows.at(start), length, op);
                                    acc = first == 0 ? part : static_cast<T>(op(acc, part));
                                  });
  return acc;
}

/// Whether `pred` holds for the private value of any logical item of g.
template <typename G, typename Wrapper, typename Pred>
inline bool logical_any_of(const G& g, const Wrapper& x, const Pred& pred) {
  constexpr int D = G::dimensions;
  const auto rows = logical_detail::rows_of(g, x, "any_of_group");
  bool found = false;
  logical_detail::for_each_row<D>(g.get_logical_local_range(), rows.whole,
                                  [&](std::size_t, const id<D>& start, std::size_t length) {
                                    if (!found) found = cohort::detail::any_of(rows.at(start), length, pred);
                                  });
  return found;
}

/// The private value of g's logical item `logical_linear_id`.
template <typename G, typename Wrapper>
inline typename Wrapper::value_type logical_broadcast(const G& g, const Wrapper& x, std::size_t logical_linear_id) {
  constexpr int D = G::dimensions;
  const range<D> extent = g.get_logical_local_range();
  if (logical_linear_id >= extent.size())
    throw cohort::exception(errc::invalid, "group_broadcast on private memory: logical item " +
                                               std::to_string(logical_linear_id) + " is outside the group of " +
                                               std::to_string(extent.size()));
  const auto rows = logical_detail::rows_of(g, x, "group_broadcast");
  return *rows.at(cohort::detail::delinearize<D, id<D>>(logical_linear_id, extent));
}

/// result(k) = op over init (if given) and x(0..k); `T` is the accumulator type. The
/// wrappers may be the same (in place): every value is read before its slot is written.
template <typename T, bool HasInit, typename G, typename In, typename Out, typename Op>
inline void logical_inclusive_scan(const G& g, const In& x, const Out& result, const Op& op, const T& init) {
  constexpr int D = G::dimensions;
  const auto in = logical_detail::rows_of(g, x, "inclusive_scan_over_group");
  const auto out = logical_detail::rows_of(g, result, "inclusive_scan_over_group");
  using U = typename Out::value_type;
  T carry = init;
  logical_detail::for_each_row<D>(g.get_logical_local_range(), in.whole && out.whole,
                                  [&](std::size_t first, const id<D>& start, std::size_t length) {
                                    const auto* v = in.at(start);
                                    U* r = out.at(start);
                                    if constexpr (logical_detail::simd_scan_v<Op, T, In, Out>) {
                                      // Sums and products start from the identity: a simd scan.
                                      const T from = !HasInit && first == 0 ? cohort::detail::make_known_identity<Op, T>() : carry;
                                      carry = cohort::detail::scan<true>(v, length, r, from, op);
                                    } else {
                                      T acc = carry;  // a local: stores to r cannot alias it
                                      std::size_t i = 0;
                                      if (!HasInit && first == 0) {
                                        acc = static_cast<T>(v[0]);
                                        r[0] = static_cast<U>(acc);
                                        i = 1;
                                      }
                                      for (; i < length; ++i) {
                                        acc = static_cast<T>(op(acc, static_cast<T>(v[i])));
                                        r[i] = static_cast<U>(acc);
                                      }
                                      carry = acc;
                                    }
                                  });
}

/// result(k) = op over init and x(0..k-1); in place allowed.
template <typename T, typename G, typename In, typename Out, typename Op>
inline void logical_exclusive_scan(const G& g, const In& x, const Out& result, const T& init, const Op& op) {
  constexpr int D = G::dimensions;
  const auto in = logical_detail::rows_of(g, x, "exclusive_scan_over_group");
  const auto out = logical_detail::rows_of(g, result, "exclusive_scan_over_group");
  using U = typename Out::value_type;
  T carry = init;
  logical_detail::for_each_row<D>(g.get_logical_local_range(), in.whole && out.whole,
                                  [&](std::size_t, const id<D>& start, std::size_t length) {
                                    const auto* v = in.at(start);
                                    U* r = out.at(start);
                                    if constexpr (logical_detail::simd_scan_v<Op, T, In, Out>)
                                      carry = cohort::detail::scan<false>(v, length, r, carry, op);
                                    else
                                      carry = logical_detail::exclusive_scan_row(v, r, length, carry, op);
                                  });
}

}  // namespace cohort::backends::cpu::scoped_hooks
