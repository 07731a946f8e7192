//! Replays, Brogue-style: the level (generator parameters, or the level
//! text itself), the seed, every command with the turn it was given on,
//! and the game's state hash every few turns. Played back, a replay must
//! give the same hashes; the first that differs names the turn where the
//! games parted.
//!
//! This file holds the types; beside it are `format` (writing and
//! parsing the text), `recorder` (recording a game as it is played),
//! `verify` (playing one back, checking every hash) and `honest` (whether
//! the game is one a player played, or is marked UNRANKED).
//!
//! The format is plain text, a line an item:
//!
//! ```text
//! darkstar-replay 5
//! seed 7
//! config 20000 2 8 2000 8
//! level generated dungeon 80 40 3 play
//! c 0 move ne
//! c 1 wait
//! h 10 9a3f0c1d22b4e817
//! r 12
//! end 4
//! ```
//!
//! (`config`: the search budget, patience, avoid radius, detour budget and
//! claim radius the game ran with), `level run DEPTH` for a run of the
//! dungeon from the seed starting on that depth, or, for a level file, `level text` followed by the level's lines each
//! prefixed with `| ` and closed by `end-level`; the last line, `end N`,
//! counts the items, so a file cut short is an error, not a shorter game. Commands: `advance`,
//! `move DIR` (n ne e se s sw w nw), `wait`, `close DIR` (the player
//! closes a door), `sneak` (starts or stops sneaking), `kill ID`,
//! `goal ID X Y`, `goal ID none`. `r TURN` marks a played game as
//! revealed from that turn on (the player turned on the AI overlays, which
//! show what the player could not know): it changes nothing in the game,
//! and playback shows the mark; files without it read as before. `x TURN
//! X Y REACH` marks cell (X, Y) for travel and explore to keep out of
//! within REACH steps in its sight (0: the cell alone), `x TURN X Y off`
//! takes the mark away: the player's memory, not a rule, kept so a
//! resumed game keeps its marks.
//! Untrusted input: errors name the file and line (an
//! embedded level's errors too, at their line and column in the replay
//! file), and sizes are limited before anything is allocated for them.
//!
//! Playing back is one pass ([`Replay::verify_with`], [`Replay::restore_with`],
//! and the terminal's playback, all through a [`Script`]):
//! each command is applied on the turn it was recorded on, each hash
//! compared when the game reaches its turn; the first difference is a
//! [`Desync`] naming the file line (items keep their source lines) and
//! what differed: the hash, or the turn of a command. A progress callback
//! hears of every turn reached and may break off (a long replay behind a
//! progress bar, interrupted by Ctrl-C).

use std::fmt::Write as _;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};

use crate::clock::Turn;
use crate::content::generator::{GenParams, Style, generate, play_level};
use crate::content::level::{Level, LevelError};
use crate::map::geom::{Dir, Pos};
use crate::sim::memory::Footprint;
use crate::sim::{Action, Command, Event, Game, GameError, SimConfig};

