// SPDX-License-Identifier: MIT
// The queue's non-template members.
#include <mutex>

#include <cohort/runtime/queue.hpp>

namespace cohort::detail {
/// The queue's slot for algorithm_cache, with its lock taken (src/queue_state.cpp).
std::shared_ptr<void>& algorithm_cache_of(queue_state& q, std::unique_lock<std::mutex>& lock);
}  // namespace cohort::detail

namespace cohort {

queue::queue(const property_list& props) : queue(device{}, async_handler{}, props) {}
queue::queue(const async_handler& h, const property_list& props) : queue(device{}, h, props) {}
queue::queue(const device& d, const property_list& props) : queue(d, async_handler{}, props) {}
queue::queue(const device& d, const async_handler& h, const property_list& props)
    : m_device(d), m_props(props),
      m_state(detail::make_queue_state(d.description(), h, props.has_property<property::queue::in_order>(),
                                       props.has_property<property::queue::enable_profiling>())) {}

event queue::memcpy(void* dest, const void* src, std::size_t bytes, const std::vector<event>& deps) {
  return submit([&](handler& h) {
    h.depends_on(deps);
    h.memcpy(dest, src, bytes);
  });
}

event queue::memset(void* ptr, int value, std::size_t bytes, const std::vector<event>& deps) {
  return submit([&](handler& h) {
    h.depends_on(deps);
    h.memset(ptr, value, bytes);
  });
}

std::shared_ptr<void> queue::algorithm_cache(std::shared_ptr<void> (*make)(const queue&)) const {
  std::unique_lock<std::mutex> lock;
  std::shared_ptr<void>& cache = detail::algorithm_cache_of(*m_state, lock);
  if (!cache) cache = make(*this);
  return cache;
}

void* queue::native_handle(backend b) const {
  if (m_device.get_backend() != b || !detail::native_queue(*m_state))
    throw exception(errc::backend_mismatch, "get_native: the queue's device belongs to another backend");
  return detail::native_queue(*m_state);
}

}  // namespace cohort
