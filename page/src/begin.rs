//! How what the page shows begins: the title screen with what the
//! browser keeps, a game played through the life cycle (looked at,
//! checked, decided, taken, started, as the terminal's `play` does), a
//! replay played back; and what the page refuses to play.

use std::ops::ControlFlow;
use std::path::Path;

use darkstar::content::lessons::LESSONS;
use darkstar::record::life::{KeyValue, Keyed, LAST_REPLAY, Life, SaveName, Start, Storage, Wish};
use darkstar::record::replay::Replay;
use darkstar::record::scores::table;
use darkstar::ui::App;
use darkstar::ui::title::{Choice, LessonLine, Title, TitleMenu};

use crate::game::Phase;
use crate::texts::LocalTexts;
use crate::{clocked, wall_clock};

/// Scores shown on the title screen, of the runs and of the levels each
/// (as the terminal's).
const SCORES_SHOWN: usize = 5;
/// The most memory a game played back in the page may need (the
/// terminal's `--max-memory` is 2 GiB; a tab has less): a replay or save
/// whose game would need more is refused before it is played.
const PAGE_MAX_MEMORY: u64 = 1 << 30;

/// Refuses a replay (a file opened, a save) too large to read, or whose
/// game would not fit in [`PAGE_MAX_MEMORY`], naming it.
pub(crate) fn fits(replay: &Replay, name: &str) -> Result<(), String> {
    let footprint = replay.footprint().map_err(|e| e.to_string())?;
    darkstar::sim::memory::check(
        &footprint,
        &darkstar::sim::SimConfig::default(),
        PAGE_MAX_MEMORY,
    )
    .map(|_| ())
    .map_err(|e| format!("{name}: {e}"))
}

/// The title screen, with what is kept in the browser: the saved run,
/// the lessons won or left, the scores, the last game (to play back).
pub(crate) fn title_phase(
    texts: &LocalTexts,
    note: Option<String>,
    highlight: Option<Choice>,
) -> Result<Phase, String> {
    let mut kept = Keyed::new(texts.clone(), "title");
    let saved = match kept.look(SaveName::Run) {
        Ok(None) => None,
        Ok(Some(replay)) => Some(replay.summary().to_string()),
        Err(e) => Some(format!("cannot be read ({e})")),
    };
    let scores = kept.scores();
    let seed = scores
        .iter()
        .filter(|s| s.depth > 0)
        .map(|s| s.seed)
        .max()
        .and_then(|s| s.checked_add(1))
        .unwrap_or(1);
    let won = kept.lessons_won();
    let lessons = LESSONS
        .iter()
        .zip(won)
        .map(|(l, won)| LessonLine {
            trick: l.trick(),
            won,
            saved: kept.has(SaveName::Lesson(l)),
        })
        .collect();
    let games: Vec<Replay> = last_game(texts).into_iter().collect();
    let menu = TitleMenu {
        saved,
        seed,
        lessons,
        games: games
            .iter()
            .map(|g| format!("last game: {}", g.summary()))
            .collect(),
        scores: if scores.is_empty() {
            Vec::new()
        } else {
            table(&scores, SCORES_SHOWN)
        },
    };
    let mut title = Title::new(menu);
    if let Some(note) = note {
        title.say(note);
    }
    if let Some(choice) = highlight {
        title.highlight(choice);
    }
    let app = title.into_app().map_err(|e| e.to_string())?;
    Ok(Phase::Title {
        app: clocked(app),
        games,
    })
}

/// The last game played, kept as `last.replay`, if it reads.
fn last_game(texts: &LocalTexts) -> Option<Replay> {
    let text = texts.get(LAST_REPLAY)?;
    Replay::parse(&text, Path::new(LAST_REPLAY)).ok()
}

/// What a game chosen on the title asks of its save.
pub(crate) enum Want {
    Continue,
    NewRun(u64),
    Lesson,
}

/// A played game begun by the life cycle over the browser's storage, as
/// the terminal's `play` begins it: looked at, checked, decided, taken;
/// then the app made, and the life cycle told it started.
pub(crate) fn played(
    texts: &LocalTexts,
    owner: &str,
    name: SaveName,
    want: Want,
) -> Result<Phase, String> {
    let text = |e: &dyn std::fmt::Display| e.to_string();
    let looked = Life::look(Keyed::new(texts.clone(), owner), name).map_err(|e| text(&e))?;
    if let Some(saved) = looked.saved() {
        fits(saved, &Keyed::<LocalTexts>::key(name))?;
    }
    let checked = looked
        .check(|_| ControlFlow::Continue(()))
        .map_err(|e| text(&e))?;
    let wish = Wish {
        resume: matches!(want, Want::Continue),
        new: matches!(want, Want::NewRun(_)),
        asks_for_a_game: matches!(want, Want::NewRun(_)),
    };
    let decided = checked.decide(&wish).map_err(|e| text(&e))?;
    let (mut life, start) = decided.take().map_err(|e| text(&e))?;
    let new = matches!(start, Start::New);
    let app = match (start, want, name) {
        (Start::Resume(checked), _, _) => App::resume_checked(*checked),
        (Start::New, Want::NewRun(seed), _) => App::play_run(seed, 1).map_err(|e| text(&e))?,
        (Start::New, _, SaveName::Lesson(lesson)) => {
            App::play(&lesson.level(), 1).map_err(|e| text(&e))?
        }
        (Start::New, _, SaveName::Run) => return Err("there is no saved game".into()),
    };
    let app = clocked(app);
    life.started(app.game(), app.commands_played(), wall_clock(), new)
        .map_err(|e| text(&e))?;
    Ok(Phase::Game {
        app,
        life: Some(life),
        watching: false,
    })
}

/// A replay played back on its own screen (space, `.`, `+`, `-`, `q`).
pub(crate) fn play_back(replay: &Replay) -> Result<Phase, String> {
    let app = App::replay(replay).map_err(|e| e.to_string())?;
    Ok(Phase::Game {
        app: clocked(app),
        life: None,
        watching: false,
    })
}
