#!/usr/bin/env bash
# The screen-reader walk: starts LeaseDesk on its embedded sandbox in a virtual display with
# the accessibility bus on (as a desktop does when Orca runs: AT-SPI's IsEnabled), then walks
# its tree over every pane and dialog (walk.py). Exits 1 on any finding.
#
#   bash tests/a11y/run.sh [PROGRAM]      (default: target/debug/leasedesk)
#
# Needs Xvfb, dbus, at-spi2-core and python3-pyatspi (Debian packages; .ci/run installs them).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
program=$(realpath "${1:-${CARGO_TARGET_DIR:-target}/debug/leasedesk}")

display=:$(n=90; while [ -e /tmp/.X$n-lock ] || [ -e /tmp/.X11-unix/X$n ]; do n=$((n + 1)); done; echo $n)
Xvfb "$display" -screen 0 1360x840x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
home=$(mktemp -d)
run=$(mktemp -d)
chmod 700 "$run"
trap 'kill "$xvfb" 2>/dev/null || true; rm -rf "$home" "$run"' EXIT
sleep 1

export HOME=$home XDG_DATA_HOME=$home/.local/share XDG_CONFIG_HOME=$home/.config \
  XDG_RUNTIME_DIR=$run DISPLAY=$display PROGRAM=$program WALK=$here/walk.py
# A session bus of its own; on it the accessibility bus, switched on as a screen reader does.
dbus-run-session -- bash -c '
  /usr/libexec/at-spi-bus-launcher --launch-immediately >/dev/null 2>&1 &
  bus=$!
  for _ in $(seq 1 50); do
    dbus-send --session --print-reply --dest=org.a11y.Bus /org/a11y/bus \
      org.freedesktop.DBus.Properties.Set string:org.a11y.Status string:IsEnabled \
      variant:boolean:true >/dev/null 2>&1 && break
    sleep 0.2
  done
  "$PROGRAM" >"$HOME/app.log" 2>&1 &
  app=$!
  status=0
  timeout 600 /usr/bin/python3 "$WALK" || status=$?
  kill "$app" "$bus" 2>/dev/null || true
  if [ "$status" != 0 ]; then tail -n 20 "$HOME/app.log" >&2; fi
  exit "$status"
' 2> >(grep -v "dbus-daemon\|SpiRegistry" >&2)
