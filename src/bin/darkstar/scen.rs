//! `darkstar scen`: solves every (or every N-th) problem of a Moving AI
//! scenario and compares each length with the published optimum; exit 0
//! when all match, 1 on any mismatch, 2 on bad input. A run over a second
//! shows the problems done on stderr. The map is read once into a
//! [`DenseMap`], which A* searches fastest (the same answers, expansions
//! and pushes as over the map itself).

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{Context, Result};
use clap::Args;
use darkstar::content::movingai::{self, MovingAiMap, Scenario};
use darkstar::content::textfile::escape_path;
use darkstar::path::{Connectivity, CostMap, DenseMap, SearchContext};

use crate::progress::Bar;

#[derive(Debug, Args)]
pub struct ScenArgs {
    /// The scenario (.map.scen).
    #[arg(value_name = "FILE.map.scen")]
    scenario: PathBuf,
    /// The map (default: X.map beside X.map.scen, or the name inside it).
    #[arg(long, value_name = "FILE.map")]
    map: Option<PathBuf>,
    /// Solve only every N-th problem.
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u64).range(1..))]
    every: u64,
    /// Print every problem solved.
    #[arg(long, short)]
    verbose: bool,
}

pub fn scen(args: ScenArgs) -> Result<ExitCode> {
    let scen_path = &args.scenario;
    let every = usize::try_from(args.every).unwrap_or(usize::MAX);
    let scenario = Scenario::load(scen_path)?;
    let map_path = match &args.map {
        Some(path) => path.clone(),
        None => movingai::locate_map(scen_path, &scenario)?,
    };
    let map = MovingAiMap::load(&map_path)?;
    // Every step of a Moving AI map costs one unit of its kind, so this
    // cannot fail; if it ever did, it says so rather than panic.
    let map = DenseMap::new(&map, Connectivity::Eight)
        .with_context(|| format!("{}: read for the search", escape_path(&map_path)))?;

    let mut ctx = SearchContext::new();
    let started = Instant::now();
    let bar = Bar::new(
        "{msg} {pos}/{len} problems [{bar:40}] ({eta} left)",
        "solving",
    )?;
    let report = movingai::run_scenario_with(
        &map,
        &scenario,
        scen_path,
        every,
        &mut ctx,
        |done, total| bar.update(done as u64, total as u64),
    );
    bar.finish();
    let report = report?;
    let elapsed = started.elapsed();

    let mut out = String::new();
    if args.verbose {
        for p in scenario.problems.iter().step_by(every) {
            let _ = writeln!(
                out,
                "line {}: {} -> {} optimal {:.8}",
                p.line, p.start, p.goal, p.optimal
            );
        }
    }
    for m in &report.mismatches {
        let found = m.found.map_or("no path".to_string(), |l| format!("{l:.8}"));
        let _ = writeln!(
            out,
            "MISMATCH {}:{}: {} -> {}: published {:.8}, found {found}",
            escape_path(scen_path),
            m.line,
            m.start,
            m.goal,
            m.expected
        );
    }
    let _ = writeln!(
        out,
        "{}: {} problems on {} ({}x{}), {} mismatches, {} nodes expanded, {} pushed, {:.3} s",
        escape_path(scen_path),
        report.problems,
        escape_path(&map_path),
        map.width(),
        map.height(),
        report.mismatches.len(),
        report.expanded,
        report.pushed,
        elapsed.as_secs_f64()
    );
    crate::output::print(&out)?;
    Ok(if report.mismatches.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}
