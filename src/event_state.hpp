// SPDX-License-Identifier: MIT
#pragma once
// The shared state behind an event: status, profiling times and where asynchronous errors go.
// Private to the compiled runtime; the headers see it through runtime/commands.hpp.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

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

/// The part of a command that a device runs asynchronously (a CUDA kernel on a stream):
/// says when the device is done. Made by the device's queue (device_queue.hpp).
class device_completion {
public:
  virtual ~device_completion() = default;
  /// Whether the device finished; `error` is set when the command failed there.
  virtual bool done(std::exception_ptr& error) = 0;
  /// Blocks until the device finished; the command's error, if any.
  virtual std::exception_ptr wait() = 0;
  /// When the command started and ended on the device, in now_ns()'s time base (profiling
  /// queues; valid once done).
  virtual void times(std::uint64_t& start, std::uint64_t& end) = 0;
};

/// Shared state of one command. A command that a device completes asynchronously is
/// `running` from its launch until its device_completion says it is done.
struct event_state {
  std::mutex mutex;
  std::condition_variable done_cv;
  info::event_command_status status = info::event_command_status::submitted;
  bool profiling = false;
  std::uint64_t submit_ns = 0, start_ns = 0, end_ns = 0;
  std::shared_ptr<async_error_sink> errors;
  std::unique_ptr<device_completion> device;  // set once, at the launch on a device
  /// status == complete, readable without the lock (set under it, never reset).
  std::atomic<bool> finished{false};
  /// Not a command but a host accessor's access, which the thread `holder` ends.
  std::thread::id holder{};

  // The clock is read only on profiling queues, the only ones whose times are asked for:
  // three reads were a measurable part of a short command's host time.
  void set_running() {
    std::lock_guard lock(mutex);
    if (profiling) start_ns = now_ns();
    status = info::event_command_status::running;
  }
  void set_complete() {
    {
      std::lock_guard lock(mutex);
      if (profiling) end_ns = now_ns();
      status = info::event_command_status::complete;
      finished.store(true, std::memory_order_release);
    }
    done_cv.notify_all();
  }
  /// The command was handed to a device, which completes it.
  void set_launched(std::unique_ptr<device_completion> c) {
    {
      std::lock_guard lock(mutex);
      device = std::move(c);
    }
    done_cv.notify_all();
  }
  /// The host's part of the command returned: complete, unless a device still runs it.
  void finish_host_part() {
    {
      std::lock_guard lock(mutex);
      if (device) return;
    }
    set_complete();
  }
  /// Complete, or handed to a device that will complete it without the host's help.
  bool launched() {
    if (finished.load(std::memory_order_acquire)) return true;
    std::lock_guard lock(mutex);
    return status == info::event_command_status::complete || device;
  }
  /// The device part, while a device runs the command (null otherwise).
  device_completion* running_on_device() {
    std::lock_guard lock(mutex);
    return status == info::event_command_status::complete ? nullptr : device.get();
  }
  /// Complete, as far as known without asking a device.
  bool complete_known() const { return finished.load(std::memory_order_acquire); }
  bool complete() {
    if (finished.load(std::memory_order_acquire)) return true;
    std::lock_guard lock(mutex);
    if (status == info::event_command_status::complete) return true;
    if (!device) return false;
    std::exception_ptr error;
    if (!device->done(error)) return false;
    finish_on_device(error);
    return true;
  }
  /// Blocks until complete without running anything (see executor::wait_for for the
  /// waiting that helps).
  void wait() {
    if (finished.load(std::memory_order_acquire)) return;
    std::unique_lock lock(mutex);
    done_cv.wait(lock, [&] { return status == info::event_command_status::complete || device; });
    if (status == info::event_command_status::complete) return;
    device_completion* d = device.get();  // set once: stays valid
    lock.unlock();
    const std::exception_ptr error = d->wait();
    lock.lock();
    if (status != info::event_command_status::complete) finish_on_device(error);
  }

private:
  /// With `mutex` held: the device finished the command.
  void finish_on_device(const std::exception_ptr& error) {
    if (profiling) device->times(start_ns, end_ns);
    status = info::event_command_status::complete;
    finished.store(true, std::memory_order_release);
    if (error && errors) errors->report(error);
    done_cv.notify_all();
  }
};

}  // namespace detail

}  // namespace cohort