/// The version this build writes and reads. Version 2: the state hash
/// covers the whole future-deciding state and the corner rules changed,
/// so version 1 games no longer play back in sync. Version 3: doors open
/// and close, and hostile monsters search and wander, so version 2 games
/// with doors or hunters would play differently; they are refused with a
/// message saying so, never misread. Version 4: one rulebook: the state
/// is hashed by stable ids (terrain by glyph, items by word, flags as
/// flags), with no case kept for how older versions hashed, so a version 3
/// game's hashes no longer match. Version 5: the state hash is over the
/// game, not its caches: a field is read as the faction's knowledge
/// stands and islands are kept with every change, which changed play, so
/// a version 4 game is refused with the build that plays it named
/// ([`LAST_BUILD_OF`]). Version 6: where the player is, is each monster's
/// own knowledge (seen, heard, or told by a kin's cry), noise is damped by
/// rock and shut doors, and fleeing has hysteresis, which changed play.
/// Version 7: a sleeper wakes at the sight of the player only close by
/// and by a chance that falls with the distance, a stealth blow is five
/// times as hard, and ogres, wraiths and trolls strike otherwise.
/// Version 8: the player's slow step is waded before it is taken, and
/// stops short when the player is hurt.
pub const REPLAY_VERSION: u32 = 8;
/// The last build that plays each older version, by git commit and date:
/// what a refused save's message names.
pub const LAST_BUILD_OF: [(u32, &str); 7] = [
    (1, "db82dcd of 2026-11-23"),
    (2, "37c297c of 2026-11-24"),
    (3, "b8196cc of 2026-11-26"),
    (4, "0926239 of 2026-12-06"),
    (5, "89ba199 of 2026-12-06"),
    (6, "445384c of 2026-12-06"),
    (7, "84c0672 of 2026-12-06"),
];
/// Largest replay file read.
pub const MAX_REPLAY_BYTES: u64 = 64 * 1024 * 1024;
/// Turns between state hashes, by default.
pub const HASH_EVERY: Turn = 10;

/// Where a replay's level comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LevelSource {
    /// The generator, with the replay's seed; `play` for a play level.
    Generated { params: GenParams, play: bool },
    /// A level file's text.
    Text(String),
    /// A run of the dungeon from the replay's seed, starting on this
    /// depth (see [`Game::new_run`]).
    Run { depth: u32 },
}

/// One item of a replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Item {
    /// A command, given when the game was on this turn.
    Command(Turn, Command),
    /// The state hash on this turn.
    Hash(Turn, u64),
    /// The player revealed the map (the AI overlays) on this turn: the
    /// game is marked, nothing in it changes.
    Reveal(Turn),
    /// The player marked a cell for travel and explore to keep out of,
    /// within a reach, or took its mark away (`None`), on this turn (see
    /// [`Game::mark`]): the player's memory, nothing in the game changes.
    Mark(Turn, Pos, Option<u32>),
}

impl Item {
    /// The turn it was recorded on.
    pub fn turn(&self) -> Turn {
        match self {
            Item::Command(t, _) | Item::Hash(t, _) | Item::Reveal(t) | Item::Mark(t, ..) => *t,
        }
    }
}

/// What a recorded game is, in a line: see [`Replay::summary`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    pub seed: u64,
    /// The turn it was left (or ended) on.
    pub turn: Turn,
    /// The depth it was left on, for a run.
    pub depth: Option<u32>,
    /// "a run", "a generated level", or the level file's name.
    pub level: String,
}

impl std::fmt::Display for Summary {
    /// "depth 3 of a run, turn 2114, seed 41"; "The sleeping pack, turn
    /// 40, seed 1".
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.depth {
            Some(d) => write!(f, "depth {d} of {}", self.level)?,
            None => write!(f, "{}", self.level)?,
        }
        write!(f, ", turn {}, seed {}", self.turn, self.seed)
    }
}

/// A recorded game.
#[derive(Clone, Debug)]
pub struct Replay {
    pub seed: u64,
    pub level: LevelSource,
    /// The simulation settings the game ran with (a replay must not
    /// depend on defaults that may change).
    pub config: SimConfig,
    pub items: Vec<Item>,
    /// The file line (1-based) of each item, for a replay read from a
    /// file; empty for one built in memory, whose items are numbered as
    /// [`Replay::to_text`] would write them (see [`Replay::line_of`]).
    pub lines: Vec<usize>,
}

/// Two replays are equal when they record the same game: where their
/// items stood in a file (blank lines) is not part of it.
impl PartialEq for Replay {
    fn eq(&self, other: &Replay) -> bool {
        self.seed == other.seed
            && self.level == other.level
            && self.config == other.config
            && self.items == other.items
    }
}
impl Eq for Replay {}

