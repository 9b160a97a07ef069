// SPDX-License-Identifier: MIT
#pragma once
// Declarations of buffer, accessor and host_accessor with their default arguments, for the
// headers that name one another (a buffer makes accessors, an accessor binds to a handler).
#include <memory>
#include <type_traits>

#include <cohort/core/access.hpp>

namespace cohort {

/// The allocator type a buffer names (cohort's runtime allocates the buffer's memory).
template <typename T>
using buffer_allocator = std::allocator<T>;

template <typename T, int Dimensions = 1, typename AllocatorT = buffer_allocator<std::remove_const_t<T>>>
class buffer;

template <typename DataT, int Dimensions = 1,
          access_mode AccessMode = (std::is_const_v<DataT> ? access_mode::read : access_mode::read_write),
          target AccessTarget = target::device, access::placeholder IsPlaceholder = access::placeholder::false_t>
class accessor;

template <typename DataT, int Dimensions = 1,
          access_mode AccessMode = (std::is_const_v<DataT> ? access_mode::read : access_mode::read_write)>
class host_accessor;

}  // namespace cohort
