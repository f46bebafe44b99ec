#!/usr/bin/env bash
# Builds leasedesk.exe for 64-bit Windows on Linux (Debian/Ubuntu) and packs
# target/LeaseDesk-windows-x64.zip: the exe, the icon, the README and the licence.
#
#   bash packaging/windows/cross-build.sh
#
# Installs what it needs: the Rust target x86_64-pc-windows-gnu, and mingw-w64 (the linker and
# windres, which embeds the icon and version) with apt. About 7 to 10 minutes on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/../.."

target=x86_64-pc-windows-gnu
if ! rustup target list --installed | grep -qx "$target"; then
  rustup target add "$target"
fi
if ! command -v x86_64-w64-mingw32-gcc >/dev/null || ! command -v x86_64-w64-mingw32-windres >/dev/null; then
  sudo=""
  if [ "$(id -u)" != 0 ]; then sudo=sudo; fi
  $sudo apt-get update -q
  $sudo apt-get install -y -q gcc-mingw-w64-x86-64 binutils-mingw-w64-x86-64
fi
if ! command -v zip >/dev/null && ! command -v python3 >/dev/null; then
  echo "cross-build: needs zip or python3 to pack the archive" >&2
  exit 1
fi

export CARGO_TARGET_X86_64_PC_WINDOWS_GNU_LINKER=x86_64-w64-mingw32-gcc
cargo build --release --locked --target "$target"

exe="${CARGO_TARGET_DIR:-target}/$target/release/leasedesk.exe"
out=target/LeaseDesk-windows-x64.zip
mkdir -p target
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir "$stage/LeaseDesk"
cp "$exe" "$stage/LeaseDesk/leasedesk.exe"
cp assets/icons/leasedesk.ico "$stage/LeaseDesk/"
cp README.md "$stage/LeaseDesk/README.md"
cp packaging/LICENSE "$stage/LeaseDesk/LICENSE.txt"
rm -f "$out.partial"
python3 - "$stage" "$out.partial" <<'PY'
import os, sys, zipfile
stage, out = sys.argv[1], sys.argv[2]
with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
    for root, _, files in os.walk(stage):
        for name in sorted(files):
            path = os.path.join(root, name)
            z.write(path, os.path.relpath(path, stage))
PY
mv "$out.partial" "$out"
echo "wrote $out ($(du -h "$out" | cut -f1)); the exe is $exe"
