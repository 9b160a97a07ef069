// SPDX-License-Identifier: MIT
#include <boost/context/protected_fixedsize_stack.hpp>

#include <cohort/backend/cpu/fiber_stack.hpp>

namespace cohort::backends::cpu {

fiber_stack allocate_fiber_stack(std::size_t bytes) {
  const boost::context::stack_context s = boost::context::protected_fixedsize_stack(bytes).allocate();
  return {s.sp, s.size};
}

void deallocate_fiber_stack(fiber_stack stack) noexcept {
  boost::context::stack_context s;
  s.sp = stack.sp;
  s.size = stack.size;
  // The allocator keeps no state besides the size, which the context carries.
  boost::context::protected_fixedsize_stack(stack.size).deallocate(s);
}

}  // namespace cohort::backends::cpu
