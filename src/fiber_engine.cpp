// SPDX-License-Identifier: MIT
// The fiber engine's cold paths: creating fibers and stacks, starting and ending a group's
// fibers, an item's end. Barriers and switches stay inline in the header.
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <new>
#include <string>
#include <vector>

#include <cohort/backend/cpu/fiber_engine.hpp>

namespace cohort::backends::cpu {

namespace {
// Every engine's counter, for process_switch_count. Never destroyed: threads may end after
// static destruction began.
struct switch_counters {
  std::mutex mutex;
  std::vector<const fiber_engine*> live;
  std::uint64_t of_ended_threads = 0;
};
switch_counters& counters() {
  static switch_counters& c = *new switch_counters;
  return c;
}
}  // namespace

std::uint64_t fiber_engine::process_switch_count() {
  switch_counters& c = counters();
  std::lock_guard lock(c.mutex);
  std::uint64_t total = c.of_ended_threads;
  for (const fiber_engine* e : c.live) total += e->switch_count();
  return total;
}

fiber_engine& fiber_engine::this_thread() {
  thread_local fiber_engine engine;
  return engine;
}

struct fiber_engine::storage {
  struct aligned_delete {
    void operator()(std::byte* p) const { ::operator delete(p, std::align_val_t{64}); }
  };
  using scratch_buffer = std::unique_ptr<std::byte, aligned_delete>;

