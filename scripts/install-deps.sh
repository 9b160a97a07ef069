#!/usr/bin/env bash
# Installs the Debian packages cohort needs, only those missing. Idempotent.
set -euo pipefail
packages=(cmake g++ clang libomp-dev make libboost-context-dev libgtest-dev libcli11-dev
          nlohmann-json3-dev libopenblas-dev gnuplot-nox)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "installing: ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
