// SPDX-License-Identifier: MIT
#pragma once
// Before the loop vectoriser: turns each wrapper (one work-item of a group, see
// include/cohort/backend/cpu/compiler_pass.hpp) into loops over the group's items, one per
// region between barriers. A wrapper it cannot handle is left as it is, and the launcher
// runs that kernel on fibers.
#include <llvm/IR/PassManager.h>

namespace cohort_cbs {

struct form_work_item_loops : llvm::PassInfoMixin<form_work_item_loops> {
  llvm::PreservedAnalyses run(llvm::Function& function, llvm::FunctionAnalysisManager& analyses);
  static bool isRequired() { return true; }
};

}  // namespace cohort_cbs
