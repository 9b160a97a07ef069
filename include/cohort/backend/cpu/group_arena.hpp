// SPDX-License-Identifier: MIT
#pragma once
// Per-thread memory for one work-group at a time: the kernel's local accessors first, then
// a bump region for private_memory, local_memory and scoped memory_environment requests.
// One large reservation per thread whose pages are committed on first touch, so groups
// never allocate from the heap.
#include <sys/mman.h>

#include <cstddef>
#include <cstdint>

#include <cohort/core/exception.hpp>

namespace cohort::backends::cpu {

class group_arena {
public:
  static constexpr std::size_t reserved_bytes = std::size_t{256} << 20;

  static group_arena& this_thread() {
    thread_local group_arena arena;
    return arena;
  }
  /// The arena of the launch running on this thread, for the kernels' local and private
  /// memory: a constant-initialised pointer, without the first-use check (a branch to a
  /// call) that every access to the thread_local object costs (see fiber_engine::active).
  static group_arena& active() {
    group_arena* const a = t_active;
    if (!a) [[unlikely]] outside_launch();
    return *a;
  }
  /// Makes this thread's arena active() for as long as it runs groups of a launch.
  class active_here {
  public:
    active_here() : m_arena(this_thread()) { t_active = &m_arena; }
    ~active_here() { t_active = nullptr; }
    active_here(const active_here&) = delete;
    active_here& operator=(const active_here&) = delete;
    group_arena& arena() const { return m_arena; }

  private:
    group_arena& m_arena;
  };

  /// Start a group: the first `local_bytes` hold the kernel's local accessors.
  void begin_group(std::size_t local_bytes) { m_top = align_up(local_bytes, 64); }
  char* local_accessor_base() const { return m_base; }

  void* allocate(std::size_t bytes, std::size_t alignment) {
    const std::size_t start = align_up(m_top, alignment < 16 ? 16 : alignment);
    if (start + bytes > reserved_bytes)
      throw exception(errc::memory_allocation, "work-group memory of the CPU backend exhausted");
    m_top = start + bytes;
    return m_base + start;
  }

  /// Keeps allocations made between mark() and release(mark) from outliving their scope.
  std::size_t mark() const { return m_top; }
  void release(std::size_t mark) { m_top = mark; }

  group_arena(const group_arena&) = delete;
  group_arena& operator=(const group_arena&) = delete;
  ~group_arena() {
    if (m_base) munmap(m_base, reserved_bytes);
  }

private:
  group_arena() {
    void* p = mmap(nullptr, reserved_bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
                   -1, 0);
    if (p == MAP_FAILED) throw exception(errc::memory_allocation, "cannot reserve work-group memory");
    m_base = static_cast<char*>(p);
  }
  static std::size_t align_up(std::size_t v, std::size_t a) { return (v + a - 1) / a * a; }
  [[noreturn, gnu::cold, gnu::noinline]] static void outside_launch() {
    throw exception(errc::invalid, "work-group memory is used outside the kernel that runs the work-group");
  }

  static inline constinit thread_local group_arena* t_active = nullptr;

  char* m_base = nullptr;
  std::size_t m_top = 0;
};

}  // namespace cohort::backends::cpu
