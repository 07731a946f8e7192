//! Saves: a resumed game is the same game (its hashes equal an
//! uninterrupted run's), saves are written atomically, and a corrupted,
//! truncated or newer save is an error that leaves the file alone.

use darkstar::map::geom::Dir;
use darkstar::record::replay::{Item, Replay};
use darkstar::record::save::write_atomically;
use darkstar::ui::app::App;
use darkstar::ui::keymap::Intent;
use rand::RngExt;

fn scratch(name: &str) -> crate::common::Scratch {
    crate::common::Scratch::new("saves", name)
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
    let level = darkstar::content::generator::play_level(&Default::default(), 5);
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
    assert_eq!(resumed.game().floor().turn(), whole.game().floor().turn());
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
    assert_eq!(
        crate::common::listing(&dir.join("nested")),
        ["save.replay"],
        "no temporary file left"
    );
    // A write that fails (here: this process's temporary file cannot be
    // created) leaves the old save as it was.
    let tmp = format!("nested/save.replay.{}.tmp", std::process::id());
    std::fs::create_dir_all(dir.join(tmp)).unwrap();
    assert!(write_atomically(&path, "third").is_err());
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "second");
}

fn darkstar(args: &[&str]) -> std::process::Output {
    crate::common::darkstar_command()
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
    // Cut halfway, just after a line's `c `: what follows is no turn.
    let half = text[..text.len() / 2].rfind('\n').unwrap() + 1;
    let truncated = &format!("{}c ", &text[..half]);
    let cases = [
        ("garbage", "\u{0}\u{1}binary junk\n".to_string(), ":1:"),
        (
            "newer",
            text.replacen("darkstar-replay 8", "darkstar-replay 9", 1),
            "version 9",
        ),
        // A save made by the Darkstar before the state hash left the caches (on
        // its main, 0926239, kept in tests/saves/): its play changed, so
        // it is refused, naming the build that plays it.
        (
            "older",
            std::fs::read_to_string(
                std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                    .join("tests/saves/v4-play-seed7.replay"),
            )
            .unwrap(),
            "made by an older Darkstar, whose games play differently; this build reads version 8. Finish or watch it with Darkstar at git commit 0926239 of 2026-12-06, the last build that plays version 4 (a save of it resumes there)",
        ),
        // A save made before each monster kept its own knowledge of the
        // player (main at 89ba199, kept in tests/saves/).
        (
            "older5",
            std::fs::read_to_string(
                std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                    .join("tests/saves/v5-play-seed7.replay"),
            )
            .unwrap(),
            "this build reads version 8. Finish or watch it with Darkstar at git commit 89ba199 of 2026-12-06, the last build that plays version 5 (a save of it resumes there)",
        ),
        // A save of the rules before sleepers woke only close by (its
        // header says version 6): refused, naming main at 445384c.
        (
            "older6",
            text.replacen("darkstar-replay 8", "darkstar-replay 6", 1),
            "this build reads version 8. Finish or watch it with Darkstar at git commit 445384c of 2026-12-06, the last build that plays version 6 (a save of it resumes there)",
        ),
        // A save made before a slow step was waded (main at 84c0672, kept
        // in tests/saves/): refused, naming that build.
        (
            "older7",
            std::fs::read_to_string(
                std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                    .join("tests/saves/v7-play-seed7.replay"),
            )
            .unwrap(),
            "this build reads version 8. Finish or watch it with Darkstar at git commit 84c0672 of 2026-12-06, the last build that plays version 7 (a save of it resumes there)",
        ),
        // Cut mid-line: the file, the line it stops on and what is wrong.
        (
            "truncated",
            format!("{}x", truncated),
            &*format!(
                "truncated.replay:{}: expected a turn number",
                truncated.matches('\n').count() + 1
            ),
        ),
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

// ---- One save, one game: resume by default, refuse to replace, back up,
// ---- lock, clean up, check the folder (darkstar::record::save::SaveSlot and the
// ---- binary's decision over it).

use darkstar::record::save::{SaveError, SaveSlot};
use std::path::Path;

/// A real save: the recorded seed-7 game.
fn real_save() -> String {
    std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/replays/play-seed7.replay"),
    )
    .unwrap()
}

pub(crate) fn darkstar_env(args: &[&str], env: &[(&str, &str)]) -> std::process::Output {
    let mut cmd = crate::common::darkstar_command();
    cmd.args(args).stdin(std::process::Stdio::null());
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd.output().expect("run darkstar")
}

fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

use crate::common::listing;

/// `darkstar` and `darkstar play` with a save present go on with it (here
/// they get as far as asking for a terminal, after every save check);
/// another game is refused, naming the save and `--new`; nothing touched.
#[test]
fn a_save_present_is_resumed_and_never_replaced() {
    let dir = scratch("present");
    let save = dir.join("save.replay");
    let text = real_save();
    std::fs::write(&save, &text).unwrap();
    let s = save.to_str().unwrap();
    for args in [vec![], vec!["play"], vec!["play", "--resume"]] {
        let out = darkstar_env(&args, &[("DARKSTAR_SAVE", s)]);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            stderr(&out).contains("needs a terminal"),
            "{args:?}: {}",
            stderr(&out)
        );
    }
    let level = Path::new(env!("CARGO_MANIFEST_DIR")).join("levels/arena.txt");
    for args in [
        vec!["play", "--seed", "2", "--save", s],
        vec!["play", "--width", "70", "--save", s],
        vec!["play", "--level", level.to_str().unwrap(), "--save", s],
    ] {
        let out = darkstar_env(&args, &[]);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(s) && err.contains("--new"), "{args:?}: {err}");
    }
    assert_eq!(std::fs::read_to_string(&save).unwrap(), text);
    // Refused without a terminal: nothing was created, not even the lock.
    assert_eq!(listing(&dir), ["save.replay"]);
}

