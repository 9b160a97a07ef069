// SPDX-License-Identifier: MIT
#pragma once
// Tells LLVM that the group's local memory and the memory the kernel's captured pointers
// reach are apart. Without it, a kernel that accumulates into global memory from local
// memory (`c[i] += tile[k] * ...`) stores its sum at every step, since each load of the
// tile might read it back.
#include <llvm/IR/Function.h>

namespace cohort_cbs {

/// Gives every load and store of `f` (a transformed wrapper) based on the group's local
/// memory (`local_memory`, the marker's call) one alias scope, and every one based on a
/// pointer the kernel captured (loaded from the wrapper's arguments, at most two loads deep)
/// a noalias of it.
void scope_local_memory(llvm::Function& f, llvm::Value* local_memory);

/// Likewise for the collectives' scratch: the loads and stores based on the deposits
/// (`deposits`, the marker's call) get one alias scope, those based on the rest of the
/// scratch (`scratch`: the results) a noalias of it. The library keeps the two apart
/// (backend/cpu/compiler_pass.hpp), which LLVM cannot see from two calls: a single result
/// is then loaded once per loop over the items, not again after each item's deposit.
void scope_deposits(llvm::Function& f, llvm::Value* scratch, llvm::Value* deposits);

}  // namespace cohort_cbs
