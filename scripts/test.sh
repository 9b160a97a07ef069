#!/usr/bin/env bash
# Builds everything and runs all tests. `--preset NAME` picks another configuration
# (release, asan, tsan; see CMakePresets.json).
set -euo pipefail
cd "$(dirname "$0")/.."
preset=release
if [ "${1:-}" = "--preset" ]; then preset=$2; fi
scripts/install-deps.sh
cmake --preset "$preset" >/dev/null
cmake --build --preset "$preset" -j "$(nproc)"
ctest --preset "$preset"
