// SPDX-License-Identifier: MIT
#pragma once
#include <memory>
#include <type_traits>
#include <vector>

#include <cohort/runtime/context.hpp>
#include <cohort/runtime/commands.hpp>
#include <cohort/runtime/handler.hpp>
#include <cohort/runtime/selector.hpp>

namespace cohort {

/// Submits commands to one device (as `sycl::queue`). Submission returns at once; the
/// command runs on the runtime's executor. Copies share state.
class queue {
public:
  // The constructors that are not templates are compiled in src/queue.cpp.
  explicit queue(const property_list& props = {});
  explicit queue(const async_handler& h, const property_list& props = {});
  template <typename Selector, typename = std::enable_if_t<std::is_invocable_r_v<int, Selector, const device&>>>
  explicit queue(const Selector& s, const property_list& props = {}) : queue(device{s}, props) {}
  template <typename Selector, typename = std::enable_if_t<std::is_invocable_r_v<int, Selector, const device&>>>
  queue(const Selector& s, const async_handler& h, const property_list& props = {}) : queue(device{s}, h, props) {}
  explicit queue(const device& d, const property_list& props = {});
  queue(const device& d, const async_handler& h, const property_list& props = {});

  device get_device() const { return m_device; }
  context get_context() const { return context(m_device); }
  bool is_in_order() const { return m_props.has_property<property::queue::in_order>(); }
  template <typename P>
  bool has_property() const {
    return m_props.has_property<P>();
  }

  /// Runs `cgf(handler&)` now to record one command, then queues it.
  template <typename CommandGroup>
  event submit(CommandGroup&& cgf) {
    handler h(m_device, detail::native_queue(*m_state));
    std::forward<CommandGroup>(cgf)(h);
    if (!h.m_requirements.empty())
      return event(detail::enqueue_with_buffers(*m_state, std::move(h.m_work), std::move(h.m_dependencies),
                                                !h.m_host_task, h.m_requirements));
    return event(detail::enqueue(*m_state, std::move(h.m_work), std::move(h.m_dependencies), !h.m_host_task));
  }

  /// Returns when every command submitted to this queue before the call has completed.
  void wait() { detail::wait(*m_state); }
  void wait_and_throw() {
    wait();
    throw_asynchronous();
  }
  void throw_asynchronous() { detail::throw_asynchronous(*m_state); }

  // Shortcuts (SYCL 2020 queue shortcuts), each optionally after dependencies, each with an
  // optional kernel name first (see kernel_name.hpp).
  // The kernel shortcuts carry detail::launchable_here in their names as the handler's
  // launching members do (see backend/list.hpp).
  template <typename KernelName = detail::unnamed_kernel, typename T, typename Kernel,
            typename Here = detail::launchable_here>
  event parallel_for(T r, const Kernel& k) {
    return submit([&](handler& h) { h.parallel_for<KernelName>(r, k); });
  }
  template <typename KernelName = detail::unnamed_kernel, typename T, typename Kernel,
            typename Here = detail::launchable_here>
  event parallel_for(T r, event dep, const Kernel& k) {
    return submit([&](handler& h) {
      h.depends_on(dep);
      h.parallel_for<KernelName>(r, k);
    });
  }
  template <typename KernelName = detail::unnamed_kernel, typename T, typename Kernel,
            typename Here = detail::launchable_here>
  event parallel_for(T r, const std::vector<event>& deps, const Kernel& k) {
    return submit([&](handler& h) {
      h.depends_on(deps);
      h.parallel_for<KernelName>(r, k);
    });
  }

