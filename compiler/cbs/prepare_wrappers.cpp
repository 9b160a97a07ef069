// SPDX-License-Identifier: MIT
#include "prepare_wrappers.hpp"

#include <llvm/ADT/SetVector.h>
#include <llvm/ADT/SmallPtrSet.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Transforms/Utils/Cloning.h>

#include "markers.hpp"

using namespace llvm;

namespace cohort_cbs {

namespace {

/// Inlining stops here: a kernel that needs more is declined, not compiled forever.
constexpr unsigned max_inlined_calls = 4000;

/// Functions that call one of `targets`, directly or through other functions of this module.
SmallPtrSet<Function*, 32> functions_reaching(const SmallVectorImpl<Function*>& targets) {
  SmallPtrSet<Function*, 32> reaching;
  SmallVector<Function*, 32> work;
  for (Function* marker : targets) {
    for (User* user : marker->users())
      if (auto* call = dyn_cast<CallBase>(user))
        if (reaching.insert(call->getFunction()).second) work.push_back(call->getFunction());
  }
  while (!work.empty()) {
    Function* f = work.pop_back_val();
    for (User* user : f->users())
      if (auto* call = dyn_cast<CallBase>(user))
        if (call->getCalledFunction() == f && reaching.insert(call->getFunction()).second)
          work.push_back(call->getFunction());
  }
  return reaching;
}

/// Inlines every call in `wrapper` of a function in `reaching`; false where one could not be.
bool inline_reaching_calls(Function& wrapper, const SmallPtrSet<Function*, 32>& reaching) {
  unsigned inlined = 0;
  for (bool changed = true; changed;) {
    changed = false;
    SmallVector<CallBase*, 16> calls;
    for (Instruction& inst : instructions(wrapper))
      if (auto* call = dyn_cast<CallBase>(&inst)) {
        Function* callee = call->getCalledFunction();
        if (callee && reaching.count(callee)) calls.push_back(call);
      }
    for (CallBase* call : calls) {
      Function* callee = call->getCalledFunction();
      if (callee == &wrapper || callee->isDeclaration()) return false;
      if (++inlined > max_inlined_calls) return false;
      InlineFunctionInfo info;
      if (!InlineFunction(*call, info).isSuccess()) return false;
      changed = true;
    }
  }
  return true;
}

}  // namespace

PreservedAnalyses prepare_wrappers::run(Module& module, ModuleAnalysisManager&) {
  Function* transformed = module.getFunction(transformed_marker);
  Function* active = module.getFunction(active_marker);
  if (!transformed && !active) return PreservedAnalyses::all();

  SmallSetVector<Function*, 8> wrappers;
  if (transformed)
    for (User* user : transformed->users())
      if (auto* call = dyn_cast<CallBase>(user)) wrappers.insert(call->getFunction());

  SmallVector<Function*, 4> markers, streams;
  for (StringRef name : {active_marker, barrier_marker, unsupported_marker})
    if (Function* marker = module.getFunction(name)) markers.push_back(marker);
  // sycl::stream keeps each item's unfinished line apart by its stack, which the items share
  // as loops: kernels that print run on fibers.
  for (Function& function : module)
    if (function.isDeclaration() && function.getName().contains("stream_write")) streams.push_back(&function);
  const SmallPtrSet<Function*, 32> reaching = functions_reaching(markers);
  const SmallPtrSet<Function*, 32> printing = functions_reaching(streams);
  SmallPtrSet<Function*, 8> accepted;
  for (Function* wrapper : wrappers) {
    if (printing.count(wrapper)) {
      wrapper->addFnAttr(declined_attribute);
      if (debug_enabled()) errs() << "cohort-cbs: " << wrapper->getName() << ": a sycl::stream\n";
      continue;
    }
    if (wrapper->hasOptNone() || !inline_reaching_calls(*wrapper, reaching)) {
      wrapper->addFnAttr(declined_attribute);
      if (debug_enabled()) errs() << "cohort-cbs: " << wrapper->getName() << ": a barrier in a call that cannot be inlined\n";
      continue;
    }
    accepted.insert(wrapper);
  }

  if (active) {
    SmallVector<CallBase*, 32> calls;
    for (User* user : active->users())
      if (auto* call = dyn_cast<CallBase>(user)) calls.push_back(call);
    for (CallBase* call : calls) {
      const bool in_wrapper = accepted.count(call->getFunction()) != 0;
      call->replaceAllUsesWith(ConstantInt::getBool(module.getContext(), in_wrapper));
      if (auto* invoke = dyn_cast<InvokeInst>(call)) BranchInst::Create(invoke->getNormalDest(), invoke);
      call->eraseFromParent();
    }
  }
  return PreservedAnalyses::none();
}

}  // namespace cohort_cbs
