// SPDX-License-Identifier: MIT
#pragma once
// Device selectors (SYCL 2020): callables scoring a device; the highest non-negative
// score wins, ties go to the earlier device; no device scoring >= 0 is an error.
#include <cohort/runtime/device.hpp>

namespace cohort {

inline int default_selector_v(const device& d) {
  // GPUs first, the CPU as the always-present fallback.
  return d.is_gpu() ? 1000 : 500;
}
inline int cpu_selector_v(const device& d) { return d.is_cpu() ? 1000 : -1; }
inline int gpu_selector_v(const device& d) { return d.is_gpu() ? 1000 : -1; }
inline int accelerator_selector_v(const device& d) { return d.is_accelerator() ? 1000 : -1; }

/// Selector for devices of one of the given aspects-like kinds, e.g. `backend_selector(backend::cuda)`.
inline auto backend_selector(cohort::backend b) {
  return [b](const device& d) { return d.get_backend() == b ? 1000 : -1; };
}

namespace detail {
template <typename Selector>
device select_device(const Selector& selector) {
  int best_score = -1;
  std::size_t best = 0;
  bool found = false;
  const auto all = device::get_devices();
  for (std::size_t i = 0; i < all.size(); ++i) {
    const int score = selector(all[i]);
    if (score >= 0 && score > best_score) {
      best_score = score;
      best = i;
      found = true;
    }
  }
  if (!found) throw exception(errc::runtime, "no device satisfies the selector");
  return all[best];
}
}  // namespace detail

inline device::device() : device(detail::select_device(default_selector_v)) {}
template <typename Selector, typename>
device::device(const Selector& selector) : device(detail::select_device(selector)) {}

}  // namespace cohort
