// A planner's first plan is made over the faction's knowledge; the true
// map is refused at compile time.
use darkstar::map::geom::Pos;
use darkstar::map::terrain::{Terrain, TerrainMap};
use darkstar::sim::DStarPlan;

fn main() {
    let truth = TerrainMap::filled(8, 8, Terrain::Floor);
    let mut planner = DStarPlan::new(Some(Pos::new(7, 7)));
    planner.plan_incremental(&truth, Pos::new(0, 0), 0);
}
