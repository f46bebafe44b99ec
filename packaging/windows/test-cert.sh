#!/usr/bin/env bash
# Makes a self-signed code-signing certificate and key for one CI run, in DIR, and prints the
# environment sign.sh reads. Never a real certificate: it signs nothing that leaves CI.
#
#   eval "$(bash packaging/windows/test-cert.sh DIR)"
set -euo pipefail
dir=$1
mkdir -p "$dir"
openssl req -x509 -newkey rsa:3072 -nodes -days 2 -subj "/CN=LeaseDesk test signing (CI only)" \
  -addext "extendedKeyUsage=codeSigning" -addext "keyUsage=digitalSignature" \
  -keyout "$dir/key.pem" -out "$dir/cert.pem" >/dev/null 2>&1
chmod 600 "$dir/key.pem"
echo "export LEASEDESK_SIGN_CERT='$dir/cert.pem' LEASEDESK_SIGN_KEY='$dir/key.pem'"
