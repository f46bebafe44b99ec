#!/usr/bin/env bash
# Starts the class server the way the container and the unit start it (a fresh data folder,
# every address, 30 trainees, https from a certificate and key made here), waits for its
# health check, reads the class roster with the trainer's key from the sheet, and stops it.
# Usage: packaging/server/check-server.sh BINARY   (needs openssl and curl)
set -euo pipefail
bin=${1:?the leasedesk binary}
data=$(mktemp -d)
port=$((20000 + RANDOM % 20000))
trap 'kill "$pid" 2>/dev/null || true; rm -rf "$data"' EXIT
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2 \
  -subj /CN=127.0.0.1 -addext subjectAltName=IP:127.0.0.1 \
  -keyout "$data/key.pem" -out "$data/cert.pem" 2>/dev/null
HOME=$data "$bin" sandbox --trainees 30 --class-dir "$data/class" --addr "0.0.0.0:$port" \
  --tls-cert "$data/cert.pem" --tls-key "$data/key.pem" >"$data/out.log" 2>&1 &
pid=$!
for _ in $(seq 1 300); do
  curl -fsS --cacert "$data/cert.pem" "https://127.0.0.1:$port/health" >/dev/null 2>&1 && break
  kill -0 "$pid" 2>/dev/null || { cat "$data/out.log"; exit 1; }
  sleep 0.1
done
test "$(curl -fsS --cacert "$data/cert.pem" "https://127.0.0.1:$port/health")" = ok
key=$(sed -n 2p "$data/class/class-sheet.csv" | cut -d, -f3)
seats=$(curl -fsS --cacert "$data/cert.pem" -H "Ocp-Apim-Subscription-Key: $key" "https://127.0.0.1:$port/training/class" | grep -o '"PortalId"' | wc -l)
test "$seats" = 31
if command -v systemd-analyze >/dev/null; then
  systemd-analyze verify "$(dirname "$0")/leasedesk-class.service" 2>&1 | grep -v "leasedesk: No such file\|Command /usr/local/bin/leasedesk is not executable" || true
fi
echo "the class server answers its health check over https and holds 31 portals"
