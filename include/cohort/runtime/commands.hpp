// SPDX-License-Identifier: MIT
#pragma once
// What the compiled part of the runtime (src/) offers the headers: commands and their
// events, a queue's shared state, and the list of devices. Their state lives behind these
// calls, so a user's translation unit never parses the executor's threads and locks.
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include <cohort/core/exception.hpp>
#include <cohort/runtime/info.hpp>

namespace cohort::detail {

struct device_description;
struct event_state;  // a command's status, profiling times and error sink (src/event_state.hpp)
struct queue_state;  // a queue's commands not known complete and its error sink (src/queue_state.cpp)

using event_handle = std::shared_ptr<event_state>;

/// Every device of every backend compiled in, CPU first; computed once.
const std::vector<device_description>& device_registry();

/// An event that is already complete (a default-constructed `event`).
event_handle make_complete_event();
/// Returns once the command is complete; the calling thread may run queued commands meanwhile.
void wait_for(event_state& e);
info::event_command_status status_of(event_state& e);
/// Waits for the command and gives its submit, start and end times in ns; errc::invalid
/// unless its queue was created with property::queue::enable_profiling.
struct profiling_times {
  std::uint64_t submit, start, end;
};
profiling_times profiling_of(event_state& e);
/// Passes the errors of the command's queue nobody retrieved to its async_handler, or
/// rethrows the first.
void throw_asynchronous(event_state& e);

std::shared_ptr<queue_state> make_queue_state(const device_description& d, const async_handler& handler,
                                              bool in_order, bool profiling);
/// The backend's handle that the queue's kernels launch on (a cudaStream_t); null for the CPU.
void* native_queue(const queue_state& q);
/// Queues `work` to run after `dependencies` (and, in an in-order queue, after the queue's
/// previous command); returns at once. `on_device`: the work hands its command to the
/// queue's device (a kernel launch or copy on native_queue(q)) rather than running it on
/// the host (a host task, or any command of a CPU queue).
event_handle enqueue(queue_state& q, std::function<void()> work, std::vector<event_handle> dependencies,
                     bool on_device);
/// Returns when every command submitted to the queue so far has completed.
void wait(queue_state& q);
void throw_asynchronous(queue_state& q);

}  // namespace cohort::detail
