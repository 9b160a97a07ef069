// SPDX-License-Identifier: MIT
// Buffers: their memory in each place a command needed them, which copies are current, and
// the commands that use them, from which each new command learns what it must wait for.
//
// Everything a submission decides (dependencies, which copy moves where) is decided under
// one lock, in submission order; the copies themselves run as part of the commands, so the
// dependency graph orders them as it orders the commands. A command that brings a copy to
// a place is that copy's filler: later readers there wait for it.
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include <cohort/runtime/buffer_commands.hpp>

#include "backend_memory.hpp"
#include "event_state.hpp"
#include "executor.hpp"

namespace cohort::detail {

namespace {
/// Guards every buffer's bookkeeping: submissions that use buffers are short critical sections.
std::mutex& graph_mutex() {
  static std::mutex m;
  return m;
}

bool writes(access_mode m) { return m != access_mode::read; }
bool keeps_contents(access_mode m, bool no_init) {
  return !no_init && m != access_mode::discard_write && m != access_mode::discard_read_write;
}

bool pending(const event_handle& e) { return e && !e->complete(); }

/// Holds the program's mutexes (property::buffer::use_mutex) while the runtime touches the
/// memory they guard; several are locked in address order, so two commands that need the
/// same ones never hold one each.
class program_memory_lock {
public:
  explicit program_memory_lock(std::vector<std::mutex*> mutexes) : m_mutexes(std::move(mutexes)) {
    std::erase(m_mutexes, nullptr);
    std::sort(m_mutexes.begin(), m_mutexes.end());
    m_mutexes.erase(std::unique(m_mutexes.begin(), m_mutexes.end()), m_mutexes.end());
    for (std::size_t i = 0; i < m_mutexes.size(); ++i) {
      try {
        m_mutexes[i]->lock();
      } catch (...) {
        m_mutexes.resize(i);
        unlock();
        throw;
      }
    }
  }
  program_memory_lock(const program_memory_lock&) = delete;
  program_memory_lock& operator=(const program_memory_lock&) = delete;
  ~program_memory_lock() { unlock(); }

private:
  void unlock() {
    for (auto m = m_mutexes.rbegin(); m != m_mutexes.rend(); ++m) (*m)->unlock();
  }
  std::vector<std::mutex*> m_mutexes;
};
}  // namespace

struct buffer_state {
  /// One place that holds the buffer: the host (device null) or a device's memory.
  struct place_copy {
    const device_description* device;
    void* data;
    event_handle filled_by;  // the command that brought the current contents here
  };

  std::size_t bytes = 0;
  bool host_owned = true;          // false: places[0] is the program's memory (use_host_ptr)
  std::mutex* host_mutex = nullptr;  // the program's mutex of that memory (use_mutex)
  std::vector<place_copy> places;  // [0] is host memory
  /// Bit i: places[i] holds the current contents. All ones: nothing was ever written, so
  /// every place is as good as any other.
  std::uint64_t current = ~std::uint64_t{0};
  std::function<void(const void*)> write_back;
  bool write_back_enabled = true;
  event_handle last_writer;
  std::vector<event_handle> readers;  // since the last write
  std::size_t readers_after_pruning = 0;

  ~buffer_state();

  /// The index of `device`'s place, made on first use.
  std::size_t place_of(const device_description* device) {
    for (std::size_t i = 0; i < places.size(); ++i)
      if (places[i].device == device) return i;
    if (places.size() == 64) throw exception(errc::feature_not_supported, "a buffer used on more than 63 devices");
    void* data = nullptr;
#if COHORT_WITH_CUDA
    if (device->owner == backend::cuda) data = backends::cuda::allocate(*device, bytes, 256, usm::alloc::device);
#endif
    if (!data)
      throw exception(errc::memory_allocation, "buffer of " + std::to_string(bytes) + " bytes: no memory for it on " +
                                                   device->name);
    places.push_back({device, data, nullptr});
    return places.size() - 1;
  }

  /// The commands a new use in `mode` must follow, added to `out`.
  void dependencies_of(access_mode mode, std::size_t place, std::vector<event_handle>& out) {
    if (pending(last_writer)) out.push_back(last_writer);
    if (pending(places[place].filled_by)) out.push_back(places[place].filled_by);
    if (writes(mode))
      for (auto& r : readers)
        if (pending(r)) out.push_back(r);
  }

