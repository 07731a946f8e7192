//! Argument groups several commands share (which level to play, the
//! generator's settings), the value parsers behind them, and how a clap
//! error becomes an exit code.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Result, bail};
use clap::Args;
use darkstar::content::generator::{GenParams, MAX_GEN_SIDE, MIN_HEIGHT, MIN_WIDTH, Style};
use darkstar::content::level::Level;
use darkstar::content::textfile::{escape_for_terminal, escape_path};
use darkstar::sim::SimConfig;
use darkstar::sim::memory::{self, DEFAULT_MAX_MEMORY, Footprint};

/// Most monsters a generated faction may have.
pub const MAX_MONSTERS_PER_FACTION: usize = 10_000;

/// The generator's settings.
#[derive(Debug, Clone, Args)]
pub struct GenFlags {
    /// Generator style: dungeon, cave or maze.
    #[arg(long, value_name = "STYLE", default_value = "dungeon", value_parser = parse_style)]
    pub style: Style,
    /// Width of a generated level.
    #[arg(long, value_name = "W", default_value_t = GenParams::default().width,
          value_parser = clap::value_parser!(u32).range(MIN_WIDTH as i64..=MAX_GEN_SIDE as i64))]
    pub width: u32,
    /// Height of a generated level.
    #[arg(long, value_name = "H", default_value_t = GenParams::default().height,
          value_parser = clap::value_parser!(u32).range(MIN_HEIGHT as i64..=MAX_GEN_SIDE as i64))]
    pub height: u32,
    /// Monsters in each faction of a generated level, or of a bare map
    /// given to --level (one with no factions of its own) [default: 3].
    #[arg(long, value_name = "M", value_parser = parse_monsters)]
    pub monsters: Option<usize>,
}

impl Default for GenFlags {
    fn default() -> Self {
        let p = GenParams::default();
        GenFlags {
            style: p.style,
            width: p.width,
            height: p.height,
            monsters: None,
        }
    }
}

impl GenFlags {
    pub fn params(&self) -> GenParams {
        GenParams {
            style: self.style,
            width: self.width,
            height: self.height,
            monsters_per_faction: self
                .monsters
                .unwrap_or(GenParams::default().monsters_per_faction),
        }
    }
}

/// Which level: a file, or a generated one from a seed.
#[derive(Debug, Clone, Default, Args)]
pub struct LevelFlags {
    /// A level file (levels/README.md) or a Moving AI .map.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["seed", "style", "width", "height"])]
    pub level: Option<PathBuf>,
    /// Seed of a generated level (default 1).
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// A depth of the dungeon (1 to 10) for the seed: an 80x40 dungeon
    /// peopled from the bestiary with the kinds that live there (watching:
    /// without the player, its factions wandering and fighting).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=10),
          conflicts_with_all = ["level", "style", "width", "height", "monsters"])]
    pub depth: Option<u32>,
    #[command(flatten)]
    pub generator: GenFlags,
    #[command(flatten)]
    pub memory: MemoryFlag,
}

/// The memory cap a game must fit in.
#[derive(Debug, Clone, Args)]
pub struct MemoryFlag {
    /// Refuse games estimated to need more memory than this (K, M, G, T:
    /// powers of 1024).
    #[arg(long, value_name = "SIZE", default_value = "2G", value_parser = parse_size)]
    pub max_memory: u64,
}

impl Default for MemoryFlag {
    fn default() -> Self {
        MemoryFlag {
            max_memory: DEFAULT_MAX_MEMORY,
        }
    }
}

impl MemoryFlag {
    /// Refuses a game of this footprint if it would not fit.
    pub fn check(&self, footprint: &Footprint) -> Result<()> {
        self.check_games(footprint, 1)
    }

    /// Refuses `games` games of this footprint played at once (a sweep
    /// plays one a thread) if they would not fit together.
    pub fn check_games(&self, footprint: &Footprint, games: u64) -> Result<()> {
        let games = games.max(1);
        match memory::check(footprint, &SimConfig::default(), self.max_memory / games) {
            Ok(_) => Ok(()),
            Err(e) if games == 1 => Err(e.into()),
            Err(e) => bail!(
                "{e} (a sweep plays {games} games at once, one a thread, so each has 1/{games} of the limit)"
            ),
        }
    }
}

impl LevelFlags {
    /// True when no flag chose a level: no file, no seed, the generator's
    /// defaults.
    pub fn is_default(&self) -> bool {
        let (g, d) = (&self.generator, GenFlags::default());
        self.level.is_none()
            && self.seed.is_none()
            && self.depth.is_none()
            && g.monsters.is_none()
            && (g.style, g.width, g.height) == (d.style, d.width, d.height)
    }

