// SPDX-License-Identifier: MIT
// Continuation-based synchronisation of one wrapper (a work-item of a group):
//  1. the wrapper is worked on as a copy, so that a kernel the pass declines halfway stays
//     as it was;
//  2. each barrier call gets a block of its own; a region is what an item runs from the
//     wrapper's start or from a barrier up to the next barriers or the return (regions may
//     share blocks: each gets its own copy);
//  3. values the same for every item (the kernel's captures, the group's ranges, and pure
//     arithmetic on them) move to the wrapper's entry, computed once per group;
//  4. a few operations on the local id are computed again after a barrier; every other
//     value that an item needs after a barrier, and every stack object, gets one slot per
//     item in the group's per-item storage; a value the same for all items (found by a
//     divergence analysis: it depends on no item's id, and no branch that items may take
//     different ways decides it) is read from the last item's slot; a value the item
//     deposited for a collective, which no store overwrites before its use, is read back
//     from the deposit instead of a slot;
//  5. each region becomes a loop over the items; where the items leave a region for the next
//     barrier, the loop ends and the region that starts after that barrier follows. The
//     barriers of a group are reached by all its items (SYCL requires it), so the last
//     item's choice is the group's: where a region has several ways out, the loop runs every
//     item to one exit, and a copy of the last item's way through the region with only its
//     tests and its values the same for all replays its choice after the loop (or, where
//     those need more than such values, the last item runs apart after the loop over the
//     others); a region where only item 0 works (a collective's completion) runs for item 0
//     alone; a region that starts with a test of the local id against a bound the same for
//     all (a tree's `lid < half`) becomes two loops, the items below the bound and those
//     above, each with the test decided;
//  6. LLVM's passes tidy the loops for the vectoriser, and unswitch them on the conditions
//     the same for all items that they still test.
#include "form_work_item_loops.hpp"

#include <cstdlib>
#include <algorithm>
#include <functional>
#include <optional>
#include <string>

#include <llvm/ADT/DenseMap.h>
#include <llvm/ADT/DenseSet.h>
#include <llvm/ADT/PostOrderIterator.h>
#include <llvm/ADT/SetVector.h>
#include <llvm/Analysis/PostDominators.h>
#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/CFG.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/GetElementPtrTypeIterator.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/MDBuilder.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Pass.h>
#include <llvm/Support/CommandLine.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Transforms/InstCombine/InstCombine.h>
#include <llvm/Transforms/Scalar/DeadStoreElimination.h>
#include <llvm/Transforms/Scalar/EarlyCSE.h>
#include <llvm/Transforms/Scalar/LICM.h>
#include <llvm/Transforms/Scalar/LoopPassManager.h>
#include <llvm/Transforms/Scalar/SimpleLoopUnswitch.h>
#include <llvm/Transforms/Scalar/SimplifyCFG.h>
#include <llvm/Transforms/Utils/BasicBlockUtils.h>
#include <llvm/Transforms/Utils/Cloning.h>
#include <llvm/Transforms/Utils/Local.h>

#include "item_rows.hpp"
#include "local_memory_scope.hpp"
#include "markers.hpp"

using namespace llvm;

namespace cohort_cbs {

namespace {

/// Larger kernels are declined: each region copies its blocks.
constexpr unsigned max_regions = 64;
constexpr unsigned max_cloned_blocks = 8192;

/// Rows whose length is a multiple of this get a loop of their own (build_loops): a multiple
/// of every vector width (times the vectoriser's interleaving) that rows of 16 or more take.
constexpr int64_t whole_row_multiple = 16;

/// The loop metadata that marks the loops over the items.
constexpr StringLiteral item_loop_mark = "cohort.cbs.item_loop";

/// Where the items go when they leave a region: the region after barrier `target`, or the
/// end of the wrapper.
constexpr unsigned to_the_end = 1u << 30;  // not ~0u: DenseMap keeps that key for itself

/// Adds `group` to the access groups of `inst` (a loop of the kernel's own may have given it one).
void add_access_group(Instruction& inst, MDNode* group) {
  MDNode* existing = inst.getMetadata(LLVMContext::MD_access_group);
  if (!existing) return inst.setMetadata(LLVMContext::MD_access_group, group);
  SmallVector<Metadata*, 4> groups;
  if (existing->getNumOperands() == 0)
    groups.push_back(existing);
  else
    for (const MDOperand& op : existing->operands()) groups.push_back(op.get());
  groups.push_back(group);
  inst.setMetadata(LLVMContext::MD_access_group, MDNode::get(inst.getContext(), groups));
}

struct region {
  BasicBlock* start = nullptr;
  SmallSetVector<BasicBlock*, 16> blocks;
};

class loop_former {
public:
  explicit loop_former(Function& work) : f(work), ctx(work.getContext()), layout(work.getParent()->getDataLayout()) {}

  /// Transforms the function; the reason it cannot where it cannot (the function is then
  /// in an unspecified state: it is a copy that the caller throws away).
  std::string run();
  /// Whether the loops go over rows of items (item_rows.hpp).
  bool has_rows() const { return row_step != nullptr; }

private:
  std::string prepare_entry();
  std::string split_at_barriers();
  std::string find_regions();
  void hoist_uniform_values();
  /// Where the local id is divided into rows (a group of several dimensions), their length.
  void find_rows();
  /// Whether `v` is the row or the column of the local id (item_rows.hpp).
  row_part part_of_row(const Value* v) const {
    return cohort_cbs::part_of_row(v, row_length, [](const Value* x) { return is_call_to(x, local_id_marker); });
  }
  std::string demote_values_crossing_barriers();
  /// Finds the stores to the deposits (deposit_writes); leaves deposit_writes_known false
  /// where a pointer to them goes where the pass cannot follow it.
  void find_deposit_writes();
  /// Where `ptr` points for the item that computes it: deposits + stride x its local id +
  /// offset (bytes); none where it is not of that form.
  struct deposit_place {
    int64_t stride;
    int64_t offset;
  };
  std::optional<deposit_place> deposit_form(Value* ptr) const;
  /// The store of `value` to the item's deposit from which every one of `uses` (those after
  /// a barrier) can read the value back: each use comes after the store on every way from the
  /// value's definition, and no item writes those bytes of the deposits in between. Null
  /// where there is none.
  StoreInst* deposit_to_read_back(Instruction* value, ArrayRef<Use*> uses);
  /// Whether an item may run from just after `from` to just before `to` without running
  /// `avoid` (blocks of the whole wrapper, through barriers).
  static bool runs_avoiding(Instruction* from, Instruction* to, Instruction* avoid);
  /// The blocks an item may run between running `from` and reaching `to`, before it runs
  /// `from` again (a superset).
  static SmallPtrSet<BasicBlock*, 32> blocks_between(Instruction* from, Instruction* to);
  bool recomputable(Value* v, unsigned depth) const;
  void find_varying_values();
  /// Why the items of a group may leave a region for different barriers (or some for the
  /// end) at a branch they may take different ways; empty where they cannot.
  std::string check_items_meet_the_same_barriers();
  /// Whether, in some region holding `at`, an item may reach `at` from `def` without a barrier.
  bool reachable_in_one_go(BasicBlock* def, BasicBlock* at);
  Value* recompute(Value* v, Instruction* before);
  /// Roughly what recompute(v) costs per item: its operations, a multiplication as two.
  unsigned recompute_cost(Value* v) const;
  /// In a kernel with rows, whether `v` may differ between the items of a row (it depends on
  /// the local id other than through the row).
  bool varies_along_row(const Value* v, unsigned depth) const;
  std::string give_each_item_its_storage();
  std::string build_loops();
  /// Whether only item 0 does anything in region r (a collective's completion): the region
  /// starts with a test of the local id against 0 and has nothing else to do otherwise.
  bool only_item_zero_works(unsigned r) const;
  /// Whether, in region r, the last item's way out and its stores of values the same for all
  /// follow from those values alone (pure arithmetic on constants, values computed once per
  /// group and values read from the last item's slots that the loop does not write, no branch
  /// that items may take different ways): a copy of the region that keeps only them can then
  /// run after a loop over every item (clone_region's `replay`).
  bool last_item_replayable(unsigned r) const;
  /// Copies region r for the item `lid` before block `before`; its exits go to
  /// `exit_to(target)`; `start` receives the copy's first block. `in_loop`: the copy is the
  /// body of the loop over the items.
  /// `start_branch`: where set, the value that the copy's first branch takes (the items it
  /// runs are known to go that way). `replay`: the copy (of the last item, after a loop that
  /// ran it) keeps only the stores that the loop left out and the way out.
  std::string clone_region(unsigned r, Value* lid, BasicBlock* before, bool in_loop,
                           const std::function<BasicBlock*(unsigned)>& exit_to, BasicBlock*& start,
                           std::optional<bool> start_branch = std::nullopt, bool replay = false);
  /// Where region r starts with a test of the local id against a bound the same for all
  /// items (`lid < half` in a tree, `base + lid < n` for a global id), the bound computed at
  /// the end of `at`, the value the test takes below it, and (for an offset local id) the
  /// condition under which the test is one of the local id against the bound (no item's
  /// offset id wraps around); none otherwise.
  struct bound_test {
    Value* bound;
    bool below;
    Value* valid;
  };
  std::optional<bound_test> item_bound(unsigned r, BasicBlock* at, Value* last_lid);
  /// `v`, the same for all items, computed again at the end of `at` (before the region's
  /// loop); null where it cannot be.
  Value* before_the_loop(Value* v, BasicBlock* at, unsigned depth);

  bool in_region(unsigned r, BasicBlock* b) const { return regions[r].blocks.count(b) != 0; }
  /// Blocks of region r that an item reaches from its start without passing block `avoid`.
  const DenseSet<BasicBlock*>& reachable_avoiding(unsigned r, BasicBlock* avoid);

