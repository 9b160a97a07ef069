#!/usr/bin/env bash
# Builds cohort-bench and runs its default suite on every device found. Extra arguments
# go to cohort-bench (e.g. --full, --quick, --filter=stream, --output=results.csv).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh bench
cmake --preset release -DCOHORT_BUILD_BENCH=ON -DCOHORT_BUILD_TOOLS=ON >/dev/null
cmake --build --preset release --target cohort-bench cohort-ls -j "$(nproc)"
build/release/tools/cohort-ls
exec build/release/bench/cohort-bench --device=all "$@"
