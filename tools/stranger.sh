#!/usr/bin/env bash
# Uses darkstar-path and darkstar-fog as a stranger would: a scratch crate
# outside the workspace (a temporary folder, removed after) depends on the
# two crates by path, and its program is the opening example of each
# crate's README, as written there. It must build and run.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/src"
cat > "$scratch/Cargo.toml" <<TOML
[package]
name = "stranger"
version = "0.1.0"
edition = "2024"
publish = false

[dependencies]
darkstar-path = { path = "$repo/crates/darkstar-path" }
darkstar-fog = { path = "$repo/crates/darkstar-fog" }

[workspace]
TOML
# The first rust block of a README, as the body of a function.
example() {
    awk '/^```rust$/ { inside = 1; next } /^```$/ && inside { exit } inside' "$1"
}
{
    echo "fn path_readme() {"
    example "$repo/crates/darkstar-path/README.md"
    echo "}"
    echo "fn fog_readme() {"
    example "$repo/crates/darkstar-fog/README.md"
    echo "}"
    echo "fn main() { path_readme(); fog_readme(); println!(\"both READMEs' examples ran\"); }"
} > "$scratch/src/main.rs"
# Its own target folder, so the workspace's is left as it was.
cargo run --quiet --manifest-path "$scratch/Cargo.toml" --target-dir "$scratch/target"
