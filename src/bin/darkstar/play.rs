//! `darkstar play` (and what the title screen starts): play as @ on a
//! generated level or a level file; the game is saved as it is played
//! (see `darkstar::record::save::SaveKeeper`) and on quitting, and a quit
//! whose save cannot be written is refused, the player kept in the game
//! (a full disk loses nothing that could still be written). With a save
//! present, `play` without a level (or the title's continue) goes on with
//! it; another game needs `--new`, which first moves the save to a dated
//! backup. A lesson (chosen on the title screen, or its unedited level
//! file) keeps its own save in `lessons/` beside the save and is resumed
//! from it; its records go beside the save as any game's, and a lesson
//! won is marked for the title screen. A game
//! that ends offers a new one (`n`): the finished game leaves no save (and
//! its last.replay), then the new game, on the same level with the next
//! seed, is played and saved like any other. The save's lock is let go as
//! soon as the save is written or removed, before last.replay and a
//! finished game's record (a morgue file, a line in the scores), which are
//! safe to write beside a game another darkstar has started meanwhile. A
//! record that cannot be written whole is said, naming the file, and the
//! exit status is 2. The rules live in the library
//! (`darkstar::record::save::SaveSlot`, `darkstar::record::morgue`); this
//! is the decision.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{Context, Result, bail};
use clap::Args;

use crate::args::{LevelFlags, needs_player};
use darkstar::content::lessons::Lesson;
use darkstar::content::textfile::escape_controls;
use darkstar::content::textfile::escape_path;
use darkstar::record::lessons::{lesson_save_path, lessons_dir, mark_won};
use darkstar::record::replay::Replay;
use darkstar::record::save::{SaveError, SaveFile, SaveKeeper, SaveSlot};
use darkstar::ui::{App, Exit};

#[derive(Debug, Default, Args)]
pub struct PlayArgs {
    #[command(flatten)]
    level: LevelFlags,
    /// Go on with the saved game (what `darkstar` alone does when there is
    /// one).
    #[arg(long, conflicts_with_all = ["level", "seed", "new", "style", "width", "height", "monsters"])]
    resume: bool,
    /// Start a new game although a save exists: the save is first moved to
    /// a dated backup beside it (save.replay.DATE.bak).
    #[arg(long)]
    new: bool,
    /// The save file (default: $DARKSTAR_SAVE, else save.replay in the
    /// data folder).
    #[arg(long, value_name = "FILE")]
    save: Option<PathBuf>,
    /// A lesson chosen on the title screen: its built-in level, in its own
    /// save.
    #[arg(skip)]
    lesson: Option<&'static Lesson>,
}

impl PlayArgs {
    /// A new run on `seed` (the title screen's): a saved game is first
    /// moved to a dated backup, as `--new` does.
    pub fn new_run(seed: u64) -> PlayArgs {
        PlayArgs {
            level: LevelFlags {
                seed: Some(seed),
                ..LevelFlags::default()
            },
            new: true,
            ..PlayArgs::default()
        }
    }

    /// `lesson`, in its own save: resumed if it was left, else begun.
    pub fn lesson(lesson: &'static Lesson) -> PlayArgs {
        PlayArgs {
            lesson: Some(lesson),
            ..PlayArgs::default()
        }
    }
}

/// The lesson a level file is, if it is one unedited.
fn lesson_of_file(file: &Path) -> Option<&'static Lesson> {
    let text =
        darkstar::content::textfile::read_limited(file, darkstar::content::level::MAX_LEVEL_BYTES)
            .ok()?;
    Lesson::of_text(&text)
}

