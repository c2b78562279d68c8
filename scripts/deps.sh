#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs the Debian packages Branan needs, if any is missing (with sudo unless run as root).
#   scripts/deps.sh --build   what building and running need: the compiler, CMake, make and
#                             Boost.Program_options, zlib (without recommended packages).
#   scripts/deps.sh --test    that, and the test tool chain scripts/test.sh uses (with them).
# scripts/install_size.py counts what --build pulls into a fresh Debian 12.
set -euo pipefail
build_packages=(cmake g++ make libboost-program-options-dev zlib1g-dev)
# catch2: the unit tests. ninja-build: scripts/test.sh builds with Ninja where it is installed.
# clang with its runtime libraries (libclang-rt-14-dev: libFuzzer) builds the fuzz targets;
# clang-format checks the formatting. python3: the protocol, match and script
# tests; python3-matplotlib: scripts/plot_match.py, rendered by the branan-match tests.
# help2man writes the man pages; dpkg-dev (dpkg-shlibdeps) the Debian package's dependencies;
# lintian checks that package. chromium (headless) and fonts-dejavu-core: the browser test of
# branan report's page.
test_packages=(catch2 ninja-build clang clang-format libclang-rt-14-dev python3 python3-matplotlib python3-numpy python3-torch help2man
  dpkg-dev lintian chromium fonts-dejavu-core)
case "${1:-}" in
  --build) packages=("${build_packages[@]}") recommends=(--no-install-recommends) ;;
  --test) packages=("${build_packages[@]}" "${test_packages[@]}") recommends=() ;;
  *)
    echo "usage: scripts/deps.sh --build | --test" >&2
    exit 2
    ;;
esac
missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "installing: ${missing[*]}"
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${recommends[@]}" "${missing[@]}"
