// SPDX-License-Identifier: MIT
#pragma once
// SYCL 2020's stream (§4.16): text output from kernels to the host's stdout.
//
// `os << a << b << sycl::endl;` builds the statement's text in a buffer of its own (a
// temporary that lives until the end of the statement, on the work-item's stack, so fibers
// and threads never share one). The text is written:
// - on the CPU (host code): through the compiled runtime (src/handler.cpp), which keeps each
//   work-item's unfinished line aside and writes only whole lines, each with one fwrite, at a
//   newline or endl, and everything at flush, or once the unfinished line exceeds the
//   work-item buffer size. Lines a work-item builds over several statements (across barriers
//   too) stay whole. What is left when the kernel returns is written before its event
//   completes.
// - in CUDA device code: with one device printf per endl, flush, end of statement, or full
//   buffer (min(work-item buffer size, 255) bytes); the command synchronises its CUDA stream,
//   so that the output has reached stdout when its event completes. A line built over
//   several statements may be split there by other items' output.
// Manipulators last until the end of the statement (setw: the next item only).
//
// Formats: as std::ostream (and so C's printf) prints the value with the same flags; char
// types as characters, bool as 1 or 0, pointers in hex with 0x (null: 0); vec, id and range
// as {a, b, c}; item as item(range: {..}, id: {..}); nd_item as
// nd_item(global_id: {..}, local_id: {..}); group as group(id: {..}, global_range: {..},
// local_range: {..}, group_range: {..}); h_item as h_item(global item(..), logical local
// item(..), physical local item(..)).
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include <cohort/backend/stream_output.hpp>
#include <cohort/core/exception.hpp>
#include <cohort/core/group.hpp>
#include <cohort/core/h_item.hpp>
#include <cohort/core/half.hpp>
#include <cohort/core/id.hpp>
#include <cohort/core/item.hpp>
#include <cohort/core/multi_ptr.hpp>
#include <cohort/core/nd_item.hpp>
#include <cohort/core/range.hpp>
#include <cohort/core/vec.hpp>
#include <cohort/detail/stream_format.hpp>
#include <cohort/runtime/handler.hpp>
#include <cohort/runtime/properties.hpp>

namespace cohort {

enum class stream_manipulator {
  flush,
  dec,
  hex,
  oct,
  noshowbase,
  showbase,
  noshowpos,
  showpos,
  endl,
  fixed,
  scientific,
  hexfloat,
  defaultfloat
};
inline constexpr stream_manipulator flush = stream_manipulator::flush;
inline constexpr stream_manipulator dec = stream_manipulator::dec;
inline constexpr stream_manipulator hex = stream_manipulator::hex;
inline constexpr stream_manipulator oct = stream_manipulator::oct;
inline constexpr stream_manipulator noshowbase = stream_manipulator::noshowbase;
inline constexpr stream_manipulator showbase = stream_manipulator::showbase;
inline constexpr stream_manipulator noshowpos = stream_manipulator::noshowpos;
inline constexpr stream_manipulator showpos = stream_manipulator::showpos;
inline constexpr stream_manipulator endl = stream_manipulator::endl;
inline constexpr stream_manipulator fixed = stream_manipulator::fixed;
inline constexpr stream_manipulator scientific = stream_manipulator::scientific;
inline constexpr stream_manipulator hexfloat = stream_manipulator::hexfloat;
inline constexpr stream_manipulator defaultfloat = stream_manipulator::defaultfloat;

namespace detail {
struct precision_manipulator {
  int precision;
};
struct width_manipulator {
  int width;
};

/// The compiled runtime's side of a stream (src/handler.cpp): appends `text` to the unfinished
/// line of the work-item whose stack holds `frame`, and writes what is due (see above).
void stream_write(void* state, const void* frame, const char* text, std::size_t bytes, bool flush);

class stream_statement;
}  // namespace detail

COHORT_INLINE detail::precision_manipulator setprecision(int precision) { return {precision}; }
COHORT_INLINE detail::width_manipulator setw(int width) { return {width}; }

/// Kernel output (SYCL 2020 §4.16). Captured by value in kernels; copies share the output.
class stream {
public:
  stream(std::size_t totalBufferSize, std::size_t workItemBufferSize, handler& cgh, const property_list& = {})
      : m_state(cgh.open_stream(totalBufferSize, workItemBufferSize)),
        m_total(totalBufferSize),
        m_item(workItemBufferSize) {}

  COHORT_INLINE std::size_t size() const noexcept { return m_total; }
  [[deprecated("use size()")]] COHORT_INLINE std::size_t get_size() const { return m_total; }
  COHORT_INLINE std::size_t get_work_item_buffer_size() const { return m_item; }
  [[deprecated("use get_work_item_buffer_size()")]] COHORT_INLINE std::size_t get_max_statement_size() const {
    return m_item;
  }

