// SPDX-License-Identifier: MIT
#pragma once
// Storage for memory that one work-group shares on the CPU backend, where one thread runs
// the whole group: hierarchical `local_memory<T>` and scoped `require_local_mem<T>`.
// Objects up to `group_local_inline_bytes` live in the frame that declares them (the group
// lambda, the memory_environment): the compiler then sees that they cannot alias global
// memory and keeps values in registers across them, as in a hand-written tile loop.
// Larger ones come from the group arena, so the worker threads' stacks stay small. Also
// the storage that private memory uses: in the arena, or in the frame (scoped
// memory_environments whose private requests fit, see scoped_hooks.hpp).
#include <cstddef>
#include <new>
#include <type_traits>

#include <cohort/backend/cpu/group_arena.hpp>

namespace cohort::backends::cpu {

/// Default-initialises (or copies `*init` into) `count` objects of type E at `p`.
template <typename E>
inline void construct_elements(void* p, std::size_t count, const E* init) {
  E* e = static_cast<E*>(p);
  if (init) {
    const E v = *init;
    for (std::size_t i = 0; i < count; ++i) ::new (static_cast<void*>(e + i)) E(v);
  } else if constexpr (!std::is_trivially_default_constructible_v<E>) {
    for (std::size_t i = 0; i < count; ++i) ::new (static_cast<void*>(e + i)) E;
  }
}

/// Group memory starts on a cache line (or T's own alignment, if larger).
template <typename T>
inline constexpr std::size_t group_memory_alignment = alignof(T) < 64 ? 64 : alignof(T);

/// `count` objects of type T (possibly an array type) from the group arena.
template <typename T>
inline T* arena_objects(std::size_t count, const std::remove_all_extents_t<T>* init) {
  using E = std::remove_all_extents_t<T>;
  static_assert(std::is_trivially_destructible_v<E>,
                "group memory from the arena must be trivially destructible (it is never destroyed)");
  void* p = group_arena::active().allocate(count * sizeof(T), group_memory_alignment<T>);
  construct_elements<E>(p, count * (sizeof(T) / sizeof(E)), init);
  return std::launder(reinterpret_cast<T*>(p));
}

/// Up to `Capacity` objects of type T (possibly an array type) in the frame that holds this
/// object; the first `count` are constructed as arena_objects does. get() is the array
/// itself, not a laundered pointer into bytes: g++ treats std::launder's result as a
/// pointer of unknown origin, and loops over it went back to a register base.
template <typename T, std::size_t Capacity>
class frame_objects {
  using element = std::remove_all_extents_t<T>;

public:
  frame_objects(std::size_t count, const element* init) {
    construct_elements<element>(m_storage.items, count * (sizeof(T) / sizeof(element)), init);
  }
  frame_objects(const frame_objects&) = delete;
  frame_objects& operator=(const frame_objects&) = delete;
  T* get() { return m_storage.items; }

private:
  // A union member is not constructed: only the first `count` objects are.
  union storage {
    storage() {}
    T items[Capacity];
  };
  alignas(group_memory_alignment<T>) storage m_storage;
};

inline constexpr std::size_t group_local_inline_bytes = 16 * 1024;

/// One T shared by the group (T may be a C array; `init` is copied into every element).
template <typename T, bool Inline = (sizeof(T) <= group_local_inline_bytes)>
class group_local_storage {
public:
  using element = std::remove_all_extents_t<T>;
  group_local_storage() = default;
  explicit group_local_storage(const element& init) {
    construct_elements<element>(&m_value, sizeof(T) / sizeof(element), &init);
  }
  group_local_storage(const group_local_storage&) = delete;
  group_local_storage& operator=(const group_local_storage&) = delete;
  T* get() const { return &m_value; }

private:
  alignas(64) mutable T m_value;
};

template <typename T>
class group_local_storage<T, false> {
public:
  using element = std::remove_all_extents_t<T>;
  group_local_storage() : m_data(arena_objects<T>(1, nullptr)) {}
  explicit group_local_storage(const element& init) : m_data(arena_objects<T>(1, &init)) {}
  group_local_storage(const group_local_storage&) = delete;
  group_local_storage& operator=(const group_local_storage&) = delete;
  T* get() const { return m_data; }

private:
  T* m_data;
};

}  // namespace cohort::backends::cpu
