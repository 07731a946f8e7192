//! Many generated levels played headless, in parallel on all cores: each
//! seed's game is serial and deterministic, so the totals are the same
//! however the work is spread (they are summed in seed order).

use std::time::Instant;

use rayon::prelude::*;

use crate::knowledge::Turn;
use crate::mapgen::{GenParams, generate};
use crate::sim::{Game, Presence, SimConfig, Stats, run_headless};

/// What one seed's game did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SeedResult {
    pub seed: u64,
    pub turns: Turn,
    pub monsters: usize,
    pub reached: usize,
    pub stats: Stats,
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
    for m in game.monsters() {
        stats += m.stats();
    }
    SeedResult {
        seed,
        turns: game.turn(),
        monsters: game.monsters().len(),
        reached: game
            .monsters()
            .iter()
            .filter(|m| matches!(m.presence(), Presence::Escaped(_)))
            .count(),
        stats,
        hash: game.state_hash(),
    }
}

/// Seeds `seeds` in parallel.
pub fn sweep(params: &GenParams, seeds: std::ops::RangeInclusive<u64>, turns: Turn) -> Sweep {
    let started = Instant::now();
    let results: Vec<SeedResult> = seeds
        .into_par_iter()
        .map(|seed| run_seed(params, seed, turns))
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
    }
    out.results = results;
    out
}
