// SPDX-License-Identifier: MIT
#pragma once
// What the SYCL 2020 built-in functions (4.17) share: which argument types each family
// takes (the spec's generic floating point, integer and geometric types), the return type
// of an element-wise call (a swizzle gives its vec), and the loop that applies a scalar
// operation to every element. The operations are function objects, not lambdas, so that
// nvcc compiles them for the device as well.

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "cohort/core/half.hpp"
#include "cohort/core/marray.hpp"
#include "cohort/core/multi_ptr.hpp"
#include "cohort/core/type_traits.hpp"
#include "cohort/core/vec.hpp"
#include "cohort/detail/macros.hpp"

namespace cohort::detail {

template <typename T>
inline constexpr bool is_genfloat_scalar_v =
    std::is_same_v<T, float> || std::is_same_v<T, double> || std::is_same_v<T, half>;

// The spec lists char ... unsigned long long; bool is not an integer type there.
template <typename T>
inline constexpr bool is_genint_scalar_v = std::is_integral_v<T> && !std::is_same_v<T, bool>;

/// marray, vec or a swizzle view: SYCL's NonScalar.
template <typename X>
inline constexpr bool is_nonscalar_v = is_vec_v<X> || is_marray_v<X> || is_swizzle_v<X>;

// vec or a swizzle view: the forms that mix with each other.
template <typename X>
inline constexpr bool is_vec_like_v = is_vec_v<X> || is_swizzle_v<X>;

template <typename X>
inline constexpr bool is_genfloat_v = is_genfloat_scalar_v<element_type_t<X>> &&
                                      (is_nonscalar_v<X> || is_genfloat_scalar_v<X>);
template <typename X>
inline constexpr bool is_nonscalar_genfloat_v = is_nonscalar_v<X> && is_genfloat_scalar_v<element_type_t<X>>;
template <typename X>
inline constexpr bool is_genint_v = is_genint_scalar_v<element_type_t<X>> &&
                                    (is_nonscalar_v<X> || is_genint_scalar_v<X>);

// Another argument of a built-in whose first argument is X: the same type, except that vecs
// and swizzle views mix when element type and count agree.
template <typename X, typename Y>
inline constexpr bool same_shape_v =
    is_vec_like_v<X> ? (is_vec_like_v<Y> && std::is_same_v<element_type_t<X>, element_type_t<Y>> &&
                        num_elements_v<X> == num_elements_v<Y>)
                     : std::is_same_v<X, Y>;

// The type holding an element-wise result of X's shape with elements E: a swizzle view gives
// a vec, a scalar gives E.
template <typename X, typename E>
struct rebind {
  using type = E;
};
template <typename T, int N, typename E>
struct rebind<vec<T, N>, E> {
  using type = vec<E, N>;
};
template <typename T, std::size_t N, typename E>
struct rebind<marray<T, N>, E> {
  using type = marray<E, N>;
};
template <typename T, int N, bool Const, int... I, typename E>
struct rebind<swizzle_view<T, N, Const, I...>, E> {
  using type = vec<E, static_cast<int>(sizeof...(I))>;
};
template <typename X, typename E>
using rebind_t = typename rebind<X, E>::type;

/// The return type of an element-wise built-in on X: X, or the vec a swizzle view gives.
template <typename X>
using result_t = rebind_t<X, element_type_t<X>>;

// Element i of a built-in's argument: a scalar stands for every element.
template <typename A>
COHORT_FUNCTION constexpr decltype(auto) element(const A& a, std::size_t i) {
  if constexpr (is_marray_v<A>) {
    return a[i];
  } else if constexpr (is_vec_like_v<A>) {
    return a[static_cast<int>(i)];
  } else {
    return (a);
  }
}

/// f applied to the arguments' elements, one result element at a time, as an R.
template <typename R, typename F, typename... A>
COHORT_FUNCTION constexpr R map_elements(const F& f, const A&... a) {
  if constexpr (is_nonscalar_v<R>) {
    R r;
    for (std::size_t i = 0; i < num_elements_v<R>; ++i) r[i] = f(element(a, i)...);
    return r;
  } else {
    return f(a...);
  }
}

// The element type behind a pointer argument (T* or multi_ptr<T, writable space, ...>), void
// for anything else.
template <typename P>
struct pointee {
  using type = void;
};
template <typename T>
struct pointee<T*> {
  using type = T;
};
template <typename T, access::address_space Space, access::decorated D>
  requires(Space != access::address_space::constant_space)
struct pointee<multi_ptr<T, Space, D>> {
  using type = T;
};

/// Whether P points to a writable E, as SYCL's Ptr arguments must.
template <typename P, typename E>
inline constexpr bool is_pointer_to_v = std::is_same_v<typename pointee<P>::type, E> && !std::is_const_v<E>;

template <typename T>
COHORT_FUNCTION constexpr T* raw_pointer(T* p) {
  return p;
}
template <typename P>
COHORT_FUNCTION constexpr auto raw_pointer(const P& p) {
  return p.get_raw();
}

// The integer NonScalar that goes with NonScalar X: marray<int, N> for marrays,
// vec<std::int32_t, N> for vecs and swizzle views (frexp, ilogb, ldexp, pown, remquo ...).
template <typename X>
using int_nonscalar_t = rebind_t<X, std::conditional_t<is_marray_v<X>, int, std::int32_t>>;

// Y is X's integer companion (vec/swizzle of std::int32_t, or marray<int>), same count.
template <typename X, typename Y>
inline constexpr bool is_int_companion_v =
    is_marray_v<X> ? std::is_same_v<Y, marray<int, num_elements_v<X>>>
                   : (is_vec_like_v<Y> && std::is_same_v<element_type_t<Y>, std::int32_t> &&
                      num_elements_v<Y> == num_elements_v<X>);

}  // namespace cohort::detail