  std::vector<std::unique_ptr<slot>> slots;
  std::vector<slot*> slot_pointers;
  std::vector<void*> contexts;
  std::vector<unsigned char> done;
  std::vector<exchange_entry> exchange;
  std::vector<running_scope> running;
  scratch_buffer scratch;
  std::size_t scratch_bytes = 0;
  std::vector<scratch_buffer> retired;
};

fiber_engine::~fiber_engine() {
  {
    switch_counters& c = counters();
    std::lock_guard lock(c.mutex);
    c.of_ended_threads += switch_count();
    std::erase(c.live, this);
  }
  for (auto& s : m_storage->slots)
    if (s->stack.sp) deallocate_fiber_stack(s->stack);
  delete m_storage;
}

void* fiber_engine::collective_scratch(std::size_t bytes) {
  storage& st = *m_storage;
  if (bytes > st.scratch_bytes) {
    if (st.scratch) {
      st.retired.push_back(std::move(st.scratch));
      m_has_retired_scratch = true;
    }
    st.scratch_bytes = bytes < 4096 ? 4096 : bytes * 2;
    st.scratch.reset(static_cast<std::byte*>(::operator new(st.scratch_bytes, std::align_val_t{64})));
  }
  return st.scratch.get();
}

void fiber_engine::release_retired_scratch() {
  m_storage->retired.clear();
  m_has_retired_scratch = false;
}

void fiber_engine::reserve_group(std::size_t size) {
  storage& st = *m_storage;
  st.exchange.resize(size);
  st.running.resize(size);
  m_exchange = st.exchange.data();
  m_running = st.running.data();
  m_group_capacity = size;
}

fiber_engine::fiber_engine() : m_stack_bytes(stack_bytes()), m_storage(new storage) {
  m_thread_stack_state.adopt_current();
  switch_counters& c = counters();
  std::lock_guard lock(c.mutex);
  c.live.push_back(this);
}

void fiber_engine::outside_group() {
  throw exception(errc::feature_not_supported,
                  "group barriers and collectives synchronise the work-items of an nd_range kernel; "
                  "this call is not made by one (the work-group scope of a hierarchical kernel?)");
}

std::size_t fiber_engine::stack_bytes() {
  // Kernels with big private arrays can raise it; pages are committed only when touched.
  static const std::size_t bytes = [] {
    constexpr std::size_t fallback = 256 * 1024, least = 16 * 1024;
    const char* env = std::getenv("COHORT_FIBER_STACK_BYTES");
    if (!env) return fallback;
    char* end = nullptr;
    errno = 0;
    const unsigned long long v = std::strtoull(env, &end, 10);
    if (end != env && *end == '\0' && errno == 0 && *env != '-' && v >= least) return static_cast<std::size_t>(v);
    // Read on a kernel's thread, where an exception would end the program: say so instead.
    std::fprintf(stderr, "cohort: COHORT_FIBER_STACK_BYTES=%s is not a byte count of at least %zu; using %zu\n", env,
                 least, fallback);
    return fallback;
  }();
  return bytes;
}

void fiber_engine::ensure_fibers(std::size_t count) {
  if (m_fibers >= count) return;
  storage& st = *m_storage;
  // The flat arrays are repointed after each slot, so they stay valid if an allocation fails.
  const auto publish = [&] {
    m_slots = st.slot_pointers.data();
    m_contexts = st.contexts.data();
    m_done = st.done.data();
    m_fibers = st.slots.size();
  };
  try {
    st.contexts.reserve(count);
    st.done.reserve(count);
    st.slot_pointers.reserve(count);
    publish();
    while (st.slots.size() < count) {
      fiber_stack stack = allocate_fiber_stack(m_stack_bytes);
      try {
        st.slots.push_back(std::make_unique<slot>());
      } catch (...) {
        deallocate_fiber_stack(stack);
        throw;
      }
      slot& s = *st.slots.back();
      s.stack = stack;
      // Stagger the stack tops by a cache line per fiber: equal offsets modulo 4 KiB would
      // map every fiber's saved registers to the same L1 set and thrash it. The stagger
      // takes at most a quarter of the stack (small stacks set by the environment
      // overflowed into their guard page from the 256th fiber on).
      const std::size_t colours = s.stack.size / 4 / 64 < 1024 ? s.stack.size / 4 / 64 : 1024;
      const std::size_t colour = (st.contexts.size() % colours) * 64;
      void* top = static_cast<char*>(s.stack.sp) - colour;
      st.contexts.push_back(make_context<&fiber_entry>(top, s.stack.size - colour));  // reserved
      st.done.push_back(1);
      st.slot_pointers.push_back(&s);  // reserved
      s.sanitizer.create(s.stack);
      publish();
    }
  } catch (const std::bad_alloc&) {
    throw exception(errc::memory_allocation,
                    "no memory for the fiber stacks of a work-group with barriers (" + std::to_string(count) +
                        " items; COHORT_FIBER_STACK_BYTES sets the size of each)");
  }
}

void fiber_engine::mark_group_live(std::size_t first) {
  for (std::size_t i = 0; i < m_size; ++i) m_done[i] = i < first;
  m_live = m_size - first;
}

void fiber_engine::run_group_as_fibers() {
  ensure_fibers(m_size);
  mark_group_live(0);
  m_main_slot = no_slot;
  m_current = scheduler;
  switch_to(0);  // returns when the last item finished
}

void fiber_engine::start_fibers_from_plain_loop() {
  ensure_fibers(m_size);
  m_main_slot = m_current;
  // The main slot's item now saves its context where its fiber's would be, so that
  // switches between items need not ask whether one of them runs on the thread stack;
  // the idle fiber's own context waits here until the item has finished.
  m_parked_fiber = m_contexts[m_main_slot];
  mark_group_live(m_main_slot);
  m_group_needs_fibers = true;
}

void fiber_engine::finish_main_item() {
  const std::size_t me = m_main_slot;
  m_current = me;
  item_finished(me);
  m_contexts[me] = m_parked_fiber;
  m_main_slot = no_slot;
}

void fiber_engine::item_finished(std::size_t me) {
  m_done[me] = 1;
  --m_live;
  std::size_t next = next_live(me + 1, m_size);
  if (next == no_slot && m_live > 0) next = next_live(0, m_size);
  if (next != no_slot) {
    switch_to(next);
  } else if (me != owner_of_thread_stack()) {
    switch_to(owner_of_thread_stack());
  }
}

void fiber_engine::fiber_entry(void* from) {
  fiber_engine& e = active();
  const std::size_t me = e.m_current;
  e.arrived(reinterpret_cast<std::size_t>(from), e.m_slots[me]->sanitizer);
  for (;;) {
    const std::size_t lid = e.m_current;
    try {
      e.m_run_item(e.m_state, lid);
    } catch (...) {
      e.record_error(std::current_exception());
    }
    e.item_finished(lid);  // returns when resumed for an item of a later group
  }
}

}  // namespace cohort::backends::cpu
