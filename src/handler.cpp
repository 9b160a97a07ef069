// SPDX-License-Identifier: MIT
// The handler's non-template members.
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include <cohort/runtime/handler.hpp>
#include <cohort/runtime/stream.hpp>

#include "backend_memory.hpp"
#include "usm_registry.hpp"

namespace cohort {

namespace {
/// Whether a CPU queue's copy touches memory only a GPU can reach (device USM, or managed
/// memory, which the host may touch but the CUDA runtime copies faster).
[[maybe_unused]] bool touches_gpu_memory(const void* a, const void* b) {
  for (const void* p : {a, b}) {
    const auto e = detail::usm_find(p);
    if (e && e->dev.get_backend() == backend::cuda && e->kind == usm::alloc::device) return true;
  }
  return false;
}
}  // namespace

handler::handler(const device& d, void* native_queue) : m_device(d), m_native(native_queue) {}
handler::~handler() = default;

void handler::memcpy(void* dest, const void* src, std::size_t bytes) {
  if (bytes != 0 && (!dest || !src)) throw exception(errc::invalid, "memcpy: a null pointer for " + std::to_string(bytes) + " bytes");
  if (bytes == 0) return set_work([] {});
#if COHORT_WITH_CUDA
  if (m_device.get_backend() == backend::cuda)
    return set_work([=, native = m_native] { backends::cuda::copy(native, dest, src, bytes); });
  if (touches_gpu_memory(dest, src)) return set_work([=] { backends::cuda::copy_blocking(dest, src, bytes); });
#endif
  set_work([=] { backends::cpu::copy(dest, src, bytes); });
}

void handler::memset(void* ptr, int value, std::size_t bytes) {
  if (bytes != 0 && !ptr) throw exception(errc::invalid, "memset: a null pointer for " + std::to_string(bytes) + " bytes");
  if (bytes == 0) return set_work([] {});
#if COHORT_WITH_CUDA
  if (m_device.get_backend() == backend::cuda)
    return set_work([=, native = m_native] { backends::cuda::set(native, ptr, value, bytes); });
#endif
  set_work([=] { backends::cpu::set(ptr, value, bytes); });
}

void handler::fill_bytes(void* ptr, const void* pattern, std::size_t pattern_bytes, std::size_t count) {
  if (count != 0 && !ptr) throw exception(errc::invalid, "fill with a null pointer");
  if (count == 0) return set_work([] {});
  std::string copy(static_cast<const char*>(pattern), pattern_bytes);  // the pattern outlives the call
#if COHORT_WITH_CUDA
  if (m_device.get_backend() == backend::cuda)
    return set_work([=, native = m_native] { backends::cuda::fill(native, ptr, copy.data(), pattern_bytes, count); });
#endif
  set_work([=] { backends::cpu::fill(ptr, copy.data(), pattern_bytes, count); });
}

// ---- USM hints ----

namespace {
[[maybe_unused]] bool is_managed(const void* p) {
  const auto e = detail::usm_find(p);
  return e && e->kind == usm::alloc::shared && e->dev.get_backend() == backend::cuda;
}
}  // namespace

void handler::prefetch(const void* ptr, std::size_t bytes) {
  if (bytes != 0 && !ptr) throw exception(errc::invalid, "prefetch: a null pointer for " + std::to_string(bytes) + " bytes");
#if COHORT_WITH_CUDA
  if (bytes != 0 && m_device.get_backend() == backend::cuda && is_managed(ptr))
    return set_work([=, native = m_native, index = m_device.description().index_in_backend] {
      backends::cuda::prefetch(native, ptr, bytes, static_cast<int>(index));
    });
#endif
  set_work([] {});
}

void handler::mem_advise(const void* ptr, std::size_t bytes, int advice) {
  if (bytes != 0 && !ptr) throw exception(errc::invalid, "mem_advise: a null pointer for " + std::to_string(bytes) + " bytes");
#if COHORT_WITH_CUDA
  if (m_device.get_backend() == backend::cuda) {
    backends::cuda::check_advice(advice);
    if (bytes != 0 && is_managed(ptr))
      return set_work([=, index = m_device.description().index_in_backend] {
        backends::cuda::advise(ptr, bytes, advice, static_cast<int>(index));
      });
  }
#endif
  (void)advice;
  set_work([] {});
}

// ---- sycl::stream ----

namespace {
/// A stream's host side: the unfinished line of each work-item that has one.
struct stream_state {
  std::size_t work_item_bytes;
  /// Two statements of one work-item have their frames on the same stack, much closer than
  /// two work-items' (each fiber has a stack of its own; the items of a plain loop run one
  /// after another, where an unfinished line simply continues).
  std::uintptr_t same_stack_distance;
  struct line {
    std::thread::id thread;
    std::uintptr_t frame;
    std::string text;
  };
  std::mutex mutex;
  std::vector<line> lines;
  std::atomic<std::size_t> unfinished{0};

