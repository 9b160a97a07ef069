// SPDX-License-Identifier: MIT
#pragma once
// The command-group handler: validates a kernel launch at submission (synchronous errors)
// and packs it into one command that the executor runs later on the device's backend.
#include <cstring>
#include <functional>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include <cohort/backend/kernel_hook_definitions.hpp>
#include <cohort/backend/list.hpp>
#include <cohort/core/nd_range.hpp>
#include <cohort/detail/checked_size.hpp>
#include <cohort/runtime/device.hpp>
#include <cohort/runtime/event.hpp>
#include <cohort/runtime/kernel_name.hpp>
#include <cohort/runtime/local_accessor.hpp>
#include <cohort/runtime/properties.hpp>

namespace cohort {

class queue;

class handler {
public:
  handler(const handler&) = delete;
  handler& operator=(const handler&) = delete;

  // Each launching member takes a kernel name first, as SYCL's do (see kernel_name.hpp).

  /// Basic data-parallel kernel: `kernel(item<D>)` or `kernel(id<D>)` for every point.
  template <typename KernelName = detail::unnamed_kernel, int D, typename Kernel,
            typename Here = detail::launchable_here>
  void parallel_for(range<D> r, const Kernel& kernel) {
    reject_local_memory("parallel_for(range)");
    detail::checked_size(r, errc::nd_range, "parallel_for(range)");
    set_work([r, kernel, b = m_device.get_backend(), native = m_native] {
      detail::visit_backend<Here>(b, native, [&](auto launcher) { launcher.parallel_for(r, kernel); });
    });
  }
  template <typename KernelName = detail::unnamed_kernel, typename Kernel, typename Here = detail::launchable_here>
  void parallel_for(std::size_t n, const Kernel& kernel) {
    parallel_for<KernelName, 1, Kernel, Here>(range<1>{n}, kernel);
  }

  /// Work-group kernel: `kernel(nd_item<D>)`.
  template <typename KernelName = detail::unnamed_kernel, int D, typename Kernel,
            typename Here = detail::launchable_here>
  void parallel_for(nd_range<D> r, const Kernel& kernel) {
    parallel_for<KernelName, D, properties<>, Kernel, void, Here>(r, properties<>{}, kernel);
  }
  template <typename KernelName = detail::unnamed_kernel, int D, typename Props, typename Kernel,
            typename = std::enable_if_t<is_kernel_properties<Props>::value>, typename Here = detail::launchable_here>
  void parallel_for(nd_range<D> r, Props, const Kernel& kernel) {
    const std::uint32_t sg = resolve_sub_group_size(Props::required_sub_group_size());
    check_required_work_group_size<Props>(r.get_local_range());
    check_work_groups<D>(r.get_local_range(), "parallel_for(nd_range)");
    detail::checked_size(r.get_global_range(), errc::nd_range, "parallel_for(nd_range), global range");
    for (int d = 0; d < D; ++d)
      if (r.get_global_range()[d] % r.get_local_range()[d] != 0)
        throw exception(errc::nd_range, "parallel_for(nd_range): global size " + std::to_string(r.get_global_range()[d]) +
                                            " is not a multiple of the local size " +
                                            std::to_string(r.get_local_range()[d]) + " in dimension " +
                                            std::to_string(d));
    check_local_memory();
    set_work([r, kernel, sg, bytes = m_local_bytes, b = m_device.get_backend(), native = m_native] {
      detail::visit_backend<Here>(b, native, [&](auto launcher) {
        launcher.parallel_for(r, bytes, sg, kernel, static_cast<const Props*>(nullptr));
      });
    });
  }

  template <typename KernelName = detail::unnamed_kernel, typename Kernel, typename Here = detail::launchable_here>
  void single_task(const Kernel& kernel) {
    reject_local_memory("single_task");
    set_work([kernel, b = m_device.get_backend(), native = m_native] {
      detail::visit_backend<Here>(b, native, [&](auto launcher) { launcher.single_task(kernel); });
    });
  }

  /// Hierarchical kernel: `kernel(group<D>)` once per group; the implementation chooses
  /// the group size: 256, 16 x 16 or 8 x 8 x 4 items.
  template <typename KernelName = detail::unnamed_kernel, int D, typename Kernel,
            typename Here = detail::launchable_here>
  void parallel_for_work_group(range<D> num_groups, const Kernel& kernel) {
    range<D> local;
    for (int d = 0; d < D; ++d) local[d] = D == 1 ? 256 : (D == 2 ? 16 : (d == 2 ? 4 : 8));
    parallel_for_work_group<KernelName, D, Kernel, Here>(num_groups, local, kernel);
  }
  template <typename KernelName = detail::unnamed_kernel, int D, typename Kernel,
            typename Here = detail::launchable_here>
  void parallel_for_work_group(range<D> num_groups, range<D> group_size, const Kernel& kernel) {
    reject_local_memory("parallel_for_work_group");
    check_work_groups<D>(group_size, "parallel_for_work_group");
    checked_items(num_groups, group_size, "parallel_for_work_group");
    set_work([num_groups, group_size, kernel, b = m_device.get_backend(), native = m_native] {
      detail::visit_backend<Here>(
          b, native, [&](auto launcher) { launcher.parallel_for_work_group(num_groups, group_size, kernel); });
    });
  }

