// SPDX-License-Identifier: MIT
#pragma once
// The one list of backends. Shared code reaches a backend only through visit_backend(),
// all_device_descriptions(), caller_may_run_commands() and caller_is_in_kernel(); adding a backend means adding it
// here.
#include <utility>
#include <vector>

#include <cohort/backend/cpu/device.hpp>
#include <cohort/backend/cpu/launch.hpp>
#include <cohort/core/exception.hpp>
#include <cohort/detail/device_description.hpp>

namespace cohort::detail {

/// Calls `f(launcher)` with the host-side launcher of backend `b`.
template <typename F>
decltype(auto) visit_backend(backend b, F&& f) {
  switch (b) {
    case backend::cpu: return std::forward<F>(f)(backends::cpu::launcher{});
    default: break;
  }
  throw exception(errc::backend_mismatch,
                  "the device's backend is not available in this build (CUDA code needs nvcc)");
}

/// Whether the calling thread, waiting for a command, may run queued commands itself
/// (every backend compiled in must agree).
inline bool caller_may_run_commands() { return backends::cpu::caller_may_run_commands(); }

/// Whether the calling thread runs a kernel of any backend (and must not wait for commands).
inline bool caller_is_in_kernel() { return backends::cpu::caller_is_in_kernel(); }

/// Every device of every backend compiled in, CPU first.
inline std::vector<device_description> all_device_descriptions() {
  std::vector<device_description> all;
  all.push_back(backends::cpu::describe_device());
  return all;
}

}  // namespace cohort::detail
