#!/usr/bin/env bash
# Tries LeaseDesk's updater end to end under Wine, as a desk would see it:
#   1. version N is installed from its MSI (silently, per machine), and IT's machine-wide
#      setting names a release feed on this computer offering N+1, signed with the key built
#      into N;
#   2. the app, started, reads the feed, downloads N+1's MSI and checks it (its log says the
#      update is ready), and keeps working: its offline copy and outbox are saved;
#   3. started again, it installs N+1 silently before opening anything, and the installer starts
#      LeaseDesk again: the installed program's `--version` says N+1, one Add/Remove Programs
#      entry says N+1, and the offline copy and outbox are there, opened by N+1 without being
#      set aside.
#
#   bash packaging/windows/update-smoke.sh OLD.msi NEW.msi NEW_VERSION RELEASE_KEY.pem
#
# OLD.msi's program must be built with LEASEDESK_UPDATE_KEY set to RELEASE_KEY's public half
# (packaging/updates/make-feed.sh --new-key), NEW.msi's with LEASEDESK_VERSION=NEW_VERSION.
set -euo pipefail
cd "$(dirname "$0")/../.."
old_msi=$(realpath "$1") new_msi=$(realpath "$2") new_version=$3 key=$(realpath "$4")
# shellcheck source=wine-env.sh
source packaging/windows/wine-env.sh

