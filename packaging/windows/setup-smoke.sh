#!/usr/bin/env bash
# Tries the per-user setup under Wine as someone without administrator rights would use it, in
# a fresh Wine prefix, and fails on the first thing that does not work:
#   1. `LeaseDesk-setup.exe /S` installs for this user: the program in
#      %LOCALAPPDATA%\Programs\LeaseDesk, the user's Start-menu shortcut, an Apps & features
#      entry under HKCU (name, version, publisher, icon) and nothing under HKLM;
#   2. the installed program says its version and writes the weekly report;
#   3. the setup of a higher version installs over it in place: one entry, the new version,
#      the user's data as it was;
#   4. `uninstall.exe /S` removes the program, the shortcut and the entry; the data stays.
# Signed files (the setup, the installed exe and uninstaller) are checked with osslsigncode
# when LEASEDESK_SIGN_CERT is set.
#
#   bash packaging/windows/setup-smoke.sh OLD-setup.exe NEW-setup.exe
set -euo pipefail
cd "$(dirname "$0")/../.."
old_setup=$(realpath "$1") new_setup=$(realpath "$2")
# shellcheck source=wine-env.sh
source packaging/windows/wine-env.sh
work=$(mktemp -d)
cleanup() {
  WINEPREFIX="$work/prefix" wineserver -k 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "setup-smoke: FAILED, $*" >&2; exit 1; }
verify() {
  osslsigncode verify -CAfile "$LEASEDESK_SIGN_CERT" -in "$1" >/dev/null 2>&1 || fail "$(basename "$1") is not signed"
}

export USER=dana LOGNAME=dana
wine_prefix "$work/prefix"
drive_c="$WINEPREFIX/drive_c"
program="$drive_c/users/dana/AppData/Local/Programs/LeaseDesk"
shortcut="$drive_c/users/dana/AppData/Roaming/Microsoft/Windows/Start Menu/Programs/LeaseDesk.lnk"
data="$drive_c/users/dana/AppData/Roaming/LeaseDesk"
key='HKCU\Software\Microsoft\Windows\CurrentVersion\Uninstall\LeaseDesk'
value() { wine reg query "$key" /v "$1" 2>/dev/null | tr -d '\r' | awk -v n="$1" '$1 == n {sub(/^ *[^ ]+ +[^ ]+ +/, ""); print}'; }
run_setup() { wine "$1" /S >>"$work/setup.out" 2>&1; }

if [ -n "${LEASEDESK_SIGN_CERT:-}" ]; then
  verify "$old_setup"; verify "$new_setup"
  echo "setup-smoke: both setups carry a signature that verifies"
fi

# 1. Installed silently, for this user only.
run_setup "$old_setup" || fail "the setup exited $?"
[ -f "$program/leasedesk.exe" ] || fail "no leasedesk.exe in %LOCALAPPDATA%\\Programs\\LeaseDesk"
[ -f "$program/uninstall.exe" ] || fail "no uninstaller"
[ -f "$shortcut" ] || fail "no Start-menu shortcut"
version=$(value DisplayVersion)
[ "$(value DisplayName)" = LeaseDesk ] && [ -n "$version" ] && [ "$(value Publisher)" = "LeaseDesk team" ] \
  || fail "the entry lacks its name, version or publisher: $(wine reg query "$key" 2>&1 | tr -d '\r')"
case "$(value DisplayIcon)" in *'Programs\LeaseDesk\leasedesk.ico') ;; *) fail "the entry has no icon" ;; esac
[ -f "$program/leasedesk.ico" ] || fail "the entry's icon is not installed"
! wine reg query 'HKLM\Software\Microsoft\Windows\CurrentVersion\Uninstall\LeaseDesk' >/dev/null 2>&1 \
  || fail "a per-user setup wrote a machine-wide entry"
if [ -n "${LEASEDESK_SIGN_CERT:-}" ]; then
  verify "$program/leasedesk.exe"; verify "$program/uninstall.exe"
  echo "setup-smoke: the installed program and its uninstaller are signed"
fi
echo "setup-smoke: installed $version for this user, shortcut and entry in place"
# Test only (see wine-env.sh): Wine 8 lacks a function Rust's runtime calls.
wine_shim "$program"

# 2. The installed program runs.
said=$(wine "$program/leasedesk.exe" --version 2>>"$work/app.out" | tr -d '\r')
grep -q "$version" <<<"$said" || fail "--version says \"$said\", not $version"
wine "$program/leasedesk.exe" report weekly --out 'C:\week.pdf' >>"$work/app.out" 2>&1 || fail "the report exited $?"
[ -s "$drive_c/week.pdf" ] || fail "no report written"
[ -d "$data" ] || fail "no data folder in AppData after a run"
before=$(cd "$data" && find . -type f -exec md5sum {} + | sort)
echo "setup-smoke: the installed program says \"$said\" and wrote the weekly report"

# 3. The next version over it, in place.
run_setup "$new_setup" || fail "the upgrade exited $?"
upgraded=$(value DisplayVersion)
[ "$upgraded" != "$version" ] || fail "the entry still says $version"
[ "$(wine reg query 'HKCU\Software\Microsoft\Windows\CurrentVersion\Uninstall' 2>/dev/null | tr -d '\r' | grep -c 'LeaseDesk$')" = 1 ] \
  || fail "not one entry after the upgrade"
[ "$(cd "$data" && find . -type f -exec md5sum {} + | sort)" = "$before" ] || fail "the upgrade changed the user's data"
echo "setup-smoke: upgraded $version -> $upgraded; the user's data is as it was"

# 4. Removed; the data stays. NSIS's uninstaller runs from a copy of itself in %TEMP% and
# returns at once: its work is waited for.
wine "$program/uninstall.exe" /S >>"$work/setup.out" 2>&1 || fail "the uninstaller exited $?"
for _ in $(seq 1 120); do [ -e "$program/leasedesk.exe" ] || break; sleep 0.5; done
wineserver -w
[ ! -e "$program/leasedesk.exe" ] || fail "the program is still there"
[ ! -e "$shortcut" ] || fail "the shortcut is still there"
! wine reg query "$key" >/dev/null 2>&1 || fail "the entry is still there"
[ "$(cd "$data" && find . -type f -exec md5sum {} + | sort)" = "$before" ] || fail "uninstalling touched the user's data"
echo "setup-smoke: PASSED (uninstalled; the user's data in AppData stays)"