  template <typename P>
  bool has_property() const noexcept {
    return false;
  }

  friend COHORT_INLINE bool operator==(const stream& a, const stream& b) { return a.m_state == b.m_state; }
  friend COHORT_INLINE bool operator!=(const stream& a, const stream& b) { return !(a == b); }

private:
  friend class detail::stream_statement;
  void* m_state;  // the compiled runtime's state, used by host code only
  std::size_t m_total;
  std::size_t m_item;
};

namespace detail {

/// The text of one statement `os << a << b ...`: the temporary that operator<< returns.
class stream_statement {
public:
  static constexpr std::size_t capacity = 255;

  template <typename T>
  COHORT_INLINE stream_statement(const stream& os, const T& first) : m_os(&os) {
    const std::size_t item = os.m_item == 0 ? 1 : os.m_item;
#if COHORT_DEVICE_PASS
    m_limit = item < capacity ? item : capacity;
#else
    (void)item;
    m_limit = capacity;
#endif
    write(first);
  }
  COHORT_INLINE ~stream_statement() { emit(false); }
  stream_statement(const stream_statement&) = delete;
  stream_statement& operator=(const stream_statement&) = delete;

  /// A statement converts to the stream, as SYCL's operator<< returns `const stream&`.
  COHORT_INLINE operator const stream&() const { return *m_os; }

  COHORT_INLINE void write(stream_manipulator m) {
    using stream_format::float_mode;
    switch (m) {
      case stream_manipulator::flush: emit(true); break;
      case stream_manipulator::endl:
        put('\n');
        emit(true);
        break;
      case stream_manipulator::dec: m_spec.base = 10; break;
      case stream_manipulator::hex: m_spec.base = 16; break;
      case stream_manipulator::oct: m_spec.base = 8; break;
      case stream_manipulator::noshowbase: m_spec.showbase = false; break;
      case stream_manipulator::showbase: m_spec.showbase = true; break;
      case stream_manipulator::noshowpos: m_spec.showpos = false; break;
      case stream_manipulator::showpos: m_spec.showpos = true; break;
      case stream_manipulator::fixed: m_spec.floats = float_mode::fixed; break;
      case stream_manipulator::scientific: m_spec.floats = float_mode::scientific; break;
      case stream_manipulator::hexfloat: m_spec.floats = float_mode::hex; break;
      case stream_manipulator::defaultfloat: m_spec.floats = float_mode::general; break;
    }
  }
  COHORT_INLINE void write(precision_manipulator p) { m_spec.precision = p.precision; }
  COHORT_INLINE void write(width_manipulator w) { m_spec.width = w.width; }