    /// The level to watch: [`LevelFlags::choose`]'s, but with no flag at
    /// all the built-in opening level (`levels/opening.txt`), where what
    /// Darkstar is about shows in the first ten seconds.
    pub fn choose_to_watch(&self) -> Result<(Level, u64)> {
        if self.is_default() {
            return Ok((Level::opening(), 1));
        }
        self.choose(false)
    }

    /// A run of the dungeon to play, `(seed, first depth)`: what playing
    /// with no level file and none of the generator's flags is (`darkstar`
    /// alone, `--seed N`, `--depth N`).
    pub fn run_to_play(&self) -> Option<(u64, u32)> {
        let (g, d) = (&self.generator, GenFlags::default());
        let plain = self.level.is_none()
            && g.monsters.is_none()
            && (g.style, g.width, g.height) == (d.style, d.width, d.height);
        plain.then(|| (self.seed.unwrap_or(1), self.depth.unwrap_or(1)))
    }

    /// The level to play and the game's seed: the file (a bare map, such
    /// as a Moving AI one, gets the generator's default factions), or a
    /// generated level (`play_level` when it is to be played as `@`).
    /// A game that would need more memory than `--max-memory` allows is
    /// refused here, before it is generated or started.
    pub fn choose(&self, to_play: bool) -> Result<(Level, u64)> {
        let params = self.generator.params();
        if let Some(depth) = self.depth {
            let seed = self.seed.unwrap_or(1);
            let bestiary = darkstar::content::bestiary::Bestiary::builtin();
            let mut level = darkstar::content::generator::depth_level(seed, depth, &bestiary);
            if !to_play {
                // Watched: the factions alone, wandering and fighting.
                (level.player, level.treasure, level.stairs) = (None, None, None);
            }
            self.memory.check(&Footprint::of_level(&level))?;
            return Ok((level, seed));
        }
        let Some(path) = &self.level else {
            self.memory
                .check(&Footprint::of_generated(&params, to_play))?;
            let seed = self.seed.unwrap_or(1);
            let level = if to_play {
                darkstar::content::generator::play_level(&params, seed)
            } else {
                darkstar::content::generator::generate(&params, seed)
            };
            return Ok((level, seed));
        };
        // Weighed first from what the file declares, before its grid and
        // monsters are built (a 4096x4096 map is refused in milliseconds,
        // never by an allocation failure), then again as built.
        let outline = Level::outline(path, params.monsters_per_faction)?;
        if self.generator.monsters.is_some() && !outline.bare {
            bail!(
                "--monsters places the default factions on a bare map, but {} declares its own \
                 factions and monsters: give --level without --monsters",
                escape_path(path)
            );
        }
        self.memory.check(&Footprint::of_outline(&outline))?;
        // A bare map (Moving AI) gets the default factions.
        let level = Level::load_populated(path, 1, params.monsters_per_faction)?;
        self.memory.check(&Footprint::of_level(&level))?;
        Ok((level, 1))
    }
}

/// `--speed`: the speed setting the clock opens at, named by its turns a
/// second (`300`) or `max`.
pub fn parse_speed(text: &str) -> Result<usize, String> {
    darkstar::ui::app::Speed::setting(text)
}

/// The help of `--speed`, from the settings themselves: watching
/// (`replay`: false) or playing a replay back.
pub fn speed_help(replay: bool) -> String {
    use darkstar::ui::app::{PLAYED_REPLAY_SPEED, SPEEDS, WATCH_SPEED};
    let per_second = |s: usize| SPEEDS[s].to_string().trim_end_matches("/s").to_string();
    let default = if replay {
        format!(
            "{} for a played game, {} for a watched one",
            per_second(PLAYED_REPLAY_SPEED),
            per_second(WATCH_SPEED)
        )
    } else {
        per_second(WATCH_SPEED)
    };
    let names: Vec<String> = darkstar::ui::app::SPEEDS
        .iter()
        .map(|s| s.to_string().trim_end_matches("/s").to_string())
        .collect();
    format!(
        "Turns a second it opens at: {} (+ and - change it) [default: {default}]",
        names.join(", ")
    )
}

fn parse_style(text: &str) -> Result<Style, String> {
    Style::from_name(text).ok_or_else(|| format!("expected dungeon, cave or maze, got {text:?}"))
}

