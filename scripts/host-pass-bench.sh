#!/usr/bin/env bash
# Do the CPU backend's kernels run as fast in a translation unit that nvcc compiled (its
# host pass) as in one that g++ compiled? Runs cohort-host-pass-gxx and cohort-host-pass-nvcc
# (the same source, bench/host_pass/main.cpp) alternately, ROUNDS times each, takes per case
# the median over the rounds of each round's median, and prints
#   case, g++ TU seconds, nvcc TU seconds, ratio = g++ / nvcc (>= 0.95: within 5%)
# plus the same ratio of the fastest runs (on a shared machine, other work only adds time),
# and writes the same as CSV to OUTPUT.csv.
#
# Usage: scripts/host-pass-bench.sh [--build DIR] [--rounds N] [--runs N] [--quick] [--threads N] OUTPUT.csv
#   --build    build folder holding bench/cohort-host-pass-{gxx,nvcc} (default build/release),
#              configured with -DCOHORT_ENABLE_CUDA=ON; build them first:
#              cmake --build DIR --target cohort-host-pass-gxx cohort-host-pass-nvcc
#   --rounds   runs of each binary, interleaved (default 5)
#   --runs     timed runs per case in each binary run (default 11)
#   --quick    small sizes (a smoke run)
#   --threads  OMP_NUM_THREADS for both binaries (default: the number of CPUs)
# Exits non-zero when either binary fails (a wrong result included).
set -euo pipefail
cd "$(dirname "$0")/.."

build=build/release rounds=5 runs=11 quick=() threads=$(nproc) output=""
while (($#)); do
  case $1 in
    --build) build=$2 && shift ;;
    --rounds) rounds=$2 && shift ;;
    --runs) runs=$2 && shift ;;
    --quick) quick=(--quick) ;;
    --threads) threads=$2 && shift ;;
    -*) echo "unknown option $1" >&2 && exit 2 ;;
    *) output=$1 ;;
  esac
  shift
done
if [[ -z $output ]]; then
  sed -n '/^# Usage:/,/^# Exits/p' "$0" >&2
  exit 2
fi
for tu in gxx nvcc; do
  if [[ ! -x $build/bench/cohort-host-pass-$tu ]]; then
    echo "missing $build/bench/cohort-host-pass-$tu (see the usage in $0)" >&2
    exit 2
  fi
done

# Both binaries with the same team size, whatever the caller's environment says.
export OMP_NUM_THREADS=$threads
raw=$(mktemp)
trap 'rm -f "$raw"' EXIT
for ((r = 1; r <= rounds; ++r)); do
  for tu in gxx nvcc; do
    echo "round $r/$rounds: $tu" >&2
    "$build/bench/cohort-host-pass-$tu" --runs "$runs" "${quick[@]}" | sed -n "2,\$s/^/$tu,/p" >>"$raw"
  done
done

python3 - "$raw" "$output" <<'EOF'
import csv, statistics, sys
raw, output = sys.argv[1], sys.argv[2]
runs = {}  # case -> tu -> [(round median, round min)]
for tu, case, median, fastest in csv.reader(open(raw)):
    runs.setdefault(case, {}).setdefault(tu, []).append((float(median), float(fastest)))
rows = []
for case, by_tu in runs.items():
    gxx = statistics.median(m for m, _ in by_tu["gxx"])
    nvcc = statistics.median(m for m, _ in by_tu["nvcc"])
    gxx_min, nvcc_min = min(f for _, f in by_tu["gxx"]), min(f for _, f in by_tu["nvcc"])
    rows.append((case, gxx, nvcc, gxx / nvcc, gxx_min, nvcc_min, gxx_min / nvcc_min))
width = max(len(r[0]) for r in rows)
print(f"{'case':<{width}}  {'g++ TU s':>10}  {'nvcc TU s':>10}  {'g++/nvcc':>8}    {'min g++':>10}  {'min nvcc':>10}  {'ratio':>6}")
for case, gxx, nvcc, ratio, gxx_min, nvcc_min, ratio_min in rows:
    flag = "<" if ratio < 0.95 else " "
    print(f"{case:<{width}}  {gxx:10.4g}  {nvcc:10.4g}  {ratio:8.3f} {flag}  {gxx_min:10.4g}  {nvcc_min:10.4g}  {ratio_min:6.3f}")
with open(output, "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(["case", "gxx_seconds", "nvcc_seconds", "ratio_gxx_over_nvcc", "gxx_min_seconds", "nvcc_min_seconds",
                "min_ratio_gxx_over_nvcc"])
    for row in rows:
        w.writerow([row[0]] + [f"{x:.6e}" for x in (row[1], row[2])] + [f"{row[3]:.4f}"] +
                   [f"{x:.6e}" for x in (row[4], row[5])] + [f"{row[6]:.4f}"])
EOF
