// SPDX-License-Identifier: MIT
#pragma once
// SYCL 2020 group algorithms on the groups of scoped kernels (scoped_group, and the
// scoped_sub_group / scoped_scalar_group that distribute_groups makes). AdaptiveCpp
// offers only group_barrier there; cohort offers reduce, both scans, broadcast and
// any/all/none, under the SYCL names and argument orders, in two forms:
//
// PHYSICAL form — `reduce_over_group(g, x, op)` with a plain value `x`: one value per
//   *physical* item of g (the execution resources: one per group on the CPU, one per
//   thread of the group on a GPU), exactly as the nd_range forms are over work-items.
//   Results are given per physical item. Use it for values computed outside
//   distribute_items, e.g. a per-physical-item partial.
//
// LOGICAL form — `reduce_over_group(g, priv, op)` with a private-memory wrapper `priv`
//   from `memory_environment(..., require_private_mem<T>(), ...)`: one value per
//   *logical* item of g (each `priv(s_item)`). This is the form scoped code usually
//   wants: fill `priv` inside distribute_items, then reduce or scan it over the group.
//   - reduce / broadcast / any / all / none return the group result to every physical
//     item (a plain value, usable right away);
//   - scans write item k's result into the private memory `result(k)` of the same
//     logical item (`result` may be `priv` itself: in place), because a scan has one
//     result per logical item and private memory is where such values live:
//
//     memory_environment(g, require_private_mem<float>(), [&](auto x) {
//       distribute_items(g, [&](s_item<1> it) { x(it) = in[it.get_global_id(0)]; });
//       const float total = reduce_over_group(g, x, plus<>());
//       exclusive_scan_over_group(g, x, x, plus<>());  // x(it) := sum of the items before it
//       distribute_items(g, [&](s_item<1> it) { out[it.get_global_id(0)] = x(it) / total; });
//     });
//
//   `priv` may belong to g or to a group enclosing g (e.g. memory requested on the
//   work-group, scanned per sub-group from distribute_groups); g's logical items are
//   then the subset it covers. Memory of a group that does not contain g:
//   `cohort::exception` with `errc::invalid`.
//
// Common rules (as the SYCL group functions and AdaptiveCpp's scoped collectives):
// - every physical item of g calls the function, in converged control flow, outside
//   distribute_items, always on the innermost group; uniform arguments (op, init, ids)
//   are the same everywhere;
// - order is the logical (or physical) linear id, row-major; 2D/3D groups too;
// - scans without init start from `known_identity<Op, T>` (exclusive) or from the first
//   item (inclusive); the inclusive scan takes `init` LAST (SYCL 2020 order); reduction
//   and scan orders of non-associative or non-commutative ops are unspecified;
// - intermediate results are held as T (the init type, else the value type);
// - broadcast ids outside the group: `cohort::exception` with `errc::invalid` on the CPU.
//
// Costs on the CPU: the physical forms are free (one physical item per group); the
// logical forms are single loops over the private array of the group — the reduction
// and any/all/none vectorise, scans are one dependent pass, like a hand-written loop.
#include <cstddef>
#include <type_traits>

#include <cohort/backend/scoped_hooks.hpp>
#include <cohort/core/functional.hpp>
#include <cohort/core/known_identity.hpp>
#include <cohort/scoped/memory_environment.hpp>
#include <cohort/scoped/scoped_group.hpp>

