#!/usr/bin/env bash
# The web page in a real browser: builds the site (`cargo xtask web`) and
# runs tools/browser/test.mjs in Debian's Chromium, headless, driven by
# playwright-core from npm (installed under target/, with no browser
# download). It serves the site on localhost and holds: the title; lesson
# 2 won by keys; its replay downloaded from the page, which
# `darkstar replay --verify` then accepts here; the run saved in the
# browser's storage and continued after a reload; a click that looks and
# one that travels; a watch that bumps; a terminal's replay played back in
# the page in sync; the A* page stepped to its path, F, G and H of a
# square against the crate's, and a bump in its fog; and a watched turn
# drawn in at most 16 ms (the median of 200). It prints the figures.
# DARKSTAR_SHOTS=DIR also writes screenshots there.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
cd "$repo"
target_dir="${CARGO_TARGET_DIR:-$repo/target}"
chromium="${CHROMIUM:-/usr/bin/chromium}"
if [ ! -x "$chromium" ]; then
    echo "browser-test: no Chromium at $chromium (apt-get install chromium chromium-driver)" >&2
    exit 1
fi
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
    echo "browser-test: Node.js and npm are needed (apt-get install nodejs npm)" >&2
    exit 1
fi
site="$target_dir/site"
cargo xtask web --out "$site"
# playwright-core beside the test, under target/ (the tree is left as it
# was); it drives the browser given and downloads none.
tools="$target_dir/browser-tools"
mkdir -p "$tools"
cp tools/browser/package.json tools/browser/package-lock.json tools/browser/test.mjs "$tools/"
(cd "$tools" && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
CHROMIUM="$chromium" node "$tools/test.mjs" "$site" "$scratch/page.replay" \
    tests/replays/play-seed7.replay ${DARKSTAR_SHOTS:+"$DARKSTAR_SHOTS"}
# The replay the page wrote, checked by the terminal's build.
cargo run --release --quiet --bin darkstar -- replay --verify "$scratch/page.replay"
gzipped="$(gzip -9 -c "$site/darkstar_page_bg.wasm" | wc -c)"
echo "browser-test: the page's module is $(wc -c <"$site/darkstar_page_bg.wasm") bytes, $gzipped gzipped"
