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

/// SYCL 1.2.1's selector classes, deprecated in SYCL 2020 but still common in programs: a
/// base to derive from, and one class for each selector above (the host device is the CPU).
class device_selector {
public:
  virtual ~device_selector() = default;
  virtual int operator()(const device& d) const = 0;
  device select_device() const;
};
class default_selector : public device_selector {
public:
  int operator()(const device& d) const override { return default_selector_v(d); }
};
class cpu_selector : public device_selector {
public:
  int operator()(const device& d) const override { return cpu_selector_v(d); }
};
class gpu_selector : public device_selector {
public:
  int operator()(const device& d) const override { return gpu_selector_v(d); }
};
class accelerator_selector : public device_selector {
public:
  int operator()(const device& d) const override { return accelerator_selector_v(d); }
};
using host_selector = cpu_selector;

namespace detail {
/// The device with the highest non-negative score; errc::runtime when there is none.
device select_device(int (*score)(const void* selector, const device& d), const void* selector);
template <typename Selector>
device select_device(const Selector& selector) {
  const auto score = [&selector](const device& d) { return static_cast<int>(selector(d)); };
  using score_type = decltype(score);
  return select_device([](const void* s, const device& d) { return (*static_cast<const score_type*>(s))(d); },
                       &score);
}
}  // namespace detail

inline device::device() : device(detail::select_device(default_selector_v)) {}
inline device device_selector::select_device() const { return detail::select_device(*this); }
template <typename Selector, typename>
device::device(const Selector& selector) : device(detail::select_device(selector)) {}

}  // namespace cohort
