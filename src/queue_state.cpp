// SPDX-License-Identifier: MIT
// A queue's shared state: the commands it submitted that may not be complete, and where
// their asynchronous errors go.
#include <algorithm>
#include <mutex>

#include "device_queue.hpp"
#include "event_state.hpp"
#include "executor.hpp"

namespace cohort::detail {

struct queue_state {
  bool in_order = false, profiling = false;
  std::shared_ptr<async_error_sink> errors = std::make_shared<async_error_sink>();
  std::shared_ptr<device_queue> device;  // null for the CPU
  std::mutex mutex;
  /// Commands submitted and perhaps not complete (completed ones are dropped as the list
  /// grows). Not just the last one: commands do not always complete in submission order
  /// (a host task waiting for a later command runs it first), and two threads may queue
  /// their commands in the other order than they took their turn here.
  std::vector<event_handle> pending;
  std::size_t pending_after_pruning = 0;
  event_handle last;  // for in-order queues
  std::shared_ptr<void> algorithm_cache;
};

std::shared_ptr<void>& algorithm_cache_of(queue_state& q, std::unique_lock<std::mutex>& lock) {
  lock = std::unique_lock(q.mutex);
  return q.algorithm_cache;
}

std::shared_ptr<queue_state> make_queue_state(const device_description& d, const async_handler& handler,
                                              bool in_order, bool profiling) {
  auto q = std::make_shared<queue_state>();
  q->errors->handler = handler;
  q->in_order = in_order;
  q->profiling = profiling;
  q->device = make_device_queue(d);
  return q;
}

void* native_queue(const queue_state& q) { return q.device ? q.device->native() : nullptr; }

namespace {

/// Drops the known-complete commands from `q.pending` once it has doubled since the last
/// time. With q.mutex held.
void prune_pending(queue_state& q) {
  if (q.pending.size() < 2 * q.pending_after_pruning + 16) return;
  // A finished command near the newest, looked for 1, 2, 4, ... back: a device that
  // completes its commands in order then answers for every older one without being asked
  // (a CUDA event query costs more than a launch).
  const std::size_t size = q.pending.size();
  for (std::size_t back = 1; back <= size; back *= 2) {
    if (!q.pending[size - back]->complete()) continue;
    for (std::size_t i = 0; i < size - back; ++i) q.pending[i]->complete();
    break;
  }
  std::erase_if(q.pending, [](const auto& p) { return p->complete_known(); });
  q.pending_after_pruning = q.pending.size();
}

std::shared_ptr<event_state> new_event(const queue_state& q, std::uint64_t submit_ns) {
  auto done = std::make_shared<event_state>();
  done->profiling = q.profiling;
  done->errors = q.errors;
  done->submit_ns = submit_ns;
  return done;
}

}  // namespace

event_handle enqueue(queue_state& q, std::function<void()> work, std::vector<event_handle> dependencies,
                     bool on_device) {
  const std::uint64_t submit_ns = q.profiling ? now_ns() : 0;
  if (!work) work = [] {};  // an empty command group still orders later work
  std::lock_guard lock(q.mutex);
  // Whether the last command is known to be complete, without asking its device (a CUDA
  // event query costs more than a launch): depending on a complete command costs nothing.
  if (q.in_order && q.last && !q.last->complete_known()) dependencies.push_back(q.last);
  if (on_device && q.device &&
      std::all_of(dependencies.begin(), dependencies.end(), [](const auto& d) { return d->launched(); })) {
    // Launched now, as every dependency is on a device already (the device orders them),
    // and under the queue's lock, so this queue's commands reach the device in the order
    // they were recorded here. The launch comes first and the bookkeeping after it, while
    // the device runs the command: a short command's time then holds only the launch's.
    std::unique_ptr<device_completion> launched = q.device->launch(work, dependencies, q.profiling);
    auto done = new_event(q, submit_ns);
    done->set_running();
    done->set_launched(std::move(launched));
    q.last = done;
    prune_pending(q);
    q.pending.push_back(done);
    return done;
  }
  auto done = new_event(q, submit_ns);
  command c{std::move(work), done, std::move(dependencies)};
  q.last = done;
  prune_pending(q);
  q.pending.push_back(done);
  if (on_device && q.device) {
    // A dependency waits for a host command: the launch goes through the executor like any
    // command.
    c.work = [device = q.device, work = std::move(c.work), deps = c.dependencies, done, profiling = q.profiling] {
      done->set_launched(device->launch(work, deps, profiling));
    };
  }
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
