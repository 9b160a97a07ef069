// SPDX-License-Identifier: MIT
#pragma once
// A queue's counterpart on a device that runs commands asynchronously (a CUDA stream).
// Commands for such a device are launched by the submitting thread as soon as their
// dependencies are launched too; the device orders them and says when each is done.
// Private to the compiled runtime.
#include <cstddef>
#include <functional>
#include <memory>
#include <vector>

#include <cohort/detail/device_description.hpp>
#include "event_state.hpp"

namespace cohort::detail {

class device_queue {
public:
  virtual ~device_queue() = default;
  /// The handle kernels are launched on (a cudaStream_t).
  virtual void* native() = 0;
  /// Runs `work` (which hands the command to the device, on native()) on the calling
  /// thread after making the device wait for `dependencies` still running on a device;
  /// returns what says when the device is done.
  virtual std::unique_ptr<device_completion> launch(const std::function<void()>& work,
                                                    const std::vector<event_handle>& dependencies,
                                                    bool profiling) = 0;
};

/// The device queue for a device of `d`'s backend; null for backends that complete commands
/// on the host (the CPU).
std::shared_ptr<device_queue> make_device_queue(const device_description& d);

}  // namespace cohort::detail
