#!/usr/bin/env bash
# Installs the Debian packages one of cohort's commands needs, only those missing.
#   scripts/install-deps.sh test    what scripts/test.sh needs: compilers, Boost.Context,
#                                   GoogleTest, what cohort-bench builds with (it is built too),
#                                   and LLVM's development files for the compiler pass
#   scripts/install-deps.sh bench   what scripts/bench.sh needs: cohort-bench's build, TBB (the
#                                   std::execution references) and gnuplot
# Installing needs root: run as root, or with sudo available. Quiet unless something fails.
set -euo pipefail
case "${1:-test}" in
  test) packages=(cmake make g++ clang libomp-dev libboost-context-dev libgtest-dev libopenblas-dev libcli11-dev) ;;
  bench) packages=(cmake make g++ libboost-context-dev libopenblas-dev libcli11-dev libtbb-dev gnuplot-nox) ;;
  *) echo "usage: $0 [test|bench]" >&2; exit 2 ;;
esac
# The CPU compiler pass (preset clang-cbs) builds against the LLVM of clang's version.
if [ "${1:-test}" = test ] && command -v clang++ >/dev/null; then
  packages+=("llvm-$(clang++ -dumpversion | cut -d. -f1)-dev")
fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
((${#missing[@]})) || exit 0
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  if ! command -v sudo >/dev/null; then
    echo "cohort needs these Debian packages, and installing them needs root: ${missing[*]}" >&2
    exit 1
  fi
  sudo="sudo"
fi
echo "installing Debian packages: ${missing[*]}"
log=$(mktemp)
if ! { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends \
       "${missing[@]}"; } >"$log" 2>&1; then
  cat "$log" >&2
  rm -f "$log"
  echo "installing ${missing[*]} failed (output above)" >&2
  exit 1
fi
rm -f "$log"