work=$(mktemp -d)
cleanup() {
  WINEPREFIX="$work/prefix" wineserver -k 2>/dev/null || true
  [ -n "${xvfb:-}" ] && kill "$xvfb" 2>/dev/null || true
  [ -n "${server:-}" ] && kill "$server" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
fail() {
  echo "update-smoke: FAILED, $*" >&2
  find "$WINEPREFIX/drive_c/users" -name 'leasedesk*.log*' -exec tail -n 30 {} + >&2 2>/dev/null || true
  find "$WINEPREFIX/drive_c/users" -name '*.log' -path '*updates*' -exec tail -n 20 {} + >&2 2>/dev/null || true
  exit 1
}

# The release server: the feed and N+1's MSI, on this computer (plain http is read only here).
mkdir -p "$work/release"
cp "$new_msi" "$work/release/LeaseDesk-$new_version-x64.msi"
bash packaging/updates/make-feed.sh "$key" "$new_version" \
  "$work/release/LeaseDesk-$new_version-x64.msi" >"$work/release/feed.json"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 -m http.server "$port" --bind 127.0.0.1 --directory "$work/release" >"$work/server.out" 2>&1 &
server=$!

display=$(free_display 110)
Xvfb "$display" -screen 0 1440x900x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
sleep 1
export DISPLAY="$display" USER=dana LOGNAME=dana
wine_prefix "$work/prefix"
drive_c="$WINEPREFIX/drive_c"
program="$drive_c/Program Files/LeaseDesk"
data="$drive_c/users/dana/AppData/Roaming/LeaseDesk/data"
entry() { wine reg query 'HKLM\Software\Microsoft\Windows\CurrentVersion\Uninstall' /s 2>/dev/null | tr -d '\r'; }
entry_value() { entry | awk -v name="$1" '/^HKEY/ {key=$0} $1 == name && key ~ /\{/ && !found {sub(/^ *[^ ]+ +[^ ]+ +/, ""); found=$0} END {print found}'; }
log_lines() { find "$drive_c/users" -name 'leasedesk*.log*' -exec cat {} + 2>/dev/null || true; }
# Waits until the logs hold `text` at least `times` times (default once).
wait_for_log() {
  local text=$1 seconds=$2 times=${3:-1}
  for _ in $(seq 1 "$seconds"); do
    [ "$(grep -c "$text" <<<"$(log_lines)" || true)" -ge "$times" ] && return 0
    sleep 1
  done
  return 1
}

# 1. Version N, and IT's setting naming the feed.
wine msiexec /i "$(winepath -w "$old_msi")" /qn >>"$work/msiexec.out" 2>&1 || fail "msiexec /i exited $?"
[ -f "$program/leasedesk.exe" ] || fail "N is not installed"
wine_shim "$program"
old_version=$(wine "$program/leasedesk.exe" --version 2>/dev/null | tr -d '\r' | awk '{print $2}')
[ -n "$old_version" ] && [ "$old_version" != "$new_version" ] || fail "N says it is $old_version"
# IT names the feed by policy (HKLM, which only an administrator may write); a file in
# ProgramData, which any user may create, is not read.
wine reg add 'HKLM\SOFTWARE\Policies\LeaseDesk' /v UpdateFeed /t REG_SZ \
  /d "http://127.0.0.1:$port/feed.json" /f >>"$work/msiexec.out" 2>&1 || fail "reg add exited $?"
echo "update-smoke: $old_version installed; IT's feed offers $new_version"

# 2. Started: the update is downloaded and checked while the app works.
(exec wine "$program/leasedesk.exe" >>"$work/app.out" 2>&1) &
app=$!
wait_for_log 'an update is ready' 600 || fail "the update was not downloaded"
wait_for_log 'the offline copy was synced and saved' 900 || fail "the offline copy was not saved"
[ -f "$data/updates/feed.json" ] && [ -f "$data/updates/LeaseDesk-$new_version.msi" ] \
  || fail "no checked download in the data folder ($(ls "$data/updates" 2>&1))"
cmp -s "$data/updates/LeaseDesk-$new_version.msi" "$new_msi" || fail "the download differs from N+1's MSI"
wineserver -k 2>/dev/null || true
{ wait "$app"; } 2>/dev/null || true
store=$(find "$data/offline" -name '*.store' | head -n 1 || true)
outbox=$(find "$data/offline" -name '*.outbox' | head -n 1 || true)
[ -s "$store" ] && [ -s "$outbox" ] || fail "no offline copy and outbox ($(ls "$data/offline" 2>&1))"
echo "update-smoke: $new_version downloaded and checked; the copy and outbox saved"

# 3. Started again: N+1 is installed, and starts.
: >"$work/app.out"
(exec wine "$program/leasedesk.exe" >>"$work/app.out" 2>&1) &
app=$!
# The installer starts LeaseDesk again after InstallFinalize: N+1's log line is the sign the
# install is whole. The uninstall entry is read only then; read while msiexec is still writing
# it, it can hold the new version before its name (a CI run once failed so).
wait_for_log "LeaseDesk started version=\"$new_version" 600 || fail "LeaseDesk $new_version did not start after the install"
[ "$(entry_value DisplayVersion)" = "$new_version" ] || fail "the entry still says $(entry_value DisplayVersion)"
[ "$(entry | grep -c 'DisplayName.*LeaseDesk')" = 1 ] || fail "not one entry: $(entry)"
# The installer ends after it started N+1, which removes the download once the installer lets
# go of it: waited for (the app's own doing), before the app is stopped.
for _ in $(seq 1 300); do
  [ ! -e "$data/updates/LeaseDesk-$new_version.msi" ] && break
  sleep 1
done
saved_by_n=$(grep -c 'the offline copy was synced and saved' <<<"$(log_lines)" || true)
wait_for_log 'the offline copy was synced and saved' 900 $((saved_by_n + 1)) \
  || fail "N+1 did not sync and save the copy N kept"
wineserver -k 2>/dev/null || true
{ wait "$app"; } 2>/dev/null || true
wine_shim "$program"
now=$(wine "$program/leasedesk.exe" --version 2>/dev/null | tr -d '\r' | awk '{print $2}')
[ "$now" = "$new_version" ] || fail "leasedesk.exe --version says $now"
[ -s "$store" ] && [ -s "$outbox" ] || fail "the copy or outbox went with the update"
! grep -q 'set aside\|starting a new one' <<<"$(log_lines)" || fail "N+1 did not open the copy N kept"
[ ! -e "$data/updates/LeaseDesk-$new_version.msi" ] || fail "the download stayed after its install"
echo "update-smoke: PASSED ($old_version -> $now by the feed; the copy and outbox kept)"
