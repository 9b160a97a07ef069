// SPDX-License-Identifier: MIT
#pragma once
// The one list of what every backend provides, as concepts the compiler checks. A backend
// has three parts (see docs/adding_a_backend.md):
//
//  1. a host-side *launcher* (a type with static members), reached through
//     detail::visit_backend() in list.hpp: `backend_launcher` below;
//  2. *kernel hooks*, the functions of detail::kernel_hooks that kernel code calls, declared
//     in kernel_hooks.hpp and defined by the backend (kernel_hook_definitions.hpp includes
//     the definitions of the backend compiled in this pass): `kernel_hooks_for` below;
//  3. *scoped hooks*, a namespace that scoped-parallelism code calls through
//     detail::scoped_hooks (selected in scoped_hooks.hpp): listed in
//     backend/cpu/scoped_hooks.hpp's header comment and checked by the scoped tests.
//
// Each backend states `static_assert(backend_launcher<its launcher>)`; the kernel-hook
// concept is checked in the tests for every backend compiled in.
#include <concepts>
#include <cstddef>
#include <cstdint>

#include <cohort/backend/kernel_hook_definitions.hpp>
#include <cohort/core/fwd.hpp>
#include <cohort/core/id.hpp>
#include <cohort/core/memory_scope.hpp>
#include <cohort/core/nd_range.hpp>
#include <cohort/core/range.hpp>
#include <cohort/detail/from_first.hpp>

namespace cohort::detail {

/// Kernels of each model with the smallest interface, to probe a launcher with.
template <int D>
struct probe_range_kernel {
  void operator()(id<D>) const {}
};
template <int D>
struct probe_nd_kernel {
  void operator()(const nd_item<D>&) const {}
};
template <int D>
struct probe_group_kernel {
  void operator()(const group<D>&) const {}
};
struct probe_task {
  void operator()() const {}
};

/// The host side of a backend in a translation unit: launches of every kernel model (the
/// compiled runtime in src/ does each backend's memory and copies).
/// `parallel_for(nd_range, local_bytes, sub_group_size, kernel)` receives the validated
/// launch (the handler has already checked ranges, local memory and sub-group size).
template <typename L>
concept backend_launcher = requires(const L& l, const range<1>& r, const nd_range<1>& ndr, std::size_t bytes,
                                    std::uint32_t sub_group_size) {
  l.parallel_for(r, probe_range_kernel<1>{});
  l.parallel_for(ndr, bytes, sub_group_size, probe_nd_kernel<1>{});
  l.parallel_for_work_group(r, r, probe_group_kernel<1>{});
  l.single_task(probe_task{});
};

/// Kernels with SYCL reductions: a launcher also has
///   parallel_for_reduction(range<D>, pack, kernel) and
///   parallel_for_reduction(nd_range<D>, local_bytes, sub_group_size, pack, kernel),
/// where `pack` is the launch's detail::reduction_pack (runtime/reduction.hpp). A backend
/// runs the kernel through the pack (invoke_range / invoke_nd) with either host partials per
/// thread (make_host_private, merge, write: the CPU) or device partials per work-item
/// (make_device_private; store_group_totals / finish_from_totals, or combine_over_group
/// and initializes / initialize_variables: CUDA).
/// The pack lives above the backends, so it is not probed here; the reduction tests run
/// every backend compiled in.

struct probe_plus {
  int operator()(int a, int b) const { return a + b; }
};
struct probe_positive {  // a named type: nvcc rejects lambdas in requires-expressions
  bool operator()(int v) const { return v > 0; }
};

/// The kernel side of the backend compiled in this pass (detail::kernel_hooks), for a group type `G` of an nd_range kernel
/// (group<D> or sub_group): barriers, fences, local memory, hierarchical private memory, and the
/// collectives the group algorithms of include/cohort/group/ build on (one value per item
/// in, one out). `local_memory<T>` also needs `kernel_hooks::group_shared_storage<T>`
/// (constructible from a group, `get()` -> T*) and `parallel_for_work_item(g, range, f)`.
template <typename G>
concept kernel_hooks_for = requires(const G& g, const group<1>& wg, const int& x, int* ptr, std::size_t n) {
  kernel_hooks::barrier(wg);
  kernel_hooks::template memory_fence<memory_scope::work_group>(wg);
  { kernel_hooks::local_accessor_base() } -> std::same_as<char*>;
  { kernel_hooks::group_reduce(g, x, probe_plus{}) } -> std::same_as<int>;
  { kernel_hooks::group_inclusive_scan(g, x, probe_plus{}) } -> std::same_as<int>;
  { kernel_hooks::group_exclusive_scan(g, x, x, probe_plus{}) } -> std::same_as<int>;
  { kernel_hooks::group_select(g, x, n) } -> std::same_as<int>;
  { kernel_hooks::joint_reduce(g, ptr, ptr, x, probe_plus{}) } -> std::same_as<int>;
  { kernel_hooks::joint_reduce(g, ptr, ptr, from_first<int>{}, probe_plus{}) } -> std::same_as<int>;
  kernel_hooks::template joint_scan<true>(g, ptr, ptr, ptr, x, probe_plus{});
  kernel_hooks::template joint_scan<true>(g, ptr, ptr, ptr, from_first<int>{}, probe_plus{});
  { kernel_hooks::joint_any_of(g, ptr, ptr, probe_positive{}) } -> std::same_as<bool>;
  { kernel_hooks::group_ballot(g, true) } -> std::same_as<std::uint32_t>;
  { kernel_hooks::group_match_any(g, x) } -> std::same_as<std::uint32_t>;
  { kernel_hooks::group_match_all(g, x) } -> std::same_as<std::uint32_t>;
  { kernel_hooks::private_storage<int, 1>(wg).get(n) } -> std::same_as<int&>;
  { kernel_hooks::group_broadcast(g, x, n) } -> std::same_as<int>;
  { kernel_hooks::template group_shared_storage<int[4]>(wg).get() } -> std::same_as<int (*)[4]>;
};

}  // namespace cohort::detail
