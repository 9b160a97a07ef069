// SPDX-License-Identifier: MIT
// The queue's non-template members.
#include <cohort/runtime/queue.hpp>

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

}  // namespace cohort
