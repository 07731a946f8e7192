//! Replays, Brogue-style: the level (generator parameters, or the level
//! text itself), the seed, every command with the turn it was given on,
//! and the game's state hash every few turns. Played back, a replay must
//! give the same hashes; the first that differs names the turn where the
//! games parted.
//!
//! The format is plain text, a line an item:
//!
//! ```text
//! darkstar-replay 2
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
//! claim radius the game ran with), or, for a level file, `level text` followed by the level's lines each
//! prefixed with `| ` and closed by `end-level`; the last line, `end N`,
//! counts the items, so a file cut short is an error, not a shorter game. Commands: `advance`,
//! `move DIR` (n ne e se s sw w nw), `wait`, `kill ID`, `goal ID X Y`,
//! `goal ID none`. `r TURN` marks a played game as
//! revealed from that turn on (the player turned on the AI overlays, which
//! show what the player could not know): it changes nothing in the game,
//! and playback shows the mark; version 2 files without it read as before.
//! Untrusted input: errors name the file and line (an
//! embedded level's errors too, at their line and column in the replay
//! file), and sizes are limited before anything is allocated for them.
//!
//! Playing back is one pass ([`Replay::verify_with`], [`Replay::restore_with`]):
//! each command is applied on the turn it was recorded on, each hash
//! compared when the game reaches its turn; the first difference is a
//! [`Desync`] naming the file line (items keep their source lines) and
//! what differed: the hash, or the turn of a command. A progress callback
//! hears of every turn reached and may break off (a long replay behind a
//! progress bar, interrupted by Ctrl-C).

use std::fmt::Write as _;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};

use crate::content::generator::{GenParams, Style, generate, play_level};
use crate::content::level::{Level, LevelError};
use crate::fog::knowledge::Turn;
use crate::map::geom::{Dir, Pos};
use crate::sim::memory::Footprint;
use crate::sim::{Command, Event, Game, GameError, PlayerAction, SimConfig};

