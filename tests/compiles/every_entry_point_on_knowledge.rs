// The same calls as tests/compile_fail/, on the faction's knowledge: they
// compile, so each failure there is the map's type and nothing else.
use darkstar::fog::knowledge::KnowledgeRules;
use darkstar::fog::knowledge::Knowledge;
use darkstar::map::geom::Pos;
use darkstar::path::Replanner;
use darkstar::sim::{DStarPlan, Log, Plan};

fn main() {
    let known = Knowledge::blank(8, 8, 1);
    let mut dstar = DStarPlan::new(Some(Pos::new(7, 7)));
    dstar.plan_incremental(&known, Pos::new(0, 0), 0);
    let mut planner = Plan::new(Replanner::AStar, Some(Pos::new(7, 7)));
    let log = Log::default();
    planner.sync(&known, &log);
    let _ = planner.view(&known);
}
