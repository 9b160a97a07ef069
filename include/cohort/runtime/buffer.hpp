// SPDX-License-Identifier: MIT
#pragma once
// SYCL 2020 buffers: data that commands reach through accessors. The runtime keeps a copy in
// each place a command needed it (host memory, a GPU's memory), moves the current contents
// where the next command needs them, and orders commands by what their accessors touch.
// Copies of a buffer share it; the last one to go waits for the commands that use it and
// writes the contents back to the host memory the buffer was made from (or set_final_data's).
#include <iterator>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include <cohort/core/device_copyable.hpp>
#include <cohort/core/exception.hpp>
#include <cohort/core/id.hpp>
#include <cohort/core/range.hpp>
#include <cohort/detail/checked_size.hpp>
#include <cohort/runtime/buffer_commands.hpp>
#include <cohort/runtime/buffer_fwd.hpp>
#include <cohort/runtime/buffer_properties.hpp>
#include <cohort/runtime/properties.hpp>

namespace cohort {

class handler;

namespace detail {
/// Whether `C` is a contiguous container a buffer can be made from (std::data and std::size).
template <typename C>
concept buffer_container = requires(C& c) {
  std::data(c);
  std::size(c);
} && !std::is_pointer_v<C>;
/// The host accessor mode of SYCL 1.2.1's host get_access: the discard modes without "discard"
/// (their accessor is made with no_init).
constexpr access_mode host_mode(access_mode m) {
  return m == access_mode::discard_write        ? access_mode::write
         : m == access_mode::discard_read_write ? access_mode::read_write
                                                : m;
}
}  // namespace detail

template <typename T, int Dimensions, typename AllocatorT>
class buffer {
  static_assert(Dimensions >= 1 && Dimensions <= 3, "buffers have one to three dimensions");
  using element = std::remove_const_t<T>;
  // The runtime copies the items as their bytes, between the host and devices.
  static_assert(is_device_copyable_v<element>,
                "buffer: the element type must be device copyable (trivially copyable, a standard wrapper of device "
                "copyable types, or declared so by specializing sycl::is_device_copyable)");
  using buffer_properties = detail::buffer_properties;

public:
  using value_type = T;
  using reference = value_type&;
  using const_reference = const value_type&;
  using allocator_type = AllocatorT;

  /// Uninitialised contents, written back nowhere.
  explicit buffer(const range<Dimensions>& r, const buffer_properties& props = {}) : buffer(r, nullptr, props) {}
  buffer(const range<Dimensions>& r, AllocatorT, const buffer_properties& props = {}) : buffer(r, props) {}

  /// Starts with the contents of `host_data`, written back there at the end.
  buffer(T* host_data, const range<Dimensions>& r, const buffer_properties& props = {})
      : buffer(r, host_data, props) {
    if constexpr (!std::is_const_v<T>)
      if (host_data) write_back_to(host_data);
  }
  buffer(T* host_data, const range<Dimensions>& r, AllocatorT, const buffer_properties& props = {})
      : buffer(host_data, r, props) {}
  /// Starts with a copy of `host_data`; nothing is written back.
  template <typename U = T, typename = std::enable_if_t<!std::is_const_v<U>>>
  buffer(const T* host_data, const range<Dimensions>& r, const buffer_properties& props = {})
      : buffer(r, host_data, props, false) {}
  template <typename U = T, typename = std::enable_if_t<!std::is_const_v<U>>>
  buffer(const T* host_data, const range<Dimensions>& r, AllocatorT, const buffer_properties& props = {})
      : buffer(host_data, r, props) {}
  /// Shares ownership of `host_data`: starts with its contents, writes them back there.
  buffer(const std::shared_ptr<T>& host_data, const range<Dimensions>& r, const buffer_properties& props = {})
      : buffer(host_data.get(), r, props) {
    if (host_data) set_final_data(host_data);
  }
  buffer(const std::shared_ptr<T>& host_data, const range<Dimensions>& r, AllocatorT,
         const buffer_properties& props = {})
      : buffer(host_data, r, props) {}
  buffer(const std::shared_ptr<T[]>& host_data, const range<Dimensions>& r, const buffer_properties& props = {})
      : buffer(std::shared_ptr<T>(host_data, host_data.get()), r, props) {}
  buffer(const std::shared_ptr<T[]>& host_data, const range<Dimensions>& r, AllocatorT,
         const buffer_properties& props = {})
      : buffer(host_data, r, props) {}
  /// One dimension: a copy of [first, last); nothing is written back.
  template <typename InputIterator, typename = typename std::iterator_traits<InputIterator>::iterator_category,
            int D = Dimensions, typename = std::enable_if_t<D == 1 && !std::is_pointer_v<InputIterator>>>
  buffer(InputIterator first, InputIterator last, const buffer_properties& props = {})
      : buffer(from_elements(std::vector<element>(first, last), props)) {}
  template <typename InputIterator, typename = typename std::iterator_traits<InputIterator>::iterator_category,
            int D = Dimensions, typename = std::enable_if_t<D == 1 && !std::is_pointer_v<InputIterator>>>
  buffer(InputIterator first, InputIterator last, AllocatorT, const buffer_properties& props = {})
      : buffer(first, last, props) {}
  /// One dimension: the elements of a contiguous container, written back there at the end.
  template <detail::buffer_container Container, int D = Dimensions, typename = std::enable_if_t<D == 1>>
  buffer(Container& container, const buffer_properties& props = {})
      : buffer(std::data(container), range<1>(std::size(container)), props) {}
  template <detail::buffer_container Container, int D = Dimensions, typename = std::enable_if_t<D == 1>>
  buffer(Container& container, AllocatorT, const buffer_properties& props = {}) : buffer(container, props) {}

