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
//! exit status is 2. The life cycle is the library's
//! (`darkstar::record::life::Life`, over the save's files); this file
//! chooses the level, weighs the save against the memory cap, shows the
//! progress of checking it, and drives the terminal.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{Context, Result};
use clap::Args;

use crate::args::{LevelFlags, needs_player};
use darkstar::content::lessons::Lesson;
use darkstar::content::textfile::escape_controls;
use darkstar::content::textfile::escape_path;
use darkstar::record::life::{After, Ending, Files, Life, LifeError, Said, SaveName, Start, Wish};
use darkstar::record::save::SaveError;
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
    // last.replay): beside the save, for a lesson too, which keeps its
    // own save there unless a save was named.
    let records = args
        .save
        .clone()
        .unwrap_or_else(crate::saves::default_save_path);
    let lesson = args
        .lesson
        .or_else(|| args.level.level.as_deref().and_then(lesson_of_file));
    let name = lesson.map_or(SaveName::Run, SaveName::Lesson);
    let storage = Files::new(records, args.save.is_none());
    // Looked at, not yet taken: nothing is created, locked or removed
    // until every check below has passed and there is a terminal to play
    // on. A save held by another darkstar is refused here.
    let looked = Life::look(storage, name)?;
    if let Some(replay) = looked.saved() {
        // Its game must fit the memory cap before it is played back.
        let path = looked.path();
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
    }
    // Checked completely (every state hash, one pass, restoring the game
    // for resuming) before anything is decided, so a save that cannot be
    // resumed is never taken for no save. A progress bar for a long save;
    // Ctrl-C breaks off.
    let checked = if looked.saved().is_some() {
        let playback = crate::replay::Playback::resuming(if args.new {
            "checking the save"
        } else {
            "resuming the save"
        })?;
        let checked = looked.check(playback.callback());
        playback.finish();
        checked
    } else {
        looked.check(|_| std::ops::ControlFlow::Continue(()))
    };
    let checked = match checked {
        Err(LifeError::Save(e @ SaveError::Interrupted { .. })) => {
            eprintln!("darkstar: {e}");
            return Ok(ExitCode::from(crate::replay::INTERRUPTED));
        }
        checked => checked?,
    };
    let decided = checked.decide(&Wish {
        resume: args.resume,
        new: args.new,
        asks_for_a_game: (args.level.level.is_some() && lesson.is_none())
            || args.level.seed.is_some()
            || args.level.generator.params() != darkstar::content::generator::GenParams::default(),
    })?;
    let run = args
        .level
        .run_to_play()
        .filter(|_| !decided.resumes() && args.lesson.is_none());
    let level = match (decided.resumes(), args.lesson) {
        (true, _) => None,
        _ if run.is_some() => None,
        (false, Some(lesson)) => Some((lesson.level(), 1)),
        (false, None) => {
            let (level, seed) = args.level.choose(true)?;
            needs_player(&level)?;
            Some((level, seed))
        }
    };
    darkstar::ui::require_terminal("play")?;
    // Now the save is taken: the lock, leftovers of an interrupted write
    // cleared, the folder proved writable, all before the player invests
    // a game; and it must still be the save that was checked.
    let (mut life, start) = decided.take()?;
    let new = matches!(start, Start::New);
    let mut app = match (start, run, level) {
        // Already played back and checked: not played again.
        (Start::Resume(checked), _, _) => App::resume_checked(*checked),
        (Start::New, Some((seed, depth)), _) => {
            App::play_run(seed, depth).context("the run cannot start")?
        }
        (Start::New, None, Some((level, seed))) => App::play(&level, seed)
            .with_context(|| format!("level \"{}\" cannot start", escape_controls(&level.name)))?,
        (Start::New, None, None) => unreachable!("a new game has its level"),
    };
    // The save is written as the game is played (a resumed game's is
    // whole already; a new game's from its first commands on), so a crash
    // or a SIGKILL loses at most the last few commands. A new game backs
    // the old save up only now, ready to go: nothing is moved for a game
    // that cannot start.
    // The life cycle's clock (the core reads none): time since now.
    let clock = Instant::now();
    life.started(app.game(), app.commands_played(), clock.elapsed(), new)?;
    let ended = loop {
        let (mut done, ended) = darkstar::ui::run_keeping(app, &mut |app| {
            let (commands, depth) = (app.commands_played(), app.game().depth());
            if let Some(line) = life.keep(commands, depth, clock.elapsed(), || app.recording()) {
                app.note(line);
            }
        });
        let ending = match ended {
            Ok(Exit::Quit) => Ending::Quit,
            _ => Ending::Stopped,
        };
        let after = life.end(
            done.game(),
            &done.recording(),
            done.game_over(),
            done.wants_new_game(),
            ending,
            clock.elapsed(),
        );
        tell(life.take_said());
        match after {
            After::Stay(why) => {
                done.stay(why);
                app = done;
            }
            After::Next => {
                app = done.next_game().context("the new game cannot start")?;
                life.started(app.game(), 0, clock.elapsed(), false)?;
            }
            After::Leave => break ended,
        }
    };
    let (said, outcome) = life.finish();
    tell(said);
    let record_whole = outcome?;
    let code = finish(ended)?;
    Ok(if record_whole {
        code
    } else {
        ExitCode::from(2)
    })
}

/// Says what the life cycle said: lines to the player on stdout, warnings
/// on stderr.
fn tell(said: Vec<Said>) {
    for line in said {
        match line {
            Said::Say(line) => say(&line),
            Said::Warn(line) => warn(&line),
        }
    }
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
