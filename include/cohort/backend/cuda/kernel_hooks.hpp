// SPDX-License-Identifier: MIT
#pragma once
// What kernel code calls on the CUDA backend (nvcc's device pass): barriers, local memory,
// hierarchical work-item loops and memory, and the collectives of the group algorithms on
// warps (sub-groups) and blocks (work-groups). The hooks are templates on the vocabulary
// types so this header can be included before those types are complete.
// Its definitions are for nvcc's device pass only (backend/kernel_hook_definitions.hpp picks them);
// included alone in another pass, it defines nothing.
#include <cohort/detail/macros.hpp>
#if COHORT_DEVICE_PASS
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <new>
#include <type_traits>

#include <cohort/backend/kernel_hooks.hpp>  // the declarations (with their attributes) first
#include <cohort/backend/cuda/block_ops.hpp>
#include <cohort/backend/cuda/hierarchical.hpp>
#include <cohort/backend/cuda/warp_ops.hpp>
#include <cohort/core/fwd.hpp>
#include <cohort/core/id.hpp>
#include <cohort/core/memory_scope.hpp>
#include <cohort/detail/from_first.hpp>
#include <cohort/detail/macros.hpp>

namespace cohort::backends::cuda {

template <typename Group>
inline constexpr bool is_sub_group_v = Group::fence_scope == memory_scope::sub_group;

/// The lanes of the warp that make up sub-group `sg` (the last one may be partial).
template <typename SubGroup>
__device__ inline unsigned mask_of(const SubGroup& sg) {
  return lanes_below(static_cast<unsigned>(sg.get_local_linear_range()));
}

/// For the 32-bit mask functions: a work-group of at most one warp is that warp.
template <typename Group>
__device__ inline unsigned mask_function_lanes(const Group& g, const char* function) {
  const std::size_t n = g.get_local_linear_range();
  if (n > warp_size) {
    if (g.get_local_linear_id() == 0)
      printf("cohort: %s on a work-group of %u items: a 32-bit mask covers at most 32\n", function,
             static_cast<unsigned>(n));
    __trap();
  }
  return lanes_below(static_cast<unsigned>(n));
}

/// Compares every 32-bit word of `x` across the lanes of `mask`: the lanes whose words all
/// match this lane's.
template <typename T>
__device__ inline unsigned match_words(unsigned mask, const T& x) {
  constexpr std::size_t words = (sizeof(T) + 3) / 4;
  unsigned w[words];
  if constexpr (sizeof(T) % 4 != 0) w[words - 1] = 0;
  memcpy(w, &x, sizeof(T));
  unsigned same = mask;
#pragma unroll
  for (std::size_t i = 0; i < words; ++i) same &= __match_any_sync(mask, w[i]);
  return same;
}

}  // namespace cohort::backends::cuda

