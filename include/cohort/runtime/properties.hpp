// SPDX-License-Identifier: MIT
#pragma once
// Queue properties (as SYCL's property_list) and compile-time kernel properties.
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include <cohort/runtime/aspect.hpp>

namespace cohort {

namespace property {
namespace queue {
struct in_order {};
struct enable_profiling {};
}  // namespace queue
namespace buffer {
/// The buffer works in the host memory it was given, rather than in a copy of it.
struct use_host_ptr {};
/// The context the buffer belongs to: runtime/buffer_properties.hpp (it holds a context,
/// which this light header does not include).
class context_bound;
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

/// COHORT_DEFAULT_SUB_GROUP_SIZE: the sub-group size of nd_range kernels that require none
/// (as DPC++'s -fsycl-default-sub-group-size). Unset or 0: the device's own default (1 on the
/// CPU, 32 on NVIDIA GPUs). It must hold for the whole program (the CMake option of that name
/// sets it on the cohort target): a launch from a translation unit compiled with another
/// value than an earlier launch's throws errc::invalid, and a size the device does not list
/// throws errc::kernel_not_supported.
#ifndef COHORT_DEFAULT_SUB_GROUP_SIZE
#define COHORT_DEFAULT_SUB_GROUP_SIZE 0
#endif
static_assert(COHORT_DEFAULT_SUB_GROUP_SIZE >= 0, "COHORT_DEFAULT_SUB_GROUP_SIZE must be a sub-group size, or 0");

namespace detail {
/// This translation unit's COHORT_DEFAULT_SUB_GROUP_SIZE (internal linkage: one per unit).
constexpr std::uint32_t default_sub_group_size_request = COHORT_DEFAULT_SUB_GROUP_SIZE;

// The keys of the kernel properties (sycl_ext_oneapi_kernel_properties names them
// sub_group_size_key, work_group_size_key, work_group_size_hint_key and device_has_key).
struct sub_group_size_property;
struct work_group_size_property;
struct work_group_size_hint_property;
struct device_has_property;
struct min_work_groups_per_multiprocessor_property;
/// The tag a kernel functor's `get(properties_tag)` takes to return its own properties.
struct properties_tag {};
}  // namespace detail

/// Kernel property: the sub-group size the kernel requires (as SYCL's
/// `reqd_sub_group_size`). Sizes the device does not list throw errc::kernel_not_supported.
template <std::uint32_t Size>
struct sub_group_size_key {
  static_assert(Size > 0, "a required sub-group size must be positive");
  using key_t = detail::sub_group_size_property;
  static constexpr std::uint32_t value = Size;
};
template <std::uint32_t Size>
inline constexpr sub_group_size_key<Size> sub_group_size{};

/// Kernel property: the work-group size every launch of the kernel uses (as SYCL's
/// `reqd_work_group_size`); lets backends select fully unrolled paths. A launch with another
/// local range throws errc::nd_range.
template <std::size_t... Sizes>
struct work_group_size_key {
  static_assert(sizeof...(Sizes) >= 1 && sizeof...(Sizes) <= 3 && ((Sizes > 0) && ...),
                "work_group_size takes one to three positive extents");
  using key_t = detail::work_group_size_property;
  static constexpr std::size_t dimensions = sizeof...(Sizes);
  static constexpr std::size_t values[sizeof...(Sizes)] = {Sizes...};
  constexpr std::size_t operator[](int d) const { return values[d]; }
};
template <std::size_t... Sizes>
inline constexpr work_group_size_key<Sizes...> work_group_size{};

/// Kernel property: the work-group size the kernel is likely launched with (as SYCL's
/// `work_group_size_hint`). A hint: launches with other sizes run as usual.
template <std::size_t... Sizes>
struct work_group_size_hint_key {
  static_assert(sizeof...(Sizes) >= 1 && sizeof...(Sizes) <= 3 && ((Sizes > 0) && ...),
                "work_group_size_hint takes one to three positive extents");
  using key_t = detail::work_group_size_hint_property;
  static constexpr std::size_t dimensions = sizeof...(Sizes);
  static constexpr std::size_t values[sizeof...(Sizes)] = {Sizes...};
  constexpr std::size_t operator[](int d) const { return values[d]; }
};
template <std::size_t... Sizes>
inline constexpr work_group_size_hint_key<Sizes...> work_group_size_hint{};

/// Kernel property: the aspects the device must have (as SYCL's `device_has`); a device
/// without one of them throws errc::kernel_not_supported at submission.
template <aspect... Aspects>
struct device_has_key {
  using key_t = detail::device_has_property;
  static constexpr std::size_t size = sizeof...(Aspects);
  static constexpr aspect value[sizeof...(Aspects) + 1] = {Aspects..., aspect::cpu};  // + 1: no empty array
};
template <aspect... Aspects>
inline constexpr device_has_key<Aspects...> device_has{};

/// Kernel property: the work-groups that should fit on one compute unit at once, for
/// kernels that also have a work_group_size (as oneAPI's CUDA-specific
/// `min_work_groups_per_multiprocessor`, CUDA's `__launch_bounds__` minimum): the CUDA
/// backend limits the kernel's registers to let them; other backends ignore it. A hint for
/// tuning occupancy: it never makes a launch fail.
template <std::uint32_t Groups>
struct min_work_groups_per_multiprocessor_key {
  static_assert(Groups > 0, "min_work_groups_per_multiprocessor takes a positive count");
  using key_t = detail::min_work_groups_per_multiprocessor_property;
  static constexpr std::uint32_t value = Groups;
};
template <std::uint32_t Groups>
inline constexpr min_work_groups_per_multiprocessor_key<Groups> min_work_groups_per_multiprocessor{};

namespace detail {
struct sub_group_size_property {
  template <std::uint32_t Size>
  using value_t = sub_group_size_key<Size>;
};
struct work_group_size_property {
  template <std::size_t... Sizes>
  using value_t = work_group_size_key<Sizes...>;
};
struct work_group_size_hint_property {
  template <std::size_t... Sizes>
  using value_t = work_group_size_hint_key<Sizes...>;
};
struct device_has_property {
  template <aspect... Aspects>
  using value_t = device_has_key<Aspects...>;
};
struct min_work_groups_per_multiprocessor_property {
  template <std::uint32_t Groups>
  using value_t = min_work_groups_per_multiprocessor_key<Groups>;
};

/// Whether P is a kernel property value (one that names its key).
template <typename P>
concept kernel_property = requires { typename P::key_t; };

/// How many of Ps have key Key.
template <typename Key, typename... Ps>
inline constexpr int count_of_key = (0 + ... + (std::is_same_v<typename Ps::key_t, Key> ? 1 : 0));

/// The first of Ps whose key is Key (void: none).
template <typename Key, typename... Ps>
struct property_with_key {
  using type = void;
};
template <typename Key, typename P, typename... Ps>
struct property_with_key<Key, P, Ps...> {
  using type = std::conditional_t<std::is_same_v<typename P::key_t, Key>, P,
                                  typename property_with_key<Key, Ps...>::type>;
};
}  // namespace detail

/// A bundle of compile-time kernel properties: `properties{sub_group_size<16>}` (as
/// sycl_ext_oneapi_kernel_properties' `properties`; each key at most once).
template <typename... Ps>
struct properties {
  static_assert((detail::kernel_property<Ps> && ...),
                "properties{...} takes kernel properties: sub_group_size<N>, work_group_size<...>, "
                "work_group_size_hint<...>, device_has<...>, min_work_groups_per_multiprocessor<N>");
  static_assert(((detail::count_of_key<typename Ps::key_t, Ps...> == 1) && ...),
                "properties{...} names a property key more than once");

