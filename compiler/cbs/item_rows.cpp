// SPDX-License-Identifier: MIT
#include "item_rows.hpp"

#include <llvm/IR/Constants.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>

using namespace llvm;

namespace cohort_cbs {

Value* find_row_length(Function& f, function_ref<bool(Value*)> is_local_id, function_ref<bool(Value*)> same_for_all) {
  Value* length = nullptr;
  for (Instruction& inst : instructions(f)) {
    auto* op = dyn_cast<BinaryOperator>(&inst);
    if (!op || op->getOpcode() != Instruction::URem || !is_local_id(op->getOperand(0))) continue;
    if (length && op->getOperand(1) != length) return nullptr;
    length = op->getOperand(1);
  }
  if (!length || isa<Constant>(length) || !length->getType()->isIntegerTy(64) || !same_for_all(length)) return nullptr;
  return length;
}

row_part part_of_row(const Value* v, const Value* length, function_ref<bool(const Value*)> is_local_id) {
  const auto* op = dyn_cast<BinaryOperator>(v);
  if (!op || !length || op->getOperand(1) != length || !is_local_id(op->getOperand(0))) return row_part::none;
  switch (op->getOpcode()) {
    case Instruction::UDiv: return row_part::row;
    case Instruction::URem: return row_part::column;
    default: return row_part::none;
  }
}

}  // namespace cohort_cbs
