// SPDX-License-Identifier: MIT
// The handler's non-template members.
#include <string>

#include <cohort/runtime/handler.hpp>

namespace cohort {

void handler::memcpy(void* dest, const void* src, std::size_t bytes) {
  if (bytes != 0 && (!dest || !src)) throw exception(errc::invalid, "memcpy: a null pointer for " + std::to_string(bytes) + " bytes");
  set_work([=, b = m_device.get_backend()] {
    detail::visit_backend(b, [&](auto launcher) { launcher.memcpy(dest, src, bytes); });
  });
}

void handler::memset(void* ptr, int value, std::size_t bytes) {
  if (bytes != 0 && !ptr) throw exception(errc::invalid, "memset: a null pointer for " + std::to_string(bytes) + " bytes");
  set_work([=, b = m_device.get_backend()] {
    detail::visit_backend(b, [&](auto launcher) { launcher.memset(ptr, value, bytes); });
  });
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

std::uint32_t handler::resolve_sub_group_size(std::uint32_t requested) const {
  const auto& desc = m_device.description();
  if (requested == 0) return desc.default_sub_group_size;
  for (auto s : desc.sub_group_sizes)
    if (s == requested) return requested;
  std::string supported;
  for (auto s : desc.sub_group_sizes) supported += (supported.empty() ? "" : ", ") + std::to_string(s);
  throw exception(errc::kernel_not_supported, "parallel_for(nd_range): sub-group size " + std::to_string(requested) +
                                                  " is not one of the device's (" + supported + ")");
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