pub fn play(args: PlayArgs) -> Result<ExitCode> {
    // Where the records of a finished game go (morgue, scores,
    // last.replay): beside the save, for a lesson too.
    let records = args
        .save
        .clone()
        .unwrap_or_else(darkstar::record::save::default_save_path);
    // A lesson keeps its own save, so that a saved run is never in its
    // way (nor it in the run's).
    let lesson = args
        .lesson
        .or_else(|| args.level.level.as_deref().and_then(lesson_of_file));
    let path = match lesson {
        Some(lesson) if args.save.is_none() => lesson_save_path(&records, lesson),
        _ => records.clone(),
    };
    // Looked at, not yet taken: nothing is created, locked or removed
    // until every check below has passed and there is a terminal to play
    // on. A save held by another darkstar is refused here.
    let file = SaveFile::at(&path)?;
    let stamp = file.stamp();
    // Checked completely (every state hash, one pass, restoring the game
    // for resuming) before anything is decided, so a save that cannot be
    // resumed is never taken for no save.
    let saved = match file.load_parsed()? {
        None => None,
        Some(replay) => {
            // Its game must fit the memory cap before it is played back.
            let footprint = replay.footprint().map_err(|cause| SaveError::Unreadable {
                save: path.clone(),
                cause,
            })?;
            args.level.memory.check(&footprint).with_context(|| {
                format!(
                    "the saved game in {} cannot be played back within --max-memory",
                    escape_path(&path)
                )
            })?;
            // A progress bar for a long save; Ctrl-C breaks off.
            let playback = crate::replay::Playback::resuming(if args.new {
                "checking the save"
            } else {
                "resuming the save"
            })?;
            let checked = file.check_with(replay, playback.callback());
            playback.finish();
            let checked = match checked {
                Err(e @ SaveError::Interrupted { .. }) => {
                    eprintln!("darkstar: {e}");
                    return Ok(ExitCode::from(crate::replay::INTERRUPTED));
                }
                checked => checked?,
            };
            // A lesson's save holds that lesson: another game put in its
            // place is never resumed as the lesson.
            if let Some(lesson) = lesson
                && path != records
                && checked.level.to_text() != lesson.level().to_text()
            {
                bail!(
                    "{} is the save of the lesson \"{}\" but holds another game \
                     (level \"{}\"): move it away to play the lesson afresh",
                    escape_path(&path),
                    escape_controls(&lesson.level().name),
                    escape_controls(&checked.level.name)
                );
            }
            Some(checked)
        }
    };
    let asks_for_a_game = (args.level.level.is_some() && lesson.is_none())
        || args.level.seed.is_some()
        || args.level.generator.params() != darkstar::content::generator::GenParams::default();
    let resume = match saved {
        None if args.resume => bail!(SaveError::Missing(path)),
        None => None,
        Some(checked) if args.resume => Some(checked),
        Some(_) if args.new => None,
        Some(_) if asks_for_a_game => bail!(
            "a saved game is waiting in {}: `darkstar` goes on with it; \
             `darkstar play --new` with these options starts this game and \
             moves the save to a dated backup beside it",
            escape_path(&path)
        ),
        Some(checked) => Some(checked),
    };
    let run = args
        .level
        .run_to_play()
        .filter(|_| resume.is_none() && args.lesson.is_none());
    let level = match resume {
        Some(_) => None,
        None if run.is_some() => None,
        None if let Some(lesson) = args.lesson => Some((lesson.level(), 1)),
        None => {
            let (level, seed) = args.level.choose(true)?;
            needs_player(&level)?;
            Some((level, seed))
        }
    };
    darkstar::ui::require_terminal("play")?;
    // Now the save is taken: the lock, leftovers of an interrupted write
    // cleared, the folder proved writable, all before the player invests
    // a game; and it must still be the save that was checked.
    let slot = file.take()?;
    if slot.stamp() != stamp {
        bail!(SaveError::Changed { save: path });
    }
    let mut backup = None;
    let mut app = match (resume, level) {
        // Already played back and checked: not played again.
        (Some(checked), _) => App::resume_checked(checked),
        (None, None) if let Some((seed, depth)) = run => {
            let app = App::play_run(seed, depth).context("the run cannot start")?;
            backup = slot.back_up()?;
            app
        }
        (None, Some((level, seed))) => {
            let app = App::play(&level, seed).with_context(|| {
                format!("level \"{}\" cannot start", escape_controls(&level.name))
            })?;
            // Only now, with the new game ready to go: nothing is moved
            // for a game that cannot start.
            backup = slot.back_up()?;
            app
        }
        (None, None) => unreachable!("a new game has its level"),
    };
    // Whether a finished game's record could not be written whole: then
    // the exit status is 2, whatever else happened.
    let mut record_failed = false;
    // The save is written as the game is played (a resumed game's is
    // whole already; a new game's from its first commands on), so a crash
    // or a SIGKILL loses at most the last few commands.
    let mut keeper = SaveKeeper::new(app.commands_played(), app.game().depth(), Instant::now());
    let ended = loop {
        let (mut done, ended) =
            darkstar::ui::run_keeping(app, &mut |app| keep(&slot, &mut keeper, app));
        // The game is saved first, whatever ended the session (even a
        // failing terminal), then last.replay, whose failure never costs
        // the save.
        let recording = done.recording();
        let saved = if done.game_over() {
            // Permadeath: a finished game leaves no save.
            slot.remove()
        } else {
            slot.write(&recording).map(|()| {
                say(&match lesson {
                    Some(_) => format!(
                        "Saved to {}; the lesson goes on where you left it.",
                        escape_path(&path)
                    ),
                    None => format!("Saved to {}; `darkstar` goes on.", escape_path(&path)),
                });
            })
        };
        // A quit whose save cannot be written (a full disk) is not carried
        // out: the player is back in the game, told why and what to do,
        // and the save is tried again as play goes on and at the next
        // quit. Nothing that could still be written is thrown away. (A
        // signal or a lost terminal ends the session whatever happens:
        // last.replay is then tried as well.)
        if let (Err(e @ SaveError::Io { .. }), Ok(Exit::Quit)) = (&saved, &ended)
            && !done.game_over()
        {
            done.stay(format!(
                "The game could not be saved, so it goes on: {e}. Free space \
                 there and quit again; to leave without saving what is not \
                 saved, close the window."
            ));
            keeper.failed(Instant::now());
            app = done;
            continue;
        }
        // `n` on the end screen: the next game, saved in the same slot
        // when it ends or is left (the finished one is gone from it).
        let next = saved.is_ok()
            && matches!(ended, Ok(Exit::Quit))
            && done.game_over()
            && done.wants_new_game();
        if next {
            record_failed |= !leave_records(&records, lesson, &done, &recording);
            app = done.next_game().context("the new game cannot start")?;
            keeper = SaveKeeper::new(0, app.game().depth(), Instant::now());
            continue;
        }
        // Done with the save: its lock goes now, not at exit. What is
        // left to write (last.replay, the kept replay, the morgue file and
        // the scores: eight fsyncs, half a second on a slow disk) takes
        // no lock of the save's, and a darkstar started meanwhile (the
        // window was closed on a finished game and darkstar run again at
        // once) must not be told the save is in use.
        drop(slot);
        record_failed |= !leave_records(&records, lesson, &done, &recording);
        saved?;
        break ended;
    };
    if let Some(backup) = backup {
        say(&format!(
            "The game saved before this one is in {}.",
            escape_path(&backup)
        ));
    }
    let code = finish(ended)?;
    Ok(if record_failed {
        ExitCode::from(2)
    } else {
        code
    })
}

