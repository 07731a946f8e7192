// Keeping a plan in step with what was learnt reads the faction's
// knowledge and its log; the true map is refused at compile time.
use darkstar::map::geom::Pos;
use darkstar::map::terrain::{Terrain, TerrainMap};
use darkstar::path::Replanner;
use darkstar::sim::{Log, Plan};

fn main() {
    let truth = TerrainMap::filled(8, 8, Terrain::Floor);
    let mut planner = Plan::new(Replanner::AStar, Some(Pos::new(7, 7)));
    let log = Log::default();
    planner.sync(&truth, &log);
}
