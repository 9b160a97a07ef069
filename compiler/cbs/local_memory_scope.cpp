// SPDX-License-Identifier: MIT
#include "local_memory_scope.hpp"

#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/MDBuilder.h>

using namespace llvm;

namespace cohort_cbs {

namespace {

constexpr unsigned max_lookup = 32;

/// Whether `p` points into the kernel's own data (the wrapper's arguments: the launcher's
/// state and the kernel object, which no item writes), or is a pointer loaded from there
/// (a captured pointer), `loads` loads deep at most. A local accessor's pointer is the local
/// memory's base plus an offset, never a captured pointer, and the local memory of a group
/// is made when the group starts, after the kernel captured its pointers.
bool from_kernel_data(const Value* p, unsigned loads) {
  const Value* object = getUnderlyingObject(p, max_lookup);
  if (isa<Argument>(object)) return true;
  const auto* load = dyn_cast<LoadInst>(object);
  return load && loads > 0 && load->isSimple() && from_kernel_data(load->getPointerOperand(), loads - 1);
}

}  // namespace

void scope_local_memory(Function& f, Value* local_memory) {
  if (!local_memory) return;
  LLVMContext& ctx = f.getContext();
  MDBuilder md(ctx);
  MDNode* domain = md.createAnonymousAliasScopeDomain("cbs.memory");
  MDNode* local = MDNode::get(ctx, {md.createAnonymousAliasScope(domain, "cbs.local_memory")});
  for (Instruction& inst : instructions(f)) {
    const Value* pointer = nullptr;
    if (auto* load = dyn_cast<LoadInst>(&inst))
      pointer = load->getPointerOperand();
    else if (auto* store = dyn_cast<StoreInst>(&inst))
      pointer = store->getPointerOperand();
    if (!pointer) continue;
    if (getUnderlyingObject(pointer, max_lookup) == local_memory)
      inst.setMetadata(LLVMContext::MD_alias_scope,
                       MDNode::concatenate(inst.getMetadata(LLVMContext::MD_alias_scope), local));
    else if (from_kernel_data(pointer, 2))
      inst.setMetadata(LLVMContext::MD_noalias, MDNode::concatenate(inst.getMetadata(LLVMContext::MD_noalias), local));
  }
}

void scope_deposits(Function& f, Value* scratch, Value* deposits) {
  if (!scratch || !deposits) return;
  LLVMContext& ctx = f.getContext();
  MDBuilder md(ctx);
  MDNode* domain = md.createAnonymousAliasScopeDomain("cbs.scratch");
  MDNode* scope = MDNode::get(ctx, {md.createAnonymousAliasScope(domain, "cbs.deposits")});
  for (Instruction& inst : instructions(f)) {
    const Value* pointer = nullptr;
    if (auto* load = dyn_cast<LoadInst>(&inst))
      pointer = load->getPointerOperand();
    else if (auto* store = dyn_cast<StoreInst>(&inst))
      pointer = store->getPointerOperand();
    if (!pointer) continue;
    const Value* object = getUnderlyingObject(pointer, max_lookup);
    if (object == deposits)
      inst.setMetadata(LLVMContext::MD_alias_scope,
                       MDNode::concatenate(inst.getMetadata(LLVMContext::MD_alias_scope), scope));
    else if (object == scratch)
      inst.setMetadata(LLVMContext::MD_noalias, MDNode::concatenate(inst.getMetadata(LLVMContext::MD_noalias), scope));
  }
}

}  // namespace cohort_cbs
