// SPDX-License-Identifier: MIT
#pragma once
// SYCL 2020 reductions (section 4.9.2): `reduction(...)` describes a variable (a USM
// pointer, a one-item buffer, or a span of variables for an array reduction), its operator
// and identity; `handler::parallel_for(range or nd_range, reduction..., kernel)` hands the
// kernel one reducer per reduction (runtime/reducer.hpp). The result is combined with the
// variable's value, or replaces it with property::reduction::initialize_to_identity.
//
// The backends see the reductions of a launch as one `reduction_pack` (the contract is at
// the top of backend/concepts.hpp's reduction section):
//   - the CPU keeps one set of private partials per OpenMP thread (make_host_private), runs
//     the kernel with them, merges the threads' sets once and writes the result (write);
//   - a GPU gives each work-item private partials (make_device_private) and reduces them
//     over the work-group; scalar reductions store the group's totals and the last group
//     combines them with the variables (store_group_totals, finish_from_totals), other
//     packs combine each group's total atomically (combine_over_group) after setting the
//     variables that start from the identity (initialize_variables).
// A variable's type must be device copyable (core/device_copyable.hpp). The CPU copies it as
// C++ does; a GPU moves it between work-items in registers and combines it atomically, as
// its bytes, so there it must also be trivially copyable (std::pair is not).
#include <cstddef>
#include <memory>
#include <span>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>

#include <cohort/core/device_copyable.hpp>
#include <cohort/core/exception.hpp>
#include <cohort/core/item.hpp>
#include <cohort/core/known_identity.hpp>
#include <cohort/core/nd_item.hpp>
#include <cohort/group/reduce.hpp>
#include <cohort/runtime/accessor.hpp>
#include <cohort/runtime/buffer.hpp>
#include <cohort/runtime/handler.hpp>
#include <cohort/runtime/properties.hpp>
#include <cohort/runtime/reducer.hpp>

