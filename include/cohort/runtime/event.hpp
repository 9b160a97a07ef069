// SPDX-License-Identifier: MIT
#pragma once
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <memory>
#include <mutex>
#include <vector>

#include <cohort/core/exception.hpp>
#include <cohort/runtime/info.hpp>

namespace cohort {
namespace detail {

inline std::uint64_t now_ns() {
  return static_cast<std::uint64_t>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
          .count());
}

/// Errors of kernels that ran asynchronously, waiting for wait_and_throw().
struct async_error_sink {
  std::mutex mutex;
  exception_list errors;
  async_handler handler;

  void report(std::exception_ptr e) {
    std::lock_guard lock(mutex);
    errors.push_back(std::move(e));
  }
  /// Hands pending errors to the handler; without one, rethrows the first (a kernel's
  /// exception must never be lost or terminate the program).
  void flush() {
    exception_list pending;
    {
      std::lock_guard lock(mutex);
      std::swap(pending, errors);
    }
    if (pending.size() == 0) return;
    if (handler)
      handler(std::move(pending));
    else
      std::rethrow_exception(*pending.begin());
  }
};

/// Shared state of one command.
struct event_state {
  std::mutex mutex;
  std::condition_variable done_cv;
  info::event_command_status status = info::event_command_status::submitted;
  bool profiling = false;
  std::uint64_t submit_ns = 0, start_ns = 0, end_ns = 0;
  std::shared_ptr<async_error_sink> errors;

  void set_running() {
    std::lock_guard lock(mutex);
    start_ns = now_ns();
    status = info::event_command_status::running;
  }
  void set_complete() {
    {
      std::lock_guard lock(mutex);
      end_ns = now_ns();
      status = info::event_command_status::complete;
    }
    done_cv.notify_all();
  }
  void wait() {
    std::unique_lock lock(mutex);
    done_cv.wait(lock, [&] { return status == info::event_command_status::complete; });
  }
};

}  // namespace detail

/// Completion of a submitted command (as `sycl::event`).
class event {
public:
  /// An event that is already complete.
  event() : m_state(std::make_shared<detail::event_state>()) {
    m_state->status = info::event_command_status::complete;
  }
  explicit event(std::shared_ptr<detail::event_state> s) : m_state(std::move(s)) {}

  void wait() { m_state->wait(); }
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
    m_state->wait();
    if constexpr (std::is_same_v<Param, info::event_profiling::command_submit>) return m_state->submit_ns;
    else if constexpr (std::is_same_v<Param, info::event_profiling::command_start>) return m_state->start_ns;
    else if constexpr (std::is_same_v<Param, info::event_profiling::command_end>) return m_state->end_ns;
    else static_assert(sizeof(Param) == 0, "unknown profiling info");
  }

  friend bool operator==(const event& a, const event& b) { return a.m_state == b.m_state; }
  const std::shared_ptr<detail::event_state>& state() const { return m_state; }

private:
  std::shared_ptr<detail::event_state> m_state;
};

}  // namespace cohort
