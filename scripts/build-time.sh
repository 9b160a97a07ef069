#!/usr/bin/env bash
# Compile-time cost of cohort, against a base commit, measured side by side in one run:
#   include     a translation unit that only includes <cohort/cohort.hpp> (g++ -O2)
#   one_kernel  one nd_range kernel with one reduce_over_group (g++ -O2)
#   std_floor   the standard headers the SYCL API itself needs (std::function for
#               async_handler, string, vector, system_error, memory, exception): no
#               implementation of the API can include less
#   test_build  the whole build of the CPU backend's tests from scratch (-j2; the nvcc tests
#               are left out: the base has none): CPU seconds (user + sys of
#               every process) and the peak memory of one compiler process
# Usage: scripts/build-time.sh BASE_COMMIT [ROUNDS] [--no-test-build]
# Prints a table and writes build-time.csv in the current directory.
set -euo pipefail
base=${1:?usage: $0 BASE_COMMIT [ROUNDS] [--no-test-build]}
rounds=${2:-7}
full=1
[ "${3:-}" = "--no-test-build" ] && full=0
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'git -C "$repo" worktree remove --force "$work/base" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
git -C "$repo" worktree add --detach "$work/base" "$base" >/dev/null 2>&1
head=$(git -C "$repo" rev-parse --short HEAD)
base_short=$(git -C "$repo" rev-parse --short "$base")

cat >"$work/include.cpp" <<'CPP'
#include <cohort/cohort.hpp>
CPP
cat >"$work/one_kernel.cpp" <<'CPP'
#include <cohort/cohort.hpp>
int main() {
  cohort::queue q{cohort::cpu_selector_v};
  const std::size_t n = 1024;
  float* x = cohort::malloc_shared<float>(n, q);
  q.parallel_for(cohort::nd_range<1>{n, 256}, COHORT_LAMBDA(cohort::nd_item<1> it) {
    auto g = it.get_group();
    float s = cohort::reduce_over_group(g, x[it.get_global_id(0)], cohort::plus<>());
    if (g.leader()) x[it.get_global_id(0)] = s;
  }).wait();
  cohort::free(x, q);
}
CPP
printf '#include <%s>\n' functional string vector system_error memory exception stdexcept >"$work/std_floor.cpp"

# CPU seconds (user + sys) of one compile.
cpu_seconds() {
  /usr/bin/time -f "%U %S" -o "$work/t" "$@" >/dev/null 2>&1
  awk '{printf "%.3f", $1 + $2}' "$work/t"
}
median() { sort -g | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }

echo "metric,tree,value" >build-time.csv
# std_floor includes no cohort header: it is measured once, under "head".
for what in include one_kernel std_floor; do
  : >"$work/$what.base"
  : >"$work/$what.head"
  for ((r = 0; r < rounds; ++r)); do  # interleaved, so drifts of the machine hit both alike
    for tree in base head; do
      if [ "$what" = std_floor ] && [ "$tree" = base ]; then continue; fi
      dir=$repo
      [ "$tree" = base ] && dir=$work/base
      cpu_seconds g++ -std=c++20 -O2 -fopenmp -I"$dir/include" -c "$work/$what.cpp" -o "$work/out.o" >>"$work/$what.$tree"
      echo >>"$work/$what.$tree"
    done
  done
  for tree in base head; do
    if [ -s "$work/$what.$tree" ]; then echo "$what,$tree,$(median <"$work/$what.$tree")" >>build-time.csv; fi
  done
done

if ((full)); then
  for tree in base head; do
    dir=$repo
    [ "$tree" = base ] && dir=$work/base
    rm -rf "$work/build-$tree"
    cmake -S "$dir" -B "$work/build-$tree" -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=g++ -DCOHORT_BUILD_BENCH=OFF \
          -DCOHORT_BUILD_TESTS=ON -DCOHORT_ENABLE_CUDA=OFF >/dev/null
    # %U/%S cover every process the build waited for; %M is the largest of them.
    /usr/bin/time -f "%U %S %M" -o "$work/t" cmake --build "$work/build-$tree" -j2 >/dev/null 2>&1
    awk -v t=$tree '{printf "test_build_cpu_s,%s,%.1f\ntest_build_peak_mb,%s,%.0f\n", t, $1 + $2, t, $3 / 1024}' "$work/t" >>build-time.csv
  done
fi

echo "build cost, base $base_short against HEAD $head ($(nproc) cores, g++ $(g++ -dumpfullversion), medians of $rounds rounds)"
awk -F, 'NR > 1 {v[$1 "," $2] = $3} END {
  printf "%-20s %10s %10s %8s\n", "metric", "base", "head", "ratio"
  n = split("include one_kernel test_build_cpu_s test_build_peak_mb", order, " ")
  for (i = 1; i <= n; ++i) {
    k = order[i]
    if ((k ",base") in v) printf "%-20s %10s %10s %8.2f\n", k, v[k ",base"], v[k ",head"], v[k ",head"] / v[k ",base"]
  }
  printf "std_floor: %s s, %.2f of the base include (the standard headers the SYCL API needs, alone)\n",
         v["std_floor,head"], v["std_floor,head"] / v["include,base"]
}' build-time.csv