  constexpr properties(Ps...) {}

  template <typename Key>
  static constexpr bool has_property() {
    return (std::is_same_v<typename Ps::key_t, Key> || ...);
  }
  /// The value of the property with key `Key` (which it must have).
  template <typename Key>
  static constexpr auto get_property() {
    static_assert(has_property<Key>(), "get_property: the properties have no property of that key");
    return typename detail::property_with_key<Key, Ps...>::type{};
  }

  /// The sub-group size the kernel requires, 0 if none.
  static constexpr std::uint32_t required_sub_group_size() {
    if constexpr (has_property<detail::sub_group_size_property>())
      return get_property<detail::sub_group_size_property>().value;
    else
      return 0;
  }
  /// Dimensions of the work-group size the kernel requires (work_group_size), 0 if none.
  static constexpr std::size_t required_work_group_dimensions() {
    if constexpr (has_property<detail::work_group_size_property>())
      return decltype(get_property<detail::work_group_size_property>())::dimensions;
    else
      return 0;
  }
  /// Its extent in dimension `i` < required_work_group_dimensions().
  static constexpr std::size_t required_work_group_extent(std::size_t i) {
    if constexpr (has_property<detail::work_group_size_property>())
      return decltype(get_property<detail::work_group_size_property>())::values[i];
    else
      return 0;
  }

