//! Search memory a floor borrows from its thread and gives back when it
//! is dropped, so that a new floor (the next depth, the next game of a
//! batch) starts with the last one's nodes and buckets instead of
//! allocating and zeroing megabytes: the generation stamps that let one
//! game's searches reuse their memory without clearing it work as well
//! across games. Nothing a search returns depends on what the memory
//! held before (every search starts a new generation), so which floor
//! had it last changes no game.

use std::cell::RefCell;

use crate::path::SearchContext;

/// Contexts kept per thread: a floor holds two (its queue's and its
/// detours'), so two cover the usual one floor at a time.
const KEPT: usize = 2;

thread_local! {
    static SPARE: RefCell<Vec<SearchContext>> = const { RefCell::new(Vec::new()) };
}

/// A [`SearchContext`] taken from the thread's spares (or new) and put
/// back when dropped.
#[derive(Debug)]
pub(super) struct Scratch(SearchContext);

impl Default for Scratch {
    fn default() -> Scratch {
        // During the thread's teardown the spares may be gone: start anew.
        let spare = SPARE.try_with(|s| s.borrow_mut().pop()).ok().flatten();
        Scratch(spare.unwrap_or_default())
    }
}

impl Clone for Scratch {
    /// A copy of the memory too: the queue's may hold a suspended search.
    fn clone(&self) -> Scratch {
        Scratch(self.0.clone())
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let mut ctx = std::mem::take(&mut self.0);
        ctx.forget();
        let _ = SPARE.try_with(|s| {
            let mut s = s.borrow_mut();
            if s.len() < KEPT {
                s.push(ctx);
            }
        });
    }
}

impl std::ops::Deref for Scratch {
    type Target = SearchContext;
    fn deref(&self) -> &SearchContext {
        &self.0
    }
}

impl std::ops::DerefMut for Scratch {
    fn deref_mut(&mut self) -> &mut SearchContext {
        &mut self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::generator::{GenParams, Style, generate};
    use crate::path::Replanner;
    use crate::sim::Command;
    use crate::sim::game::{Game, SimConfig};

    /// Every turn's state hash of a maze of A* monsters whose searches a
    /// small budget spreads over turns (so some are suspended and
    /// resumed in the queue's memory).
    fn hashes(seed: u64, side: u32, turns: u32) -> Vec<u64> {
        let mut level = generate(
            &GenParams {
                width: side,
                height: side,
                style: Style::Maze,
                monsters_per_faction: 8,
            },
            seed,
        );
        for f in &mut level.factions {
            f.planner = Replanner::AStar;
        }
        let config = SimConfig {
            expansion_budget: 300,
            ..SimConfig::default()
        };
        let mut game = Game::new(&level, seed, config).expect("a playable level");
        (0..turns)
            .map(|_| {
                game.apply(Command::Advance);
                game.state_hash()
            })
            .collect()
    }

    /// A game on memory another game left (a larger map's, searched part
    /// way and given back) is the game played on new memory, turn by
    /// turn; and the memory is given back and taken again.
    #[test]
    fn a_game_on_used_memory_is_the_game_on_new_memory() {
        for seed in 0..3 {
            let fresh = std::thread::spawn(move || hashes(seed, 40, 80))
                .join()
                .expect("the fresh game");
            std::thread::spawn(move || {
                hashes(seed + 10, 48, 80);
                assert_eq!(SPARE.with(|s| s.borrow().len()), KEPT, "given back");
                assert_eq!(hashes(seed, 40, 80), fresh, "seed {seed}");
            })
            .join()
            .expect("the game on used memory");
        }
    }
}