namespace cohort {

/// SYCL 2020's span (std::span).
using std::dynamic_extent;
template <typename T, std::size_t Extent = std::dynamic_extent>
using span = std::span<T, Extent>;

namespace detail {

/// One reduction: `count` variables at `data` (1 for a scalar reduction).
template <typename T, typename Op, bool Array>
struct reduction_variable {
  using value_type = T;
  using binary_operation = Op;
  static constexpr bool is_array = Array;
  T* data;
  std::size_t count;
  T identity;
  Op op;
  bool initialize_to_identity;
};

template <typename T, typename Op, bool Array>
inline constexpr bool is_reduction_v<reduction_variable<T, Op, Array>> = true;

template <typename T, typename Op, bool Array>
reduction_variable<T, Op, Array> make_reduction(T* data, std::size_t count, const T& identity, const Op& op,
                                                const property_list& props, const char* what) {
  static_assert(is_device_copyable_v<T>,
                "reduction: the variable's type must be device copyable (trivially copyable, a standard wrapper "
                "of device copyable types, or declared so by specializing sycl::is_device_copyable)");
  if (!data && (count != 0 || !Array)) throw exception(errc::invalid, std::string(what) + ": a null pointer");
  return {data, count, identity, op, props.has_property<property::reduction::initialize_to_identity>()};
}

template <typename Op, typename T>
constexpr T identity_for_reduction() {
  static_assert(has_known_identity_v<Op, T>,
                "reduction(var, op): this operator has no known identity for the variable's type (only SYCL's "
                "function objects on arithmetic types have one); give it: reduction(var, identity, op)");
  if constexpr (has_known_identity_v<Op, T>)
    return make_known_identity<Op, T>();
  else
    return T{};
}

/// What a thread (CPU) or work-item (GPU) keeps of one reduction, and how it ends.
template <typename Var, typename Kind>
struct private_part;

/// A scalar's partial: in the reducer.
template <typename T, typename Op, typename Kind>
struct private_part<reduction_variable<T, Op, false>, Kind> {
  reducer<T, Op, 0, private_value> r;
  COHORT_INLINE explicit private_part(const reduction_variable<T, Op, false>& v) : r(v.identity, v.op) {}
  COHORT_INLINE reducer<T, Op, 0, private_value>& get() { return r; }
  void merge(const private_part& other) { r.merge(other.r); }
  void write(const reduction_variable<T, Op, false>& v) const {
    *v.data = v.initialize_to_identity ? r.partial() : detail::combine<T>(v.op, *v.data, r.partial());
  }
  /// The group's total into the variable, atomically (a GPU's packs with array reductions).
  template <typename Group>
  COHORT_INLINE void combine_over_group(const Group& g, const reduction_variable<T, Op, false>& v) const {
    const T total = group_total(g, v);
    if constexpr (std::is_trivially_copyable_v<T>)  // (group_total says why it must be)
      if (g.leader()) atomic_combine(v.data, total, v.op);
  }
  /// The group's total into `totals[group]` (a GPU's single pass, see reduction_pack).
  template <typename Group>
  COHORT_INLINE void store_group_total(const Group& g, const reduction_variable<T, Op, false>& v, T* totals,
                                       std::size_t group) const {
    const T total = group_total(g, v);
    if (g.leader()) totals[group] = total;
  }
  template <typename Group>
  COHORT_INLINE T group_total(const Group& g, const reduction_variable<T, Op, false>& v) const {
    static_assert(std::is_trivially_copyable_v<T>,
                  "reduction on a GPU: the variable's type must be trivially copyable (work-items exchange it in "
                  "registers); other device copyable types reduce on the CPU only");
    if constexpr (std::is_trivially_copyable_v<T>)  // (no further errors after the one above)
      return reduce_over_group(g, r.partial(), v.op);
    else
      return r.partial();
  }
  /// The variable combined with (or set to) the `groups` totals, by one work-group.
  template <typename Group>
  COHORT_INLINE static void finish(const Group& g, const reduction_variable<T, Op, false>& v, const T* totals,
                                   std::size_t groups) {
    if constexpr (std::is_trivially_copyable_v<T>) {
      T acc = v.identity;
      for (std::size_t j = g.get_local_linear_id(); j < groups; j += g.get_local_linear_range())
        acc = detail::combine<T>(v.op, acc, totals[j]);
      const T total = reduce_over_group(g, acc, v.op);
      if (g.leader()) *v.data = v.initialize_to_identity ? total : detail::combine<T>(v.op, *v.data, total);
    }
  }
};

/// An array's partials on the CPU: the thread's own array.
template <typename T, typename Op>
struct private_part<reduction_variable<T, Op, true>, element> {
  std::unique_ptr<T[]> storage;
  reducer<T, Op, 1> r;
  explicit private_part(const reduction_variable<T, Op, true>& v)
      : storage(new T[v.count == 0 ? 1 : v.count]), r(storage.get(), v.count, v.identity, v.op, false) {
    for (std::size_t i = 0; i < v.count; ++i) storage[i] = v.identity;
  }
  COHORT_INLINE reducer<T, Op, 1>& get() { return r; }
  void merge(const private_part& other) {
    for (std::size_t i = 0; i < r.count(); ++i) r[i].combine(other.storage[i]);
  }
  void write(const reduction_variable<T, Op, true>& v) const {
    for (std::size_t i = 0; i < v.count; ++i)
      v.data[i] = v.initialize_to_identity ? storage[i] : detail::combine<T>(v.op, v.data[i], storage[i]);
  }
};

/// An array's partials on a GPU: none; each element combines atomically into the variable
/// (which initialize_variables set to the identity where asked).
template <typename T, typename Op>
struct private_part<reduction_variable<T, Op, true>, atomic_element> {
  reducer<T, Op, 1> r;
  COHORT_INLINE explicit private_part(const reduction_variable<T, Op, true>& v)
      : r(v.data, v.count, v.identity, v.op, true) {
    static_assert(std::is_trivially_copyable_v<T>,
                  "reduction on a GPU: an array's element type must be trivially copyable (work-items combine the "
                  "elements atomically); other device copyable types reduce on the CPU only");
  }
  COHORT_INLINE reducer<T, Op, 1>& get() { return r; }
  template <typename Group>
  COHORT_INLINE void combine_over_group(const Group&, const reduction_variable<T, Op, true>&) const {}
};

/// Calls `kernel(index, reducer&...)` with the reducers of `parts`. (Device code calls no
/// lambdas of the library: nvcc compiles only annotated ones for the device.)
template <typename Kernel, typename Index, typename Parts, std::size_t... I>
COHORT_INLINE void call_with_reducers(const Kernel& kernel, const Index& index, Parts& parts, std::index_sequence<I...>) {
  kernel(index, std::get<I>(parts).get()...);
}
template <typename Kernel, typename Index, typename Parts>
COHORT_INLINE void call_with_reducers(const Kernel& kernel, const Index& index, Parts& parts) {
  call_with_reducers(kernel, index, parts, std::make_index_sequence<std::tuple_size_v<Parts>>{});
}

/// The reductions of one launch, as the backends see them.
template <typename... Vars>
struct reduction_pack {
  std::tuple<Vars...> vars;

