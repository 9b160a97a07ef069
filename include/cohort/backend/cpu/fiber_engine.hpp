// SPDX-License-Identifier: MIT
#pragma once
// Runs the work-items of one work-group on one OS thread so that barriers work.
//
// Every work-item that reaches a barrier needs its own stack. Fibers and their stacks are
// created once per thread (a pool that only grows) and every fiber is a loop that runs one
// work-item of the current group each time it is resumed, so no group pays for fiber
// creation. Items run round-robin in local-linear-id order: an item arriving at a barrier
// jumps straight to the next live item of the barrier's scope (no scheduler hop); the last
// one to arrive knows everybody else is waiting, runs the barrier's completion step (used
// by collectives to compute a group result once) and jumps back to the first item.
//
// A group starts as a plain loop over items on the thread's own stack. Only when an item
// reaches a barrier does the engine switch to fibers: that item stays on the thread's stack
// (the "main slot"), the items after it run as fibers, and the items before it have
// already finished. Later groups of the same launch on this thread start as fibers at once.
#include <cstddef>
#include <cstdint>
#include <exception>
#include <utility>

#include <cohort/backend/cpu/context_switch.hpp>
#include <cohort/backend/cpu/fiber_stack.hpp>
#include <cohort/backend/cpu/sanitizer_fibers.hpp>
#include <cohort/core/exception.hpp>

namespace cohort::backends::cpu {

class fiber_engine {
public:
  static constexpr std::size_t no_slot = static_cast<std::size_t>(-1);
  /// Slot number of the scheduler (the thread's own stack when no item runs on it).
  static constexpr std::size_t scheduler = static_cast<std::size_t>(-2);

  using item_function = void (*)(void* kernel_state, std::size_t local_linear_id);

  /// What one item waiting in a collective publishes (group_ops.hpp): where its value is
  /// (and, in the same place, its result goes); the completing item may repoint it at a
  /// result common to all.
  using exchange_entry = void*;

  static fiber_engine& this_thread();
  /// The engine running a group on this thread, for the barriers and collectives of its
  /// items. A thread_local object with a constructor costs every access a check for its
  /// first use, a branch to a call that the compiler must keep registers across; this
  /// pointer, constant-initialised and set while run_group runs, costs one load and a test.
  /// Outside run_group (at the work-group scope of a hierarchical kernel, say) there are no
  /// work-items to synchronise.
  static fiber_engine& active() {
    fiber_engine* const e = t_active;
    if (!e) [[unlikely]] outside_group();
    return *e;
  }

  fiber_engine(const fiber_engine&) = delete;
  fiber_engine& operator=(const fiber_engine&) = delete;
  ~fiber_engine();

  /// Forget what the previous kernel on this thread did (it may not have had barriers).
  void begin_launch() { m_group_needs_fibers = false; }

  /// Fiber switches on this thread (for the tests' and benchmarks' counters).
  std::uint64_t switch_count() const { return __atomic_load_n(&m_switches, __ATOMIC_RELAXED); }
  /// Fiber switches of every thread of the process so far, ended threads included: which
  /// thread's OpenMP team runs a kernel depends on who waits for it first.
  static std::uint64_t process_switch_count();

  /// Runs items [0, size) of one group; `run_item(state, lid)` runs one work-item.
  /// Exceptions from items are collected; the first is rethrown after the group finished.
  template <typename ItemLoop>
  void run_group(std::size_t size, void* state, item_function run_item, ItemLoop&& plain_loop) {
    const active_here active(*this);
    m_size = size;
    if (m_group_capacity < size) reserve_group(size);
    m_state = state;
    m_run_item = run_item;
    m_error = nullptr;
    if (m_has_retired_scratch) release_retired_scratch();
    if (m_group_needs_fibers) {
      run_group_as_fibers();
    } else {
      m_main_slot = no_slot;
      try {
        plain_loop(*this);
      } catch (...) {
        record_error(std::current_exception());
        if (m_main_slot != no_slot) finish_main_item();
      }
    }
    if (m_error) std::rethrow_exception(m_error);
  }

