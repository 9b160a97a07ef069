// SPDX-License-Identifier: MIT
#pragma once
// Early in the pipeline: makes every wrapper self-contained (inlines into it every call that
// can reach a barrier) and folds __cohort_cbs_active() to true in the wrappers and to false
// everywhere else, so that the fiber paths are optimised as if the pass did not exist.
#include <llvm/IR/PassManager.h>

namespace cohort_cbs {

struct prepare_wrappers : llvm::PassInfoMixin<prepare_wrappers> {
  llvm::PreservedAnalyses run(llvm::Module& module, llvm::ModuleAnalysisManager& analyses);
  static bool isRequired() { return true; }
};

}  // namespace cohort_cbs
