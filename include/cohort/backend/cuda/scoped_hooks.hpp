// SPDX-License-Identifier: MIT
#pragma once
// What scoped-parallelism code calls on the CUDA backend (nvcc's device pass; the list of
// hooks is in backend/cpu/scoped_hooks.hpp). Where items run is in scoped_layout.hpp: a
// work-group is a block, its sub-groups are warps, distribute_items hands each thread its
// logical items. Barriers are __syncthreads / __syncwarp; local memory is static shared
// memory, one variable per request; private memory is per thread, in registers for groups
// of at most 1024 items (one item per thread).
#include <cstddef>
#include <new>
#include <type_traits>

#include <cohort/backend/cuda/scoped_group_algorithms.hpp>
#include <cohort/backend/cuda/scoped_layout.hpp>
#include <cohort/backend/cuda/warp_ops.hpp>
#include <cohort/core/id.hpp>
#include <cohort/core/memory_scope.hpp>
#include <cohort/core/range.hpp>
#include <cohort/detail/macros.hpp>
#include <cohort/scoped/fwd.hpp>
#include <cohort/scoped/s_item.hpp>

namespace cohort::backends::cuda::scoped_hooks {

using namespace ::cohort::backends::cuda::scoped;

/// Work-group: the block's threads (as the logical range when it fits in a block, else a
/// row of 1024); sub-group: the lanes of its warp; scalar group: one item.
template <typename G>
__device__ inline range<G::dimensions> physical_local_range(const G& g) {
  constexpr int D = G::dimensions;
  range<D> r = unit_range<D>();
  if constexpr (is_scoped_work_group_v<G>) {
    if (one_item_per_thread(g.get_logical_local_linear_range())) return g.get_logical_local_range();
    r[D - 1] = max_threads;
  } else if constexpr (is_scoped_sub_group_v<G>) {
    r[D - 1] = warp_lanes();
  }
  return r;
}
template <typename G>
__device__ inline id<G::dimensions> physical_local_id(const G& g) {
  constexpr int D = G::dimensions;
  id<D> i{};
  if constexpr (is_scoped_work_group_v<G>) {
    if (one_item_per_thread(g.get_logical_local_linear_range()))
      return local_id_of<D>(thread_index(), g.get_logical_local_range());
    i[D - 1] = thread_index();
  } else if constexpr (is_scoped_sub_group_v<G>) {
    i[D - 1] = lane_index();
  }
  return i;
}

/// A fence of `scope` where it reaches beyond what the group's own barrier orders.
__device__ inline void fence_beyond(memory_scope own, memory_scope scope) {
  if (static_cast<int>(scope) <= static_cast<int>(own)) return;
  if (scope == memory_scope::work_group || scope == memory_scope::sub_group)
    __threadfence_block();
  else if (scope == memory_scope::device)
    __threadfence();
  else
    __threadfence_system();
}

template <typename G>
__device__ inline void barrier(const G&, memory_scope scope) {
  if constexpr (is_scoped_work_group_v<G>)
    __syncthreads();
  else if constexpr (is_scoped_sub_group_v<G>)
    __syncwarp(warp_mask());
  fence_beyond(G::fence_scope, scope);
}

/// `f(s_item)` for each of g's logical items that the calling thread runs.
template <typename G, typename F>
__device__ inline void distribute_items(const G& g, F& f) {
  constexpr int D = G::dimensions;
  const id<D> offset = g.get_global_group_offset();
  const range<D> global = g.get_global_range();
  if constexpr (is_scoped_scalar_group_v<G>) {
    f(s_item<D>(id<D>{}, offset, unit_range<D>(), global));
  } else {
    const range<D> local = g.get_logical_local_range();
    const std::size_t n = local.size();
    const auto run = [&](std::size_t k) {
      const id<D> i = local_id_of<D>(k, local);
      f(s_item<D>(i, offset + i, local, global));
    };
    if constexpr (is_scoped_sub_group_v<G>) {
      const unsigned lanes = warp_lanes();
      for (std::size_t k = lane_index(); k < n; k += lanes) run(k);
    } else if (one_item_per_thread(n)) {
      run(thread_index());
    } else {
      for (std::size_t k = thread_index(); k < n; k += max_threads) run(k);
    }
  }
}

/// `f(part)` for each part of g that the calling thread's warp (sub-groups) or the thread
/// itself (scalar groups) runs: see scoped_layout.hpp.
template <typename G, typename F>
__device__ inline void distribute_groups(const G& g, F& f) {
  constexpr int D = G::dimensions;
  using scalar = scoped_scalar_group<D>;
  const id<D> offset = g.get_global_group_offset();
  const range<D> global = g.get_global_range();
  if constexpr (is_scoped_scalar_group_v<G>) {
    // A scalar group divides into itself: one group, id 0, at the same global position.
    f(scalar(id<D>{}, unit_range<D>(), offset, global));
    return;
  } else {
    const range<D> local = g.get_logical_local_range();
    const std::size_t n = local.size();
    const auto scalar_groups = [&](std::size_t first, std::size_t step) {
      for (std::size_t k = first; k < n; k += step) {
        const id<D> i = local_id_of<D>(k, local);
        f(scalar(i, local, offset + i, global));
      }
    };
    if constexpr (is_scoped_sub_group_v<G>) {
      scalar_groups(lane_index(), warp_lanes());
    } else {
      const std::size_t threads = physical_size(n);
      const std::size_t warps = (threads + warp_size - 1) / warp_size;
      const std::size_t warp = thread_index() / warp_size;
      if constexpr (D == 1) {
        // Chunks of 32, the last one possibly partial.
        const std::size_t parts = (n + warp_size - 1) / warp_size;
        for (std::size_t s = warp; s < parts; s += warps) {
          const std::size_t first = s * warp_size, left = n - first;
          f(scoped_sub_group<D>(id<D>{s}, range<D>{parts}, range<D>{left < warp_size ? left : warp_size},
                                id<D>{offset[0] + first}, global));
        }
      } else {
        range<D> tile;
        if (!sub_group_tile<D>(local, tile)) {
          scalar_groups(thread_index(), threads);
          return;
        }
        const range<D> tiles = local / tile;
        for (std::size_t s = warp; s < tiles.size(); s += warps) {
          const id<D> t = local_id_of<D>(s, tiles);
          f(scoped_sub_group<D>(t, tiles, tile, detail::scaled_offset(t, tile, offset), global));
        }
      }
    }
  }
}

/// memory_environment needs no frame: local memory is static, private memory lives in the
/// environment's storage objects.
class environment_frame {
public:
  template <typename G>
  __device__ explicit environment_frame(const G&) {}
  environment_frame(const environment_frame&) = delete;
  environment_frame& operator=(const environment_frame&) = delete;
};

/// The block's shared variable of request `Slot` (one per memory_environment request, so
/// each has its own, of exactly its type's size). Raw storage: __shared__ variables cannot
/// have constructors.
template <typename T, typename Slot>
__device__ inline T* shared_object() {
  constexpr std::size_t alignment = alignof(T) < 16 ? 16 : alignof(T);
  __shared__ alignas(alignment) unsigned char storage[sizeof(T)];
  return reinterpret_cast<T*>(storage);
}

/// Local memory of a memory_environment: the request's shared variable. With an initial
/// value (or a type that needs constructing), the block's threads construct the elements
/// together, between two barriers: the first lets an earlier use of the same request (a
/// loop around the environment) finish reading it.
#define COHORT_CUDA_LOCAL_ON_WORK_GROUP                                                                  \
  "require_local_mem on a sub-group or scalar group: the CUDA backend keeps local memory per work-group " \
  "(request it on the work-group the kernel receives, as portable code does)"

template <typename T, typename Slot>
class local_memory {
  using element = std::remove_all_extents_t<T>;
  static_assert(std::is_trivially_destructible_v<element>, "local memory on a GPU must be trivially destructible");

public:
  template <typename G>
  __device__ explicit local_memory(const G& g) : m_data(shared_object<T, Slot>()) {
    static_assert(is_scoped_work_group_v<G>, COHORT_CUDA_LOCAL_ON_WORK_GROUP);
    if constexpr (!std::is_trivially_default_constructible_v<element>) construct(g, nullptr);
  }
  template <typename G>
  __device__ local_memory(const G& g, const element& init) : m_data(shared_object<T, Slot>()) {
    static_assert(is_scoped_work_group_v<G>, COHORT_CUDA_LOCAL_ON_WORK_GROUP);
    construct(g, &init);
  }
  __device__ T* get() const { return m_data; }

private:
  template <typename G>
  __device__ void construct(const G& g, const element* init) {
    constexpr std::size_t count = sizeof(T) / sizeof(element);
    element* e = reinterpret_cast<element*>(m_data);
    const std::size_t threads = physical_size(g.get_logical_local_linear_range());
    __syncthreads();
    for (std::size_t i = thread_index(); i < count; i += threads) {
      if (init)
        ::new (static_cast<void*>(e + i)) element(*init);
      else
        ::new (static_cast<void*>(e + i)) element;
    }
    __syncthreads();
  }

