// SPDX-License-Identifier: MIT
#pragma once
// Queue properties (as SYCL's property_list) and compile-time kernel properties.
#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace cohort {

namespace property {
namespace queue {
struct in_order {};
struct enable_profiling {};
}  // namespace queue
namespace buffer {
/// The buffer works in the host memory it was given, rather than in a copy of it.
struct use_host_ptr {};
/// Accepted for source compatibility: a cohort buffer belongs to no single context.
struct context_bound {
  template <typename Context>
  explicit context_bound(const Context&) {}
};
}  // namespace buffer
/// An accessor's previous contents need not be preserved: no copy brings them in.
struct no_init {};
namespace reduction {
struct initialize_to_identity {};
}  // namespace reduction
}  // namespace property

inline constexpr property::no_init no_init{};

namespace detail {
/// Each property's bit in a property_list (properties without a bit are not accepted).
template <typename P>
inline constexpr int property_bit = -1;
template <> inline constexpr int property_bit<property::queue::in_order> = 0;
template <> inline constexpr int property_bit<property::queue::enable_profiling> = 1;
template <> inline constexpr int property_bit<property::buffer::use_host_ptr> = 2;
template <> inline constexpr int property_bit<property::buffer::context_bound> = 3;
template <> inline constexpr int property_bit<property::no_init> = 4;
template <> inline constexpr int property_bit<property::reduction::initialize_to_identity> = 5;
}  // namespace detail

/// A set of runtime properties, as SYCL's property_list: `property_list{property::queue::in_order{}}`.
class property_list {
public:
  template <typename... Ps>
    requires((detail::property_bit<Ps> >= 0) && ...)
  property_list(Ps...) : m_bits((0u | ... | (1u << detail::property_bit<Ps>))) {}
  template <typename P>
  bool has_property() const {
    if constexpr (detail::property_bit<P> >= 0) return (m_bits >> detail::property_bit<P>) & 1u;
    else return false;
  }

private:
  unsigned m_bits = 0;
};

/// Kernel property: the sub-group size the kernel requires (as SYCL's
/// `reqd_sub_group_size`). Sizes the device does not list throw errc::kernel_not_supported.
template <std::uint32_t Size>
struct sub_group_size_key {
  static_assert(Size > 0, "a required sub-group size must be positive");
  static constexpr std::uint32_t value = Size;
};
template <std::uint32_t Size>
inline constexpr sub_group_size_key<Size> sub_group_size{};

/// Kernel property: the work-group size every launch of the kernel uses; lets backends
/// select fully unrolled paths. A launch with another local range throws errc::nd_range.
template <std::size_t... Sizes>
struct work_group_size_key {
  static_assert(sizeof...(Sizes) >= 1 && sizeof...(Sizes) <= 3 && ((Sizes > 0) && ...),
                "work_group_size takes one to three positive extents");
  static constexpr std::size_t dimensions = sizeof...(Sizes);
  static constexpr std::size_t values[] = {Sizes...};
};
template <std::size_t... Sizes>
inline constexpr work_group_size_key<Sizes...> work_group_size{};

namespace detail {
/// The extents a property requires of the work-group (none: dimensions 0).
template <typename P>
struct required_work_group_of {
  static constexpr std::size_t dimensions = 0;
  static constexpr std::size_t values[1] = {0};
};
template <std::size_t... Sizes>
struct required_work_group_of<work_group_size_key<Sizes...>> : work_group_size_key<Sizes...> {};
}  // namespace detail

/// A bundle of compile-time kernel properties: `properties{sub_group_size<16>}`.
template <typename... Ps>
struct properties {
  constexpr properties(Ps...) {}
  static constexpr std::uint32_t required_sub_group_size() {
    std::uint32_t s = 0;
    ((s = sub_group_size_of<Ps>(s)), ...);
    return s;
  }
  /// Dimensions of the work-group size the kernel requires (work_group_size), 0 if none.
  static constexpr std::size_t required_work_group_dimensions() {
    std::size_t d = 0;
    ((d = detail::required_work_group_of<Ps>::dimensions ? detail::required_work_group_of<Ps>::dimensions : d), ...);
    return d;
  }
  /// Its extent in dimension `i` < required_work_group_dimensions().
  static constexpr std::size_t required_work_group_extent(std::size_t i) {
    std::size_t v = 0;
    ((v = detail::required_work_group_of<Ps>::dimensions ? detail::required_work_group_of<Ps>::values[i] : v), ...);
    return v;
  }

private:
  template <typename P>
  static constexpr std::uint32_t sub_group_size_of(std::uint32_t current) {
    if constexpr (requires { P::value; }) return P::value;
    else return current;
  }
};
template <typename... Ps>
properties(Ps...) -> properties<Ps...>;

template <typename T>
struct is_kernel_properties : std::false_type {};
template <typename... Ps>
struct is_kernel_properties<properties<Ps...>> : std::true_type {};

}  // namespace cohort
