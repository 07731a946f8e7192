//! The replay file format: written by `to_text`, read by `parse` (every
//! line checked, errors naming file and line, sizes limited before
//! anything is allocated).

use super::*;

impl Replay {
    /// The replay as text.
    pub fn to_text(&self) -> String {
        let mut out = format!(
            "darkstar-replay {REPLAY_VERSION}\nseed {}\n{}\n",
            self.seed,
            config_line(&self.config)
        );
        match &self.level {
            LevelSource::Generated { params, play } => {
                let _ = writeln!(out, "{}", generated_line(params, *play));
            }
            LevelSource::Run { depth } => {
                let _ = writeln!(out, "level run {depth}");
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
                Item::Mark(turn, at, reach) => {
                    let _ = match reach {
                        Some(r) => writeln!(out, "x {turn} {} {} {r}", at.x, at.y),
                        None => writeln!(out, "x {turn} {} {} off", at.x, at.y),
                    };
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
                if version < REPLAY_VERSION {
                    let build = LAST_BUILD_OF
                        .iter()
                        .find(|(v, _)| *v == version)
                        .map_or_else(
                            || "the Darkstar that made it".to_string(),
                            |(_, b)| format!("Darkstar at git commit {b}, the last build that plays version {version}"),
                        );
                    format!(
                        "replay version {version} was made by an older Darkstar, whose games play differently; this build reads version {REPLAY_VERSION}. Finish or watch it with {build} (a save of it resumes there), or start a new game here"
                    )
                } else {
                    format!(
                        "replay version {version} was made by a newer Darkstar; this build reads version {REPLAY_VERSION}: play it with that Darkstar"
                    )
                },
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
            ["level", "run", depth] => {
                let depth = depth
                    .parse::<u32>()
                    .ok()
                    .filter(|d| (1..=crate::content::bestiary::DEPTHS).contains(d))
                    .ok_or_else(|| {
                        err(
                            n,
                            format!(
                                "expected the first depth, 1 to {}, found {depth:?}",
                                crate::content::bestiary::DEPTHS
                            ),
                        )
                    })?;
                LevelSource::Run { depth }
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
                    "expected `level generated STYLE W H M [play]`, `level run DEPTH` or `level text`"
                        .into(),
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
                ["x", t, x, y, reach] => {
                    let coord = |s: &str| {
                        s.parse::<u16>()
                            .map(i32::from)
                            .map_err(|_| err(n, format!("expected a cell coordinate, found {s:?}")))
                    };
                    let reach = match *reach {
                        "off" => None,
                        r => Some(
                            r.parse::<u32>()
                                .ok()
                                .filter(|&r| r <= crate::sim::recall::ROOM_REACH)
                                .ok_or_else(|| {
                                    err(
                                        n,
                                        format!(
                                            "expected a mark's reach, 0 to {}, or `off`, found {r:?}",
                                            crate::sim::recall::ROOM_REACH
                                        ),
                                    )
                                })?,
                        ),
                    };
                    Item::Mark(turn(t)?, Pos::new(coord(x)?, coord(y)?), reach)
                }
                ["c", t, rest @ ..] => Item::Command(
                    turn(t)?,
                    parse_command(rest)
                        .ok_or_else(|| err(n, format!("unknown command {:?}", rest.join(" "))))?,
                ),
                _ => {
                    return Err(err(
                        n,
                        format!(
                            "expected `c TURN COMMAND`, `h TURN HASH`, `r TURN` or `x TURN X Y REACH`, found {line:?}"
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

/// The `config` line of a replay.
pub(super) fn config_line(c: &SimConfig) -> String {
    format!(
        "config {} {} {} {} {}",
        c.expansion_budget, c.patience, c.avoid_radius, c.detour_budget, c.claim_radius
    )
}

/// The level line of a replay of a generated level.
pub(super) fn generated_line(params: &GenParams, play: bool) -> String {
    format!(
        "level generated {} {} {} {}{}",
        params.style.name(),
        params.width,
        params.height,
        params.monsters_per_faction,
        if play { " play" } else { "" }
    )
}

pub(super) fn parse_error(file: &Path, line: usize, message: String) -> ReplayError {
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

fn dir_name(d: Dir) -> &'static str {
    DIR_NAMES
        .iter()
        .find(|(x, _)| *x == d)
        .map_or("n", |(_, n)| n)
}

pub(super) fn command_text(c: &Command) -> String {
    match c {
        Command::Advance => "advance".into(),
        Command::Player(Action::Wait(_)) => "wait".into(),
        Command::Player(Action::Walk(d)) => format!("move {}", dir_name(*d)),
        Command::Player(Action::Close(d)) => format!("close {}", dir_name(*d)),
        Command::Player(Action::Sneak) => "sneak".into(),
        Command::Player(Action::Descend) => "descend".into(),
        Command::Player(Action::Use(s)) => format!("use {s}"),
        Command::Player(Action::Throw(s, p)) => format!("throw {s} {} {}", p.x, p.y),
        Command::Player(Action::Drop(s)) => format!("drop {s}"),
        Command::Player(Action::Ascend) => "ascend".into(),
        Command::Player(Action::Attack(m)) => format!("attack {m}"),
        Command::Player(Action::Open(d)) => format!("open {}", dir_name(*d)),
        Command::Player(Action::Think) => "think".into(),
        Command::Kill { monster } => format!("kill {monster}"),
        Command::PutItem { at, item } => format!("item {} {} {}", at.x, at.y, item.word()),
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

pub(super) fn parse_command(words: &[&str]) -> Option<Command> {
    let id = |s: &str| s.parse::<u32>().ok();
    let coord = |s: &str| s.parse::<i32>().ok();
    Some(match words {
        ["advance"] => Command::Advance,
        ["wait"] => Command::Player(Action::Wait(None)),
        ["move", d] => Command::Player(Action::Walk(DIR_NAMES.iter().find(|(_, n)| n == d)?.0)),
        ["close", d] => Command::Player(Action::Close(DIR_NAMES.iter().find(|(_, n)| n == d)?.0)),
        ["sneak"] => Command::Player(Action::Sneak),
        ["descend"] => Command::Player(Action::Descend),
        ["use", s] => Command::Player(Action::Use(s.parse().ok()?)),
        ["throw", s, x, y] => Command::Player(Action::Throw(
            s.parse().ok()?,
            Pos::new(coord(x)?, coord(y)?),
        )),
        ["drop", s] => Command::Player(Action::Drop(s.parse().ok()?)),
        ["ascend"] => Command::Player(Action::Ascend),
        ["attack", m] => Command::Player(Action::Attack(id(m)?)),
        ["open", d] => Command::Player(Action::Open(DIR_NAMES.iter().find(|(_, n)| n == d)?.0)),
        ["think"] => Command::Player(Action::Think),
        ["kill", m] => Command::Kill { monster: id(m)? },
        ["item", x, y, kind] => Command::PutItem {
            at: Pos::new(coord(x)?, coord(y)?),
            // By its word in the built-in book: a replay plays it.
            item: crate::sim::item::ItemKind::named(kind)?,
        },
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
