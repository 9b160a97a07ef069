#!/usr/bin/env bash
# Compile-time cost of the CPU compiler pass (compiler/cbs/): CPU seconds (user + sys) of
# `clang++ -O3 -march=native -c` on three kernel translation units, without the pass and
# with each plugin given, the least of ROUNDS compiles, rounds interleaved so that the
# machine's drifts hit every variant alike:
#   tree        SYCL-Bench's tree reduction: local memory, a barrier per level
#   collective  one nd_range kernel with one reduce_over_group
#   dgemm       16 x 16 tiles in local memory, a 2D group (the pass's loops over rows)
# Usage: scripts/compiler-pass-build-time.sh PLUGIN.so [OTHER_PLUGIN.so ...]
#   (ROUNDS=5 by default; CXX=clang++ by default)
set -euo pipefail
(($# >= 1)) || { echo "usage: $0 PLUGIN.so [OTHER_PLUGIN.so ...]" >&2; exit 2; }
plugins=("$@")
rounds=${ROUNDS:-5}
cxx=${CXX:-clang++}
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cat >"$work/tree.cpp" <<'CPP'
#include <cohort/cohort.hpp>
int main() {
  cohort::queue q{cohort::cpu_selector_v};
  const std::size_t n = 1 << 20, local = 256;
  float* x = cohort::malloc_shared<float>(n, q);
  float* out = cohort::malloc_shared<float>(n / local, q);
  q.submit([&](cohort::handler& h) {
    cohort::local_accessor<float, 1> scratch(cohort::range<1>{local}, h);
    h.parallel_for(cohort::nd_range<1>{n, local}, COHORT_LAMBDA(cohort::nd_item<1> it) {
      const std::size_t lid = it.get_local_id(0);
      scratch[lid] = x[it.get_global_id(0)];
      for (std::size_t half = local / 2; half > 0; half /= 2) {
        cohort::group_barrier(it.get_group());
        if (lid < half) scratch[lid] += scratch[lid + half];
      }
      if (lid == 0) out[it.get_group_linear_id()] = scratch[0];
    });
  }).wait();
  cohort::free(out, q);
  cohort::free(x, q);
}
CPP
cat >"$work/collective.cpp" <<'CPP'
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
cat >"$work/dgemm.cpp" <<'CPP'
#include <cohort/cohort.hpp>
int main() {
  cohort::queue q{cohort::cpu_selector_v};
  constexpr std::size_t n = 256, tile = 16;
  double* a = cohort::malloc_shared<double>(n * n, q);
  double* b = cohort::malloc_shared<double>(n * n, q);
  double* c = cohort::malloc_shared<double>(n * n, q);
  q.submit([&](cohort::handler& h) {
    cohort::local_accessor<double, 2> awrk(cohort::range<2>{tile, tile}, h);
    cohort::local_accessor<double, 2> bwrk(cohort::range<2>{tile, tile}, h);
    h.parallel_for(cohort::nd_range<2>{{n, n}, {tile, tile}}, COHORT_LAMBDA(cohort::nd_item<2> it) {
      const std::size_t i = it.get_global_id(0), j = it.get_global_id(1);
      const std::size_t li = it.get_local_id(0), lj = it.get_local_id(1);
      for (std::size_t kt = 0; kt < n / tile; ++kt) {
        awrk[li][lj] = a[i * n + kt * tile + lj];
        bwrk[li][lj] = b[(kt * tile + li) * n + j];
        cohort::group_barrier(it.get_group());
        for (std::size_t k = 0; k < tile; ++k) c[i * n + j] += awrk[li][k] * bwrk[k][lj];
        cohort::group_barrier(it.get_group());
      }
    });
  }).wait();
  cohort::free(a, q);
  cohort::free(b, q);
  cohort::free(c, q);
}
CPP

# CPU seconds (user + sys) of one compile.
cpu_seconds() {
  /usr/bin/time -f "%U %S" -o "$work/t" "$@" >/dev/null 2>&1
  awk '{printf "%.3f", $1 + $2}' "$work/t"
}
variants=(none)
for ((p = 0; p < ${#plugins[@]}; ++p)); do variants+=("$p"); done
tus=(tree collective dgemm)
for ((r = 0; r < rounds; ++r)); do
  for tu in "${tus[@]}"; do
    for v in "${variants[@]}"; do
      flags=()
      [ "$v" = none ] || flags=(-DCOHORT_CPU_COMPILER_PASS=1 "-fpass-plugin=${plugins[$v]}")
      cpu_seconds "$cxx" -std=c++20 -O3 -DNDEBUG -march=native -fopenmp=libomp -I"$repo/include" "${flags[@]}" \
        -c "$work/$tu.cpp" -o "$work/$tu.$v.o" >>"$work/$tu.$v"
      echo >>"$work/$tu.$v"
    done
  done
done

echo "compile time of a kernel translation unit, CPU seconds, least of $rounds ($($cxx --version | head -1))"
for ((p = 0; p < ${#plugins[@]}; ++p)); do echo "  plugin $p: ${plugins[$p]}"; done
printf '%-12s %8s' tu none
for ((p = 0; p < ${#plugins[@]}; ++p)); do printf ' %8s %7s' "plugin$p" ratio; done
echo
for tu in "${tus[@]}"; do
  none=$(sort -g "$work/$tu.none" | head -1)
  printf '%-12s %8s' "$tu" "$none"
  for ((p = 0; p < ${#plugins[@]}; ++p)); do
    with=$(sort -g "$work/$tu.$p" | head -1)
    printf ' %8s %7s' "$with" "$(awk -v a="$with" -v b="$none" 'BEGIN {printf "%.3f", a / b}')"
  done
  echo
done
# A kernel the pass declined would cost nothing: say what the first plugin did.
for tu in "${tus[@]}"; do
  report=$(COHORT_CBS_DEBUG=1 "$cxx" -std=c++20 -O3 -DNDEBUG -march=native -fopenmp=libomp -I"$repo/include" \
           -DCOHORT_CPU_COMPILER_PASS=1 "-fpass-plugin=${plugins[0]}" -c "$work/$tu.cpp" -o "$work/$tu.o" 2>&1)
  echo "$tu: $(grep -c 'cohort-cbs: transformed' <<<"$report") kernel(s) transformed, $(grep -c 'cohort-cbs: declined' <<<"$report") declined"
done