  /// Called by the plain loop after item `lid` returned; true when fibers took over the
  /// rest of the group (the loop must stop).
  bool leave_plain_item() {
    if (m_main_slot == no_slot) return false;
    finish_main_item();
    return true;
  }

  /// Barrier of item `me` over the items [lo, hi) of the current group; `completion()` runs
  /// once, in the last item to arrive, before anybody continues. Callers pass their local
  /// id so the plain loop need not record which item runs (that store per item would
  /// keep barrier-free loops from vectorising); with fibers, m_current is that id.
  template <typename Completion>
  [[gnu::always_inline]] void barrier(std::size_t me, std::size_t lo, std::size_t hi, Completion&& completion) {
    // Still the plain loop: the first barrier of a launch on this thread starts the fibers
    // (m_group_needs_fibers is set then, with the main slot, and stays set for the launch).
    if (!m_group_needs_fibers) [[unlikely]] {
      if (hi - lo == 1) {  // a one-item scope waits for nobody and needs no fibers
        completion();
        return;
      }
      m_current = me;
      start_fibers_from_plain_loop();
    }
    // The next item from the engine's record of the running one, not from `me`: `me` comes
    // back from the item's own saved registers, so every switch waited for the loads of the
    // stack it had just switched to (a load chain through all items); m_current is
    // forwarded from the previous switch's store.
    const std::size_t next = next_live(m_current + 1, hi);
    if (next != no_slot) {
      if (hi - lo > frames_fitting_l1 && next + switch_prefetch_distance < hi)
        prefetch_frame<switch_prefetch_lines, 3>(next + switch_prefetch_distance);
      switch_to_item(next);
      return;
    }
    completion();
    const std::size_t first = next_live(lo, hi);
    if (first != me) switch_to_item(first);
  }
  [[gnu::always_inline]] void barrier(std::size_t me, std::size_t lo, std::size_t hi) {
    barrier(me, lo, hi, [] {});
  }


  /// Asks L2 for the stack tops of the items [lo, hi), all but the caller waiting at a
  /// barrier. For completions that streamed more data than L2 holds: their frames are gone
  /// from it, and resuming them one after another would take each one's misses in turn,
  /// since every switch waits for the stack pointer before it can read the frame.
  void prefetch_frames(std::size_t lo, std::size_t hi) const {
    for (std::size_t i = lo; i < hi; ++i) prefetch_frame<resumed_frame_lines, 2>(i);
  }

  /// Asks L1 for the first lines of item `who`'s suspended stack. After prefetch_frames
  /// brought the frames to L2, an item resuming from the same completion calls this for an
  /// item a few places after it: L2 alone still cost every resumption its frame's lines one
  /// after another.
  void prefetch_frame_to_l1(std::size_t who) const { prefetch_frame<resumed_frame_lines_l1, 3>(who); }

  /// Scratch for collectives, at least `bytes` long and 64-byte aligned. A larger request
  /// gets a new buffer; the old one lives until the group ends because items that have not
  /// resumed yet may still read their results from it.
  void* collective_scratch(std::size_t bytes);
  /// One entry per item of the current group (sized when the group starts, so the hot path
  /// of a collective neither looks up a thread-local nor checks a size).
  exchange_entry* exchange_table() { return m_exchange; }