/// Writes `app`'s game to its save in `slot` when `keeper` says it is due
/// (see [`SaveKeeper`]), telling the player once when a write fails and
/// once when the save is whole again.
fn keep(slot: &SaveSlot, keeper: &mut SaveKeeper, app: &mut App) {
    let now = Instant::now();
    let (commands, depth) = (app.commands_played(), app.game().depth());
    if !keeper.due(commands, depth, now) {
        return;
    }
    match slot.write(&app.recording()) {
        Ok(()) => {
            if keeper.written(commands, depth, now) {
                app.note("The game is saved again: nothing was lost.");
            }
        }
        // Another darkstar took the save: the game was kept aside in a
        // dated file beside it (said at the end); no more writes here.
        Err(e @ SaveError::LockLost { .. }) => {
            keeper.give_up();
            app.note(format!("The game is no longer saved as you play: {e}."));
        }
        Err(e) => {
            if keeper.failed(now) {
                app.note(format!(
                    "The game cannot be saved as you play: {e}. Play goes on, and \
                     the save is tried again every second; free space there."
                ));
            }
        }
    }
}

/// Leaves what a session's game leaves beside the save at `path`:
/// last.replay and its kept copy (written even when the save could not
/// be: then it is the only copy of the game just played), and for a
/// finished game its record (a morgue file and, unless it is unranked, a
/// line in the scores; a lesson won is marked so). Says where each went,
/// or on stderr what could not be written, naming the file; false if a
/// finished game's record is not whole.
fn leave_records(
    path: &Path,
    lesson: Option<&'static Lesson>,
    done: &App,
    recording: &Replay,
) -> bool {
    write_last_replay(darkstar::record::save::write_last_replay(path, recording));
    if !done.game_over() {
        return true;
    }
    let morgue = darkstar::record::morgue::Morgue::of(done.game());
    if let Some(lesson) = lesson
        && morgue.won
        && let Err(e) = mark_won(path, lesson)
    {
        warn(&format!(
            "warning: the lesson won could not be marked in {}: {e}",
            escape_path(&lessons_dir(path))
        ));
    }
    let recorded =
        darkstar::record::morgue::record(path, &morgue, recording, std::time::SystemTime::now());
    match &recorded.morgue {
        Ok(file) => say(&format!(
            "The game's record is in {}; `darkstar scores` lists the best.",
            escape_path(file)
        )),
        Err(e) => warn(&format!(
            "error: the game's morgue file could not be written: {e}"
        )),
    }
    if let Some(why) = &recorded.unranked {
        say(&format!(
            "This game is UNRANKED ({why}): it is not in the scores."
        ));
    }
    match &recorded.scores {
        Ok(Some(update)) => {
            for skipped in &update.skipped {
                warn(&format!("warning: {skipped}; it is not in the scores now"));
            }
            if let Some(aside) = &update.set_aside {
                warn(&format!(
                    "warning: what of the scores could not be read is kept in {}",
                    escape_path(aside)
                ));
            }
        }
        Ok(None) => {}
        Err(e) => warn(&format!("error: the game's score could not be added: {e}")),
    }
    recorded.is_whole()
}