fn parse_monsters(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(n) if (1..=MAX_MONSTERS_PER_FACTION).contains(&n) => Ok(n),
        _ => Err(format!(
            "expected a whole number from 1 to {MAX_MONSTERS_PER_FACTION}, got {text:?}"
        )),
    }
}

/// A size in bytes: a whole number, optionally followed by K, M, G or T
/// (powers of 1024; `KiB`, `MB` and the like are read the same way).
pub fn parse_size(text: &str) -> Result<u64, String> {
    let t = text.trim();
    let digits = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    let (number, unit) = t.split_at(digits);
    let shift = match unit.trim().to_ascii_uppercase().as_str() {
        "" | "B" => 0,
        "K" | "KB" | "KIB" => 10,
        "M" | "MB" | "MIB" => 20,
        "G" | "GB" | "GIB" => 30,
        "T" | "TB" | "TIB" => 40,
        _ => return Err(format!("expected a size such as 512M or 2G, got {text:?}")),
    };
    number
        .parse::<u64>()
        .ok()
        .and_then(|n| n.checked_mul(1u64 << shift))
        .filter(|&n| n > 0)
        .ok_or_else(|| format!("expected a size such as 512M or 2G, got {text:?}"))
}

/// `A..B`: the seeds of a sweep (at most a million).
pub fn parse_seeds(text: &str) -> Result<std::ops::RangeInclusive<u64>, String> {
    let bad = || format!("expected A..B with A <= B and at most a million seeds, got {text:?}");
    let (a, b) = text.split_once("..").ok_or_else(bad)?;
    let (a, b): (u64, u64) = (a.parse().map_err(|_| bad())?, b.parse().map_err(|_| bad())?);
    if a > b || b - a >= 1_000_000 {
        return Err(bad());
    }
    Ok(a..=b)
}

/// What a clap error means for the process: help and version go to
/// standard output (exit 0); a bad command line is one
/// `darkstar: error: ...` message with clap's usage hint (exit 2).
pub fn clap_exit(e: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    match e.kind() {
        // Help is output like any other: a full device is an error, a
        // reader that went away is not.
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            match crate::output::print(&e.render().to_string()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) if crate::output::reader_went_away(&e) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("darkstar: error: {e:#}");
                    ExitCode::from(2)
                }
            }
        }
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            eprint!("darkstar: error: a command is missing\n\n{}", e.render());
            ExitCode::from(2)
        }
        _ => {
            // The message may quote what was typed: escaped like any text
            // from outside.
            let text = e.render().to_string();
            let text = text.strip_prefix("error: ").unwrap_or(&text);
            eprint!("darkstar: error: {}", escape_for_terminal(text));
            ExitCode::from(2)
        }
    }
}

/// Refuses a level with no player for `play`.
pub fn needs_player(level: &Level) -> Result<()> {
    if level.player.is_none() {
        bail!(
            "level \"{}\" has no player (@) to play; `darkstar watch` shows it",
            darkstar::content::textfile::escape_controls(&level.name)
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_as_people_write_them() {
        assert_eq!(parse_size("2G"), Ok(2 << 30));
        assert_eq!(parse_size("512MiB"), Ok(512 << 20));
        assert_eq!(parse_size("100"), Ok(100));
        assert!(parse_size("0").is_err());
        assert!(parse_size("2X").is_err());
        assert!(parse_size("99999999999T").is_err());
    }

    /// `darkstar watch` with no flags opens on the built-in opening level;
    /// any flag that chooses a level chooses it instead.
    #[test]
    fn watch_opens_on_the_opening_level_unless_told_otherwise() {
        use clap::Parser;
        #[derive(Parser)]
        struct Watch {
            #[command(flatten)]
            level: LevelFlags,
        }
        let watch = |args: &[&str]| {
            let w = Watch::try_parse_from(std::iter::once("watch").chain(args.iter().copied()));
            w.unwrap().level.choose_to_watch().unwrap().0
        };
        assert_eq!(watch(&[]), Level::opening());
        for args in [
            &["--seed", "1"][..],
            &["--width", "90"],
            &["--style", "cave"],
        ] {
            assert_ne!(watch(args).name, Level::opening().name, "{args:?}");
        }
    }

    #[test]
    fn seeds_are_a_bounded_range() {
        assert_eq!(parse_seeds("3..9"), Ok(3..=9));
        assert!(parse_seeds("9..3").is_err());
        assert!(parse_seeds("1..2000000").is_err());
        assert!(parse_seeds("x").is_err());
    }
}
