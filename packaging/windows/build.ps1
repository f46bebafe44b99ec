# UNTESTED: the Windows build recipe (see packaging/README.md).
# Run from the repository root in a "Developer PowerShell for VS" with Rust (MSVC) installed.
$ErrorActionPreference = "Stop"
cargo build --release --locked
$out = "target\windows\LeaseDesk"
New-Item -ItemType Directory -Force -Path $out | Out-Null
Copy-Item target\release\leasedesk.exe $out\LeaseDesk.exe
Copy-Item README.md, packaging\LICENSE $out
# An .ico from the PNGs (ImageMagick): magick assets\icons\leasedesk-{16,32,48,256}.png leasedesk.ico
if (Get-Command magick -ErrorAction SilentlyContinue) {
  magick assets\icons\leasedesk-16.png assets\icons\leasedesk-32.png assets\icons\leasedesk-48.png assets\icons\leasedesk-256.png $out\leasedesk.ico
}
Compress-Archive -Force -Path $out\* -DestinationPath target\windows\LeaseDesk-windows-x64.zip
# MSI (optional): cargo install cargo-wix; cargo wix init; cargo wix --nocapture
Write-Host "Built target\windows\LeaseDesk-windows-x64.zip"
