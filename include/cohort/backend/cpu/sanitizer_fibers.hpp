// SPDX-License-Identifier: MIT
#pragma once
// Tells AddressSanitizer and ThreadSanitizer about fiber switches; without it they
// report false stack errors and races. Compiles to nothing in normal builds.
#include <cstddef>

#include <cohort/backend/cpu/fiber_stack.hpp>

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define COHORT_ASAN_FIBERS 1
#endif
#if __has_feature(thread_sanitizer)
#define COHORT_TSAN_FIBERS 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define COHORT_ASAN_FIBERS 1
#endif
#if defined(__SANITIZE_THREAD__)
#define COHORT_TSAN_FIBERS 1
#endif

#if defined(COHORT_ASAN_FIBERS)
extern "C" void __sanitizer_start_switch_fiber(void** fake_stack_save, const void* bottom, std::size_t size);
extern "C" void __sanitizer_finish_switch_fiber(void* fake_stack_save, const void** bottom_old,
                                                std::size_t* size_old);
#endif
#if defined(COHORT_TSAN_FIBERS)
extern "C" void* __tsan_get_current_fiber();
extern "C" void* __tsan_create_fiber(unsigned flags);
extern "C" void __tsan_switch_to_fiber(void* fiber, unsigned flags);
#endif

namespace cohort::backends::cpu {

/// What the sanitizers need to know about one execution context.
struct fiber_switch_state {
#if defined(COHORT_ASAN_FIBERS)
  const void* bottom = nullptr;
  std::size_t size = 0;
  void* fake_stack = nullptr;
#endif
#if defined(COHORT_TSAN_FIBERS)
  void* tsan_fiber = nullptr;
#endif

  void create([[maybe_unused]] const fiber_stack& stack) {
#if defined(COHORT_ASAN_FIBERS)
    bottom = static_cast<const char*>(stack.sp) - stack.size;
    size = stack.size;
#endif
#if defined(COHORT_TSAN_FIBERS)
    tsan_fiber = __tsan_create_fiber(0);
#endif
  }
  /// For the thread's own stack (its bounds are learned on the first switch away).
  void adopt_current() {
#if defined(COHORT_TSAN_FIBERS)
    tsan_fiber = __tsan_get_current_fiber();
#endif
  }
  // Forced inline, at -O0 too: ThreadSanitizer records a function's entry on the fiber it
  // starts on and its exit on the fiber it ends on, and a call around the switch would
  // unbalance both fibers' shadow stacks.
  [[gnu::always_inline]] void before_leave([[maybe_unused]] fiber_switch_state& to) {
#if defined(COHORT_ASAN_FIBERS)
    __sanitizer_start_switch_fiber(&fake_stack, to.bottom, to.size);
#endif
#if defined(COHORT_TSAN_FIBERS)
    __tsan_switch_to_fiber(to.tsan_fiber, 0);
#endif
  }
  [[gnu::always_inline]] void after_arrive([[maybe_unused]] fiber_switch_state& from) {
#if defined(COHORT_ASAN_FIBERS)
    const void* old_bottom = nullptr;
    std::size_t old_size = 0;
    __sanitizer_finish_switch_fiber(fake_stack, &old_bottom, &old_size);
    if (!from.bottom) {
      from.bottom = old_bottom;
      from.size = old_size;
    }
#endif
  }
};

}  // namespace cohort::backends::cpu
