//! Replays, Brogue-style: the level (generator parameters, or the level
//! text itself), the seed, every command with the turn it was given on,
//! and the game's state hash every few turns. Played back, a replay must
//! give the same hashes; the first that differs names the turn where the
//! games parted.
//!
//! The format is plain text, a line an item:
//!
//! ```text
//! darkstar-replay 1
//! seed 7
//! config 20000 2 8 2000 8
//! level generated dungeon 80 40 3 play
//! c 0 move ne
//! c 1 wait
//! h 10 9a3f0c1d22b4e817
//! end 3
//! ```
//!
//! (`config`: the search budget, patience, avoid radius, detour budget and
//! claim radius the game ran with), or, for a level file, `level text` followed by the level's lines each
//! prefixed with `| ` and closed by `end-level`; the last line, `end N`,
//! counts the items, so a file cut short is an error, not a shorter game. Commands: `advance`,
//! `move DIR` (n ne e se s sw w nw), `wait`, `kill ID`, `goal ID X Y`,
//! `goal ID none`. Untrusted input: errors name the file and line, and
//! sizes are limited before anything is allocated for them.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use crate::geom::{Dir, Pos};
use crate::knowledge::Turn;
use crate::level::{Level, LevelError};
use crate::mapgen::{GenParams, Style, generate, play_level};
use crate::sim::{Command, Event, Game, GameError, PlayerAction, SimConfig};

/// The version this build writes and reads.
pub const REPLAY_VERSION: u32 = 1;
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
}

/// A recorded game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    pub seed: u64,
    pub level: LevelSource,
    /// The simulation settings the game ran with (a replay must not
    /// depend on defaults that may change).
    pub config: SimConfig,
    pub items: Vec<Item>,
}

/// Why a replay could not be used.
#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    #[error("{}: {source}", file.display())]
    Io {
        file: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("{}:{line}: {message}", file.display())]
    Parse {
        file: PathBuf,
        line: usize,
        message: String,
    },
    #[error("the replay's level: {0}")]
    Level(#[from] LevelError),
    #[error("the replay's level cannot start: {0}")]
    Start(#[from] GameError),
    #[error("the replay does not play back in sync: on turn {}, expected hash {:016x}, found {:016x}", .0.turn, .0.expected, .0.found)]
    Desync(Desync),
}

/// Where a played-back replay first differs from the recording.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Desync {
    /// The turn whose hash differs (or on which a command was given at a
    /// different turn).
    pub turn: Turn,
    pub expected: u64,
    pub found: u64,
    /// The replay line of the check that failed (1-based, as written).
    pub item: usize,
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
            LevelSource::Text(text) => Level::parse(text, Path::new("(replay level)"))?,
        })
    }

    /// A new game of this replay's level and seed, before any command.
    pub fn start(&self) -> Result<Game, ReplayError> {
        Ok(Game::new(&self.level()?, self.seed, self.config)?)
    }

    /// Plays the replay back and checks every hash.
    pub fn verify(&self) -> Result<Result<Verified, Desync>, ReplayError> {
        let mut game = self.start()?;
        let (mut commands, mut hashes) = (0, 0);
        for (i, item) in self.items.iter().enumerate() {
            match item {
                Item::Command(turn, command) => {
                    if game.turn() != *turn {
                        return Ok(Err(Desync {
                            turn: game.turn(),
                            expected: *turn as u64,
                            found: game.turn() as u64,
                            item: i + 1,
                        }));
                    }
                    game.apply(command.clone());
                    commands += 1;
                }
                Item::Hash(turn, expected) => {
                    let found = game.state_hash();
                    if game.turn() != *turn || found != *expected {
                        return Ok(Err(Desync {
                            turn: *turn,
                            expected: *expected,
                            found,
                            item: i + 1,
                        }));
                    }
                    hashes += 1;
                }
            }
        }
        Ok(Ok(Verified {
            commands,
            hashes,
            turn: game.turn(),
        }))
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
            }
        }
        // So a file cut short is told from a shorter game.
        let _ = writeln!(out, "end {}", self.items.len());
        out
    }

    /// Reads a replay file.
    pub fn load(path: &Path) -> Result<Replay, ReplayError> {
        use crate::textfile::{ReadError, read_limited};
        let text = read_limited(path, MAX_REPLAY_BYTES).map_err(|e| match e {
            ReadError::Io(source) => ReplayError::Io {
                file: path.to_path_buf(),
                source,
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
                format!("replay version {version}; this build reads version {REPLAY_VERSION}"),
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
                let side = crate::mapgen::MAX_GEN_SIDE as u64;
                let params = GenParams {
                    style,
                    width: num(w, crate::mapgen::MIN_WIDTH as u64, side)? as u32,
                    height: num(h, crate::mapgen::MIN_HEIGHT as u64, side)? as u32,
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
                    text.push_str(body);
                    text.push('\n');
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
                ["c", t, rest @ ..] => Item::Command(
                    turn(t)?,
                    parse_command(rest)
                        .ok_or_else(|| err(n, format!("unknown command {:?}", rest.join(" "))))?,
                ),
                _ => {
                    return Err(err(
                        n,
                        format!("expected `c TURN COMMAND` or `h TURN HASH`, found {line:?}"),
                    ));
                }
            };
            items.push(item);
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

impl Replay {
    /// Plays every command of the replay, checking its hashes: the game as
    /// it stood when the replay was saved. A replay out of sync with this
    /// build is refused (its game cannot be restored faithfully).
    pub fn restore(&self) -> Result<Game, ReplayError> {
        if let Err(d) = self.verify()? {
            return Err(ReplayError::Desync(d));
        }
        let mut game = self.start()?;
        for item in &self.items {
            if let Item::Command(_, c) = item {
                game.apply(c.clone());
            }
        }
        Ok(game)
    }
}