  static constexpr std::size_t size = sizeof...(Vars);
  using host_private = std::tuple<private_part<Vars, element>...>;
  using device_private = std::tuple<private_part<Vars, atomic_element>...>;

  // ---- The CPU: one set of partials per thread ----
  host_private make_host_private() const {
    return std::apply([](const Vars&... v) { return host_private(private_part<Vars, element>(v)...); }, vars);
  }
  /// `into` combined with `from` (in that order).
  void merge(host_private& into, const host_private& from) const {
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      (std::get<I>(into).merge(std::get<I>(from)), ...);
    }(std::index_sequence_for<Vars...>{});
  }
  /// The variables combined with the merged partials (or set to them).
  void write(const host_private& total) const {
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      (std::get<I>(total).write(std::get<I>(vars)), ...);
    }(std::index_sequence_for<Vars...>{});
  }

  // ---- A GPU: partials per work-item, combined over the work-group ----
  COHORT_INLINE device_private make_device_private() const {
    return make_device_private(std::index_sequence_for<Vars...>{});
  }
  template <typename Group>
  COHORT_INLINE void combine_over_group(const Group& g, const device_private& parts) const {
    combine_over_group(g, parts, std::index_sequence_for<Vars...>{});
  }
  // ---- A GPU's single pass (scalar reductions only): each group stores its totals, and
  // the group that finishes last combines them with the variables (no atomics, no kernel
  // that sets the variables to the identity first, the same order of combination in
  // every run). `totals`: device memory of totals_bytes(groups), the variables' arrays
  // one after another, each 256-byte aligned.
  static constexpr bool scalars_only = (!Vars::is_array && ...);
  COHORT_INLINE static constexpr std::size_t round_up_256(std::size_t bytes) { return (bytes + 255) / 256 * 256; }
  static constexpr std::size_t totals_bytes(std::size_t groups) {
    return (round_up_256(sizeof(typename Vars::value_type) * groups) + ... + 0);
  }
  template <typename Group>
  COHORT_INLINE void store_group_totals(const Group& g, const device_private& parts, unsigned char* totals,
                                        std::size_t group, std::size_t groups) const {
    store_group_totals(g, parts, totals, group, groups, std::index_sequence_for<Vars...>{});
  }
  template <typename Group>
  COHORT_INLINE void finish_from_totals(const Group& g, unsigned char* totals, std::size_t groups) const {
    finish_from_totals(g, totals, groups, std::index_sequence_for<Vars...>{});
  }

  /// Whether a variable starts from the identity (initialize_variables must run first).
  bool initializes() const {
    return std::apply([](const Vars&... v) { return (v.initialize_to_identity || ...); }, vars);
  }
  /// Sets the variables that start from the identity to it (one work-item runs it).
  COHORT_INLINE void initialize_variables() const { initialize_variables(std::index_sequence_for<Vars...>{}); }

