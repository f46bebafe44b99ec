#!/usr/bin/env bash
# Tries leasedesk.exe under Wine as a new Windows user would, in a fresh Wine prefix on a
# virtual display, and fails on the first thing that does not work:
#   1. the headless weekly report writes a PDF (read back with pdftotext) and JSON, replaces a
#      read-only report, and writes into a folder with non-ASCII letters and a
#      path longer than 260 characters;
#   2. the window opens (with the renderer LeaseDesk picks by itself), the embedded sandbox
#      answers the first search, and the offline copy is synced and saved to disk, in the
#      AppData of a user named José (its key in Wine's Credential Manager);
#   3. a second start opens on that copy;
#   4. a crash (the test trigger) leaves a report naming no resident, and the next start
#      offers it;
#   5. the app's log has no ERROR line of ours.
# Saves a screenshot of the first start.
#
#   bash packaging/windows/smoke.sh [path/to/leasedesk.exe] [screenshot.png]
#
# Installs with apt what is missing (see wine-env.sh, which also explains the ProcessPrng shim).
set -euo pipefail
cd "$(dirname "$0")/../.."

exe=${1:-${CARGO_TARGET_DIR:-target}/x86_64-pc-windows-gnu/release/leasedesk.exe}
shot=${2:-assets/screenshots/windows-wine.png}
[ -f "$exe" ] || { echo "smoke: no $exe; run packaging/windows/cross-build.sh first" >&2; exit 2; }
# shellcheck source=wine-env.sh
source packaging/windows/wine-env.sh

