#!/usr/bin/env bash
# Installs the .deb and starts LeaseDesk from its desktop entry under Xvfb, as a fresh user.
# Usage: bash packaging/check-deb.sh target/debian/leasedesk_*.deb [screenshot.png]
set -euo pipefail
deb=$1; shot=${2:-/tmp/leasedesk-from-deb.png}
export DEBIAN_FRONTEND=noninteractive
if ! command -v Xvfb >/dev/null || ! command -v xdotool >/dev/null || ! command -v import >/dev/null; then
  apt-get update -q >/dev/null
  apt-get install -y -q --no-install-recommends xvfb xauth xdotool imagemagick mesa-vulkan-drivers libvulkan1 >/dev/null
fi
dpkg -i "$deb"
dpkg -L leasedesk | grep -E 'bin/leasedesk|applications/leasedesk.desktop|metainfo|hicolor/128x128'
desktop=/usr/share/applications/leasedesk.desktop
exec_line=$(sed -n 's/^Exec=//p' "$desktop")
command -v desktop-file-validate >/dev/null && desktop-file-validate "$desktop"
disp=:97
Xvfb $disp -screen 0 1440x900x24 -nolisten tcp >/dev/null 2>&1 & xvfb=$!
home=$(mktemp -d); runtime=$(mktemp -d); chmod 700 "$runtime"
trap 'kill $app $xvfb 2>/dev/null || true' EXIT
sleep 1
HOME=$home XDG_RUNTIME_DIR=$runtime DISPLAY=$disp $exec_line >"$home/app.log" 2>&1 & app=$!
for _ in $(seq 60); do
  if DISPLAY=$disp xdotool search --name LeaseDesk >/dev/null 2>&1; then break; fi
  sleep 1
done
DISPLAY=$disp xdotool search --name LeaseDesk >/dev/null || { echo "no LeaseDesk window"; cat "$home/app.log"; exit 1; }
sleep 10
kill -0 $app || { echo "the app exited"; cat "$home/app.log"; exit 1; }
DISPLAY=$disp import -window root "$shot"
echo "OK: installed, started from $desktop (Exec=$exec_line), window up; screenshot $shot"
