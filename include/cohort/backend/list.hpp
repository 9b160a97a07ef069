// SPDX-License-Identifier: MIT
#pragma once
// The one list of backends whose kernels a translation unit can launch. Shared code reaches
// a backend's launcher only through visit_backend(); the compiled runtime (src/) lists every
// backend's devices, memory and copies itself.
//
// A CPU kernel launches from any translation unit; a CUDA kernel only from one that nvcc
// compiles (its device code is generated there). So the templates that launch kernels take
// `launchable_here` as a template argument: it differs between the two kinds of
// translation units, and with it the names of their instantiations, so that a program
// linking both never holds one launching function with two bodies.
#include <utility>

#include <cohort/backend/cpu/launch.hpp>
#include <cohort/core/backend.hpp>
#include <cohort/core/exception.hpp>
#if defined(__CUDACC__)
#include <cohort/backend/cuda/launch.hpp>
#endif

namespace cohort::detail {

template <backend... Backends>
struct launchable_backends {};
#if defined(__CUDACC__)
using launchable_here = launchable_backends<backend::cpu, backend::cuda>;
#else
using launchable_here = launchable_backends<backend::cpu>;
#endif

/// Calls `f(launcher)` with the host-side launcher of backend `b`, which launches on the
/// backend's queue handle `native_queue` (unused by the CPU).
template <typename Here, typename F>
void visit_backend(backend b, [[maybe_unused]] void* native_queue, F&& f) {
  switch (b) {
    case backend::cpu: std::forward<F>(f)(backends::cpu::launcher{}); return;
#if defined(__CUDACC__)
    case backend::cuda: std::forward<F>(f)(backends::cuda::launcher{native_queue}); return;
#endif
    default: break;
  }
  throw exception(errc::kernel_not_supported,
                  "a kernel for a CUDA device was compiled without its device code: compile the translation unit "
                  "that submits it with nvcc (as CUDA)");
}

/// Whether the calling thread, waiting for a command, may run queued commands itself.
inline bool caller_may_run_commands() { return backends::cpu::caller_may_run_commands(); }

/// Whether the calling thread runs a kernel of any backend (and must not wait for commands).
inline bool caller_is_in_kernel() { return backends::cpu::caller_is_in_kernel(); }

}  // namespace cohort::detail
