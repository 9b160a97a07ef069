// SPDX-License-Identifier: MIT
#include "openblas_core.hpp"

#include <unistd.h>

#include <cstdlib>
#include <cstring>

extern "C" char* openblas_get_corename(void);

namespace bench {

namespace {
constexpr const char* marker = "COHORT_BENCH_SET_OPENBLAS_CORETYPE";

bool one_of(const char* name, std::initializer_list<const char*> names) {
  for (const char* n : names)
    if (std::strcmp(name, n) == 0) return true;
  return false;
}
}  // namespace

void select_openblas_core(char** argv) {
  if (std::getenv("OPENBLAS_CORETYPE")) return;
  const char* core = openblas_get_corename();
  if (!core) return;
  __builtin_cpu_init();
  const bool pre_avx2 = one_of(core, {"Prescott", "Core2", "Penryn", "Dunnington", "Nehalem", "Atom", "Sandybridge",
                                      "Katmai", "Coppermine", "Northwood", "Banias", "unknown"});
  const bool pre_avx512 = pre_avx2 || one_of(core, {"Haswell", "Zen"});
  const char* want = nullptr;
  if (__builtin_cpu_supports("avx512f") && pre_avx512) want = "SkylakeX";
  else if (__builtin_cpu_supports("avx2") && pre_avx2) want = "Haswell";
  if (!want) return;
  setenv("OPENBLAS_CORETYPE", want, 1);
  setenv(marker, core, 1);
  execv("/proc/self/exe", argv);
  unsetenv("OPENBLAS_CORETYPE");  // the re-exec failed: go on with what OpenBLAS chose
  unsetenv(marker);
}

std::string openblas_core_description() {
  const char* core = openblas_get_corename();
  std::string out = core ? core : "unknown";
  if (const char* was = std::getenv(marker))
    out += std::string(" (OPENBLAS_CORETYPE set by cohort-bench; OpenBLAS had chosen ") + was +
           " on this CPU)";
  else if (std::getenv("OPENBLAS_CORETYPE"))
    out += " (OPENBLAS_CORETYPE from the environment)";
  return out;
}

}  // namespace bench
