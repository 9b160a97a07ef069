// SPDX-License-Identifier: MIT
// Events: the calls of runtime/commands.hpp on one command's state.
#include <cohort/runtime/event.hpp>

#include "event_state.hpp"
#include "executor.hpp"

namespace cohort {

void event::wait(const std::vector<event>& events) {
  for (auto e : events) e.wait();
}
void event::wait_and_throw(const std::vector<event>& events) {
  for (auto e : events) e.wait_and_throw();
}

}  // namespace cohort

namespace cohort::detail {

event_handle make_complete_event() {
  auto e = std::make_shared<event_state>();
  e->status = info::event_command_status::complete;
  e->finished = true;
  return e;
}

void wait_for(event_state& e) { executor::instance().wait_for(e); }

info::event_command_status status_of(event_state& e) {
  if (e.complete()) return info::event_command_status::complete;  // asks the device, if one runs it
  std::lock_guard lock(e.mutex);
  return e.status;
}

profiling_times profiling_of(event_state& e) {
  if (!e.profiling)
    throw exception(errc::invalid,
                    "event::get_profiling_info: the queue was not created with property::queue::enable_profiling");
  wait_for(e);
  std::lock_guard lock(e.mutex);
  return {e.submit_ns, e.start_ns, e.end_ns};
}

void throw_asynchronous(event_state& e) {
  if (e.errors) e.errors->flush();
}

}  // namespace cohort::detail
