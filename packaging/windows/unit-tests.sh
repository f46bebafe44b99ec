#!/usr/bin/env bash
# Runs the library's unit tests built for 64-bit Windows (x86_64-pc-windows-gnu) under Wine, in
# a fresh Wine prefix, so code that behaves differently on Windows (files written whole, paths,
# permissions) is tested there too. Tests that cannot run under Wine are marked
# `cfg_attr(windows, ignore = "…")` with the reason; `cargo test` lists them as ignored.
#
#   bash packaging/windows/unit-tests.sh [extra cargo test arguments]
#
# Installs what it needs: the Rust target, mingw-w64 and Wine (apt).
set -euo pipefail
cd "$(dirname "$0")/../.."

target=x86_64-pc-windows-gnu
if ! rustup target list --installed | grep -qx "$target"; then
  rustup target add "$target"
fi
# shellcheck source=wine-env.sh
source packaging/windows/wine-env.sh

export CARGO_TARGET_X86_64_PC_WINDOWS_GNU_LINKER=x86_64-w64-mingw32-gcc
export CARGO_TARGET_X86_64_PC_WINDOWS_GNU_RUNNER=wine

# The test program lands in deps/; the shim goes beside it before it runs.
cargo test --locked --lib --target "$target" --no-run
# Cargo's build outputs may live outside the clone (CI caches them there).
wine_shim "${CARGO_TARGET_DIR:-target}/$target/debug/deps"

prefix=$(mktemp -d)
trap 'wineserver -k 2>/dev/null || true; rm -rf "$prefix"' EXIT
wine_prefix "$prefix/wine"
# Two test threads: Wine's server is shared, and the SQLite and sandbox tests are many.
cargo test --locked --lib --no-fail-fast --target "$target" -- --test-threads 2 "$@"