  // ---- Reductions (SYCL 2020 section 4.9.2): parallel_for(range or nd_range, reduction...,
  // kernel), optionally after dependencies. ----
  template <typename KernelName = detail::unnamed_kernel, typename T, typename First, typename... Rest,
            typename = std::enable_if_t<detail::is_reduction_v<First>>, typename Here = detail::launchable_here>
  event parallel_for(T r, const First& first, const Rest&... rest) {
    return submit([&](handler& h) { h.parallel_for<KernelName>(r, first, rest...); });
  }
  template <typename KernelName = detail::unnamed_kernel, typename T, typename First, typename... Rest,
            typename = std::enable_if_t<detail::is_reduction_v<First>>, typename Here = detail::launchable_here>
  event parallel_for(T r, event dep, const First& first, const Rest&... rest) {
    return submit([&](handler& h) {
      h.depends_on(dep);
      h.parallel_for<KernelName>(r, first, rest...);
    });
  }
  template <typename KernelName = detail::unnamed_kernel, typename T, typename First, typename... Rest,
            typename = std::enable_if_t<detail::is_reduction_v<First>>, typename Here = detail::launchable_here>
  event parallel_for(T r, const std::vector<event>& deps, const First& first, const Rest&... rest) {
    return submit([&](handler& h) {
      h.depends_on(deps);
      h.parallel_for<KernelName>(r, first, rest...);
    });
  }
  // ---- end of the reductions ----

  // ---- Kernel properties (sycl_ext_oneapi_kernel_properties): the properties come right
  // before the kernel, after any dependencies. ----
  template <typename KernelName = detail::unnamed_kernel, typename T, typename Props, typename Kernel,
            typename = std::enable_if_t<is_kernel_properties<Props>::value>, typename Here = detail::launchable_here>
  event parallel_for(T r, Props p, const Kernel& k) {
    return submit([&](handler& h) { h.parallel_for<KernelName>(r, p, k); });
  }
  template <typename KernelName = detail::unnamed_kernel, typename T, typename Props, typename Kernel,
            typename = std::enable_if_t<is_kernel_properties<Props>::value>, typename Here = detail::launchable_here>
  event parallel_for(T r, event dep, Props p, const Kernel& k) {
    return submit([&](handler& h) {
      h.depends_on(dep);
      h.parallel_for<KernelName>(r, p, k);
    });
  }
  template <typename KernelName = detail::unnamed_kernel, typename T, typename Props, typename Kernel,
            typename = std::enable_if_t<is_kernel_properties<Props>::value>, typename Here = detail::launchable_here>
  event parallel_for(T r, const std::vector<event>& deps, Props p, const Kernel& k) {
    return submit([&](handler& h) {
      h.depends_on(deps);
      h.parallel_for<KernelName>(r, p, k);
    });
  }
  template <typename KernelName = detail::unnamed_kernel, typename Props, typename Kernel,
            typename = std::enable_if_t<is_kernel_properties<Props>::value>, typename Here = detail::launchable_here>
  event single_task(Props p, const Kernel& k) {
    return submit([&](handler& h) { h.single_task<KernelName>(p, k); });
  }
  template <typename KernelName = detail::unnamed_kernel, typename Props, typename Kernel,
            typename = std::enable_if_t<is_kernel_properties<Props>::value>, typename Here = detail::launchable_here>
  event single_task(event dep, Props p, const Kernel& k) {
    return submit([&](handler& h) {
      h.depends_on(dep);
      h.single_task<KernelName>(p, k);
    });
  }
  template <typename KernelName = detail::unnamed_kernel, typename Props, typename Kernel,
            typename = std::enable_if_t<is_kernel_properties<Props>::value>, typename Here = detail::launchable_here>
  event single_task(const std::vector<event>& deps, Props p, const Kernel& k) {
    return submit([&](handler& h) {
      h.depends_on(deps);
      h.single_task<KernelName>(p, k);
    });
  }
  // ---- end of the kernel-property shortcuts ----