  T* m_data;
};

#undef COHORT_CUDA_LOCAL_ON_WORK_GROUP

/// Private memory: every group that the launcher accepts (at most max_items logical items)
/// keeps its private memory in the environment's frame, max_items_per_thread values per
/// thread (inline_private_memory). The `bytes_per_item` do not matter: the values live in
/// registers, or in the thread's local memory where they do not fit.
COHORT_FUNCTION constexpr std::size_t private_inline_items(std::size_t bytes_per_item) {
  return bytes_per_item == 0 ? 0 : max_items;
}

/// The values of the logical items of g that the calling thread runs (one for a group of at
/// most 1024 items, a sub-group or a scalar group; up to Items / 1024 otherwise), in the
/// frame of the memory_environment. Only the thread's own slots are constructed.
template <typename T, std::size_t Items>
class inline_private_memory {
  using element = std::remove_all_extents_t<T>;
  static constexpr std::size_t slots = Items / max_threads;
  static_assert(slots >= 1 && slots <= max_items_per_thread);
  static_assert(std::is_trivially_destructible_v<element>, "private memory must be trivially destructible");

public:
  template <typename G>
  __device__ explicit inline_private_memory(const G& g) {
    construct(g, nullptr);
  }
  template <typename G>
  __device__ inline_private_memory(const G& g, const element& init) {
    construct(g, &init);
  }
  inline_private_memory(const inline_private_memory&) = delete;
  inline_private_memory& operator=(const inline_private_memory&) = delete;
  __device__ T* get() { return m_storage.items; }

private:
  template <typename G>
  __device__ void construct(const G& g, const element* init) {
    std::size_t used = 1;
    if constexpr (is_scoped_work_group_v<G>) {
      const std::size_t n = g.get_logical_local_linear_range();
      if (!one_item_per_thread(n)) used = (n - thread_index() + max_threads - 1) / max_threads;
    }
    constexpr std::size_t per_item = sizeof(T) / sizeof(element);
    for (std::size_t s = 0; s < used && s < slots; ++s) {
      element* e = reinterpret_cast<element*>(m_storage.items + s);
      for (std::size_t i = 0; i < per_item; ++i) {
        if (init)
          ::new (static_cast<void*>(e + i)) element(*init);
        else if constexpr (!std::is_trivially_default_constructible_v<element>)
          ::new (static_cast<void*>(e + i)) element;
      }
    }
  }

  // A union member is not constructed: only the slots in use are.
  union storage {
    __device__ storage() {}
    T items[slots];
  };
  storage m_storage;
};

/// The arena path of memory_environment (groups above private_inline_items): never taken,
/// since the launcher refuses such groups.
template <typename T, typename G>
__device__ inline T* private_memory(const G& g) {
  trap("cohort: scoped private memory for a group of %llu logical items (at most %llu on CUDA)\n",
       g.get_logical_local_linear_range(), max_items);
  return nullptr;
}
template <typename T, typename G>
__device__ inline T* private_memory(const G& g, const std::remove_all_extents_t<T>&) {
  return private_memory<T>(g);
}

/// The calling thread's value of `item` in private memory requested on g (the thread that
/// distribute_items gave the item to: scoped_layout.hpp).
template <typename T, typename G, typename Item>
__device__ inline T& private_element(T* data, const G& g, const Item& item) {
  return data[private_slot(g, g.get_logical_local_id(item))];
}

}  // namespace cohort::backends::cuda::scoped_hooks
