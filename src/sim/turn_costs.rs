//! What a step cost over a faction's knowledge at the turn's plan phase:
//! what its shared fields (`fields.rs`) are grown and repaired over all
//! turn, so that every read of a turn is exact as of the turn's start.

use super::log::Log;
use crate::fog::knowledge::Knowledge;
use crate::map::cost::{Cost, StepCosts};
use crate::path::{CostMap, EntryCosts, Step};

/// What a step costs over a faction's knowledge as it stood at the turn's
/// plan phase: what its fields are grown and repaired over all turn, so
/// that a field read anywhere during a turn (at a cell the plan phase
/// settled, or one it did not foresee) gives the exact cost over the
/// knowledge at the turn's start, whatever the field happened to have
/// settled before. Each cell's entering factor (0: impassable), as
/// [`EntryCosts::entry_factor`] of the knowledge gave it, and the cheapest
/// steps; brought up to date at each plan phase with the cells logged
/// since (a cache: made afresh from the knowledge when dropped).
#[derive(Clone, Debug)]
pub struct TurnCosts {
    width: u32,
    height: u32,
    factor: Vec<u32>,
    cheapest: StepCosts,
    /// The length of the faction's log it has taken in.
    read: usize,
}

impl TurnCosts {
    /// The costs of `knowledge` now, with `read` entries of its log
    /// taken in.
    pub(crate) fn of(knowledge: &Knowledge, read: usize) -> TurnCosts {
        let cells = knowledge.width() as usize * knowledge.height() as usize;
        TurnCosts {
            width: knowledge.width(),
            height: knowledge.height(),
            factor: (0..cells).map(|i| Self::factor_of(knowledge, i)).collect(),
            cheapest: knowledge.cheapest_steps(),
            read,
        }
    }

    fn factor_of(knowledge: &Knowledge, index: usize) -> u32 {
        knowledge.entry_factor(index).map_or(0, |f| {
            u32::try_from(f)
                .ok()
                .filter(|&f| f != 0)
                .expect("an entering factor fits a u32 and is never 0")
        })
    }

    /// Brought up to date with `knowledge` as it is now: the cells its
    /// `log` holds since these costs last read it, or all of them when the
    /// log no longer holds those.
    pub(crate) fn take_in(&mut self, knowledge: &Knowledge, log: &Log) {
        match log.since_exact(self.read) {
            Some(cells) => {
                for &p in cells {
                    let i = p.row_major(self.width);
                    self.factor[i] = Self::factor_of(knowledge, i);
                }
                self.cheapest = knowledge.cheapest_steps();
                self.read = log.total();
            }
            None => *self = TurnCosts::of(knowledge, log.total()),
        }
    }

    /// The length of the log they have taken in: the turn's start.
    pub fn read(&self) -> usize {
        self.read
    }

    /// Bytes they hold.
    pub fn memory_bytes(&self) -> usize {
        self.factor.len() * std::mem::size_of::<u32>()
    }
}

impl CostMap for TurnCosts {
    fn width(&self) -> u32 {
        self.width
    }

    fn height(&self) -> u32 {
        self.height
    }

    /// As the knowledge prices it: no step out of or into a wall, else
    /// the entered cell's factor times the step's base cost.
    #[inline]
    fn step_cost(&self, step: Step) -> Option<Cost> {
        if self.factor[step.from_index] == 0 {
            return None;
        }
        let f = self.factor[step.to_index];
        (f != 0).then(|| f as Cost * StepCosts::UNIT.for_dir(step.dir))
    }

    fn cheapest_steps(&self) -> StepCosts {
        self.cheapest
    }
}

impl EntryCosts for TurnCosts {
    #[inline]
    fn entry_factor(&self, index: usize) -> Option<Cost> {
        let f = self.factor[index];
        (f != 0).then_some(f as Cost)
    }
}
