//! The work the speed guard counts: one A* pass, one field rebuild and one
//! game turn, each on a fixed level generated from a fixed seed, so that
//! the instructions it takes are the same on every run and every machine
//! of the same build.
//!
//! `tools/counts.sh` runs this under callgrind once for each of the three,
//! counting only the instructions of the function that does the work
//! (`count_astar`, `count_field` or `count_turn`, with all it calls), not
//! the setup, and compares the counts with `benches/counts.txt`. Run alone
//! it does the work once and prints what it found:
//!
//! ```text
//! cargo run --release --example counts -- astar
//! ```

use std::hint::black_box;

use darkstar::content::generator::{GenParams, generate};
use darkstar::content::level::Level;
use darkstar::map::geom::Pos;
use darkstar::map::terrain::TerrainMap;
use darkstar::path::{Connectivity, Field, Outcome, Rebuild, SearchContext, SearchOptions};
use darkstar::sim::{Command, Game, SimConfig};

/// The 256x256 dungeon of seed 1, for the searches.
fn dungeon() -> Level {
    let params = GenParams {
        width: 256,
        height: 256,
        ..GenParams::default()
    };
    generate(&params, 1)
}

/// One A* pass over the true map, from the first spawn to the first
/// faction's goal.
#[inline(never)]
fn count_astar(
    context: &mut SearchContext,
    map: &TerrainMap,
    start: Pos,
    goal: Pos,
    options: &SearchOptions,
) -> Outcome {
    context.find_path(black_box(map), black_box(start), black_box(goal), options)
}

/// One fresh field of the first faction's goal, rebuilt until every
/// spawn's cell is settled.
#[inline(never)]
fn count_field(field: &mut Field, map: &TerrainMap, readers: &[Pos], scratch: &mut Rebuild) {
    field.rebuild(black_box(map), black_box(readers), scratch);
}

/// One turn of the game: every faction's plan phase and every unit's
/// action.
#[inline(never)]
fn count_turn(game: &mut Game) {
    game.apply(black_box(Command::Advance));
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let which = std::env::args().nth(1).unwrap_or_default();
    match which.as_str() {
        "astar" => {
            let level = dungeon();
            let goal = level.factions[0].goal.ok_or("the level has no goal")?;
            let mut context = SearchContext::new();
            let options = SearchOptions::default();
            let outcome = count_astar(
                &mut context,
                &level.terrain,
                level.spawns[0].at,
                goal,
                &options,
            );
            match outcome {
                Outcome::Found { path, cost } => {
                    println!("astar: {} steps costing {cost}", path.len() - 1)
                }
                other => return Err(format!("astar: no path ({other:?})").into()),
            }
        }
        "field" => {
            let level = dungeon();
            let goal = level.factions[0].goal.ok_or("the level has no goal")?;
            let readers: Vec<Pos> = level.spawns.iter().map(|s| s.at).collect();
            let mut field = Field::new(&level.terrain, goal, Connectivity::Eight);
            let mut scratch = Rebuild::new();
            count_field(&mut field, &level.terrain, &readers, &mut scratch);
            println!("field: {} cells settled", field.expanded());
        }
        "turn" => {
            // Under `PARALLEL_PLAN_CELLS` (128x128) the plan phase runs on
            // one thread, so the count does not depend on how threads are
            // scheduled.
            let params = GenParams {
                width: 120,
                height: 120,
                monsters_per_faction: 10,
                ..GenParams::default()
            };
            let level = generate(&params, 1);
            let mut game = Game::new(&level, 1, SimConfig::default())?;
            // Past the first turns, when every monster plans at once.
            for _ in 0..20 {
                game.apply(Command::Advance);
            }
            count_turn(&mut game);
            println!("turn: now turn {}", game.floor().turn());
        }
        _ => return Err("usage: counts astar|field|turn".into()),
    }
    Ok(())
}
