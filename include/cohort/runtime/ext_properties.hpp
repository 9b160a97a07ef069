// SPDX-License-Identifier: MIT
#pragma once
// The kernel properties in the spelling of oneAPI's sycl_ext_oneapi_kernel_properties
// (namespace sycl::ext::oneapi::experimental through <sycl/sycl.hpp>). A library cannot see
// kernel attributes such as [[sycl::reqd_sub_group_size(32)]]; these properties say the same
// in C++ that the library does see. They name cohort's own kernel properties
// (runtime/properties.hpp), so `syclex::properties{syclex::sub_group_size<32>}` and
// `cohort::properties{cohort::sub_group_size<32>}` are one type.
#include <type_traits>

#include <cohort/runtime/properties.hpp>

namespace cohort::ext::oneapi::experimental {

using cohort::device_has;
using cohort::properties;
using cohort::sub_group_size;
using cohort::work_group_size;
using cohort::work_group_size_hint;

/// A kernel functor's `get(properties_tag)` returns the properties every launch of it applies.
using properties_tag = cohort::detail::properties_tag;
using empty_properties_t = properties<>;

// The keys, for properties::has_property<Key>() and get_property<Key>(); each has a
// `value_t<...>` naming the property's value type.
using sub_group_size_key = cohort::detail::sub_group_size_property;
using work_group_size_key = cohort::detail::work_group_size_property;
using work_group_size_hint_key = cohort::detail::work_group_size_hint_property;
using device_has_key = cohort::detail::device_has_property;

namespace cuda {
using cohort::min_work_groups_per_multiprocessor;
using min_work_groups_per_multiprocessor_key = cohort::detail::min_work_groups_per_multiprocessor_property;
}  // namespace cuda

template <typename T>
struct is_property_key
    : std::bool_constant<std::is_same_v<T, sub_group_size_key> || std::is_same_v<T, work_group_size_key> ||
                         std::is_same_v<T, work_group_size_hint_key> || std::is_same_v<T, device_has_key> ||
                         std::is_same_v<T, cuda::min_work_groups_per_multiprocessor_key>> {};
template <typename T>
inline constexpr bool is_property_key_v = is_property_key<T>::value;

template <typename T>
struct is_property_value : std::bool_constant<cohort::detail::kernel_property<T>> {};
template <typename T>
inline constexpr bool is_property_value_v = is_property_value<T>::value;

template <typename T>
struct is_property_list : cohort::is_kernel_properties<T> {};
template <typename T>
inline constexpr bool is_property_list_v = is_property_list<T>::value;

/// Every kernel property here changes how the kernel is compiled or launched.
template <typename P>
struct has_compile_time_kernel_effect : std::bool_constant<cohort::detail::kernel_property<P>> {};
template <typename P>
inline constexpr bool has_compile_time_kernel_effect_v = has_compile_time_kernel_effect<P>::value;

}  // namespace cohort::ext::oneapi::experimental
