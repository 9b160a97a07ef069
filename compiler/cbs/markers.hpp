// SPDX-License-Identifier: MIT
#pragma once
// The functions through which the library speaks to the pass
// (include/cohort/backend/cpu/compiler_pass.hpp), and what the pass records on a wrapper.
#include <llvm/ADT/StringRef.h>

namespace cohort_cbs {

inline constexpr llvm::StringLiteral transformed_marker = "__cohort_cbs_transformed";
inline constexpr llvm::StringLiteral active_marker = "__cohort_cbs_active";
inline constexpr llvm::StringLiteral local_id_marker = "__cohort_cbs_local_id";
inline constexpr llvm::StringLiteral barrier_marker = "__cohort_cbs_barrier";
inline constexpr llvm::StringLiteral unsupported_marker = "__cohort_cbs_unsupported";
inline constexpr llvm::StringLiteral scratch_marker = "__cohort_cbs_scratch";
/// The collectives' deposits: only pointers derived from this marker's value write them.
inline constexpr llvm::StringLiteral deposits_marker = "__cohort_cbs_deposits";
inline constexpr llvm::StringLiteral local_memory_marker = "__cohort_cbs_local_memory";
inline constexpr llvm::StringLiteral item_storage_function = "__cohort_cbs_item_storage";


/// Function attribute of a wrapper that the preparation declined (the loop formation then
/// leaves it alone).
inline constexpr llvm::StringLiteral declined_attribute = "cohort-cbs-declined";

/// Whether `v` is a call of the function named `name`.
bool is_call_to(const llvm::Value* v, llvm::StringRef name);

/// Whether COHORT_CBS_DEBUG is set: the pass then says on stderr what it declined and why.
bool debug_enabled();

}  // namespace cohort_cbs
