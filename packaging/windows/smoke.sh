#!/usr/bin/env bash
# Starts leasedesk.exe under Wine on a virtual display with a fresh Wine prefix and checks that
# the LeaseDesk window opens and the embedded sandbox answers (the log says how many cases the
# first search found); saves a screenshot. Uses the renderer LeaseDesk picks by itself.
#
#   bash packaging/windows/smoke.sh [path/to/leasedesk.exe] [screenshot.png]
#
# Installs with apt what is missing: wine, wine64, Xvfb, xdotool, ImageMagick, mingw-w64.
#
# Test-only stand-in: Debian 12's wine 8 lacks ProcessPrng in bcryptprimitives.dll, which
# Rust's standard library calls (since 1.78) for random numbers. The script builds a ten-line
# bcryptprimitives.dll with mingw that answers ProcessPrng from RtlGenRandom and puts it beside
# the exe, for this test only. Real Windows (10 and later) has ProcessPrng; never ship the shim.
set -euo pipefail
cd "$(dirname "$0")/../.."

exe=${1:-target/x86_64-pc-windows-gnu/release/leasedesk.exe}
shot=${2:-assets/screenshots/windows-wine.png}
[ -f "$exe" ] || { echo "smoke: no $exe; run packaging/windows/cross-build.sh first" >&2; exit 2; }

need=()
command -v wine >/dev/null || need+=(wine wine64)
command -v Xvfb >/dev/null || need+=(xvfb xauth)
command -v xdotool >/dev/null || need+=(xdotool)
command -v import >/dev/null || need+=(imagemagick)
command -v x86_64-w64-mingw32-gcc >/dev/null || need+=(gcc-mingw-w64-x86-64)
dpkg -s mesa-vulkan-drivers >/dev/null 2>&1 || need+=(mesa-vulkan-drivers libvulkan1 libgl1-mesa-dri)
if [ ${#need[@]} -gt 0 ]; then
  sudo=""; [ "$(id -u)" = 0 ] || sudo=sudo
  $sudo apt-get update -q
  $sudo apt-get install -y -q --no-install-recommends "${need[@]}"
fi

work=$(mktemp -d)
cleanup() {
  [ -n "${app:-}" ] && kill "$app" 2>/dev/null || true
  WINEPREFIX="$work/prefix" wineserver -k 2>/dev/null || true
  [ -n "${xvfb:-}" ] && kill "$xvfb" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

mkdir "$work/app"
cp "$exe" "$work/app/leasedesk.exe"
cat >"$work/shim.c" <<'C'
#include <windows.h>
BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length); /* RtlGenRandom */
__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length) {
    while (length > 0) {
        ULONG chunk = length > 0x10000000 ? 0x10000000 : (ULONG)length;
        if (!SystemFunction036(data, chunk)) return FALSE;
        data += chunk;
        length -= chunk;
    }
    return TRUE;
}
C
x86_64-w64-mingw32-gcc -shared -O2 -o "$work/app/bcryptprimitives.dll" "$work/shim.c" -ladvapi32

display=:$((90 + RANDOM % 9))
Xvfb "$display" -screen 0 1440x900x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
sleep 1

export WINEPREFIX="$work/prefix" WINEARCH=win64 WINEDEBUG=-all DISPLAY="$display"
# No Mono or Gecko installers; the shim instead of Wine's own bcryptprimitives.
export WINEDLLOVERRIDES="mscoree,mshtml=;bcryptprimitives=n,b"
wineboot --init >/dev/null 2>&1
wineserver -w

(cd "$work/app" && exec wine ./leasedesk.exe >"$work/app.out" 2>&1) &
app=$!

window=""
for _ in $(seq 1 120); do
  window=$(xdotool search --name '^LeaseDesk$' 2>/dev/null | head -n 1 || true)
  [ -n "$window" ] && break
  kill -0 "$app" 2>/dev/null || break
  sleep 1
done
logs="$WINEPREFIX/drive_c/users"
if [ -z "$window" ]; then
  echo "smoke: FAILED, no LeaseDesk window; the app said:" >&2
  cat "$work/app.out" >&2
  find "$logs" -name 'leasedesk*.log' -exec cat {} + >&2 2>/dev/null || true
  exit 1
fi

answered=""
for _ in $(seq 1 90); do
  answered=$(find "$logs" -name 'leasedesk*.log' -exec grep -h 'search answered' {} + 2>/dev/null | head -n 1 || true)
  [ -n "$answered" ] && break
  sleep 1
done
renderer=$(find "$logs" -name 'leasedesk*.log' -exec grep -h 'drawing the window' {} + 2>/dev/null | head -n 1 || true)
fallbacks=$(find "$logs" -name 'leasedesk*.log' -exec grep -h 'could not be opened this way' {} + 2>/dev/null || true)
[ -z "$fallbacks" ] || echo "smoke: renderers that failed first: $fallbacks"
sleep 2
mkdir -p "$(dirname "$shot")"
import -window root "$shot"
echo "smoke: window opened; ${renderer:-renderer not logged}"
if [ -z "$answered" ]; then
  echo "smoke: FAILED, the embedded sandbox did not answer a search; log:" >&2
  find "$logs" -name 'leasedesk*.log' -exec cat {} + >&2 2>/dev/null || true
  exit 1
fi
echo "smoke: the sandbox answered: $answered"
log=$(find "$logs" -name 'leasedesk*.log' | head -n 1)
echo "smoke: data and logs under ${log#"$WINEPREFIX/drive_c/"} (the user's AppData)"
case "$log" in
  */AppData/Roaming/LeaseDesk/data/logs/*) ;;
  *) echo "smoke: FAILED, the log is not under AppData\Roaming\LeaseDesk\data" >&2; exit 1 ;;
esac
echo "smoke: PASSED; screenshot in $shot"