  /// Scoped parallelism (AdaptiveCpp's v2 model): `kernel(auto group)` once per group of
  /// `group_size` logical items; the backend chooses the physical items.
  template <typename KernelName = detail::unnamed_kernel, int D, typename Kernel,
            typename Here = detail::launchable_here>
  void parallel(range<D> num_groups, range<D> group_size, const Kernel& kernel) {
    reject_local_memory("parallel (scoped)");
    for (int d = 0; d < D; ++d)
      if (group_size[d] == 0)
        throw exception(errc::nd_range, "parallel (scoped): group size 0 in dimension " + std::to_string(d));
    checked_items(num_groups, group_size, "parallel (scoped)");
    set_work([num_groups, group_size, kernel, b = m_device.get_backend(), native = m_native] {
      detail::visit_backend<Here>(b, native,
                                  [&](auto launcher) { launcher.parallel(num_groups, group_size, kernel); });
    });
  }

  void memcpy(void* dest, const void* src, std::size_t bytes);
  template <typename T>
  void copy(const T* src, T* dest, std::size_t count) {
    memcpy(dest, src, detail::checked_bytes<T>(count, errc::invalid, "copy"));
  }
  void memset(void* ptr, int value, std::size_t bytes);
  /// Fills `count` objects of type T at `ptr` with `pattern` (a copy on the device, so
  /// that it needs no kernel compiled for it).
  template <typename T>
  void fill(void* ptr, const T& pattern, std::size_t count) {
    static_assert(std::is_trivially_copyable_v<T>, "fill needs a trivially copyable pattern");
    fill_bytes(ptr, &pattern, sizeof(T), count);
  }

  /// Runs `f()` on the host once dependencies are met (as SYCL's host_task).
  template <typename F>
  void host_task(F f) {
    set_work(std::function<void()>(std::move(f)));
    m_host_task = true;
  }

  void depends_on(const event& e);
  void depends_on(const std::vector<event>& events);

  /// Runtime internals.
  std::size_t reserve_local_memory(std::size_t bytes, std::size_t alignment);
  const device& get_device() const { return m_device; }
  template <typename F>
  void set_work(F&& work) {
    if (m_work) throw exception(errc::invalid, "a command group may hold only one command");
    m_work = std::forward<F>(work);
  }

private:
  friend class queue;
  handler(const device& d, void* native_queue) : m_device(d), m_native(native_queue) {}

  void fill_bytes(void* ptr, const void* pattern, std::size_t pattern_bytes, std::size_t count);

  std::uint32_t resolve_sub_group_size(std::uint32_t requested) const;
  /// Checks that `num_groups` groups of `group_size` items can be counted.
  template <int D>
  static void checked_items(const range<D>& num_groups, const range<D>& group_size, const char* what) {
    std::size_t n;
    if (__builtin_mul_overflow(detail::checked_size(num_groups, errc::nd_range, what),
                               detail::checked_size(group_size, errc::nd_range, what), &n))
      throw exception(errc::nd_range, std::string(what) + ": the number of work-items overflows size_t");
  }
  /// A kernel compiled for one work-group size (the work_group_size property) runs with no other.
  template <typename Props, int D>
  static void check_required_work_group_size(const range<D>& local) {
    constexpr std::size_t dims = Props::required_work_group_dimensions();
    if constexpr (dims != 0) {
      static_assert(dims == D, "work_group_size<...> must have as many extents as the nd_range");
      for (int d = 0; d < D; ++d)
        if (local[d] != Props::required_work_group_extent(d))
          throw exception(errc::nd_range, "the kernel requires a work-group extent of " +
                                              std::to_string(Props::required_work_group_extent(d)) +
                                              " in dimension " + std::to_string(d) + ", the nd_range has " +
                                              std::to_string(local[d]));
    }
  }
  template <int D>
  void check_work_groups(const range<D>& local, const char* what) const {
    const auto& desc = m_device.description();
    for (int d = 0; d < D; ++d) {
      if (local[d] == 0) throw exception(errc::nd_range, std::string(what) + ": local size 0 in dimension " + std::to_string(d));
      // Per dimension first: a product of large extents can wrap around to a small one.
      if (local[d] > desc.max_work_item_sizes[3 - D + d])
        throw exception(errc::nd_range, std::string(what) + ": local size " + std::to_string(local[d]) +
                                            " exceeds the device limit " +
                                            std::to_string(desc.max_work_item_sizes[3 - D + d]) + " in dimension " +
                                            std::to_string(d));
    }
    if (local.size() > desc.max_work_group_size)
      throw exception(errc::nd_range, std::string(what) + ": work-group size " + std::to_string(local.size()) +
                                          " exceeds the device limit " + std::to_string(desc.max_work_group_size));
  }
  void check_local_memory() const;
  void reject_local_memory(const char* what) const;

  device m_device;
  void* m_native;  // the backend's queue handle (a cudaStream_t); null for the CPU
  bool m_host_task = false;
  std::function<void()> m_work;
  std::vector<detail::event_handle> m_dependencies;
  std::size_t m_local_bytes = 0;
};

inline std::size_t detail::reserve_local_memory(handler& h, std::size_t bytes, std::size_t alignment) {
  return h.reserve_local_memory(bytes, alignment);
}

}  // namespace cohort
