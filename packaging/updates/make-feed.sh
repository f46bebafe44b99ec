#!/usr/bin/env bash
# Writes a signed release feed for LeaseDesk's updater (crates/engine/src/updates): the manifest
# (version, a sequence number, an expiry, and the MSI's address, SHA-256 and size) signed with
# the release's ed25519 key.
#
#   bash packaging/updates/make-feed.sh KEY.pem VERSION MSI [DEB] > feed.json
#   bash packaging/updates/make-feed.sh --new-key KEY.pem      (a key pair; prints the public half)
#
# LEASEDESK_FEED_SEQUENCE (default: the time in seconds) must grow with every feed published:
# LeaseDesk refuses a feed numbered below one it read. LEASEDESK_FEED_DAYS (default 30) is how
# long the feed is believed: publish it again before then. LEASEDESK_NEXT_KEY (64 hex digits,
# the public half of the next release key) names the key later feeds may be signed with.
#
# The installer's address in the feed is its file name, read relative to the feed's own
# address: publish feed.json beside the files. The public half of the key (64 hex digits) is
# built into LeaseDesk with LEASEDESK_UPDATE_KEY=<hex> cargo build --release; keep the private
# key off the build machines (see packaging/README.md, "Publishing an update").
set -euo pipefail
public_hex() { openssl pkey -in "$1" -pubout -outform DER | tail -c 32 | od -An -tx1 -v | tr -d ' \n'; }
if [ "${1:-}" = --new-key ]; then
  [ $# = 2 ] || { echo "usage: make-feed.sh --new-key KEY.pem" >&2; exit 2; }
  [ ! -e "$2" ] || { echo "make-feed: $2 exists; not overwritten" >&2; exit 2; }
  (umask 077 && openssl genpkey -algorithm ed25519 -out "$2")
  echo "LEASEDESK_UPDATE_KEY=$(public_hex "$2")"
  exit 0
fi
[ $# -ge 3 ] && [ $# -le 4 ] || { echo "usage: make-feed.sh KEY.pem VERSION MSI [DEB] > feed.json" >&2; exit 2; }
key=$1 version=$2 msi=$3 deb=${4:-}
[[ $version =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || { echo "make-feed: VERSION must be like 1.2.3" >&2; exit 2; }
for f in "$key" "$msi" ${deb:+"$deb"}; do [ -f "$f" ] || { echo "make-feed: no $f" >&2; exit 2; }; done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
sequence=${LEASEDESK_FEED_SEQUENCE:-$(date +%s)}
days=${LEASEDESK_FEED_DAYS:-30}
[[ $sequence =~ ^[0-9]+$ ]] || { echo "make-feed: LEASEDESK_FEED_SEQUENCE must be a number" >&2; exit 2; }
[[ $days =~ ^[0-9]+$ ]] || { echo "make-feed: LEASEDESK_FEED_DAYS must be a number" >&2; exit 2; }
next_key=${LEASEDESK_NEXT_KEY:-}
[ -z "$next_key" ] || [[ $next_key =~ ^[0-9a-fA-F]{64}$ ]] || { echo "make-feed: LEASEDESK_NEXT_KEY must be 64 hex digits" >&2; exit 2; }
python3 - "$version" "$msi" "$deb" "$sequence" "$days" "$next_key" > "$work/manifest" <<'PY'
import datetime, hashlib, json, os, sys
version, msi, deb, sequence, days, next_key = sys.argv[1:7]
def entry(path):
    data = open(path, "rb").read()
    return {"url": os.path.basename(path), "sha256": hashlib.sha256(data).hexdigest(), "size": len(data)}
expires = datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(days=int(days))
manifest = {"product": "LeaseDesk", "version": version, "sequence": int(sequence),
            "expires": expires.replace(microsecond=0).isoformat(), "windows_msi": entry(msi)}
if next_key:
    manifest["next_key"] = next_key.lower()
if deb:
    manifest["linux_deb"] = entry(deb)
sys.stdout.write(json.dumps(manifest, separators=(",", ":")))
PY
openssl pkeyutl -sign -inkey "$key" -rawin -in "$work/manifest" -out "$work/signature"
python3 - "$work/manifest" "$work/signature" <<'PY'
import json, sys
manifest = open(sys.argv[1], encoding="utf-8").read()
signature = open(sys.argv[2], "rb").read().hex()
print(json.dumps({"manifest": manifest, "signature": signature}, indent=1))
PY
