//! Many generated levels played headless, in parallel on all cores: each
//! seed's game is serial and deterministic, so the totals are the same
//! however the work is spread (they are summed in seed order).

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use rayon::prelude::*;

use crate::clock::Turn;
use crate::content::generator::{GenParams, generate};
use crate::sim::{Game, Presence, SimConfig, Stats, run_headless};

/// What one seed's game did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SeedResult {
    pub seed: u64,
    pub turns: Turn,
    pub monsters: usize,
    pub reached: usize,
    pub stats: Stats,
    /// Turns whose search budget ran out with requests still waiting.
    pub budget_limited_turns: u64,
    /// Monsters on the level summed over turns (what think-waits are a
    /// share of).
    pub monster_turns: u64,
    pub hash: u64,
}

/// Totals over a sweep.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Sweep {
    pub levels: usize,
    pub turns: u64,
    pub monsters: usize,
    pub reached: usize,
    pub stats: Stats,
    pub budget_limited_turns: u64,
    pub monster_turns: u64,
    pub seconds: f64,
    /// Every seed's result, in seed order.
    pub results: Vec<SeedResult>,
}

/// One seed: generate with `params`, play at most `turns` turns.
pub fn run_seed(params: &GenParams, seed: u64, turns: Turn) -> SeedResult {
    let level = generate(params, seed);
    let mut game =
        Game::new(&level, seed, SimConfig::default()).expect("generated levels always start");
    run_headless(&mut game, turns);
    let mut stats = Stats::default();
    for m in game.floor().monsters() {
        stats += m.stats();
    }
    SeedResult {
        seed,
        turns: game.floor().turn(),
        monsters: game.floor().monsters().len(),
        reached: game
            .floor()
            .monsters()
            .iter()
            .filter(|m| matches!(m.presence(), Presence::Escaped(_)))
            .count(),
        stats,
        budget_limited_turns: game.floor().budget_limited_turns(),
        monster_turns: game.floor().monster_turns(),
        hash: game.state_hash(),
    }
}

/// Seeds `seeds` in parallel.
pub fn sweep(params: &GenParams, seeds: std::ops::RangeInclusive<u64>, turns: Turn) -> Sweep {
    sweep_with(params, seeds, turns, |_| {})
}

/// [`sweep`], calling `progress` with the number of seeds done each time
/// one finishes (from whichever thread finished it; for a progress bar).
pub fn sweep_with(
    params: &GenParams,
    seeds: std::ops::RangeInclusive<u64>,
    turns: Turn,
    progress: impl Fn(u64) + Sync,
) -> Sweep {
    let started = Instant::now();
    let done = AtomicU64::new(0);
    let results: Vec<SeedResult> = seeds
        .into_par_iter()
        .map(|seed| {
            let r = run_seed(params, seed, turns);
            progress(done.fetch_add(1, Ordering::Relaxed) + 1);
            r
        })
        .collect();
    let mut out = Sweep {
        seconds: started.elapsed().as_secs_f64(),
        ..Sweep::default()
    };
    for r in &results {
        out.levels += 1;
        out.turns += r.turns as u64;
        out.monsters += r.monsters;
        out.reached += r.reached;
        out.stats += r.stats;
        out.budget_limited_turns += r.budget_limited_turns;
        out.monster_turns += r.monster_turns;
    }
    out.results = results;
    out
}
