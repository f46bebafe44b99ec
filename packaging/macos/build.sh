#!/usr/bin/env bash
# UNTESTED: the macOS build recipe (see packaging/README.md). Run on a Mac with Xcode tools.
set -euo pipefail
rustup target add aarch64-apple-darwin x86_64-apple-darwin
cargo build --release --locked --target aarch64-apple-darwin
cargo build --release --locked --target x86_64-apple-darwin
app=target/macos/LeaseDesk.app
rm -rf "$app"; mkdir -p "$app/Contents/MacOS" "$app/Contents/Resources"
lipo -create -output "$app/Contents/MacOS/leasedesk" \
  target/aarch64-apple-darwin/release/leasedesk target/x86_64-apple-darwin/release/leasedesk
cp packaging/macos/Info.plist "$app/Contents/Info.plist"
iconset=target/macos/leasedesk.iconset; mkdir -p "$iconset"
for s in 16 32 64 128 256 512; do cp "assets/icons/leasedesk-$s.png" "$iconset/icon_${s}x${s}.png"; done
iconutil -c icns "$iconset" -o "$app/Contents/Resources/leasedesk.icns"
# codesign --deep --options runtime --sign "Developer ID Application: …" "$app"
hdiutil create -volname LeaseDesk -srcfolder "$app" -ov -format UDZO target/macos/LeaseDesk.dmg
# xcrun notarytool submit target/macos/LeaseDesk.dmg --keychain-profile … --wait
echo "Built target/macos/LeaseDesk.dmg"
