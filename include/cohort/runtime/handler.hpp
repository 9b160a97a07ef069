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
#include <cohort/core/device_copyable.hpp>
#include <cohort/core/nd_range.hpp>
#include <cohort/detail/checked_size.hpp>
#include <cohort/runtime/buffer_commands.hpp>
#include <cohort/runtime/buffer_fwd.hpp>
#include <cohort/runtime/device.hpp>
#include <cohort/runtime/event.hpp>
#include <cohort/runtime/kernel_name.hpp>
#include <cohort/runtime/local_accessor.hpp>
#include <cohort/runtime/properties.hpp>

namespace cohort {

class queue;
class handler;

namespace detail {
/// The handler whose launching member is copying a kernel (null otherwise): the accessors
/// the kernel captures bind to its command group then (see accessor.hpp).
inline thread_local handler* t_capturing_handler = nullptr;
class kernel_capture {
public:
  explicit kernel_capture(handler& h) : m_previous(t_capturing_handler) { t_capturing_handler = &h; }
  kernel_capture(const kernel_capture&) = delete;
  kernel_capture& operator=(const kernel_capture&) = delete;
  ~kernel_capture() { t_capturing_handler = m_previous; }

private:
  handler* m_previous;
};
/// Numbers this thread's command groups, so that an accessor knows the one it was made for.
inline std::uint64_t next_command_group_serial() {
  static thread_local std::uint64_t serial = 0;
  return ++serial;
}
/// Whether `T` is a reduction(...) (runtime/reduction.hpp specialises it).
template <typename T>
inline constexpr bool is_reduction_v = false;
template <typename... Args>
auto split_reductions(const Args&... args);
/// A box of items in memory: `extent` items of `item_bytes` at `data`, in memory laid out
/// as `memory` items (three dimensions, leading ones 1).
struct memory_box {
  void* data;
  std::size_t item_bytes;
  std::size_t extent[3];
  std::size_t memory[3];
};
}  // namespace detail

class handler {
public:
  handler(const handler&) = delete;
  ~handler();  // in src/: the members' containers are instantiated once there
  handler& operator=(const handler&) = delete;

  // Each launching member takes a kernel name first, as SYCL's do (see kernel_name.hpp).

