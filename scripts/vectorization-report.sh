#!/usr/bin/env bash
# Compiles the stream benchmark as cohort-bench does (g++ -O3 -march=native -fopenmp) with
# GCC's vectorizer report and lists, per kernel model, the loops that were vectorised in
# the library's work-item loops (launch.hpp: range and nd_range, kernel_hooks.hpp:
# hierarchical, scoped_hooks.hpp: scoped) and the OpenMP reference loops (stream.cpp).
# Writes the raw report next to the summary when given a folder: scripts/vectorization-report.sh DIR
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-}"
raw="$(mktemp)"
g++ -std=c++20 -O3 -DNDEBUG -march=native -fopenmp -Iinclude -c bench/stream.cpp -o /dev/null \
  -fopt-info-vec-optimized="$raw"
summary() {
  echo "GCC $(g++ -dumpfullversion), -O3 -march=native -fopenmp, bench/stream.cpp"
  for f in backend/cpu/launch.hpp backend/cpu/kernel_hooks.hpp backend/cpu/scoped_hooks.hpp bench/stream.cpp; do
    echo "== $f"
    grep -F "$f" "$raw" | sed 's|^.*/include/cohort/||; s|^.*/bench/|bench/|' | sort | uniq -c | sort -rn || echo "   (no vectorised loop)"
  done
}
if [[ -n "$out" ]]; then
  mkdir -p "$out"
  cp "$raw" "$out/vectorization-stream.raw.txt"
  summary | tee "$out/vectorization-stream.txt"
else
  summary
fi
rm -f "$raw"
