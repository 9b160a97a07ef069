// SPDX-License-Identifier: MIT
#pragma once
// SYCL 2020 accessors: a command group's access to a buffer. Made with the command group's
// handler, an accessor records the command's use of the buffer (which orders the command
// after those it conflicts with) and points at the buffer's memory where the command runs.
// A placeholder accessor (made without a handler) points there once handler::require
// registers it: the copy of it that a kernel captures is bound then.
#include <cstdint>
#include <string>
#include <type_traits>

#include <cohort/core/multi_ptr.hpp>
#include <cohort/runtime/accessor_view.hpp>
#include <cohort/runtime/buffer.hpp>
#include <cohort/runtime/handler.hpp>

namespace cohort {

/// Access-mode tags for accessor constructors (`accessor a{buf, h, read_only}`).
template <access_mode Mode>
struct mode_tag_t {
  explicit mode_tag_t() = default;
};
/// Mode and target tags (`read_only_host_task`).
template <access_mode Mode, target Target>
struct mode_target_tag_t {
  explicit mode_target_tag_t() = default;
};
inline constexpr mode_tag_t<access_mode::read> read_only{};
inline constexpr mode_tag_t<access_mode::read_write> read_write{};
inline constexpr mode_tag_t<access_mode::write> write_only{};
inline constexpr mode_target_tag_t<access_mode::read, target::host_task> read_only_host_task{};
inline constexpr mode_target_tag_t<access_mode::read_write, target::host_task> read_write_host_task{};
inline constexpr mode_target_tag_t<access_mode::write, target::host_task> write_only_host_task{};

namespace detail {
template <typename Tag, access_mode Mode, target Target>
inline constexpr bool is_tag_for = false;
template <access_mode Mode, target Target>
inline constexpr bool is_tag_for<mode_tag_t<Mode>, Mode, Target> = Target != target::host_task;
template <access_mode Mode, target Target>
inline constexpr bool is_tag_for<mode_target_tag_t<Mode, Target>, Mode, Target> = true;

/// What an accessor's element type is for a mode: const for read-only access.
template <typename T, access_mode Mode>
using accessed_type = std::conditional_t<Mode == access_mode::read, const std::remove_const_t<T>, std::remove_const_t<T>>;
}  // namespace detail

template <typename DataT, int Dimensions, access_mode AccessMode, target AccessTarget,
          access::placeholder IsPlaceholder>
class accessor : public detail::accessor_view<detail::accessed_type<DataT, AccessMode>, Dimensions,
                                              AccessMode == access_mode::atomic> {
  static_assert(Dimensions >= 1 && Dimensions <= 3, "buffer accessors have one to three dimensions");
  using element = std::remove_const_t<DataT>;
  using view = detail::accessor_view<detail::accessed_type<DataT, AccessMode>, Dimensions,
                                     AccessMode == access_mode::atomic>;
  template <typename U>
  static constexpr bool same_element = std::is_same_v<std::remove_const_t<U>, element>;
  template <typename Tag>
  using tag_for = std::enable_if_t<detail::is_tag_for<Tag, AccessMode, AccessTarget>, int>;

public:
  using value_type = detail::accessed_type<DataT, AccessMode>;
  using reference = value_type&;
  using const_reference = const value_type&;
  template <access::decorated IsDecorated>
  using accessor_ptr = multi_ptr<value_type, access::address_space::global_space, IsDecorated>;
  static constexpr int dimensions = Dimensions;

  /// An empty accessor, bound to no buffer.
  accessor() = default;

  // Placeholders (no handler): bound by handler::require.
  template <typename U, typename A>
    requires same_element<U>
  accessor(buffer<U, Dimensions, A>& b, const property_list& p = {})
      : accessor(b, nullptr, b.get_range(), {}, p) {}
  template <typename U, typename A, typename Tag, tag_for<Tag> = 0>
    requires same_element<U>
  accessor(buffer<U, Dimensions, A>& b, Tag, const property_list& p = {}) : accessor(b, nullptr, b.get_range(), {}, p) {}
  template <typename U, typename A>
    requires same_element<U>
  accessor(buffer<U, Dimensions, A>& b, range<Dimensions> r, const property_list& p = {}) : accessor(b, nullptr, r, {}, p) {}
  template <typename U, typename A, typename Tag, tag_for<Tag> = 0>
    requires same_element<U>
  accessor(buffer<U, Dimensions, A>& b, range<Dimensions> r, Tag, const property_list& p = {})
      : accessor(b, nullptr, r, {}, p) {}
  template <typename U, typename A>
    requires same_element<U>
  accessor(buffer<U, Dimensions, A>& b, range<Dimensions> r, id<Dimensions> offset, const property_list& p = {})
      : accessor(b, nullptr, r, offset, p) {}
  template <typename U, typename A, typename Tag, tag_for<Tag> = 0>
    requires same_element<U>
  accessor(buffer<U, Dimensions, A>& b, range<Dimensions> r, id<Dimensions> offset, Tag, const property_list& p = {})
      : accessor(b, nullptr, r, offset, p) {}

  // For the command group of `h`.
  template <typename U, typename A>
    requires same_element<U>
  accessor(buffer<U, Dimensions, A>& b, handler& h, const property_list& p = {}) : accessor(b, &h, b.get_range(), {}, p) {}
  template <typename U, typename A, typename Tag, tag_for<Tag> = 0>
    requires same_element<U>
  accessor(buffer<U, Dimensions, A>& b, handler& h, Tag, const property_list& p = {})
      : accessor(b, &h, b.get_range(), {}, p) {}
  template <typename U, typename A>
    requires same_element<U>
  accessor(buffer<U, Dimensions, A>& b, handler& h, range<Dimensions> r, const property_list& p = {})
      : accessor(b, &h, r, {}, p) {}
  template <typename U, typename A, typename Tag, tag_for<Tag> = 0>
    requires same_element<U>
  accessor(buffer<U, Dimensions, A>& b, handler& h, range<Dimensions> r, Tag, const property_list& p = {})
      : accessor(b, &h, r, {}, p) {}
  template <typename U, typename A>
    requires same_element<U>
  accessor(buffer<U, Dimensions, A>& b, handler& h, range<Dimensions> r, id<Dimensions> offset, const property_list& p = {})
      : accessor(b, &h, r, offset, p) {}
  template <typename U, typename A, typename Tag, tag_for<Tag> = 0>
    requires same_element<U>
  accessor(buffer<U, Dimensions, A>& b, handler& h, range<Dimensions> r, id<Dimensions> offset, Tag,
           const property_list& p = {})
      : accessor(b, &h, r, offset, p) {}

  /// A copy captured by a kernel being submitted is checked, and a placeholder bound, there.
  COHORT_INLINE accessor(const accessor& other)
      : view(other), m_buffer(other.m_buffer), m_command_group(other.m_command_group), m_no_init(other.m_no_init) {
#if !COHORT_DEVICE_PASS
    if (m_buffer && detail::t_capturing_handler) bind_in_capture(*detail::t_capturing_handler);
#endif
  }
  accessor& operator=(const accessor&) = default;

  COHORT_INLINE bool is_placeholder() const noexcept { return m_buffer && m_command_group == 0; }
  /// The start of the buffer (not of the access range), as SYCL 2020 says.
  COHORT_INLINE global_ptr<value_type> get_pointer() const noexcept { return global_ptr<value_type>(this->buffer_origin()); }
  template <access::decorated IsDecorated>
  COHORT_INLINE accessor_ptr<IsDecorated> get_multi_ptr() const noexcept {
    return accessor_ptr<IsDecorated>(this->buffer_origin());
  }

  friend bool operator==(const accessor& a, const accessor& b) {
    return a.m_buffer == b.m_buffer && a.buffer_origin() == b.buffer_origin() && a.get_range() == b.get_range() &&
           a.get_offset() == b.get_offset();
  }

  /// Runtime internals.
  detail::buffer_state* buffer_state() const { return m_buffer; }
  bool no_init() const { return m_no_init; }
  /// Records the access in `h`'s command group and points at the memory it will use (a
  /// placeholder's; one made for this command group is bound already).
  void bind(handler& h) {
    if (m_command_group == h.serial()) return;
    if (m_command_group != 0)
      throw exception(errc::kernel_argument,
                      "an accessor made for another command group is used in this one: make accessors in the command "
                      "group that uses them");
    rebase(h.require_buffer(*m_buffer, AccessMode, m_no_init, AccessTarget == target::host_task));
    m_command_group = h.serial();
  }

private:
  template <typename U, typename A>
  accessor(buffer<U, Dimensions, A>& b, handler* h, range<Dimensions> r, id<Dimensions> offset,
           const property_list& p)
      : view(nullptr, b.get_range(), r, offset),
        m_buffer(b.state().get()),
        m_no_init(p.has_property<property::no_init>()) {
    for (int d = 0; d < Dimensions; ++d)
      if (offset[d] > b.get_range()[d] || r[d] > b.get_range()[d] - offset[d])
        throw exception(errc::invalid, "accessor: range " + std::to_string(r[d]) + " from offset " +
                                           std::to_string(offset[d]) + " exceeds the buffer's " +
                                           std::to_string(b.get_range()[d]) + " in dimension " + std::to_string(d));
    // Bound to the command group at once; a placeholder starts in host memory.
    void* memory = h ? h->require_buffer(*m_buffer, AccessMode, m_no_init, AccessTarget == target::host_task)
                     : detail::host_data(*m_buffer);
    this->move_to(origin_in(memory, b.byte_offset()));
    if (h) m_command_group = h->serial();
  }

  static value_type* origin_in(void* memory, std::size_t byte_offset) {
    return reinterpret_cast<value_type*>(static_cast<char*>(memory) + byte_offset);
  }
  /// A placeholder (which points into host memory) points at the same items in the
  /// buffer's memory at `memory` (another place).
  void rebase(void* memory) {
    const auto* host = static_cast<const char*>(detail::host_data(*m_buffer));
    this->move_to(origin_in(memory, reinterpret_cast<const char*>(this->buffer_origin()) - host));
  }
  void bind_in_capture(handler& h) {
    if (m_command_group == h.serial()) return;
    if (m_command_group != 0)
      throw exception(errc::kernel_argument,
                      "a kernel captures an accessor made for another command group: make accessors in the command "
                      "group that uses them");
    void* memory = h.required_data(m_buffer, AccessTarget == target::host_task);
    if (!memory)
      throw exception(errc::kernel_argument,
                      "a kernel captures a placeholder accessor that its command group did not register with "
                      "handler::require");
    rebase(memory);
    m_command_group = h.serial();
  }

  detail::buffer_state* m_buffer = nullptr;
  std::uint64_t m_command_group = 0;  // the handler it is bound to; 0: a placeholder
  bool m_no_init = false;
};

/// The SYCL 1.2.1 local accessor, `accessor<T, D, mode, target::local>`.
template <typename DataT, int Dimensions, access_mode AccessMode, access::placeholder IsPlaceholder>
class accessor<DataT, Dimensions, AccessMode, target::local, IsPlaceholder> : public local_accessor<DataT, Dimensions> {
public:
  using local_accessor<DataT, Dimensions>::local_accessor;
};

// Deduction from the constructors' arguments, as SYCL 2020's.
template <typename T, int D, typename A>
accessor(buffer<T, D, A>&, const property_list& = {}) -> accessor<T, D>;
template <typename T, int D, typename A, access_mode M>
accessor(buffer<T, D, A>&, mode_tag_t<M>, const property_list& = {}) -> accessor<T, D, M>;
template <typename T, int D, typename A, access_mode M, target Tg>
accessor(buffer<T, D, A>&, mode_target_tag_t<M, Tg>, const property_list& = {}) -> accessor<T, D, M, Tg>;
template <typename T, int D, typename A>
accessor(buffer<T, D, A>&, range<D>, const property_list& = {}) -> accessor<T, D>;
template <typename T, int D, typename A, access_mode M>
accessor(buffer<T, D, A>&, range<D>, mode_tag_t<M>, const property_list& = {}) -> accessor<T, D, M>;
template <typename T, int D, typename A, access_mode M, target Tg>
accessor(buffer<T, D, A>&, range<D>, mode_target_tag_t<M, Tg>, const property_list& = {}) -> accessor<T, D, M, Tg>;
template <typename T, int D, typename A>
accessor(buffer<T, D, A>&, range<D>, id<D>, const property_list& = {}) -> accessor<T, D>;
template <typename T, int D, typename A, access_mode M>
accessor(buffer<T, D, A>&, range<D>, id<D>, mode_tag_t<M>, const property_list& = {}) -> accessor<T, D, M>;
template <typename T, int D, typename A, access_mode M, target Tg>
accessor(buffer<T, D, A>&, range<D>, id<D>, mode_target_tag_t<M, Tg>, const property_list& = {})
    -> accessor<T, D, M, Tg>;
template <typename T, int D, typename A>
accessor(buffer<T, D, A>&, handler&, const property_list& = {}) -> accessor<T, D>;
template <typename T, int D, typename A, access_mode M>
accessor(buffer<T, D, A>&, handler&, mode_tag_t<M>, const property_list& = {}) -> accessor<T, D, M>;
template <typename T, int D, typename A, access_mode M, target Tg>
accessor(buffer<T, D, A>&, handler&, mode_target_tag_t<M, Tg>, const property_list& = {}) -> accessor<T, D, M, Tg>;
template <typename T, int D, typename A>
accessor(buffer<T, D, A>&, handler&, range<D>, const property_list& = {}) -> accessor<T, D>;
template <typename T, int D, typename A, access_mode M>
accessor(buffer<T, D, A>&, handler&, range<D>, mode_tag_t<M>, const property_list& = {}) -> accessor<T, D, M>;
template <typename T, int D, typename A, access_mode M, target Tg>
accessor(buffer<T, D, A>&, handler&, range<D>, mode_target_tag_t<M, Tg>, const property_list& = {})
    -> accessor<T, D, M, Tg>;
template <typename T, int D, typename A>
accessor(buffer<T, D, A>&, handler&, range<D>, id<D>, const property_list& = {}) -> accessor<T, D>;
template <typename T, int D, typename A, access_mode M>
accessor(buffer<T, D, A>&, handler&, range<D>, id<D>, mode_tag_t<M>, const property_list& = {}) -> accessor<T, D, M>;
template <typename T, int D, typename A, access_mode M, target Tg>
accessor(buffer<T, D, A>&, handler&, range<D>, id<D>, mode_target_tag_t<M, Tg>, const property_list& = {})
    -> accessor<T, D, M, Tg>;

}  // namespace cohort
