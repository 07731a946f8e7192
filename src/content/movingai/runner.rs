//! Runs a scenario's problems through our A* and compares every length with
//! the published optimum.

use super::{MovingAiError, Problem, Scenario};
use crate::map::cost::to_tiles;
use crate::map::geom::Pos;
use crate::path::{CostMap, Outcome, SearchContext, SearchOptions};

/// A problem whose computed length differs from the published one.
#[derive(Clone, Debug, PartialEq)]
pub struct Mismatch {
    pub line: usize,
    pub start: Pos,
    pub goal: Pos,
    pub expected: f64,
    /// Our length, or `None` if we found no path.
    pub found: Option<f64>,
}

/// The totals of a run.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ScenarioReport {
    /// Problems run.
    pub problems: usize,
    pub mismatches: Vec<Mismatch>,
    /// Cells expanded and open-list pushes over all problems.
    pub expanded: u64,
    pub pushed: u64,
}

/// Runs every `every`-th problem of `scenario` (1 = all) on `map` (a
/// [`MovingAiMap`](super::MovingAiMap), or that read into a
/// [`DenseMap`](crate::path::DenseMap)) with the benchmarks' rules
/// (8-connected, no corner cutting). Fails, before running anything, if a
/// problem's map size differs from `map`'s.
pub fn run_scenario<M: CostMap + ?Sized>(
    map: &M,
    scenario: &Scenario,
    scen_path: &std::path::Path,
    every: usize,
    ctx: &mut SearchContext,
) -> Result<ScenarioReport, MovingAiError> {
    run_scenario_with(map, scenario, scen_path, every, ctx, |_, _| {})
}

/// [`run_scenario`], calling `progress(done, total)` after each problem
/// (for a progress bar: the library draws nothing itself).
pub fn run_scenario_with<M: CostMap + ?Sized>(
    map: &M,
    scenario: &Scenario,
    scen_path: &std::path::Path,
    every: usize,
    ctx: &mut SearchContext,
    mut progress: impl FnMut(usize, usize),
) -> Result<ScenarioReport, MovingAiError> {
    if let Some(p) = scenario
        .problems
        .iter()
        .find(|p| (p.width, p.height) != (map.width(), map.height()))
    {
        return Err(MovingAiError::parse(
            scen_path,
            p.line,
            format!(
                "problem is for a {}x{} map, but the map is {}x{}",
                p.width,
                p.height,
                map.width(),
                map.height()
            ),
        ));
    }
    let options = SearchOptions::default();
    let mut report = ScenarioReport::default();
    let total = scenario.problems.len().div_ceil(every.max(1));
    for problem in scenario.problems.iter().step_by(every.max(1)) {
        let found = solve(map, problem, ctx, &options);
        let stats = ctx.stats();
        report.problems += 1;
        report.expanded += stats.expanded;
        report.pushed += stats.pushed;
        if !found.is_some_and(|l| problem.matches(l)) {
            report.mismatches.push(Mismatch {
                line: problem.line,
                start: problem.start,
                goal: problem.goal,
                expected: problem.optimal,
                found,
            });
        }
        progress(report.problems, total);
    }
    Ok(report)
}

/// Our optimal length for one problem, in tiles.
fn solve<M: CostMap + ?Sized>(
    map: &M,
    problem: &Problem,
    ctx: &mut SearchContext,
    options: &SearchOptions,
) -> Option<f64> {
    match ctx.find_path(map, problem.start, problem.goal, options) {
        Outcome::Found { cost, .. } => Some(to_tiles(cost)),
        Outcome::Unreachable | Outcome::OutOfBudget => None,
    }
}