  /// The work-groups per compute unit the kernel asks room for, 0 if none.
  static constexpr std::uint32_t min_work_groups_per_compute_unit() {
    if constexpr (has_property<detail::min_work_groups_per_multiprocessor_property>())
      return get_property<detail::min_work_groups_per_multiprocessor_property>().value;
    else
      return 0;
  }

  /// The aspects the device must have (device_has): how many, and the i-th.
  static constexpr std::size_t required_aspect_count() {
    if constexpr (has_property<detail::device_has_property>())
      return decltype(get_property<detail::device_has_property>())::size;
    else
      return 0;
  }
  static constexpr aspect required_aspect(std::size_t i) {
    if constexpr (has_property<detail::device_has_property>())
      return decltype(get_property<detail::device_has_property>())::value[i];
    else
      return aspect::cpu;
  }
};
template <typename... Ps>
properties(Ps...) -> properties<Ps...>;

template <typename T>
struct is_kernel_properties : std::false_type {};
template <typename... Ps>
struct is_kernel_properties<properties<Ps...>> : std::true_type {};

namespace detail {
/// The properties `A` followed by those of `B` whose keys `A` lacks; a key in both must have
/// the same value in both (the extension's rule for a launch's properties and a kernel's own).
template <typename A, typename B>
struct merge_properties;
template <typename... As>
struct merge_properties<properties<As...>, properties<>> {
  using type = properties<As...>;
};
template <typename... As, typename B, typename... Bs>
struct merge_properties<properties<As...>, properties<B, Bs...>> {
  static constexpr bool in_a = properties<As...>::template has_property<typename B::key_t>();
  static_assert(!in_a || std::is_same_v<typename property_with_key<typename B::key_t, As...>::type, B>,
                "the kernel's own properties (its get(properties_tag)) and the launch's properties give one key "
                "two values");
  using type = typename merge_properties<std::conditional_t<in_a, properties<As...>, properties<As..., B>>,
                                         properties<Bs...>>::type;
};

/// The properties a kernel functor carries itself: what its `get(properties_tag)` returns.
template <typename Kernel>
struct embedded_properties {
  using type = properties<>;
};
template <typename Kernel>
  requires requires(Kernel& k) { k.get(properties_tag{}); }
struct embedded_properties<Kernel> {
  using type = std::remove_cvref_t<decltype(std::declval<Kernel&>().get(properties_tag{}))>;
  static_assert(is_kernel_properties<type>::value,
                "a kernel's get(properties_tag) must return kernel properties: properties{...}");
};

/// All the properties a launch applies: the launch's `Props` and the kernel's own.
template <typename Props, typename Kernel>
using kernel_properties_t = typename merge_properties<Props, typename embedded_properties<Kernel>::type>::type;
}  // namespace detail

}  // namespace cohort
