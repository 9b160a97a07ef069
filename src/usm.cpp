// SPDX-License-Identifier: MIT
// USM allocation, release and pointer queries.
#include <cohort/runtime/usm.hpp>

#include "backend_memory.hpp"
#include "usm_registry.hpp"

namespace cohort {

namespace detail {

void* usm_allocate(std::size_t alignment, std::size_t bytes, const device& d, usm::alloc kind) {
  if (alignment != 0 && (alignment & (alignment - 1)) != 0) return nullptr;
  void* p = nullptr;
  switch (d.get_backend()) {
    case backend::cpu: p = backends::cpu::allocate(bytes, alignment); break;
#if COHORT_WITH_CUDA
    case backend::cuda: p = backends::cuda::allocate(d.description(), bytes, alignment, kind); break;
#endif
    default: break;
  }
  if (p) usm_register(p, usm_entry{bytes, kind, d});
  return p;
}

}  // namespace detail

void free(void* ptr, const context&) {
  if (!ptr) return;
  const auto e = detail::usm_unregister(ptr);
  if (!e) throw exception(errc::invalid, "free(): the pointer is not a live USM allocation");
  switch (e->dev.get_backend()) {
    case backend::cpu: backends::cpu::deallocate(ptr); break;
#if COHORT_WITH_CUDA
    case backend::cuda: backends::cuda::deallocate(ptr, e->kind); break;
#endif
    default: break;
  }
}

usm::alloc get_pointer_type(const void* ptr, const context&) {
  const auto e = detail::usm_find(ptr);
  return e ? e->kind : usm::alloc::unknown;
}

device get_pointer_device(const void* ptr, const context&) {
  const auto e = detail::usm_find(ptr);
  if (!e) throw exception(errc::invalid, "get_pointer_device: the pointer is not a live USM allocation");
  return e->dev;
}

}  // namespace cohort