  /// A value that the items of one scope combine as they arrive at a collective
  /// (group_ops' running collectives); the scope's first item starts it.
  struct alignas(64) running_value {
    static constexpr std::size_t capacity = 64;
    std::byte value[capacity];
  };
  /// The running value and the result place of one scope.
  struct running_scope {
    /// Combined as the items arrive (scans and reductions); the scope's first item
    /// restarts it, even while items of the previous collective have still to resume.
    /// Floating-point reductions combine in lanes (detail/reduce_lanes.hpp), which the
    /// scope's first items restart likewise.
    union {
      running_value running;
      alignas(64) std::byte lanes[128];
    };
    /// What every item reads on resuming (a reduction's total, a joint algorithm's
    /// result), written by the completion. The next completion runs only when all items
    /// have arrived at the next collective, so each has read it by then: a fixed place,
    /// where alternating buffers cost every arrival the load of the current one's offset.
    running_value result;
  };
  /// The running value and result place of the work-group, and those of the sub-group
  /// starting at item `lo` (separate ones, so a sub-group as large as its work-group keeps
  /// its own). Callers
  /// know which they need where they are compiled: choosing at run time cost every
  /// arrival a compare and a reload from its frame.
  running_scope& group_running() { return m_group_running; }
  running_scope& sub_group_running(std::size_t lo) { return m_running[lo]; }

private:
  /// Groups larger than this take the top two lines of the saved frame of the item two
  /// places ahead into L1 at every switch: their frames no longer fit L1 together, and a
  /// switch otherwise starts with a miss on the new frame's first pop, most of a switch's
  /// time, then on the kernel's values spilled next to it (hence the second line). Smaller
  /// groups keep their frames in L1 and would only pay for it.
  static constexpr std::size_t frames_fitting_l1 = 128;
  static constexpr std::size_t switch_prefetch_distance = 2;
  static constexpr int switch_prefetch_lines = 2;
  /// Asks the cache level `Locality` (__builtin_prefetch's: 3 = L1, 2 = L2) for the first
  /// `Lines` lines of item `who`'s suspended stack.
  template <int Lines, int Locality>
  [[gnu::always_inline]] void prefetch_frame(std::size_t who) const {
    const char* sp = static_cast<const char*>(m_contexts[who]);
    for (int line = 0; line < Lines; ++line) __builtin_prefetch(sp + 64 * line, 0, Locality);
  }
  /// Lines of a suspended item's stack that resuming it reads at once: its saved registers
  /// and return address, then usually the kernel's own spilled values.
  static constexpr int resumed_frame_lines = 3;
  /// The same for L1, including the resumed kernel's spilled values just above (a kernel
  /// that reads its loop variables from the frame read them at 216 bytes from the saved
  /// stack pointer).
  static constexpr int resumed_frame_lines_l1 = 5;

  // Cold per-fiber data; the hot data (contexts, done flags) live in flat arrays.
  struct slot {
    fiber_stack stack{};
    fiber_switch_state sanitizer;
  };

  fiber_engine();

  /// What the engine owns behind its flat arrays (compiled in src/, so that kernels'
  /// translation units need not instantiate the containers).
  struct storage;

  static inline constinit thread_local fiber_engine* t_active = nullptr;
  /// Makes an engine active() for as long as it runs a group.
  struct active_here {
    explicit active_here(fiber_engine& e) { t_active = &e; }
    ~active_here() { t_active = nullptr; }
    active_here(const active_here&) = delete;
    active_here& operator=(const active_here&) = delete;
  };
  [[noreturn, gnu::cold, gnu::noinline]] static void outside_group();

  static std::size_t stack_bytes();

  void record_error(std::exception_ptr e) {
    if (!m_error) m_error = std::move(e);
  }

  /// Fibers for slots [0, count). A slot, its context and its flag are added together once
  /// its stack exists, so a failed allocation leaves the engine as it was (a slot without a
  /// stack crashed a later launch).
  void ensure_fibers(std::size_t count);
  /// Exchange entries and sub-group running values for groups of `size` items.
  void reserve_group(std::size_t size);
  /// Frees the scratch buffers that collective_scratch replaced during the last group.
  void release_retired_scratch();

  std::size_t next_live(std::size_t from, std::size_t hi) const {
    for (std::size_t i = from; i < hi; ++i)
      if (!m_done[i]) return i;
    return no_slot;
  }

  void mark_group_live(std::size_t first);

  void run_group_as_fibers();

  // The item on the thread's stack reached the first barrier of this group (once per
  // launch and thread; compiled in src/, so no barrier of a kernel carries a copy of it).
  void start_fibers_from_plain_loop();

