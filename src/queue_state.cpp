// SPDX-License-Identifier: MIT
// A queue's shared state: the commands it submitted that may not be complete, and where
// their asynchronous errors go.
#include <mutex>

#include "event_state.hpp"
#include "executor.hpp"

namespace cohort::detail {

struct queue_state {
  bool in_order = false, profiling = false;
  std::shared_ptr<async_error_sink> errors = std::make_shared<async_error_sink>();
  std::mutex mutex;
  /// Commands submitted and perhaps not complete (completed ones are dropped as the list
  /// grows). Not just the last one: commands do not always complete in submission order
  /// (a host task waiting for a later command runs it first), and two threads may queue
  /// their commands in the other order than they took their turn here.
  std::vector<event_handle> pending;
  std::size_t pending_after_pruning = 0;
  event_handle last;  // for in-order queues
};

std::shared_ptr<queue_state> make_queue_state(const async_handler& handler, bool in_order, bool profiling) {
  auto q = std::make_shared<queue_state>();
  q->errors->handler = handler;
  q->in_order = in_order;
  q->profiling = profiling;
  return q;
}

event_handle enqueue(queue_state& q, std::function<void()> work, std::vector<event_handle> dependencies) {
  auto done = std::make_shared<event_state>();
  done->profiling = q.profiling;
  done->errors = q.errors;
  done->submit_ns = now_ns();
  command c{std::move(work), done, std::move(dependencies)};
  if (!c.work) c.work = [] {};  // an empty command group still orders later work
  std::lock_guard lock(q.mutex);
  if (q.in_order && q.last && !q.last->complete()) c.dependencies.push_back(q.last);
  q.last = done;
  if (q.pending.size() >= 2 * q.pending_after_pruning + 16) {
    std::erase_if(q.pending, [](const auto& p) { return p->complete(); });
    q.pending_after_pruning = q.pending.size();
  }
  q.pending.push_back(done);
  // Queued under the queue's lock, so this queue's commands reach the executor in the
  // order they were recorded here.
  executor::instance().submit(std::move(c));
  return done;
}

void wait(queue_state& q) {
  std::vector<event_handle> pending;
  {
    std::lock_guard lock(q.mutex);
    pending = q.pending;
  }
  for (auto& p : pending) wait_for(*p);
}

void throw_asynchronous(queue_state& q) { q.errors->flush(); }

}  // namespace cohort::detail