/// The exit status of a finished terminal session (128 + the signal if one
/// stopped it), or its error.
pub fn finish(ended: std::io::Result<Exit>) -> Result<ExitCode> {
    Ok(ExitCode::from(ended.context("the terminal")?.code()))
}

/// Reports where last.replay went, or warns that it did not.
pub fn write_last_replay(written: Result<PathBuf, darkstar::record::save::SaveError>) {
    match written {
        Ok(path) => say(&format!(
            "Replay: {} (darkstar replay plays it)",
            escape_path(&path)
        )),
        Err(e) => {
            let _ = writeln!(
                std::io::stderr(),
                "darkstar: warning: the replay was not written: {e}"
            );
        }
    }
}

/// A line on stderr, after `darkstar: `, that may fail quietly (as
/// [`say`]'s), escaped.
fn warn(line: &str) {
    let _ = writeln!(
        std::io::stderr(),
        "darkstar: {}",
        darkstar::content::textfile::escape_for_terminal(line)
    );
}

/// A line on stdout that may fail quietly: after SIGHUP there is no
/// terminal, and the save must not be lost to a panicking `println!`.
/// Escaped, since it may carry a path from the environment.
fn say(line: &str) {
    let _ = writeln!(
        std::io::stdout(),
        "{}",
        darkstar::content::textfile::escape_for_terminal(line)
    );
}
