#!/usr/bin/env bash
# Installs the Debian packages Branan needs to build and test, if any is missing.
set -euo pipefail
# clang with its runtime libraries (libclang-rt-14-dev: libFuzzer) builds the fuzz targets.
# python3-matplotlib: scripts/plot_match.py, rendered by the branan-match tests.
# help2man writes the man pages; dpkg-dev's dpkg-shlibdeps the Debian package's dependencies.
# chromium (headless) and fonts-dejavu-core: the browser test of branan report's page.
packages=(cmake g++ make libboost-program-options-dev catch2 clang clang-format libclang-rt-14-dev python3
  python3-matplotlib help2man dpkg-dev chromium fonts-dejavu-core)
missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "installing: ${missing[*]}"
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}"
