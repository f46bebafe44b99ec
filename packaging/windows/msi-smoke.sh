#!/usr/bin/env bash
# Tries the MSI under Wine as IT would deploy it, in a fresh Wine prefix on a virtual display,
# and fails on the first thing that does not work:
#   1. `msiexec /i LeaseDesk.msi /qn` installs per machine: the program in C:\Program Files\
#      LeaseDesk, a Start-menu shortcut, an Add/Remove Programs entry (name, version, publisher,
#      icon);
#   2. the app started from the shortcut's target writes the weekly report, and its window
#      syncs and saves the offline copy in the user's AppData (with its outbox file);
#   3. the MSI of a higher version installs over it in place: one entry, the new version, and
#      the offline copy and outbox as they were;
#   4. `msiexec /x` removes the program, the shortcut and the entry; the user's data stays.
# Signed MSIs are checked with osslsigncode first when LEASEDESK_SIGN_CERT is set.
#
#   bash packaging/windows/msi-smoke.sh OLD.msi NEW.msi [screenshot.png]
set -euo pipefail
cd "$(dirname "$0")/../.."
old_msi=$(realpath "$1") new_msi=$(realpath "$2")
shot=${3:-}
# shellcheck source=wine-env.sh
source packaging/windows/wine-env.sh
if ! command -v msiinfo >/dev/null; then
  sudo=""; [ "$(id -u)" = 0 ] || sudo=sudo
  $sudo apt-get update -q
  $sudo apt-get install -y -q --no-install-recommends msitools
fi

if [ -n "${LEASEDESK_SIGN_CERT:-}" ]; then
  for msi in "$old_msi" "$new_msi"; do
    osslsigncode verify -CAfile "$LEASEDESK_SIGN_CERT" -in "$msi" >/dev/null \
      || { echo "msi-smoke: FAILED, $msi is not signed" >&2; exit 1; }
  done
  echo "msi-smoke: both MSIs carry a signature that verifies"
fi

work=$(mktemp -d)
cleanup() {
  WINEPREFIX="$work/prefix" wineserver -k 2>/dev/null || true
  [ -n "${xvfb:-}" ] && kill "$xvfb" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
fail() {
  echo "msi-smoke: FAILED, $*" >&2
  find "$WINEPREFIX/drive_c/users" -name 'leasedesk*.log*' -exec tail -n 30 {} + >&2 2>/dev/null || true
  exit 1
}

display=$(free_display 120)
Xvfb "$display" -screen 0 1440x900x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
sleep 1
export DISPLAY="$display" USER=dana LOGNAME=dana
wine_prefix "$work/prefix"
drive_c="$WINEPREFIX/drive_c"
program="$drive_c/Program Files/LeaseDesk"
# Windows puts a per-machine shortcut in ProgramData's Start menu; Wine's msi puts it in the
# installing user's.
shortcuts=("$drive_c/ProgramData/Microsoft/Windows/Start Menu/Programs/LeaseDesk.lnk"
  "$drive_c/users/dana/AppData/Roaming/Microsoft/Windows/Start Menu/Programs/LeaseDesk.lnk")
shortcut_found() {
  local s
  for s in "${shortcuts[@]}"; do [ -f "$s" ] && { echo "$s"; return 0; }; done
  return 1
}
data="$drive_c/users/dana/AppData/Roaming/LeaseDesk/data"

entry() { wine reg query 'HKLM\Software\Microsoft\Windows\CurrentVersion\Uninstall' /s 2>/dev/null | tr -d '\r'; }
entry_value() { entry | awk -v name="$1" '/^HKEY/ {key=$0} $1 == name && key ~ /\{/ && !found {sub(/^ *[^ ]+ +[^ ]+ +/, ""); found=$0} END {print found}'; }
install() { wine msiexec /i "$(winepath -w "$1")" /qn >>"$work/msiexec.out" 2>&1; }

# 1. Installed silently, per machine.
install "$old_msi" || fail "msiexec /i exited $?"
[ -f "$program/leasedesk.exe" ] || fail "no leasedesk.exe in C:\\Program Files\\LeaseDesk"
shortcut=$(shortcut_found) || fail "no Start-menu shortcut"
[ "$(entry | grep -c 'DisplayName.*LeaseDesk')" = 1 ] || fail "not one Add/Remove Programs entry: $(entry)"
version=$(entry_value DisplayVersion)
publisher=$(entry_value Publisher)
[ -n "$version" ] && [ "$publisher" = "LeaseDesk team" ] \
  || fail "the entry lacks its version or publisher ($version / $publisher)"
# The entry's icon (Windows shows ARPPRODUCTICON from the MSI's Icon table; Wine does not
# write DisplayIcon, so the MSI itself is read).
# (Read whole before grep: with pipefail, grep -q leaving early fails msiinfo's write.)
properties=$(msiinfo export "$old_msi" Property)
icons=$(msiinfo export "$old_msi" Icon | cut -f1)
grep -q '^ARPPRODUCTICON'$'\t''leasedesk.ico' <<<"$properties" \
  && grep -qx 'leasedesk.ico' <<<"$icons" \
  || fail "the MSI carries no Add/Remove Programs icon"
echo "msi-smoke: installed $version by $publisher, shortcut and entry in place"
# Test only (see wine-env.sh): Wine 8 lacks a function Rust's runtime calls.
wine_shim "$program"

# 2. Started from the shortcut's target: the report, then the window and its offline copy.
# The link's full target path (its LinkInfo's local base path).
target=$(strings "$shortcut" | grep -iE '^[A-Z]:\\.*leasedesk\.exe$' | head -n 1 || true)
case "$target" in
  *'Program Files\LeaseDesk\leasedesk.exe') ;;
  *) fail "the shortcut does not lead to the installed program ($target)" ;;