/// Why a replay could not be used.
#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    /// The OS refused. The OS error is part of the message and not a
    /// `source`, so a report of the whole chain says it once.
    #[error("{}: {error}", crate::content::textfile::escape_path(file))]
    Io {
        file: PathBuf,
        error: std::io::Error,
    },
    #[error("{}:{line}: {message}", crate::content::textfile::escape_path(file))]
    Parse {
        file: PathBuf,
        line: usize,
        message: String,
    },
    /// An error in the level text embedded in a replay file, placed in
    /// that file (the level's own line and column, moved past the `| `).
    #[error(
        "{}:{line}:{column}: the replay's level: {message}",
        crate::content::textfile::escape_path(file)
    )]
    LevelText {
        file: PathBuf,
        line: usize,
        column: usize,
        message: String,
    },
    /// A level built in memory (not read from a replay file) is invalid.
    #[error("the replay's level: {0}")]
    Level(LevelError),
    #[error("the replay's level cannot start: {0}")]
    Start(GameError),
    #[error("the replay does not play back in sync: {0}")]
    Desync(Desync),
    /// The progress callback asked to stop.
    #[error("interrupted on turn {turn}")]
    Interrupted { turn: Turn },
}

// The inner errors are part of the messages above, not `source`s, so a
// report of the whole chain (`{:#}`) says each thing once.
impl From<LevelError> for ReplayError {
    fn from(e: LevelError) -> Self {
        ReplayError::Level(e)
    }
}

impl From<GameError> for ReplayError {
    fn from(e: GameError) -> Self {
        ReplayError::Start(e)
    }
}

/// Where a played-back replay first differs from the recording.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Desync {
    /// The line of the replay file whose check failed (1-based, as in the
    /// file: see [`Replay::line_of`]).
    pub line: usize,
    /// The turn the game had reached.
    pub turn: Turn,
    pub kind: DesyncKind,
}

/// What differed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum DesyncKind {
    /// The state hash on the turn is not the recorded one.
    Hash { expected: u64, found: u64 },
    /// A command recorded for turn `recorded` came up when the game was on
    /// another turn.
    CommandTurn { recorded: Turn },
    /// A state hash recorded for turn `recorded` came up when the game was
    /// on another turn.
    HashTurn { recorded: Turn },
    /// A reveal mark recorded for turn `recorded` came up when the game
    /// was on another turn.
    RevealTurn { recorded: Turn },
    /// A mark recorded for turn `recorded` came up when the game was on
    /// another turn.
    MarkTurn { recorded: Turn },
}

impl Desync {
    /// What differed, without the line: "desync on turn T: expected hash
    /// X, found Y", or "command for turn T but the game is on turn U".
    pub fn what(&self) -> String {
        let turn = self.turn;
        match self.kind {
            DesyncKind::Hash { expected, found } => {
                format!("desync on turn {turn}: expected hash {expected:016x}, found {found:016x}")
            }
            DesyncKind::CommandTurn { recorded } => {
                format!("command for turn {recorded} but the game is on turn {turn}")
            }
            DesyncKind::HashTurn { recorded } => {
                format!("state hash for turn {recorded} but the game is on turn {turn}")
            }
            DesyncKind::RevealTurn { recorded } => {
                format!("reveal mark for turn {recorded} but the game is on turn {turn}")
            }
            DesyncKind::MarkTurn { recorded } => {
                format!("exclusion mark for turn {recorded} but the game is on turn {turn}")
            }
        }
    }
}

impl std::fmt::Display for Desync {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {}", self.line, self.what())
    }
}

/// How far a replay being played back has got, for a progress bar.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Progress {
    /// The turn the game has reached.
    pub turn: Turn,
    /// The turn the replay ends on (its last item's).
    pub total: Turn,
}

/// How checking a replay ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Checked {
    InSync(Verified),
    Desync(Desync),
    /// The progress callback broke off on this turn.
    Interrupted {
        turn: Turn,
    },
}

/// How a verified replay ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verified {
    pub commands: usize,
    pub hashes: usize,
    pub turn: Turn,
}

