#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs Branan into an OpenTafl folder as an external engine:
#   scripts/opentafl/install.sh <opentafl-dir> [branan-binary]
# copies the binary to <opentafl-dir>/engines/branan/branan and writes
# <opentafl-dir>/engines/branan.ini (with the binary's absolute path as the command, so it
# starts whatever the Java version's rules for relative commands).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
[ $# -ge 1 ] || { echo "usage: $0 <opentafl-dir> [branan-binary]" >&2; exit 2; }
opentafl="$(cd "$1" && pwd)"
binary="${2:-$here/../../build/release/branan}"
[ -x "$binary" ] || { echo "install.sh: no executable at $binary (build first)" >&2; exit 1; }
mkdir -p "$opentafl/engines/branan"
cp "$binary" "$opentafl/engines/branan/branan"
sed "s|^command=.*|command=$opentafl/engines/branan/branan|" "$here/branan.ini" \
  >"$opentafl/engines/branan.ini"
echo "installed: $opentafl/engines/branan.ini -> $opentafl/engines/branan/branan --otep"
