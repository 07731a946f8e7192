//! `darkstar` alone: the title screen, then what was chosen on it (go on
//! with the saved run, a new run, a lesson in its own save, a watch, a
//! kept game played back), then the title screen again, until `q`. A
//! session that ends otherwise than by quitting (a signal, a record that
//! could not be written) ends darkstar with its exit status, as the
//! command itself would. Without a terminal it is `darkstar play`, which
//! says that it needs one.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::saves::default_save_path;
use anyhow::{Context, Result};
use darkstar::content::lessons::LESSONS;
use darkstar::content::textfile::escape_for_terminal;
use darkstar::record::lessons::{lesson_save_path, lessons_won};
use darkstar::record::replay::Replay;
use darkstar::record::save::{SaveFile, kept_replays, replays_dir};
use darkstar::record::scores::{read_scores, table};
use darkstar::ui::title::{Choice, LessonLine, Title, TitleMenu};
use darkstar::ui::{Exit, require_terminal, run_title};

use crate::play::{self, PlayArgs};
use crate::replay::{self, ReplayArgs};
use crate::watch::{self, WatchArgs};

/// Scores shown on the title screen, of the runs and of the levels each.
const SCORES_SHOWN: usize = 5;

pub fn title() -> Result<ExitCode> {
    if require_terminal("play").is_err() {
        return play::play(PlayArgs::default());
    }
    let save = default_save_path();
    let mut note = None;
    let mut last = None;
    loop {
        let (menu, games) = menu(&save);
        let mut title = Title::new(menu);
        if let Some(note) = note.take() {
            title.say(note);
        }
        if let Some(choice) = last {
            title.highlight(choice);
        }
        let (title, ended) = run_title(title);
        if let exit @ Exit::Signal(_) = ended.context("the terminal")? {
            return Ok(ExitCode::from(exit.code()));
        }
        last = Some(title.choice());
        let done = match title.choice() {
            Choice::Quit => return Ok(ExitCode::SUCCESS),
            Choice::Continue => play::play(PlayArgs::default()),
            Choice::NewRun { seed } => play::play(PlayArgs::new_run(seed)),
            Choice::Lesson(i) => play::play(PlayArgs::lesson(&LESSONS[i])),
            Choice::Watch => watch::watch(WatchArgs::default()),
            Choice::PlayBack(i) => replay::replay(ReplayArgs::of(games[i].clone())),
        };
        match done {
            Ok(code) if code == ExitCode::SUCCESS => {}
            Ok(code) => return Ok(code),
            // Said on the title screen, which comes back: a save held by
            // another darkstar, a kept game that cannot be read.
            Err(e) => note = Some(escape_for_terminal(&format!("error: {e:#}")).into_owned()),
        }
    }
}

/// What the title screen offers, read from beside `save`, and the kept
/// games' files in the order listed.
fn menu(save: &Path) -> (TitleMenu, Vec<PathBuf>) {
    let saved = match SaveFile::at(save).and_then(|f| f.load_parsed()) {
        Ok(None) => None,
        // A level file's name is the file's: escaped, as all that is read.
        Ok(Some(replay)) => Some(escape_for_terminal(&replay.summary().to_string()).into_owned()),
        Err(e) => Some(escape_for_terminal(&format!("cannot be read ({e})")).into_owned()),
    };
    let scores = read_scores(save).map(|s| s.list).unwrap_or_default();
    // A seed not played yet: one past the largest seed of a run scored.
    let seed = scores
        .iter()
        .filter(|s| s.depth > 0)
        .map(|s| s.seed)
        .max()
        .and_then(|s| s.checked_add(1))
        .unwrap_or(1);
    let won = lessons_won(save);
    let lessons = LESSONS
        .iter()
        .zip(won)
        .map(|(l, won)| LessonLine {
            trick: l.trick(),
            won,
            saved: lesson_save_path(save, l).exists(),
        })
        .collect();
    let mut files = kept_replays(&replays_dir(save));
    files.reverse();
    let games = files.iter().map(|f| game_line(f)).collect();
    let menu = TitleMenu {
        saved,
        seed,
        lessons,
        games,
        scores: if scores.is_empty() {
            Vec::new()
        } else {
            table(&scores, SCORES_SHOWN)
        },
    };
    (menu, files)
}

/// A kept game in a line: when it was kept (from its name,
/// `game-2026-11-23T04-12-00Z-000.replay`) and what it is.
fn game_line(file: &Path) -> String {
    let name = file.file_name().and_then(|n| n.to_str()).unwrap_or("");
    let when = name
        .strip_prefix("game-")
        .and_then(|n| n.get(..16))
        .map(|w| {
            let (day, time) = w.split_at(10);
            format!("{day} {}", time[1..].replacen('-', ":", 1))
        })
        .unwrap_or_default();
    let line = match Replay::load(file) {
        Ok(replay) => format!("{when}  {}", replay.summary()),
        Err(e) => format!("{when}  cannot be read ({e})"),
    };
    escape_for_terminal(&line).into_owned()
}