mod format;
mod honest;
mod recorder;
mod script;
mod verify;

pub use honest::Unranked;
pub use recorder::{Recorder, recorded_bot_run};
pub use script::{Played, Script};
pub use verify::check;

impl Replay {
    /// The level this replay plays.
    pub fn level(&self) -> Result<Level, ReplayError> {
        Ok(match &self.level {
            LevelSource::Generated { params, play: true } => play_level(params, self.seed),
            LevelSource::Generated {
                params,
                play: false,
            } => generate(params, self.seed),
            // A replay read from a file had its level checked, with the
            // file's own lines, by `parse`.
            LevelSource::Text(text) => Level::parse(text, Path::new("(replay level)"))?,
            // The first depth, as generated (its name and size).
            LevelSource::Run { depth } => crate::content::generator::depth_level(
                self.seed,
                *depth,
                &crate::content::bestiary::Bestiary::builtin(),
            ),
        })
    }

    /// What this replay's game needs, for the memory cap
    /// ([`crate::sim::memory`]): a generated level's is had from its
    /// parameters, without generating it.
    pub fn footprint(&self) -> Result<Footprint, ReplayError> {
        Ok(match &self.level {
            LevelSource::Generated { params, play } => Footprint::of_generated(params, *play),
            LevelSource::Text(_) => Footprint::of_level(&self.level()?),
            // One depth's: the depths left are small (80x40) and hold
            // no search memory while the player is away.
            LevelSource::Run { .. } => Footprint::of_level(&self.level()?),
        })
    }

    /// A new game of this replay's level and seed, before any command.
    pub fn start(&self) -> Result<Game, ReplayError> {
        Ok(self.begin()?.0)
    }

    /// [`Replay::start`] with this replay's level already made.
    pub fn start_on(&self, level: &Level) -> Result<Game, ReplayError> {
        Ok(self.begin_on(level)?.0)
    }

    /// The file line of item `index` (0-based): where it was read from,
    /// or for a replay built in memory where [`Replay::to_text`] puts it.
    pub fn line_of(&self, index: usize) -> usize {
        if let Some(&line) = self.lines.get(index) {
            return line;
        }
        let header = match &self.level {
            LevelSource::Generated { .. } | LevelSource::Run { .. } => 4,
            LevelSource::Text(t) => 5 + t.lines().count(),
        };
        header + index + 1
    }

    /// The turn the player first revealed the map on, if the game was
    /// revealed (see [`Item::Reveal`]).
    pub fn revealed(&self) -> Option<Turn> {
        self.items.iter().find_map(|i| match i {
            Item::Reveal(t) => Some(*t),
            _ => None,
        })
    }

    /// What the recorded game is, told without playing it back (the
    /// title screen's line for a save or a kept game).
    pub fn summary(&self) -> Summary {
        let depth = match &self.level {
            LevelSource::Run { depth } => {
                let moved = self
                    .items
                    .iter()
                    .fold(i64::from(*depth), |d, item| match item {
                        Item::Command(_, Command::Player(Action::Descend)) => d + 1,
                        Item::Command(_, Command::Player(Action::Ascend)) => d - 1,
                        _ => d,
                    });
                Some(moved.clamp(1, i64::from(u32::MAX)) as u32)
            }
            _ => None,
        };
        let level = match &self.level {
            LevelSource::Run { .. } => "a run".to_string(),
            LevelSource::Generated { .. } => "a generated level".to_string(),
            LevelSource::Text(text) => text
                .lines()
                .find_map(|l| l.strip_prefix("name:"))
                .map(|n| n.trim().to_string())
                .filter(|n| !n.is_empty())
                .unwrap_or_else(|| "a level file".to_string()),
        };
        Summary {
            seed: self.seed,
            turn: self.last_turn(),
            depth,
            level,
        }
    }

    /// The turn the replay ends on: its last item's.
    pub fn last_turn(&self) -> Turn {
        self.items.last().map_or(0, Item::turn)
    }
}
