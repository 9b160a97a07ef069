// SPDX-License-Identifier: MIT
#pragma once
// SYCL 2020's device copyable types (section 3.13.1): those the implementation may copy
// between the host and a device as their bytes (a buffer's items, a reduction's variables,
// a kernel's captures). Trivially copyable types are; so are std::array, std::optional,
// std::pair, std::tuple and std::variant of device copyable types, std::basic_string_view
// and std::span, which C++ does not make trivially copyable. A program declares its own
// type device copyable by specializing the trait:
//   template <> struct sycl::is_device_copyable<my_type> : std::true_type {};
#include <array>
#include <concepts>
#include <cstddef>
#include <optional>
#include <span>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>

namespace cohort {

template <typename T>
struct is_device_copyable;

namespace detail {
/// A cv-qualified type is device copyable as its unqualified type is, so that a program's
/// specialization for T also covers const T.
template <typename T>
struct device_copyable_by_default
    : std::conditional_t<std::is_same_v<T, std::remove_cv_t<T>>, std::is_trivially_copyable<T>,
                         is_device_copyable<std::remove_cv_t<T>>> {};

/// std::variant, recognised by its members: naming it would take <variant>, a twentieth of
/// cohort.hpp's parse time.
template <typename T>
concept std_variant_like = requires(const T& v) {
  { v.valueless_by_exception() } -> std::same_as<bool>;
  { v.index() } -> std::same_as<std::size_t>;
};
}  // namespace detail

template <typename T>
struct is_device_copyable : detail::device_copyable_by_default<T> {};

template <typename T>
inline constexpr bool is_device_copyable_v = is_device_copyable<T>::value;

template <typename T>
struct is_device_copyable<std::array<T, 0>> : std::true_type {};
template <typename T, std::size_t N>
struct is_device_copyable<std::array<T, N>> : is_device_copyable<T> {};
template <typename T, std::size_t N>
struct is_device_copyable<T[N]> : is_device_copyable<T> {};
template <typename T>
struct is_device_copyable<std::optional<T>> : is_device_copyable<T> {};
template <typename T1, typename T2>
struct is_device_copyable<std::pair<T1, T2>>
    : std::bool_constant<is_device_copyable_v<T1> && is_device_copyable_v<T2>> {};
template <typename... Ts>
struct is_device_copyable<std::tuple<Ts...>> : std::bool_constant<(is_device_copyable_v<Ts> && ...)> {};
template <template <typename...> class Variant, typename... Ts>
  requires detail::std_variant_like<Variant<Ts...>>
struct is_device_copyable<Variant<Ts...>> : std::bool_constant<(is_device_copyable_v<Ts> && ...)> {};
template <typename CharT, typename Traits>
struct is_device_copyable<std::basic_string_view<CharT, Traits>> : std::true_type {};
template <typename T, std::size_t Extent>
struct is_device_copyable<std::span<T, Extent>> : std::true_type {};

}  // namespace cohort
