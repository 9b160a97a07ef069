#!/usr/bin/env bash
# Builds cohort-bench and runs its default suite on every device found. Extra arguments
# go to cohort-bench (e.g. --full, --quick, --filter=stream, --output=results.csv).
# Where `nvidia-smi -L` lists a GPU and nvcc is found, it also builds cohort-bench-cuda (the
# GPU suite: cohort's kernels compiled by nvcc against CUB, cuBLAS and plain CUDA) and runs
# it after the CPU suite (--quick is passed on), its CSV and log beside the CPU suite's.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh bench

nvcc_path=$(command -v nvcc || true)
if [[ -z $nvcc_path && -x /usr/local/cuda/bin/nvcc ]]; then nvcc_path=/usr/local/cuda/bin/nvcc; fi
gpu=0
if [[ -n $nvcc_path ]] && command -v nvidia-smi >/dev/null && nvidia-smi -L 2>/dev/null | grep -q '^GPU'; then
  gpu=1
fi

configure=(-DCOHORT_BUILD_BENCH=ON -DCOHORT_BUILD_TOOLS=ON)
targets=(cohort-bench cohort-ls)
if ((gpu)); then
  configure+=(-DCOHORT_ENABLE_CUDA=ON -DCMAKE_CUDA_COMPILER="$nvcc_path")
  targets+=(cohort-bench-cuda)
fi
cmake --preset release "${configure[@]}" >/dev/null
cmake --build --preset release --target "${targets[@]}" -j "$(nproc)"
build/release/tools/cohort-ls
if ((!gpu)); then
  exec build/release/bench/cohort-bench --device=all "$@"
fi

# With a GPU: cohort-bench (compiled by g++) runs the CPU suite, since its kernels cannot
# launch on a GPU; cohort-bench-cuda is the GPU suite. A failure of either one is reported
# after both ran.
cpu_args=(--device=cpu)
gpu_args=()
results_dir=""
for ((i = 1; i <= $#; ++i)); do
  a=${!i}
  case $a in
    --device | --device=*) cpu_args=() ;;
    --quick) gpu_args+=(--quick) ;;
    --results-dir=*) results_dir=${a#--results-dir=} ;;
    --results-dir) j=$((i + 1)) && results_dir=${!j:-} ;;
  esac
done
status=0
build/release/bench/cohort-bench "${cpu_args[@]}" "$@" || status=$?
# The CPU suite's results folder: the one named, else the newest under cohort-bench-results/.
if [[ -z $results_dir ]]; then
  results_dir=$(ls -td cohort-bench-results/*/ 2>/dev/null | head -n 1)
  results_dir=${results_dir%/}
fi
if [[ -z $results_dir ]]; then results_dir=cohort-bench-results/$(date +%Y-%m-%dT%H-%M)-cuda; fi
mkdir -p "$results_dir"
echo "==== cohort-bench-cuda (GPU suite) ===="
build/release/bench/cohort-bench-cuda "${gpu_args[@]}" --csv "$results_dir/cohort-bench-cuda.csv" |
  tee "$results_dir/cohort-bench-cuda.txt" || status=$?
exit "$status"
