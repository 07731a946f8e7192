//! `darkstar sweep`: plays generated levels headless in parallel on all
//! cores (each game stays serial and deterministic; totals are summed in
//! seed order) and prints the totals (think-waits, unit-waits and
//! budget-limited turns among them); a sweep over a second shows the seeds
//! done on stderr.

use std::ops::RangeInclusive;
use std::process::ExitCode;

use anyhow::Result;
use clap::Args;

use darkstar::sim::memory::Footprint;

use crate::args::{GenFlags, MemoryFlag, parse_seeds};
use crate::progress::Bar;

#[derive(Debug, Args)]
pub struct SweepArgs {
    /// The seeds, A..B (at most a million).
    #[arg(long, value_name = "A..B", default_value = "1..100", value_parser = parse_seeds)]
    seeds: RangeInclusive<u64>,
    /// Most turns each game plays.
    #[arg(long, value_name = "T", default_value_t = 1000)]
    turns: u32,
    #[command(flatten)]
    generator: GenFlags,
    #[command(flatten)]
    memory: MemoryFlag,
}

pub fn sweep(args: SweepArgs) -> Result<ExitCode> {
    let params = args.generator.params();
    let threads = rayon::current_num_threads() as u64;
    args.memory
        .check_games(&Footprint::of_generated(&params, false), threads)?;
    let levels = args.seeds.end() - args.seeds.start() + 1;
    let bar = Bar::new(
        "{msg} {pos}/{len} seeds [{bar:40}] ({eta} left)",
        "sweeping",
    )?;
    let s = darkstar::sim::sweep::sweep_with(&params, args.seeds.clone(), args.turns, |done| {
        bar.update(done, levels)
    });
    bar.finish();
    crate::output::print(&format!(
        "seeds {}..{} ({} levels, {}x{} {}), at most {} turns each, on {} threads\n\
         monsters {}, reached their goal {}, steps {}, bumps {}, replans {}, nodes expanded {}\n\
         think-waits {}, unit-waits {}; budget-limited turns {} of {}; \
         think-waits {:.2}% of {} monster-turns\n\
         {} turns in {:.2} s: {:.0} turns/s\n",
        args.seeds.start(),
        args.seeds.end(),
        s.levels,
        params.width,
        params.height,
        params.style.name(),
        args.turns,
        rayon::current_num_threads(),
        s.monsters,
        s.reached,
        s.stats.steps,
        s.stats.bumps,
        s.stats.replans,
        s.stats.expanded,
        s.stats.think_waits,
        s.stats.unit_waits,
        s.budget_limited_turns,
        s.turns,
        darkstar::sim::percent(s.stats.think_waits, s.monster_turns),
        s.monster_turns,
        s.turns,
        s.seconds,
        s.turns as f64 / s.seconds.max(1e-9)
    ))?;
    Ok(ExitCode::SUCCESS)
}
