// SPDX-License-Identifier: MIT
#pragma once
// SYCL 2020 host accessors: the host's access to a buffer. Construction waits for the
// commands that must come first and brings the current contents to host memory; commands
// that need the buffer meanwhile wait until the last copy of the accessor is gone. A wait
// on such a command from the thread holding the accessor throws errc::invalid.
#include <memory>
#include <string>
#include <type_traits>

#include <cohort/core/multi_ptr.hpp>
#include <cohort/runtime/accessor.hpp>

namespace cohort {

template <typename DataT, int Dimensions, access_mode AccessMode>
class host_accessor : public detail::accessor_view<detail::accessed_type<DataT, AccessMode>, Dimensions> {
  static_assert(AccessMode == access_mode::read || AccessMode == access_mode::write ||
                    AccessMode == access_mode::read_write,
                "host_accessor takes access_mode read, write or read_write");
  using element = std::remove_const_t<DataT>;
  using view = detail::accessor_view<detail::accessed_type<DataT, AccessMode>, Dimensions>;
  template <typename U>
  static constexpr bool same_element = std::is_same_v<std::remove_const_t<U>, element>;
  template <typename Tag>
  using tag_for = std::enable_if_t<detail::is_tag_for<Tag, AccessMode, target::device>, int>;

public:
  using value_type = detail::accessed_type<DataT, AccessMode>;
  using reference = value_type&;
  using const_reference = const value_type&;
  static constexpr int dimensions = Dimensions;

  host_accessor() = default;
  template <typename U, typename A>
    requires same_element<U>
  host_accessor(buffer<U, Dimensions, A>& b, const property_list& p = {}) : host_accessor(b, b.get_range(), {}, p, 0) {}
  template <typename U, typename A, typename Tag, tag_for<Tag> = 0>
    requires same_element<U>
  host_accessor(buffer<U, Dimensions, A>& b, Tag, const property_list& p = {}) : host_accessor(b, b.get_range(), {}, p, 0) {}
  template <typename U, typename A>
    requires same_element<U>
  host_accessor(buffer<U, Dimensions, A>& b, range<Dimensions> r, const property_list& p = {})
      : host_accessor(b, r, {}, p, 0) {}
  template <typename U, typename A, typename Tag, tag_for<Tag> = 0>
    requires same_element<U>
  host_accessor(buffer<U, Dimensions, A>& b, range<Dimensions> r, Tag, const property_list& p = {})
      : host_accessor(b, r, {}, p, 0) {}
  template <typename U, typename A>
    requires same_element<U>
  host_accessor(buffer<U, Dimensions, A>& b, range<Dimensions> r, id<Dimensions> offset, const property_list& p = {})
      : host_accessor(b, r, offset, p, 0) {}
  template <typename U, typename A, typename Tag, tag_for<Tag> = 0>
    requires same_element<U>
  host_accessor(buffer<U, Dimensions, A>& b, range<Dimensions> r, id<Dimensions> offset, Tag, const property_list& p = {})
      : host_accessor(b, r, offset, p, 0) {}

  /// The start of the buffer (not of the access range), as SYCL 2020 says.
  value_type* get_pointer() const noexcept { return this->buffer_origin(); }
  template <access::decorated IsDecorated>
  multi_ptr<value_type, access::address_space::global_space, IsDecorated> get_multi_ptr() const noexcept {
    return multi_ptr<value_type, access::address_space::global_space, IsDecorated>(this->buffer_origin());
  }

  friend bool operator==(const host_accessor& a, const host_accessor& b) { return a.m_token == b.m_token; }

private:
  template <typename U, typename A>
  host_accessor(buffer<U, Dimensions, A>& b, range<Dimensions> r, id<Dimensions> offset, const property_list& p, int)
      : view(nullptr, b.get_range(), r, offset) {
    for (int d = 0; d < Dimensions; ++d)
      if (offset[d] > b.get_range()[d] || r[d] > b.get_range()[d] - offset[d])
        throw exception(errc::invalid, "host_accessor: range " + std::to_string(r[d]) + " from offset " +
                                           std::to_string(offset[d]) + " exceeds the buffer's " +
                                           std::to_string(b.get_range()[d]) + " in dimension " + std::to_string(d));
    void* memory = nullptr;
    m_token = detail::acquire_host_access(b.state(), AccessMode, p.has_property<property::no_init>(), memory);
    this->move_to(reinterpret_cast<value_type*>(static_cast<char*>(memory) + b.byte_offset()));
  }

  std::shared_ptr<void> m_token;  // the access lasts as long as a copy of the accessor
};

/// SYCL 1.2.1's host accessor type, `accessor<T, D, mode, target::host_buffer>` (deprecated in
/// SYCL 2020): a host_accessor, the discard modes without the previous contents.
template <typename DataT, int Dimensions, access_mode AccessMode, access::placeholder IsPlaceholder>
class accessor<DataT, Dimensions, AccessMode, target::host_buffer, IsPlaceholder>
    : public host_accessor<DataT, Dimensions, detail::host_mode(AccessMode)> {
  using base = host_accessor<DataT, Dimensions, detail::host_mode(AccessMode)>;
  static property_list with_mode(const property_list& p) {
    return AccessMode == access_mode::discard_write || AccessMode == access_mode::discard_read_write
               ? property_list{no_init}
               : p;
  }

public:
  accessor() = default;
  template <typename U, typename A>
  accessor(buffer<U, Dimensions, A>& b, const property_list& p = {}) : base(b, with_mode(p)) {}
  template <typename U, typename A>
  accessor(buffer<U, Dimensions, A>& b, range<Dimensions> r, const property_list& p = {}) : base(b, r, with_mode(p)) {}
  template <typename U, typename A>
  accessor(buffer<U, Dimensions, A>& b, range<Dimensions> r, id<Dimensions> offset, const property_list& p = {})
      : base(b, r, offset, with_mode(p)) {}
};

template <typename T, int D, typename A>
host_accessor(buffer<T, D, A>&, const property_list& = {}) -> host_accessor<T, D>;
template <typename T, int D, typename A, access_mode M>
host_accessor(buffer<T, D, A>&, mode_tag_t<M>, const property_list& = {}) -> host_accessor<T, D, M>;
template <typename T, int D, typename A>
host_accessor(buffer<T, D, A>&, range<D>, const property_list& = {}) -> host_accessor<T, D>;
template <typename T, int D, typename A, access_mode M>
host_accessor(buffer<T, D, A>&, range<D>, mode_tag_t<M>, const property_list& = {}) -> host_accessor<T, D, M>;
template <typename T, int D, typename A>
host_accessor(buffer<T, D, A>&, range<D>, id<D>, const property_list& = {}) -> host_accessor<T, D>;
template <typename T, int D, typename A, access_mode M>
host_accessor(buffer<T, D, A>&, range<D>, id<D>, mode_tag_t<M>, const property_list& = {}) -> host_accessor<T, D, M>;

}  // namespace cohort
