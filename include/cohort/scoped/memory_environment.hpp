// SPDX-License-Identifier: MIT
#pragma once
// Explicit memory of scoped kernels (AdaptiveCpp's memory_environment):
//
//   memory_environment(g, require_local_mem<int[16][16]>(0), require_private_mem<float>(),
//                      [&](auto& tile, auto& priv) { ... priv(item) ... });
//
// Local memory is one object shared by the group (`T&`; T may be a C array, and the
// optional initial value is a scalar assigned to every element). Private memory is one
// object per logical item of the group, reached through `priv(s_item) -> T&`. Storage
// lives until the call returns; the types must be trivially destructible. Portable code
// requests memory on the work-group (the CPU backend also accepts sub- and scalar groups).
#include <cstddef>
#include <tuple>
#include <type_traits>
#include <utility>

#include <cohort/backend/scoped_hooks.hpp>
#include <cohort/scoped/s_item.hpp>
#include <cohort/scoped/scoped_group.hpp>

namespace cohort {

namespace detail {

enum class scoped_memory_kind { local, private_ };

template <typename T, scoped_memory_kind Kind, bool Initialised>
struct scoped_memory_request {
  using value_type = T;
  static constexpr scoped_memory_kind kind = Kind;
  static constexpr bool initialised = false;
};
template <typename T, scoped_memory_kind Kind>
struct scoped_memory_request<T, Kind, true> {
  using value_type = T;
  static constexpr scoped_memory_kind kind = Kind;
  static constexpr bool initialised = true;
  std::remove_all_extents_t<T> init;
};

template <typename T>
struct is_scoped_memory_request : std::false_type {};
template <typename T, scoped_memory_kind K, bool I>
struct is_scoped_memory_request<scoped_memory_request<T, K, I>> : std::true_type {};

/// Names request `I` of the memory_environment call whose body is `F`.
template <typename F, std::size_t I>
struct scoped_memory_slot {};

}  // namespace detail

/// What the body of a memory_environment receives for a private-memory request: one T
/// per logical item of the group the memory was requested on.
template <typename T, typename Group>
class scoped_private_memory {
public:
  using value_type = T;

  COHORT_INLINE T& operator()(const s_item<Group::dimensions>& item) const {
    return detail::scoped_hooks::private_element(m_data, m_group, item);
  }

  /// Built by memory_environment.
  COHORT_INLINE scoped_private_memory(T* data, const Group& g) : m_data(data), m_group(g) {}

