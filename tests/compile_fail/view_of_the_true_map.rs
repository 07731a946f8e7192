// A plan's cost map (its claims and units to avoid on top of the map) is
// built over the faction's knowledge; the true map is refused.
use darkstar::map::geom::Pos;
use darkstar::map::terrain::{Terrain, TerrainMap};
use darkstar::path::Replanner;
use darkstar::sim::Plan;

fn main() {
    let truth = TerrainMap::filled(8, 8, Terrain::Floor);
    let planner = Plan::new(Replanner::AStar, Some(Pos::new(7, 7)));
    let _ = planner.view(&truth);
}
