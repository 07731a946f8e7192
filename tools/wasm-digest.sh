#!/usr/bin/env bash
# The core in the browser's engine plays the terminal's games: builds web/
# (the game's library without its terminal front end) for
# wasm32-unknown-unknown and runs the module under Node.js with nothing
# imported (tools/wasm-digest.mjs). It holds
# - the digest it plays to tests/golden/digest.txt line for line: every
#   hand-made level, the generated depths and crowds, the random players
#   and the bots' runs, the same hashes of everything that happened;
# - a whole run of the cunning bot, recorded in the module, to the replay
#   `darkstar bot --record` writes, byte for byte, and has
#   `darkstar replay --verify` check the module's;
# - the terminal's replay, handed to the module, checked there;
# - the watch screen the module draws (the screens, feature `ui`), to the
#   terminal's snapshot of the same frame, character for character.
# A difference prints what differs and fails.
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
# The digest plays on one thread (two minutes): beside the native build
# and the bot's run below, and held to the golden file after them.
node tools/wasm-digest.mjs "$module" digest >"$scratch/digest.txt" &
digest=$!

# A run of the cunning bot, recorded by both builds.
seed=1
cargo build --release --bin darkstar
darkstar="${CARGO_TARGET_DIR:-target}/release/darkstar"
"$darkstar" bot --style cunning --seeds "$seed..$seed" --record "$scratch/native" >/dev/null
node tools/wasm-digest.mjs "$module" replay "$seed" 20000 >"$scratch/wasm.replay"
if ! cmp -s "$scratch/native/seed-$seed.replay" "$scratch/wasm.replay"; then
    echo "wasm-digest: the cunning bot's run of seed $seed recorded in the $target build differs from the native one:" >&2
    diff "$scratch/native/seed-$seed.replay" "$scratch/wasm.replay" | head -n 20 >&2
    exit 1
fi
"$darkstar" replay --verify "$scratch/wasm.replay"
verdict="$(node tools/wasm-digest.mjs "$module" verify "$scratch/native/seed-$seed.replay")"
case "$verdict" in
    verified:*) ;;
    *)
        echo "wasm-digest: the $target build did not verify the terminal's replay: $verdict" >&2
        exit 1
        ;;
esac
echo "wasm-digest: the run of seed $seed ($(grep -c '^c ' "$scratch/wasm.replay") commands) is recorded the same by both builds, and each verifies the other's: $verdict"

if ! wait "$digest"; then
    echo "wasm-digest: the module could not play the digest" >&2
    exit 1
fi
if ! diff -u tests/golden/digest.txt "$scratch/digest.txt" >"$scratch/diff"; then
    echo "wasm-digest: the core built for $target plays other games than tests/golden/digest.txt:" >&2
    cat "$scratch/diff" >&2
    exit 1
fi
echo "wasm-digest: the $target build's $(wc -l <"$scratch/digest.txt") games match the golden digest"

# The watch screen, drawn by the module's screens.
snapshot=tests/snapshots/ui__watch__snapshot_watch.txt
node tools/wasm-digest.mjs "$module" frame >"$scratch/frame.txt"
if ! diff -u "$snapshot" "$scratch/frame.txt" >"$scratch/diff"; then
    echo "wasm-digest: the $target build draws the watch screen otherwise than $snapshot:" >&2
    head -n 40 "$scratch/diff" >&2
    exit 1
fi
echo "wasm-digest: the $target build draws the watch screen as the terminal's snapshot, $(wc -l <"$snapshot") rows"