  /// The place to bring the contents from before a use at `place`; places.size() if none.
  std::size_t source_for(access_mode mode, bool no_init, std::size_t place) const {
    if (!keeps_contents(mode, no_init) || (current >> place) & 1u) return places.size();
    for (std::size_t i = 0; i < places.size(); ++i)
      if ((current >> i) & 1u) return i;
    return places.size();
  }

  /// Records `command`'s use; `filled`: it brings the contents to `place`.
  void record(const event_handle& command, access_mode mode, std::size_t place, bool filled) {
    if (filled) places[place].filled_by = command;
    if (writes(mode)) {
      last_writer = command;
      readers.clear();
      readers_after_pruning = 0;
      current = std::uint64_t{1} << place;
      return;
    }
    if (readers.size() >= 2 * readers_after_pruning + 16) {
      std::erase_if(readers, [](const auto& r) { return !pending(r); });
      readers_after_pruning = readers.size();
    }
    readers.push_back(command);
    if (current != ~std::uint64_t{0}) current |= std::uint64_t{1} << place;
  }

  /// The mutex to hold while the runtime reads or writes places[0] (null: the runtime's
  /// own memory, or no use_mutex).
  std::mutex* mutex_of_host_place() const { return host_owned ? nullptr : host_mutex; }

  /// Every command that uses the buffer and may not be complete.
  std::vector<event_handle> users() const {
    std::vector<event_handle> all(readers);
    all.push_back(last_writer);
    for (const auto& p : places) all.push_back(p.filled_by);
    std::erase_if(all, [](const auto& e) { return !e; });
    return all;
  }
};

namespace {
/// Copies `bytes` between two places of a buffer: on `stream` when the command runs on a
/// device, otherwise a blocking copy on the host.
void move_contents(void* stream, void* to, const void* from, std::size_t bytes, bool host_to_host) {
  if (bytes == 0) return;
  if (host_to_host) return (void)std::memcpy(to, from, bytes);
#if COHORT_WITH_CUDA
  if (stream) return backends::cuda::copy(stream, to, from, bytes);
  return backends::cuda::copy_blocking(to, from, bytes);
#else
  (void)stream;
#endif
}

struct planned_move {
  void* to;
  const void* from;
  std::size_t bytes;
  bool host_to_host;
};
}  // namespace

buffer_state::~buffer_state() {
  try {
    for (auto& e : users()) wait_for(*e);
    if (write_back && write_back_enabled) {
      program_memory_lock lock({host_mutex});
      if (!(current & 1u) && current != ~std::uint64_t{0})
        for (std::size_t i = 1; i < places.size(); ++i)
          if ((current >> i) & 1u) {
            move_contents(nullptr, places[0].data, places[i].data, bytes, false);
            break;
          }
      write_back(places[0].data);
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "cohort: a buffer's destruction failed: %s\n", e.what());
  }
  for (std::size_t i = 1; i < places.size(); ++i) {
#if COHORT_WITH_CUDA
    if (places[i].device->owner == backend::cuda) backends::cuda::deallocate(places[i].data, usm::alloc::device);
#endif
  }
  if (host_owned) backends::cpu::deallocate(places[0].data);
}

buffer_handle make_buffer(std::size_t bytes, const void* initial, bool use_host_memory, void* host_mutex) {
  auto b = std::make_shared<buffer_state>();
  b->bytes = bytes;
  b->host_mutex = static_cast<std::mutex*>(host_mutex);
  void* host = nullptr;
  if (use_host_memory && initial) {
    host = const_cast<void*>(initial);
    b->host_owned = false;
  } else {
    host = backends::cpu::allocate(bytes, 64);
    if (!host) throw exception(errc::memory_allocation, "buffer of " + std::to_string(bytes) + " bytes: no host memory");
    if (initial) backends::cpu::copy(host, initial, bytes);
  }
  b->places.push_back({nullptr, host, nullptr});
  if (initial) b->current = 1;
  return b;
}

void set_final_data(buffer_state& b, std::function<void(const void*)> write_back) {
  std::lock_guard lock(graph_mutex());
  b.write_back = std::move(write_back);
}

void set_write_back(buffer_state& b, bool enabled) {
  std::lock_guard lock(graph_mutex());
  b.write_back_enabled = enabled;
}

void* host_data(const buffer_state& b) { return b.places[0].data; }

void* buffer_data_on(buffer_state& b, const device_description* place) {
  if (!place) return b.places[0].data;  // host memory: set once, at the buffer's creation
  std::lock_guard lock(graph_mutex());
  return b.places[b.place_of(place)].data;
}

event_handle enqueue_with_buffers(queue_state& q, std::function<void()> work, std::vector<event_handle> dependencies,
                                  bool on_device, const requirement_list& requirements) {
  // Per requirement: its place's index and whether the command fills it (on the stack for
  // the usual few accessors: a submission allocates no more than one without them).
  constexpr std::size_t few = 8;
  std::size_t places_few[few];
  bool filled_few[few];
  std::unique_ptr<std::size_t[]> places_many;
  std::unique_ptr<bool[]> filled_many;
  if (requirements.size() > few) {
    places_many = std::make_unique<std::size_t[]>(requirements.size());
    filled_many = std::make_unique<bool[]>(requirements.size());
  }
  std::size_t* places = requirements.size() > few ? places_many.get() : places_few;
  bool* filled = requirements.size() > few ? filled_many.get() : filled_few;
  std::vector<planned_move> moves;
  // use_mutex: the program's mutexes of the memory this command touches, held while it runs
  // (a host command works in it, a device command copies from it).
  std::vector<std::mutex*> mutexes;
  std::lock_guard lock(graph_mutex());
  for (std::size_t i = 0; i < requirements.size(); ++i) {
    const auto& r = requirements.begin()[i];
    buffer_state& b = *r.buffer;
    places[i] = b.place_of(r.place);
    b.dependencies_of(r.mode, places[i], dependencies);
    const std::size_t from = b.source_for(r.mode, r.no_init, places[i]);
    filled[i] = from != b.places.size();
    if (filled[i])
      moves.push_back({b.places[places[i]].data, b.places[from].data, b.bytes, !r.place && !b.places[from].device});
    if (std::mutex* m = b.mutex_of_host_place(); m && (!r.place || (filled[i] && from == 0))) mutexes.push_back(m);
  }
  void* stream = on_device && (!moves.empty() || !mutexes.empty()) ? native_queue(q) : nullptr;
  if (!moves.empty()) {
    work = [moves = std::move(moves), work = std::move(work), stream] {
      for (const auto& m : moves) move_contents(stream, m.to, m.from, m.bytes, m.host_to_host);
      work();
    };
  }
  if (!mutexes.empty()) {
    work = [mutexes = std::move(mutexes), work = std::move(work), stream] {
      program_memory_lock held(mutexes);
      work();
#if COHORT_WITH_CUDA
      // A device command's copy from the program's memory is asynchronous: it must be done
      // before the mutex goes back.
      if (stream) backends::cuda::synchronize(stream);
#endif
    };
  }
  event_handle done = enqueue(q, std::move(work), std::move(dependencies), on_device);
  for (std::size_t i = 0; i < requirements.size(); ++i) {
    const auto& r = requirements.begin()[i];
    r.buffer->record(done, r.mode, places[i], filled[i]);
  }
  return done;
}

namespace {
/// Ends a host access: the commands waiting for it may run.
struct host_access_token {
  host_access_token(event_handle a, buffer_handle b) : access(std::move(a)), buffer(std::move(b)) {}
  host_access_token(const host_access_token&) = delete;
  host_access_token& operator=(const host_access_token&) = delete;
  event_handle access;
  buffer_handle buffer;  // the buffer outlives its host accessors
  ~host_access_token() {
    access->set_complete();
    executor::instance().notify_progress();
  }
};
}  // namespace

std::shared_ptr<void> acquire_host_access(const buffer_handle& b, access_mode mode, bool no_init, void*& data) {
  auto access = std::make_shared<event_state>();
  access->holder = std::this_thread::get_id();
  access->set_running();
  std::vector<event_handle> dependencies;
  planned_move move{};
  {
    std::lock_guard lock(graph_mutex());
    b->dependencies_of(mode, 0, dependencies);
    const std::size_t from = b->source_for(mode, no_init, 0);
    const bool filled = from != b->places.size();
    if (filled) move = {b->places[0].data, b->places[from].data, b->bytes, false};
    b->record(access, mode, 0, filled);
  }
  auto token = std::make_shared<host_access_token>(access, b);
  for (auto& d : dependencies) wait_for(*d);
  if (move.to) {
    program_memory_lock lock({b->mutex_of_host_place()});
    move_contents(nullptr, move.to, move.from, move.bytes, false);
  }
  data = b->places[0].data;
  return token;
}

}  // namespace cohort::detail
