#!/usr/bin/env bash
# Builds everything and runs all tests. `--preset NAME` picks another configuration:
#   release (default)  g++, the tests at -O0 and cohort-bench at -O3
#   asan               AddressSanitizer + UndefinedBehaviorSanitizer (g++), tests only
#   tsan               ThreadSanitizer (clang++ with LLVM's OpenMP and archer), tests only
#   clang-cbs          clang++ with the CPU compiler pass (compiler/cbs/), the tests at -O2
#   clang-cbs-asan     the same under AddressSanitizer, tests only
# Further arguments go to CMake's configure step, e.g. -DCOHORT_TESTS="reduce;usm" to build
# only the test files matching those patterns.
set -euo pipefail
cd "$(dirname "$0")/.."
preset=release
if [ "${1:-}" = "--preset" ]; then
  preset=$2
  shift 2
fi
scripts/install-deps.sh test
cmake --preset "$preset" -DCOHORT_BUILD_TESTS=ON "$@" >/dev/null
cmake --build --preset "$preset" -j "$(nproc)"
# The tests check results, not speed: they run side by side (the header checks alone take
# minutes of one core).
ctest --preset "$preset" -j "$(nproc)"
