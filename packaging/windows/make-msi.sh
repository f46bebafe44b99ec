#!/usr/bin/env bash
# Builds LeaseDesk-<version>-x64.msi from a cross-built leasedesk.exe with wixl (msitools),
# signing the exe first and the MSI after when a certificate is given (see sign.sh).
#
#   bash packaging/windows/make-msi.sh EXE VERSION OUT.msi
#
# VERSION is the MSI's product version (major.minor.patch); an MSI of a higher one replaces a
# lower one in place. Installs wixl (and msitools, which reads MSIs back) with apt when missing.
set -euo pipefail
cd "$(dirname "$0")/../.."
exe=$1 version=$2 out=$3
[ -f "$exe" ] || { echo "make-msi: no $exe" >&2; exit 2; }
[[ $version =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || { echo "make-msi: VERSION must be like 1.2.3 (got $version)" >&2; exit 2; }
if ! command -v wixl >/dev/null || ! command -v msiinfo >/dev/null; then
  sudo=""; [ "$(id -u)" = 0 ] || sudo=sudo
  $sudo apt-get update -q
  $sudo apt-get install -y -q --no-install-recommends wixl msitools
fi
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
# wixl takes sources relative to where it runs.
cp "$exe" "$stage/leasedesk.exe"
cp assets/icons/leasedesk.ico "$stage/leasedesk.ico"
cp packaging/LICENSE "$stage/LICENSE.txt"
cp packaging/windows/leasedesk.wxs "$stage/"
if [ -n "${LEASEDESK_SIGN_CERT:-}" ]; then
  bash packaging/windows/sign.sh "$stage/leasedesk.exe"
fi
(cd "$stage" && wixl -a x64 -o LeaseDesk.msi \
  -D Version="$version" -D Exe=leasedesk.exe -D Icon=leasedesk.ico -D Licence=LICENSE.txt \
  leasedesk.wxs)
if [ -n "${LEASEDESK_SIGN_CERT:-}" ]; then
  bash packaging/windows/sign.sh "$stage/LeaseDesk.msi"
fi
mkdir -p "$(dirname "$out")"
mv "$stage/LeaseDesk.msi" "$out.partial"
mv "$out.partial" "$out"
echo "make-msi: $out ($(wc -c <"$out") bytes, version $version)"
