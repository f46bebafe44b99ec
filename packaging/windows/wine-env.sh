# Sourced by the Wine scripts beside it (smoke.sh, unit-tests.sh): installs with apt what is
# missing, and defines
#   wine_prefix DIR   a fresh 64-bit Wine prefix in DIR, exported as WINEPREFIX
#   wine_shim DIR     the test-only bcryptprimitives.dll in DIR (see below)
#
# Test-only stand-in: Debian 12's Wine 8 lacks ProcessPrng in bcryptprimitives.dll, which
# Rust's standard library calls (since 1.78) for random numbers. wine_shim builds a ten-line
# bcryptprimitives.dll with mingw that answers ProcessPrng from RtlGenRandom; put beside an exe,
# it is loaded instead of Wine's own. Real Windows (10 and later) has ProcessPrng; never ship it.

wine_need=()
command -v wine >/dev/null || wine_need+=(wine wine64)
command -v Xvfb >/dev/null || wine_need+=(xvfb xauth)
command -v xdotool >/dev/null || wine_need+=(xdotool)
command -v import >/dev/null || wine_need+=(imagemagick)
command -v pdftotext >/dev/null || wine_need+=(poppler-utils)
command -v x86_64-w64-mingw32-gcc >/dev/null || wine_need+=(gcc-mingw-w64-x86-64)
dpkg -s mesa-vulkan-drivers >/dev/null 2>&1 || wine_need+=(mesa-vulkan-drivers libvulkan1 libgl1-mesa-dri)
if [ ${#wine_need[@]} -gt 0 ]; then
  wine_sudo=""; [ "$(id -u)" = 0 ] || wine_sudo=sudo
  $wine_sudo apt-get update -q
  $wine_sudo apt-get install -y -q --no-install-recommends "${wine_need[@]}"
fi

export WINEARCH=win64 WINEDEBUG=-all
# Arguments and paths beyond ASCII (C:\José Müller) reach Windows programs intact only from a
# UTF-8 locale.
export LANG=C.UTF-8 LC_ALL=C.UTF-8
# No Mono or Gecko installers; the shim instead of Wine's own bcryptprimitives.
export WINEDLLOVERRIDES="mscoree,mshtml=;bcryptprimitives=n,b"

wine_prefix() {
  export WINEPREFIX="$1"
  # Once in CI wineboot failed on a fresh prefix and said nothing (exit 53): it is said, and
  # tried once more with the wineserver restarted.
  if ! wineboot --init >/dev/null 2>&1; then
    echo "wine: wineboot --init failed on $WINEPREFIX; trying once more" >&2
    wineserver -k 2>/dev/null || true
    wineboot --init >/dev/null 2>&1 || { echo "wine: wineboot --init failed again" >&2; return 1; }
  fi
  wineserver -w
}

# A display no other X server holds (a random one once met another test's Xvfb).
free_display() {
  local n=$1
  while [ -e "/tmp/.X$n-lock" ] || [ -e "/tmp/.X11-unix/X$n" ]; do n=$((n + 1)); done
  echo ":$n"
}

wine_shim() {
  local dir=$1 src
  src=$(mktemp --suffix=.c)
  cat >"$src" <<'C'
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
  x86_64-w64-mingw32-gcc -shared -O2 -o "$dir/bcryptprimitives.dll" "$src" -ladvapi32
  rm -f "$src"
}
