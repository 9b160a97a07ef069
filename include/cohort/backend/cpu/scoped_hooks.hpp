// SPDX-License-Identifier: MIT
#pragma once
// What scoped-parallelism code calls on the CPU backend. One OpenMP thread runs a whole
// work-group, so the physical group is one item: `distribute_items` is a vectorisable
// loop over the logical range, barriers are no-ops, `distribute_groups` tiles the group
// (16 items in 1D, 4 x 4 in 2D, 2 x 2 x 2 in 3D when the extents divide, else scalar
// groups), and memory_environment storage lies in its frame where it fits, else in the
// per-thread group arena.
//
// The hooks are templates on the scoped vocabulary types (forward-declared here), so this
// header can be included before those types are complete. Every backend provides:
//   physical_local_id(g), physical_local_range(g), barrier(g, scope),
//   distribute_items(g, f), distribute_groups(g, f),
//   environment_frame{g}, local_memory<T, Slot>{g[, init]} (storage with get()),
//   private_memory<T>(g[, init]), private_inline_items(bytes per item) (0: none) and
//   inline_private_memory<T, Items>{g[, init]} (storage with get(), in the caller's frame),
//   private_element(data, g, item),
//   and the group-algorithm hooks listed in scoped_group_algorithms.hpp (physical_*, logical_*).
#include <cstddef>
#include <new>
#include <type_traits>

#include <cohort/backend/cpu/contiguous_loop.hpp>
#include <cohort/backend/cpu/group_arena.hpp>
#include <cohort/backend/cpu/group_local_storage.hpp>
#include <cohort/backend/cpu/scoped_group_algorithms.hpp>
#include <cohort/core/id.hpp>
#include <cohort/core/memory_scope.hpp>
#include <cohort/core/range.hpp>
#include <cohort/detail/macros.hpp>
#include <cohort/scoped/fwd.hpp>

