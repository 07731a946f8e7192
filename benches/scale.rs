//! Scale: 1,000 monsters in 4 factions on a 512x512 generated dungeon,
//! played headless on one core. One iteration plays the first 100 turns
//! from a fresh copy of the game (the copy is made outside the timing).
//! Prints turns per second from criterion's median. `cargo bench --bench
//! scale`.

use std::hint::black_box;
use std::time::Duration;

use criterion::BatchSize;
use darkstar::explore::Replanner;
use darkstar::level::{FactionSpec, Level, Spawn};
use darkstar::mapgen::{GenParams, generate};
use darkstar::sim::{Command, Game, SimConfig};
use darkstar::terrain::Terrain;
use rand::RngExt;

mod support;

const TURNS: u32 = 100;
const MONSTERS: usize = 1000;

/// The dungeon for seed 1 with 1,000 monsters spread over its floor, a
/// quarter each in four factions heading for its goal: touch only; sight
/// 4; sight 8 preferring known ground (unknown costs twice floor); and
/// natives who know the map. All repeated A* (a D* Lite per monster would
/// hold 40 bytes a cell each: 10 MB a monster here).
fn scale_level() -> Level {
    let base = generate(
        &GenParams {
            width: 512,
            height: 512,
            ..GenParams::default()
        },
        1,
    );
    let goal = base.factions[0].goal.expect("generated levels have a goal");
    let mut rng = darkstar::rng::sim_rng(1);
    let mut cells: Vec<_> = base
        .terrain
        .grid()
        .positions()
        .filter(|&p| base.terrain.get(p) == Some(Terrain::Floor) && p != goal)
        .collect();
    let mut factions = vec![
        FactionSpec::new("blind", 'b'),
        FactionSpec::new("eyes", 'e'),
        FactionSpec::new("wary", 'w'),
        FactionSpec::new("natives", 'n'),
    ];
    factions[1].sight = 4;
    (factions[2].sight, factions[2].unknown_factor) = (8, 2);
    factions[3].knows_map = true;
    for f in &mut factions {
        (f.goal, f.goal_label, f.planner) = (Some(goal), Some('1'), Replanner::AStar);
    }
    let mut spawns: Vec<Spawn> = (0..MONSTERS)
        .map(|i| Spawn {
            faction: i % 4,
            at: cells.swap_remove(rng.random_range(0..cells.len())),
        })
        .collect();
    spawns.sort_by_key(|s| (s.at.y, s.at.x));
    Level {
        spawns,
        factions,
        ..base
    }
}

/// The search budgets measured: a larger one (monsters think less, turns
/// are slower) and the default.
const BUDGETS: [u64; 2] = [50_000, 20_000];

fn main() {
    let level = scale_level();
    let mut c = support::criterion(Duration::from_secs(20));
    let mut group = c.benchmark_group("scale_1000_monsters_512");
    group.sample_size(10);
    for budget in BUDGETS {
        let config = SimConfig {
            expansion_budget: budget,
            ..SimConfig::default()
        };
        let start = Game::new(&level, 1, config).expect("starts");
        group.bench_function(format!("first_100_turns_budget_{budget}"), |b| {
            b.iter_batched(
                || start.clone(),
                |mut game| {
                    for _ in 0..TURNS {
                        black_box(game.apply(Command::Advance));
                    }
                    game
                },
                BatchSize::LargeInput,
            )
        });
    }
    group.finish();
    c.final_summary();
    println!();
    for budget in BUDGETS {
        let id = format!("first_100_turns_budget_{budget}");
        if let Some(ns) = support::median_ns("scale_1000_monsters_512", &id) {
            println!(
                "1,000 monsters, 4 factions, 512x512, budget {budget} expansions a turn: {TURNS} turns in {:.1} ms (median): {:.1} turns/s on one core",
                ns / 1e6,
                TURNS as f64 / (ns / 1e9)
            );
        }
    }
}