  Function& f;
  LLVMContext& ctx;
  const DataLayout& layout;
  BasicBlock* entry = nullptr;  // the new entry: storage and values computed once per group
  Value* group_size = nullptr;
  SmallVector<CallInst*, 4> local_ids;
  SmallVector<BasicBlock*, 8> barrier_blocks;  // each holds one barrier call and a branch
  DenseMap<BasicBlock*, unsigned> barrier_index;
  SmallVector<region, 8> regions;  // regions[0] starts at the wrapper's start, regions[j + 1] after barrier j
  DenseMap<BasicBlock*, SmallVector<unsigned, 2>> regions_of;
  DenseMap<std::pair<unsigned, BasicBlock*>, DenseSet<BasicBlock*>> reach_cache;
  DenseSet<Instruction*> uniform;
  // Values that may differ between the items of a group (all others are the same for all).
  DenseSet<Value*> varying;
  // Blocks whose branch items may take different ways.
  DenseSet<BasicBlock*> divergent;
  // Loads of values the same for every item from their per-item slots: they read the last
  // item's slot, which holds the value of the previous pass through the region until the
  // last item passes the definition again (items run in order).
  DenseMap<LoadInst*, AllocaInst*> uniform_loads;
  // The loads and stores of the per-item slots of values live across barriers.
  DenseMap<Instruction*, AllocaInst*> slot_accesses;
  // The slots that some item reads back as its own (the others only hold values the same
  // for all, read from the last item's slot).
  DenseSet<AllocaInst*> read_as_own;
  // The collectives' scratch and deposits (the markers' calls, in the entry), and every
  // store or memory intrinsic that writes the deposits, where deposit_writes_known.
  Instruction* scratch = nullptr;
  Instruction* deposits = nullptr;
  DenseSet<Instruction*> deposit_writes;
  bool deposit_writes_known = false;
  // Per stack object, where its per-item array starts and how far apart the items' copies are.
  struct item_array {
    AllocaInst* object;
    Value* base;
    uint64_t stride;
    Value* last = nullptr;  // the last item's copy
  };
  SmallVector<item_array, 16> item_arrays;
  SmallPtrSet<BasicBlock*, 32> original;  // the blocks the copies replace
  MDNode* last_access_group = nullptr;
  // For clone_region: the loop leaves the last item's stores of values the same for all to
  // the copy after it (of the whole item, or of its replay), and never writes the slots that
  // the loads of those values read.
  bool loop_leaves_out_last_item = false;
  // Rows of the items (item_rows.hpp): their length as the kernel divides by it, and as the
  // loops step (at least 1, so that no loop divides by zero where the kernel would not).
  Value* row_length = nullptr;
  Value* row_step = nullptr;
  // For clone_region, in a loop over rows: the item's row and column, which replace the
  // kernel's own divisions of the local id.
  Value* item_row = nullptr;
  Value* item_column = nullptr;
};

std::string loop_former::prepare_entry() {
  CallInst* transformed = nullptr;
  for (Instruction& inst : instructions(f)) {
    if (is_call_to(&inst, transformed_marker)) {
      if (transformed) return "two wrapper markers";
      transformed = cast<CallInst>(&inst);
    }
    if (is_call_to(&inst, unsupported_marker)) return "a group function without a loop form (sub-group barrier, mask over a work-group, or a value over 64 bytes)";
    if (isa<IndirectBrInst>(inst) || isa<CallBrInst>(inst)) return "indirect branches";
    if (auto* alloca = dyn_cast<AllocaInst>(&inst))
      if (!alloca->isStaticAlloca()) return "a stack object of run-time size";
  }
  if (!transformed) return "no wrapper marker";
  if (!transformed->getType()->isIntegerTy(1)) return "unexpected wrapper marker";
  transformed->replaceAllUsesWith(ConstantInt::getTrue(ctx));
  transformed->eraseFromParent();
  // The test of the marker folds away, and the blocks before the kernel merge into one:
  // its beginning is where values the same for every item are loaded.
  BasicBlock* start = &f.getEntryBlock();
  for (bool changed = true; changed;) {
    changed = ConstantFoldTerminator(start);
    changed |= removeUnreachableBlocks(f);
    if (auto* br = dyn_cast<BranchInst>(start->getTerminator()))
      if (br->isUnconditional() && br->getSuccessor(0)->getSinglePredecessor() == start &&
          !br->getSuccessor(0)->isLandingPad())
        changed |= MergeBlockIntoPredecessor(br->getSuccessor(0));
  }
  // Lifetime markers and debug intrinsics would name stack objects that become per-item slots.
  for (Instruction& inst : make_early_inc_range(instructions(f)))
    if (auto* intrinsic = dyn_cast<IntrinsicInst>(&inst))
      if (intrinsic->isLifetimeStartOrEnd() || isa<DbgInfoIntrinsic>(intrinsic)) intrinsic->eraseFromParent();

  for (Instruction& inst : instructions(f))
    if (is_call_to(&inst, local_id_marker)) local_ids.push_back(cast<CallInst>(&inst));
  if (local_ids.empty()) return "no local id";
  group_size = local_ids.front()->getArgOperand(0);
  if (!isa<Argument>(group_size) && !isa<Constant>(group_size)) return "the group size is not the wrapper's argument";
  if (!group_size->getType()->isIntegerTy(64)) return "the group size is not 64 bits";
  for (CallInst* call : local_ids)
    if (call->getArgOperand(0) != group_size) return "local ids of different group sizes";

  entry = BasicBlock::Create(ctx, "cbs.entry", &f, start);
  BranchInst::Create(start, entry);
  for (Instruction& inst : make_early_inc_range(*start))
    if (isa<AllocaInst>(inst)) inst.moveBefore(entry->getTerminator());
  return {};
}

std::string loop_former::split_at_barriers() {
  SmallVector<CallInst*, 8> barriers;
  for (Instruction& inst : instructions(f))
    if (is_call_to(&inst, barrier_marker)) {
      if (!isa<CallInst>(inst)) return "a barrier that may throw";
      barriers.push_back(cast<CallInst>(&inst));
    }
  if (barriers.size() + 1 > max_regions) return "too many barriers";
  for (CallInst* call : barriers) {
    BasicBlock* block = call->getParent();
    if (block == entry) return "a barrier in the entry";
    // The barrier's block holds the call alone: a block's phis stay in the part before it.
    BasicBlock* barrier = block->getFirstNonPHI() == call && block->phis().empty() ? block : SplitBlock(block, call);
    SplitBlock(barrier, call->getNextNode());
    barrier_index[barrier] = barrier_blocks.size();
    barrier_blocks.push_back(barrier);
  }
  return {};
}

std::string loop_former::find_regions() {
  regions.resize(barrier_blocks.size() + 1);
  regions[0].start = entry->getSingleSuccessor();
  for (unsigned j = 0; j < barrier_blocks.size(); ++j) regions[j + 1].start = barrier_blocks[j]->getSingleSuccessor();
  unsigned total = 0;
  for (unsigned r = 0; r < regions.size(); ++r) {
    region& reg = regions[r];
    SmallVector<BasicBlock*, 16> work{reg.start};
    reg.blocks.insert(reg.start);
    while (!work.empty()) {
      BasicBlock* b = work.pop_back_val();
      for (BasicBlock* next : successors(b)) {
        if (barrier_index.count(next)) continue;
        if (next == entry) return "a branch back to the entry";
        if (reg.blocks.insert(next)) work.push_back(next);
      }
    }
    for (BasicBlock* b : reg.blocks) regions_of[b].push_back(r);
    total += reg.blocks.size();
  }
  if (total > max_cloned_blocks) return "the regions would copy too many blocks";
  // A region start other than the wrapper's never has a predecessor in its own region (its
  // only one is its barrier), so its copy's only predecessor is its loop's header.
  return {};
}

const DenseSet<BasicBlock*>& loop_former::reachable_avoiding(unsigned r, BasicBlock* avoid) {
  auto [it, fresh] = reach_cache.try_emplace({r, avoid});
  if (!fresh) return it->second;
  DenseSet<BasicBlock*>& seen = it->second;
  if (regions[r].start == avoid) return seen;
  SmallVector<BasicBlock*, 16> work{regions[r].start};
  seen.insert(regions[r].start);
  while (!work.empty()) {
    BasicBlock* b = work.pop_back_val();
    for (BasicBlock* next : successors(b))
      if (next != avoid && in_region(r, next) && seen.insert(next).second) work.push_back(next);
  }
  return seen;
}

void loop_former::hoist_uniform_values() {
  auto operands_uniform = [&](Instruction& inst) {
    for (Value* op : inst.operands()) {
      if (isa<Constant>(op) || isa<Argument>(op)) continue;
      if (auto* def = dyn_cast<Instruction>(op); def && uniform.count(def)) continue;
      return false;
    }
    return true;
  };
  auto hoist = [&](Instruction& inst) {
    inst.moveBefore(entry->getTerminator());
    uniform.insert(&inst);
  };
  // The collectives' scratch: one call in the entry serves every item and region.
  // So is the group's local memory.
  for (StringRef marker : {scratch_marker, deposits_marker, local_memory_marker}) {
    SmallVector<CallInst*, 4> calls;
    for (Instruction& inst : instructions(f))
      if (is_call_to(&inst, marker)) calls.push_back(cast<CallInst>(&inst));
    if (calls.empty()) continue;
    CallInst* first = calls.front();
    hoist(*first);
    if (marker == scratch_marker) scratch = first;
    if (marker == deposits_marker) deposits = first;
    for (CallInst* call : calls)
      if (call != first) {
        call->replaceAllUsesWith(first);
        call->eraseFromParent();
      }
  }
  // Loads at the kernel's start, before anything it writes: every item would read the same
  // (an item reading what another writes before the first barrier is a race).
  BasicBlock* start = regions[0].start;
  for (Instruction& inst : make_early_inc_range(*start)) {
    if (inst.isTerminator() || isa<PHINode>(inst) || isa<AllocaInst>(inst)) break;
    if (is_call_to(&inst, local_id_marker)) continue;
    if (auto* load = dyn_cast<LoadInst>(&inst)) {
      if (load->isSimple() && operands_uniform(inst)) hoist(inst);
      continue;
    }
    if (inst.mayWriteToMemory() || inst.mayHaveSideEffects()) break;
    if (!inst.mayReadFromMemory() && isSafeToSpeculativelyExecute(&inst) && operands_uniform(inst)) hoist(inst);
  }
  // Pure arithmetic on those values, wherever it is.
  ReversePostOrderTraversal<Function*> order(&f);
  for (BasicBlock* b : order) {
    if (b == entry) continue;
    for (Instruction& inst : make_early_inc_range(*b)) {
      if (inst.isTerminator() || isa<PHINode>(inst) || isa<AllocaInst>(inst) || isa<CallBase>(inst)) continue;
      if (inst.mayReadOrWriteMemory() || inst.mayHaveSideEffects() || !isSafeToSpeculativelyExecute(&inst)) continue;
      if (operands_uniform(inst)) hoist(inst);
    }
  }
}

void loop_former::find_rows() {
  row_length = find_row_length(
      f, [](Value* v) { return is_call_to(v, local_id_marker); },
      [&](Value* v) {
        auto* inst = dyn_cast<Instruction>(v);
        return isa<Constant>(v) || isa<Argument>(v) || (inst && uniform.count(inst));
      });
  if (!row_length) return;
  IRBuilder<> b(entry->getTerminator());
  row_step = b.CreateBinaryIntrinsic(Intrinsic::umax, row_length, ConstantInt::get(row_length->getType(), 1), nullptr,
                                     "cbs.row_step");
}

void loop_former::find_varying_values() {
  PostDominatorTree post(f);
  // After a branch that items may take different ways: the blocks some items run and others
  // not (whose values are then not everybody's), and the block where they meet again (whose
  // phis merge the ways).
  DenseSet<BasicBlock*> some_items, joins;
  auto divergent_branch = [&](BasicBlock* b) {
    DomTreeNode* node = post.getNode(b);
    BasicBlock* meet = node && node->getIDom() ? node->getIDom()->getBlock() : nullptr;
    SmallVector<BasicBlock*, 16> work(succ_begin(b), succ_end(b));
    bool changed = false;
    while (!work.empty()) {
      BasicBlock* x = work.pop_back_val();
      if (!joins.insert(x).second) continue;
      changed = true;
      if (x == meet) continue;
      some_items.insert(x);
      for (BasicBlock* next : successors(x)) work.push_back(next);
    }
    return changed;
  };
  for (Instruction& inst : instructions(f))
    if (isa<AllocaInst>(inst) || is_call_to(&inst, local_id_marker)) varying.insert(&inst);
  for (bool changed = true; changed;) {
    changed = false;
    for (Instruction& inst : instructions(f)) {
      if (varying.count(&inst) || uniform.count(&inst)) continue;
      bool differs = some_items.count(inst.getParent()) != 0;
      auto any_operand_varies = [&] {
        for (Value* op : inst.operands())
          if (varying.count(op)) return true;
        return false;
      };
      if (differs)
        ;
      else if (auto* phi = dyn_cast<PHINode>(&inst))
        differs = joins.count(phi->getParent()) || any_operand_varies();
      else if (auto* load = dyn_cast<LoadInst>(&inst))
        differs = !load->isSimple() || varying.count(load->getPointerOperand());
      else if (auto* call = dyn_cast<CallBase>(&inst))
        differs = !call->doesNotAccessMemory() || call->isConvergent() || any_operand_varies();
      else if (isa<AtomicRMWInst>(inst) || isa<AtomicCmpXchgInst>(inst) || inst.isEHPad())
        differs = true;
      else
        differs = any_operand_varies();
      if (differs) {
        varying.insert(&inst);
        changed = true;
      }
      if (inst.isTerminator() && !divergent.count(inst.getParent())) {
        Value* condition = nullptr;
        if (auto* br = dyn_cast<BranchInst>(&inst); br && br->isConditional()) condition = br->getCondition();
        if (auto* sw = dyn_cast<SwitchInst>(&inst)) condition = sw->getCondition();
        // (An item that unwinds ends its whole group: an invoke does not divide the items.)
        if (condition && varying.count(condition)) {
          divergent.insert(inst.getParent());
          changed |= divergent_branch(inst.getParent());
        }
      }
    }
  }
}

std::string loop_former::check_items_meet_the_same_barriers() {
  // From each way out of such a branch, the barriers (and the end) an item can reach first.
  // Ways that reach none (an exception, unreachable code) do not count; the others must
  // agree, or items that took different ways would wait at different barriers, which the
  // fibers allow (SYCL does not) and loops cannot do.
  for (BasicBlock* branch : divergent) {
    std::optional<SmallVector<unsigned, 4>> agreed;
    for (BasicBlock* way : successors(branch)) {
      SmallVector<unsigned, 4> first;
      SmallPtrSet<BasicBlock*, 32> seen;
      SmallVector<BasicBlock*, 16> work{way};
      while (!work.empty()) {
        BasicBlock* b = work.pop_back_val();
        if (!seen.insert(b).second) continue;
        if (auto found = barrier_index.find(b); found != barrier_index.end()) {
          first.push_back(found->second);
          continue;
        }
        if (isa<ReturnInst>(b->getTerminator())) first.push_back(to_the_end);
        for (BasicBlock* next : successors(b)) work.push_back(next);
      }
      if (first.empty()) continue;
      std::sort(first.begin(), first.end());
      first.erase(std::unique(first.begin(), first.end()), first.end());
      if (agreed && *agreed != first) return "items may reach different barriers, or some the end before a barrier";
      agreed = first;
    }
  }
  return {};
}

bool loop_former::reachable_in_one_go(BasicBlock* def, BasicBlock* at) {
  for (unsigned r : regions_of.lookup(at)) {
    if (!in_region(r, def)) continue;
    SmallPtrSet<BasicBlock*, 16> seen;
    SmallVector<BasicBlock*, 16> work;
    for (BasicBlock* next : successors(def))
      if (in_region(r, next)) work.push_back(next);
    while (!work.empty()) {
      BasicBlock* b = work.pop_back_val();
      if (b == at) return true;
      if (!seen.insert(b).second) continue;
      for (BasicBlock* next : successors(b))
        if (in_region(r, next)) work.push_back(next);
    }
  }
  return false;
}

bool loop_former::recomputable(Value* v, unsigned depth) const {
  if (isa<Constant>(v) || isa<Argument>(v)) return true;
  auto* inst = dyn_cast<Instruction>(v);
  if (!inst) return false;
  if (uniform.count(inst) || is_call_to(inst, local_id_marker)) return true;
  if (part_of_row(inst) != row_part::none) return true;  // the loops over rows know it
  if (depth == 0 || isa<PHINode>(inst) || isa<CallBase>(inst) || inst->mayReadOrWriteMemory() ||
      !isSafeToSpeculativelyExecute(inst))
    return false;
  // Divisions cost more per item than a slot's load and store, and keep the loop from
  // vectorising profitably (a 64-bit remainder has no vector instruction).
  if (inst->isIntDivRem() || inst->getOpcode() == Instruction::FDiv || inst->getOpcode() == Instruction::FRem)
    return false;
  for (Value* op : inst->operands())
    if (!recomputable(op, depth - 1)) return false;
  return true;
}

bool loop_former::varies_along_row(const Value* v, unsigned depth) const {
  const auto* inst = dyn_cast<Instruction>(v);
  if (!inst || uniform.count(inst)) return false;
  if (is_call_to(inst, local_id_marker)) return true;
  switch (part_of_row(inst)) {
    case row_part::row: return false;
    case row_part::column: return true;
    case row_part::none: break;
  }
  if (depth == 0) return true;
  for (const Value* op : inst->operands())
    if (varies_along_row(op, depth - 1)) return true;
  return false;
}

unsigned loop_former::recompute_cost(Value* v) const {
  auto* inst = dyn_cast<Instruction>(v);
  if (!inst || uniform.count(inst) || is_call_to(inst, local_id_marker)) return 0;
  if (part_of_row(inst) != row_part::none) return 0;
  // In loops over rows, what depends on the row alone (a row's offset, `i * n`) is computed
  // once per row, out of the loop over its items: only the rest costs per item. Kept in a
  // slot, a global index such as `i * n + j` would be loaded per item, and the vectoriser
  // would gather and scatter through it instead of loading a row's consecutive elements.
  if (row_length && !varies_along_row(inst, 8)) return 0;
  unsigned cost = isa<CastInst>(inst) ? 0 : inst->getOpcode() == Instruction::Mul ? 2 : 1;
  for (Value* op : inst->operands()) cost += recompute_cost(op);
  return cost;
}

Value* loop_former::recompute(Value* v, Instruction* before) {
  auto* inst = dyn_cast<Instruction>(v);
  if (!inst || uniform.count(inst)) return v;
  Instruction* copy = inst->clone();
  if (is_call_to(inst, local_id_marker)) {
    local_ids.push_back(cast<CallInst>(copy));
  } else {
    for (unsigned i = 0; i < copy->getNumOperands(); ++i) copy->setOperand(i, recompute(copy->getOperand(i), before));
  }
  copy->insertBefore(before);
  return copy;
}

std::string loop_former::demote_values_crossing_barriers() {
  struct crossing {
    Instruction* value;
    SmallVector<Use*, 4> uses;
  };
  SmallVector<crossing, 32> crossings;
  for (BasicBlock& b : f) {
    if (&b == entry || barrier_index.count(&b)) continue;
    for (Instruction& inst : b) {
      if (inst.getType()->isVoidTy() || is_call_to(&inst, local_id_marker)) continue;
      crossing c{&inst, {}};
      for (Use& use : inst.uses()) {
        auto* user = cast<Instruction>(use.getUser());
        BasicBlock* at = user->getParent();
        if (auto* phi = dyn_cast<PHINode>(user)) at = phi->getIncomingBlock(use);
        if (at == &b) continue;  // later in the same block, or the block's own back edge
        bool crosses = false;
        for (unsigned r : regions_of.lookup(at))
          if (!in_region(r, &b) || reachable_avoiding(r, &b).count(at)) crosses = true;
        if (crosses) c.uses.push_back(&use);
      }
      if (!c.uses.empty()) crossings.push_back(std::move(c));
    }
  }
  // Arithmetic on the local id and on values the same for every item (a global id, a test
  // of the local id) is computed again where it is needed: cheaper than a slot per item,
  // unless it takes more than a few operations (a slot's load serves every pass of a kernel
  // loop whose value was computed before the loop, where the arithmetic would run each time).
  constexpr unsigned recompute_depth = 8;
  constexpr unsigned max_recompute_cost = 3;
  for (crossing& c : crossings) {
    if (!recomputable(c.value, recompute_depth) || recompute_cost(c.value) > max_recompute_cost) continue;
    DenseMap<std::pair<PHINode*, BasicBlock*>, Value*> phi_copies;
    for (Use* use : c.uses) {
      auto* user = cast<Instruction>(use->getUser());
      if (auto* phi = dyn_cast<PHINode>(user)) {
        BasicBlock* from = phi->getIncomingBlock(*use);
        Value*& copy = phi_copies[{phi, from}];
        if (!copy) copy = recompute(c.value, from->getTerminator());
        use->set(copy);
      } else {
        use->set(recompute(c.value, user));
      }
    }
    c.uses.clear();
  }
  find_deposit_writes();
  for (crossing& c : crossings) {
    if (c.uses.empty()) continue;
    Instruction* value = c.value;
    if (isa<InvokeInst>(value) || isa<CallBrInst>(value) || value->getType()->isTokenTy() || value->isEHPad())
      return "a value that cannot be stored lives across a barrier";
    // A value that the item deposited for a collective, still in its deposit where it is
    // used: read back from there, the slot's store would be a second store per item of what
    // the deposit already stores.
    if (StoreInst* deposit = deposit_to_read_back(value, c.uses)) {
      DenseMap<std::pair<PHINode*, BasicBlock*>, Value*> phi_loads;
      for (Use* use : c.uses) {
        auto* phi = dyn_cast<PHINode>(use->getUser());
        Instruction* at = phi ? phi->getIncomingBlock(*use)->getTerminator() : cast<Instruction>(use->getUser());
        Value*& known = phi_loads[{phi, at->getParent()}];
        if (!phi || !known)
          known = new LoadInst(value->getType(), recompute(deposit->getPointerOperand(), at),
                               value->getName() + ".deposit", false, deposit->getAlign(), at);
        use->set(known);
      }
      if (debug_enabled())
        errs() << "cohort-cbs: " << f.getName() << ": a value read back from its deposit after a barrier\n";
      continue;
    }
    auto* slot = new AllocaInst(value->getType(), layout.getAllocaAddrSpace(), nullptr,
                                layout.getPrefTypeAlign(value->getType()), value->getName() + ".across",
                                &*entry->getFirstInsertionPt());
    Instruction* after = isa<PHINode>(value) ? &*value->getParent()->getFirstInsertionPt() : value->getNextNode();
    slot_accesses[new StoreInst(value, slot, after)] = slot;
    const bool same_for_all = !varying.count(value);
    DenseMap<std::pair<PHINode*, BasicBlock*>, Value*> phi_loads;
    for (Use* use : c.uses) {
      auto* user = cast<Instruction>(use->getUser());
      BasicBlock* at = user->getParent();
      LoadInst* load = nullptr;
      if (auto* phi = dyn_cast<PHINode>(user)) {
        at = phi->getIncomingBlock(*use);
        Value*& known = phi_loads[{phi, at}];
        if (!known) known = load = new LoadInst(value->getType(), slot, value->getName() + ".back", at->getTerminator());
        use->set(known);
      } else {
        load = new LoadInst(value->getType(), slot, value->getName() + ".back", user);
        use->set(load);
      }
      if (load && same_for_all && !reachable_in_one_go(value->getParent(), at))
        uniform_loads[load] = slot;
      else if (load) {
        slot_accesses[load] = slot;
        read_as_own.insert(slot);
      }
    }
  }
  return {};
}

namespace {

/// `v` as scale x local id + constant, where it is (a deposit's index); none otherwise.
std::optional<std::pair<int64_t, int64_t>> linear_in_local_id(Value* v, unsigned depth) {
  if (auto* c = dyn_cast<ConstantInt>(v)) {
    if (c->getBitWidth() > 64) return std::nullopt;
    return std::make_pair(int64_t{0}, c->getSExtValue());
  }
  if (is_call_to(v, local_id_marker)) return std::make_pair(int64_t{1}, int64_t{0});
  auto* op = dyn_cast<BinaryOperator>(v);
  if (!op || depth == 0) return std::nullopt;
  auto a = linear_in_local_id(op->getOperand(0), depth - 1);
  auto b = linear_in_local_id(op->getOperand(1), depth - 1);
  if (!a || !b) return std::nullopt;
  switch (op->getOpcode()) {
    case Instruction::Add: return std::make_pair(a->first + b->first, a->second + b->second);
    case Instruction::Mul:
      if (a->first == 0) std::swap(a, b);
      if (b->first != 0) return std::nullopt;
      return std::make_pair(a->first * b->second, a->second * b->second);
    case Instruction::Shl:
      if (b->first != 0 || b->second < 0 || b->second > 32) return std::nullopt;
      return std::make_pair(a->first << b->second, a->second << b->second);
    default: return std::nullopt;
  }
}

}  // namespace

void loop_former::find_deposit_writes() {
  if (!deposits) return;
  SmallVector<Value*, 16> work{deposits};
  SmallPtrSet<Value*, 32> seen{deposits};
  auto follow = [&](Value* v) {
    if (seen.insert(v).second) work.push_back(v);
  };
  while (!work.empty()) {
    Value* pointer = work.pop_back_val();
    for (Use& use : pointer->uses()) {
      auto* user = dyn_cast<Instruction>(use.getUser());
      if (!user) return;
      if (isa<GetElementPtrInst>(user) || isa<BitCastInst>(user) || isa<PHINode>(user) || isa<SelectInst>(user)) {
        follow(user);
      } else if (isa<LoadInst>(user) || isa<ICmpInst>(user)) {
      } else if (auto* store = dyn_cast<StoreInst>(user)) {
        if (use.getOperandNo() != StoreInst::getPointerOperandIndex()) return;  // the pointer itself is stored
        deposit_writes.insert(store);
      } else if (auto* intrinsic = dyn_cast<MemIntrinsic>(user)) {
        if (use.getOperandNo() == 0) deposit_writes.insert(intrinsic);  // the destination (a source is only read)
      } else if (auto* intrinsic = dyn_cast<IntrinsicInst>(user); intrinsic && intrinsic->isAssumeLikeIntrinsic()) {
      } else if (auto* call = dyn_cast<CallBase>(user); call && call->isArgOperand(&use) && call->onlyReadsMemory()) {
        // (A completion's fold out of line.) What it returns may be derived from the pointer.
        if (call->getType()->isPointerTy()) follow(call);
        else if (!call->getType()->isVoidTy() && !call->getType()->isIntOrIntVectorTy() && !call->getType()->isFPOrFPVectorTy())
          return;
      } else {
        return;  // anything else: where the pointer goes is not known
      }
    }
  }
  deposit_writes_known = true;
}

std::optional<loop_former::deposit_place> loop_former::deposit_form(Value* ptr) const {
  int64_t stride = 0, offset = 0;
  for (unsigned depth = 0; depth < 16; ++depth) {
    if (ptr == deposits) return deposit_place{stride, offset};
    if (auto* cast = dyn_cast<BitCastInst>(ptr)) {
      ptr = cast->getOperand(0);
      continue;
    }
    auto* gep = dyn_cast<GetElementPtrInst>(ptr);
    if (!gep) return std::nullopt;
    for (gep_type_iterator it = gep_type_begin(gep), end = gep_type_end(gep); it != end; ++it) {
      if (StructType* type = it.getStructTypeOrNull()) {
        offset += static_cast<int64_t>(
            layout.getStructLayout(type)->getElementOffset(cast<ConstantInt>(it.getOperand())->getZExtValue()));
        continue;
      }
      const TypeSize size = layout.getTypeAllocSize(it.getIndexedType());
      if (size.isScalable()) return std::nullopt;
      auto index = linear_in_local_id(it.getOperand(), 4);
      if (!index) return std::nullopt;
      stride += index->first * static_cast<int64_t>(size.getFixedSize());
      offset += index->second * static_cast<int64_t>(size.getFixedSize());
    }
    ptr = gep->getPointerOperand();
  }
  return std::nullopt;
}

bool loop_former::runs_avoiding(Instruction* from, Instruction* to, Instruction* avoid) {
  // 1: reaches `to`, 0: runs `avoid` first, 2: runs on to the block's end.
  auto scan = [&](BasicBlock::iterator it, BasicBlock* b) {
    for (; it != b->end(); ++it) {
      if (&*it == to) return 1;
      if (&*it == avoid) return 0;
    }
    return 2;
  };
  const int first = scan(std::next(from->getIterator()), from->getParent());
  if (first != 2) return first == 1;
  SmallPtrSet<BasicBlock*, 32> seen;
  SmallVector<BasicBlock*, 16> work(succ_begin(from->getParent()), succ_end(from->getParent()));
  while (!work.empty()) {
    BasicBlock* b = work.pop_back_val();
    if (!seen.insert(b).second) continue;
    const int found = scan(b->begin(), b);
    if (found == 1) return true;
    if (found == 2) work.append(succ_begin(b), succ_end(b));
  }
  return false;
}

SmallPtrSet<BasicBlock*, 32> loop_former::blocks_between(Instruction* from, Instruction* to) {
  // Forwards from `from` up to its next run, backwards from `to`: the blocks on both ways.
  SmallPtrSet<BasicBlock*, 32> after, before, between;
  SmallVector<BasicBlock*, 16> work(succ_begin(from->getParent()), succ_end(from->getParent()));
  while (!work.empty()) {
    BasicBlock* b = work.pop_back_val();
    if (!after.insert(b).second || b == from->getParent()) continue;
    work.append(succ_begin(b), succ_end(b));
  }
  // (A way that enters `from`'s block again runs `from` before it leaves the block.)
  before.insert(to->getParent());
  work.append(pred_begin(to->getParent()), pred_end(to->getParent()));
  while (!work.empty()) {
    BasicBlock* b = work.pop_back_val();
    if (!before.insert(b).second || b == from->getParent()) continue;
    work.append(pred_begin(b), pred_end(b));
  }
  for (BasicBlock* b : after)
    if (before.count(b)) between.insert(b);
  between.insert(from->getParent());
  between.insert(to->getParent());
  return between;
}

StoreInst* loop_former::deposit_to_read_back(Instruction* value, ArrayRef<Use*> uses) {
  // A value the same for all items is read from the last item's slot, which serves its loops
  // better than every item's deposit.
  if (!deposit_writes_known || !varying.count(value)) return nullptr;
  const TypeSize size = layout.getTypeStoreSize(value->getType());
  if (size.isScalable()) return nullptr;
  const auto bytes = static_cast<int64_t>(size.getFixedSize());
  for (User* user : value->users()) {
    auto* deposit = dyn_cast<StoreInst>(user);
    if (!deposit || deposit->getValueOperand() != value || !deposit->isSimple() || !deposit_writes.count(deposit))
      continue;
    // Within its item's stride, so that no other item's store of this form meets it.
    const std::optional<deposit_place> place = deposit_form(deposit->getPointerOperand());
    if (!place || place->offset < 0 || place->offset + bytes > place->stride) continue;
    // Every way from the definition to a use passes the deposit (so none defines the value
    // again after it). The regions that items may run in between, items in any order: what
    // each writes to the deposits there.
    DenseSet<unsigned> between;
    SmallVector<Instruction*, 4> reads;
    bool after_every_way = true;
    for (Use* use : uses) {
      auto* phi = dyn_cast<PHINode>(use->getUser());
      Instruction* at = phi ? phi->getIncomingBlock(*use)->getTerminator() : cast<Instruction>(use->getUser());
      if (runs_avoiding(value, at, deposit)) {
        after_every_way = false;
        break;
      }
      reads.push_back(at);
      for (BasicBlock* b : blocks_between(deposit, at))
        for (unsigned r : regions_of.lookup(b)) between.insert(r);
    }
    if (!after_every_way) continue;
    auto overwrites = [&](Instruction& inst) {
      if (&inst == deposit || !deposit_writes.count(&inst)) return false;
      auto* store = dyn_cast<StoreInst>(&inst);
      if (!store) return true;
      const std::optional<deposit_place> there = deposit_form(store->getPointerOperand());
      if (!there || there->stride != place->stride) return true;
      const auto other_bytes =
          static_cast<int64_t>(layout.getTypeStoreSize(store->getValueOperand()->getType()).getKnownMinSize());
      if (there->offset < 0 || there->offset + other_bytes > there->stride) return true;
      // Within each item's stride, as the deposit: other items' stores of this form write
      // other strides. Other bytes of the stride, or the same value to the same place, leave
      // the item's value as it is; else its own store does not, if it runs in between.
      if (there->offset + other_bytes <= place->offset || place->offset + bytes <= there->offset) return false;
      if (store->getValueOperand() == value && there->offset == place->offset) return false;
      if (!runs_avoiding(deposit, store, deposit)) return false;
      for (Instruction* at : reads)
        if (runs_avoiding(store, at, deposit)) return true;
      return false;
    };
    bool overwritten = false;
    for (unsigned r : between)
      for (BasicBlock* b : regions[r].blocks)
        for (Instruction& inst : *b) overwritten = overwritten || overwrites(inst);
    if (!overwritten) return deposit;
  }
  return nullptr;
}

std::string loop_former::give_each_item_its_storage() {
  SmallVector<AllocaInst*, 16> objects;
  for (Instruction& inst : *entry)
    if (auto* alloca = dyn_cast<AllocaInst>(&inst)) objects.push_back(alloca);
  for (Instruction& inst : instructions(f))
    if (isa<AllocaInst>(inst) && inst.getParent() != entry) return "a stack object outside the entry";
  if (objects.empty()) return {};
  IRBuilder<> builder(entry->getTerminator());
  Type* i64 = builder.getInt64Ty();
  uint64_t per_item = 0;
  SmallVector<uint64_t, 16> offsets;
  for (AllocaInst* object : objects) {
    const auto* count = dyn_cast<ConstantInt>(object->getArraySize());
    if (!count) return "a stack object of run-time size";
    const uint64_t align = object->getAlign().value();
    const uint64_t bytes = layout.getTypeAllocSize(object->getAllocatedType()).getFixedSize() * count->getZExtValue();
    const uint64_t stride = (bytes + align - 1) / align * align;
    per_item = (per_item + align - 1) / align * align;
    offsets.push_back(per_item);
    item_arrays.push_back({object, nullptr, stride == 0 ? align : stride});
    per_item += stride == 0 ? align : stride;
  }
  Module& module = *f.getParent();
  FunctionCallee storage = module.getOrInsertFunction(item_storage_function, builder.getInt8PtrTy(), i64);
  Value* size = builder.CreateZExtOrTrunc(group_size, i64);
  CallInst* base = builder.CreateCall(storage, {builder.CreateMul(size, builder.getInt64(per_item))}, "cbs.items");
  // Only the wrapper reaches the storage, through this pointer: a call the kernel makes (a
  // math function that may set errno) then does not keep an item's values from leaving the
  // kernel's own loops.
  base->addRetAttr(Attribute::NoAlias);
  Value* last = builder.CreateSub(size, builder.getInt64(1));
  for (unsigned k = 0; k < item_arrays.size(); ++k) {
    item_array& a = item_arrays[k];
    a.base = builder.CreateInBoundsGEP(builder.getInt8Ty(), base, builder.CreateMul(size, builder.getInt64(offsets[k])));
    a.last = builder.CreateBitCast(
        builder.CreateInBoundsGEP(builder.getInt8Ty(), a.base, builder.CreateMul(last, builder.getInt64(a.stride))),
        a.object->getType());
  }
  return {};
}

std::string loop_former::clone_region(unsigned r, Value* lid, BasicBlock* before, bool in_loop,
                                      const std::function<BasicBlock*(unsigned)>& exit_to, BasicBlock*& start,
                                      std::optional<bool> start_branch, bool replay) {
  region& reg = regions[r];
  ValueToValueMapTy map;
  IRBuilder<> builder(before->getContext());
  // Each stack object's copy for this item, at the copy's start.
  BasicBlock* head = BasicBlock::Create(ctx, in_loop ? "cbs.item" : "cbs.last_item", &f, before);
  builder.SetInsertPoint(head);
  for (item_array& a : item_arrays) {
    Value* at = builder.CreateInBoundsGEP(builder.getInt8Ty(), a.base, builder.CreateMul(lid, builder.getInt64(a.stride)));
    map[a.object] = builder.CreateBitCast(at, a.object->getType());
  }
  SmallVector<BasicBlock*, 16> copies;
  for (BasicBlock* b : reg.blocks) {
    BasicBlock* copy = CloneBasicBlock(b, map, ".r" + Twine(r), &f);
    copy->moveBefore(before);
    map[b] = copy;
    copies.push_back(copy);
  }
  builder.CreateBr(cast<BasicBlock>(map[reg.start]));
  start = head;
  // Cloning mapped each local id call to its copy: the item's id replaces them.
  for (CallInst* call : local_ids) {
    if (auto* copy = dyn_cast_or_null<Instruction>(map.lookup(call))) copy->eraseFromParent();
    map[call] = lid;
  }
  remapInstructionsInBlocks(copies, map);
  if (in_loop && item_row) {
    // The loop over rows knows each item's row and column: no division is left.
    for (BasicBlock* copy : copies)
      for (Instruction& inst : make_early_inc_range(*copy)) {
        const row_part part = cohort_cbs::part_of_row(&inst, row_length, [&](const Value* v) { return v == lid; });
        if (part == row_part::none) continue;
        inst.replaceAllUsesWith(part == row_part::row ? item_row : item_column);
        inst.eraseFromParent();
      }
  }
  if (start_branch) {
    // Folded at once, so that what the taken way loads counts as loaded on every pass of
    // the loop (LICM then hoists the loads of values the same for all).
    auto* copy = cast<BasicBlock>(map[reg.start]);
    cast<BranchInst>(copy->getTerminator())->setCondition(ConstantInt::getBool(ctx, *start_branch));
    ConstantFoldTerminator(copy);
  }
  for (item_array& a : item_arrays)
    for (auto& [load, slot] : uniform_loads)
      if (slot == a.object)
        if (auto* copy = dyn_cast_or_null<LoadInst>(map.lookup(load))) copy->setOperand(0, a.last);
  // A value the same for all that nobody reads as its own is read from the last item's
  // slot alone: a loop that leaves out the last item need not store it (a loop counter's
  // store per item would also halve the vectoriser's width).
  if (in_loop && loop_leaves_out_last_item)
    for (auto& [access, slot] : slot_accesses)
      if (isa<StoreInst>(access) && !read_as_own.count(slot))
        if (auto* copy = dyn_cast_or_null<Instruction>(map.lookup(access))) {
          map.erase(access);
          copy->eraseFromParent();
        }
  if (replay) {
    // The loop ran the last item's work: what is left is what the loop left out, its stores
    // of values the same for all, and the way out. The rest has no use once the side
    // effects go (last_item_replayable).
    DenseSet<Instruction*> kept;
    for (auto& [access, slot] : slot_accesses)
      if (isa<StoreInst>(access) && !read_as_own.count(slot))
        if (auto* copy = dyn_cast_or_null<Instruction>(map.lookup(access))) kept.insert(copy);
    SmallVector<Instruction*, 32> effects;
    for (BasicBlock* copy : copies)
      for (Instruction& inst : *copy)
        if (!inst.isTerminator() && !kept.count(&inst) && inst.mayHaveSideEffects()) effects.push_back(&inst);
    for (Instruction* inst : effects) {
      if (!inst->getType()->isVoidTy()) inst->replaceAllUsesWith(UndefValue::get(inst->getType()));
      inst->eraseFromParent();
    }
    for (bool changed = true; changed;) {
      changed = false;
      for (BasicBlock* copy : copies)
        for (Instruction& inst : make_early_inc_range(reverse(*copy)))
          if (isInstructionTriviallyDead(&inst)) {
            inst.eraseFromParent();
            changed = true;
          }
    }
  }
  SmallPtrSet<BasicBlock*, 16> copy_set(copies.begin(), copies.end());
  for (BasicBlock* copy : copies) {
    Instruction* term = copy->getTerminator();
    if (auto* ret = dyn_cast<ReturnInst>(term)) {
      BranchInst::Create(exit_to(to_the_end), copy);
      ret->eraseFromParent();
      continue;
    }
    for (unsigned s = 0; s < term->getNumSuccessors(); ++s) {
      BasicBlock* next = term->getSuccessor(s);
      if (copy_set.count(next)) continue;
      auto found = barrier_index.find(next);
      if (found == barrier_index.end()) return "an edge leaves a region other than at a barrier";
      term->setSuccessor(s, exit_to(found->second));
    }
  }
  // Phis keep only the edges of their region.
  for (BasicBlock* copy : copies)
    for (PHINode& phi : copy->phis())
      for (int i = static_cast<int>(phi.getNumIncomingValues()) - 1; i >= 0; --i)
        if (!copy_set.count(phi.getIncomingBlock(i))) phi.removeIncomingValue(i, false);
  // Nothing in the copies may still use a value of the original blocks.
  for (BasicBlock* copy : copies)
    for (Instruction& inst : *copy)
      for (Value* op : inst.operands())
        if (auto* def = dyn_cast<Instruction>(op); def && original.count(def->getParent()))
          return "a value crosses a region boundary unseen";
  if (in_loop) {
    // Within a region the items are independent (two items touching the same memory
    // between barriers without atomics race), so the vectoriser needs no run-time checks.
    MDNode* access_group = MDNode::getDistinct(ctx, {});
    for (BasicBlock* copy : copies)
      for (Instruction& inst : *copy)
        if (inst.mayReadOrWriteMemory()) add_access_group(inst, access_group);
    last_access_group = access_group;
    // The slots are the pass's own memory, and a loop that leaves out the last item never
    // writes the last item's slots, which the loads of values the same for all read: so
    // the loads of those values and of the kernel's captures can leave the loop.
    if (loop_leaves_out_last_item) {
      MDBuilder md(ctx);
      MDNode* domain = md.createAnonymousAliasScopeDomain("cbs");
      MDNode* items = MDNode::get(ctx, {md.createAnonymousAliasScope(domain, "cbs.item_slots")});
      MDNode* last = MDNode::get(ctx, {md.createAnonymousAliasScope(domain, "cbs.last_item_slots")});
      MDNode* both = MDNode::concatenate(items, last);
      DenseSet<Instruction*> slot_copies, last_copies;
      for (auto& [inst, slot] : slot_accesses)
        if (auto* copy = dyn_cast_or_null<Instruction>(map.lookup(inst))) slot_copies.insert(copy);
      for (auto& [load, slot] : uniform_loads)
        if (auto* copy = dyn_cast_or_null<Instruction>(map.lookup(load))) last_copies.insert(copy);
      auto add = [&](Instruction& inst, unsigned kind, MDNode* scopes) {
        inst.setMetadata(kind, MDNode::concatenate(inst.getMetadata(kind), scopes));
      };
      for (BasicBlock* copy : copies)
        for (Instruction& inst : *copy) {
          if (!inst.mayReadOrWriteMemory()) continue;
          if (slot_copies.count(&inst)) {
            add(inst, LLVMContext::MD_alias_scope, items);
          } else if (last_copies.count(&inst)) {
            add(inst, LLVMContext::MD_alias_scope, last);
            add(inst, LLVMContext::MD_noalias, items);
          } else {
            add(inst, LLVMContext::MD_noalias, both);
          }
        }
    }
  }
  return {};
}

namespace {

/// The value of the i1 `v` for every item but item 0, where it follows from the local id
/// alone (`lid == 0`, `lid != 0 || n == 0`, ...); none where it does not.
std::optional<bool> for_other_items(Value* v, unsigned depth = 8) {
  if (auto* c = dyn_cast<ConstantInt>(v)) return !c->isZero();
  if (depth == 0) return std::nullopt;
  if (auto* test = dyn_cast<ICmpInst>(v)) {
    Value* lhs = test->getOperand(0);
    Value* rhs = test->getOperand(1);
    ICmpInst::Predicate predicate = test->getPredicate();
    if (isa<ConstantInt>(lhs)) {
      std::swap(lhs, rhs);
      predicate = ICmpInst::getSwappedPredicate(predicate);
    }
    auto* zero = dyn_cast<ConstantInt>(rhs);
    if (!zero || !zero->isZero() || !is_call_to(lhs, local_id_marker)) return std::nullopt;
    switch (predicate) {
      case ICmpInst::ICMP_EQ:
      case ICmpInst::ICMP_ULE: return false;
      case ICmpInst::ICMP_NE:
      case ICmpInst::ICMP_UGT: return true;
      default: return std::nullopt;
    }
  }
  if (auto* select = dyn_cast<SelectInst>(v)) {
    if (std::optional<bool> c = for_other_items(select->getCondition(), depth - 1))
      return for_other_items(*c ? select->getTrueValue() : select->getFalseValue(), depth - 1);
    std::optional<bool> a = for_other_items(select->getTrueValue(), depth - 1);
    std::optional<bool> b = for_other_items(select->getFalseValue(), depth - 1);
    return a && b && *a == *b ? a : std::nullopt;
  }
  if (auto* op = dyn_cast<BinaryOperator>(v)) {
    std::optional<bool> a = for_other_items(op->getOperand(0), depth - 1);
    std::optional<bool> b = for_other_items(op->getOperand(1), depth - 1);
    switch (op->getOpcode()) {
      case Instruction::And:
        if ((a && !*a) || (b && !*b)) return false;
        return a && b ? std::optional<bool>(true) : std::nullopt;
      case Instruction::Or:
        if ((a && *a) || (b && *b)) return true;
        return a && b ? std::optional<bool>(false) : std::nullopt;
      case Instruction::Xor: return a && b ? std::optional<bool>(*a != *b) : std::nullopt;
      default: return std::nullopt;
    }
  }
  return std::nullopt;
}

}  // namespace

bool loop_former::only_item_zero_works(unsigned r) const {
  const region& reg = regions[r];
  auto* br = dyn_cast<BranchInst>(reg.start->getTerminator());
  if (!br || !br->isConditional()) return false;
  // The test of the local id may be folded with tests of values the same for all items (a
  // loop's test that the group is not empty): what counts is that it sends every item but
  // item 0 the same way.
  std::optional<bool> others = for_other_items(br->getCondition());
  if (!others) return false;
  for (Instruction& inst : *reg.start)
    if (&inst != br && (inst.mayHaveSideEffects() || inst.mayReadOrWriteMemory()) &&
        !is_call_to(&inst, local_id_marker) && !isa<DbgInfoIntrinsic>(inst))
      return false;
  // Every block the other items may reach does nothing but branch on, to a barrier or the end.
  SmallPtrSet<BasicBlock*, 8> seen;
  SmallVector<BasicBlock*, 8> work{br->getSuccessor(*others ? 0 : 1)};
  while (!work.empty()) {
    BasicBlock* b = work.pop_back_val();
    if (barrier_index.count(b) || !seen.insert(b).second) continue;
    if (b == reg.start || b->size() != 1 || !isa<BranchInst>(b->getTerminator())) return false;
    for (BasicBlock* next : successors(b)) work.push_back(next);
  }
  return true;
}

bool loop_former::last_item_replayable(unsigned r) const {
  const region& reg = regions[r];
  SmallVector<Value*, 16> needed;
  for (BasicBlock* b : reg.blocks) {
    if (divergent.count(b)) return false;
    Instruction* term = b->getTerminator();
    if (auto* br = dyn_cast<BranchInst>(term)) {
      if (br->isConditional()) needed.push_back(br->getCondition());
    } else if (auto* sw = dyn_cast<SwitchInst>(term)) {
      needed.push_back(sw->getCondition());
    } else if (!isa<ReturnInst>(term) && !isa<UnreachableInst>(term)) {
      return false;  // an invoke, ...: ways that a copy without side effects cannot keep
    }
  }
  for (auto& [access, slot] : slot_accesses) {
    auto* store = dyn_cast<StoreInst>(access);
    if (!store || !reg.blocks.count(store->getParent())) continue;
    if (!read_as_own.count(slot)) {
      needed.push_back(store->getValueOperand());
      continue;
    }
    // The loop stores such a value for every item, the last included: the region must not
    // also read it as the same for all (from the last item's slot).
    for (auto& [load, other] : uniform_loads)
      if (other == slot && reg.blocks.count(load->getParent())) return false;
  }
  SmallPtrSet<Value*, 32> seen;
  while (!needed.empty()) {
    auto* inst = dyn_cast<Instruction>(needed.pop_back_val());
    if (!inst || uniform.count(inst) || !seen.insert(inst).second) continue;
    if (varying.count(inst) || !reg.blocks.count(inst->getParent())) return false;
    if (auto* load = dyn_cast<LoadInst>(inst)) {
      // Other memory may have changed since the last item read it in the loop (by the last
      // item itself, in a group of one).
      auto found = uniform_loads.find(load);
      if (found == uniform_loads.end() || read_as_own.count(found->second)) return false;
      continue;
    }
    if (inst->mayReadOrWriteMemory() || inst->mayHaveSideEffects()) return false;
    for (Value* op : inst->operands()) needed.push_back(op);
  }
  return true;
}

Value* loop_former::before_the_loop(Value* v, BasicBlock* at, unsigned depth) {
  if (isa<Constant>(v) || isa<Argument>(v)) return v;
  auto* inst = dyn_cast<Instruction>(v);
  if (!inst || varying.count(inst)) return nullptr;
  if (uniform.count(inst)) return v;  // computed in the entry
  if (auto* load = dyn_cast<LoadInst>(inst)) {
    // The last item's slot holds the value the items read until the last item passes the
    // definition again, which it does after the loop or not in this region at all.
    auto found = uniform_loads.find(load);
    if (found == uniform_loads.end()) return nullptr;
    for (item_array& a : item_arrays)
      if (a.object == found->second)
        return new LoadInst(load->getType(), a.last, load->getName() + ".bound", at->getTerminator());
    return nullptr;
  }
  if (depth == 0 || isa<PHINode>(inst) || isa<CallBase>(inst) || inst->mayReadOrWriteMemory() ||
      !isSafeToSpeculativelyExecute(inst))
    return nullptr;
  SmallVector<Value*, 4> operands;
  for (Value* op : inst->operands()) {
    Value* copy = before_the_loop(op, at, depth - 1);
    if (!copy) return nullptr;
    operands.push_back(copy);
  }
  Instruction* copy = inst->clone();
  for (unsigned i = 0; i < operands.size(); ++i) copy->setOperand(i, operands[i]);
  copy->insertBefore(at->getTerminator());
  return copy;
}

std::optional<loop_former::bound_test> loop_former::item_bound(unsigned r, BasicBlock* at, Value* last_lid) {
  auto* br = dyn_cast<BranchInst>(regions[r].start->getTerminator());
  if (!br || !br->isConditional()) return std::nullopt;
  auto* test = dyn_cast<ICmpInst>(br->getCondition());
  if (!test) return std::nullopt;
  Value* lhs = test->getOperand(0);
  Value* bound = test->getOperand(1);
  ICmpInst::Predicate predicate = test->getPredicate();
  auto on_local_id = [](Value* v) {
    if (is_call_to(v, local_id_marker)) return true;
    auto* add = dyn_cast<BinaryOperator>(v);
    return add && add->getOpcode() == Instruction::Add &&
           (is_call_to(add->getOperand(0), local_id_marker) || is_call_to(add->getOperand(1), local_id_marker));
  };
  if (on_local_id(bound)) {
    std::swap(lhs, bound);
    predicate = ICmpInst::getSwappedPredicate(predicate);
  }
  if (!on_local_id(lhs) || !lhs->getType()->isIntegerTy(64)) return std::nullopt;
  bool below;
  switch (predicate) {
    case ICmpInst::ICMP_ULT: below = true; break;
    case ICmpInst::ICMP_UGE: below = false; break;
    default: return std::nullopt;
  }
  Value* offset = nullptr;
  if (!is_call_to(lhs, local_id_marker)) {
    auto* add = cast<BinaryOperator>(lhs);
    offset = add->getOperand(is_call_to(add->getOperand(0), local_id_marker) ? 1 : 0);
  }
  if (isa<Constant>(bound) && !offset) return std::nullopt;  // nothing to gain over the vectoriser's own
  Value* limit = before_the_loop(bound, at, 8);
  if (!limit) return std::nullopt;
  if (!offset) return bound_test{limit, below, nullptr};
  // base + lid < n: the items below n - base (none where base >= n), as long as no item's
  // base + lid wraps around.
  Value* base = before_the_loop(offset, at, 8);
  if (!base) return std::nullopt;
  IRBuilder<> b(at->getTerminator());
  Value* room = b.CreateSub(limit, base, "cbs.room");
  Value* count = b.CreateSelect(b.CreateICmpUGT(limit, base), room, ConstantInt::get(room->getType(), 0), "cbs.below");
  Value* highest = b.CreateSub(ConstantInt::getAllOnesValue(base->getType()), last_lid);
  Value* valid = b.CreateICmpULE(base, highest, "cbs.no_wrap");
  return bound_test{count, below, valid};
}

std::string loop_former::build_loops() {
  Type* i64 = Type::getInt64Ty(ctx);
  for (BasicBlock& b : f)
    if (&b != entry) original.insert(&b);

  BasicBlock* done = BasicBlock::Create(ctx, "cbs.done", &f);
  Type* result = f.getReturnType();
  if (result->isVoidTy())
    ReturnInst::Create(ctx, done);
  else if (result->isIntegerTy())
    ReturnInst::Create(ctx, ConstantInt::get(result, 1), done);
  else
    return "a wrapper that returns something other than its flag";

  SmallVector<BasicBlock*, 8> pre(regions.size());
  for (unsigned r = 0; r < regions.size(); ++r) pre[r] = BasicBlock::Create(ctx, "cbs.region", &f, done);
  auto destination = [&](unsigned target) { return target == to_the_end ? done : pre[target + 1]; };
  IRBuilder<> entry_builder(entry->getTerminator());
  Value* last_lid = entry_builder.CreateSub(group_size, ConstantInt::get(i64, 1), "cbs.last_lid");

  for (unsigned r = 0; r < regions.size(); ++r) {
    region& reg = regions[r];
    SmallSetVector<unsigned, 4> targets;
    for (BasicBlock* b : reg.blocks) {
      if (isa<ReturnInst>(b->getTerminator())) targets.insert(to_the_end);
      for (BasicBlock* next : successors(b))
        if (auto found = barrier_index.find(next); found != barrier_index.end()) targets.insert(found->second);
    }
    // Where the items may go on to different places, the last item runs apart, after the
    // loop over the others, and its way out is the group's: the loop then has one way out,
    // as the vectoriser needs.
    // So does it where the region both writes and reads a value the same for all (a
    // loop counter): the loop then never writes the slot that it reads.
    // Where the last item's way out and those values follow from values the same for all,
    // the loop runs every item, and a copy of the last item's way through the region
    // without its work replays only that after the loop: no loop of all items but one,
    // which the vectoriser leaves with a remainder of single items (255 = 3 x 64 + 7 x 8 + 7).
    bool reads_and_writes = false;
    for (auto& [load, slot] : uniform_loads)
      if (reg.blocks.count(load->getParent()))
        for (auto& [access, other] : slot_accesses)
          if (other == slot && isa<StoreInst>(access) && reg.blocks.count(access->getParent())) reads_and_writes = true;
    const bool last_after = targets.size() > 1 || reads_and_writes;
    const bool replay = last_after && last_item_replayable(r);
    const bool last_apart = last_after && !replay;
    loop_leaves_out_last_item = last_after;
    if (only_item_zero_works(r) && targets.size() == 1) {
      // No loop: item 0 alone.
      BasicBlock* start = nullptr;
      if (std::string why = clone_region(r, ConstantInt::get(i64, 0), done, false, destination, start); !why.empty())
        return why;
      BranchInst::Create(start, pre[r]);
      continue;
    }
    BasicBlock* leave = BasicBlock::Create(ctx, "cbs.region_end", &f, done);
    IRBuilder<> builder(pre[r]);
    Value* loop_end = last_apart ? last_lid : group_size;
    // Marks a loop's back edge: a loop over the items, whose items are independent.
    auto mark_loop = [&](Instruction* back) {
      MDNode* parallel = MDNode::get(ctx, {MDString::get(ctx, "llvm.loop.parallel_accesses"), last_access_group});
      MDNode* mark = MDNode::get(ctx, {MDString::get(ctx, item_loop_mark)});
      MDNode* loop_id = MDNode::getDistinct(ctx, {nullptr, parallel, mark});
      loop_id->replaceOperandWith(0, loop_id);
      back->setMetadata(LLVMContext::MD_loop, loop_id);
    };
    // A loop over the items [begin, end) from block `from`, which it leaves for `after`.
    // Where the kernel divides the local id into rows, two loops: over the rows, and over
    // the columns of each row in [begin, end).
    auto add_loop = [&](BasicBlock* from, Value* begin, Value* end, BasicBlock* after, bool may_be_empty,
                        std::optional<bool> start_branch) -> std::string {
      BasicBlock* header = BasicBlock::Create(ctx, "cbs.items", &f, after);
      BasicBlock* latch = BasicBlock::Create(ctx, "cbs.next_item", &f, after);
      BasicBlock* rows = row_step ? BasicBlock::Create(ctx, "cbs.rows", &f, header) : nullptr;
      BasicBlock* next_row = row_step ? BasicBlock::Create(ctx, "cbs.next_row", &f, after) : nullptr;
      BasicBlock* first = row_step ? rows : header;
      IRBuilder<> b(from);
      Value *first_row = nullptr, *last_row = nullptr;
      if (row_step) {
        first_row = b.CreateUDiv(begin, row_step, "cbs.first_row");
        last_row = b.CreateUDiv(b.CreateSub(end, ConstantInt::get(i64, 1)), row_step, "cbs.last_row");
      }
      if (may_be_empty)
        b.CreateCondBr(b.CreateICmpULT(begin, end), first, after);
      else
        b.CreateBr(first);
      Value *column_begin = begin, *column_end = end, *row_start = nullptr;
      PHINode* row = nullptr;
      if (row_step) {
        b.SetInsertPoint(rows);
        row = b.CreatePHI(i64, 2, "cbs.row");
        row->addIncoming(first_row, from);
        row_start = b.CreateMul(row, row_step, "cbs.row_start", true, true);
        column_begin = b.CreateSelect(b.CreateICmpEQ(row, first_row), b.CreateSub(begin, row_start),
                                      ConstantInt::get(i64, 0), "cbs.first_column");
        column_end = b.CreateSelect(b.CreateICmpEQ(row, last_row), b.CreateSub(end, row_start), row_step,
                                    "cbs.column_end");
        b.CreateBr(header);
      }
      b.SetInsertPoint(header);
      PHINode* index = b.CreatePHI(i64, 2, row_step ? "cbs.column" : "cbs.lid");
      index->addIncoming(column_begin, row_step ? rows : from);
      Value* lid = row_step ? b.CreateAdd(row_start, index, "cbs.lid", true, true) : index;
      item_row = row;
      item_column = row_step ? index : nullptr;
      BasicBlock* start = nullptr;
      std::string why = clone_region(r, lid, latch, true, [&](unsigned) { return latch; }, start, start_branch);
      item_row = item_column = nullptr;
      if (!why.empty()) return why;
      b.CreateBr(start);
      b.SetInsertPoint(latch);
      Value* next = b.CreateAdd(index, ConstantInt::get(i64, 1), "cbs.next", true, true);
      mark_loop(b.CreateCondBr(b.CreateICmpULT(next, column_end), header, row_step ? next_row : after));
      index->addIncoming(next, latch);
      if (row_step) {
        b.SetInsertPoint(next_row);
        row->addIncoming(b.CreateAdd(row, ConstantInt::get(i64, 1), "cbs.next_row", true, true), next_row);
        mark_loop(b.CreateCondBr(b.CreateICmpULT(row, last_row), rows, after));
      }
      return {};
    };
    // Items [0, end) in a kernel with rows: where the row length is a multiple of
    // whole_row_multiple (16 x 16 tiles), the whole rows first, in a loop whose trip count
    // LLVM knows to be that multiple: the vectoriser's scalar remainder is then dead and goes,
    // and with it the scalar copies it kept of the values the same for a row (a tile's row of
    // A), which spilled in the vector loop. The items after the last whole row, and every
    // item of other lengths, take add_loop's loop.
    auto add_loops = [&](BasicBlock* from, Value* begin, Value* end, BasicBlock* after, bool may_be_empty,
                         std::optional<bool> start_branch) -> std::string {
      auto* first = dyn_cast<ConstantInt>(begin);
      if (!row_step || !first || !first->isZero()) return add_loop(from, begin, end, after, may_be_empty, start_branch);
      BasicBlock* rows = BasicBlock::Create(ctx, "cbs.whole_rows", &f, after);
      BasicBlock* header = BasicBlock::Create(ctx, "cbs.whole_row_items", &f, after);
      BasicBlock* latch = BasicBlock::Create(ctx, "cbs.next_whole_row_item", &f, after);
      BasicBlock* next_row = BasicBlock::Create(ctx, "cbs.next_whole_row", &f, after);
      BasicBlock* rest = BasicBlock::Create(ctx, "cbs.after_whole_rows", &f, after);
      IRBuilder<> b(from);
      Value* zero = ConstantInt::get(i64, 0);
      // The row length where it is a multiple, as LLVM sees it: its low bits known zero.
      Value* width = b.CreateAnd(row_step, ConstantInt::get(i64, -whole_row_multiple), "cbs.whole_row");
      Value* count = b.CreateUDiv(end, row_step, "cbs.whole_row_count");
      Value* covered = b.CreateMul(count, row_step, "cbs.whole_row_items", true, true);
      b.CreateCondBr(b.CreateAnd(b.CreateICmpEQ(width, row_step), b.CreateICmpNE(count, zero)), rows, rest);
      b.SetInsertPoint(rows);
      PHINode* row = b.CreatePHI(i64, 2, "cbs.row");
      row->addIncoming(zero, from);
      // (So that the vectoriser's test for too few items folds away too.)
      b.CreateAssumption(b.CreateICmpUGE(width, ConstantInt::get(i64, whole_row_multiple)));
      Value* row_start = b.CreateMul(row, width, "cbs.row_start", true, true);
      b.CreateBr(header);
      b.SetInsertPoint(header);
      PHINode* column = b.CreatePHI(i64, 2, "cbs.column");
      column->addIncoming(zero, rows);
      Value* lid = b.CreateAdd(row_start, column, "cbs.lid", true, true);
      item_row = row;
      item_column = column;
      BasicBlock* start = nullptr;
      std::string why = clone_region(r, lid, latch, true, [&](unsigned) { return latch; }, start, start_branch);
      item_row = item_column = nullptr;
      if (!why.empty()) return why;
      b.CreateBr(start);
      b.SetInsertPoint(latch);
      Value* next = b.CreateAdd(column, ConstantInt::get(i64, 1), "cbs.next", true, true);
      mark_loop(b.CreateCondBr(b.CreateICmpNE(next, width), header, next_row));
      column->addIncoming(next, latch);
      b.SetInsertPoint(next_row);
      Value* following = b.CreateAdd(row, ConstantInt::get(i64, 1), "cbs.next_row", true, true);
      row->addIncoming(following, next_row);
      mark_loop(b.CreateCondBr(b.CreateICmpULT(following, count), rows, rest));
      b.SetInsertPoint(rest);
      PHINode* rest_begin = b.CreatePHI(i64, 2, "cbs.rest_begin");
      rest_begin->addIncoming(zero, from);
      rest_begin->addIncoming(covered, next_row);
      return add_loop(rest, rest_begin, end, after, true, start_branch);
    };
    // A region whose work is for the items below a bound the same for all (a tree's
    // `lid < half`) runs as two loops, the items below the bound and those above, each
    // with the test decided: the work's loop is no longer than the work, and neither loop
    // carries a mask.
    // (pre[r] has no terminator yet: item_bound computes the bound before a stand-in.)
    BranchInst* stand_in = BranchInst::Create(leave, pre[r]);
    std::optional<bound_test> bound = item_bound(r, pre[r], last_lid);
    stand_in->eraseFromParent();
    if (bound) {
      builder.SetInsertPoint(pre[r]);
      Value* split = builder.CreateBinaryIntrinsic(Intrinsic::umin, bound->bound, loop_end, nullptr, "cbs.split");
      BasicBlock* from = pre[r];
      if (bound->valid) {
        // Where some item's offset id could wrap around, one loop with the test.
        from = BasicBlock::Create(ctx, "cbs.split_items", &f, leave);
        BasicBlock* wraps = BasicBlock::Create(ctx, "cbs.all_items", &f, leave);
        builder.CreateCondBr(bound->valid, from, wraps);
        if (std::string why = add_loops(wraps, ConstantInt::get(i64, 0), loop_end, leave, last_apart, std::nullopt);
            !why.empty())
          return why;
      }
      BasicBlock* middle = BasicBlock::Create(ctx, "cbs.above_bound", &f, leave);
      if (std::string why = add_loops(from, ConstantInt::get(i64, 0), split, middle, true, bound->below); !why.empty())
        return why;
      if (std::string why = add_loop(middle, split, loop_end, leave, true, !bound->below); !why.empty()) return why;
    } else if (std::string why = add_loops(pre[r], ConstantInt::get(i64, 0), loop_end, leave, last_apart, std::nullopt);
               !why.empty()) {
      return why;
    }

    builder.SetInsertPoint(leave);
    if (last_after) {
      if (debug_enabled())
        errs() << "cohort-cbs: " << f.getName() << ": region " << r << ": the last item "
               << (replay ? "replayed after a loop over every item\n" : "apart\n");
      BasicBlock* last_start = nullptr;
      if (std::string why = clone_region(r, last_lid, done, false, destination, last_start, std::nullopt, replay);
          !why.empty())
        return why;
      builder.CreateBr(last_start);
    } else if (targets.empty()) {
      builder.CreateUnreachable();
    } else {
      builder.CreateBr(destination(targets[0]));
    }
  }
  entry->getTerminator()->setSuccessor(0, pre[0]);

  for (BasicBlock* b : original) b->dropAllReferences();
  for (BasicBlock* b : original) b->eraseFromParent();
  for (item_array& a : item_arrays) a.object->eraseFromParent();
  return {};
}

std::string loop_former::run() {
  if (f.hasOptNone()) return "not optimised";
  if (std::string why = prepare_entry(); !why.empty()) return why;
  if (std::string why = split_at_barriers(); !why.empty()) return why;
  if (std::string why = find_regions(); !why.empty()) return why;
  hoist_uniform_values();
  find_rows();
  find_varying_values();
  if (std::string why = check_items_meet_the_same_barriers(); !why.empty()) return why;
  if (std::string why = demote_values_crossing_barriers(); !why.empty()) return why;
  if (std::string why = give_each_item_its_storage(); !why.empty()) return why;
  if (const char* path = std::getenv("COHORT_CBS_DUMP")) {
    std::error_code error;
    raw_fd_ostream out(path, error, sys::fs::OF_Append);
    out << "; before the loops\n" << f;
  }
  if (std::string why = build_loops(); !why.empty()) return why;
  Value* local_memory = nullptr;
  for (Instruction& inst : *entry)
    if (is_call_to(&inst, local_memory_marker)) local_memory = &inst;
  scope_local_memory(f, local_memory);
  scope_deposits(f, scratch, deposits);
  return {};
}

bool is_wrapper(Function& function) {
  if (function.hasFnAttribute(declined_attribute)) return false;
  for (Instruction& inst : instructions(function))
    if (is_call_to(&inst, transformed_marker)) return true;
  return false;
}


/// An option of LLVM's (a cl::opt<T>), found by name: the pass changes a few of them while
/// LLVM's own passes work on the loops it made, and gives them back their values after.
template <typename T>
class llvm_option {
public:
  explicit llvm_option(StringRef name) {
    auto& options = cl::getRegisteredOptions();
    if (auto found = options.find(name); found != options.end()) {
      option = static_cast<cl::opt<T>*>(found->second);
      original = *option;
    }
  }
  void set(T value) {
    if (option) *option = value;
  }
  void reset() { set(original); }
  T initial() const { return original; }

private:
  cl::opt<T>* option = nullptr;
  T original{};
};

/// Sets an option of LLVM's for the object's lifetime (to at least `value`).
class threshold_override {
public:
  threshold_override(StringRef name, int value) : option(name) {
    if (option.initial() < value) option.set(value);
  }
  ~threshold_override() { option.reset(); }
  threshold_override(const threshold_override&) = delete;
  threshold_override& operator=(const threshold_override&) = delete;

private:
  llvm_option<int> option;
};

/// Unswitches the loops over the items (not the kernel's loops around them), whatever the
/// size of their bodies. Every condition invariant in such a loop is the same for all items
/// (a kernel loop's exit test): left in, it keeps the loop from vectorising or makes the
/// vectoriser if-convert both ways (masked stores, gathers, scatters), which costs far more
/// per item than the copy of the loop that LLVM's limit guards against.
struct unswitch_item_loops : PassInfoMixin<unswitch_item_loops> {
  PreservedAnalyses run(Loop& loop, LoopAnalysisManager& analyses, LoopStandardAnalysisResults& results,
                        LPMUpdater& updater) {
    if (!is_item_loop(loop)) return PreservedAnalyses::all();
    threshold_override limit("unswitch-threshold", 1000);
    return SimpleLoopUnswitchPass(/*NonTrivial=*/true).run(loop, analyses, results, updater);
  }
  static bool is_item_loop(const Loop& loop) {
    MDNode* id = loop.getLoopID();
    if (!id) return false;
    for (const MDOperand& op : id->operands())
      if (auto* node = dyn_cast_or_null<MDNode>(op.get()); node && node->getNumOperands() == 1)
        if (auto* name = dyn_cast<MDString>(node->getOperand(0)); name && name->getString() == item_loop_mark)
          return true;
    return false;
  }
};

/// Moves the body of `from` into `to` (which loses its own), `from`'s arguments becoming `to`'s.
void move_body(Function& from, Function& to) {
  for (BasicBlock& b : to) b.dropAllReferences();
  while (!to.empty()) to.begin()->eraseFromParent();
  for (auto [old_argument, new_argument] : zip(from.args(), to.args())) old_argument.replaceAllUsesWith(&new_argument);
  to.getBasicBlockList().splice(to.end(), from.getBasicBlockList());
}

}  // namespace

PreservedAnalyses form_work_item_loops::run(Function& function, FunctionAnalysisManager& analyses) {
  // A loop over all items but the last (the last item runs apart) leaves the vectoriser a
  // remainder of up to 2 x 8 - 1 items, which runs one by one unless the vectoriser gives it
  // a vector loop of its own; it does that for loops of 16 lanes or more only. The loop
  // vectoriser runs on this function right after this pass, before the pass sees the next
  // function: the limit is lowered for the wrappers the pass transformed, and only for them.
  static llvm_option<unsigned> epilogue_min_lanes("epilogue-vectorization-minimum-VF");
  epilogue_min_lanes.reset();
  // Loops over rows make a row's addresses recurrences of the outer loop, which LLVM 14's
  // memory access versioning takes for strides of the inner loop: it versions the vector
  // loop on a stride of 1 that never holds, and the scalar loop runs. Off for such wrappers.
  static llvm_option<bool> access_versioning("enable-mem-access-versioning");
  access_versioning.reset();
  if (!is_wrapper(function)) return PreservedAnalyses::all();
  ValueToValueMapTy map;
  Function* work = CloneFunction(&function, map);
  loop_former former(*work);
  std::string why = former.run();
  if (why.empty() && verifyFunction(*work, debug_enabled() ? &errs() : nullptr)) why = "the loops failed the verifier";
  if (!why.empty()) {
    work->eraseFromParent();
    if (debug_enabled()) errs() << "cohort-cbs: declined " << function.getName() << ": " << why << "\n";
    return PreservedAnalyses::all();
  }
  move_body(*work, function);
  work->eraseFromParent();
  if (debug_enabled()) errs() << "cohort-cbs: transformed " << function.getName() << "\n";
  epilogue_min_lanes.set(std::min(epilogue_min_lanes.initial(), 8u));
  if (former.has_rows()) access_versioning.set(false);
  if (const char* path = std::getenv("COHORT_CBS_DUMP")) {
    std::error_code error;
    raw_fd_ostream out(path, error, sys::fs::OF_Append);
    out << function;
  }

  // Tidy the loops for the vectoriser: the per-item addresses, and the loads of values the
  // same for every item, out of the item loops.
  analyses.invalidate(function, PreservedAnalyses::none());
  FunctionPassManager tidy;
  tidy.addPass(InstCombinePass());
  tidy.addPass(EarlyCSEPass(true));
  // Stores that a later one overwrites before anything reads them (a sum into global
  // memory from local memory, local_memory_scope.hpp).
  tidy.addPass(DSEPass());
  tidy.addPass(createFunctionToLoopPassAdaptor(LICMPass(), /*UseMemorySSA=*/true));
  // A branch on a value the same for all items (a kernel loop's exit test) splits the loop
  // in two, each without the branch.
  tidy.addPass(createFunctionToLoopPassAdaptor(unswitch_item_loops(), /*UseMemorySSA=*/true));
  tidy.addPass(SimplifyCFGPass());
  // Once more: a way that unswitching took out of a loop (the kernel's last pass, storing
  // its results) may have been what kept a load in it (a collective's result).
  tidy.addPass(createFunctionToLoopPassAdaptor(LICMPass(), /*UseMemorySSA=*/true));
  tidy.run(function, analyses);
  return PreservedAnalyses::none();
}

}  // namespace cohort_cbs
