//! Saves: a resumed game is the same game (its hashes equal an
//! uninterrupted run's), saves are written atomically, and a corrupted,
//! truncated or newer save is an error that leaves the file alone.

use darkstar::geom::Dir;
use darkstar::replay::{Item, Replay};
use darkstar::save::write_atomically;
use darkstar::ui::app::App;
use darkstar::ui::input::Intent;
use rand::RngExt;

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("darkstar-saves-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn press(app: &mut App, rng: &mut darkstar::rng::SimRng) {
    let k = rng.random_range(0..9);
    app.handle(if k == 8 {
        Intent::Wait
    } else {
        Intent::Move(Dir::ALL[k])
    });
}

#[test]
fn a_resumed_game_is_the_uninterrupted_game() {
    let level = darkstar::mapgen::play_level(&Default::default(), 5);
    let mut whole = App::play(&level, 5).unwrap();
    let mut first = App::play(&level, 5).unwrap();
    let (mut a, mut b) = (darkstar::rng::sim_rng(9), darkstar::rng::sim_rng(9));
    for _ in 0..80 {
        press(&mut whole, &mut a);
        press(&mut first, &mut b);
    }
    // Save, read back, resume, and go on with the same keys.
    let text = first.recording().to_text();
    let saved = Replay::parse(&text, "save.replay".as_ref()).unwrap();
    let mut resumed = App::resume(saved).unwrap();
    assert_eq!(resumed.game().state_hash(), whole.game().state_hash());
    for _ in 0..80 {
        press(&mut whole, &mut a);
        press(&mut resumed, &mut b);
    }
    assert_eq!(resumed.game().turn(), whole.game().turn());
    assert_eq!(resumed.game().state_hash(), whole.game().state_hash());
    let hashes = |app: &App| -> Vec<(u32, u64)> {
        app.recording()
            .items
            .iter()
            .filter_map(|i| match i {
                Item::Hash(t, h) => Some((*t, *h)),
                _ => None,
            })
            .collect()
    };
    // Every hash of the uninterrupted game is in the resumed game's record,
    // turn for turn (the resumed one also has the hash taken at the save).
    let resumed_hashes = hashes(&resumed);
    for h in hashes(&whole) {
        assert!(resumed_hashes.contains(&h), "{h:?} missing or different");
    }
    assert!(hashes(&whole).len() >= 3);
}

#[test]
fn saves_are_written_atomically() {
    let dir = scratch("atomic");
    let path = dir.join("nested/save.replay");
    write_atomically(&path, "first").unwrap();
    write_atomically(&path, "second").unwrap();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "second");
    assert!(
        !dir.join("nested/save.replay.tmp").exists(),
        "no temporary file left"
    );
    // A write that fails (here: the temporary file cannot be created)
    // leaves the old save as it was.
    std::fs::create_dir_all(dir.join("nested/save.replay.tmp")).unwrap();
    assert!(write_atomically(&path, "third").is_err());
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "second");
}

fn darkstar(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_darkstar"))
        .args(args)
        .output()
        .expect("run darkstar")
}

/// A corrupted, truncated or newer save: a clear error naming the file
/// (and line), for resuming and for a new game alike; the file untouched.
#[test]
fn bad_saves_are_errors_and_are_never_overwritten() {
    let dir = scratch("bad");
    let good =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/replays/play-seed7.replay");
    let text = std::fs::read_to_string(good).unwrap();
    let truncated = &text[..text.len() / 2];
    let cases = [
        ("garbage", "\u{0}\u{1}binary junk\n".to_string(), ":1:"),
        (
            "newer",
            text.replacen("darkstar-replay 1", "darkstar-replay 9", 1),
            "version 9",
        ),
        ("truncated", format!("{}x", truncated), ":"),
        // Cut at a line end: still refused (no `end` line), not taken
        // for a shorter game.
        (
            "cut",
            text.lines()
                .take(text.lines().count() - 1)
                .collect::<Vec<_>>()
                .join("\n"),
            "truncated",
        ),
    ];
    for (name, content, expect) in cases {
        let save = dir.join(format!("{name}.replay"));
        std::fs::write(&save, &content).unwrap();
        for args in [
            vec!["play", "--resume", "--save", save.to_str().unwrap()],
            vec!["play", "--save", save.to_str().unwrap()],
        ] {
            let out = darkstar(&args);
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{name} {args:?}: {stderr}");
            assert!(
                stderr.contains(save.to_str().unwrap()) && stderr.contains(expect),
                "{name}: {stderr}"
            );
            assert_eq!(
                std::fs::read_to_string(&save).unwrap(),
                content,
                "{name} was touched"
            );
        }
    }
}