  void finish_main_item();

  // The item in slot `me` returned: go on with the next live item, release items waiting
  // at a barrier this one never reached (undefined behaviour in SYCL; we must not hang),
  // or hand the thread back when the group is complete.
  void item_finished(std::size_t me);

  std::size_t owner_of_thread_stack() const { return m_main_slot == no_slot ? scheduler : m_main_slot; }
  bool on_thread_stack(std::size_t who) const { return who == scheduler || who == m_main_slot; }
  /// Where `who` (the scheduler or an item) keeps its context while it waits. Items all
  /// keep theirs in m_contexts, the main slot's item included (start_fibers_from_plain_loop).
  void** context_of(std::size_t who) { return who == scheduler ? &m_thread_stack_context : &m_contexts[who]; }

  /// From the current item to item `to`, the barrier's switches. Both contexts are in
  /// m_contexts, so the switch tests nothing (the tests whether either end was the
  /// scheduler or ran on the thread stack were a large share of a barrier's instructions).
  /// The current item is read from the engine, not passed by the barrier's caller: a
  /// register less in the kernel, which g++ otherwise spilled.
  [[gnu::always_inline]] void switch_to_item(std::size_t to) {
    const std::size_t from = m_current;
    switch_between(from, m_contexts + from, m_contexts[to], to);
  }
  [[gnu::always_inline]] void switch_to(std::size_t to) {
    switch_between(m_current, context_of(m_current), *context_of(to), to);
  }
  [[gnu::always_inline]] void switch_between(std::size_t from, void** save, void* target, std::size_t to) {
    m_current = to;
    // Only this thread writes it; stored atomically (a plain add) for process_switch_count.
    __atomic_store_n(&m_switches, m_switches + 1, __ATOMIC_RELAXED);
    // The sanitizers' records of each stack (nothing in other builds).
    fiber_switch_state& mine = on_thread_stack(from) ? m_thread_stack_state : m_slots[from]->sanitizer;
    fiber_switch_state& theirs = on_thread_stack(to) ? m_thread_stack_state : m_slots[to]->sanitizer;
    mine.before_leave(theirs);
    arrived(reinterpret_cast<std::size_t>(context_switch(save, target, reinterpret_cast<void*>(from))), mine);
  }

  // Everybody who resumes learns who jumped here (the sanitizers need it).
  [[gnu::always_inline]] void arrived(std::size_t from, fiber_switch_state& mine) {
    mine.after_arrive(on_thread_stack(from) ? m_thread_stack_state : m_slots[from]->sanitizer);
  }

  static void fiber_entry(void* from);

  std::size_t m_stack_bytes;
  storage* m_storage;
  // Per slot, sized by ensure_fibers: the slots (by pointer: suspended fibers hold
  // references to theirs), their saved contexts (see context_switch.hpp), and whether each
  // slot's item finished (or is not in the group).
  slot** m_slots = nullptr;
  void** m_contexts = nullptr;
  unsigned char* m_done = nullptr;
  std::size_t m_fibers = 0;
  void* m_thread_stack_context = nullptr;
  void* m_parked_fiber = nullptr;  // the main slot's fiber, idle while its item runs on the thread stack
  fiber_switch_state m_thread_stack_state;
  std::size_t m_size = 0;
  // Per item of the largest group so far, sized by reserve_group.
  exchange_entry* m_exchange = nullptr;
  running_scope* m_running = nullptr;
  std::size_t m_group_capacity = 0;
  running_scope m_group_running;
  std::size_t m_live = 0;
  std::size_t m_current = scheduler;
  std::size_t m_main_slot = no_slot;
  bool m_group_needs_fibers = false;
  bool m_has_retired_scratch = false;
  void* m_state = nullptr;
  item_function m_run_item = nullptr;
  std::exception_ptr m_error;
  std::uint64_t m_switches = 0;
};

}  // namespace cohort::backends::cpu
