// SPDX-License-Identifier: MIT
#pragma once
// Runs submitted commands asynchronously, one at a time in submission order, so commands of
// one queue stay ordered; a command waits for its dependencies before it starts.
//
// Who runs a command: a thread that waits for an event runs the queued commands up to it
// itself, and one worker thread per process runs those nobody waits for, a short grace
// period after their submission. Why: a kernel's OpenMP parallel region then belongs to the
// waiting thread's team. A second team on the worker makes libgomp count more threads than
// CPUs, and then every team's idle threads sleep at once instead of spinning, so each
// parallel region of the program, the user's own included, paid a futex wake.
//
// The worker is not woken for every command: a futex wake-up per submission (and the worker
// then taking a core from the running kernel) made a submit-and-wait round trip several
// times slower. A submission wakes an idle worker once; it then looks at the queue every
// `poll` and goes idle again after `linger` without submissions.
//
// A command that waits for another (a host task waiting for a kernel it submitted) holds the
// turn, so nobody else could run what it waits for: it runs, nested, the queued commands
// whose dependencies are complete until its event is. What it cannot reach (a command that
// depends on the waiting one, directly or through an in-order queue, or the waiting command
// itself) throws errc::invalid instead of hanging; so does a wait inside a kernel.
#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include <cohort/backend/list.hpp>
#include <cohort/core/exception.hpp>
#include "event_state.hpp"

namespace cohort::detail {

struct command {
  std::function<void()> work;
  std::shared_ptr<event_state> done;
  std::vector<std::shared_ptr<event_state>> dependencies;
  std::chrono::steady_clock::time_point submitted{};
};

class executor {
public:
  /// How long a queued command waits for a thread that waits for it before the worker
  /// starts it (the usual submit-then-wait reaches wait() within microseconds); so a
  /// command nobody waits for starts within `grace + poll`.
  static constexpr std::chrono::microseconds grace{200}, poll{1000};
  static constexpr std::chrono::milliseconds linger{20};

  static executor& instance();

  void submit(command c) {
    c.submitted = std::chrono::steady_clock::now();
    {
      std::lock_guard lock(m_mutex);
      m_queue.push_back(std::move(c));
      m_last_submission = m_queue.back().submitted;
      if (m_worker_armed) return;
      m_worker_armed = true;
    }
    m_worker_cv.notify_one();
  }

  /// Returns once `s` is complete; until then the calling thread runs queued commands (in
  /// order, never two at once). A command that waits for another one only blocks: it holds
  /// the turn to run commands itself. So does a thread the backends say should not run them
  /// (inside an OpenMP parallel region); the worker runs them then.
  void wait_for(event_state& s) {
    if (s.complete()) return;
    if (s.holder == std::this_thread::get_id())
      throw exception(errc::invalid,
                      "a host_accessor waits for another host_accessor to the same buffer that this thread holds: it "
                      "would never end (destroy the first one before)");
    if (caller_is_in_kernel())
      throw exception(errc::invalid,
                      "a kernel waits for a command: commands run one at a time, so it would wait for itself");
    if (t_running_command) return run_nested_until(s);
    if (!caller_may_run_commands()) return s.wait();
    std::unique_lock lock(m_mutex);
    while (!s.complete()) {
      if (s.launched()) {  // a device completes it
        lock.unlock();
        return s.wait();
      }
      if (!m_running && !m_queue.empty() && ready(m_queue.front())) {  // the usual case
        run(lock, m_queue.begin());
        continue;
      }
      if (!m_running) {
        // The commands up to the awaited one, which run first; any ready one may run.
        const auto awaited = std::find_if(m_queue.begin(), m_queue.end(), [&](const command& c) { return c.done.get() == &s; });
        const auto limit = awaited == m_queue.end() ? awaited : std::next(awaited);
        const auto next = std::find_if(m_queue.begin(), limit, ready);
        if (next != limit) {
          run(lock, next);
          continue;
        }
        throw_if_blocked_by_this_thread(m_queue.begin(), limit);
      }
      m_progress_cv.wait(lock);
    }
  }

  /// A host accessor ended: commands that waited for it may run.
  void notify_progress() {
    { std::lock_guard lock(m_mutex); }
    m_progress_cv.notify_all();
    m_worker_cv.notify_one();
  }

  ~executor() {
    {
      std::lock_guard lock(m_mutex);
      m_stop = true;
      m_worker_armed = true;
    }
    m_worker_cv.notify_one();
    if (m_worker.joinable()) m_worker.join();
  }

