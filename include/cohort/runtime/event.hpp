// SPDX-License-Identifier: MIT
#pragma once
#include <memory>
#include <type_traits>
#include <vector>

#include <cohort/core/exception.hpp>
#include <cohort/runtime/commands.hpp>
#include <cohort/runtime/info.hpp>

namespace cohort {

/// Completion of a submitted command (as `sycl::event`).
class event {
public:
  /// An event that is already complete.
  event() : m_state(detail::make_complete_event()) {}
  explicit event(detail::event_handle s) : m_state(std::move(s)) {}

  /// Waits for the command; the waiting thread may run queued commands meanwhile.
  void wait() { detail::wait_for(*m_state); }
  void wait_and_throw() {
    wait();
    detail::throw_asynchronous(*m_state);
  }
  static void wait(const std::vector<event>& events);
  static void wait_and_throw(const std::vector<event>& events);

  template <typename Param>
  typename Param::return_type get_info() const {
    static_assert(std::is_same_v<Param, info::event::command_execution_status>, "unknown event info");
    return detail::status_of(*m_state);
  }
  /// Timestamps in ns; needs a queue with property::queue::enable_profiling.
  template <typename Param>
  typename Param::return_type get_profiling_info() const {
    const detail::profiling_times t = detail::profiling_of(*m_state);
    if constexpr (std::is_same_v<Param, info::event_profiling::command_submit>) return t.submit;
    else if constexpr (std::is_same_v<Param, info::event_profiling::command_start>) return t.start;
    else if constexpr (std::is_same_v<Param, info::event_profiling::command_end>) return t.end;
    else static_assert(sizeof(Param) == 0, "unknown profiling info");
  }

  friend bool operator==(const event& a, const event& b) { return a.m_state == b.m_state; }

  /// Runtime internals.
  const detail::event_handle& state() const { return m_state; }

private:
  detail::event_handle m_state;
};

}  // namespace cohort
