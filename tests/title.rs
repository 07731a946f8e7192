//! The title screen, on a pseudo-terminal as a player meets it: plain
//! `darkstar` opens on it; each lesson is reached from it and left back to
//! it (in a save of its own); a typed seed starts that run; a lesson won
//! is marked on it; a saved run is the first entry, one key away; a stop
//! signal on it restores the terminal and leaves nothing behind.

use std::path::Path;

use darkstar::content::lessons::LESSONS;
use darkstar::record::replay::Replay;

use crate::signals::{OnPty, scratch, screen_now};

const TITLE: &str = "D A R K S T A R";

/// Waits until the screen as it stands shows the title screen.
fn at_title(pty: &mut OnPty) {
    pty.wait_for_now(TITLE);
}

/// Quits the game on screen (`q`, then `q` to the question) and waits for
/// the title screen to come back.
fn quit_to_title(pty: &mut OnPty) {
    pty.wait_for_now("? help");
    pty.output.clear();
    pty.type_keys(b"q");
    pty.wait_for_now("Really quit");
    pty.type_keys(b"q");
    at_title(pty);
}

/// Waits until one row of the screen shows every one of `parts`.
fn shows_row(pty: &mut OnPty, parts: &[&str]) {
    pty.wait_until(&format!("a row with {parts:?}"), |out| {
        screen_now(out)
            .iter()
            .any(|row| parts.iter().all(|p| row.contains(p)))
    });
}

#[test]
fn the_title_walks_to_each_lesson_and_back_then_to_a_run_of_a_typed_seed() {
    let dir = scratch("title-walk");
    let save = dir.join("save.replay");
    let mut pty = OnPty::spawn(&[], &save);
    at_title(&mut pty);
    for (i, lesson) in LESSONS.iter().enumerate() {
        pty.output.clear();
        pty.type_keys((i + 1).to_string().as_bytes());
        // The lesson's opening line in the log names it.
        pty.wait_for(&format!("{}: {}", lesson.level().name, lesson.trick()));
        quit_to_title(&mut pty);
        shows_row(&mut pty, &[&lesson.trick(), " left"]);
        let kept = dir.join(format!("lessons/{}.replay", lesson.stem()));
        assert!(Replay::load(&kept).unwrap().verify().unwrap().is_ok());
    }
    assert!(!save.exists(), "no lesson took the run's save");
    pty.output.clear();
    pty.type_keys(b"e42\r");
    pty.wait_for_now("seed 42");
    pty.wait_for_now("depth 1");
    quit_to_title(&mut pty);
    shows_row(
        &mut pty,
        &["> c  continue: depth 1 of a run, turn 0, seed 42"],
    );
    pty.type_keys(b"q");
    assert_eq!(pty.finish().code(), Some(0));
    pty.assert_terminal_restored();
    assert_eq!(Replay::load(&save).unwrap().seed, 42);
}

/// The turn the status row shows now, once it shows one after `before`.
fn next_turn(pty: &mut OnPty, before: u64) -> u64 {
    let start = std::time::Instant::now();
    loop {
        let turn = pty.turn_shown();
        if turn > before {
            return turn;
        }
        assert!(start.elapsed().as_secs() < 10, "the turn stayed {before}");
        pty.pump(std::time::Duration::from_millis(20));
    }
}

/// Door-shut won by hand (through the door, shut it, the treasure, the
/// stairs): the title marks the lesson won.
#[test]
fn a_lesson_won_is_marked_on_the_title_screen() {
    let dir = scratch("title-won");
    let save = dir.join("save.replay");
    let mut pty = OnPty::spawn(&[], &save);
    at_title(&mut pty);
    pty.type_keys(b"2");
    pty.wait_for("Shut the door");
    let mut turn = pty.turn_shown();
    // One key a turn: keys typed ahead of a monster coming into view are
    // thrown away, as a player would want. The last step ends the game.
    let keys = b"llllCulllllbbhhhh";
    for &key in &keys[..keys.len() - 1] {
        pty.type_keys(&[key]);
        turn = next_turn(&mut pty, turn);
    }
    pty.type_keys(&keys[keys.len() - 1..]);
    pty.wait_for("You escaped");
    pty.output.clear();
    pty.type_keys(b"q");
    at_title(&mut pty);
    shows_row(&mut pty, &[&LESSONS[1].trick(), " won"]);
    assert!(
        !dir.join("lessons/door-shut.replay").exists(),
        "a game won leaves no save"
    );
    pty.type_keys(b"q");
    assert_eq!(pty.finish().code(), Some(0));
}