  COHORT_INLINE void write(char c) { padded([&](stream_format::text& t) { t.put(c); }); }
  COHORT_INLINE void write(signed char c) { write(static_cast<char>(c)); }
  COHORT_INLINE void write(unsigned char c) { write(static_cast<char>(c)); }
  COHORT_INLINE void write(const char* s) {
    if (!s) s = "(null)";
    std::size_t n = 0;
    while (s[n]) ++n;
    pad(n);
    for (std::size_t i = 0; i < n; ++i) put(s[i]);
  }
  COHORT_INLINE void write(char* s) { write(static_cast<const char*>(s)); }
  COHORT_INLINE void write(bool b) { write(static_cast<int>(b)); }
  template <typename T>
    requires(std::is_integral_v<T> && !std::is_same_v<T, bool> && !std::is_same_v<T, char> &&
             !std::is_same_v<T, signed char> && !std::is_same_v<T, unsigned char>)
  COHORT_INLINE void write(T v) {
    using U = std::make_unsigned_t<T>;
    const bool negative = std::is_signed_v<T> && v < 0;
    const unsigned long long bits = static_cast<U>(v);
    const unsigned long long mag = negative ? 0ull - static_cast<unsigned long long>(static_cast<long long>(v)) : bits;
    padded([&](stream_format::text& t) {
      stream_format::format_integer(t, mag, negative, std::is_signed_v<T>, bits, m_spec);
    });
  }
  COHORT_INLINE void write(double v) {
    padded([&](stream_format::text& t) { stream_format::format_double(t, v, m_spec); });
  }
  COHORT_INLINE void write(float v) { write(static_cast<double>(v)); }
  COHORT_INLINE void write(half v) { write(static_cast<double>(static_cast<float>(v))); }
  template <typename T>
  COHORT_INLINE void write(T* p) {
    stream_format::spec s;
    s.base = 16;
    s.showbase = true;
    const auto bits = static_cast<unsigned long long>(reinterpret_cast<std::uintptr_t>(p));
    padded([&](stream_format::text& t) { stream_format::format_integer(t, bits, false, false, bits, s); });
  }
  template <typename T, access::address_space Space, access::decorated D>
  COHORT_INLINE void write(const multi_ptr<T, Space, D>& p) {
    write(static_cast<const void*>(p.get_raw()));
  }
  template <typename T, int N>
  COHORT_INLINE void write(const vec<T, N>& v) {
    put('{');
    for (int i = 0; i < N; ++i) {
      if (i != 0) put(", ");
      write(v[i]);
    }
    put('}');
  }
  template <int D>
  COHORT_INLINE void write(const id<D>& v) {
    sizes(v);
  }
  template <int D>
  COHORT_INLINE void write(const range<D>& v) {
    sizes(v);
  }
  template <int D, bool WithOffset>
  COHORT_INLINE void write(const item<D, WithOffset>& it) {
    put("item(range: ");
    sizes(it.get_range());
    put(", id: ");
    sizes(it.get_id());
    put(')');
  }
  template <int D>
  COHORT_INLINE void write(const nd_item<D>& it) {
    put("nd_item(global_id: ");
    sizes(it.get_global_id());
    put(", local_id: ");
    sizes(it.get_local_id());
    put(')');
  }
  template <int D>
  COHORT_INLINE void write(const group<D>& g) {
    put("group(id: ");
    sizes(g.get_group_id());
    put(", global_range: ");
    sizes(g.get_group_range() * g.get_local_range());
    put(", local_range: ");
    sizes(g.get_local_range());
    put(", group_range: ");
    sizes(g.get_group_range());
    put(')');
  }
  template <int D>
  COHORT_INLINE void write(const h_item<D>& it) {
    put("h_item(global ");
    write(it.get_global());
    put(", logical local ");
    write(it.get_logical_local());
    put(", physical local ");
    write(it.get_physical_local());
    put(')');
  }

private:
  COHORT_INLINE void put(char c) {
    if (m_size >= m_limit) emit(false);
    m_buf[m_size++] = c;
  }
  COHORT_INLINE void put(const char* s) {
    while (*s) put(*s++);
  }
  /// Spaces before an item of `n` characters, to the width set (which it uses up).
  COHORT_INLINE void pad(std::size_t n) {
    for (std::size_t i = n; i < static_cast<std::size_t>(m_spec.width > 0 ? m_spec.width : 0); ++i) put(' ');
    m_spec.width = 0;
  }
  /// Formats one item into scratch, then pads and appends it.
  template <typename F>
  COHORT_INLINE void padded(F&& format) {
    char scratch[400];
    stream_format::text t{scratch, sizeof scratch};
    format(t);
    pad(t.size);
    for (std::size_t i = 0; i < t.size; ++i) put(scratch[i]);
  }
  template <typename A>
  COHORT_INLINE void sizes(const A& a) {
    constexpr int D = A::dimensions;
    put('{');
    for (int d = 0; d < D; ++d) {
      if (d != 0) put(", ");
      write(static_cast<std::size_t>(a[d]));
    }
    put('}');
  }
  /// Hands the text so far on (see the top of this file); `flush`: endl or flush.
  COHORT_INLINE void emit(bool flush) {
#if COHORT_DEVICE_PASS
    (void)flush;
    if (m_size == 0) return;
    m_buf[m_size] = '\0';
    kernel_hooks::stream_print(m_buf);
#else
    if (m_size == 0 && !flush) return;
    stream_write(m_os->m_state, this, m_buf, m_size, flush);
#endif
    m_size = 0;
  }

  const stream* m_os;
  stream_format::spec m_spec;
  std::size_t m_size = 0;
  std::size_t m_limit = capacity;
  char m_buf[capacity + 1];
};

template <typename T>
concept streamable = requires(stream_statement& s, const T& v) { s.write(v); };

// The rest of a statement (in this namespace, where argument-dependent lookup finds them).
template <typename T>
  requires streamable<T>
COHORT_INLINE stream_statement&& operator<<(stream_statement&& s, const T& rhs) {
  s.write(rhs);
  return static_cast<stream_statement&&>(s);
}
COHORT_INLINE stream_statement&& operator<<(stream_statement&& s, stream_manipulator m) {
  s.write(m);
  return static_cast<stream_statement&&>(s);
}

}  // namespace detail

/// Starts a statement's text; SYCL returns `const stream&`, the statement converts to it.
template <typename T>
  requires detail::streamable<T>
COHORT_INLINE detail::stream_statement operator<<(const stream& os, const T& rhs) {
  return detail::stream_statement(os, rhs);
}
// Manipulators by value: device code may not take the address of a namespace-scope constant.
COHORT_INLINE detail::stream_statement operator<<(const stream& os, stream_manipulator m) {
  return detail::stream_statement(os, m);
}

}  // namespace cohort
