#!/usr/bin/env bash
# The core in the browser's engine plays the terminal's games: builds web/
# (the game's library without its terminal front end) for
# wasm32-unknown-unknown, runs the module under Node.js with nothing
# imported (tools/wasm-digest.mjs), and holds the digest it plays to
# tests/golden/digest.txt line for line: every hand-made level, the
# generated depths and crowds, the random players and the bots' runs, the
# same hashes of everything that happened as the native build's. A
# difference prints the lines that differ and fails.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
cd "$repo"
target=wasm32-unknown-unknown

if ! rustup target list --installed 2>/dev/null | grep -qx "$target"; then
    if ! rustup target add "$target" >/dev/null 2>&1; then
        echo "wasm-digest: the $target target is not installed and rustup could not add it (rustup target add $target)" >&2
        exit 1
    fi
fi
if ! command -v node >/dev/null 2>&1; then
    echo "wasm-digest: Node.js is not installed (apt-get install nodejs)" >&2
    exit 1
fi
cargo build --release -p darkstar-web --target "$target"
module="${CARGO_TARGET_DIR:-target}/$target/release/darkstar_web.wasm"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
node tools/wasm-digest.mjs "$module" >"$scratch/digest.txt"
if ! diff -u tests/golden/digest.txt "$scratch/digest.txt" >"$scratch/diff"; then
    echo "wasm-digest: the core built for $target plays other games than tests/golden/digest.txt:" >&2
    cat "$scratch/diff" >&2
    exit 1
fi
echo "wasm-digest: the $target build's $(wc -l <"$scratch/digest.txt") games match the golden digest"
