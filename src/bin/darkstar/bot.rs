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
use darkstar::record::replay::{HASH_EVERY, LevelSource, Recorder};
use darkstar::record::save::write_atomically;
use darkstar::sim::SimConfig;
use darkstar::sim::bot::{BotRun, median, play_run_from};

#[derive(Debug, Args)]
pub struct BotArgs {
    /// The seeds, A..B: one run each.
    #[arg(long, value_name = "A..B", default_value = "1..200", value_parser = parse_seeds)]
    seeds: RangeInclusive<u64>,
    /// Never rest (the careful bot rests when hurt with nothing in view).
    #[arg(long)]
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
    crate::output::print(&format!(
        "bot ({}) over seeds {}..{}: {n} runs of at most {} turns, on {} threads\n\
         won {won} of {n} ({:.1}%); unfinished {unfinished}\n\
         median depth reached {}; runs that reached depth 1 to 10: {}\n\
         median run {} turns\n\
         deaths by kind: {}\n\
         {:.1} s\n",
        if args.careless { "careless" } else { "careful" },
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
        if causes.is_empty() {
            "none".to_string()
        } else {
            causes.join(", ")
        },
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

/// One run of the bot's, its replay recorded into `--record`'s folder
/// and its morgue file written into `--morgue`'s, if asked.
fn play(seed: u64, args: &BotArgs) -> Result<BotRun> {
    let careful = !args.careless;
    // Recorded as `darkstar play --seed S --depth N` records a game.
    let source = LevelSource::Run { depth: args.depth };
    let mut rec = args
        .record
        .as_ref()
        .map(|_| Recorder::new(source, seed, SimConfig::default(), HASH_EVERY));
    let (run, game) = play_run_from(
        seed,
        args.depth,
        careful,
        args.turns,
        |g, c| match &mut rec {
            Some(rec) => rec.apply(g, c),
            None => g.apply(c),
        },
    )?;
    if let (Some(dir), Some(rec)) = (&args.record, &rec) {
        let path = recording_path(dir, seed);
        write_atomically(&path, &rec.closed(&game).to_text())
            .with_context(|| format!("writing {}", escape_path(&path)))?;
    }
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