  /// Basic data-parallel kernel: `kernel(item<D>)` or `kernel(id<D>)` for every point.
  template <typename KernelName = detail::unnamed_kernel, int D, typename Kernel,
            typename Here = detail::launchable_here>
  void parallel_for(range<D> r, const Kernel& kernel) {
    parallel_for<KernelName, D, properties<>, Kernel, void, Here>(r, properties<>{}, kernel);
  }
  template <typename KernelName = detail::unnamed_kernel, typename Kernel, typename Here = detail::launchable_here>
  void parallel_for(std::size_t n, const Kernel& kernel) {
    parallel_for<KernelName, 1, Kernel, Here>(range<1>{n}, kernel);
  }
  /// With kernel properties (sycl_ext_oneapi_kernel_properties): a `range` kernel sees no
  /// sub-group or work-group, but a sub-group size or aspect it requires is still checked.
  template <typename KernelName = detail::unnamed_kernel, int D, typename Props, typename Kernel,
            typename = std::enable_if_t<is_kernel_properties<Props>::value>, typename Here = detail::launchable_here>
  void parallel_for(range<D> r, Props, const Kernel& kernel) {
    using kernel_props = detail::kernel_properties_t<Props, Kernel>;
    check_kernel_properties<kernel_props, D>();
    reject_local_memory("parallel_for(range)");
    detail::checked_size(r, errc::nd_range, "parallel_for(range)");
    set_work([r, kernel, b = m_device.get_backend(), native = m_native] {
      detail::visit_backend<Here>(b, native, [&](auto launcher) { launcher.parallel_for(r, kernel); });
    });
  }
  template <typename KernelName = detail::unnamed_kernel, typename Props, typename Kernel,
            typename = std::enable_if_t<is_kernel_properties<Props>::value>, typename Here = detail::launchable_here>
  void parallel_for(std::size_t n, Props p, const Kernel& kernel) {
    parallel_for<KernelName, 1, Props, Kernel, void, Here>(range<1>{n}, p, kernel);
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
    // The launch's properties and the kernel functor's own (get(properties_tag)).
    using kernel_props = detail::kernel_properties_t<Props, Kernel>;
    check_kernel_properties<kernel_props, D>();
    const std::uint32_t sg = resolve_sub_group_size(kernel_props::required_sub_group_size(),
                                                    detail::default_sub_group_size_request);
    check_required_work_group_size<kernel_props>(r.get_local_range());
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
        launcher.parallel_for(r, bytes, sg, kernel, static_cast<const kernel_props*>(nullptr));
      });
    });
  }

  template <typename KernelName = detail::unnamed_kernel, typename Kernel, typename Here = detail::launchable_here>
  void single_task(const Kernel& kernel) {
    single_task<KernelName, properties<>, Kernel, void, Here>(properties<>{}, kernel);
  }
  template <typename KernelName = detail::unnamed_kernel, typename Props, typename Kernel,
            typename = std::enable_if_t<is_kernel_properties<Props>::value>, typename Here = detail::launchable_here>
  void single_task(Props, const Kernel& kernel) {
    check_kernel_properties<detail::kernel_properties_t<Props, Kernel>, 1>();
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
    parallel_for_work_group<KernelName, D, properties<>, Kernel, void, Here>(num_groups, properties<>{}, kernel);
  }
  template <typename KernelName = detail::unnamed_kernel, int D, typename Kernel,
            typename Here = detail::launchable_here>
  void parallel_for_work_group(range<D> num_groups, range<D> group_size, const Kernel& kernel) {
    parallel_for_work_group<KernelName, D, properties<>, Kernel, void, Here>(num_groups, group_size, properties<>{},
                                                                              kernel);
  }
  /// With kernel properties: a required work_group_size is the group size when none is given.
  template <typename KernelName = detail::unnamed_kernel, int D, typename Props, typename Kernel,
            typename = std::enable_if_t<is_kernel_properties<Props>::value>, typename Here = detail::launchable_here>
  void parallel_for_work_group(range<D> num_groups, Props p, const Kernel& kernel) {
    using kernel_props = detail::kernel_properties_t<Props, Kernel>;
    range<D> local;
    for (int d = 0; d < D; ++d)
      if constexpr (kernel_props::required_work_group_dimensions() == D)
        local[d] = kernel_props::required_work_group_extent(d);
      else
        local[d] = D == 1 ? 256 : (D == 2 ? 16 : (d == 2 ? 4 : 8));
    parallel_for_work_group<KernelName, D, Props, Kernel, void, Here>(num_groups, local, p, kernel);
  }
  template <typename KernelName = detail::unnamed_kernel, int D, typename Props, typename Kernel,
            typename = std::enable_if_t<is_kernel_properties<Props>::value>, typename Here = detail::launchable_here>
  void parallel_for_work_group(range<D> num_groups, range<D> group_size, Props, const Kernel& kernel) {
    using kernel_props = detail::kernel_properties_t<Props, Kernel>;
    check_kernel_properties<kernel_props, D>();
    check_required_work_group_size<kernel_props>(group_size);
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

  // ---- Reductions (SYCL 2020 section 4.9.2; runtime/reduction.hpp) ----
  /// `kernel(item<D> or id<D>, reducer&...)` with one reducer per reduction(...), which come
  /// between the range and the kernel.
  template <typename KernelName = detail::unnamed_kernel, int D, typename First, typename... Rest,
            typename = std::enable_if_t<detail::is_reduction_v<First>>, typename Here = detail::launchable_here>
  void parallel_for(range<D> r, const First& first, const Rest&... rest) {
    reject_local_memory("parallel_for(range) with reductions");
    detail::checked_size(r, errc::nd_range, "parallel_for(range) with reductions");
    auto parts = detail::split_reductions(first, rest...);
    set_work([r, pack = parts.first, kernel = parts.second, b = m_device.get_backend(), native = m_native] {
      detail::visit_backend<Here>(b, native, [&](auto launcher) { launcher.parallel_for_reduction(r, pack, kernel); });
    });
  }
  template <typename KernelName = detail::unnamed_kernel, typename First, typename... Rest,
            typename = std::enable_if_t<detail::is_reduction_v<First>>, typename Here = detail::launchable_here>
  void parallel_for(std::size_t n, const First& first, const Rest&... rest) {
    parallel_for<KernelName>(range<1>{n}, first, rest...);
  }
  /// `kernel(nd_item<D>, reducer&...)`: the work-items of a group share what the backend
  /// keeps per group or thread.
  template <typename KernelName = detail::unnamed_kernel, int D, typename First, typename... Rest,
            typename = std::enable_if_t<detail::is_reduction_v<First>>, typename Here = detail::launchable_here>
  void parallel_for(nd_range<D> r, const First& first, const Rest&... rest) {
    const std::uint32_t sg = resolve_sub_group_size(0, detail::default_sub_group_size_request);
    check_work_groups<D>(r.get_local_range(), "parallel_for(nd_range) with reductions");
    detail::checked_size(r.get_global_range(), errc::nd_range, "parallel_for(nd_range) with reductions, global range");
    for (int d = 0; d < D; ++d)
      if (r.get_global_range()[d] % r.get_local_range()[d] != 0)
        throw exception(errc::nd_range, "parallel_for(nd_range) with reductions: global size " +
                                            std::to_string(r.get_global_range()[d]) +
                                            " is not a multiple of the local size " +
                                            std::to_string(r.get_local_range()[d]) + " in dimension " +
                                            std::to_string(d));
    check_local_memory();
    auto parts = detail::split_reductions(first, rest...);
    set_work([r, pack = parts.first, kernel = parts.second, sg, bytes = m_local_bytes, b = m_device.get_backend(), native = m_native] {
      detail::visit_backend<Here>(
          b, native, [&](auto launcher) { launcher.parallel_for_reduction(r, bytes, sg, pack, kernel); });
    });
  }
  // ---- end of the reductions ----

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
    static_assert(is_device_copyable_v<T>, "fill: the pattern's type must be device copyable");
    fill_bytes(ptr, &pattern, sizeof(T), count);
  }

  /// Runs `f()` on the host once dependencies are met (as SYCL's host_task).
  template <typename F>
  void host_task(F f) {
    check_host_task_accessors();
    detail::kernel_capture capture(*this);
    set_work(std::function<void()>(std::move(f)));
    m_host_task = true;
  }

  void depends_on(const event& e);
  void depends_on(const std::vector<event>& events);

  /// Runtime internals.
  std::size_t reserve_local_memory(std::size_t bytes, std::size_t alignment);
  const device& get_device() const { return m_device; }
  /// Stores the command. Storing copies the kernel, and the accessors it captured bind to
  /// this command group then.
  template <typename F>
  void set_work(F&& work) {
    if (m_work) throw exception(errc::invalid, "a command group may hold only one command");
    detail::kernel_capture capture(*this);
    m_work = std::forward<F>(work);
    if (m_has_streams) attach_streams();
  }

  // ---- Buffers ----
  /// Registers a placeholder accessor with this command group.
  template <typename T, int D, access_mode M, target Tg, access::placeholder P>
  void require(accessor<T, D, M, Tg, P> acc) {
    if (!acc.buffer_state()) throw exception(errc::accessor, "handler::require: an empty accessor");
    acc.bind(*this);
  }
  /// Copies between an accessor's range and host memory (dense, in the accessor's shape), or
  /// between two accessors (dest must have at least as many items as src).
  template <typename T, int D, access_mode M, target Tg, access::placeholder P, typename U>
  void copy(accessor<T, D, M, Tg, P> src, U* dest) {
    static_assert(sizeof(U) == sizeof(T) && !std::is_const_v<U>, "copy to a pointer of another item size, or const");
    if (!dest && src.size() != 0) throw exception(errc::invalid, "copy from an accessor to a null pointer");
    bound(src);
    copy_boxes(box_of(src), dense_box(dest, src.get_range(), sizeof(T)), nullptr);
  }
  template <typename T, int D, access_mode M, target Tg, access::placeholder P, typename U>
  void copy(const U* src, accessor<T, D, M, Tg, P> dest) {
    static_assert(sizeof(U) == sizeof(T), "copy from a pointer of another item size");
    static_assert(M != access_mode::read, "copy to a read-only accessor");
    if (!src && dest.size() != 0) throw exception(errc::invalid, "copy from a null pointer to an accessor");
    bound(dest);
    copy_boxes(dense_box(src, dest.get_range(), sizeof(T)), box_of(dest), nullptr);
  }
  template <typename T, int D, access_mode M, target Tg, access::placeholder P, typename U>
  void copy(accessor<T, D, M, Tg, P> src, std::shared_ptr<U> dest) {
    static_assert(sizeof(U) == sizeof(T) && !std::is_const_v<U>, "copy to a pointer of another item size, or const");
    if (!dest && src.size() != 0) throw exception(errc::invalid, "copy from an accessor to a null pointer");
    bound(src);
    copy_boxes(box_of(src), dense_box(dest.get(), src.get_range(), sizeof(T)), dest);
  }
  template <typename T, int D, access_mode M, target Tg, access::placeholder P, typename U>
  void copy(std::shared_ptr<U> src, accessor<T, D, M, Tg, P> dest) {
    static_assert(sizeof(U) == sizeof(T), "copy from a pointer of another item size");
    static_assert(M != access_mode::read, "copy to a read-only accessor");
    if (!src && dest.size() != 0) throw exception(errc::invalid, "copy from a null pointer to an accessor");
    bound(dest);
    copy_boxes(dense_box(src.get(), dest.get_range(), sizeof(T)), box_of(dest), src);
  }
  template <typename T, int D, access_mode M, target Tg, access::placeholder P, typename U, int E, access_mode N,
            target Th, access::placeholder Q>
  void copy(accessor<T, D, M, Tg, P> src, accessor<U, E, N, Th, Q> dest) {
    static_assert(sizeof(U) == sizeof(T), "copy between accessors of another item size");
    static_assert(N != access_mode::read, "copy to a read-only accessor");
    if (dest.size() < src.size())
      throw exception(errc::invalid, "copy between accessors: the destination has " + std::to_string(dest.size()) +
                                         " items, the source " + std::to_string(src.size()));
    bound(src);
    bound(dest);
    copy_boxes(box_of(src), box_of(dest), nullptr);
  }
  /// Brings the buffer's current contents to host memory.
  template <typename T, int D, access_mode M, target Tg, access::placeholder P>
  void update_host(accessor<T, D, M, Tg, P> acc) {
    if (!acc.buffer_state()) throw exception(errc::accessor, "update_host: an empty accessor");
    require_buffer(*acc.buffer_state(), access_mode::read, false, true);
    set_work([] {});
  }
  /// Sets every item of the accessor's range to `value`.
  template <typename T, int D, access_mode M, target Tg, access::placeholder P, typename U>
  void fill(accessor<T, D, M, Tg, P> dest, const U& value) {
    static_assert(M != access_mode::read, "fill of a read-only accessor");
    const std::remove_const_t<T> pattern = value;
    bound(dest);
    fill_box(box_of(dest), &pattern);
  }

  /// Runtime internals: an accessor's use of a buffer is recorded in this command group; the
  /// buffer's memory where the command uses it. `on_host`: a host task's accessor.
  void* require_buffer(detail::buffer_state& b, access_mode mode, bool no_init, bool on_host);
  /// The memory of a buffer this command group required, null if it did not.
  void* required_data(const detail::buffer_state* b, bool on_host);
  std::uint64_t serial() const { return m_serial; }