  executor() : m_worker([this] { worker_loop(); }) {}

private:

  void worker_loop() {
    using clock = std::chrono::steady_clock;
    std::unique_lock lock(m_mutex);
    for (;;) {
      const auto now = clock::now();
      const auto next = m_running ? m_queue.end() : std::find_if(m_queue.begin(), m_queue.end(), ready);
      if (next != m_queue.end() && (m_stop || now >= next->submitted + grace)) {
        run(lock, next);
      } else if (m_stop && !m_running && next == m_queue.end()) {
        return;  // nothing left that can run (a host accessor never released blocks the rest)
      } else if (!m_worker_armed || (m_queue.empty() && now >= m_last_submission + linger)) {
        m_worker_armed = false;
        m_worker_cv.wait(lock);
      } else {
        m_worker_cv.wait_until(lock, now + poll);
      }
    }
  }

  /// Whether a queued command may start: what it waits for is complete or on a device that
  /// completes it (not a queued command, nor a host accessor still held).
  static bool ready(const command& c) {
    return std::all_of(c.dependencies.begin(), c.dependencies.end(), [](const auto& d) { return d->launched(); });
  }

  /// Throws if a command in [begin, end) waits for a host accessor that the calling thread
  /// holds: the wait would never end.
  static void throw_if_blocked_by_this_thread(std::deque<command>::iterator begin, std::deque<command>::iterator end) {
    const auto me = std::this_thread::get_id();
    for (auto c = begin; c != end; ++c)
      for (const auto& d : c->dependencies)
        if (d->holder == me && !d->complete())
          throw exception(errc::invalid,
                          "a wait for a command that needs a buffer this thread holds a host_accessor to: it would "
                          "never end (destroy the host_accessor first)");
  }

  /// Runs the queued command `at` with `lock` released; `m_running` keeps it the only one
  /// (or the only one besides the commands below it on this thread's stack, which wait).
  void run(std::unique_lock<std::mutex>& lock, std::deque<command>::iterator at) {
    command c = std::move(*at);
    m_queue.erase(at);
    const bool outermost = !m_running;
    m_running = true;
    lock.unlock();
    const bool was_running_command = t_running_command;
    t_running_command = true;
    for (auto& d : c.dependencies) d->wait();  // complete by now (run only when they are)
    c.done->set_running();
    try {
      c.work();
    } catch (...) {
      if (c.done->errors) c.done->errors->report(std::current_exception());
    }
    c.done->finish_host_part();
    t_running_command = was_running_command;
    lock.lock();
    if (outermost) m_running = false;
    m_progress_cv.notify_all();
  }

  /// A running command waits for `s` (see the top of the file).
  void run_nested_until(event_state& s) {
    std::unique_lock lock(m_mutex);
    while (!s.complete()) {
      if (s.launched()) {
        lock.unlock();
        return s.wait();
      }
      const bool queued = std::any_of(m_queue.begin(), m_queue.end(), [&](const command& c) { return c.done.get() == &s; });
      const auto next = std::find_if(m_queue.begin(), m_queue.end(), [](const command& c) {
        return std::all_of(c.dependencies.begin(), c.dependencies.end(), [](const auto& d) { return d->complete(); });
      });
      if (queued && next == m_queue.end() && blocked_by_other_thread()) {
        m_progress_cv.wait(lock);
        continue;
      }
      if (!queued || next == m_queue.end())
        throw exception(errc::invalid,
                        "a command (a host task?) waits for a command that cannot run before it ends: itself, or "
                        "one that depends on it, directly or through an in-order queue");
      run(lock, next);
    }
  }

  /// Whether a queued command waits for a host accessor another thread holds (it ends).
  bool blocked_by_other_thread() const {
    const auto me = std::this_thread::get_id();
    for (const auto& c : m_queue)
      for (const auto& d : c.dependencies)
        if (d->holder != std::thread::id{} && d->holder != me && !d->complete()) return true;
    return false;
  }

  static inline thread_local bool t_running_command = false;

  std::mutex m_mutex;
  std::condition_variable m_worker_cv;  // the worker is armed, or stop
  bool m_worker_armed = false;
  std::chrono::steady_clock::time_point m_last_submission{};
  std::condition_variable m_progress_cv;  // a command finished
  std::deque<command> m_queue;
  bool m_running = false;
  bool m_stop = false;
  std::thread m_worker;
};

}  // namespace cohort::detail
