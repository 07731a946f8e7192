//! How much memory planning holds in a running game, measured (not
//! estimated, unlike [`super::memory`]): what the scale benchmark samples
//! each turn to compare shared fields with per-monster A* and D* Lite.
//! Knowledge, the true world and the search scratch shared by all
//! monsters are left out: every planner needs them alike.

use super::Floor;

impl Floor {
    /// Bytes held by planning: every faction's shared fields, every
    /// monster's plan (its path, its lists, its D* Lite if it has one),
    /// and the knowledge snapshot of an A* search suspended for lack of
    /// budget.
    pub fn planning_bytes(&self) -> usize {
        let fields: usize = self
            .factions
            .iter()
            .map(|f| f.fields().memory_bytes())
            .sum();
        let planners: usize = self
            .units
            .monsters
            .iter()
            .map(|m| m.plan().memory_bytes())
            .sum();
        let snapshot = self
            .planning
            .queue
            .suspended
            .as_ref()
            .map_or(0, |s| s.snapshot.memory_bytes());
        fields + planners + snapshot
    }
}

#[cfg(test)]
mod tests {
    use crate::content::generator::{GenParams, generate, spread};
    use crate::content::level::FactionSpec;
    use crate::path::Replanner;
    use crate::sim::{Command, Game, SimConfig};

    /// A 64x64 dungeon with `monsters` monsters of one faction planning
    /// with `planner` toward its goal, after `turns` turns.
    fn played(planner: Replanner, monsters: usize, config: SimConfig, turns: u32) -> Game {
        let base = generate(
            &GenParams {
                width: 64,
                height: 64,
                ..GenParams::default()
            },
            3,
        );
        let mut faction = FactionSpec::new("f", 'f');
        (faction.goal, faction.goal_label, faction.planner) =
            (base.factions[0].goal, Some('1'), planner);
        let level = spread(&base, vec![faction], monsters, 5);
        assert_eq!(level.spawns.len(), monsters);
        let mut game = Game::new(&level, 1, config).expect("starts");
        for _ in 0..turns {
            game.apply(Command::Advance);
        }
        game
    }

    fn planners_bytes(game: &Game) -> usize {
        game.floor()
            .monsters()
            .iter()
            .map(|m| m.plan().memory_bytes())
            .sum()
    }

    const CELLS: usize = 64 * 64;

    #[test]
    fn each_d_star_lite_monster_adds_its_per_cell_vectors() {
        let two = played(Replanner::DStarLite, 2, SimConfig::default(), 2);
        let six = played(Replanner::DStarLite, 6, SimConfig::default(), 2);
        let astar = played(Replanner::AStar, 6, SimConfig::default(), 2);
        // At least one tile of per-cell state (allocated on first write)
        // per D* Lite; A* monsters hold only their paths.
        let per_dstar = crate::path::DStarLite::TILE_BYTES;
        assert!(
            six.floor().planning_bytes() >= two.floor().planning_bytes() + 4 * per_dstar,
            "{} vs {}",
            six.floor().planning_bytes(),
            two.floor().planning_bytes()
        );
        assert!(six.floor().planning_bytes() >= astar.floor().planning_bytes() + 6 * per_dstar);
        // Six A* monsters' paths and lists are below one D* Lite tile.
        assert!(
            astar.floor().planning_bytes() < per_dstar,
            "{}",
            astar.floor().planning_bytes()
        );
    }

    #[test]
    fn a_field_faction_holds_about_30_to_44_bytes_a_cell() {
        let game = played(Replanner::Field, 6, SimConfig::default(), 3);
        let fields = &game.floor().factions()[0].fields();
        assert_eq!(fields.len(), 1);
        let bytes = game.floor().planning_bytes() - planners_bytes(&game);
        assert_eq!(bytes, fields.memory_bytes());
        // g, rhs and the queued key (8 bytes each) a cell, a heap of at
        // most a few bytes a cell more, and the faction's rebuild buffers
        // (about 6 bytes a cell, and the buckets).
        assert!(
            (30 * CELLS..=44 * CELLS).contains(&bytes),
            "{bytes} bytes for {CELLS} cells"
        );
        // Field monsters hold no path: a few hundred bytes each.
        assert!(planners_bytes(&game) < 6 * 512, "{}", planners_bytes(&game));
    }

    #[test]
    fn a_suspended_search_counts_its_snapshot() {
        let config = SimConfig {
            expansion_budget: 5,
            ..SimConfig::default()
        };
        let game = played(Replanner::AStar, 2, config, 1);
        assert!(
            game.floor.planning.queue.suspended.is_some(),
            "a 5-expansion budget suspends"
        );
        // The snapshot keeps one belief byte a cell.
        assert!(
            game.floor().planning_bytes() >= planners_bytes(&game) + CELLS,
            "{} vs {}",
            game.floor().planning_bytes(),
            planners_bytes(&game)
        );
    }
}
