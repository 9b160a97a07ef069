// SPDX-License-Identifier: MIT
#pragma once
// What a buffer is constructed with (SYCL 2020 section 4.7.2.2): the flags a property_list
// holds (use_host_ptr), and the values that a property_list cannot hold: context_bound's
// context and the mutex of property::buffer::use_mutex. use_mutex itself is in
// runtime/use_mutex.hpp, which <sycl/sycl.hpp> includes and cohort.hpp does not (<mutex>
// would add a tenth to its parse time), so buffers recognise it by its get_mutex_ptr().
#include <optional>
#include <tuple>
#include <type_traits>
#include <utility>

#include <cohort/core/exception.hpp>
#include <cohort/runtime/context.hpp>
#include <cohort/runtime/properties.hpp>

namespace cohort::property::buffer {
/// The context the buffer belongs to (kept and reported: a cohort buffer may still be used
/// on any device).
class context_bound {
public:
  explicit context_bound(context c) : m_context(std::move(c)) {}
  context get_context() const { return m_context; }

private:
  context m_context;
};
}  // namespace cohort::property::buffer

namespace cohort::detail {

/// A property that lends the buffer the program's mutex (property::buffer::use_mutex).
template <typename P>
concept mutex_property = requires(const P& p) { requires std::is_pointer_v<decltype(p.get_mutex_ptr())>; };

template <typename P>
concept buffer_property =
    property_bit<P> >= 0 || mutex_property<P> || std::is_same_v<P, property::buffer::context_bound>;

/// A buffer constructor's properties: a property_list, or the properties themselves
/// (`{property::buffer::use_mutex{m}}`), which may carry values.
class buffer_properties {
public:
  buffer_properties() = default;
  buffer_properties(const property_list& flags) : m_flags(flags) {}
  template <typename... Ps>
    requires(sizeof...(Ps) > 0 && (buffer_property<Ps> && ...))
  buffer_properties(const Ps&... ps) : m_flags(flags_of(ps...)) {
    (take_value(ps), ...);
  }

  template <typename P>
  bool has_property() const noexcept {
    if constexpr (mutex_property<P>)
      return m_mutex != nullptr;
    else if constexpr (std::is_same_v<P, property::buffer::context_bound>)
      return m_context.has_value();
    else
      return m_flags.has_property<P>();
  }
  /// The property the buffer was constructed with; errc::invalid if it was not (as SYCL's
  /// get_property).
  template <typename P>
  P get_property() const {
    if (!has_property<P>()) throw exception(errc::invalid, "get_property: the buffer was not constructed with this property");
    if constexpr (mutex_property<P>) {
      using mutex_type = std::remove_pointer_t<decltype(std::declval<const P&>().get_mutex_ptr())>;
      return P(*static_cast<mutex_type*>(m_mutex));
    } else if constexpr (std::is_same_v<P, property::buffer::context_bound>) {
      return P(*m_context);
    } else {
      static_assert(std::is_default_constructible_v<P>,
                    "get_property: not a buffer property");
      return P{};
    }
  }
  /// use_mutex's mutex (a std::mutex*, as the compiled runtime takes it), or null.
  void* mutex() const noexcept { return m_mutex; }

private:
  template <typename P>
  static auto flag_of(const P& p) {
    if constexpr (property_bit<P> >= 0)
      return std::tuple<P>(p);
    else
      return std::tuple<>();
  }
  template <typename... Ps>
  static property_list flags_of(const Ps&... ps) {
    return std::apply([](const auto&... flags) { return property_list(flags...); }, std::tuple_cat(flag_of(ps)...));
  }
  template <typename P>
  void take_value(const P& p) {
    if constexpr (mutex_property<P>) m_mutex = p.get_mutex_ptr();
    if constexpr (std::is_same_v<P, property::buffer::context_bound>) m_context = p.get_context();
  }

  property_list m_flags;
  void* m_mutex = nullptr;
  std::optional<context> m_context;
};

}  // namespace cohort::detail
