//! `darkstar run`: plays a level headless for at most T turns (stopping
//! early once nothing more can happen) and prints a per-faction summary
//! (with think-waits and unit-waits), the budget-limited turns, and the
//! count of each kind of event, the time taken and, on Linux, the peak
//! resident memory of this process; a run over a second shows its progress
//! on stderr.

use std::process::ExitCode;
use std::time::Instant;

use anyhow::{Context, Result};
use clap::Args;
use darkstar::sim::{Game, SimConfig};

use crate::args::LevelFlags;
use crate::progress::Bar;
use darkstar::content::textfile::escape_controls;

#[derive(Debug, Args)]
pub struct RunArgs {
    #[command(flatten)]
    level: LevelFlags,
    /// Most turns to play.
    #[arg(long, value_name = "T", default_value_t = 5000)]
    turns: u32,
    /// A* expansions the search queue may spend a turn.
    #[arg(long, value_name = "B", default_value_t = SimConfig::default().expansion_budget,
          value_parser = clap::value_parser!(u64).range(1..))]
    budget: u64,
    /// Threads the factions' fields are updated on each turn, 1 to 256
    /// (the game is the same with any number); default: all cores.
    #[arg(long, value_name = "N",
          value_parser = clap::value_parser!(u16).range(1..=MAX_THREADS as i64))]
    threads: Option<u16>,
}

/// Most threads `run --threads` takes: far past any machine's cores a
/// thread only costs the time to start it (65,535 took 98 s to fail).
const MAX_THREADS: u16 = 256;

pub fn run(args: RunArgs) -> Result<ExitCode> {
    let config = SimConfig {
        expansion_budget: args.budget,
        ..SimConfig::default()
    };
    let (level, seed) = args.level.choose(false)?;
    let mut game = Game::new(&level, seed, config)
        .with_context(|| format!("level \"{}\" cannot start", escape_controls(&level.name)))?;
    let bar = Bar::new(
        "{msg} turn {pos}/{len} [{bar:40}] {per_sec} ({eta} left)",
        "playing",
    )?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.map_or(0, usize::from))
        .build()
        .context("starting the threads")?;
    let threads = pool.current_num_threads();
    let started = Instant::now();
    let report = pool.install(|| {
        darkstar::sim::run_headless_with(&mut game, args.turns, |played| {
            bar.update(played as u64, args.turns as u64)
        })
    });
    let elapsed = started.elapsed();
    bar.finish();
    crate::output::print(&format!(
        "{} ({}x{}): {}\n{report}{:.3} s, {:.0} turns/s on {threads} thread{}\n",
        escape_controls(&level.name),
        level.terrain.width(),
        level.terrain.height(),
        escape_controls(&level.description),
        elapsed.as_secs_f64(),
        report.turns as f64 / elapsed.as_secs_f64().max(1e-9),
        if threads == 1 { "" } else { "s" }
    ))?;
    if let Some(kib) = peak_resident_kib() {
        crate::output::print(&format!("peak resident memory: {kib} KiB\n"))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// This process's peak resident memory (`VmHWM`), read from the kernel.
/// Not the `ru_maxrss` a parent gets from `wait4`: Linux carries into it
/// the peak of the memory the child was spawned from (the parent's own,
/// when spawned by vfork), so only the process itself can tell what its
/// game used.
fn peak_resident_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.trim_start_matches("VmHWM:")
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()
}
