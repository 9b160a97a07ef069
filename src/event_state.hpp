// SPDX-License-Identifier: MIT
#pragma once
// The shared state behind an event: status, profiling times and where asynchronous errors go.
// Private to the compiled runtime; the headers see it through runtime/commands.hpp.
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <memory>
#include <mutex>
#include <string>

#include <cohort/core/exception.hpp>
#include <cohort/runtime/commands.hpp>
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

  async_error_sink() = default;
  async_error_sink(const async_error_sink&) = delete;
  async_error_sink& operator=(const async_error_sink&) = delete;
  /// The queue and every event of it are gone: errors nobody retrieved go to the handler,
  /// or without one to stderr, rather than nowhere.
  ~async_error_sink() {
    if (errors.size() == 0) return;
    if (handler) {
      try {
        handler(errors);
        return;
      } catch (...) {  // a destructor cannot pass it on
      }
    }
    for (const auto& e : errors)
      std::fprintf(stderr, "cohort: asynchronous error never retrieved before its queue was destroyed: %s\n",
                   what(e).c_str());
  }
  static std::string what(const std::exception_ptr& e) {
    try {
      std::rethrow_exception(e);
    } catch (const std::exception& x) {
      return x.what();
    } catch (...) {
      return "an exception not derived from std::exception";
    }
  }

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
  bool complete() {
    std::lock_guard lock(mutex);
    return status == info::event_command_status::complete;
  }
  /// Blocks until complete without running anything (see executor::wait_for for the
  /// waiting that helps).
  void wait() {
    std::unique_lock lock(mutex);
    done_cv.wait(lock, [&] { return status == info::event_command_status::complete; });
  }
};

}  // namespace detail

}  // namespace cohort
