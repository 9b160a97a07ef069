// SPDX-License-Identifier: MIT
// The device-wide algorithms' scratch memory (algorithm/temporary_storage.hpp).
#include <cohort/algorithm/temporary_storage.hpp>

#include <algorithm>
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
  event last_use;
  std::mutex mutex;  // held by the current lease
};

temporary_storage::temporary_storage(const queue& q) : m_state(new state{q.get_device(), q.get_context()}) {}

temporary_storage::~temporary_storage() {
  std::lock_guard lock(m_state->mutex);
  if (m_state->data) {
    m_state->last_use.wait();
    free(m_state->data, m_state->ctx);
  }
}

std::size_t temporary_storage::capacity() const {
  std::lock_guard lock(m_state->mutex);
  return m_state->bytes;
}

temporary_storage::lease temporary_storage::acquire(std::size_t bytes, const std::vector<event>& dependencies) {
  state& s = *m_state;
  std::unique_lock lock(s.mutex);
  if (bytes > s.bytes) {
    s.last_use.wait();
    free(s.data, s.ctx);
    s.data = nullptr;
    s.bytes = 0;
    // Geometric growth: a loop over growing sizes reallocates only a few times.
    const std::size_t grown = std::max<std::size_t>({bytes, 2 * s.bytes, 4096});
    s.data = aligned_alloc(256, grown, s.dev, s.ctx, usm::alloc::device);
    if (!s.data)
      throw exception(errc::memory_allocation,
                      "device-wide algorithm: cannot allocate " + std::to_string(grown) + " bytes of scratch memory");
    s.bytes = grown;
  }
  std::vector<event> deps = dependencies;
  deps.push_back(s.last_use);
  lock.release();  // the lease unlocks
  return lease(&s, bytes == 0 ? nullptr : s.data, std::move(deps));
}

temporary_storage::lease::lease(lease&& other) noexcept
    : m_state(std::exchange(other.m_state, nullptr)), m_data(other.m_data),
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