private:
  friend class queue;
  handler(const device& d, void* native_queue);

  void fill_bytes(void* ptr, const void* pattern, std::size_t pattern_bytes, std::size_t count);

  // ---- Buffers ----
  template <typename A>
  void bound(A& acc) {
    if (!acc.buffer_state()) throw exception(errc::accessor, "an empty accessor in a copy or fill");
    acc.bind(*this);
  }
  template <typename A>
  static detail::memory_box box_of(const A& acc) {
    constexpr int D = A::dimensions;
    const auto* first = acc.buffer_origin() + detail::linearize<D>(acc.get_offset(), acc.memory_range());
    detail::memory_box b{const_cast<void*>(static_cast<const void*>(first)), sizeof(typename A::value_type),
                         {1, 1, 1}, {1, 1, 1}};
    for (int d = 0; d < D; ++d) {
      b.extent[3 - D + d] = acc.get_range()[d];
      b.memory[3 - D + d] = acc.memory_range()[d];
    }
    return b;
  }
  template <int D>
  static detail::memory_box dense_box(const void* data, const range<D>& r, std::size_t item_bytes) {
    detail::memory_box b{const_cast<void*>(data), item_bytes, {1, 1, 1}, {1, 1, 1}};
    for (int d = 0; d < D; ++d) b.extent[3 - D + d] = b.memory[3 - D + d] = r[d];
    return b;
  }
  /// Copies the items of `from` to those of `to`, both in row-major order; `keep` lives until then.
  void copy_boxes(const detail::memory_box& from, const detail::memory_box& to, std::shared_ptr<const void> keep);
  void fill_box(const detail::memory_box& to, const void* pattern);
  /// Where the device's kernels find buffers: null for host memory.
  const detail::device_description* device_place();
  /// A host task on a GPU queue cannot use accessors for the device's memory.
  void check_host_task_accessors() const;

  // ---- Kernel properties: resolved and checked at submission ----
  /// The sub-group size of an nd_range launch: `requested` by the kernel's properties, else
  /// `build_default` (COHORT_DEFAULT_SUB_GROUP_SIZE; 0: the device's default). A size the
  /// device does not list throws errc::kernel_not_supported; translation units that disagree
  /// on the build's default throw errc::invalid.
  std::uint32_t resolve_sub_group_size(std::uint32_t requested, std::uint32_t build_default) const;
  /// What every launch checks of its properties: the dimensions of a required work-group size
  /// (at compile time), a required sub-group size and the required aspects (at submission).
  template <typename Props, int D>
  void check_kernel_properties() const {
    constexpr std::size_t dims = Props::required_work_group_dimensions();
    static_assert(dims == 0 || dims == D, "work_group_size<...> must have as many extents as the launch's range");
    if constexpr (Props::required_sub_group_size() != 0)
      check_sub_group_size(Props::required_sub_group_size(), "the kernel's properties");
    if constexpr (Props::required_aspect_count() != 0)
      for (std::size_t i = 0; i < Props::required_aspect_count(); ++i) check_aspect(Props::required_aspect(i));
  }
  /// Throws errc::kernel_not_supported unless the device lists sub-group size `size`.
  void check_sub_group_size(std::uint32_t size, const char* source) const;
  /// Throws errc::kernel_not_supported unless the device has aspect `a` (device_has).
  void check_aspect(aspect a) const;
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
  std::uint64_t m_serial = detail::next_command_group_serial();
  detail::requirement_list m_requirements;
  const detail::device_description* m_place = nullptr;  // see device_place()
  bool m_place_known = false;

  // ---- USM hints and sycl::stream ----
public:
  /// SYCL 2020's USM hints. A CUDA queue prefetches managed (shared USM) memory to its device
  /// on its stream and passes the advice to cudaMemAdvise; anything else, and the CPU, take
  /// them as commands that do nothing. A null pointer with bytes != 0 throws errc::invalid;
  /// an advice CUDA does not know, the CUDA error.
  void prefetch(const void* ptr, std::size_t bytes);
  void mem_advise(const void* ptr, std::size_t bytes, int advice);
  /// Runtime internals: the host side of a sycl::stream made for this command group (see
  /// runtime/stream.hpp); its output is written before the command's event completes.
  void* open_stream(std::size_t total_bytes, std::size_t work_item_bytes);

private:
  /// Makes the command write out its streams' output after its work (set_work calls it).
  void attach_streams();
  std::vector<std::shared_ptr<void>> m_streams;
  bool m_has_streams = false;
  // ---- end of the USM hints and sycl::stream ----
};

inline std::size_t detail::reserve_local_memory(handler& h, std::size_t bytes, std::size_t alignment) {
  return h.reserve_local_memory(bytes, alignment);
}

}  // namespace cohort
