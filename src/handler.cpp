// SPDX-License-Identifier: MIT
// The handler's non-template members.
#include <atomic>
#include <string>

#include <cohort/runtime/handler.hpp>

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
