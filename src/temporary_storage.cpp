// SPDX-License-Identifier: MIT
// The device-wide algorithms' scratch memory (algorithm/temporary_storage.hpp).
#include <cohort/algorithm/temporary_storage.hpp>

#include <algorithm>
#include <cstdint>
#include <mutex>
#include <string>

#include <cohort/core/exception.hpp>
#include <cohort/runtime/usm.hpp>

namespace cohort {

struct temporary_storage::state {
  device dev;
  context ctx;
  void* data = nullptr;
  std::size_t bytes = 0;
  // The protocol words: the counters, then the status words.
  std::uint32_t* sync = nullptr;
  std::size_t status_bytes = 0;
  std::uint32_t epoch = 0;
  // The format of the status words in the area, and how many bytes from its start may
  // hold such words; the rest is zero.
  std::uint32_t word_format = 0;
  std::size_t written_bytes = 0;
  event last_use;
  std::mutex mutex;  // held by the current lease
};

namespace {

constexpr std::size_t counter_bytes = temporary_storage::sync_counters * sizeof(std::uint32_t);
static_assert(counter_bytes % 256 == 0, "the status words start 256-aligned");

/// Geometric growth: a loop over growing sizes reallocates only a few times.
std::size_t grown_size(std::size_t needed, std::size_t held) { return std::max<std::size_t>({needed, 2 * held, 4096}); }

void* allocate(std::size_t bytes, const device& dev, const context& ctx) {
  void* p = aligned_alloc(256, bytes, dev, ctx, usm::alloc::device);
  if (!p)
    throw exception(errc::memory_allocation,
                    "device-wide algorithm: cannot allocate " + std::to_string(bytes) + " bytes of scratch memory");
  return p;
}

}  // namespace

temporary_storage::temporary_storage(const queue& q) : m_state(new state{q.get_device(), q.get_context()}) {}

temporary_storage::~temporary_storage() {
  std::lock_guard lock(m_state->mutex);
  m_state->last_use.wait();
  if (m_state->data) free(m_state->data, m_state->ctx);
  if (m_state->sync) free(m_state->sync, m_state->ctx);
}

std::size_t temporary_storage::capacity() const {
  std::lock_guard lock(m_state->mutex);
  return m_state->bytes;
}

temporary_storage::lease temporary_storage::acquire(std::size_t bytes, const std::vector<event>& dependencies,
                                                    std::uint32_t epochs, std::size_t status_bytes,
                                                    std::uint32_t word_format) {
  if (epochs > max_epoch / 2) throw exception(errc::invalid, "temporary_storage: too many epochs for one call");
  state& s = *m_state;
  std::unique_lock lock(s.mutex);
  if (bytes > s.bytes) {
    s.last_use.wait();
    free(s.data, s.ctx);
    s.data = nullptr;
    const std::size_t grown = grown_size(bytes, s.bytes);
    s.bytes = 0;
    s.data = allocate(grown, s.dev, s.ctx);
    s.bytes = grown;
  }
  // Zeroes the protocol words once the previous user has completed.
  auto zero_sync_words = [&s] {
    s.last_use.wait();
    queue q{s.dev};
    q.memset(s.sync, 0, counter_bytes + s.status_bytes).wait_and_throw();
    s.epoch = 0;
    s.written_bytes = 0;
  };
  sync_words sync{nullptr, nullptr, 0, 0};
  if (epochs > 0) {
    if (!s.sync || status_bytes > s.status_bytes) {
      s.last_use.wait();
      if (s.sync) free(s.sync, s.ctx);
      s.sync = nullptr;
      const std::size_t grown = (grown_size(status_bytes, s.status_bytes) + 255) / 256 * 256;
      s.status_bytes = 0;
      s.sync = static_cast<std::uint32_t*>(allocate(counter_bytes + grown, s.dev, s.ctx));
      s.status_bytes = grown;
      zero_sync_words();
    } else if (s.epoch > max_epoch - epochs) {
      zero_sync_words();
    }
    sync = {s.sync, reinterpret_cast<unsigned char*>(s.sync) + counter_bytes, s.epoch + 1, 0};
    s.epoch += epochs;
    if (status_bytes > 0) {
      if (word_format != s.word_format) {
        // The caller clears what the other format wrote; then only its own words remain.
        sync.stale_bytes = s.written_bytes;
        s.word_format = word_format;
        s.written_bytes = 0;
      }
      s.written_bytes = std::max(s.written_bytes, status_bytes);
    }
  }
  std::vector<event> deps = dependencies;
  deps.push_back(s.last_use);
  lock.release();  // the lease unlocks
  return lease(&s, bytes == 0 ? nullptr : s.data, sync, std::move(deps));
}

temporary_storage::lease::lease(lease&& other) noexcept
    : m_state(std::exchange(other.m_state, nullptr)), m_data(other.m_data), m_sync(other.m_sync),
      m_dependencies(std::move(other.m_dependencies)), m_last(std::move(other.m_last)), m_used(other.m_used) {}

temporary_storage::lease::~lease() {
  if (!m_state) return;
  // Without a recorded command (an exception before the first submission) the previous
  // user's last command still guards the memory.
  if (m_used) m_state->last_use = m_last;
  m_state->mutex.unlock();
}

temporary_storage& storage_of(const queue& q) {
  const std::shared_ptr<void> cache =
      q.algorithm_cache([](const queue& owner) -> std::shared_ptr<void> { return std::make_shared<temporary_storage>(owner); });
  // The queue's state keeps the storage alive as long as any copy of the queue lives.
  return *static_cast<temporary_storage*>(cache.get());
}

}  // namespace cohort
