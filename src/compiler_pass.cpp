// SPDX-License-Identifier: MIT
// The run-time side of the CPU compiler pass (backend/cpu/compiler_pass.hpp): the marker
// functions as code the pass did not transform sees them, each thread's collective scratch
// and per-item storage, and COHORT_VERBOSE's report of kernels that ran on fibers.
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <new>
#include <set>
#include <string>

#include <cohort/backend/cpu/compiler_pass.hpp>
#include <cohort/backend/cpu/group_arena.hpp>

extern "C" {
bool __cohort_cbs_transformed() noexcept { return false; }
bool __cohort_cbs_active() noexcept { return false; }
std::size_t __cohort_cbs_local_id(std::size_t) noexcept { return 0; }
void __cohort_cbs_barrier() noexcept {}
void __cohort_cbs_unsupported() noexcept {}
std::byte* __cohort_cbs_scratch() noexcept { return cohort::backends::cpu::cbs::scratch_state::t_base; }
std::byte* __cohort_cbs_deposits() noexcept {
  return cohort::backends::cpu::cbs::scratch_state::t_base + cohort::backends::cpu::cbs::scratch_result_bytes;
}
char* __cohort_cbs_local_memory() noexcept { return cohort::backends::cpu::group_arena::active().local_accessor_base(); }
}

namespace cohort::backends::cpu::cbs {
namespace {

/// A 64-byte aligned buffer per thread that only grows.
struct thread_buffer {
  std::byte* data = nullptr;
  std::size_t bytes = 0;
  ~thread_buffer() { ::operator delete(data, std::align_val_t{64}); }
  std::byte* at_least(std::size_t wanted) {
    if (wanted > bytes) {
      std::size_t grown = bytes < 4096 ? 4096 : bytes;
      while (grown < wanted) grown *= 2;
      auto* fresh = static_cast<std::byte*>(::operator new(grown, std::align_val_t{64}, std::nothrow));
      if (!fresh) return nullptr;
      ::operator delete(data, std::align_val_t{64});
      data = fresh;
      bytes = grown;
    }
    return data;
  }
};

thread_local thread_buffer t_scratch;
thread_local thread_buffer t_item_storage;

}  // namespace

void grow_scratch(std::size_t bytes) {
  std::byte* p = t_scratch.at_least(bytes);
  if (!p) throw std::bad_alloc();
  scratch_state::t_base = p;
  scratch_state::t_bytes = t_scratch.bytes;
}

namespace {
bool g_loops_enabled = true;
}
bool loops_enabled() { return __atomic_load_n(&g_loops_enabled, __ATOMIC_RELAXED); }
void set_loops_enabled(bool enabled) { __atomic_store_n(&g_loops_enabled, enabled, __ATOMIC_RELAXED); }

void report_fallback(const char* kernel, const char* why) {
  static const bool verbose = std::getenv("COHORT_VERBOSE") != nullptr;
  if (!verbose) return;
  static std::mutex mutex;
  static std::set<std::string>& reported = *new std::set<std::string>;
  // `kernel` is __PRETTY_FUNCTION__ of a template on the kernel's type: keep the type.
  std::string name(kernel);
  if (const auto at = name.find("[Kernel = "); at != std::string::npos) name = name.substr(at + 10, name.size() - at - 11);
  std::lock_guard lock(mutex);
  if (reported.insert(name + why).second)
    std::fprintf(stderr, "cohort: nd_range kernel on fibers (%s): %s\n", why, name.c_str());
}

}  // namespace cohort::backends::cpu::cbs

extern "C" void* __cohort_cbs_item_storage(std::size_t bytes) noexcept {
  // The generated code cannot handle a failure: a group too large for memory ends the program.
  void* p = cohort::backends::cpu::cbs::t_item_storage.at_least(bytes);
  if (!p) {
    std::fprintf(stderr, "cohort: cannot allocate %zu bytes of per-item storage\n", bytes);
    std::abort();
  }
  return p;
}