work=$(mktemp -d)
cleanup() {
  WINEPREFIX="$work/prefix" wineserver -k 2>/dev/null || true
  [ -n "${xvfb:-}" ] && kill "$xvfb" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
fail() {
  echo "smoke: FAILED, $*" >&2
  [ -f "$work/report.out" ] && tail -n 20 "$work/report.out" >&2
  find "$WINEPREFIX/drive_c/users" -name 'leasedesk*.log*' -exec tail -n 40 {} + >&2 2>/dev/null || true
  exit 1
}

mkdir "$work/app"
cp "$exe" "$work/app/leasedesk.exe"
wine_shim "$work/app"

display=$(free_display 100)
Xvfb "$display" -screen 0 1440x900x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
sleep 1
export DISPLAY="$display"
# Wine names the Windows user after $USER: the user's folder is C:\users\José, as on a Spanish
# or Portuguese colleague's computer, so AppData (data, logs) has a letter beyond ASCII.
export USER=José LOGNAME=José
wine_prefix "$work/prefix"
drive_c="$WINEPREFIX/drive_c"

logs_dir="$drive_c/users"
log_lines() { find "$logs_dir" -name 'leasedesk*.log*' -exec cat {} + 2>/dev/null || true; }

# 1. The headless report, as a scheduled task would run it.
started_count() { log_lines | grep -c "LeaseDesk started" || true; }
# One report run. Once in CI, Wine gave a non-zero exit for a run that never reached the app (no
# "LeaseDesk started" in its log): such a run is shown and tried once more; a run of the app
# that fails is never tried again.
report() {
  local before code=0
  before=$(started_count)
  (cd "$work/app" && wine ./leasedesk.exe report weekly "$@" >>"$work/report.out" 2>&1) || code=$?
  if [ "$code" != 0 ] && [ "$(started_count)" = "$before" ]; then
    echo "smoke: Wine exited $code before LeaseDesk started (report $*); its output:" >&2
    tail -n 20 "$work/report.out" >&2
    code=0
    (cd "$work/app" && wine ./leasedesk.exe report weekly "$@" >>"$work/report.out" 2>&1) || code=$?
  fi
  return "$code"
}
report --out 'C:\week.pdf' || fail "the report exited $? writing C:\\week.pdf"
pdftotext "$drive_c/week.pdf" "$work/week.txt" || fail "pdftotext cannot read the report"
grep -q "Occupancy" "$work/week.txt" || fail "the report's text has no Occupancy"
report --format json --out 'C:\week.json' || fail "the report exited $? writing JSON"
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["occupancy_total"]["units"] > 0' \
  "$drive_c/week.json" || fail "the JSON report does not read back"
echo "smoke: the report wrote a PDF ($(wc -c <"$drive_c/week.pdf") bytes) and JSON"
# Replacing last week's report, made read-only (one held open by another program is replaced in
# the unit tests, which run under Wine too).
wine cmd /c 'attrib +r C:\week.pdf' >/dev/null 2>&1
before=$(md5sum <"$drive_c/week.pdf")
report --paper a4 --out 'C:\week.pdf' || fail "a read-only report could not be replaced"
[ "$(md5sum <"$drive_c/week.pdf")" != "$before" ] || fail "the read-only report was not replaced"
# A folder with letters beyond ASCII, and a path longer than Windows' old 260 characters.
mkdir -p "$drive_c/José Müller"
report --out 'C:\José Müller\semaine.pdf' || fail "no report in a folder named José Müller"
[ -s "$drive_c/José Müller/semaine.pdf" ] || fail "the report is not in C:\\José Müller"
long='C:'; long_unix=$drive_c
for _ in 1 2 3 4 5 6 7; do
  long+='\a folder name of about forty characters'
  long_unix+='/a folder name of about forty characters'
done
mkdir -p "$long_unix"
report --out "$long\\week.pdf" || fail "no report at a path of ${#long} characters"
[ -s "$long_unix/week.pdf" ] || fail "the long path's report is missing"
echo "smoke: replaced a read-only report; wrote under José Müller and at ${#long} characters"

# 2. The window, the embedded sandbox, and the offline copy saved.
wait_for_log() {
  local pattern=$1 seconds=$2 skip=$3
  for _ in $(seq 1 "$seconds"); do
    if log_lines | tail -n +"$((skip + 1))" | grep -q -- "$pattern"; then return 0; fi
    kill -0 "$app" 2>/dev/null || return 1
    sleep 1
  done
  return 1
}
start_app() {
  (cd "$work/app" && exec wine ./leasedesk.exe >>"$work/app.out" 2>&1) &
  app=$!
}
start_app
window=""
# The title is "LeaseDesk" until the app connects, then names the portal ("LeaseDesk — portal 1
# (sandbox, demo data)"): once CI looked only after that and missed the window.
for _ in $(seq 1 180); do
  window=$(xdotool search --name '^LeaseDesk($| )' 2>/dev/null | head -n 1 || true)
  [ -n "$window" ] && break
  kill -0 "$app" 2>/dev/null || break
  sleep 1
done
[ -n "$window" ] || { cat "$work/app.out" >&2; fail "no LeaseDesk window"; }
wait_for_log 'search answered' 180 0 || fail "the embedded sandbox did not answer a search"
renderer=$(log_lines | grep -h 'drawing the window' | head -n 1 || true)
echo "smoke: window opened; ${renderer:-renderer not logged}"
echo "smoke: the sandbox answered: $(log_lines | grep -h 'search answered' | head -n 1)"
log=$(find "$logs_dir" -name 'leasedesk*.log*' | head -n 1)
case "$log" in
  */users/José/AppData/Roaming/LeaseDesk/data/logs/*) ;;
  *) fail "the log is not under C:\\users\\José\\AppData\\Roaming\\LeaseDesk\\data ($log)" ;;
esac
sleep 2
mkdir -p "$(dirname "$shot")"
import -window root "$shot"
wait_for_log 'the offline copy was synced and saved' 900 0 \
  || fail "the offline copy was not synced and saved"
if log_lines | grep -q 'could not be saved'; then fail "the log says the copy could not be saved"; fi
echo "smoke: $(log_lines | grep -h 'the offline copy was synced and saved' | head -n 1)"

# 3. A second start opens on the copy saved by the first.
wineserver -k 2>/dev/null || true
wait "$app" 2>/dev/null || true
seen=$(log_lines | wc -l)
start_app
wait_for_log 'the offline copy was opened from disk' 180 "$seen" \
  || fail "the second start did not open the saved copy"
opened=$(log_lines | tail -n +"$((seen + 1))" | grep -h 'the offline copy was opened from disk' | head -n 1)
echo "$opened" | grep -q 'synced=true' || fail "the copy reopened was not the synced one: $opened"
echo "$opened" | grep -Eq 'cases=[1-9]' || fail "the copy reopened holds no cases: $opened"
echo "smoke: the second start $opened"
wineserver -k 2>/dev/null || true

# 4. A crash (the test trigger, with every resident's data read by the report) leaves a report
#    in the logs folder with none of their names, and the next start offers it.
crash_code=0
(cd "$work/app" && LEASEDESK_CRASH_TEST=1 wine ./leasedesk.exe report weekly --out 'C:\crash.pdf' \
  >>"$work/report.out" 2>&1) || crash_code=$?
[ "$crash_code" != 0 ] || fail "the run asked to crash ended well"
crash_file=$(find "$logs_dir" -name 'crash-*.txt' | head -n 1)
[ -n "$crash_file" ] || fail "no crash report in the logs folder"
grep -q 'Version:' "$crash_file" || fail "the crash report does not say which build"
names=$(python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
rows = d["on_notice"] + d["pending_move_ins"] + d["move_ins"] + d["admissions"]
print("\n".join(sorted({r["name"] for r in rows if r.get("name")})))' "$drive_c/week.json")
[ -n "$names" ] || fail "the JSON report names nobody to look for"
while IFS= read -r name; do
  if grep -qF -- "$name" "$crash_file"; then fail "the crash report names a resident"; fi
done <<<"$names"
echo "smoke: the crash left $(basename "$crash_file") ($(wc -c <"$crash_file") bytes), naming none of $(wc -l <<<"$names") residents"
seen=$(log_lines | wc -l)
start_app
wait_for_log 'its crash report is offered' 180 "$seen" \
  || fail "the start after the crash did not offer its report"
sleep 3
import -window root "${shot%.png}-crash-notice.png"
echo "smoke: the next start offered the crash report (${shot%.png}-crash-notice.png)"
wineserver -k 2>/dev/null || true
wait "$app" 2>/dev/null || true

# 5. Nothing of ours went wrong on the way.
errors=$(log_lines | grep -E ' ERROR leasedesk' || true)
[ -z "$errors" ] || fail "the log has errors: $errors"
echo "smoke: PASSED; screenshot in $shot"