/// The version this build writes and reads. Version 2: the state hash
/// covers the whole future-deciding state and the corner rules changed
/// (issue 10), so version 1 games no longer play back in sync.
pub const REPLAY_VERSION: u32 = 2;
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
        })
    }

    /// What this replay's game needs, for the memory cap
    /// ([`crate::sim::memory`]): a generated level's is had from its
    /// parameters, without generating it.
    pub fn footprint(&self) -> Result<Footprint, ReplayError> {
        Ok(match &self.level {
            LevelSource::Generated { params, play } => Footprint::of_generated(params, *play),
            LevelSource::Text(_) => Footprint::of_level(&self.level()?),
        })
    }

    /// A new game of this replay's level and seed, before any command.
    pub fn start(&self) -> Result<Game, ReplayError> {
        Ok(Game::new(&self.level()?, self.seed, self.config)?)
    }

    /// The file line of item `index` (0-based): where it was read from,
    /// or for a replay built in memory where [`Replay::to_text`] puts it.
    pub fn line_of(&self, index: usize) -> usize {
        if let Some(&line) = self.lines.get(index) {
            return line;
        }
        let header = match &self.level {
            LevelSource::Generated { .. } => 4,
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

    /// The turn the replay ends on: its last item's.
    pub fn last_turn(&self) -> Turn {
        match self.items.last() {
            Some(Item::Command(t, _) | Item::Hash(t, _) | Item::Reveal(t)) => *t,
            None => 0,
        }
    }

    /// Plays the replay back and checks every hash.
    pub fn verify(&self) -> Result<Result<Verified, Desync>, ReplayError> {
        match self.verify_with(|_| ControlFlow::Continue(()))? {
            Checked::InSync(v) => Ok(Ok(v)),
            Checked::Desync(d) => Ok(Err(d)),
            Checked::Interrupted { turn } => Err(ReplayError::Interrupted { turn }),
        }
    }

    /// Plays the replay back checking every hash, telling `progress` each
    /// turn reached; it stops when `progress` breaks.
    pub fn verify_with(
        &self,
        progress: impl FnMut(Progress) -> ControlFlow<()>,
    ) -> Result<Checked, ReplayError> {
        let level = self.level()?;
        let (_, checked) = self.play_checked(&level, progress)?;
        Ok(checked)
    }

    /// Plays every command of the replay, checking its hashes as it goes
    /// (one pass): the game as it stood when the replay was saved. A
    /// replay out of sync with this build is refused (its game cannot be
    /// restored faithfully).
    pub fn restore(&self) -> Result<Game, ReplayError> {
        self.restore_with(|_| ControlFlow::Continue(()))
    }

    /// [`Replay::restore`], telling `progress` each turn reached; a break
    /// is [`ReplayError::Interrupted`].
    pub fn restore_with(
        &self,
        progress: impl FnMut(Progress) -> ControlFlow<()>,
    ) -> Result<Game, ReplayError> {
        let level = self.level()?;
        self.restore_on(&level, progress)
    }

    /// [`Replay::restore_with`] on `level`, this replay's level already
    /// made (so a caller that needs the level too makes it once).
    pub fn restore_on(
        &self,
        level: &Level,
        progress: impl FnMut(Progress) -> ControlFlow<()>,
    ) -> Result<Game, ReplayError> {
        match self.play_checked(level, progress)? {
            (game, Checked::InSync(_)) => Ok(game),
            (_, Checked::Desync(d)) => Err(ReplayError::Desync(d)),
            (_, Checked::Interrupted { turn }) => Err(ReplayError::Interrupted { turn }),
        }
    }

    /// The one pass behind verifying and restoring: every command applied
    /// on the turn it was recorded on, every hash compared when the game
    /// reaches its turn; stops at the first difference.
    fn play_checked(
        &self,
        level: &Level,
        mut progress: impl FnMut(Progress) -> ControlFlow<()>,
    ) -> Result<(Game, Checked), ReplayError> {
        let mut game = Game::new(level, self.seed, self.config)?;
        let total = self.last_turn();
        let (mut commands, mut hashes) = (0, 0);
        let mut told = None;
        for (i, item) in self.items.iter().enumerate() {
            let turn = game.turn();
            if told != Some(turn) {
                told = Some(turn);
                if progress(Progress { turn, total }).is_break() {
                    return Ok((game, Checked::Interrupted { turn }));
                }
            }
            if let Err(kind) = check(&mut game, item) {
                let line = self.line_of(i);
                return Ok((game, Checked::Desync(Desync { line, turn, kind })));
            }
            match item {
                Item::Command(..) => commands += 1,
                Item::Hash(..) => hashes += 1,
                Item::Reveal(_) => {}
            }
        }
        let turn = game.turn();
        if told != Some(turn) {
            // The end: a bar can show it full (nothing is left to stop).
            let _ = progress(Progress { turn, total });
        }
        let verified = Verified {
            commands,
            hashes,
            turn,
        };
        Ok((game, Checked::InSync(verified)))
    }

    /// The replay as text.
    pub fn to_text(&self) -> String {
        let c = &self.config;
        let mut out = format!(
            "darkstar-replay {REPLAY_VERSION}\nseed {}\nconfig {} {} {} {} {}\n",
            self.seed,
            c.expansion_budget,
            c.patience,
            c.avoid_radius,
            c.detour_budget,
            c.claim_radius
        );
        match &self.level {
            LevelSource::Generated { params, play } => {
                let _ = writeln!(
                    out,
                    "level generated {} {} {} {}{}",
                    params.style.name(),
                    params.width,
                    params.height,
                    params.monsters_per_faction,
                    if *play { " play" } else { "" }
                );
            }
            LevelSource::Text(text) => {
                out.push_str("level text\n");
                for line in text.lines() {
                    let _ = writeln!(out, "| {line}");
                }
                out.push_str("end-level\n");
            }
        }
        for item in &self.items {
            match item {
                Item::Command(turn, c) => {
                    let _ = writeln!(out, "c {turn} {}", command_text(c));
                }
                Item::Hash(turn, h) => {
                    let _ = writeln!(out, "h {turn} {h:016x}");
                }
                Item::Reveal(turn) => {
                    let _ = writeln!(out, "r {turn}");
                }
            }
        }
        // So a file cut short is told from a shorter game.
        let _ = writeln!(out, "end {}", self.items.len());
        out
    }

    /// Reads a replay file.
    pub fn load(path: &Path) -> Result<Replay, ReplayError> {
        use crate::content::textfile::{ReadError, read_limited};
        let text = read_limited(path, MAX_REPLAY_BYTES).map_err(|e| match e {
            ReadError::Io(error) => ReplayError::Io {
                file: path.to_path_buf(),
                error,
            },
            ReadError::TooLarge(max) => {
                parse_error(path, 1, format!("file is larger than the {max}-byte limit"))
            }
            ReadError::NotUtf8 { line } => parse_error(path, line, "not valid UTF-8 text".into()),
        })?;
        Replay::parse(&text, path)
    }

    /// Parses replay text; `file` names it in errors.
    pub fn parse(text: &str, file: &Path) -> Result<Replay, ReplayError> {
        let err = |line: usize, m: String| parse_error(file, line, m);
        let mut lines = text
            .lines()
            .enumerate()
            .map(|(i, l)| (i + 1, l.trim_end_matches('\r')));
        let (n, first) = lines
            .next()
            .ok_or_else(|| err(1, "empty file: not a replay".into()))?;
        let version: u32 = first
            .strip_prefix("darkstar-replay ")
            .and_then(|v| v.trim().parse().ok())
            .ok_or_else(|| err(n, "expected `darkstar-replay VERSION`".into()))?;
        if version != REPLAY_VERSION {
            return Err(err(
                n,
                format!(
                    "replay version {version}, written by {} darkstar whose games play differently; this build reads version {REPLAY_VERSION}",
                    if version < REPLAY_VERSION {
                        "an older"
                    } else {
                        "a newer"
                    }
                ),
            ));
        }
        let (n, seed_line) = lines
            .next()
            .ok_or_else(|| err(n + 1, "expected `seed N`".into()))?;
        let seed = seed_line
            .strip_prefix("seed ")
            .and_then(|s| s.trim().parse().ok())
            .ok_or_else(|| err(n, "expected `seed N`".into()))?;
        let (n, config_line) = lines.next().ok_or_else(|| {
            err(
                n + 1,
                "expected `config BUDGET PATIENCE AVOID DETOUR CLAIMS`".into(),
            )
        })?;
        let numbers: Option<Vec<u64>> = config_line.strip_prefix("config ").and_then(|rest| {
            rest.split_whitespace()
                .map(|w| w.parse().ok())
                .collect::<Option<Vec<u64>>>()
        });
        let config = match numbers.as_deref() {
            Some(&[budget, patience, avoid, detour, claims])
                if (1..=u32::MAX as u64).contains(&budget)
                    && patience <= 1000
                    && avoid <= 1000
                    && claims <= 1000 =>
            {
                SimConfig {
                    expansion_budget: budget,
                    patience: patience as u32,
                    avoid_radius: avoid as u32,
                    detour_budget: detour,
                    claim_radius: claims as u32,
                }
            }
            _ => {
                return Err(err(
                    n,
                    "expected `config BUDGET PATIENCE AVOID DETOUR CLAIMS` (budget at least 1, the rest at most 1000)".into(),
                ));
            }
        };
        let (n, level_line) = lines
            .next()
            .ok_or_else(|| err(n + 1, "expected `level ...`".into()))?;
        let words: Vec<&str> = level_line.split_whitespace().collect();
        let level = match words.as_slice() {
            ["level", "generated", style, w, h, m, rest @ ..] => {
                let style = Style::from_name(style)
                    .ok_or_else(|| err(n, format!("unknown style {style:?}")))?;
                let num = |s: &str, lo: u64, hi: u64| {
                    s.parse::<u64>()
                        .ok()
                        .filter(|v| (lo..=hi).contains(v))
                        .ok_or_else(|| {
                            err(
                                n,
                                format!("expected a number from {lo} to {hi}, found {s:?}"),
                            )
                        })
                };
                let side = crate::content::generator::MAX_GEN_SIDE as u64;
                let params = GenParams {
                    style,
                    width: num(w, crate::content::generator::MIN_WIDTH as u64, side)? as u32,
                    height: num(h, crate::content::generator::MIN_HEIGHT as u64, side)? as u32,
                    monsters_per_faction: num(m, 1, 10_000)? as usize,
                };
                let play = match rest {
                    [] => false,
                    ["play"] => true,
                    _ => return Err(err(n, "expected `play` or nothing after the sizes".into())),
                };
                LevelSource::Generated { params, play }
            }
            ["level", "text"] => {
                let mut text = String::new();
                // Where the level's lines start in the file, and how wide
                // each line's `| ` (or bare `|`) is: its errors are moved
                // back into the file's lines and columns.
                let first = n + 1;
                let mut prefixes = Vec::new();
                loop {
                    let (m, line) = lines
                        .next()
                        .ok_or_else(|| err(n, "the level text has no `end-level`".into()))?;
                    if line == "end-level" {
                        break;
                    }
                    let body = line
                        .strip_prefix("| ")
                        .or_else(|| (line == "|").then_some(""))
                        .ok_or_else(|| err(m, "level lines start with `| `".into()))?;
                    prefixes.push(line.len() - body.len());
                    text.push_str(body);
                    text.push('\n');
                }
                if let Err(e) = Level::parse(&text, file) {
                    return Err(match e {
                        LevelError::Parse {
                            line,
                            column,
                            message,
                            ..
                        } => {
                            // A line past the level's own (something
                            // missing at its end) is the `end-level` line.
                            let index = line.saturating_sub(1).min(prefixes.len());
                            let prefix = prefixes.get(index).copied().unwrap_or(0);
                            ReplayError::LevelText {
                                file: file.to_path_buf(),
                                line: first + index,
                                column: column + prefix,
                                message,
                            }
                        }
                        other => ReplayError::Level(other),
                    });
                }
                LevelSource::Text(text)
            }
            _ => {
                return Err(err(
                    n,
                    "expected `level generated STYLE W H M [play]` or `level text`".into(),
                ));
            }
        };
        let mut items = Vec::new();
        let mut item_lines = Vec::new();
        let mut ended = None;
        for (n, line) in lines {
            if line.trim().is_empty() {
                continue;
            }
            if ended.is_some() {
                return Err(err(n, "nothing may follow the `end` line".into()));
            }
            let words: Vec<&str> = line.split_whitespace().collect();
            if let ["end", count] = words.as_slice() {
                if count.parse::<usize>().ok() != Some(items.len()) {
                    return Err(err(
                        n,
                        format!("`end` counts {count} items, the file has {}", items.len()),
                    ));
                }
                ended = Some(n);
                continue;
            }
            let turn = |s: &str| {
                s.parse::<Turn>()
                    .map_err(|_| err(n, format!("expected a turn number, found {s:?}")))
            };
            let item = match words.as_slice() {
                ["h", t, hash] => Item::Hash(
                    turn(t)?,
                    u64::from_str_radix(hash, 16)
                        .map_err(|_| err(n, format!("expected a hex hash, found {hash:?}")))?,
                ),
                ["r", t] => Item::Reveal(turn(t)?),
                ["c", t, rest @ ..] => Item::Command(
                    turn(t)?,
                    parse_command(rest)
                        .ok_or_else(|| err(n, format!("unknown command {:?}", rest.join(" "))))?,
                ),
                _ => {
                    return Err(err(
                        n,
                        format!(
                            "expected `c TURN COMMAND`, `h TURN HASH` or `r TURN`, found {line:?}"
                        ),
                    ));
                }
            };
            items.push(item);
            item_lines.push(n);
        }
        if ended.is_none() {
            return Err(err(
                text.lines().count().max(1),
                "the replay is truncated: it has no `end` line".into(),
            ));
        }
        Ok(Replay {
            seed,
            level,
            config,
            items,
            lines: item_lines,
        })
    }
}

fn parse_error(file: &Path, line: usize, message: String) -> ReplayError {
    ReplayError::Parse {
        file: file.to_path_buf(),
        line,
        message,
    }
}

const DIR_NAMES: [(Dir, &str); 8] = [
    (Dir::N, "n"),
    (Dir::NE, "ne"),
    (Dir::E, "e"),
    (Dir::SE, "se"),
    (Dir::S, "s"),
    (Dir::SW, "sw"),
    (Dir::W, "w"),
    (Dir::NW, "nw"),
];

fn command_text(c: &Command) -> String {
    match c {
        Command::Advance => "advance".into(),
        Command::Player(PlayerAction::Wait) => "wait".into(),
        Command::Player(PlayerAction::Move(d)) => {
            let name = DIR_NAMES
                .iter()
                .find(|(x, _)| x == d)
                .map_or("n", |(_, n)| n);
            format!("move {name}")
        }
        Command::Kill { monster } => format!("kill {monster}"),
        Command::SetGoal {
            monster,
            goal: None,
        } => format!("goal {monster} none"),
        Command::SetGoal {
            monster,
            goal: Some(p),
        } => format!("goal {monster} {} {}", p.x, p.y),
    }
}

fn parse_command(words: &[&str]) -> Option<Command> {
    let id = |s: &str| s.parse::<u32>().ok();
    let coord = |s: &str| s.parse::<i32>().ok();
    Some(match words {
        ["advance"] => Command::Advance,
        ["wait"] => Command::Player(PlayerAction::Wait),
        ["move", d] => Command::Player(PlayerAction::Move(
            DIR_NAMES.iter().find(|(_, n)| n == d)?.0,
        )),
        ["kill", m] => Command::Kill { monster: id(m)? },
        ["goal", m, "none"] => Command::SetGoal {
            monster: id(m)?,
            goal: None,
        },
        ["goal", m, x, y] => Command::SetGoal {
            monster: id(m)?,
            goal: Some(Pos::new(coord(x)?, coord(y)?)),
        },
        _ => return None,
    })
}

/// Records a game as it is played: every command, and the state hash
/// every `every` turns.
#[derive(Clone, Debug)]
pub struct Recorder {
    replay: Replay,
    every: Turn,
    next_hash: Turn,
}

impl Recorder {
    /// Starts recording a game of `level` with `seed` and `config`.
    pub fn new(level: LevelSource, seed: u64, config: SimConfig, every: Turn) -> Recorder {
        let every = every.max(1);
        Recorder {
            replay: Replay {
                seed,
                level,
                config,
                items: Vec::new(),
                lines: Vec::new(),
            },
            every,
            next_hash: every,
        }
    }

    /// Applies `command` to `game`, recording it (and the hash, when a
    /// checkpoint turn is reached).
    pub fn apply(&mut self, game: &mut Game, command: Command) -> Vec<Event> {
        self.replay
            .items
            .push(Item::Command(game.turn(), command.clone()));
        let events = game.apply(command);
        if game.turn() >= self.next_hash {
            self.replay
                .items
                .push(Item::Hash(game.turn(), game.state_hash()));
            self.next_hash = (game.turn() / self.every + 1) * self.every;
        }
        events
    }

    /// Marks the game as revealed on the turn it stands on (see
    /// [`Item::Reveal`]).
    pub fn reveal(&mut self, turn: Turn) {
        self.replay.items.push(Item::Reveal(turn));
    }

    /// The recording so far.
    pub fn replay(&self) -> &Replay {
        &self.replay
    }

    /// Goes on recording `replay` (a resumed save), whose game now stands
    /// on turn `turn`.
    pub fn resume(replay: Replay, turn: Turn, every: Turn) -> Recorder {
        let every = every.max(1);
        Recorder {
            replay,
            every,
            next_hash: (turn / every + 1) * every,
        }
    }
}

/// Plays one replay item on `game`: a command is applied if the game is on
/// its turn (what happened, in order), a hash compared if the game is on
/// its turn. Otherwise what differed.
pub fn check(game: &mut Game, item: &Item) -> Result<Vec<Event>, DesyncKind> {
    match item {
        Item::Command(recorded, _) | Item::Hash(recorded, _) | Item::Reveal(recorded)
            if game.turn() != *recorded =>
        {
            Err(match item {
                Item::Command(..) => DesyncKind::CommandTurn {
                    recorded: *recorded,
                },
                Item::Hash(..) => DesyncKind::HashTurn {
                    recorded: *recorded,
                },
                Item::Reveal(_) => DesyncKind::RevealTurn {
                    recorded: *recorded,
                },
            })
        }
        Item::Reveal(_) => Ok(Vec::new()),
        Item::Command(_, command) => Ok(game.apply(command.clone())),
        Item::Hash(_, expected) => {
            let found = game.state_hash();
            if found != *expected {
                return Err(DesyncKind::Hash {
                    expected: *expected,
                    found,
                });
            }
            Ok(Vec::new())
        }
    }
}
