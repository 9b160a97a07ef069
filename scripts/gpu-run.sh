#!/usr/bin/env bash
# The CUDA backend's tests and benchmarks, built on a machine without a GPU and run on one.
#
#   scripts/gpu-run.sh build [TEST_REGEX...]
#       Here (nvcc, no GPU needed): configures build/gpu for sm_90, builds the nvcc test
#       programs whose file names match one of TEST_REGEX (default: all of them, which
#       takes nvcc about 40 CPU minutes) and cohort-bench-cuda, and packs them into
#       .gpu/bundle.tar.xz. COHORT_GPU_BENCH=0 leaves the benchmark out;
#       COHORT_GPU_CONFIGURE holds further CMake arguments (e.g. -DCOHORT_BENCH_TILE_STUDIES=ON).
#   scripts/gpu-run.sh run LOG_DIR [COHORT_BENCH_CUDA_ARGS...]
#       On the GPU machine, from the repository root with .gpu/ beside it: unpacks the
#       bundle, runs every test program (COHORT_GPU_TESTS: a regular expression selecting
#       them by name; COHORT_GPU_RUN_TESTS=0 runs none), then compute-sanitizer memcheck
#       and racecheck on each (COHORT_GPU_SANITIZE: the tools, "0" none;
#       COHORT_GPU_JOBS: how many sanitizer runs at once), then cohort-bench-cuda with the
#       arguments given (none: the whole suite; "-" skips it), its CSV as LOG_DIR/cuda.csv.
#       Writes devices.log (cohort-ls), tests.log, sanitizers.log, bench.log and the CSV into
#       LOG_DIR and prints each failure, so a run whose logs do not come back still says
#       what failed.
# docs/results/cuda.md says which GPU, driver, CUDA version and commit each result came from.
set -euo pipefail
cd "$(dirname "$0")/.."

bundle=.gpu/bundle.tar.xz

build() {
  local tests
  tests=$(IFS=';' && echo "${*:-.}")
  cmake -S . -B build/gpu -DCMAKE_BUILD_TYPE=Release -DCOHORT_ENABLE_CUDA=ON -DCMAKE_CUDA_ARCHITECTURES=90 \
    -DCOHORT_BUILD_TESTS=ON -DCOHORT_TESTS='^$' "-DCOHORT_CUDA_TESTS=$tests" \
    -DCOHORT_BUILD_BENCH="${COHORT_GPU_BENCH:-1}" ${COHORT_GPU_CONFIGURE:-} >/dev/null
  # Programs of an earlier selection would be bundled with this one's: only those built now go.
  if [[ -d build/gpu/tests ]]; then find build/gpu/tests -maxdepth 1 -type f -name '*_cuda' -delete; fi
  local targets=(cuda_tests cohort-ls)
  if [[ ${COHORT_GPU_BENCH:-1} != 0 ]]; then targets+=(cohort-bench-cuda); fi
  cmake --build build/gpu -j "$(nproc)" --target "${targets[@]}"
  rm -rf .gpu/bin
  mkdir -p .gpu/bin
  find build/gpu/tests build/gpu/bench build/gpu/tools -maxdepth 1 -type f -perm -u+x \
    \( -name '*_cuda' -o -name cohort-bench-cuda -o -name cohort-ls \) -exec cp {} .gpu/bin/ \;
  # Libraries the GPU machine may lack (Boost.Context; the CUDA and C++ runtimes are there).
  mkdir -p .gpu/bin/lib
  find .gpu/bin -maxdepth 1 -type f -exec ldd {} + | sed -n 's/.*=> \(\/[^ ]*libboost[^ ]*\) .*/\1/p' | sort -u |
    xargs -r cp -L -t .gpu/bin/lib
  tar -C .gpu -cJf "$bundle" bin
  rm -r .gpu/bin
  du -h "$bundle"
}

# One test program under one compute-sanitizer tool, its output in its own log.
sanitize() {
  local tool=$1 t=$2 log=$3
  # cuda_backend_test's trapping kernel is an error on purpose (API errors such as its
  # out-of-memory cases are not reported).
  if compute-sanitizer --tool "$tool" --report-api-errors no --error-exitcode 9 "$t" --gtest_brief=1 \
    --gtest_filter='-*a_failing_kernel_reaches_wait_and_throw' >"$log" 2>&1; then
    echo "$tool $(basename "$t"): clean" >>"$log"
  elif grep -q 'terminated before first instrumented API call' "$log" && grep -q '^\[  PASSED  \]' "$log" &&
    ! grep -q '^\[  FAILED  \]' "$log"; then
    # A program of the vocabulary's tests, which never calls CUDA: nothing for the tool.
    echo "$tool $(basename "$t"): no CUDA calls" >>"$log"
  else
    echo "SANITIZER $tool: $(basename "$t")" | tee -a "$log"
    return 1
  fi
}

run() {
  local logs=${1:?"usage: scripts/gpu-run.sh run LOG_DIR [cohort-bench-cuda arguments]"}
  shift
  mkdir -p "$logs" .gpu/run
  tar -C .gpu/run -xJf "$bundle"
  export LD_LIBRARY_PATH=$PWD/.gpu/run/bin/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
  nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader | tee "$logs/tests.log"
  .gpu/run/bin/cohort-ls >"$logs/devices.log" 2>&1 || true
  local failed=0 t programs=()
  for t in .gpu/run/bin/*_cuda; do
    [[ $(basename "$t") =~ ${COHORT_GPU_TESTS:-.} ]] && programs+=("$t")
  done
  if [[ ${COHORT_GPU_RUN_TESTS:-1} != 0 ]]; then
    for t in "${programs[@]}"; do
      echo "== $(basename "$t")" >>"$logs/tests.log"
      if ! "$t" --gtest_brief=1 >>"$logs/tests.log" 2>&1; then
        echo "FAILED: $(basename "$t")"
        failed=1
      fi
    done
    echo "${#programs[@]} test programs run"
    grep -E '^\[  (PASSED|FAILED) |^\[  FAILED' "$logs/tests.log" | sort | uniq -c || true
  fi
  local tools=${COHORT_GPU_SANITIZE:-memcheck racecheck}
  if [[ $tools != 0 ]]; then
    # Each program under each tool, COHORT_GPU_JOBS at a time (the tools are mostly bound
    # by the host), each in its own log, joined in order afterwards.
    mkdir -p "$logs/sanitizers"
    export -f sanitize
    local tool jobs=()
    for tool in $tools; do
      for t in "${programs[@]}"; do jobs+=("$tool" "$t" "$logs/sanitizers/$tool-$(basename "$t").log"); done
    done
    printf '%s\0' "${jobs[@]}" | xargs -0 -n 3 -P "${COHORT_GPU_JOBS:-1}" bash -c 'sanitize "$@"' _ || failed=1
    cat "$logs"/sanitizers/*.log >"$logs/sanitizers.log"
    rm -r "$logs/sanitizers"
    echo "$(grep -c ': clean$' "$logs/sanitizers.log") of $((${#jobs[@]} / 3)) sanitizer runs clean;" \
      "$(grep -c ': no CUDA calls$' "$logs/sanitizers.log") of programs that make no CUDA calls"
  fi
  if [[ ${1:-} != - ]]; then
    .gpu/run/bin/cohort-bench-cuda --csv "$logs/cuda.csv" "$@" 2>&1 | tee "$logs/bench.log" || failed=1
  fi
  return $failed
}

case ${1:-} in
  build) shift && build "$@" ;;
  run) shift && run "$@" ;;
  *) sed -n '2,21p' "$0" && exit 2 ;;
esac
