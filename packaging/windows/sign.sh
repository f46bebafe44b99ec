#!/usr/bin/env bash
# Authenticode-signs a Windows file (exe or MSI) in place with osslsigncode, then verifies it.
#
#   LEASEDESK_SIGN_CERT=cert.pem LEASEDESK_SIGN_KEY=key.pem bash packaging/windows/sign.sh FILE
#
# A certificate and key in PEM files (CI makes a test pair for the run: test-cert.sh). For a
# real certificate on a hardware token or a cloud signing service, see packaging/README.md
# (osslsigncode's -pkcs11engine/-pkcs11module and -key pkcs11:…): no secret is ever in the repo.
set -euo pipefail
file=$1
: "${LEASEDESK_SIGN_CERT:?the certificate (PEM) to sign with}"
if ! command -v osslsigncode >/dev/null; then
  sudo=""; [ "$(id -u)" = 0 ] || sudo=sudo
  $sudo apt-get update -q
  $sudo apt-get install -y -q --no-install-recommends osslsigncode
fi
key_args=(-key "${LEASEDESK_SIGN_KEY:?the private key (PEM file, or a pkcs11: URI)}")
if [ -n "${LEASEDESK_SIGN_PKCS11_MODULE:-}" ]; then
  key_args=(-pkcs11module "$LEASEDESK_SIGN_PKCS11_MODULE" -key "$LEASEDESK_SIGN_KEY")
fi
signed="$file.signed"
rm -f "$signed"
osslsigncode sign -certs "$LEASEDESK_SIGN_CERT" "${key_args[@]}" \
  -n "LeaseDesk" -i "https://example.invalid/leasedesk" -h sha256 \
  ${LEASEDESK_SIGN_TIMESTAMP_URL:+-ts "$LEASEDESK_SIGN_TIMESTAMP_URL"} \
  -in "$file" -out "$signed" >/dev/null
mv "$signed" "$file"
osslsigncode verify -CAfile "${LEASEDESK_SIGN_CA:-$LEASEDESK_SIGN_CERT}" -in "$file" >/dev/null \
  || { echo "sign: $file does not verify" >&2; exit 1; }
echo "sign: $(basename "$file") signed and verified"
