//! `darkstar gen`: a generated level printed as a level file
//! (`darkstar run --level` reads it back).

use std::process::ExitCode;

use anyhow::Result;
use clap::Args;
use darkstar::path::Replanner;

use crate::args::GenFlags;

#[derive(Debug, Args)]
pub struct GenArgs {
    /// Seed of the level.
    #[arg(long, value_name = "N", default_value_t = 1)]
    seed: u64,
    #[command(flatten)]
    generator: GenFlags,
    /// Replace the spawns by N monsters on random floor cells, dealt in
    /// turn to the four factions of the scale benchmark (blind; sight 4;
    /// sight 8 with unknown ground at twice floor; natives who know the
    /// map), all heading for the level's goal.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=100_000))]
    spread: Option<u32>,
    /// With --spread: how those factions plan (field, astar or dstar).
    #[arg(long, value_name = "PLANNER", default_value = "field", value_parser = parse_planner,
          requires = "spread")]
    planner: Replanner,
}

fn parse_planner(s: &str) -> Result<Replanner, String> {
    match s {
        "field" => Ok(Replanner::Field),
        "astar" => Ok(Replanner::AStar),
        "dstar" => Ok(Replanner::DStarLite),
        _ => Err("expected field, astar or dstar".into()),
    }
}

pub fn generate(args: GenArgs) -> Result<ExitCode> {
    let mut level = darkstar::content::generator::generate(&args.generator.params(), args.seed);
    if let Some(n) = args.spread {
        let goal = level.factions.iter().find_map(|f| f.goal);
        let goal = goal.ok_or_else(|| anyhow::anyhow!("the generated level has no goal"))?;
        let factions = darkstar::content::generator::scale_factions(args.planner, goal);
        level = darkstar::content::generator::spread(&level, factions, n as usize, args.seed);
    }
    crate::output::print(&level.to_text())?;
    Ok(ExitCode::SUCCESS)
}