#[test]
fn resume_without_a_save_says_there_is_none() {
    let dir = scratch("none");
    let save = dir.join("save.replay");
    let out = darkstar(&["play", "--resume", "--save", save.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        format!("darkstar: error: no saved game at {}\n", save.display())
    );
}

/// `DARKSTAR_SAVE=` (set, empty) is the default save, not a file named "".
#[test]
fn an_empty_darkstar_save_is_the_default() {
    let dir = scratch("empty-env");
    let out = darkstar_env(
        &["play", "--resume"],
        &[
            ("DARKSTAR_SAVE", ""),
            ("XDG_DATA_HOME", dir.to_str().unwrap()),
        ],
    );
    assert_eq!(
        stderr(&out),
        format!(
            "darkstar: error: no saved game at {}\n",
            dir.join("darkstar/save.replay").display()
        )
    );
}

/// A save whose every line parses but whose hashes do not match is
/// refused by resuming and by a new game (even with `--new`), untouched.
#[test]
fn a_save_out_of_sync_is_refused_by_every_path() {
    let dir = scratch("desync");
    let save = dir.join("save.replay");
    let text = real_save();
    // Change the last state hash's last digit: still a well-formed file.
    let at = text.rfind("\nh ").unwrap() + 1;
    let end = at + text[at..].find('\n').unwrap();
    let mut bad = text.clone();
    let last = &text[end - 1..end];
    bad.replace_range(end - 1..end, if last == "0" { "1" } else { "0" });
    std::fs::write(&save, &bad).unwrap();
    let slot = SaveSlot::open(&save).unwrap();
    match slot.load_checked() {
        // The file's own line of the hash that differs.
        Err(e @ SaveError::Desync { .. }) => {
            let line = text[..at].lines().count() + 1;
            let prefix = format!("{}:{line}: the save does not play back", save.display());
            assert!(e.to_string().starts_with(&prefix), "{e}");
        }
        other => panic!("{other:?}"),
    }
    drop(slot);
    let s = save.to_str().unwrap();
    for args in [
        vec!["play", "--resume", "--save", s],
        vec!["play", "--save", s],
        vec!["play", "--seed", "3", "--save", s],
        vec!["play", "--new", "--seed", "3", "--save", s],
    ] {
        let out = darkstar(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            stderr(&out).contains("does not play back in sync"),
            "{}",
            stderr(&out)
        );
        assert_eq!(std::fs::read_to_string(&save).unwrap(), bad, "{args:?}");
    }
    assert_eq!(listing(&dir), ["save.replay", "save.replay.lock"]);
}

#[test]
fn the_lock_refuses_a_second_holder() {
    let dir = scratch("lock");
    let save = dir.join("save.replay");
    let first = SaveSlot::open(&save).unwrap();
    match SaveSlot::open(&save) {
        Err(SaveError::Locked { save: s, lock }) => {
            assert_eq!(s, save);
            assert_eq!(lock, dir.join("save.replay.lock"));
        }
        other => panic!("{other:?}"),
    }
    // Another process too: it says so and exits 2.
    std::fs::write(&save, real_save()).unwrap();
    let out = darkstar(&["play", "--resume", "--save", save.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("in use by another darkstar"),
        "{}",
        stderr(&out)
    );
    // Released with its holder. (A process another test is spawning
    // this instant shares the lock's open file until its exec closes it,
    // so the release may take a moment to show; it must within seconds.)
    drop(first);
    let start = std::time::Instant::now();
    loop {
        match SaveSlot::open(&save) {
            Ok(_) => break,
            Err(SaveError::Locked { .. }) if start.elapsed().as_secs() < 5 => {
                std::thread::sleep(std::time::Duration::from_millis(10))
            }
            Err(e) => panic!("not released: {e}"),
        }
    }
}

/// `back_up` moves the save to a dated name beside it and never over an
/// existing backup; the binary's `--new` does it before a new game.
#[test]
fn new_moves_the_save_to_a_dated_backup() {
    let dir = scratch("backup");
    let save = dir.join("save.replay");
    let slot = SaveSlot::open(&save).unwrap();
    assert_eq!(slot.back_up().unwrap(), None, "no save, no backup");
    let t = std::time::UNIX_EPOCH + std::time::Duration::from_secs(1_795_839_120);
    let taken = dir.join("save.replay.2026-11-28T04-12-00Z.bak");
    std::fs::write(&taken, "an older backup").unwrap();
    std::fs::write(&save, "the save").unwrap();
    let backup = slot.back_up_at(t).unwrap().unwrap();
    assert_eq!(backup, dir.join("save.replay.2026-11-28T04-12-00Z-1.bak"));
    assert_eq!(std::fs::read_to_string(&backup).unwrap(), "the save");
    assert_eq!(std::fs::read_to_string(&taken).unwrap(), "an older backup");
    assert!(!slot.exists());
    drop(slot);
    // The binary: `--new` with a good save and no terminal stops at the
    // terminal check, before anything is moved.
    std::fs::write(&save, real_save()).unwrap();
    let out = darkstar(&[
        "play",
        "--new",
        "--seed",
        "2",
        "--save",
        save.to_str().unwrap(),
    ]);
    assert!(
        stderr(&out).contains("needs a terminal"),
        "{}",
        stderr(&out)
    );
    assert_eq!(std::fs::read_to_string(&save).unwrap(), real_save());
}

/// What an interrupted atomic write of this save (or its writability
/// probe) left is removed when the save is next opened, and so are
/// last.replay's temporary files whose writers are gone; nothing else is:
/// not other files, and not a live process's `last.replay.PID.tmp`, which
/// is a write in progress (watch writes last.replay without the save).
#[test]
fn leftover_temporary_files_are_removed() {
    let dir = scratch("tmp");
    let save = dir.join("save.replay");
    let live = format!("last.replay.{}.tmp", std::process::id());
    for name in [
        "save.replay.tmp",
        "save.replay.probe",
        "last.replay.tmp",
        "last.replay.4294967295.tmp",
        &live,
        "other.tmp",
    ] {
        std::fs::write(dir.join(name), "half a write").unwrap();
    }
    // Every file darkstar writes beside a save goes through a temporary
    // file named after its writer: those of a process that is gone go,
    // a live one's (a write in progress) stays, as do other names.
    let mine = std::process::id();
    let gone = 4294967295u32;
    for (folder, names) in [
        (
            "",
            &[
                "scores.txt",
                "save.replay",
                "scores.txt.2026-01-01T00-00-00Z.bad",
            ][..],
        ),
        ("morgue", &["morgue-2026-01-01T00-00-00Z.txt"]),
        ("replays", &["game-2026-01-01T00-00-00Z-000.replay"]),
    ] {
        std::fs::create_dir_all(dir.join(folder)).unwrap();
        for name in names {
            for pid in [mine, gone] {
                std::fs::write(dir.join(folder).join(format!("{name}.{pid}.tmp")), "half").unwrap();
            }
            std::fs::write(dir.join(folder).join(format!("{name}.tmp")), "half").unwrap();
        }
        std::fs::write(
            dir.join(folder).join(format!("other.{gone}.tmp")),
            "not ours",
        )
        .unwrap();
    }
    let _slot = SaveSlot::open(&save).unwrap();
    let sorted = |mut names: Vec<String>| {
        names.sort();
        names
    };
    assert_eq!(
        listing(&dir),
        sorted(vec![
            live,
            "morgue".into(),
            format!("other.{gone}.tmp"),
            "other.tmp".into(),
            "replays".into(),
            format!("save.replay.{mine}.tmp"),
            "save.replay.lock".into(),
            format!("scores.txt.2026-01-01T00-00-00Z.bad.{mine}.tmp"),
            format!("scores.txt.{mine}.tmp"),
        ])
    );
    for (folder, name) in [
        ("morgue", "morgue-2026-01-01T00-00-00Z.txt"),
        ("replays", "game-2026-01-01T00-00-00Z-000.replay"),
    ] {
        assert_eq!(
            listing(&dir.join(folder)),
            sorted(vec![
                format!("{name}.{mine}.tmp"),
                format!("other.{gone}.tmp")
            ])
        );
    }
}

/// A slot whose lock file was deleted (and perhaps taken by another
/// darkstar since) neither writes nor removes the save: the game it would
/// have written is kept in a dated file beside it, and the error says
/// where.
#[test]
fn a_slot_that_lost_its_lock_keeps_its_game_aside() {
    let dir = scratch("lost");
    let save = dir.join("save.replay");
    let first = SaveSlot::open(&save).unwrap();
    assert!(first.holds_lock());
    std::fs::remove_file(dir.join("save.replay.lock")).unwrap();
    assert!(!first.holds_lock());
    let second = SaveSlot::open(&save).unwrap();
    let replay = Replay::parse(&real_save(), "x".as_ref()).unwrap();
    std::fs::write(&save, "the second game's save").unwrap();
    match first.write(&replay) {
        Err(e @ SaveError::LockLost { kept: Some(_), .. }) => {
            let SaveError::LockLost {
                kept: Some(kept), ..
            } = &e
            else {
                unreachable!()
            };
            assert_eq!(std::fs::read_to_string(kept).unwrap(), replay.to_text());
            assert!(e.to_string().contains(&kept.display().to_string()), "{e}");
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        first.remove(),
        Err(SaveError::LockLost { kept: None, .. })
    ));
    assert_eq!(
        std::fs::read_to_string(&save).unwrap(),
        "the second game's save"
    );
    // The slot that holds the lock on disk writes as ever.
    second.write(&replay).unwrap();
    assert_eq!(std::fs::read_to_string(&save).unwrap(), replay.to_text());
}

/// The folder is proved writable before a game starts: a save whose
/// folder cannot be made (its parent is a file: this fails for root too,
/// where permissions do not) is refused at once.
#[test]
fn an_unwritable_save_folder_is_reported_before_the_game() {
    let dir = scratch("unwritable");
    std::fs::write(dir.join("file"), "").unwrap();
    let save = dir.join("file/save.replay");
    match SaveSlot::open(&save) {
        Err(e @ SaveError::NotWritable { .. }) => {
            assert!(
                e.to_string()
                    .contains(&dir.join("file").display().to_string()),
                "{e}"
            )
        }
        other => panic!("{other:?}"),
    }
    let out = darkstar(&["play", "--save", save.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("cannot save in"), "{}", stderr(&out));
}

/// The save is written, then last.replay; a last.replay that cannot be
/// written (a folder in its way) costs nothing but a warning.
#[test]
fn the_save_comes_first_and_survives_a_failed_last_replay() {
    let dir = scratch("last");
    let save = dir.join("save.replay");
    std::fs::create_dir_all(dir.join("last.replay")).unwrap();
    std::fs::write(dir.join("last.replay/keep"), "").unwrap();
    let slot = SaveSlot::open(&save).unwrap();
    let replay = Replay::parse(&real_save(), "x".as_ref()).unwrap();
    slot.write(&replay).unwrap();
    assert!(slot.write_last_replay(&replay).is_err());
    assert_eq!(std::fs::read_to_string(&save).unwrap(), replay.to_text());
    slot.remove().unwrap();
    assert!(!save.exists());
    slot.remove().unwrap();
}

fn is_a_valid_game(bytes: &[u8]) -> bool {
    std::str::from_utf8(bytes)
        .ok()
        .and_then(|t| Replay::parse(t, "x".as_ref()).ok())
        .is_some_and(|r| matches!(r.verify(), Ok(Ok(_))))
}

/// Runs both paths over the mutated save `bytes`: resuming (`darkstar`
/// alone) and a new game (`play --seed 2`). A broken save is refused by
/// both; a valid one is accepted by both (resumed as far as the terminal
/// check; kept, with `--new` offered, by the new game). Never touched.
fn check_both_paths(case: &Path, bytes: &[u8]) -> Result<(), proptest::test_runner::TestCaseError> {
    use proptest::prelude::*;
    let _ = std::fs::remove_dir_all(case);
    std::fs::create_dir_all(case).unwrap();
    let save = case.join("save.replay");
    std::fs::write(&save, bytes).unwrap();
    let s = save.to_str().unwrap();
    let valid = is_a_valid_game(bytes);
    let resume = darkstar_env(&[], &[("DARKSTAR_SAVE", s)]);
    let new = darkstar(&["play", "--seed", "2", "--save", s]);
    for (out, accepted) in [(&resume, "needs a terminal"), (&new, "--new")] {
        let err = stderr(out);
        prop_assert_eq!(out.status.code(), Some(2));
        if valid {
            prop_assert!(err.contains(accepted), "valid save refused: {}", err);
        } else {
            prop_assert!(
                err.contains(s)
                    && (err.contains("cannot be used") || err.contains("does not play back")),
                "broken save accepted: {}",
                err
            );
        }
    }
    prop_assert_eq!(std::fs::read(&save).unwrap(), bytes.to_vec());
    // Nothing added: refused, or stopped at the terminal check, before
    // anything (the lock included) was created.
    prop_assert_eq!(listing(case), vec!["save.replay"]);
    Ok(())
}

mod mutations {
    use super::*;
    use proptest::prelude::*;

    /// A save with one byte flipped is refused by both paths or accepted
    /// by both ([`check_both_paths`]). A flip to the byte already there
    /// is refused as a case: the run counts the flipped saves checked,
    /// one a case.
    #[test]
    fn a_flipped_byte_is_refused_by_both_paths_or_accepted_by_both() {
        let config = ProptestConfig::with_cases(40);
        let flips = crate::checked::Checked::new("flipped saves", &config);
        proptest!(config, |(at in 0usize..2184, byte in any::<u8>())| {
            let mut bytes = real_save().into_bytes();
            let at = at % bytes.len();
            prop_assume!(bytes[at] != byte);
            bytes[at] = byte;
            check_both_paths(&scratch("flip"), &bytes)?;
            flips.add(1);
        });
        flips.at_least(1.0);
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

        #[test]
        fn a_truncated_save_is_refused_by_both_paths(len in 0usize..2184) {
            let mut bytes = real_save().into_bytes();
            bytes.truncate(len % bytes.len());
            check_both_paths(&scratch("cut"), &bytes)?;
        }
    }
}

/// The committed bot run of seed 6, cut at the first state hash after
/// its `n`th way down: a save of it then.
fn seed6_cut_after_way_down(n: usize) -> Replay {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/replays/bot-run-seed6.replay");
    let whole = Replay::load(&path).unwrap();
    let down = whole
        .items
        .iter()
        .enumerate()
        .filter(|(_, i)| {
            matches!(
                i,
                Item::Command(
                    _,
                    darkstar::sim::Command::Player(darkstar::sim::Action::Descend)
                )
            )
        })
        .nth(n - 1)
        .map(|(k, _)| k)
        .unwrap();
    let hash = down
        + whole.items[down..]
            .iter()
            .position(|i| matches!(i, Item::Hash(..)))
            .unwrap();
    Replay {
        items: whole.items[..=hash].to_vec(),
        lines: Vec::new(),
        ..whole.clone()
    }
}

/// A run saved on a deeper depth than it began on resumes named and
/// described as that depth (it said "Depth 1 of the dungeon" on depth 2:
/// seen resuming a run in tmux). The committed bot run, cut at the first
/// state hash after its first way down.
#[test]
fn a_run_resumes_as_the_depth_it_was_saved_on() {
    let cut = seed6_cut_after_way_down(1);
    let app = App::resume(cut).unwrap();
    assert_eq!(app.game().depth(), Some(2));
    assert_eq!(app.level_name(), "depth-2");
    assert!(
        app.log()
            .any(|l| l.starts_with("depth-2: Depth 2 of the dungeon of seed 6:")),
        "{:?}",
        app.log().collect::<Vec<_>>()
    );
    // And where the player is: the last things it perceived before the
    // save (the way down it took among them), then the resume.
    let log: Vec<&String> = app.log().collect();
    let n = log.len();
    assert!(n >= 3, "{log:?}");
    assert!(log[n - 1].starts_with("Resumed on turn"), "{log:?}");
    let chronicle = app.game().chronicle();
    let last = chronicle.last_said().last().unwrap();
    let said = last
        .told
        .sentence(darkstar::sim::chronicle::Naming::Player)
        .unwrap();
    assert!(log[n - 2].contains(&said), "{said:?} in {log:?}");
    assert!(log.iter().any(|l| l.contains("You go down")), "{log:?}");
}

/// A resumed game's message history holds what the player perceived on
/// the depths before this one too, as far back as the history keeps
/// (it held only the last 20 sentences: after a resume it started at the
/// depth the player was on). The committed bot run, cut after its third
/// way down.
#[test]
fn a_resumed_history_reaches_back_past_the_depth_it_was_saved_on() {
    let cut = seed6_cut_after_way_down(3);
    let app = App::resume(cut).unwrap();
    assert_eq!(app.game().depth(), Some(4));
    let log: Vec<&String> = app.log().collect();
    let downs_told = log.iter().filter(|l| l.contains("You go down")).count();
    assert!(downs_told >= 3, "{downs_told} ways down told in {log:?}");
    assert!(log.len() > 40, "{} lines", log.len());
    // The morgue's last messages stay the last twenty.
    assert!(app.game().chronicle().last_said().len() <= darkstar::sim::chronicle::LAST_SAID);
}

/// A checked save is restored in the same pass that checks it: the game
/// stands where the save ended, resuming it does not play
/// it again, and the check can be broken off (the save untouched).
#[test]
fn a_checked_save_is_played_once_and_resumes_where_it_was() {
    use std::ops::ControlFlow;
    let dir = scratch("once");
    let save = dir.join("save.replay");
    std::fs::write(&save, real_save()).unwrap();
    let slot = SaveSlot::open(&save).unwrap();
    let checked = slot.load_existing().unwrap();
    let whole = checked.replay.restore().unwrap();
    let turn = whole.floor().turn();
    assert!(turn > 20);
    assert_eq!(checked.game.floor().turn(), turn);
    assert_eq!(checked.game.state_hash(), whole.state_hash());
    let app = App::resume_checked(checked);
    assert_eq!(app.game().floor().turn(), turn);
    assert!(app.log().any(|l| *l == format!("Resumed on turn {turn}.")));
    let replay = slot.load_parsed().unwrap().unwrap();
    let mut reached = 0;
    let broken = slot.check_with(replay, |p| {
        reached = p.turn;
        if p.turn >= 20 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    match broken {
        Err(SaveError::Interrupted { turn, .. }) => assert_eq!(turn, reached),
        other => panic!("{:?}", other.map(|c| c.game.floor().turn())),
    }
    assert_eq!(std::fs::read_to_string(&save).unwrap(), real_save());
}

/// Without a terminal, the terminal commands say so (exit 2) instead of
/// failing oddly.
#[test]
fn terminal_commands_without_a_terminal_say_so() {
    let replay = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/replays/play-seed7.replay");
    let dir = scratch("notty");
    let save = dir.join("save.replay");
    for (command, args) in [
        ("play", vec!["play", "--save", save.to_str().unwrap()]),
        ("watch", vec!["watch"]),
        ("replay", vec!["replay", replay.to_str().unwrap()]),
    ] {
        let out = darkstar_env(&args, &[("DARKSTAR_SAVE", save.to_str().unwrap())]);
        assert_eq!(out.status.code(), Some(2), "{command}");
        assert_eq!(
            stderr(&out),
            format!(
                "darkstar: error: darkstar {command} needs a terminal (stdin/stdout are not a tty)\n"
            )
        );
    }
    assert!(!save.exists() && !dir.join("last.replay").exists());
}

/// Every game's replay is kept in `replays/` beside the save, the last
/// ten: twelve written (two in the same second) leave the ten newest, in
/// the order they were written, each whole, and no temporary file.
#[test]
fn the_last_ten_games_are_kept() {
    use darkstar::record::save::{KEPT_REPLAYS, keep_replay, kept_replays, replays_dir};
    use std::time::{Duration, UNIX_EPOCH};
    let dir = scratch("history");
    let save = dir.join("save.replay");
    let replay = Replay::parse(&real_save(), "real".as_ref()).unwrap();
    let mut written = Vec::new();
    for i in 0..12u64 {
        // Two games in the same second: distinct names, still in order.
        let now = UNIX_EPOCH + Duration::from_secs(1_795_000_000 + i.min(10));
        written.push(keep_replay(&save, &replay, now).unwrap());
    }
    assert_eq!(KEPT_REPLAYS, 10);
    let kept = kept_replays(&replays_dir(&save));
    assert_eq!(kept, written[2..], "the ten newest, oldest first");
    for p in &kept {
        assert_eq!(std::fs::read_to_string(p).unwrap(), replay.to_text());
    }
    let names = listing(&replays_dir(&save));
    assert_eq!(names.len(), 10, "{names:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `darkstar replay` with no file replays the last game (`last.replay`
/// beside the save), and says plainly when there is none yet.
#[test]
fn replay_with_no_file_replays_the_last_game() {
    let dir = scratch("replay-last");
    let save = dir.join("save.replay");
    let env = [("DARKSTAR_SAVE", save.to_str().unwrap())];
    let out = darkstar_env(&["replay", "--verify"], &env);
    assert!(!out.status.success());
    assert!(
        stderr(&out).contains("no game to replay"),
        "{}",
        stderr(&out)
    );
    std::fs::write(dir.join("last.replay"), real_save()).unwrap();
    let out = darkstar_env(&["replay", "--verify"], &env);
    let said = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(out.status.success(), "{said}{}", stderr(&out));
    assert!(said.contains("last.replay: in sync"), "{said}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A finished game is recorded: a morgue file (seed, outcome and cause,
/// turns, kills by kind, the place as the player knew it, the last
/// messages) and a line in the scores, which `darkstar scores` lists best
/// first. Nothing is left half-written.
#[test]
fn a_finished_game_leaves_a_morgue_and_a_score() {
    use darkstar::record::morgue::{morgue_dir, record};
    use darkstar::record::scores::read_scores;
    use darkstar::ui::App;
    use darkstar::ui::keymap::Intent;
    let level = darkstar::content::level::Level::parse(
        "name: duel\nfaction: rats glyph=r sight=12 hostile hp=1 one=rat\n\
         faction: goblins glyph=g sight=12 hostile hp=50\nmap:\n\
         ###########\n#g.....r@.#\n#.........#\n###########\n",
        "duel.txt".as_ref(),
    )
    .unwrap();
    let mut app = App::play(&level, 3).unwrap();
    app.handle(Intent::Move(darkstar::map::geom::Dir::W));
    // Before the items below are put down (a test's hand, no key's), the
    // game is one a player could have played: ranked.
    let ranked = app.recording();
    assert_eq!(ranked.unranked(), None);
    // What the player carries and wears is in the record (a tmux run's
    // morgue said "Items: none" over a full pack).
    use crate::common::item;
    for kind in ["dart", "healing", "armour", "healing"] {
        let at = darkstar::map::geom::Pos::new(9, 1);
        let item = item(kind);
        app.apply(darkstar::sim::Command::PutItem { at, item });
    }
    app.handle(Intent::Move(darkstar::map::geom::Dir::E));
    while !app.game_over() {
        app.handle(Intent::Wait);
        assert!(app.game().floor().turn() < 300);
    }
    let morgue = darkstar::record::morgue::Morgue::of(app.game());
    assert!(!morgue.won);
    assert_eq!(morgue.kills, [("rat".to_string(), 1)]);
    assert_eq!(morgue.cause, "killed by a goblin");
    assert_eq!(
        morgue.items,
        [
            format!(
                "armour worn (defence {})",
                item("armour").defence().unwrap()
            ),
            "2 healing potions".to_string(),
            "a dart".to_string(),
        ]
    );
    assert!(
        morgue.map.iter().any(|row| row.contains('@')),
        "{:?}",
        morgue.map
    );
    // Cropped to what the player knew: no blank row at either end, no
    // blank column on the left, no blanks at a row's end (it ended in
    // about 40 blank lines).
    let map = &morgue.map;
    let blank = |row: &String| row.trim().is_empty();
    assert!(!blank(&map[0]) && !blank(&map[map.len() - 1]), "{map:?}");
    assert!(map.iter().any(|row| !row.starts_with(' ')), "{map:?}");
    assert!(map.iter().all(|row| !row.ends_with(' ')), "{map:?}");
    assert!(
        morgue.messages.last().unwrap().contains("You die"),
        "{:?}",
        morgue.messages
    );
    let dir = scratch("morgue");
    let save = dir.join("save.replay");
    // A fixed clock, so the listing below is the same on every run.
    let when = std::time::UNIX_EPOCH + std::time::Duration::from_secs(1_795_000_000);
    let recorded = record(&save, &morgue, &ranked, when);
    assert!(recorded.is_whole(), "{recorded:?}");
    let text = std::fs::read_to_string(recorded.morgue.unwrap()).unwrap();
    crate::golden::snapshot!("morgue_file", text);
    for part in [
        "Seed:        3",
        "killed by a goblin",
        "Kills:       rat 1",
        "You die",
    ] {
        assert!(text.contains(part), "{part} in {text}");
    }
    let mut won = morgue.clone();
    (won.won, won.cause) = (true, "escaped with the treasure".to_string());
    let later = when + std::time::Duration::from_secs(60);
    assert!(record(&save, &won, &ranked, later).is_whole());
    // The game as it was really recorded holds the items put down: its
    // morgue says it is unranked, and it is not scored.
    let recorded = record(&save, &morgue, &app.recording(), later);
    let why = recorded
        .unranked
        .as_ref()
        .expect("put items are not a player's");
    assert!(why.to_string().contains("holds `item 9 1 dart`"), "{why}");
    let text = std::fs::read_to_string(recorded.morgue.as_ref().unwrap()).unwrap();
    assert!(
        text.contains(&format!("Unranked:    {why}; not in the scores")),
        "{text}"
    );
    assert_eq!(read_scores(&save).unwrap().list.len(), 2);
    assert_eq!(std::fs::read_dir(morgue_dir(&save)).unwrap().count(), 3);
    std::fs::remove_file(recorded.morgue.unwrap()).unwrap();
    let out = darkstar(&["scores", "--save", save.to_str().unwrap()]);
    let listed = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{listed}");
    crate::golden::snapshot!(
        "scores_listing",
        listed.replace(dir.to_str().unwrap(), "[scratch]")
    );
    // A level's games, under their heading, each naming the level.
    let lines: Vec<&str> = listed.lines().collect();
    assert_eq!(lines[0], "Lessons and levels", "{listed}");
    assert!(
        lines[2].contains("duel   won") && lines[3].contains("duel   died"),
        "{listed}"
    );
    assert!(lines[3].contains("killed by a goblin"), "{listed}");
    let leftovers = crate::common::listing(&dir);
    assert!(
        leftovers.iter().all(|f| !f.ends_with(".tmp")),
        "{leftovers:?}"
    );
    // A line that cannot be read: `scores` says where, skips it, and
    // lists the rest.
    std::fs::write(
        dir.join("scores.txt"),
        "won 1 2 three x\ndied 4 5 6 2026-01-01T00-00-00Z fell\n",
    )
    .unwrap();
    let out = darkstar(&["scores", "--save", save.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr);
    let listed = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{err}");
    assert!(
        err.contains("scores.txt:1: expected the seed, found \"three\"; the line is skipped"),
        "{err}"
    );
    // (The heading, the header, the line, the morgue folder.)
    assert!(
        listed.contains("fell") && listed.lines().count() == 4,
        "{listed}"
    );
}

// ---- Records of games that end together, unreadable scores, and games
// ---- a player never played.

/// A game of the run as `darkstar play` records it, `seed` telling it
/// from the others: ranked.
fn ranked_run(seed: u64) -> Replay {
    let mut app = App::play_run(seed, 1).unwrap();
    app.handle(Intent::Wait);
    let replay = app.recording();
    assert_eq!(replay.unranked(), None);
    replay
}

/// The morgue of a game that ended: the app's own.
fn lost_morgue(seed: u64) -> darkstar::record::morgue::Morgue {
    let mut morgue = darkstar::record::morgue::Morgue::of(App::play_run(seed, 1).unwrap().game());
    morgue.won = false;
    morgue
}

/// Three games ending at the same moment, eight times over, in one
/// folder (three saves, one scores file, one morgue folder, one
/// `replays/`): every record is written, none torn, none shared, and no
/// write fails. (Threads here; `tests/signals.rs` ends whole darkstars
/// at once.) They all write in the same second, so names are claimed,
/// never checked and then taken.
#[test]
fn records_of_games_ending_at_once_are_all_kept() {
    use darkstar::record::morgue::{morgue_dir, record};
    use darkstar::record::save::{kept_replays, replays_dir, write_last_replay};
    use darkstar::record::scores::read_scores;
    const AT_ONCE: usize = 3;
    const ROUNDS: usize = 8;
    let dir = scratch("at-once");
    let now = std::time::UNIX_EPOCH + std::time::Duration::from_secs(1_795_000_000);
    let seeds = |round: usize| (0..AT_ONCE).map(move |i| (round * AT_ONCE + i) as u64 + 1);
    for round in 0..ROUNDS {
        let start = std::sync::Barrier::new(AT_ONCE);
        std::thread::scope(|s| {
            let games: Vec<_> = seeds(round)
                .map(|seed| (seed, ranked_run(seed), lost_morgue(seed)))
                .collect();
            for (i, (seed, replay, morgue)) in games.into_iter().enumerate() {
                let (dir, start) = (&dir, &start);
                s.spawn(move || {
                    let save = dir.join(format!("game{i}.replay"));
                    start.wait();
                    write_last_replay(&save, &replay).unwrap_or_else(|e| panic!("{seed}: {e}"));
                    let recorded = record(&save, &morgue, &replay, now);
                    assert!(recorded.is_whole(), "{seed}: {recorded:?}");
                });
            }
        });
        // This round's three games are among the kept replays.
        let kept: Vec<u64> = kept_replays(&replays_dir(&dir.join("x")))
            .iter()
            .map(|p| Replay::load(p).unwrap().seed)
            .collect();
        assert_eq!(kept.len(), (AT_ONCE * (round + 1)).min(10), "{kept:?}");
        for seed in seeds(round) {
            assert!(kept.contains(&seed), "round {round}: {seed} lost: {kept:?}");
        }
    }
    let games = AT_ONCE * ROUNDS;
    let scores = read_scores(&dir.join("x")).unwrap();
    assert!(scores.skipped.is_empty(), "{:?}", scores.skipped);
    let mut scored: Vec<u64> = scores.list.iter().map(|s| s.seed).collect();
    scored.sort();
    assert_eq!(scored, (1..=games as u64).collect::<Vec<_>>());
    let morgues = crate::common::listing(&morgue_dir(&dir.join("x")));
    assert_eq!(morgues.len(), games, "{morgues:?}");
    let mut seeds_in_morgues: Vec<u64> = morgues
        .iter()
        .map(|m| {
            let text = std::fs::read_to_string(morgue_dir(&dir.join("x")).join(m)).unwrap();
            assert!(
                text.ends_with('\n') && text.contains("The last messages:"),
                "{text}"
            );
            text.lines()
                .find_map(|l| l.strip_prefix("Seed:"))
                .unwrap()
                .trim()
                .parse()
                .unwrap()
        })
        .collect();
    seeds_in_morgues.sort();
    assert_eq!(seeds_in_morgues, scored);
    Replay::load(&dir.join("last.replay")).unwrap();
    let left = crate::common::listing(&dir);
    assert!(left.iter().all(|f| !f.ends_with(".tmp")), "{left:?}");
}

/// A scores file with lines that cannot be read, twice in the same
/// second, then one too large to be scores: each time what cannot be read
/// is set aside in a new dated file (never over the one before), and the
/// lines that can be read stay.
#[test]
fn unreadable_scores_are_set_aside_in_dated_files_never_overwritten() {
    use darkstar::record::morgue::record;
    use darkstar::record::scores::{MAX_SCORES_BYTES, read_scores};
    let dir = scratch("scores-aside");
    let save = dir.join("save.replay");
    let scores = dir.join("scores.txt");
    let now = std::time::UNIX_EPOCH + std::time::Duration::from_secs(1_795_839_120);
    let ranked = ranked_run(1);
    std::fs::write(&scores, "won 1 2 3 then fine\ndied x 2 3 then torn\n").unwrap();
    let recorded = record(&save, &lost_morgue(1), &ranked, now);
    let update = recorded.scores.as_ref().unwrap().as_ref().unwrap();
    let first = dir.join("scores.txt.2026-11-28T04-12-00Z.bad");
    assert_eq!(update.set_aside.as_deref(), Some(first.as_path()));
    assert!(
        update.skipped[0]
            .to_string()
            .ends_with("scores.txt:2: expected the depth, found \"x\""),
        "{:?}",
        update.skipped
    );
    let aside = std::fs::read_to_string(&first).unwrap();
    assert!(aside.ends_with("\ndied x 2 3 then torn\n"), "{aside}");
    assert_eq!(
        read_scores(&save).unwrap().list.len(),
        2,
        "the good line kept"
    );
    // A second unreadable line, the same second: a new name.
    let mut text = std::fs::read_to_string(&scores).unwrap();
    text += "won 1 2 3\u{0}\n\u{7}\n";
    std::fs::write(&scores, text).unwrap();
    let recorded = record(&save, &lost_morgue(2), &ranked_run(2), now);
    let update = recorded.scores.as_ref().unwrap().as_ref().unwrap();
    let second = dir.join("scores.txt.2026-11-28T04-12-00Z-1.bad");
    assert_eq!(update.set_aside.as_deref(), Some(second.as_path()));
    assert_eq!(update.skipped.len(), 2);
    assert_eq!(
        std::fs::read_to_string(&first).unwrap(),
        aside,
        "not overwritten"
    );
    assert_eq!(read_scores(&save).unwrap().list.len(), 3);
    // Too large to be scores: set aside whole, and a new file started.
    let huge = vec![b'x'; MAX_SCORES_BYTES as usize + 1];
    std::fs::write(&scores, &huge).unwrap();
    let recorded = record(&save, &lost_morgue(3), &ranked_run(3), now);
    let third = dir.join("scores.txt.2026-11-28T04-12-00Z-2.bad");
    let update = recorded.scores.as_ref().unwrap().as_ref().unwrap();
    assert_eq!(update.set_aside.as_deref(), Some(third.as_path()));
    assert_eq!(std::fs::read(&third).unwrap(), huge);
    assert_eq!(read_scores(&save).unwrap().list.len(), 1);
    assert_eq!(std::fs::read_to_string(&first).unwrap(), aside);
    let left = crate::common::listing(&dir);
    assert!(left.iter().all(|f| !f.ends_with(".tmp")), "{left:?}");
}

/// The screen of `app` at 100x30, as text.
fn screen_of(app: &mut App) -> String {
    let mut terminal = ratatui::Terminal::new(ratatui::backend::TestBackend::new(100, 30)).unwrap();
    darkstar::ui::draw(&mut terminal, app).unwrap();
    let buffer = terminal.backend().buffer();
    (0..buffer.area.height)
        .map(|y| {
            (0..buffer.area.width)
                .map(|x| buffer[(x, y)].symbol())
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// A run's real save (the one a played game writes), edited as a cheat
/// would: a war axe conjured beside the player and the nearest monster
/// killed, with the hashes made again so that it verifies. It still
/// resumes and plays in sync (tools and tests need those commands), but
/// the status row says UNRANKED, its morgue file says why, and it is
/// never scored. The same game unedited is ranked and scored.
#[test]
fn an_edited_run_save_resumes_unranked_and_is_never_scored() {
    use darkstar::record::morgue::record;
    use darkstar::record::replay::{HASH_EVERY, Recorder};
    use darkstar::record::save::SaveFile;
    use darkstar::record::scores::read_scores;
    use darkstar::sim::Command;
    let dir = scratch("cheat");
    let save = dir.join("save.replay");
    let mut app = App::play_run(5, 1).unwrap();
    for _ in 0..3 {
        app.handle(Intent::Wait);
    }
    let slot = SaveFile::at(&save).unwrap().take().unwrap();
    slot.write(&app.recording()).unwrap();
    drop(slot);
    // The save, as written: ranked, and resumed without a mark.
    let checked = SaveFile::at(&save).unwrap().load_existing().unwrap();
    assert_eq!(checked.replay.unranked(), None);
    let mut honest = App::resume_checked(checked);
    assert!(!screen_of(&mut honest).contains("UNRANKED"));
    // Edited: its commands played again after the cheat's, re-recorded.
    let original = Replay::load(&save).unwrap();
    let mut game = original.start().unwrap();
    let mut edit = Recorder::new(
        original.level.clone(),
        original.seed,
        original.config,
        HASH_EVERY,
    );
    let player = game.floor().player().unwrap();
    let beside = darkstar::map::geom::Dir::ALL
        .into_iter()
        .map(|d| player.pos().step(d))
        .find(|&p| game.floor().world().get(p).is_some_and(|t| t.is_passable()))
        .unwrap();
    let nearest = game
        .floor()
        .monsters()
        .iter()
        .filter(|m| !m.is_player() && m.is_here())
        .min_by_key(|m| (m.pos().x - player.pos().x).abs() + (m.pos().y - player.pos().y).abs())
        .unwrap()
        .id();
    let axe = crate::common::item("axe");
    edit.apply(
        &mut game,
        Command::PutItem {
            at: beside,
            item: axe,
        },
    );
    edit.apply(&mut game, Command::Kill { monster: nearest });
    for item in &original.items {
        if let Item::Command(_, c) = item {
            edit.apply(&mut game, c.clone());
        }
    }
    let cheat = edit.replay().clone();
    std::fs::write(&save, cheat.to_text()).unwrap();
    // It verifies and resumes: the edit is in sync.
    assert!(matches!(Replay::load(&save).unwrap().verify(), Ok(Ok(_))));
    let checked = SaveFile::at(&save).unwrap().load_existing().unwrap();
    let why = checked
        .replay
        .unranked()
        .expect("a conjured axe is no player's");
    assert!(
        why.to_string()
            .contains(&format!("`item {} {} axe`", beside.x, beside.y)),
        "{why}"
    );
    let mut app = App::resume_checked(checked);
    let screen = screen_of(&mut app);
    let status = screen.lines().find(|l| l.contains("HP ")).unwrap();
    assert!(status.starts_with("UNRANKED | HP "), "{screen}");
    // It ends (the player struck down), and is recorded: the morgue says
    // why it is unranked; the scores have no line for it.
    let me = app.game().floor().player().unwrap().id();
    app.apply(Command::Kill { monster: me });
    assert!(app.game_over());
    assert!(screen_of(&mut app).contains("UNRANKED: not in the scores"));
    let now = std::time::SystemTime::now();
    let recorded = record(
        &save,
        &darkstar::record::morgue::Morgue::of(app.game()),
        &app.recording(),
        now,
    );
    assert!(recorded.is_whole() && matches!(recorded.scores, Ok(None)));
    let morgue = std::fs::read_to_string(recorded.morgue.unwrap()).unwrap();
    assert!(
        morgue.contains(&format!("Unranked:    {why}; not in the scores")),
        "{morgue}"
    );
    assert!(!dir.join("scores.txt").exists());
    // The unedited save's game, recorded the same way, is scored.
    assert_eq!(read_scores(&save).unwrap().list.len(), 0);
    let mut morgue = darkstar::record::morgue::Morgue::of(honest.game());
    morgue.won = false;
    let recorded = record(&save, &morgue, &honest.recording(), now);
    assert!(matches!(recorded.scores, Ok(Some(_))), "{recorded:?}");
    assert_eq!(read_scores(&save).unwrap().list.len(), 1);
}

/// `darkstar scores` lists the runs and the lessons (and other levels)
/// apart, each line naming the level: a lesson's win no longer ranks
/// above a run. A game recorded now names its level in the file (`run`,
/// `level:NAME`); a file of the old format (no level) still reads, its
/// lines kept as they were when a score is added, a depth making a run;
/// a malformed name is skipped with an error naming the file and line.
#[test]
fn scores_list_runs_and_lessons_apart_each_naming_its_level() {
    use darkstar::content::lessons::LESSONS;
    use darkstar::record::morgue::{Morgue, record};
    use darkstar::record::replay::LevelSource;
    use darkstar::record::scores::{Played, read_scores};
    let dir = scratch("scores-parts");
    let save = dir.join("save.replay");
    let old = "# Darkstar's best runs: won|died, depth, turns, seed, when, how\n\
               won 0 50 1 2026-01-01T00-00-00Z escaped with the treasure\n\
               died 3 900 7 2026-01-02T00-00-00Z killed by a jackal on depth 3\n";
    std::fs::write(dir.join("scores.txt"), old).unwrap();
    let replay = |level| Replay {
        seed: 9,
        level,
        config: Default::default(),
        items: Vec::new(),
        lines: Vec::new(),
    };
    let lesson = replay(LevelSource::Text(LESSONS[0].text.to_string()));
    let run = replay(LevelSource::Run { depth: 1 });
    let game = |won, depth, turns| Morgue {
        seed: 9,
        won,
        depth,
        turns,
        cause: if won { "escaped" } else { "died" }.to_string(),
        ..Morgue::default()
    };
    let t = std::time::UNIX_EPOCH + std::time::Duration::from_secs(1_800_000_000);
    assert!(record(&save, &game(true, None, 120), &lesson, t).is_whole());
    assert!(record(&save, &game(false, Some(2), 400), &run, t).is_whole());
    let file = std::fs::read_to_string(dir.join("scores.txt")).unwrap();
    for line in [
        "won 0 50 1 2026-01-01T00-00-00Z escaped with the treasure",
        "died 3 900 7 2026-01-02T00-00-00Z killed by a jackal on depth 3",
        "won 0 120 9 2027-01-15T08-00-00Z level:The%20sleeping%20pack escaped",
        "died 2 400 9 2027-01-15T08-00-00Z run died",
    ] {
        assert!(file.lines().any(|l| l == line), "{line} in {file}");
    }
    let read = read_scores(&save).unwrap();
    assert!(read.skipped.is_empty(), "{:?}", read.skipped);
    let played: Vec<(bool, &str)> = read.list.iter().map(|s| (s.is_run(), s.level())).collect();
    assert_eq!(
        played,
        [
            (true, "run"),
            (true, "run"),
            (false, "(unnamed)"),
            (false, "The sleeping pack")
        ]
    );
    assert_eq!(read.list[0].played, Played::Unnamed, "the old run, deeper");
    let out = darkstar(&["scores", "--save", save.to_str().unwrap()]);
    assert!(out.status.success());
    let listed = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = listed.lines().collect();
    assert_eq!(lines[0], "Runs", "{listed}");
    assert!(
        lines[2].starts_with("  1  run    died         3"),
        "{listed}"
    );
    assert!(
        lines[3].starts_with("  2  run    died         2"),
        "{listed}"
    );
    assert_eq!(lines[5], "Lessons and levels", "{listed}");
    assert!(
        lines[7].starts_with("  1  (unnamed)          won"),
        "{listed}"
    );
    assert!(
        lines[8].starts_with("  2  The sleeping pack  won"),
        "{listed}"
    );
    // A bad name: said, naming the file and line; the rest listed.
    std::fs::write(
        dir.join("scores.txt"),
        "won 0 1 1 2026-01-01T00-00-00Z level:The%2 escaped\n\
         won 0 1 1 2026-01-01T00-00-00Z level: escaped\n\
         died 3 900 7 2026-01-02T00-00-00Z run killed\n",
    )
    .unwrap();
    let read = read_scores(&save).unwrap();
    let errors: Vec<String> = read.skipped.iter().map(|e| e.to_string()).collect();
    let at = dir.join("scores.txt").display().to_string();
    assert_eq!(
        errors,
        [1, 2].map(|n| {
            let word = ["level:The%2", "level:"][n - 1];
            format!("{at}:{n}: expected the level's name (%-escaped, not empty), found \"{word}\"")
        })
    );
    assert_eq!(read.list.len(), 1);
}
