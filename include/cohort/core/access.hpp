// SPDX-License-Identifier: MIT
#pragma once
// The access vocabulary of SYCL 2020: access modes and targets, and the `access` namespace
// (fence spaces, address spaces, pointer decoration). cohort has one address space, so
// these name what a program asks for; they select no different memory.

namespace cohort {

enum class access_mode { read, write, read_write, discard_write, discard_read_write, atomic };

/// Where an accessor's data lives (`device`: global memory).
enum class target { device, host_task, constant_buffer, local, host_buffer, global_buffer = device };

namespace access {

using mode = access_mode;
using cohort::target;

enum class placeholder { false_t, true_t };

/// The memory that the deprecated `nd_item::barrier` and `mem_fence` order.
enum class fence_space { local_space, global_space, global_and_local };

enum class address_space { global_space, local_space, constant_space, private_space, generic_space };

/// Whether a `multi_ptr`'s interface uses address-space-qualified pointer types; `legacy`
/// is SYCL 1.2.1's interface.
enum class decorated { no, yes, legacy };

}  // namespace access

}  // namespace cohort
