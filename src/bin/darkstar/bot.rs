//! `darkstar bot`: the scripted player (`darkstar::sim::bot`) plays runs
//! headless on all cores, one per seed, and prints what difficulty is:
//! runs won, the median depth reached and run length, and what killed it.
//! `--record DIR` keeps each run's replay (`seed-N.replay`), the same
//! file a played game leaves, which plays back in the terminal and
//! verifies: a run worth keeping can be recorded again after a rule
//! changes. `--morgue DIR` writes each run's morgue file (`seed-N.txt`),
//! the same file a played game that ends so leaves: both are made from
//! the game's own record ([`Morgue::of`]).

use std::collections::BTreeMap;
use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{Context, Result};
use clap::Args;
use rayon::prelude::*;

use crate::args::parse_seeds;
use darkstar::content::textfile::escape_path;
use darkstar::record::morgue::Morgue;
use darkstar::record::replay::recorded_bot_run;
use darkstar::record::save::write_atomically;
use darkstar::sim::bot::{BotRun, Style, Trick, Tricks, median, play_run_from};

#[derive(Debug, Args)]
pub struct BotArgs {
    /// The seeds, A..B: one run each.
    #[arg(long, value_name = "A..B", default_value = "1..200", value_parser = parse_seeds)]
    seeds: RangeInclusive<u64>,
    /// How the bot plays: careless (never rests, uses nothing), brawler
    /// (fights what it sees, fetches and uses items, rests) or cunning
    /// (the brawler, playing what the monsters do not know).
    #[arg(long, value_name = "STYLE", default_value = "brawler", value_parser = parse_style)]
    style: Style,
    /// The careless bot: the same as --style careless.
    #[arg(long, conflicts_with = "style")]
    careless: bool,
    /// Most turns a run plays before it counts as unfinished.
    #[arg(long, value_name = "T", default_value_t = 20_000)]
    turns: u32,
    /// Also print one line a run: its seed, how it ended, the depth
    /// reached and its length.
    #[arg(long)]
    each: bool,
    /// The depth each run starts on (as `darkstar play --depth`).
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u32).range(1..=10))]
    depth: u32,
    /// Write each run's replay to DIR/seed-N.replay (created if need be).
    #[arg(long, value_name = "DIR")]
    record: Option<PathBuf>,
    /// Write each run's morgue file to DIR/seed-N.txt (created if need
    /// be): the record a played game leaves.
    #[arg(long, value_name = "DIR")]
    morgue: Option<PathBuf>,
}

/// A style by name, for clap.
fn parse_style(name: &str) -> Result<Style, String> {
    Style::named(name).ok_or_else(|| {
        let names: Vec<&str> = Style::ALL.iter().map(|s| s.name()).collect();
        format!("no bot style {name:?}: one of {}", names.join(", "))
    })
}

impl BotArgs {
    /// The style asked for (`--careless` is `--style careless`).
    fn style(&self) -> Style {
        if self.careless {
            Style::Careless
        } else {
            self.style
        }
    }
}