namespace cohort::backends::cpu::scoped_hooks {

/// The extent of the sub-groups that `distribute_groups` makes of a work-group.
template <int D>
constexpr range<D> sub_group_tile() {
  if constexpr (D == 1)
    return range<D>{16};
  else if constexpr (D == 2)
    return range<D>{4, 4};
  else
    return range<D>{2, 2, 2};
}

template <int D>
constexpr range<D> unit_range() {
  range<D> r;
  for (int d = 0; d < D; ++d) r[d] = 1;
  return r;
}

/// The physical group is the one thread that runs the work-group.
template <typename G>
inline id<G::dimensions> physical_local_id(const G&) {
  return id<G::dimensions>{};
}
template <typename G>
inline range<G::dimensions> physical_local_range(const G&) {
  return unit_range<G::dimensions>();
}

/// One thread runs the group in program order: nothing to wait for.
template <typename G>
inline void barrier(const G&, memory_scope) {}

namespace detail {

/// `f(s_item)` for every point of `local` (innermost dimension vectorisable). The loops
/// are nested so no item pays for a division.
template <int D, typename F>
inline void items_loop(const range<D>& local, const id<D>& offset, const range<D>& global, F& f) {
  if constexpr (D == 1) {
    const std::size_t n = local[0], o = offset[0];
    // One loop with a runtime extent (see contiguous_loop.hpp for why not contiguous_rows).
COHORT_IVDEP
COHORT_UNROLL_4
    for (std::size_t i = 0; i < n; ++i) f(s_item<D>(id<D>{i}, id<D>{o + i}, local, global));
  } else if constexpr (D == 2) {
    const std::size_t n0 = local[0], n1 = local[1], o0 = offset[0], o1 = offset[1];
    contiguous_rows(n0, n1, [&](std::size_t i, std::size_t j) {
      f(s_item<D>(id<D>{i, j}, id<D>{o0 + i, o1 + j}, local, global));
    });
  } else {
    const std::size_t n0 = local[0], n1 = local[1], n2 = local[2];
    const std::size_t o0 = offset[0], o1 = offset[1], o2 = offset[2];
    for (std::size_t i = 0; i < n0; ++i)
      for (std::size_t j = 0; j < n1; ++j) {
COHORT_IVDEP
        for (std::size_t k = 0; k < n2; ++k)
          f(s_item<D>(id<D>{i, j, k}, id<D>{o0 + i, o1 + j, o2 + k}, local, global));
      }
  }
}

/// `f(id)` for every point of `r` in row-major order (sub-group bodies: not vectorised).
template <int D, typename F>
inline void ids_loop(const range<D>& r, F&& f) {
  if constexpr (D == 1) {
    for (std::size_t i = 0; i < r[0]; ++i) f(id<D>{i});
  } else if constexpr (D == 2) {
    for (std::size_t i = 0; i < r[0]; ++i)
      for (std::size_t j = 0; j < r[1]; ++j) f(id<D>{i, j});
  } else {
    for (std::size_t i = 0; i < r[0]; ++i)
      for (std::size_t j = 0; j < r[1]; ++j)
        for (std::size_t k = 0; k < r[2]; ++k) f(id<D>{i, j, k});
  }
}

template <int D>
inline bool divides(const range<D>& r, const range<D>& tile) {
  for (int d = 0; d < D; ++d)
    if (r[d] % tile[d] != 0) return false;
  return true;
}

}  // namespace detail

/// `f(s_item)` once per logical item of g, in order, on this thread.
template <typename G, typename F>
inline void distribute_items(const G& g, F& f) {
  constexpr int D = G::dimensions;
  if constexpr (G::fence_scope == memory_scope::work_item) {
    f(s_item<D>(id<D>{}, g.get_global_group_offset(), unit_range<D>(), g.get_global_range()));
  } else if constexpr (G::fence_scope == memory_scope::sub_group) {
    // Every CPU sub-group is one full tile: a loop with constant trip counts.
    detail::items_loop<D>(sub_group_tile<D>(), g.get_global_group_offset(), g.get_global_range(), f);
  } else {
    detail::items_loop<D>(g.get_logical_local_range(), g.get_global_group_offset(), g.get_global_range(), f);
  }
}

/// `f(subgroup)` once per part of g: tiles of a work-group when its extents divide by the
/// tile's, else (and below a sub-group) one scalar group per logical item.
template <typename G, typename F>
inline void distribute_groups(const G& g, F& f) {
  constexpr int D = G::dimensions;
  using scalar = scoped_scalar_group<D>;
  const id<D> offset = g.get_global_group_offset();
  const range<D> global = g.get_global_range();
  if constexpr (G::fence_scope == memory_scope::work_item) {
    // A scalar group divides into itself: one group, id 0, at the same global position.
    f(scalar(id<D>{}, unit_range<D>(), offset, global));
  } else if constexpr (G::fence_scope == memory_scope::sub_group) {
    constexpr range<D> tile = sub_group_tile<D>();
    detail::ids_loop<D>(tile, [&](const id<D>& i) { f(scalar(i, tile, offset + i, global)); });
  } else {
    const range<D> local = g.get_logical_local_range();
    constexpr range<D> tile = sub_group_tile<D>();
    if (detail::divides<D>(local, tile)) {
      const range<D> tiles = local / tile;
      detail::ids_loop<D>(tiles, [&](const id<D>& t) {
        id<D> first = offset;
        for (int d = 0; d < D; ++d) first[d] += t[d] * tile[d];
        f(scoped_sub_group<D>(t, tiles, tile, first, global));
      });
    } else {
      detail::ids_loop<D>(local, [&](const id<D>& i) { f(scalar(i, local, offset + i, global)); });
    }
  }
}

/// Keeps the storage of one memory_environment call until the call returns.
class environment_frame {
public:
  template <typename G>
  explicit environment_frame(const G&) : m_mark(group_arena::active().mark()) {}
  ~environment_frame() { group_arena::active().release(m_mark); }
  environment_frame(const environment_frame&) = delete;
  environment_frame& operator=(const environment_frame&) = delete;

private:
  std::size_t m_mark;
};

/// One T shared by the group (see group_local_storage.hpp). `Slot` names the request (a
/// backend with static shared memory needs one variable per request).
template <typename T, typename Slot>
class local_memory : public group_local_storage<T> {
public:
  template <typename G>
  explicit local_memory(const G&) {}
  template <typename G>
  local_memory(const G&, const std::remove_all_extents_t<T>& init) : group_local_storage<T>(init) {}
};

/// Private memory in the environment's frame. A body that walks private arrays kept in
/// the frame gets them addressed at fixed offsets from the stack pointer, and g++ then
/// steps one pointer per array through a loop where, for arena memory, it indexes every
/// access off a register base (an indexed load-op or store takes an extra issue slot).
/// So a memory_environment whose private requests fit `private_inline_bytes` together
/// holds them in its frame; the body is compiled for both cases.
inline constexpr std::size_t private_inline_bytes = 32 * 1024;

/// How many logical items' private memory fits in the frame at `bytes_per_item` (the sum
/// of the requests' sizes); 0: never in the frame.
constexpr std::size_t private_inline_items(std::size_t bytes_per_item) {
  return bytes_per_item == 0 ? 0 : private_inline_bytes / bytes_per_item;
}

/// One T for each of g's logical items (at most Items of them), in the frame that holds
/// this object.
template <typename T, std::size_t Items>
class inline_private_memory : public frame_objects<T, Items> {
public:
  template <typename G>
  explicit inline_private_memory(const G& g) : frame_objects<T, Items>(g.get_logical_local_linear_range(), nullptr) {}
  template <typename G>
  inline_private_memory(const G& g, const std::remove_all_extents_t<T>& init)
      : frame_objects<T, Items>(g.get_logical_local_linear_range(), &init) {}
};

/// One T per logical item of g, indexed by the item's logical local linear id in g.
template <typename T, typename G>
inline T* private_memory(const G& g) {
  return arena_objects<T>(g.get_logical_local_linear_range(), nullptr);
}
template <typename T, typename G>
inline T* private_memory(const G& g, const std::remove_all_extents_t<T>& init) {
  return arena_objects<T>(g.get_logical_local_linear_range(), &init);
}
template <typename T, typename G, typename Item>
inline T& private_element(T* data, const G& g, const Item& item) {
  return data[g.get_logical_local_linear_id(item)];
}

}  // namespace cohort::backends::cpu::scoped_hooks
