//! The true map as a [`CostMap`]: what the Moving AI benchmarks, the level
//! generator's reachability checks and the demo search. It lives here, not
//! in `map/`, because the map layer knows nothing of searching; the AI
//! never gets one (it plans over `fog::knowledge::Knowledge`).

use crate::map::cost::{Cost, StepCosts};
use crate::map::terrain::TerrainMap;
use crate::path::{CostMap, EntryCosts, Step};

impl CostMap for TerrainMap {
    #[inline]
    fn width(&self) -> u32 {
        self.grid().width()
    }
    #[inline]
    fn height(&self) -> u32 {
        self.grid().height()
    }
    #[inline]
    fn step_cost(&self, step: Step) -> Option<Cost> {
        let cells = self.grid().cells();
        // Leaving a wall is as illegal as entering one: legality must be
        // symmetric for islands and reverse searches to be right.
        cells[step.from_index].enter_cost()?;
        let factor = cells[step.to_index].enter_cost()?;
        Some(factor * StepCosts::UNIT.for_dir(step.dir))
    }
    #[inline]
    fn cheapest_steps(&self) -> StepCosts {
        StepCosts::UNIT.scaled(self.cheapest_enter_cost())
    }
}

impl EntryCosts for TerrainMap {
    #[inline]
    fn entry_factor(&self, index: usize) -> Option<Cost> {
        self.grid().cells()[index].enter_cost()
    }
}
