// SPDX-License-Identifier: MIT
#pragma once
// Switching the CPU between fiber stacks.
//
// Boost.Context's `jump_fcontext` also saves and restores the SSE and x87 control words on
// every jump (stmxcsr/fnstcw, ldmxcsr/fldcw), slow instructions that make such a switch
// far costlier than one that keeps only the callee-saved registers. Work-items of one
// thread already share one floating-point environment when they run as a plain loop, so
// not switching it is what the plain loop does too. On x86-64 ELF targets we therefore
// switch with the few instructions below (resuming with an indirect jump, which the branch
// predictor gets right where a `ret` into another stack misses); elsewhere, or with
// COHORT_BOOST_CONTEXT_SWITCH defined, with Boost.Context. Boost.Context provides the
// stacks (with guard pages) in both cases.
//
//   void* context_switch(void** save, void* target, void* data)
//     saves the caller's context in *save, resumes `target` and returns the `data` that
//     the next switch back to this context passes;
//   make_context<entry>(stack_top, size)
//     a context that, when first resumed, calls entry(data) on that stack (entry must
//     never return).
#include <cstddef>
#include <cstdint>

#if defined(__x86_64__) && defined(__ELF__) && !defined(COHORT_BOOST_CONTEXT_SWITCH)
#define COHORT_OWN_CONTEXT_SWITCH 1
#else
#include <boost/context/detail/fcontext.hpp>
#endif

namespace cohort::backends::cpu {

#if defined(COHORT_OWN_CONTEXT_SWITCH)

extern "C" void* cohort_cpu_context_switch(void** save, void* target, void* data);

// In a COMDAT group so that every translation unit may carry it (the library is
// header-only) and the linker keeps one copy. A saved context is the stack pointer after
// pushing the six callee-saved registers on top of the resume address. On resume `data`
// arrives both as the return value (a suspended context) and as the first argument (a new
// one).
asm(R"(
  .pushsection .text.cohort_cpu_context_switch,"axG",@progbits,cohort_cpu_context_switch,comdat
  .globl cohort_cpu_context_switch
  .type cohort_cpu_context_switch,@function
cohort_cpu_context_switch:
  pushq %rbp
  pushq %rbx
  pushq %r12
  pushq %r13
  pushq %r14
  pushq %r15
  movq %rsp, (%rdi)
  movq %rsi, %rsp
  popq %r15
  popq %r14
  popq %r13
  popq %r12
  popq %rbx
  popq %rbp
  movq %rdx, %rax
  movq %rdx, %rdi
  popq %rcx
  jmpq *%rcx
  .size cohort_cpu_context_switch, .-cohort_cpu_context_switch
  .popsection
)");

[[gnu::always_inline]] inline void* context_switch(void** save, void* target, void* data) {
  return cohort_cpu_context_switch(save, target, data);
}

template <void (*Entry)(void*)>
inline void* make_context(void* stack_top, std::size_t) {
  // Top 16-byte aligned; below it a null "return address" so that Entry starts with the
  // stack alignment of a called function, then Entry's address, then the six registers.
  auto top = reinterpret_cast<std::uintptr_t>(stack_top) & ~std::uintptr_t{15};
  void** slot = reinterpret_cast<void**>(top);
  *--slot = nullptr;
  *--slot = reinterpret_cast<void*>(Entry);
  for (int r = 0; r < 6; ++r) *--slot = nullptr;
  return slot;
}

#else

namespace context_detail {
struct handoff {
  void** save;
  void* data;
};
// The jumper's context arrives with the jump; store it where the jumper asked.
inline void* arrive(boost::context::detail::transfer_t t) {
  auto* h = static_cast<handoff*>(t.data);
  *h->save = t.fctx;
  return h->data;
}
template <void (*Entry)(void*)>
void start(boost::context::detail::transfer_t t) {
  Entry(arrive(t));
}
}  // namespace context_detail

[[gnu::always_inline]] inline void* context_switch(void** save, void* target, void* data) {
  context_detail::handoff h{save, data};
  return context_detail::arrive(boost::context::detail::jump_fcontext(target, &h));
}

template <void (*Entry)(void*)>
inline void* make_context(void* stack_top, std::size_t size) {
  return boost::context::detail::make_fcontext(stack_top, size, &context_detail::start<Entry>);
}

#endif

}  // namespace cohort::backends::cpu