  /// Scoped parallelism shortcut (as AdaptiveCpp's queue::parallel).
  template <typename KernelName = detail::unnamed_kernel, int D, typename Kernel,
            typename Here = detail::launchable_here>
  event parallel(range<D> num_groups, range<D> group_size, const Kernel& k) {
    return submit([&](handler& h) { h.parallel<KernelName>(num_groups, group_size, k); });
  }
  template <typename KernelName = detail::unnamed_kernel, int D, typename Kernel,
            typename Here = detail::launchable_here>
  event parallel(range<D> num_groups, range<D> group_size, const std::vector<event>& deps, const Kernel& k) {
    return submit([&](handler& h) {
      h.depends_on(deps);
      h.parallel<KernelName>(num_groups, group_size, k);
    });
  }
  template <typename KernelName = detail::unnamed_kernel, typename Kernel, typename Here = detail::launchable_here>
  event single_task(const Kernel& k) {
    return submit([&](handler& h) { h.single_task<KernelName>(k); });
  }
  template <typename KernelName = detail::unnamed_kernel, typename Kernel, typename Here = detail::launchable_here>
  event single_task(event dep, const Kernel& k) {
    return submit([&](handler& h) {
      h.depends_on(dep);
      h.single_task<KernelName>(k);
    });
  }
  template <typename KernelName = detail::unnamed_kernel, typename Kernel, typename Here = detail::launchable_here>
  event single_task(const std::vector<event>& deps, const Kernel& k) {
    return submit([&](handler& h) {
      h.depends_on(deps);
      h.single_task<KernelName>(k);
    });
  }
  event memcpy(void* dest, const void* src, std::size_t bytes, const std::vector<event>& deps = {});
  template <typename T>
  event copy(const T* src, T* dest, std::size_t count, const std::vector<event>& deps = {}) {
    return memcpy(dest, src, detail::checked_bytes<T>(count, errc::invalid, "copy"), deps);
  }
  event memset(void* ptr, int value, std::size_t bytes, const std::vector<event>& deps = {});
  template <typename T>
  event fill(void* ptr, const T& pattern, std::size_t count, const std::vector<event>& deps = {}) {
    return submit([&](handler& h) {
      h.depends_on(deps);
      h.fill(ptr, pattern, count);
    });
  }

  // ---- USM hints (SYCL 2020 queue shortcuts; see handler::prefetch and handler::mem_advise) ----
  event prefetch(const void* ptr, std::size_t bytes) {
    return submit([&](handler& h) { h.prefetch(ptr, bytes); });
  }
  event prefetch(const void* ptr, std::size_t bytes, event dep) {
    return submit([&](handler& h) {
      h.depends_on(dep);
      h.prefetch(ptr, bytes);
    });
  }
  event prefetch(const void* ptr, std::size_t bytes, const std::vector<event>& deps) {
    return submit([&](handler& h) {
      h.depends_on(deps);
      h.prefetch(ptr, bytes);
    });
  }
  event mem_advise(const void* ptr, std::size_t bytes, int advice) {
    return submit([&](handler& h) { h.mem_advise(ptr, bytes, advice); });
  }
  event mem_advise(const void* ptr, std::size_t bytes, int advice, event dep) {
    return submit([&](handler& h) {
      h.depends_on(dep);
      h.mem_advise(ptr, bytes, advice);
    });
  }
  event mem_advise(const void* ptr, std::size_t bytes, int advice, const std::vector<event>& deps) {
    return submit([&](handler& h) {
      h.depends_on(deps);
      h.mem_advise(ptr, bytes, advice);
    });
  }
  // ---- end of the USM hints ----

  friend bool operator==(const queue& a, const queue& b) { return a.m_state == b.m_state; }

  /// Runtime internals: what the device-wide algorithms keep per queue (their scratch
  /// memory, algorithm/temporary_storage.hpp), made by `make(*this)` on the first call and
  /// shared by every copy of this queue.
  std::shared_ptr<void> algorithm_cache(std::shared_ptr<void> (*make)(const queue&)) const;

  /// Runtime internals: the native queue for get_native (runtime/interop.hpp); throws
  /// errc::backend_mismatch unless the device belongs to `b`.
  void* native_handle(backend b) const;

private:
  device m_device;
  property_list m_props;
  std::shared_ptr<detail::queue_state> m_state;
};

}  // namespace cohort
