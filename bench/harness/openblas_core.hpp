// SPDX-License-Identifier: MIT
#pragma once
// OpenBLAS (the DGEMM ceiling) picks its kernels by CPU model when it loads. Debian's
// 0.3.21 does not know recent Xeons and falls back to "Prescott" (SSE3) kernels, about 5x
// below what the CPU can do, which would make a ceiling that is not one.
#include <string>

namespace bench {

/// When OPENBLAS_CORETYPE is unset and OpenBLAS chose pre-AVX-512 kernels on a CPU with
/// AVX-512 (or pre-AVX2 kernels on one with AVX2), re-executes this program with
/// OPENBLAS_CORETYPE set (SkylakeX or Haswell). Returns only if nothing needed doing or
/// the re-exec failed.
void select_openblas_core(char** argv);

/// The kernels OpenBLAS uses, e.g. "SkylakeX", plus how they were chosen.
std::string openblas_core_description();

}  // namespace bench
