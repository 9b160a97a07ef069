// SPDX-License-Identifier: MIT
// cohort's CPU compiler pass as a plugin of clang's new pass manager:
//   clang++ -fpass-plugin=libcohort_cbs.so ...
// The preparation runs at the start of the pipeline (before inlining), the loop formation
// where the vectoriser's passes begin: the wrapper has had the whole simplification
// pipeline by then, and the loop vectoriser still comes after it.
// COHORT_CBS_DEBUG=1 at compile time says which wrappers were transformed and why others
// were declined; COHORT_CBS_DUMP=FILE appends each wrapper's IR, before and after, to FILE.
#include <cstdlib>

#include <llvm/Passes/PassBuilder.h>
#include <llvm/Passes/PassPlugin.h>
#include <llvm/IR/Instructions.h>

#include "form_work_item_loops.hpp"
#include "markers.hpp"
#include "prepare_wrappers.hpp"

using namespace llvm;

namespace cohort_cbs {

bool is_call_to(const Value* v, StringRef name) {
  const auto* call = dyn_cast<CallBase>(v);
  if (!call) return false;
  const Function* callee = call->getCalledFunction();
  return callee && callee->getName() == name;
}

bool debug_enabled() {
  static const bool enabled = std::getenv("COHORT_CBS_DEBUG") != nullptr;
  return enabled;
}

}  // namespace cohort_cbs

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "cohort-cbs", "1", [](PassBuilder& builder) {
            builder.registerPipelineStartEPCallback([](ModulePassManager& passes, OptimizationLevel level) {
              // Unoptimised code keeps the markers' run-time definitions: every kernel on fibers.
              if (level != OptimizationLevel::O0) passes.addPass(cohort_cbs::prepare_wrappers());
            });
            builder.registerVectorizerStartEPCallback([](FunctionPassManager& passes, OptimizationLevel level) {
              if (level == OptimizationLevel::O0) return;
              passes.addPass(cohort_cbs::form_work_item_loops());
            });
          }};
}