namespace cohort {

namespace detail {

template <typename T>
struct is_scoped_private_memory : std::false_type {};
template <typename T, typename Owner>
struct is_scoped_private_memory<scoped_private_memory<T, Owner>> : std::true_type {};

/// A group of a scoped kernel.
template <typename G>
concept scoped_group_kind = is_scoped_group_v<std::remove_cvref_t<G>>;
/// A plain value, one per physical item (anything that is not a private-memory wrapper).
template <typename T>
concept physical_value = !is_scoped_private_memory<std::remove_cvref_t<T>>::value;

}  // namespace detail

// ==== physical form: one value per physical item ======================================

/// `op` over the `x` of every physical item of g; every physical item gets the result.
template <detail::scoped_group_kind Group, detail::physical_value T, typename BinaryOperation>
COHORT_INLINE T reduce_over_group(const Group& g, const T& x, BinaryOperation op) {
  return detail::scoped_hooks::physical_reduce(g, x, op);
}
/// `op(init, reduce_over_group(g, x, op))`.
template <detail::scoped_group_kind Group, detail::physical_value V, typename T, typename BinaryOperation>
COHORT_INLINE T reduce_over_group(const Group& g, const V& x, const T& init, BinaryOperation op) {
  return static_cast<T>(op(init, detail::scoped_hooks::physical_reduce(g, static_cast<T>(x), op)));
}

/// Physical item k gets `op` over the `x` of physical items 0..k.
template <detail::scoped_group_kind Group, detail::physical_value T, typename BinaryOperation>
COHORT_INLINE T inclusive_scan_over_group(const Group& g, const T& x, BinaryOperation op) {
  return detail::scoped_hooks::physical_inclusive_scan(g, x, op);
}
/// The same with `init` combined first (`init` LAST, as in SYCL 2020).
template <detail::scoped_group_kind Group, detail::physical_value V, typename BinaryOperation, typename T>
COHORT_INLINE T inclusive_scan_over_group(const Group& g, const V& x, BinaryOperation op, const T& init) {
  return static_cast<T>(op(init, detail::scoped_hooks::physical_inclusive_scan(g, static_cast<T>(x), op)));
}
/// Physical item k gets `op` over `init` and the `x` of physical items 0..k-1.
template <detail::scoped_group_kind Group, detail::physical_value V, typename T, typename BinaryOperation>
COHORT_INLINE T exclusive_scan_over_group(const Group& g, const V& x, const T& init, BinaryOperation op) {
  return detail::scoped_hooks::physical_exclusive_scan(g, static_cast<T>(x), init, op);
}
/// Without init the scan starts from `known_identity<BinaryOperation, T>`.
template <detail::scoped_group_kind Group, detail::physical_value T, typename BinaryOperation>
COHORT_INLINE T exclusive_scan_over_group(const Group& g, const T& x, BinaryOperation op) {
  return exclusive_scan_over_group(g, x, detail::make_known_identity<BinaryOperation, T>(), op);
}

/// The `x` of the physical item `physical_linear_id` (default: the leader).
template <detail::scoped_group_kind Group, detail::physical_value T>
  requires std::is_trivially_copyable_v<T>
COHORT_INLINE T group_broadcast(const Group& g, const T& x, typename Group::linear_id_type physical_linear_id) {
  return detail::scoped_hooks::physical_broadcast(g, x, static_cast<std::size_t>(physical_linear_id));
}
template <detail::scoped_group_kind Group, detail::physical_value T>
  requires std::is_trivially_copyable_v<T>
COHORT_INLINE T group_broadcast(const Group& g, const T& x) {
  return group_broadcast(g, x, typename Group::linear_id_type{0});
}
template <detail::scoped_group_kind Group, detail::physical_value T>
  requires std::is_trivially_copyable_v<T>
COHORT_INLINE T group_broadcast(const Group& g, const T& x, typename Group::id_type physical_local_id) {
  const auto extent = g.get_physical_local_range();
  for (int d = 0; d < Group::dimensions; ++d)
    if (physical_local_id[d] >= extent[d])  // keep an out-of-range id from aliasing a valid one
      return group_broadcast(g, x, static_cast<typename Group::linear_id_type>(extent.size()));
  return group_broadcast(g, x, detail::linearize<Group::dimensions>(physical_local_id, extent));
}

/// Whether `pred` holds for any / all / none of the physical items of g.
template <detail::scoped_group_kind Group>
COHORT_INLINE bool any_of_group(const Group& g, bool pred) {
  return detail::scoped_hooks::physical_reduce(g, pred, logical_or<bool>());
}
template <detail::scoped_group_kind Group>
COHORT_INLINE bool all_of_group(const Group& g, bool pred) {
  return detail::scoped_hooks::physical_reduce(g, pred, logical_and<bool>());
}
template <detail::scoped_group_kind Group>
COHORT_INLINE bool none_of_group(const Group& g, bool pred) {
  return !any_of_group(g, pred);
}
template <detail::scoped_group_kind Group, detail::physical_value T, typename Predicate>
COHORT_INLINE bool any_of_group(const Group& g, const T& x, Predicate pred) {
  return any_of_group(g, static_cast<bool>(pred(x)));
}
template <detail::scoped_group_kind Group, detail::physical_value T, typename Predicate>
COHORT_INLINE bool all_of_group(const Group& g, const T& x, Predicate pred) {
  return all_of_group(g, static_cast<bool>(pred(x)));
}
template <detail::scoped_group_kind Group, detail::physical_value T, typename Predicate>
COHORT_INLINE bool none_of_group(const Group& g, const T& x, Predicate pred) {
  return none_of_group(g, static_cast<bool>(pred(x)));
}

// ==== logical form: one value per logical item, in private memory =====================

/// `op` over the private values `x(item)` of every logical item of g; every physical
/// item gets the result.
template <detail::scoped_group_kind Group, typename T, typename Owner, typename BinaryOperation>
COHORT_INLINE T reduce_over_group(const Group& g, const scoped_private_memory<T, Owner>& x, BinaryOperation op) {
  return detail::scoped_hooks::template logical_reduce<T>(g, x, op);
}
/// `op(init, reduce_over_group(g, x, op))`, accumulated as T.
template <detail::scoped_group_kind Group, typename V, typename Owner, typename T, typename BinaryOperation>
COHORT_INLINE T reduce_over_group(const Group& g, const scoped_private_memory<V, Owner>& x, const T& init,
                                  BinaryOperation op) {
  return static_cast<T>(op(init, detail::scoped_hooks::template logical_reduce<T>(g, x, op)));
}

/// Writes into `result(item k)` the `op` over `x` of logical items 0..k; `result` may
/// be `x` (in place).
template <detail::scoped_group_kind Group, typename V, typename OwnerV, typename U, typename OwnerU,
          typename BinaryOperation>
COHORT_INLINE void inclusive_scan_over_group(const Group& g, const scoped_private_memory<V, OwnerV>& x,
                                             const scoped_private_memory<U, OwnerU>& result, BinaryOperation op) {
  detail::scoped_hooks::template logical_inclusive_scan<U, false>(g, x, result, op, U{});
}
/// The same with `init` combined first (`init` LAST, as in SYCL 2020), accumulated as T.
template <detail::scoped_group_kind Group, typename V, typename OwnerV, typename U, typename OwnerU,
          typename BinaryOperation, typename T>
COHORT_INLINE void inclusive_scan_over_group(const Group& g, const scoped_private_memory<V, OwnerV>& x,
                                             const scoped_private_memory<U, OwnerU>& result, BinaryOperation op,
                                             const T& init) {
  detail::scoped_hooks::template logical_inclusive_scan<T, true>(g, x, result, op, init);
}
/// Writes into `result(item k)` the `op` over `init` and `x` of logical items 0..k-1;
/// `result` may be `x` (in place). Accumulated as T.
template <detail::scoped_group_kind Group, typename V, typename OwnerV, typename U, typename OwnerU, typename T,
          typename BinaryOperation>
COHORT_INLINE void exclusive_scan_over_group(const Group& g, const scoped_private_memory<V, OwnerV>& x,
                                             const scoped_private_memory<U, OwnerU>& result, const T& init,
                                             BinaryOperation op) {
  detail::scoped_hooks::logical_exclusive_scan(g, x, result, init, op);
}
/// Without init the scan starts from `known_identity<BinaryOperation, U>` (U: the
/// result's value type).
template <detail::scoped_group_kind Group, typename V, typename OwnerV, typename U, typename OwnerU,
          typename BinaryOperation>
COHORT_INLINE void exclusive_scan_over_group(const Group& g, const scoped_private_memory<V, OwnerV>& x,
                                             const scoped_private_memory<U, OwnerU>& result, BinaryOperation op) {
  detail::scoped_hooks::logical_exclusive_scan(g, x, result, detail::make_known_identity<BinaryOperation, U>(), op);
}

/// The private value of g's logical item `logical_linear_id` (default 0), given to every
/// physical item.
template <detail::scoped_group_kind Group, typename T, typename Owner>
COHORT_INLINE T group_broadcast(const Group& g, const scoped_private_memory<T, Owner>& x,
                                typename Group::linear_id_type logical_linear_id) {
  return detail::scoped_hooks::logical_broadcast(g, x, static_cast<std::size_t>(logical_linear_id));
}
template <detail::scoped_group_kind Group, typename T, typename Owner>
COHORT_INLINE T group_broadcast(const Group& g, const scoped_private_memory<T, Owner>& x) {
  return group_broadcast(g, x, typename Group::linear_id_type{0});
}
/// By logical local id in g.
template <detail::scoped_group_kind Group, typename T, typename Owner>
COHORT_INLINE T group_broadcast(const Group& g, const scoped_private_memory<T, Owner>& x,
                                typename Group::id_type logical_local_id) {
  const auto extent = g.get_logical_local_range();
  for (int d = 0; d < Group::dimensions; ++d)
    if (logical_local_id[d] >= extent[d])  // keep an out-of-range id from aliasing a valid one
      return group_broadcast(g, x, static_cast<typename Group::linear_id_type>(extent.size()));
  return group_broadcast(g, x, detail::linearize<Group::dimensions>(logical_local_id, extent));
}

/// Whether `pred(x(item))` holds for any / all / none of g's logical items; without a
/// predicate, on private memory of bool (or anything convertible to bool).
template <detail::scoped_group_kind Group, typename T, typename Owner, typename Predicate>
COHORT_INLINE bool any_of_group(const Group& g, const scoped_private_memory<T, Owner>& x, Predicate pred) {
  return detail::scoped_hooks::logical_any_of(g, x, pred);
}
template <detail::scoped_group_kind Group, typename T, typename Owner, typename Predicate>
COHORT_INLINE bool all_of_group(const Group& g, const scoped_private_memory<T, Owner>& x, Predicate pred) {
  return !detail::scoped_hooks::logical_any_of(g, x, [&](const T& v) { return !static_cast<bool>(pred(v)); });
}
template <detail::scoped_group_kind Group, typename T, typename Owner, typename Predicate>
COHORT_INLINE bool none_of_group(const Group& g, const scoped_private_memory<T, Owner>& x, Predicate pred) {
  return !detail::scoped_hooks::logical_any_of(g, x, pred);
}
template <detail::scoped_group_kind Group, typename T, typename Owner>
COHORT_INLINE bool any_of_group(const Group& g, const scoped_private_memory<T, Owner>& x) {
  return any_of_group(g, x, [](const T& v) { return static_cast<bool>(v); });
}
template <detail::scoped_group_kind Group, typename T, typename Owner>
COHORT_INLINE bool all_of_group(const Group& g, const scoped_private_memory<T, Owner>& x) {
  return all_of_group(g, x, [](const T& v) { return static_cast<bool>(v); });
}
template <detail::scoped_group_kind Group, typename T, typename Owner>
COHORT_INLINE bool none_of_group(const Group& g, const scoped_private_memory<T, Owner>& x) {
  return none_of_group(g, x, [](const T& v) { return static_cast<bool>(v); });
}

}  // namespace cohort