  /// A sub-buffer: `sub_range` items of `parent` from `offset`, sharing its memory. It must be
  /// contiguous in the parent (only the first dimension that is not 1 may be partial).
  buffer(buffer& parent, const id<Dimensions>& offset, const range<Dimensions>& sub_range)
      : m_state(parent.m_state), m_range(sub_range), m_byte_offset(parent.m_byte_offset), m_sub(true) {
    check_sub_buffer(parent.m_range, offset, sub_range);
    m_byte_offset += detail::linearize<Dimensions>(offset, parent.m_range) * sizeof(T);
  }

  range<Dimensions> get_range() const { return m_range; }
  std::size_t size() const noexcept { return m_range.size(); }
  std::size_t byte_size() const noexcept { return size() * sizeof(T); }
  /// SYCL 1.2.1 names.
  std::size_t get_count() const noexcept { return size(); }
  std::size_t get_size() const noexcept { return byte_size(); }
  AllocatorT get_allocator() const { return AllocatorT{}; }
  bool is_sub_buffer() const { return m_sub; }
  template <typename P>
  bool has_property() const noexcept {
    return m_props.has_property<P>();
  }
  /// errc::invalid if the buffer was not constructed with property P.
  template <typename P>
  P get_property() const {
    return m_props.get_property<P>();
  }

  /// An accessor for a command group (as the accessor constructors).
  template <access_mode Mode = access_mode::read_write, target Target = target::device>
  accessor<T, Dimensions, Mode, Target> get_access(handler& h) {
    return accessor<T, Dimensions, Mode, Target>(*this, h);
  }
  template <access_mode Mode = access_mode::read_write, target Target = target::device>
  accessor<T, Dimensions, Mode, Target> get_access(handler& h, range<Dimensions> access_range,
                                                   id<Dimensions> offset = {}) {
    return accessor<T, Dimensions, Mode, Target>(*this, h, access_range, offset);
  }
  /// SYCL 1.2.1's host access, as a host_accessor (the discard modes are write or read_write
  /// without the previous contents).
  template <access_mode Mode = access_mode::read_write>
  host_accessor<T, Dimensions, detail::host_mode(Mode)> get_access() {
    return host_accessor<T, Dimensions, detail::host_mode(Mode)>(*this, host_properties(Mode));
  }
  template <access_mode Mode = access_mode::read_write>
  host_accessor<T, Dimensions, detail::host_mode(Mode)> get_access(range<Dimensions> access_range,
                                                                   id<Dimensions> offset = {}) {
    return host_accessor<T, Dimensions, detail::host_mode(Mode)>(*this, access_range, offset, host_properties(Mode));
  }
  template <typename... Args>
  auto get_host_access(Args... args) {
    return host_accessor(*this, args...);
  }

  /// Where the contents go when the last copy of the buffer is destroyed: a pointer, a
  /// shared_ptr, a weak_ptr (if it still owns something then), an output iterator, or
  /// nullptr (nowhere).
  template <typename Destination = std::nullptr_t>
  void set_final_data(Destination destination = nullptr) {
    if constexpr (std::is_same_v<Destination, std::nullptr_t>) {
      detail::set_final_data(*m_state, {});
    } else if constexpr (std::is_convertible_v<Destination, element*>) {
      write_back_to(static_cast<element*>(destination));
    } else if constexpr (requires { destination.lock(); }) {
      detail::set_final_data(*m_state, [w = destination, at = m_byte_offset, n = size()](const void* data) {
        if (auto p = w.lock()) copy_out(data, at, n, p.get());
      });
    } else if constexpr (requires { destination.get(); }) {
      detail::set_final_data(*m_state, [p = destination, at = m_byte_offset, n = size()](const void* data) {
        copy_out(data, at, n, p.get());
      });
    } else {
      detail::set_final_data(*m_state, [it = destination, at = m_byte_offset, n = size()](const void* data) {
        copy_out(data, at, n, it);
      });
    }
  }
  void set_write_back(bool flag = true) { detail::set_write_back(*m_state, flag); }

