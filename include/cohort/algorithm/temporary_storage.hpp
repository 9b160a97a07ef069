// SPDX-License-Identifier: MIT
#pragma once
// Scratch memory of the device-wide algorithms: device USM on one device, grown when a call
// needs more and otherwise reused, so an algorithm called in a loop allocates nothing after
// its first call. Each queue keeps one (storage_of(q)); a caller may pass its own instead,
// e.g. one per thread that submits to the same queue.
//
// One call at a time uses it: a call takes a lease, which orders its commands after those
// of the previous user and hands the memory on when it ends, so calls on out-of-order
// queues cannot overwrite each other's scratch.
#include <cstddef>
#include <memory>
#include <vector>

#include <cohort/runtime/event.hpp>
#include <cohort/runtime/queue.hpp>

namespace cohort {

class temporary_storage {
  struct state;  // src/temporary_storage.cpp

public:
  /// Empty storage for `q`'s device; memory comes with the first lease.
  explicit temporary_storage(const queue& q);
  temporary_storage(const temporary_storage&) = delete;
  temporary_storage& operator=(const temporary_storage&) = delete;
  /// Waits for the last command that used the memory, then frees it.
  ~temporary_storage();

  /// Bytes held now.
  std::size_t capacity() const;

  /// One call's use of the memory (see the top of the file).
  class lease {
  public:
    lease(lease&& other) noexcept;
    lease(const lease&) = delete;
    lease& operator=(const lease&) = delete;
    lease& operator=(lease&&) = delete;
    /// Hands the memory on; the next user waits for the last event given to `used_by`.
    ~lease();
    /// At least the requested bytes, aligned to 256 (null when none were requested).
    void* data() const noexcept { return m_data; }
    /// Commands using the memory must depend on these: the previous user's last command,
    /// and the events the caller passed.
    const std::vector<event>& dependencies() const noexcept { return m_dependencies; }
    /// Records a command that uses the memory (the last one submitted is the one that matters).
    void used_by(const event& e) {
      m_last = e;
      m_used = true;
    }

  private:
    friend class temporary_storage;
    lease(state* s, void* data, std::vector<event> dependencies) noexcept
        : m_state(s), m_data(data), m_dependencies(std::move(dependencies)) {}
    state* m_state;
    void* m_data;
    std::vector<event> m_dependencies;
    event m_last;
    bool m_used = false;
  };

  /// Takes the memory for one call that needs `bytes` of it and whose commands also depend
  /// on `dependencies`; blocks while another call holds it (so one call takes one lease and
  /// calls no other algorithm with the same storage meanwhile). Growing waits for the
  /// previous user, as freeing memory a command may still use would be wrong.
  lease acquire(std::size_t bytes, const std::vector<event>& dependencies = {});

private:
  std::unique_ptr<state> m_state;
};

/// The queue's own storage, shared by every copy of the queue.
temporary_storage& storage_of(const queue& q);

}  // namespace cohort