  // ---- Running the kernel with the reducers ----
  template <int D, typename Kernel, typename Parts>
  COHORT_INLINE static void invoke_range(const Kernel& kernel, const id<D>& i, const range<D>& r, Parts& parts) {
    if constexpr (invocable_with<Kernel, item<D>, Parts>())
      call_with_reducers(kernel, item<D>(i, r, 0), parts);
    else if constexpr (invocable_with<Kernel, item<D, false>, Parts>())
      call_with_reducers(kernel, item<D, false>(i, r, 0), parts);
    else
      call_with_reducers(kernel, i, parts);
  }
  template <int D, typename Kernel, typename Parts>
  COHORT_INLINE static void invoke_nd(const Kernel& kernel, const nd_item<D>& it, Parts& parts) {
    call_with_reducers(kernel, it, parts);
  }

private:
  template <std::size_t I>
  using value_type_of = typename std::tuple_element_t<I, std::tuple<Vars...>>::value_type;
  /// Where variable I's totals start in the single pass's memory (after those of 0 .. I-1).
  template <std::size_t I, std::size_t... Before>
  COHORT_INLINE static value_type_of<I>* totals_of(unsigned char* totals, std::size_t groups,
                                                   std::index_sequence<Before...>) {
    const std::size_t offset = (round_up_256(sizeof(value_type_of<Before>) * groups) + ... + 0);
    return reinterpret_cast<value_type_of<I>*>(totals + offset);
  }
  template <std::size_t I>
  COHORT_INLINE static value_type_of<I>* totals_of(unsigned char* totals, std::size_t groups) {
    return totals_of<I>(totals, groups, std::make_index_sequence<I>{});
  }
  template <typename Group, std::size_t... I>
  COHORT_INLINE void store_group_totals(const Group& g, const device_private& parts, unsigned char* totals,
                                        std::size_t group, std::size_t groups, std::index_sequence<I...>) const {
    (std::get<I>(parts).store_group_total(g, std::get<I>(vars), totals_of<I>(totals, groups), group), ...);
  }
  template <typename Group, std::size_t... I>
  COHORT_INLINE void finish_from_totals(const Group& g, unsigned char* totals, std::size_t groups,
                                        std::index_sequence<I...>) const {
    (std::tuple_element_t<I, device_private>::finish(g, std::get<I>(vars), totals_of<I>(totals, groups), groups), ...);
  }
  template <std::size_t... I>
  COHORT_INLINE device_private make_device_private(std::index_sequence<I...>) const {
    return device_private(private_part<Vars, atomic_element>(std::get<I>(vars))...);
  }
  template <typename Group, std::size_t... I>
  COHORT_INLINE void combine_over_group(const Group& g, const device_private& parts, std::index_sequence<I...>) const {
    (std::get<I>(parts).combine_over_group(g, std::get<I>(vars)), ...);
  }
  template <std::size_t... I>
  COHORT_INLINE void initialize_variables(std::index_sequence<I...>) const {
    (initialize(std::get<I>(vars)), ...);
  }
  template <typename Kernel, typename Index, typename Parts>
  static constexpr bool invocable_with() {
    return []<typename... P>(std::tuple<P...>*) {
      return std::is_invocable_v<const Kernel&, Index, decltype(std::declval<P&>().get())...>;
    }(static_cast<Parts*>(nullptr));
  }
  template <typename V>
  COHORT_INLINE static void initialize(const V& v) {
    if (v.initialize_to_identity)
      for (std::size_t i = 0; i < v.count; ++i) v.data[i] = v.identity;
  }
};

