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
//
// Beside the scratch memory it keeps words for protocols between the work-groups of one
// call (sync_words): tile counters and look-back status words that need no memset command
// before each call (CUB runs an initialisation kernel there), because counters are left at
// zero by the call that used them and status words carry the epoch of the call that wrote
// them.
#include <cstddef>
#include <cstdint>
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

  /// A lease's words for protocols between its work-groups. They are kept apart from the
  /// scratch memory, so nothing but such words is ever stored in them.
  /// - `counters`: `sync_counters` words, zero when the lease starts; the call must leave
  ///   them zero when its last command ends.
  /// - `status`: at least the bytes the lease asked for (256-aligned), holding whatever earlier
  ///   calls left. A status word that a call publishes carries one of the call's epochs
  ///   (`epoch` and the next ones it asked for, 1 to `max_epoch`, new ones for each lease),
  ///   so words of its own format that carry another epoch read as not yet published.
  ///   Words of another format could read as anything: `stale_bytes` from `status` may hold
  ///   some, and the call clears them (a memset ordered before its kernels) before its
  ///   kernels read status words. The memory is zero when first allocated and when the
  ///   epochs wrap.
  struct sync_words {
    std::uint32_t* counters;
    void* status;
    std::uint32_t epoch;
    std::size_t stale_bytes;
  };
  static constexpr std::size_t sync_counters = 64;
  static constexpr std::uint32_t max_epoch = (std::uint32_t{1} << 20) - 1;

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
    /// The protocol words (null pointers when the lease asked for none; see sync_words).
    const sync_words& sync() const noexcept { return m_sync; }
    /// Records a command that uses the memory (the last one submitted is the one that matters).
    void used_by(const event& e) {
      m_last = e;
      m_used = true;
    }

  private:
    friend class temporary_storage;
    lease(state* s, void* data, sync_words sync, std::vector<event> dependencies) noexcept
        : m_state(s), m_data(data), m_sync(sync), m_dependencies(std::move(dependencies)) {}
    state* m_state;
    void* m_data;
    sync_words m_sync;
    std::vector<event> m_dependencies;
    event m_last;
    bool m_used = false;
  };

  /// Takes the memory for one call that needs `bytes` of it and whose commands also depend
  /// on `dependencies`; blocks while another call holds it (so one call takes one lease and
  /// calls no other algorithm with the same storage meanwhile). Growing waits for the
  /// previous user, as freeing memory a command may still use would be wrong.
  lease acquire(std::size_t bytes, const std::vector<event>& dependencies = {}) {
    return acquire(bytes, dependencies, 0, 0, 0);
  }
  /// The same with protocol words: the counters, `status_bytes` of status words in the
  /// format `word_format` (callers whose words differ in layout pass different values) and
  /// `epochs` epochs (a call that reuses its status words, pass after pass, needs one per
  /// pass). A call that uses only counters asks for no status bytes.
  lease acquire_synchronised(std::size_t bytes, std::size_t status_bytes, std::uint32_t word_format,
                             const std::vector<event>& dependencies = {}, std::uint32_t epochs = 1) {
    return acquire(bytes, dependencies, epochs, status_bytes, word_format);
  }

private:
  lease acquire(std::size_t bytes, const std::vector<event>& dependencies, std::uint32_t epochs,
                std::size_t status_bytes, std::uint32_t word_format);
  std::unique_ptr<state> m_state;
};

/// The queue's own storage, shared by every copy of the queue.
temporary_storage& storage_of(const queue& q);

namespace detail {
/// The formats of status words in temporary_storage's sync area (acquire_synchronised).
enum sync_word_format : std::uint32_t {
  no_status_words = 0,        // counters only
  scan_value_and_status = 1,  // 64-bit: a 4-byte value above a status word
  scan_status_only = 2,       // 32-bit status words (the values are in ordinary scratch)
  counted_words = 3,          // counted_word (scan_look_back.hpp)
  scan_wide_value_and_status = 4,  // 16-byte: a 64-bit status word, then an 8-byte value
};
}  // namespace detail

}  // namespace cohort
