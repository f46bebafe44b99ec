# UNTESTED on a Windows machine: the native (MSVC) build recipe. The tested way is the cross
# build from Linux, packaging/windows/cross-build.sh (see packaging/README.md).
# Run from the repository root in a "Developer PowerShell for VS" with Rust (MSVC) installed.
$ErrorActionPreference = "Stop"
cargo build --release --locked
$out = "target\windows\LeaseDesk"
New-Item -ItemType Directory -Force -Path $out | Out-Null
Copy-Item target\release\leasedesk.exe $out\LeaseDesk.exe
Copy-Item README.md, packaging\LICENSE $out
# The icon is also embedded in the exe (build.rs); the .ico is for shortcuts.
Copy-Item assets\icons\leasedesk.ico $out
Compress-Archive -Force -Path $out\* -DestinationPath target\windows\LeaseDesk-windows-x64.zip
# MSI (optional): cargo install cargo-wix; cargo wix init; cargo wix --nocapture
Write-Host "Built target\windows\LeaseDesk-windows-x64.zip"