/// Splits a launch's arguments (reductions..., kernel) into the pack and the kernel.
template <typename... Args>
auto split_reductions(const Args&... args) {
  static_assert(sizeof...(Args) >= 2, "parallel_for with reductions: the reductions, then the kernel");
  const auto all = std::forward_as_tuple(args...);
  constexpr std::size_t n = sizeof...(Args) - 1;
  return [&]<std::size_t... I>(std::index_sequence<I...>) {
    using pack = reduction_pack<std::remove_cvref_t<std::tuple_element_t<I, std::tuple<Args...>>>...>;
    using kernel = std::remove_cvref_t<std::tuple_element_t<n, std::tuple<Args...>>>;
    static_assert((is_reduction_v<std::remove_cvref_t<std::tuple_element_t<I, std::tuple<Args...>>>> && ...),
                  "parallel_for with reductions: every argument between the range and the kernel must be a "
                  "reduction(...)");
    static_assert(!is_reduction_v<kernel>, "parallel_for with reductions: the kernel comes last");
    return std::pair<pack, kernel>(pack{std::tuple(std::get<I>(all)...)}, std::get<n>(all));
  }(std::make_index_sequence<n>{});
}

}  // namespace detail

// ---- reduction(...) (SYCL 2020 section 4.9.2.1) ----

/// A reduction into `*var` (USM memory the device can reach) with `combiner`'s known identity.
template <typename T, typename BinaryOperation>
detail::reduction_variable<T, BinaryOperation, false> reduction(T* var, BinaryOperation combiner,
                                                                const property_list& props = {}) {
  return detail::make_reduction<T, BinaryOperation, false>(
      var, 1, detail::identity_for_reduction<BinaryOperation, T>(), combiner, props, "reduction");
}
/// The same with the identity given (required for operators without a known identity).
template <typename T, typename BinaryOperation>
detail::reduction_variable<T, BinaryOperation, false> reduction(T* var, const std::type_identity_t<T>& identity,
                                                                BinaryOperation combiner,
                                                                const property_list& props = {}) {
  return detail::make_reduction<T, BinaryOperation, false>(var, 1, identity, combiner, props, "reduction");
}

/// A reduction into the one item of `vars`: a read-write use of the buffer by the command
/// group (a discarding write with initialize_to_identity), ordered after its other uses.
template <typename T, typename AllocatorT, typename BinaryOperation>
detail::reduction_variable<T, BinaryOperation, false> reduction(buffer<T, 1, AllocatorT> vars, handler& cgh,
                                                                BinaryOperation combiner,
                                                                const property_list& props = {}) {
  return reduction(vars, cgh, detail::identity_for_reduction<BinaryOperation, T>(), combiner, props);
}
template <typename T, typename AllocatorT, typename BinaryOperation>
detail::reduction_variable<T, BinaryOperation, false> reduction(buffer<T, 1, AllocatorT> vars, handler& cgh,
                                                                const std::type_identity_t<T>& identity,
                                                                BinaryOperation combiner,
                                                                const property_list& props = {}) {
  if (vars.size() != 1)
    throw exception(errc::invalid, "reduction(buffer, handler, ...): the buffer must hold exactly one item, it holds " +
                                       std::to_string(vars.size()));
  T* data;
  if (props.has_property<property::reduction::initialize_to_identity>())
    data = accessor<T, 1, access_mode::write>(vars, cgh, property_list{property::no_init{}}).get_pointer().get();
  else
    data = accessor<T, 1, access_mode::read_write>(vars, cgh).get_pointer().get();
  return detail::make_reduction<T, BinaryOperation, false>(data, 1, identity, combiner, props, "reduction(buffer)");
}

/// An array reduction: `vars.size()` variables, `reducer[i]` in the kernel.
template <typename T, std::size_t Extent, typename BinaryOperation>
detail::reduction_variable<T, BinaryOperation, true> reduction(span<T, Extent> vars, BinaryOperation combiner,
                                                               const property_list& props = {}) {
  return detail::make_reduction<T, BinaryOperation, true>(
      vars.data(), vars.size(), detail::identity_for_reduction<BinaryOperation, T>(), combiner, props,
      "reduction(span)");
}
template <typename T, std::size_t Extent, typename BinaryOperation>
detail::reduction_variable<T, BinaryOperation, true> reduction(span<T, Extent> vars,
                                                               const std::type_identity_t<T>& identity,
                                                               BinaryOperation combiner,
                                                               const property_list& props = {}) {
  return detail::make_reduction<T, BinaryOperation, true>(vars.data(), vars.size(), identity, combiner, props,
                                                          "reduction(span)");
}

}  // namespace cohort