  void write_out(const char* text, std::size_t bytes) {
    if (bytes != 0) std::fwrite(text, 1, bytes, stdout);  // one call: stdio writes it whole
  }
  void close() {
    const std::lock_guard<std::mutex> lock(mutex);
    for (auto& l : lines) write_out(l.text.data(), l.text.size());
    lines.clear();
    unfinished.store(0, std::memory_order_relaxed);
    std::fflush(stdout);
  }
};

/// Half the size of a fiber's stack (as src/fiber_engine.cpp reads it; its least is 16 KiB).
std::uintptr_t half_fiber_stack() {
  static const std::uintptr_t bytes = [] {
    const char* env = std::getenv("COHORT_FIBER_STACK_BYTES");
    const unsigned long long v = env ? std::strtoull(env, nullptr, 10) : 0;
    return static_cast<std::uintptr_t>(v >= 16 * 1024 ? v : 256 * 1024) / 2;
  }();
  return bytes;
}

/// Where the text's whole lines end: after its last newline (0: none).
std::size_t whole_lines(const char* text, std::size_t bytes) {
  for (std::size_t i = bytes; i > 0; --i)
    if (text[i - 1] == '\n') return i;
  return 0;
}
}  // namespace

void detail::stream_write(void* state, const void* frame, const char* text, std::size_t bytes, bool flush) {
  auto& s = *static_cast<stream_state*>(state);
  const std::size_t whole = flush ? bytes : whole_lines(text, bytes);
  // The common case, whole lines and no work-item with an unfinished one: no lock.
  if (whole == bytes && s.unfinished.load(std::memory_order_acquire) == 0) return s.write_out(text, bytes);
  const auto here = reinterpret_cast<std::uintptr_t>(frame);
  const auto me = std::this_thread::get_id();
  const std::lock_guard<std::mutex> lock(s.mutex);
  stream_state::line* mine = nullptr;
  for (auto& l : s.lines)
    if (l.thread == me && (here > l.frame ? here - l.frame : l.frame - here) < s.same_stack_distance) mine = &l;
  if (!mine) {
    if (whole == bytes) return s.write_out(text, bytes);
    s.lines.push_back({me, here, std::string()});
    s.unfinished.fetch_add(1, std::memory_order_release);
    mine = &s.lines.back();
  }
  mine->frame = here;
  mine->text.append(text, bytes);
  std::string& t = mine->text;
  std::size_t cut = flush ? t.size() : whole_lines(t.data(), t.size());
  if (t.size() - cut > s.work_item_bytes) cut = t.size();  // the work-item buffer is full
  s.write_out(t.data(), cut);
  t.erase(0, cut);
  if (t.empty()) {
    if (mine != &s.lines.back()) *mine = std::move(s.lines.back());
    s.lines.pop_back();
    s.unfinished.fetch_sub(1, std::memory_order_release);
  }
}

void* handler::open_stream(std::size_t total_bytes, std::size_t work_item_bytes) {
  if (work_item_bytes == 0 || total_bytes == 0)
    throw exception(errc::invalid, "stream: buffer sizes must not be 0");
  auto s = std::make_shared<stream_state>();
  s->work_item_bytes = work_item_bytes;
  s->same_stack_distance = half_fiber_stack();
  m_streams.push_back(s);
  m_has_streams = true;
  return s.get();
}

void handler::attach_streams() {
  std::vector<std::shared_ptr<void>> streams = std::move(m_streams);
  m_streams.clear();
  m_has_streams = false;
  const bool on_gpu = m_device.get_backend() != backend::cpu;
  m_work = [work = std::move(m_work), streams = std::move(streams), on_gpu, native = m_native] {
    const auto finish = [&] {
#if COHORT_WITH_CUDA
      if (on_gpu) backends::cuda::synchronize(native);
#else
      (void)on_gpu;
      (void)native;
#endif
      for (const auto& s : streams) static_cast<stream_state*>(s.get())->close();
    };
    try {
      work();
    } catch (...) {
      finish();
      throw;
    }
    finish();
  };
}

void handler::depends_on(const event& e) { m_dependencies.push_back(e.state()); }

void handler::depends_on(const std::vector<event>& events) {
  for (const auto& e : events) depends_on(e);
}

std::size_t handler::reserve_local_memory(std::size_t bytes, std::size_t alignment) {
  const std::size_t limit = m_device.description().local_mem_size;
  const std::size_t offset = (m_local_bytes + alignment - 1) / alignment * alignment;
  // Checked here, with every request, so that no sum can wrap around past the limit.
  if (bytes > limit || offset > limit - bytes)
    throw exception(errc::memory_allocation, "local accessors need more than the device's " + std::to_string(limit) +
                                                 " bytes of local memory (" + std::to_string(bytes) +
                                                 " more bytes requested after " + std::to_string(offset) + ")");
  m_local_bytes = offset + bytes;
  return offset;
}

std::uint32_t handler::resolve_sub_group_size(std::uint32_t requested, std::uint32_t build_default) const {
  // The first launch's COHORT_DEFAULT_SUB_GROUP_SIZE, plus one (0: no launch yet). Translation
  // units compiled with different values would give one kernel type two sub-group sizes.
  static std::atomic<std::uint32_t> program_default{0};
  std::uint32_t seen = 0;
  if (!program_default.compare_exchange_strong(seen, build_default + 1, std::memory_order_relaxed) &&
      seen != build_default + 1)
    throw exception(errc::invalid, "parallel_for(nd_range): this translation unit was compiled with "
                                   "COHORT_DEFAULT_SUB_GROUP_SIZE=" + std::to_string(build_default) +
                                   ", an earlier launch's with " + std::to_string(seen - 1) +
                                   " (0: unset); set it for the whole program");
  const std::uint32_t size = requested != 0 ? requested : build_default;
  if (size == 0) return m_device.description().default_sub_group_size;
  check_sub_group_size(size, requested != 0 ? "the kernel's properties" : "COHORT_DEFAULT_SUB_GROUP_SIZE");
  return size;
}

void handler::check_sub_group_size(std::uint32_t size, const char* source) const {
  const auto& desc = m_device.description();
  for (auto s : desc.sub_group_sizes)
    if (s == size) return;
  std::string supported;
  for (auto s : desc.sub_group_sizes) supported += (supported.empty() ? "" : ", ") + std::to_string(s);
  throw exception(errc::kernel_not_supported, "sub-group size " + std::to_string(size) + " (from " + source +
                                                  ") is not one of the device's (" + supported + ")");
}

void handler::check_aspect(aspect a) const {
  if (!m_device.has(a))
    throw exception(errc::kernel_not_supported, "the kernel requires an aspect (device_has, number " +
                                                    std::to_string(static_cast<int>(a)) + ") the device lacks");
}

void handler::check_local_memory() const {
  const auto limit = m_device.description().local_mem_size;
  if (m_local_bytes > limit)
    throw exception(errc::memory_allocation, "kernel needs " + std::to_string(m_local_bytes) +
                                                 " bytes of local memory, the device has " + std::to_string(limit));
}

void handler::reject_local_memory(const char* what) const {
  if (m_local_bytes != 0)
    throw exception(errc::kernel_argument, std::string("local accessors cannot be used with ") + what);
}

}  // namespace cohort
