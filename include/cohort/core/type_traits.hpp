// SPDX-License-Identifier: MIT
#pragma once
// Traits over cohort's vector types (vec, marray, and vec's swizzle views), usable without
// pulling in their full definitions: the templates are only forward-declared here.

#include <cstddef>
#include <type_traits>

namespace cohort {

template <typename T, int N>
class vec;

template <typename T, std::size_t N>
class marray;

namespace detail {

// A view of elements I... of a vec<T, N> (vec_swizzle.hpp); read-only when Const.
template <typename T, int N, bool Const, int... I>
class swizzle_view;

template <typename T>
struct is_swizzle : std::false_type {};
template <typename T, int N, bool Const, int... I>
struct is_swizzle<swizzle_view<T, N, Const, I...>> : std::true_type {};
template <typename T>
inline constexpr bool is_swizzle_v = is_swizzle<std::remove_cvref_t<T>>::value;

template <typename T>
struct is_vec : std::false_type {};
template <typename T, int N>
struct is_vec<vec<T, N>> : std::true_type {};
template <typename T>
struct is_vec<const T> : is_vec<T> {};
template <typename T>
struct is_vec<volatile T> : is_vec<T> {};
template <typename T>
struct is_vec<const volatile T> : is_vec<T> {};
template <typename T>
inline constexpr bool is_vec_v = is_vec<T>::value;

template <typename T>
struct is_marray : std::false_type {};
template <typename T, std::size_t N>
struct is_marray<marray<T, N>> : std::true_type {};
template <typename T>
struct is_marray<const T> : is_marray<T> {};
template <typename T>
struct is_marray<volatile T> : is_marray<T> {};
template <typename T>
struct is_marray<const volatile T> : is_marray<T> {};
template <typename T>
inline constexpr bool is_marray_v = is_marray<T>::value;

template <typename T>
struct is_vec_or_marray : std::bool_constant<is_vec_v<T> || is_marray_v<T>> {};
template <typename T>
inline constexpr bool is_vec_or_marray_v = is_vec_or_marray<T>::value;

// Element type of a vec/marray; a scalar is its own element type.
template <typename T>
struct element_type {
  using type = std::remove_cv_t<T>;
};
template <typename T, int N>
struct element_type<vec<T, N>> {
  using type = T;
};
template <typename T, std::size_t N>
struct element_type<marray<T, N>> {
  using type = T;
};
template <typename T, int N, bool Const, int... I>
struct element_type<swizzle_view<T, N, Const, I...>> {
  using type = T;
};
template <typename T>
  requires(!std::is_same_v<T, std::remove_cv_t<T>>)
struct element_type<T> : element_type<std::remove_cv_t<T>> {};
template <typename T>
using element_type_t = typename element_type<T>::type;

// Logical element count (vec<T, 3> counts 3 here, although it is stored as 4).
template <typename T>
struct num_elements : std::integral_constant<std::size_t, 1> {};
template <typename T, int N>
struct num_elements<vec<T, N>> : std::integral_constant<std::size_t, static_cast<std::size_t>(N)> {};
template <typename T, std::size_t N>
struct num_elements<marray<T, N>> : std::integral_constant<std::size_t, N> {};
template <typename T, int N, bool Const, int... I>
struct num_elements<swizzle_view<T, N, Const, I...>> : std::integral_constant<std::size_t, sizeof...(I)> {};
template <typename T>
  requires(!std::is_same_v<T, std::remove_cv_t<T>>)
struct num_elements<T> : num_elements<std::remove_cv_t<T>> {};
template <typename T>
inline constexpr std::size_t num_elements_v = num_elements<T>::value;

}  // namespace detail
}  // namespace cohort
