//! A faction's knowledge of a level: `darkstar-fog`'s [`Knowledge`] of
//! the game's [`Terrain`], and the game's rules for it. Unknown cells cost
//! a multiple of the floor's ([`KnowledgeRules::blank`]: 1 is the
//! freespace assumption, more prefers known routes); a faction that
//! cannot open doors ([`KnowledgeRules::door_blind`]) takes a closed door
//! it knows of for a wall until it sees the door open; danger weighs by
//! the game's [`danger::RULES`].

use super::danger;
use crate::map::cost::{Cost, StepCosts};
use crate::map::terrain::{FLOOR_COST, ROAD_COST, Terrain};

pub use darkstar_fog::knowledge::{Belief, Learnt};

/// One faction's map of a level.
pub type Knowledge = darkstar_fog::Knowledge<Terrain>;

/// The terrain is what a faction believes a cell to be, stored as its
/// discriminant and costed as on the true map.
impl Belief for Terrain {
    const ALL: &'static [Terrain] = &Terrain::ALL;
    #[inline]
    fn index(self) -> usize {
        self as usize
    }
    #[inline]
    fn enter_cost(self) -> Option<Cost> {
        Terrain::enter_cost(self)
    }
}

/// The game's ways of making and reading a faction's knowledge.
pub trait KnowledgeRules {
    /// Knows nothing of a `width` x `height` level; unknown cells cost
    /// `unknown_factor` times the floor cost (1 = the freespace
    /// assumption; more than 1 prefers known routes).
    ///
    /// ```
    /// use darkstar::fog::knowledge::{Knowledge, KnowledgeRules};
    /// use darkstar::map::{geom::Pos, terrain::FLOOR_COST};
    /// let k = Knowledge::blank(10, 5, 2);
    /// assert_eq!(k.belief(Pos::new(3, 3)), None);
    /// assert_eq!(k.unknown_cost(), 2 * FLOOR_COST);
    /// ```
    fn blank(width: u32, height: u32, unknown_factor: Cost) -> Self;

    /// The same, for a faction that cannot open doors: a closed door it
    /// knows of costs what a wall does (impassable) until it sees it open.
    ///
    /// ```
    /// use darkstar::fog::knowledge::{Knowledge, KnowledgeRules, Learnt};
    /// use darkstar::map::{geom::Pos, terrain::Terrain};
    /// let mut k = Knowledge::blank(4, 1, 1).door_blind();
    /// let door = Pos::new(2, 0);
    /// assert_eq!(k.learn(door, Terrain::Door, 1), Learnt::Wall);
    /// assert_eq!(k.learn(door, Terrain::OpenDoor, 2), Learnt::Opened);
    /// assert!(k.is_passable(door));
    /// ```
    fn door_blind(self) -> Self;

    /// True when its monsters cannot open doors.
    fn is_door_blind(&self) -> bool;

    /// The same, with danger weighing `weight` in planning costs by the
    /// game's rules ([`danger::RULES`]); 0 leaves danger out.
    fn with_danger_weight(self, weight: u32) -> Self;
}

impl KnowledgeRules for Knowledge {
    fn blank(width: u32, height: u32, unknown_factor: Cost) -> Knowledge {
        Knowledge::new(width, height).with_unknown_cost(FLOOR_COST * unknown_factor.max(1))
    }

    fn door_blind(self) -> Knowledge {
        self.with_cost(Terrain::Door, None)
    }

    fn is_door_blind(&self) -> bool {
        self.cost_of(Terrain::Door).is_none()
    }

    fn with_danger_weight(self, weight: u32) -> Knowledge {
        self.with_danger(weight, danger::RULES)
    }
}

/// The admissible lower bound of every step cost `knowledge` can come to
/// have: the unknown cost, or a road's if cheaper. A D* Lite built on this
/// never needs rebuilding, but its heuristic is weaker than one built on
/// the cheapest step known so far (which the game uses,
/// rebuilding when cheaper ground turns up): on the maze benchmark with
/// sight 4 that costs 13% more expansions, in rooms about three times.
pub fn knowledge_floor(knowledge: &Knowledge) -> StepCosts {
    StepCosts::UNIT.scaled(knowledge.unknown_cost().min(ROAD_COST))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::cost::STRAIGHT;
    use crate::map::geom::{Dir, Pos};
    use crate::path::{Connectivity, CostMap, step};

    #[test]
    fn terrain_round_trips_through_the_belief_byte() {
        for (i, t) in Terrain::ALL.into_iter().enumerate() {
            assert_eq!(t as usize, i);
            let mut k = Knowledge::blank(1, 1, 1);
            k.learn(Pos::new(0, 0), t, 1);
            assert_eq!(k.belief(Pos::new(0, 0)), Some(t));
            assert_eq!(k.belief_bytes(), [i as u8]);
        }
    }

    #[test]
    fn unknown_cells_cost_the_factor_and_prefer_known_routes() {
        let mut k = Knowledge::blank(3, 1, 3);
        assert_eq!(k.cheapest_steps(), StepCosts::UNIT.scaled(3 * FLOOR_COST));
        k.learn(Pos::new(1, 0), Terrain::Road, 1);
        assert_eq!(k.cheapest_steps(), StepCosts::UNIT.scaled(ROAD_COST));
        let cost =
            |to: i32| step(&k, Pos::new(to - 1, 0), Dir::E, Connectivity::Eight).map(|s| s.1);
        assert_eq!(cost(1), Some(ROAD_COST * STRAIGHT));
        assert_eq!(cost(2), Some(3 * FLOOR_COST * STRAIGHT));
        assert!(!k.is_door_blind());
        assert!(Knowledge::blank(1, 1, 1).door_blind().is_door_blind());
    }
}
