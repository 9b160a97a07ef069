// SPDX-License-Identifier: MIT
#pragma once
#include <functional>
#include <memory>
#include <mutex>
#include <type_traits>
#include <vector>

#include <cohort/runtime/context.hpp>
#include <cohort/runtime/executor.hpp>
#include <cohort/runtime/handler.hpp>
#include <cohort/runtime/selector.hpp>

namespace cohort {

/// Submits commands to one device (as `sycl::queue`). Submission returns at once; the
/// command runs on the runtime's executor. Copies share state.
class queue {
public:
  explicit queue(const property_list& props = {}) : queue(device{}, async_handler{}, props) {}
  explicit queue(const async_handler& h, const property_list& props = {}) : queue(device{}, h, props) {}
  template <typename Selector, typename = std::enable_if_t<std::is_invocable_r_v<int, Selector, const device&>>>
  explicit queue(const Selector& s, const property_list& props = {}) : queue(device{s}, async_handler{}, props) {}
  template <typename Selector, typename = std::enable_if_t<std::is_invocable_r_v<int, Selector, const device&>>>
  queue(const Selector& s, const async_handler& h, const property_list& props = {}) : queue(device{s}, h, props) {}
  explicit queue(const device& d, const property_list& props = {}) : queue(d, async_handler{}, props) {}
  queue(const device& d, const async_handler& h, const property_list& props = {})
      : m_state(std::make_shared<state>(d, h, props)) {}

  device get_device() const { return m_state->dev; }
  context get_context() const { return context(m_state->dev); }
  bool is_in_order() const { return m_state->props.has_property<property::queue::in_order>(); }
  template <typename P>
  bool has_property() const {
    return m_state->props.has_property<P>();
  }

  /// Runs `cgf(handler&)` now to record one command, then queues it.
  template <typename CommandGroup>
  event submit(CommandGroup&& cgf) {
    handler h(m_state->dev);
    std::forward<CommandGroup>(cgf)(h);
    return enqueue(h);
  }

  /// Returns when every command submitted to this queue before the call has completed.
  void wait() {
    std::vector<std::shared_ptr<detail::event_state>> pending;
    {
      std::lock_guard lock(m_state->mutex);
      pending = m_state->pending;
    }
    for (auto& p : pending) event(std::move(p)).wait();
  }
  void wait_and_throw() {
    wait();
    throw_asynchronous();
  }
  void throw_asynchronous() { m_state->errors->flush(); }

  // Shortcuts (SYCL 2020 queue shortcuts), each optionally after dependencies.
  template <typename T, typename Kernel>
  event parallel_for(T r, const Kernel& k) {
    return submit([&](handler& h) { h.parallel_for(r, k); });
  }
  template <typename T, typename Kernel>
  event parallel_for(T r, event dep, const Kernel& k) {
    return submit([&](handler& h) {
      h.depends_on(dep);
      h.parallel_for(r, k);
    });
  }
  template <typename T, typename Kernel>
  event parallel_for(T r, const std::vector<event>& deps, const Kernel& k) {
    return submit([&](handler& h) {
      h.depends_on(deps);
      h.parallel_for(r, k);
    });
  }
  template <int D, typename Props, typename Kernel, typename = std::enable_if_t<is_kernel_properties<Props>::value>>
  event parallel_for(nd_range<D> r, Props p, const Kernel& k) {
    return submit([&](handler& h) { h.parallel_for(r, p, k); });
  }
  /// Scoped parallelism shortcut (as AdaptiveCpp's queue::parallel).
  template <int D, typename Kernel>
  event parallel(range<D> num_groups, range<D> group_size, const Kernel& k) {
    return submit([&](handler& h) { h.parallel(num_groups, group_size, k); });
  }
  template <int D, typename Kernel>
  event parallel(range<D> num_groups, range<D> group_size, const std::vector<event>& deps, const Kernel& k) {
    return submit([&](handler& h) {
      h.depends_on(deps);
      h.parallel(num_groups, group_size, k);
    });
  }
  template <typename Kernel>
  event single_task(const Kernel& k) {
    return submit([&](handler& h) { h.single_task(k); });
  }
  template <typename Kernel>
  event single_task(event dep, const Kernel& k) {
    return submit([&](handler& h) {
      h.depends_on(dep);
      h.single_task(k);
    });
  }
  event memcpy(void* dest, const void* src, std::size_t bytes, const std::vector<event>& deps = {}) {
    return submit([&](handler& h) {
      h.depends_on(deps);
      h.memcpy(dest, src, bytes);
    });
  }
  template <typename T>
  event copy(const T* src, T* dest, std::size_t count, const std::vector<event>& deps = {}) {
    return memcpy(dest, src, detail::checked_bytes<T>(count, errc::invalid, "copy"), deps);
  }
  event memset(void* ptr, int value, std::size_t bytes, const std::vector<event>& deps = {}) {
    return submit([&](handler& h) {
      h.depends_on(deps);
      h.memset(ptr, value, bytes);
    });
  }
  template <typename T>
  event fill(void* ptr, const T& pattern, std::size_t count, const std::vector<event>& deps = {}) {
    return submit([&](handler& h) {
      h.depends_on(deps);
      h.fill(ptr, pattern, count);
    });
  }

  friend bool operator==(const queue& a, const queue& b) { return a.m_state == b.m_state; }

private:
  struct state {
    state(const device& d, const async_handler& h, const property_list& p)
        : dev(d), props(p), errors(std::make_shared<detail::async_error_sink>()) {
      errors->handler = h;
    }
    device dev;
    property_list props;
    std::shared_ptr<detail::async_error_sink> errors;
    std::mutex mutex;
    /// Commands submitted and perhaps not complete (completed ones are dropped as the list
    /// grows). Not just the last one: commands do not always complete in submission order
    /// (a host task waiting for a later command runs it first), and two threads may queue
    /// their commands in the other order than they took their turn here.
    std::vector<std::shared_ptr<detail::event_state>> pending;
    std::size_t pending_after_pruning = 0;
    std::shared_ptr<detail::event_state> last;  // for in-order queues
  };

  event enqueue(handler& h) {
    auto done = std::make_shared<detail::event_state>();
    done->profiling = m_state->props.has_property<property::queue::enable_profiling>();
    done->errors = m_state->errors;
    done->submit_ns = detail::now_ns();
    detail::command c{std::move(h.m_work), done, std::move(h.m_dependencies)};
    if (!c.work) c.work = [] {};  // an empty command group still orders later work
    std::lock_guard lock(m_state->mutex);
    if (is_in_order() && m_state->last && !m_state->last->complete()) c.dependencies.push_back(m_state->last);
    m_state->last = done;
    auto& pending = m_state->pending;
    if (pending.size() >= 2 * m_state->pending_after_pruning + 16) {
      std::erase_if(pending, [](const auto& p) { return p->complete(); });
      m_state->pending_after_pruning = pending.size();
    }
    pending.push_back(done);
    // Queued under the queue's lock, so this queue's commands reach the executor in the
    // order they were recorded here.
    detail::executor::instance().submit(std::move(c));
    return event(done);
  }

  std::shared_ptr<state> m_state;
};

}  // namespace cohort