// The definitions of the hooks declared in backend/kernel_hooks.hpp.
namespace cohort::detail::kernel_hooks {

namespace cuda = ::cohort::backends::cuda;

template <int D>
COHORT_INLINE void barrier(const group<D>&) {
  __syncthreads();
}
template <typename SubGroup>
COHORT_INLINE void sub_group_barrier(const SubGroup& sg) {
  __syncwarp(cuda::mask_of(sg));
}

template <memory_scope Scope, typename Group>
COHORT_INLINE void memory_fence(const Group&) {
  if constexpr (Scope == memory_scope::system)
    __threadfence_system();
  else if constexpr (Scope == memory_scope::device)
    __threadfence();
  else
    __threadfence_block();
}

/// The dynamic shared memory of the block: local accessors live there.
COHORT_INLINE char* local_accessor_base() {
  extern __shared__ __align__(16) char dynamic_shared_memory[];
  return dynamic_shared_memory;
}

/// Hierarchical: every thread runs the group lambda; each runs the logical items that map
/// to it (the physical item ids wrap the logical range), then the group waits for all.
/// The leading barrier orders the group-scope code before (which every thread runs) with
/// the items' work: group-scope code may read what the items then overwrite, and a library
/// cannot see whether it does (docs/results/cuda.md measures what the two barriers cost).
template <int D, typename Range, typename F>
COHORT_INLINE void parallel_for_work_item(const group<D>& g, const Range& logical, F& f) {
  const range<D> physical = g.get_local_range();
  const range<D> global = g.get_group_range() * physical;
  const id<D> me = g.get_local_id();
  const id<D> global_id = detail::scaled_offset(g.get_group_id(), physical, me);
  const range<D> lr = logical;
  __syncthreads();
  // The thread's first item on its own, predicated (a logical range within the physical
  // one, the common case, has no other). In one dimension the further items come in rounds
  // of the physical range whose counter and test are the same for every thread, so the
  // compiler keeps them uniform with no reconvergence around the loop, and predicates each
  // item. Elsewhere only a range beyond the physical one loops (the loops' 64-bit counters
  // would otherwise stay live through the items' work).
  bool mine = true;
  for (int d = 0; d < D; ++d) mine = mine && me[d] < lr[d];
  if (mine) f(h_item<D>(global_id, global, me, lr, me, physical));
  if constexpr (D == 1) {
    for (std::size_t base = physical[0]; base < lr[0]; base += physical[0])
      if (base + me[0] < lr[0]) f(h_item<1>(global_id, global, id<1>{base + me[0]}, lr, me, physical));
  } else {
    bool within = true;
    for (int d = 0; d < D; ++d) within = within && lr[d] <= physical[d];
    if (!within) {
      if constexpr (D == 2) {
        for (std::size_t i = me[0]; i < lr[0]; i += physical[0])
          for (std::size_t j = me[1]; j < lr[1]; j += physical[1])
            if (i != me[0] || j != me[1]) f(h_item<2>(global_id, global, id<2>{i, j}, lr, me, physical));
      } else {
        for (std::size_t i = me[0]; i < lr[0]; i += physical[0])
          for (std::size_t j = me[1]; j < lr[1]; j += physical[1])
            for (std::size_t k = me[2]; k < lr[2]; k += physical[2])
              if (i != me[0] || j != me[1] || k != me[2])
                f(h_item<3>(global_id, global, id<3>{i, j, k}, lr, me, physical));
      }
    }
  }
  __syncthreads();
}

/// Each thread is one physical item: its T lives with it.
template <typename T, int D>
class private_storage {
public:
  COHORT_FUNCTION explicit private_storage(const group<D>&) {}
  COHORT_FUNCTION T& get(std::size_t) const { return m_value; }

private:
  mutable T m_value;
};

/// A hierarchical `local_memory<T>`: from the block's arena (see hierarchical.hpp).
template <typename T>
class group_shared_storage {
  using element = std::remove_all_extents_t<T>;
  static_assert(std::is_trivially_destructible_v<element>, "local_memory on a GPU must be trivially destructible");

public:
  template <int D>
  COHORT_FUNCTION explicit group_shared_storage(const group<D>& g) : m_top(g.scope_storage_top()) {
    m_data = static_cast<T*>(cuda::hierarchical_arena::allocate(m_top, sizeof(T), alignof(T), m_previous));
    if constexpr (!std::is_trivially_default_constructible_v<element>) {
      if (g.get_local_linear_id() == 0) ::new (static_cast<void*>(m_data)) T;
      __syncthreads();
    }
  }
  COHORT_FUNCTION ~group_shared_storage() { cuda::hierarchical_arena::release(*m_top, m_previous); }
  group_shared_storage(const group_shared_storage&) = delete;
  group_shared_storage& operator=(const group_shared_storage&) = delete;
  COHORT_FUNCTION T* get() const { return m_data; }

private:
  unsigned* m_top;
  T* m_data;
  unsigned m_previous;
};

/// The most warps the kernel of `g` was compiled for (group::local_range_bound; warp_size,
/// a block's limit, where it has none): a constant of each kernel.
template <int D>
COHORT_INLINE unsigned max_warps_of(const group<D>& g) {
  const std::size_t bound = g.local_range_bound();
  constexpr unsigned warp = cuda::warp_size;
  return bound == 0 || bound >= warp * warp ? warp : static_cast<unsigned>((bound + warp - 1) / warp);
}

template <typename Group, typename T, typename Op>
COHORT_INLINE T group_reduce(const Group& g, const T& x, Op op) {
  if constexpr (cuda::is_sub_group_v<Group>)
    return cuda::warp_reduce(x, op, static_cast<unsigned>(g.get_local_linear_range()),
                             static_cast<unsigned>(g.get_local_linear_id()));
  else
    return cuda::block_reduce(g.get_local_linear_id(), g.get_local_linear_range(), x, op, max_warps_of(g));
}
template <typename Group, typename T, typename Op>
COHORT_INLINE T group_inclusive_scan(const Group& g, const T& x, Op op) {
  if constexpr (cuda::is_sub_group_v<Group>)
    return cuda::warp_inclusive_scan(x, op, static_cast<unsigned>(g.get_local_linear_range()),
                                     static_cast<unsigned>(g.get_local_linear_id()));
  else
    return cuda::block_inclusive_scan(g.get_local_linear_id(), g.get_local_linear_range(), x, op,
                                     max_warps_of(g));
}
template <typename Group, typename T, typename Op>
COHORT_INLINE T group_exclusive_scan(const Group& g, const T& x, const T& init, Op op) {
  if constexpr (cuda::is_sub_group_v<Group>) {
    const unsigned n = static_cast<unsigned>(g.get_local_linear_range());
    const unsigned lane = static_cast<unsigned>(g.get_local_linear_id());
    const T s = cuda::warp_inclusive_scan(x, op, n, lane);
    const T before = cuda::warp_exclusive_part(s, x, op, n);
    return lane == 0 ? init : op(init, before);
  } else {
    return cuda::block_exclusive_scan(g.get_local_linear_id(), g.get_local_linear_range(), x, init, op,
                                     max_warps_of(g));
  }
}
template <typename Group, typename T>
COHORT_INLINE T group_select(const Group& g, const T& x, std::size_t source) {
  if constexpr (cuda::is_sub_group_v<Group>) {
    const std::size_t n = g.get_local_linear_range();
    if (source >= n) source = g.get_local_linear_id();
    return cuda::shfl(cuda::mask_of(g), x, static_cast<unsigned>(source));
  } else {
    return cuda::block_select(g.get_local_linear_id(), g.get_local_linear_range(), x, source);
  }
}
template <typename Group, typename T>
COHORT_INLINE T group_broadcast(const Group& g, const T& x, std::size_t source) {
  if constexpr (cuda::is_sub_group_v<Group>)
    return cuda::shfl(cuda::mask_of(g), x, static_cast<unsigned>(source));
  else
    return cuda::block_broadcast(g.get_local_linear_id(), g.get_local_linear_range(), x, source);
}

// Joint algorithms: the items read the range together, item i the elements i, i + n, ...
// (coalesced), then combine their partial results with a collective.

/// Reductions combine each item's strided elements first: the operators of SYCL's
/// reductions are commutative. `init` may be from_first<T> (an empty range gives T{}).
/// Operators with a known identity pad with it; others carry "no value" (maybe<T>).
template <typename Group, typename Ptr, typename Init, typename Op>
COHORT_INLINE joint_value_t<Init> joint_reduce(const Group& g, Ptr first, Ptr last, const Init& init, Op op) {
  using T = joint_value_t<Init>;
  const std::size_t count = static_cast<std::size_t>(last - first);
  const std::size_t n = g.get_local_linear_range();
  if constexpr (!is_from_first_v<Init> && has_known_identity_v<Op, T>) {
    T partial = detail::make_known_identity<Op, T>();
    for (std::size_t i = g.get_local_linear_id(); i < count; i += n) partial = op(partial, static_cast<T>(first[i]));
    return op(init, group_reduce(g, partial, op));
  } else {
    cuda::maybe<T> partial{T{}, false};
    for (std::size_t i = g.get_local_linear_id(); i < count; i += n) {
      const T v = static_cast<T>(first[i]);
      partial = {partial.has ? static_cast<T>(op(partial.value, v)) : v, true};
    }
    const cuda::maybe<T> all = group_reduce(g, partial, cuda::maybe_op<Op>{op});
    if constexpr (is_from_first_v<Init>)
      return all.has ? all.value : T{};
    else
      return all.has ? op(init, all.value) : init;
  }
}

/// Scans go tile by tile (one element per item), carrying the last result of a tile into
/// the next, so elements combine in order. `init` may be from_first<T> for an inclusive
/// scan. `result` may equal `first`: each item reads its element before the collective
/// and writes it after. Items past the end pad with the identity where the operator has
/// one, else carry "no value" (maybe<T>).
template <bool Inclusive, typename Group, typename InPtr, typename OutPtr, typename Init, typename Op>
COHORT_INLINE void joint_scan(const Group& g, InPtr first, InPtr last, OutPtr result, const Init& init, Op op) {
  using T = joint_value_t<Init>;
  static_assert(Inclusive || !is_from_first_v<Init>, "an exclusive scan needs an init or an identity");
  const std::size_t count = static_cast<std::size_t>(last - first);
  const std::size_t n = g.get_local_linear_range();
  const std::size_t me = g.get_local_linear_id();
  if constexpr (!is_from_first_v<Init> && has_known_identity_v<Op, T>) {
    T carry = static_cast<T>(init);
    for (std::size_t base = 0; base < count; base += n) {
      const std::size_t i = base + me;
      const std::size_t in_tile = count - base < n ? count - base : n;
      const T v = i < count ? static_cast<T>(first[i]) : detail::make_known_identity<Op, T>();
      if constexpr (Inclusive) {
        const T out = op(carry, group_inclusive_scan(g, v, op));
        if (i < count) result[i] = out;
        carry = group_broadcast(g, out, in_tile - 1);
      } else {
        const T out = group_exclusive_scan(g, v, carry, op);
        if (i < count) result[i] = out;
        carry = group_broadcast(g, static_cast<T>(op(out, v)), in_tile - 1);
      }
    }
  } else {
    cuda::maybe<T> carry{T{}, false};
    if constexpr (!is_from_first_v<Init>) carry = {static_cast<T>(init), true};
    for (std::size_t base = 0; base < count; base += n) {
      const std::size_t i = base + me;
      const std::size_t in_tile = count - base < n ? count - base : n;
      const cuda::maybe<T> v{i < count ? static_cast<T>(first[i]) : T{}, i < count};
      const cuda::maybe_op<Op> mop{op};
      if constexpr (Inclusive) {
        const cuda::maybe<T> out = mop(carry, group_inclusive_scan(g, v, mop));
        if (i < count) result[i] = out.value;
        carry = group_broadcast(g, out, in_tile - 1);
      } else {
        const cuda::maybe<T> out = group_exclusive_scan(g, v, carry, mop);
        if (i < count) result[i] = out.value;
        carry = group_broadcast(g, mop(out, v), in_tile - 1);
      }
    }
  }
}

template <typename Group, typename Ptr, typename Predicate>
COHORT_INLINE bool joint_any_of(const Group& g, Ptr first, Ptr last, Predicate pred) {
  const std::size_t count = static_cast<std::size_t>(last - first);
  const std::size_t n = g.get_local_linear_range();
  bool any = false;
  for (std::size_t i = g.get_local_linear_id(); i < count && !any; i += n) any = static_cast<bool>(pred(first[i]));
  if constexpr (cuda::is_sub_group_v<Group>)
    return __any_sync(cuda::mask_of(g), any);
  else
    return __syncthreads_or(any) != 0;
}

template <typename Group>
COHORT_INLINE std::uint32_t group_ballot(const Group& g, bool pred) {
  const unsigned mask = cuda::is_sub_group_v<Group> ? cuda::mask_of(g) : cuda::mask_function_lanes(g, "ballot");
  return __ballot_sync(mask, pred) & mask;
}
template <typename Group, typename T>
COHORT_INLINE std::uint32_t group_match_any(const Group& g, const T& x) {
  const unsigned mask = cuda::is_sub_group_v<Group> ? cuda::mask_of(g) : cuda::mask_function_lanes(g, "match_any");
  return cuda::match_words(mask, x);
}
template <typename Group, typename T>
COHORT_INLINE std::uint32_t group_match_all(const Group& g, const T& x) {
  const unsigned mask = cuda::is_sub_group_v<Group> ? cuda::mask_of(g) : cuda::mask_function_lanes(g, "match_all");
  const unsigned same = cuda::match_words(mask, x);
  return __all_sync(mask, same == mask) ? mask : 0u;
}

}  // namespace cohort::detail::kernel_hooks

#endif  // COHORT_DEVICE_PASS
