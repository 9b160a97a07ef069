// SPDX-License-Identifier: MIT
#pragma once
// Which __global__ function the CUDA backend launches for a kernel, for its attributes
// (registers, shared memory): the launch templates of include/cohort/backend/cuda/launch.hpp
// instantiated with the kernel's closure type, as the launcher does.
//
// Those templates are being tuned, and their parameters change (nd_range_kernel gained
// `bool FullWarps`, scoped_kernel arrived with `bool Large`). So each *_kernel_of() below
// tries the forms that name a kernel and otherwise returns nullptr, which the tables show as
// "n/a" instead of breaking the build. The names are looked up unqualified from a namespace
// inside cohort::backends::cuda: the backend's templates are found there (the inner scope
// hides the outer) and the global placeholders only where the backend has no such name.
// A forward declaration would not do: the instance it names would have no definition
// where the backend's template is missing or has other parameters.
#include <cstddef>
#include <type_traits>

#include <cohort/cohort.hpp>

#include "common.cuh"
#include "kernels/probe.hpp"

/// Found only where the backend has no template of that name (variadic, so that every form
/// below names them).
struct cohort_bench_no_kernel {};
template <int D, typename Kernel, auto...>
inline constexpr cohort_bench_no_kernel nd_range_kernel{};
template <int D, typename Kernel, auto...>
inline constexpr cohort_bench_no_kernel work_group_kernel{};
template <int D, typename Kernel, auto...>
inline constexpr cohort_bench_no_kernel scoped_kernel{};

namespace cohort::backends::cuda::bench_probe {

template <typename P>
inline constexpr bool is_kernel_pointer = std::is_pointer_v<P> && std::is_function_v<std::remove_pointer_t<P>>;

/// The instance for work-groups of whole warps (all of these benchmarks' groups).
template <int D, typename Kernel>
auto nd_range_kernel_of() {
  if constexpr (requires { requires is_kernel_pointer<decltype(&nd_range_kernel<D, Kernel, true>)>; })
    return &nd_range_kernel<D, Kernel, true>;
  else if constexpr (requires { requires is_kernel_pointer<decltype(&nd_range_kernel<D, Kernel>)>; })
    return &nd_range_kernel<D, Kernel>;
  else
    return nullptr;
}

template <int D, typename Kernel>
auto work_group_kernel_of() {
  if constexpr (requires { requires is_kernel_pointer<decltype(&work_group_kernel<D, Kernel>)>; })
    return &work_group_kernel<D, Kernel>;
  else
    return nullptr;
}

/// The instance for work-groups of at most 1024 logical items (all of these benchmarks').
template <int D, typename Kernel>
auto scoped_kernel_of() {
  if constexpr (requires { requires is_kernel_pointer<decltype(&scoped_kernel<D, Kernel, false>)>; })
    return &scoped_kernel<D, Kernel, false>;
  else if constexpr (requires { requires is_kernel_pointer<decltype(&scoped_kernel<D, Kernel>)>; })
    return &scoped_kernel<D, Kernel>;
  else
    return nullptr;
}

}  // namespace cohort::backends::cuda::bench_probe

namespace cbench {

template <typename F>
kernel_info attributes_or_unknown(F f, int block_threads, long long dynamic_shared) {
  if constexpr (std::is_same_v<F, std::nullptr_t>)
    return {};
  else
    return attributes_of(f, block_threads, dynamic_shared);
}

namespace probe = cohort::backends::cuda::bench_probe;

/// An nd_range kernel with `local_bytes` of local accessors.
template <int D, typename Kernel>
kernel_info nd_range_attributes(std::size_t threads, std::size_t local_bytes) {
  return attributes_or_unknown(probe::nd_range_kernel_of<D, Kernel>(), static_cast<int>(threads),
                               static_cast<long long>(local_bytes));
}

/// A hierarchical kernel: its dynamic shared memory is the backend's local_memory arena.
template <int D, typename Kernel>
kernel_info hierarchical_attributes(std::size_t threads) {
  return attributes_or_unknown(probe::work_group_kernel_of<D, Kernel>(), static_cast<int>(threads),
                               static_cast<long long>(cohort::backends::cuda::hierarchical_arena::bytes(threads)));
}

/// A scoped kernel of `threads` logical items (<= 1024: a thread each). The scoped launch
/// passes no dynamic shared memory: memory_environment's local memory is static.
template <int D, typename Kernel>
kernel_info scoped_attributes(std::size_t threads) {
  return attributes_or_unknown(probe::scoped_kernel_of<D, Kernel>(), static_cast<int>(threads), 0);
}

/// The probe for the shared kernel functions (bench/kernels/): each kernel's attributes into
/// *info, where info is not null (a model's first run).
struct attributes_probe {
  kernel_info* info;
  template <typename Kernel, int D>
  void operator()(const Kernel&, kernels::nd_range_shape<D> s) const {
    if (info) *info = nd_range_attributes<D, Kernel>(s.items, s.local_bytes);
  }
  template <typename Kernel, int D>
  void operator()(const Kernel&, kernels::hierarchical_shape<D> s) const {
    if (info) *info = hierarchical_attributes<D, Kernel>(s.items);
  }
  template <typename Kernel, int D>
  void operator()(const Kernel&, kernels::scoped_shape<D> s) const {
    if (info) *info = scoped_attributes<D, Kernel>(s.items);
  }
};

}  // namespace cbench
