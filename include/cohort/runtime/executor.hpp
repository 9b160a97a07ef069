// SPDX-License-Identifier: MIT
#pragma once
// Runs submitted commands asynchronously on one worker thread per process, in submission
// order. One worker keeps one OpenMP team warm for every queue, and commands of one queue
// stay ordered; commands wait for their dependencies before they start.
#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include <cohort/runtime/event.hpp>

namespace cohort::detail {

struct command {
  std::function<void()> work;
  std::shared_ptr<event_state> done;
  std::vector<std::shared_ptr<event_state>> dependencies;
};

class executor {
public:
  static executor& instance() {
    static executor e;
    return e;
  }

  void submit(command c) {
    {
      std::lock_guard lock(m_mutex);
      m_queue.push_back(std::move(c));
    }
    m_cv.notify_one();
  }

  /// True on the worker thread (a command that submits more work must not wait for it).
  bool on_worker() const { return std::this_thread::get_id() == m_worker.get_id(); }

  ~executor() {
    {
      std::lock_guard lock(m_mutex);
      m_stop = true;
    }
    m_cv.notify_one();
    if (m_worker.joinable()) m_worker.join();
  }

private:
  executor() : m_worker([this] { loop(); }) {}

  void loop() {
    for (;;) {
      command c;
      {
        std::unique_lock lock(m_mutex);
        m_cv.wait(lock, [&] { return m_stop || !m_queue.empty(); });
        if (m_queue.empty()) return;
        c = std::move(m_queue.front());
        m_queue.pop_front();
      }
      for (auto& d : c.dependencies) d->wait();
      c.done->set_running();
      try {
        c.work();
      } catch (...) {
        if (c.done->errors) c.done->errors->report(std::current_exception());
      }
      c.done->set_complete();
    }
  }

  std::mutex m_mutex;
  std::condition_variable m_cv;
  std::deque<command> m_queue;
  bool m_stop = false;
  std::thread m_worker;
};

}  // namespace cohort::detail
