//! The digest of games (`darkstar::sim::digest`) against the committed
//! one: a change meant to leave play alone leaves every game's hash as it
//! was.

use darkstar::sim::digest::digest;

const GOLDEN: &str = "tests/golden/digest.txt";

/// Every game of the digest hashes as `tests/golden/digest.txt` says.
/// After a change meant to change play, regenerate it with
/// `DARKSTAR_UPDATE_GOLDEN=1 cargo test --release digest` (or
/// `darkstar digest > tests/golden/digest.txt`) and commit it with the
/// reason (`tests/golden.rs`).
#[test]
fn the_digest_of_games_matches_the_golden_file() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let now: String = digest(&root.join("levels"))
        .unwrap()
        .iter()
        .map(|l| format!("{l}\n"))
        .collect();
    crate::golden::check(GOLDEN, &now);
}
