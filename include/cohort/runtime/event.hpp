// SPDX-License-Identifier: MIT
#pragma once
#include <memory>
#include <mutex>
#include <type_traits>
#include <vector>

#include <cohort/core/exception.hpp>
#include <cohort/runtime/event_state.hpp>
#include <cohort/runtime/executor.hpp>
#include <cohort/runtime/info.hpp>

namespace cohort {

/// Completion of a submitted command (as `sycl::event`).
class event {
public:
  /// An event that is already complete.
  event() : m_state(std::make_shared<detail::event_state>()) {
    m_state->status = info::event_command_status::complete;
  }
  explicit event(std::shared_ptr<detail::event_state> s) : m_state(std::move(s)) {}

  void wait() { wait_for_completion(); }
  void wait_and_throw() {
    wait();
    if (m_state->errors) m_state->errors->flush();
  }
  static void wait(const std::vector<event>& events) {
    for (auto e : events) e.wait();
  }
  static void wait_and_throw(const std::vector<event>& events) {
    for (auto e : events) e.wait_and_throw();
  }

  template <typename Param>
  typename Param::return_type get_info() const {
    static_assert(std::is_same_v<Param, info::event::command_execution_status>, "unknown event info");
    std::lock_guard lock(m_state->mutex);
    return m_state->status;
  }

  /// Timestamps in ns; needs a queue with property::queue::enable_profiling.
  template <typename Param>
  typename Param::return_type get_profiling_info() const {
    if (!m_state->profiling)
      throw exception(errc::invalid, "the queue was not created with property::queue::enable_profiling");
    wait_for_completion();
    if constexpr (std::is_same_v<Param, info::event_profiling::command_submit>) return m_state->submit_ns;
    else if constexpr (std::is_same_v<Param, info::event_profiling::command_start>) return m_state->start_ns;
    else if constexpr (std::is_same_v<Param, info::event_profiling::command_end>) return m_state->end_ns;
    else static_assert(sizeof(Param) == 0, "unknown profiling info");
  }

  friend bool operator==(const event& a, const event& b) { return a.m_state == b.m_state; }
  const std::shared_ptr<detail::event_state>& state() const { return m_state; }

private:
  // The one way to wait: the executor lets a waiting thread run the queued commands.
  void wait_for_completion() const { detail::executor::instance().wait_for(*m_state); }

  std::shared_ptr<detail::event_state> m_state;
};

}  // namespace cohort