esac
wine "$target" report weekly --out 'C:\week.pdf' >>"$work/report.out" 2>&1 || fail "the report exited $?"
[ -s "$drive_c/week.pdf" ] || fail "no report written"
echo "msi-smoke: the shortcut's target ($target) wrote the weekly report"
log_lines() { find "$drive_c/users" -name 'leasedesk*.log*' -exec cat {} + 2>/dev/null || true; }
(exec wine "$target" >>"$work/app.out" 2>&1) &
app=$!
for _ in $(seq 1 900); do
  grep -q 'the offline copy was synced and saved' <<<"$(log_lines)" && break
  kill -0 "$app" 2>/dev/null || fail "the app ended before its copy was saved"
  sleep 1
done
grep -q 'the offline copy was synced and saved' <<<"$(log_lines)" || fail "the offline copy was not saved"
[ -z "$shot" ] || import -window root "$shot"
wineserver -k 2>/dev/null || true
{ wait "$app"; } 2>/dev/null || true
store=$(find "$data/offline" -name '*.store' | head -n 1 || true)
outbox=$(find "$data/offline" -name '*.outbox' | head -n 1 || true)
[ -s "$store" ] && [ -s "$outbox" ] || fail "no offline copy and outbox in AppData ($(ls "$data/offline" 2>&1))"
before=$(md5sum "$store" "$outbox")
echo "msi-smoke: the window saved its copy ($(wc -c <"$store") bytes) and outbox in AppData"

# 3. The next version over it, in place. IT's install starts nothing (only LeaseDesk's own
# updater asks the MSI to start the program when done, with LEASEDESK_RELAUNCH=1).
starts() { find "$drive_c/users" -name 'leasedesk*.log*' -exec cat {} + 2>/dev/null | grep -c 'LeaseDesk started' || true; }
started_before=$(starts)
install "$new_msi" || fail "the upgrade exited $?"
# A start would log within seconds; load can only delay it (a miss, never a false failure).
for _ in $(seq 1 10); do
  [ "$(starts)" = "$started_before" ] || fail "IT's silent install started LeaseDesk"
  sleep 1
done
[ "$(entry | grep -c 'DisplayName.*LeaseDesk')" = 1 ] || fail "two entries after the upgrade: $(entry)"
upgraded=$(entry_value DisplayVersion)
[ "$upgraded" != "$version" ] || fail "the entry still says $version"
[ -f "$program/leasedesk.exe" ] || fail "no program after the upgrade"
[ "$(md5sum "$store" "$outbox")" = "$before" ] || fail "the upgrade changed the user's copy or outbox"
echo "msi-smoke: upgraded $version -> $upgraded; the offline copy and outbox are as they were"

# 4. Removed; the user's data stays.
wine msiexec /x "$(winepath -w "$new_msi")" /qn >>"$work/msiexec.out" 2>&1 || fail "msiexec /x exited $?"
[ ! -f "$program/leasedesk.exe" ] || fail "the program is still there"
! shortcut_found >/dev/null || fail "the shortcut is still there"
[ "$(entry | grep -c 'DisplayName.*LeaseDesk' || true)" = 0 ] || fail "the entry is still there"
[ "$(md5sum "$store" "$outbox")" = "$before" ] || fail "uninstalling touched the user's data"
echo "msi-smoke: PASSED (uninstalled; the user's data in AppData stays)"
