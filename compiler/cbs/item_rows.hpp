// SPDX-License-Identifier: MIT
#pragma once
// The rows of a multi-dimensional work-group. The launcher gives an item of a 2D or 3D group
// its id in the last dimension as `lid % X` and the others from `lid / X` (X: the group's
// last extent). A loop over the linear id sees those as divisions, and the addresses built
// on them as scattered: the vectoriser then gathers and scatters. Loops over the items as
// rows of X items (an outer loop over `lid / X`, an inner one over `lid % X`) give it
// consecutive addresses instead.
#include <llvm/ADT/STLFunctionalExtras.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/Value.h>

namespace cohort_cbs {

/// The length of the rows that the local id is divided into: the one divisor of all its
/// remainders (`lid % X`), where that is a run-time value that `same_for_all` accepts (the
/// launcher's extents are run-time values; a kernel's own `lid % 8` is not a row); null
/// where the local id has no remainder, or several.
llvm::Value* find_row_length(llvm::Function& f, llvm::function_ref<bool(llvm::Value*)> is_local_id,
                             llvm::function_ref<bool(llvm::Value*)> same_for_all);

enum class row_part { none, row, column };

/// Whether `v` is `lid / length` (the row) or `lid % length` (the column) of the local id
/// `lid` (one that `is_local_id` accepts).
row_part part_of_row(const llvm::Value* v, const llvm::Value* length,
                     llvm::function_ref<bool(const llvm::Value*)> is_local_id);

}  // namespace cohort_cbs
