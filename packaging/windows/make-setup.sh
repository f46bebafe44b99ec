#!/usr/bin/env bash
# Builds LeaseDesk-<version>-user-setup.exe, the per-user setup for people without
# administrator rights, from a cross-built leasedesk.exe with makensis (NSIS), signing the exe,
# the uninstaller and the setup when a certificate is given (see sign.sh).
#
#   bash packaging/windows/make-setup.sh EXE VERSION OUT.exe
#
# OUT is replaced whole or not at all.
#
# Installs makensis (Debian's nsis) with apt when missing.
set -euo pipefail
cd "$(dirname "$0")/../.."
exe=$1 version=$2 out=$3
[ -f "$exe" ] || { echo "make-setup: no $exe" >&2; exit 2; }
[[ $version =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || { echo "make-setup: VERSION must be like 1.2.3 (got $version)" >&2; exit 2; }
if ! command -v makensis >/dev/null; then
  sudo=""; [ "$(id -u)" = 0 ] || sudo=sudo
  $sudo apt-get update -q
  $sudo apt-get install -y -q --no-install-recommends nsis
fi
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
cp "$exe" "$stage/leasedesk.exe"
sign=()
if [ -n "${LEASEDESK_SIGN_CERT:-}" ]; then
  bash packaging/windows/sign.sh "$stage/leasedesk.exe"
  sign=(-DSIGN="$PWD/packaging/windows/sign.sh")
fi
# LEASEDESK_SETUP_COMPRESSOR=zlib is quicker (CI, on a debug exe); releases use the script's lzma.
compressor=()
[ -z "${LEASEDESK_SETUP_COMPRESSOR:-}" ] || compressor=(-X"SetCompressor /SOLID /FINAL $LEASEDESK_SETUP_COMPRESSOR")
makensis -V2 "${compressor[@]}" -DVERSION="$version" -DEXE="$stage/leasedesk.exe" -DICON="$PWD/assets/icons/leasedesk.ico" \
  -DLICENCE="$PWD/packaging/LICENSE" -DOUT="$stage/LeaseDesk-setup.exe" "${sign[@]}" packaging/windows/leasedesk-user.nsi >&2
if [ -n "${LEASEDESK_SIGN_CERT:-}" ]; then
  bash packaging/windows/sign.sh "$stage/LeaseDesk-setup.exe"
fi
mkdir -p "$(dirname "$out")"
mv "$stage/LeaseDesk-setup.exe" "$out.partial"
mv "$out.partial" "$out"
echo "make-setup: $out ($(wc -c <"$out") bytes, version $version)"