  /// Backend-facing (group algorithms): the values, one per logical item of
  /// get_group() in the backend's layout, and the group the memory was requested on.
  COHORT_INLINE T* data() const { return m_data; }
  COHORT_INLINE const Group& get_group() const { return m_group; }

private:
  T* m_data;
  Group m_group;
};

template <typename T>
COHORT_INLINE auto require_local_mem() {
  return detail::scoped_memory_request<T, detail::scoped_memory_kind::local, false>{};
}
template <typename T>
COHORT_INLINE auto require_local_mem(std::remove_all_extents_t<T> init) {
  return detail::scoped_memory_request<T, detail::scoped_memory_kind::local, true>{init};
}
template <typename T>
COHORT_INLINE auto require_private_mem() {
  return detail::scoped_memory_request<T, detail::scoped_memory_kind::private_, false>{};
}
template <typename T>
COHORT_INLINE auto require_private_mem(std::remove_all_extents_t<T> init) {
  return detail::scoped_memory_request<T, detail::scoped_memory_kind::private_, true>{init};
}

namespace detail {

/// Private memory: the backend's per-item storage, held by pointer.
template <typename T>
class scoped_private_storage {
public:
  template <typename Group>
  COHORT_INLINE explicit scoped_private_storage(const Group& g) : m_data(scoped_hooks::private_memory<T>(g)) {}
  template <typename Group>
  COHORT_INLINE scoped_private_storage(const Group& g, const std::remove_all_extents_t<T>& init)
      : m_data(scoped_hooks::private_memory<T>(g, init)) {}
  COHORT_INLINE T* get() const { return m_data; }

private:
  T* m_data;
};

/// The storage of one request. Local memory is an object the backend may keep inline
/// (the caller's frame holds it until the environment's body returns); so is private
/// memory when `InlineItems` (the backend's frame capacity, in logical items) is not 0.
template <typename Slot, std::size_t InlineItems, typename Group, typename Request>
COHORT_INLINE auto scoped_allocate(const Group& g, const Request& r) {
  using T = typename Request::value_type;
  // Every storage is built from (g) or (g, init); naming a type here does not instantiate it.
  using storage = std::conditional_t<
      Request::kind == scoped_memory_kind::local, scoped_hooks::local_memory<T, Slot>,
      std::conditional_t<InlineItems != 0, scoped_hooks::inline_private_memory<T, InlineItems>, scoped_private_storage<T>>>;
  if constexpr (Request::initialised)
    return storage(g, r.init);
  else
    return (void)r, storage(g);
}

/// Allocates request I in this frame (in request order), then the rest, then runs the body.
template <std::size_t I, std::size_t N, std::size_t InlineItems, typename Group, typename Tuple, typename... Ready>
COHORT_INLINE void memory_environment_step(const Group& g, Tuple& args, Ready&&... ready) {
  auto& f = std::get<N>(args);
  if constexpr (I == N) {
    f(std::forward<Ready>(ready)...);
  } else {
    using F = std::remove_cvref_t<decltype(f)>;
    const auto& request = std::get<I>(args);
    using R = std::remove_cvref_t<decltype(request)>;
    auto storage = scoped_allocate<scoped_memory_slot<F, I>, InlineItems>(g, request);
    // The body gets lvalues (AdaptiveCpp's documented `auto&` for both kinds works).
    if constexpr (R::kind == scoped_memory_kind::local) {
      memory_environment_step<I + 1, N, InlineItems>(g, args, std::forward<Ready>(ready)..., *storage.get());
    } else {
      scoped_private_memory<typename R::value_type, Group> wrapper(storage.get(), g);
      memory_environment_step<I + 1, N, InlineItems>(g, args, std::forward<Ready>(ready)..., wrapper);
    }
  }
}

/// Bytes of private memory that request type R takes per logical item.
template <typename R>
inline constexpr std::size_t private_bytes_per_item =
    R::kind == scoped_memory_kind::private_ ? sizeof(typename R::value_type) : 0;

template <typename Group, typename Tuple, std::size_t... I>
COHORT_INLINE void memory_environment_impl(const Group& g, Tuple& args, std::index_sequence<I...>) {
  static_assert((is_scoped_memory_request<std::remove_cvref_t<std::tuple_element_t<I, Tuple>>>::value && ...),
                "memory_environment(g, requests..., f): every argument before f must be "
                "require_local_mem<T>(...) or require_private_mem<T>(...)");
  scoped_hooks::environment_frame frame(g);
  // All private requests in the frame when they fit together, else all from the backend's
  // private_memory: one decision, so the body is compiled twice, not once per request.
  constexpr std::size_t inline_items = scoped_hooks::private_inline_items(
      (private_bytes_per_item<std::remove_cvref_t<std::tuple_element_t<I, Tuple>>> + ... + 0));
  if constexpr (inline_items != 0) {
    if (g.get_logical_local_linear_range() <= inline_items) {
      memory_environment_step<0, sizeof...(I), inline_items>(g, args);
      return;
    }
  }
  memory_environment_step<0, sizeof...(I), 0>(g, args);
}

}  // namespace detail

/// Runs the last argument with the memory that the other arguments request (see above).
template <typename Group, typename... Args, std::enable_if_t<is_scoped_group_v<Group>, int> = 0>
COHORT_INLINE void memory_environment(const Group& g, Args&&... args) {
  static_assert(sizeof...(Args) >= 1, "memory_environment(g, requests..., f) needs a function");
  auto args_tuple = std::forward_as_tuple(std::forward<Args>(args)...);
  detail::memory_environment_impl(g, args_tuple, std::make_index_sequence<sizeof...(Args) - 1>{});
}

/// `memory_environment(g, require_local_mem<T>(), f)`.
template <typename T, typename Group, typename F, std::enable_if_t<is_scoped_group_v<Group>, int> = 0>
COHORT_INLINE void local_memory_environment(const Group& g, F&& f) {
  memory_environment(g, require_local_mem<T>(), std::forward<F>(f));
}
/// `memory_environment(g, require_private_mem<T>(), f)`.
template <typename T, typename Group, typename F, std::enable_if_t<is_scoped_group_v<Group>, int> = 0>
COHORT_INLINE void private_memory_environment(const Group& g, F&& f) {
  memory_environment(g, require_private_mem<T>(), std::forward<F>(f));
}

}  // namespace cohort