  /// The same memory seen as `NewT` items in `r`, which must hold as many bytes.
  template <typename NewT, int NewDimensions = Dimensions,
            typename NewAllocatorT = buffer_allocator<std::remove_const_t<NewT>>>
  buffer<NewT, NewDimensions, NewAllocatorT> reinterpret(range<NewDimensions> r) const {
    if (r.size() * sizeof(NewT) != byte_size())
      throw exception(errc::invalid, "buffer::reinterpret: " + std::to_string(r.size() * sizeof(NewT)) +
                                         " bytes requested of a buffer of " + std::to_string(byte_size()));
    return buffer<NewT, NewDimensions, NewAllocatorT>(m_state, r, m_byte_offset, m_sub);
  }
  template <typename NewT, int NewDimensions = Dimensions,
            typename NewAllocatorT = buffer_allocator<std::remove_const_t<NewT>>>
    requires(NewDimensions == 1)
  buffer<NewT, NewDimensions, NewAllocatorT> reinterpret() const {
    if (byte_size() % sizeof(NewT) != 0)
      throw exception(errc::invalid, "buffer::reinterpret: " + std::to_string(byte_size()) +
                                         " bytes are not a whole number of the new type");
    return reinterpret<NewT, 1, NewAllocatorT>(range<1>(byte_size() / sizeof(NewT)));
  }

  friend bool operator==(const buffer& a, const buffer& b) {
    return a.m_state == b.m_state && a.m_byte_offset == b.m_byte_offset && a.m_range == b.m_range;
  }

  /// Runtime internals.
  const detail::buffer_handle& state() const { return m_state; }
  std::size_t byte_offset() const { return m_byte_offset; }
  template <typename, int, typename>
  friend class buffer;
  buffer(detail::buffer_handle state, range<Dimensions> r, std::size_t byte_offset, bool sub)
      : m_state(std::move(state)), m_range(r), m_byte_offset(byte_offset), m_sub(sub) {}

private:
  static property_list host_properties(access_mode m) {
    if (m == access_mode::discard_write || m == access_mode::discard_read_write) return property_list{no_init};
    return {};
  }

  buffer(const range<Dimensions>& r, const T* initial, const buffer_properties& props, bool = true)
      : m_state(detail::make_buffer(
            detail::checked_bytes<T>(detail::checked_size(r, errc::invalid, "buffer"), errc::invalid, "buffer"),
            initial, props.has_property<property::buffer::use_host_ptr>(), props.mutex())),
        m_range(r),
        m_props(props) {}

  static buffer from_elements(const std::vector<element>& items, const buffer_properties& props) {
    return buffer(range<1>(items.size()), items.data(), props, false);
  }

  void write_back_to(element* p) {
    detail::set_final_data(*m_state,
                           [p, at = m_byte_offset, n = size()](const void* data) { copy_out(data, at, n, p); });
  }
  /// Copies this buffer's `n` items, `at` bytes into the shared memory `data`, to `out`.
  template <typename Out>
  static void copy_out(const void* data, std::size_t at, std::size_t n, Out out) {
    const element* from = reinterpret_cast<const element*>(static_cast<const char*>(data) + at);
    std::copy(from, from + n, out);
  }

  static void check_sub_buffer(const range<Dimensions>& parent, const id<Dimensions>& offset,
                               const range<Dimensions>& sub) {
    int partial = -1;
    for (int d = 0; d < Dimensions; ++d) {
      if (offset[d] > parent[d] || sub[d] > parent[d] - offset[d])
        throw exception(errc::invalid, "sub-buffer: offset " + std::to_string(offset[d]) + " and range " +
                                           std::to_string(sub[d]) + " exceed the buffer's " +
                                           std::to_string(parent[d]) + " in dimension " + std::to_string(d));
      if (partial >= 0 && sub[d] != parent[d])
        throw exception(errc::invalid, "sub-buffer: not contiguous in its parent (dimension " + std::to_string(d) +
                                           " is partial after dimension " + std::to_string(partial) + ")");
      if (partial < 0 && sub[d] > 1) partial = d;
    }
  }

  detail::buffer_handle m_state;
  range<Dimensions> m_range;
  std::size_t m_byte_offset = 0;  // of item {0, ...} in the shared memory
  bool m_sub = false;
  buffer_properties m_props;
};

template <typename T, int D>
buffer(T*, range<D>, const detail::buffer_properties& = {}) -> buffer<T, D>;
template <typename T, int D>
buffer(const std::shared_ptr<T>&, range<D>, const detail::buffer_properties& = {}) -> buffer<T, D>;
template <typename T, int D>
buffer(const std::shared_ptr<T[]>&, range<D>, const detail::buffer_properties& = {}) -> buffer<T, D>;
template <typename InputIterator, typename = typename std::iterator_traits<InputIterator>::iterator_category>
buffer(InputIterator, InputIterator, const detail::buffer_properties& = {})
    -> buffer<typename std::iterator_traits<InputIterator>::value_type, 1>;
template <detail::buffer_container Container>
buffer(Container&, const detail::buffer_properties& = {})
    -> buffer<std::remove_reference_t<decltype(*std::data(std::declval<Container&>()))>, 1>;

}  // namespace cohort