pub fn bot(args: BotArgs) -> Result<ExitCode> {
    let start = Instant::now();
    let seeds: Vec<u64> = args.seeds.clone().collect();
    // Each run serial and deterministic, the runs in parallel, reported
    // in seed order.
    let runs = seeds
        .par_iter()
        .map(|&seed| play(seed, &args))
        .collect::<Result<Vec<BotRun>>>()?;
    let seconds = start.elapsed().as_secs_f64();
    if args.each {
        let lines: Vec<String> = runs
            .iter()
            .map(|r| {
                let end = match (&r.killed_by, r.won, r.timed_out) {
                    (_, true, _) => "won".to_string(),
                    (_, _, true) => "unfinished".to_string(),
                    (Some(k), _, _) => format!("killed by the {k}"),
                    (None, _, _) => "died".to_string(),
                };
                format!(
                    "seed {}: {end} on depth {}, {} turns",
                    r.seed, r.depth, r.turns
                )
            })
            .collect();
        crate::output::print(&format!("{}\n", lines.join("\n")))?;
    }
    let n = runs.len();
    let won = runs.iter().filter(|r| r.won).count();
    let unfinished = runs.iter().filter(|r| r.timed_out).count();
    let depths: Vec<u32> = runs.iter().map(|r| r.depth).collect();
    let turns: Vec<u32> = runs.iter().map(|r| r.turns).collect();
    let mut deaths: BTreeMap<&str, usize> = BTreeMap::new();
    for r in &runs {
        if let Some(k) = &r.killed_by {
            *deaths.entry(k.as_str()).or_default() += 1;
        }
    }
    let mut by_kind: Vec<(&str, usize)> = deaths.into_iter().collect();
    by_kind.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    let causes: Vec<String> = by_kind.iter().map(|(k, c)| format!("{k} {c}")).collect();
    let reached = |d: u32| depths.iter().filter(|&&x| x >= d).count();
    let kills: Vec<u32> = runs.iter().map(|r| r.kills).collect();
    crate::output::print(&format!(
        "bot ({}) over seeds {}..{}: {n} runs of at most {} turns, on {} threads\n\
         won {won} of {n} ({:.1}%); unfinished {unfinished}\n\
         median depth reached {}; runs that reached depth 1 to 10: {}\n\
         median run {} turns; median kills {}\n\
         {}\n\
         {}\n\
         deaths by kind: {}\n\
         {}\
         {:.1} s\n",
        args.style().name(),
        args.seeds.start(),
        args.seeds.end(),
        args.turns,
        rayon::current_num_threads(),
        100.0 * won as f64 / n.max(1) as f64,
        median(&depths),
        (1..=10)
            .map(|d| reached(d).to_string())
            .collect::<Vec<_>>()
            .join(" "),
        median(&turns),
        median(&kills),
        damage_line(&runs),
        heedless_line(&runs),
        if causes.is_empty() {
            "none".to_string()
        } else {
            causes.join(", ")
        },
        trick_table(&runs),
        seconds,
    ))?;
    if let Some(dir) = &args.record {
        crate::output::print(&format!(
            "replays of the {n} runs in {} (seed-N.replay; darkstar replay plays one)\n",
            escape_path(dir)
        ))?;
    }
    if let Some(dir) = &args.morgue {
        crate::output::print(&format!(
            "morgue files of the {n} runs in {} (seed-N.txt)\n",
            escape_path(dir)
        ))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The median hit points lost on each depth, over the runs that reached
/// it, and per depth reached over all runs (medians).
fn damage_line(runs: &[BotRun]) -> String {
    let by_depth: Vec<String> = (1..=10u32)
        .map(|d| {
            let lost: Vec<i32> = runs
                .iter()
                .filter(|r| r.depth >= d)
                .map(|r| r.damage_by_depth[d as usize - 1])
                .collect();
            if lost.is_empty() {
                "-".to_string()
            } else {
                median(&lost).to_string()
            }
        })
        .collect();
    // Tenths of a hit point lost per depth reached, run by run.
    let per_depth: Vec<i32> = runs
        .iter()
        .map(|r| r.damage_by_depth.iter().sum::<i32>() * 10 / r.depth.max(1) as i32)
        .collect();
    let m = median(&per_depth);
    format!(
        "median hit points lost on depth 1 to 10: {}; per depth reached {}.{}",
        by_depth.join(" "),
        m / 10,
        m % 10
    )
}

/// The route steps that forgot a monster the player saw, over all runs
/// (see [`darkstar::sim::bot::Heedless`]).
fn heedless_line(runs: &[BotRun]) -> String {
    let woke: u32 = runs.iter().map(|r| r.heedless.woke).sum();
    let walked: u32 = runs.iter().map(|r| r.heedless.walked_into).sum();
    format!(
        "route steps (explore, travel) that forgot a monster seen: {woke} woke one seen asleep, \
         {walked} walked into the senses of one seen awake"
    )
}

/// Each trick's line: tried and counted over all runs, the runs it
/// counted in, and by depth (counted/tried); none for a bot that plays
/// none.
fn trick_table(runs: &[BotRun]) -> String {
    let mut all = Tricks::default();
    for r in runs {
        all.add(&r.tricks);
    }
    let counted_total: u32 = Trick::ALL.iter().map(|&t| all.total(t).counted).sum();
    let mut out = String::new();
    for trick in Trick::ALL {
        let total = all.total(trick);
        if total.tried == 0 {
            continue;
        }
        let in_runs = runs
            .iter()
            .filter(|r| r.tricks.total(trick).counted > 0)
            .count();
        let by_depth: Vec<String> = (1..=10)
            .map(|d| {
                let t = all.on(trick, d);
                format!("{}/{}", t.counted, t.tried)
            })
            .collect();
        out += &format!(
            "trick {}: tried {}, counted {} ({:.0}% of all tricks that counted), in {} of {} runs; by depth 1 to 10 (counted/tried): {}\n",
            trick.name(),
            total.tried,
            total.counted,
            100.0 * total.counted as f64 / counted_total.max(1) as f64,
            in_runs,
            runs.len(),
            by_depth.join(" ")
        );
    }
    out
}

/// One run of the bot's, its replay recorded into `--record`'s folder
/// and its morgue file written into `--morgue`'s, if asked.
fn play(seed: u64, args: &BotArgs) -> Result<BotRun> {
    let style = args.style();
    let (run, game) = match &args.record {
        Some(dir) => {
            let (run, game, replay) = recorded_bot_run(seed, args.depth, style, args.turns)?;
            let path = recording_path(dir, seed);
            write_atomically(&path, &replay.to_text())
                .with_context(|| format!("writing {}", escape_path(&path)))?;
            (run, game)
        }
        None => play_run_from(seed, args.depth, style, args.turns, |g, c| g.apply(c))?,
    };
    if let Some(dir) = &args.morgue {
        // A bot gives only the commands a player's keys give: its game is
        // ranked, so its morgue says nothing of being unranked.
        let path = dir.join(format!("seed-{seed}.txt"));
        write_atomically(&path, &Morgue::of(&game).to_text())
            .with_context(|| format!("writing {}", escape_path(&path)))?;
    }
    Ok(run)
}

/// Where `--record DIR` keeps the run of `seed`.
fn recording_path(dir: &Path, seed: u64) -> PathBuf {
    dir.join(format!("seed-{seed}.replay"))
}
