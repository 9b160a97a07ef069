// SPDX-License-Identifier: MIT
#pragma once
// What kind of device, and of which backend (as `sycl::backend` and
// `sycl::info::device_type`).

namespace cohort {

/// The backends a device can belong to.
enum class backend { cpu, cuda };

namespace info {
enum class device_type { cpu, gpu, accelerator, custom, automatic, host, all };
}  // namespace info

}  // namespace cohort