/// A saved run is the title's first entry: Enter goes on with it.
#[test]
fn enter_on_the_title_goes_on_with_the_saved_run() {
    let dir = scratch("title-continue");
    let save = dir.join("save.replay");
    let original = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/replays/play-seed7.replay");
    std::fs::copy(&original, &save).unwrap();
    let mut pty = OnPty::spawn(&[], &save);
    pty.wait_for_now("> c  continue:");
    pty.type_keys(b"\r");
    pty.wait_for("Resumed on turn");
    pty.signal(libc::SIGTERM);
    assert_eq!(pty.finish().code(), Some(128 + libc::SIGTERM));
    pty.assert_terminal_restored();
}

/// A stop signal at the title: the terminal restored, the exit status
/// the signal's, nothing left beside the save.
#[test]
fn a_signal_at_the_title_restores_the_terminal_and_leaves_nothing() {
    let dir = scratch("title-signal");
    let save = dir.join("save.replay");
    let mut pty = OnPty::spawn(&[], &save);
    at_title(&mut pty);
    pty.signal(libc::SIGHUP);
    assert_eq!(pty.finish().code(), Some(128 + libc::SIGHUP));
    pty.assert_terminal_restored();
    assert_eq!(crate::common::listing(&dir), Vec::<String>::new());
}

/// A lesson's command from the README, with a run saved: not refused (the
/// lesson has its own save), and left with `q` it is saved there, the
/// run's save untouched.
#[test]
fn a_lessons_command_plays_it_in_its_own_save_beside_a_saved_run() {
    let dir = scratch("title-lesson-command");
    let save = dir.join("save.replay");
    let original = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/replays/play-seed7.replay");
    std::fs::copy(&original, &save).unwrap();
    let level = Path::new(env!("CARGO_MANIFEST_DIR")).join("levels/eyes.txt");
    let mut pty = OnPty::spawn(&["play", "--level", level.to_str().unwrap()], &save);
    pty.wait_for("The lookout");
    pty.type_keys(b"qq");
    assert_eq!(pty.finish().code(), Some(0));
    pty.assert_terminal_restored();
    assert_eq!(
        std::fs::read(&save).unwrap(),
        std::fs::read(&original).unwrap()
    );
    let kept = Replay::load(&dir.join("lessons/eyes.replay")).unwrap();
    assert!(kept.verify().unwrap().is_ok());
    // And the same command resumes it: the lesson's save holds the lesson.
    let mut pty = OnPty::spawn(&["play", "--level", level.to_str().unwrap()], &save);
    pty.wait_for("Resumed on turn");
    pty.type_keys(b"qq");
    assert_eq!(pty.finish().code(), Some(0));
}

/// A lesson's save replaced by another game's save (here the run's) is
/// refused, naming the file and both games, and left as it is: it used to
/// resume as the lesson without a word.
#[test]
fn a_lessons_save_holding_another_game_is_refused_not_resumed_as_the_lesson() {
    let dir = scratch("title-lesson-other-game");
    let save = dir.join("save.replay");
    let other = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/replays/play-seed7.replay");
    let lessons = dir.join("lessons");
    std::fs::create_dir_all(&lessons).unwrap();
    let swapped = lessons.join("eyes.replay");
    std::fs::copy(&other, &swapped).unwrap();
    let level = Path::new(env!("CARGO_MANIFEST_DIR")).join("levels/eyes.txt");
    let out = crate::saves::darkstar_env(
        &["play", "--level", level.to_str().unwrap()],
        &[("DARKSTAR_SAVE", save.to_str().unwrap())],
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains(swapped.to_str().unwrap())
            && stderr.contains("is the save of the lesson \"The lookout")
            && stderr.contains("holds another game"),
        "{stderr}"
    );
    assert_eq!(
        std::fs::read(&swapped).unwrap(),
        std::fs::read(&other).unwrap()
    );
}
