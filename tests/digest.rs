//! The digest of games (`darkstar::sim::digest`) against the committed
//! one: a change meant to leave play alone leaves every game's hash as it
//! was.

use darkstar::sim::digest::digest;

const GOLDEN: &str = "tests/golden/digest.txt";

/// Every game of the digest hashes as `tests/golden/digest.txt` says.
/// After a change meant to change play, regenerate it with
/// `DARKSTAR_UPDATE_GOLDEN=1 cargo test --release digest` (or
/// `darkstar digest > tests/golden/digest.txt`) and commit it with the
/// reason; that run rewrites the file and fails on purpose.
#[test]
fn the_digest_of_games_matches_the_golden_file() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let now: String = digest(&root.join("levels"))
        .unwrap()
        .iter()
        .map(|l| format!("{l}\n"))
        .collect();
    let path = root.join(GOLDEN);
    if std::env::var_os("DARKSTAR_UPDATE_GOLDEN").is_some() {
        std::fs::write(&path, &now).unwrap();
        panic!("updated {}, review and commit", path.display());
    }
    let golden = std::fs::read_to_string(&path).unwrap_or_default();
    let changed: Vec<String> = now
        .lines()
        .zip(golden.lines().chain(std::iter::repeat("")))
        .filter(|(a, b)| a != b)
        .map(|(a, b)| format!("now {a}\nwas {b}"))
        .collect();
    assert!(
        changed.is_empty() && now.lines().count() == golden.lines().count(),
        "{} of {} games play differently:\n{}\nIf intended, run \
         `DARKSTAR_UPDATE_GOLDEN=1 cargo test --release digest` and commit {GOLDEN}.",
        changed.len(),
        now.lines().count(),
        changed.join("\n")
    );
}
