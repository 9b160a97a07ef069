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

/// Calls `mark(inst, pointer, object)` for every load and store of `f`: its address and the
/// address's underlying object.
template <typename Mark>
void for_each_access(Function& f, Mark mark) {
  for (Instruction& inst : instructions(f)) {
    const Value* pointer = nullptr;
    if (auto* load = dyn_cast<LoadInst>(&inst))
      pointer = load->getPointerOperand();
    else if (auto* store = dyn_cast<StoreInst>(&inst))
      pointer = store->getPointerOperand();
    if (pointer) mark(inst, pointer, getUnderlyingObject(pointer, max_lookup));
  }
}

/// Adds `scope` to the instruction's metadata of `kind` (alias.scope or noalias).
void add_scope(Instruction& inst, unsigned kind, MDNode* scope) {
  inst.setMetadata(kind, MDNode::concatenate(inst.getMetadata(kind), scope));
}

}  // namespace

void scope_local_memory(Function& f, Value* local_memory) {
  if (!local_memory) return;
  LLVMContext& ctx = f.getContext();
  MDBuilder md(ctx);
  MDNode* domain = md.createAnonymousAliasScopeDomain("cbs.memory");
  MDNode* local = MDNode::get(ctx, {md.createAnonymousAliasScope(domain, "cbs.local_memory")});
  for_each_access(f, [&](Instruction& inst, const Value* pointer, const Value* object) {
    if (object == local_memory)
      add_scope(inst, LLVMContext::MD_alias_scope, local);
    else if (from_kernel_data(pointer, 2))
      add_scope(inst, LLVMContext::MD_noalias, local);
  });
}

void scope_deposits(Function& f, Value* scratch, Value* deposits) {
  if (!scratch || !deposits) return;
  LLVMContext& ctx = f.getContext();
  MDBuilder md(ctx);
  MDNode* domain = md.createAnonymousAliasScopeDomain("cbs.scratch");
  MDNode* scope = MDNode::get(ctx, {md.createAnonymousAliasScope(domain, "cbs.deposits")});
  for_each_access(f, [&](Instruction& inst, const Value*, const Value* object) {
    if (object == deposits)
      add_scope(inst, LLVMContext::MD_alias_scope, scope);
    else if (object == scratch)
      add_scope(inst, LLVMContext::MD_noalias, scope);
  });
}

}  // namespace cohort_cbs
