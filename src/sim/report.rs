//! A headless run and its summary: what `darkstar run` prints.

use std::fmt;

use super::{Command, Event, FieldUpdates, Game, Stats};
use crate::clock::Turn;

/// One faction's line of a [`Report`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FactionReport {
    pub name: String,
    pub monsters: usize,
    /// Monsters that reached the goal.
    pub reached: usize,
    /// Cells the faction knows.
    pub known: usize,
    pub stats: Stats,
    /// How its fields were brought up to date, turn by turn.
    pub field_updates: FieldUpdates,
}

/// What a headless run did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    pub seed: u64,
    pub turns: Turn,
    /// Events of each kind, in [`Event::KINDS`] order.
    pub events: [u64; Event::KINDS.len()],
    pub factions: Vec<FactionReport>,
    /// Turns whose search budget ran out with requests still waiting
    /// ([`crate::sim::Floor::budget_limited_turns`]).
    pub budget_limited_turns: u64,
    /// Monsters on the level, not the player, summed over turns
    /// ([`crate::sim::Floor::monster_turns`]).
    pub monster_turns: u64,
}

impl Report {
    /// Think-waits of every faction.
    pub fn think_waits(&self) -> u64 {
        self.factions.iter().map(|f| f.stats.think_waits).sum()
    }
}

/// Plays `game` for at most `turns` turns (stopping early once it is
/// settled) and summarises it.
pub fn run_headless(game: &mut Game, turns: Turn) -> Report {
    run_headless_with(game, turns, |_| {})
}

/// [`run_headless`], calling `progress` with the turns played so far after
/// every turn (for a progress bar: the library draws nothing itself).
pub fn run_headless_with(game: &mut Game, turns: Turn, mut progress: impl FnMut(Turn)) -> Report {
    for played in 1..=turns {
        if game.floor().is_settled() {
            break;
        }
        game.apply(Command::Advance);
        progress(played);
    }
    let factions = game
        .floor()
        .factions()
        .iter()
        .enumerate()
        .map(|(i, f)| {
            let mine = game.floor().monsters().iter().filter(|m| m.faction() == i);
            let k = f.knowledge();
            FactionReport {
                name: f.spec().name.clone(),
                monsters: mine.clone().count(),
                reached: mine
                    .filter(|m| matches!(m.presence(), super::Presence::Escaped(_)))
                    .count(),
                known: (0..k.height() as i32)
                    .flat_map(|y| {
                        (0..k.width() as i32).map(move |x| crate::map::geom::Pos::new(x, y))
                    })
                    .filter(|&p| k.is_known(p))
                    .count(),
                stats: game.floor().faction_stats(i),
                field_updates: f.field_updates(),
            }
        })
        .collect();
    Report {
        seed: game.floor().seed(),
        turns: game.floor().turn(),
        // Counted by the game's chronicle as they happened.
        events: *game.chronicle().event_counts(),
        factions,
        budget_limited_turns: game.floor().budget_limited_turns(),
        monster_turns: game.floor().monster_turns(),
    }
}

/// `part` as a percentage of `whole` (0 of nothing).
pub fn percent(part: u64, whole: u64) -> f64 {
    if whole == 0 {
        0.0
    } else {
        100.0 * part as f64 / whole as f64
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "seed {}, {} turns", self.seed, self.turns)?;
        writeln!(
            f,
            "{:<12} {:>8} {:>8} {:>8} {:>8} {:>8} {:>12} {:>8} {:>8} {:>11} {:>10} {:>8} {:>8}",
            "faction",
            "monsters",
            "reached",
            "steps",
            "bumps",
            "replans",
            "expanded",
            "wasted",
            "known",
            "think-waits",
            "unit-waits",
            "repairs",
            "rebuilds"
        )?;
        for r in &self.factions {
            writeln!(
                f,
                "{:<12} {:>8} {:>8} {:>8} {:>8} {:>8} {:>12} {:>8} {:>8} {:>11} {:>10} {:>8} {:>8}",
                r.name,
                r.monsters,
                r.reached,
                r.stats.steps,
                r.stats.bumps,
                r.stats.replans,
                r.stats.expanded,
                r.stats.wasted,
                r.known,
                r.stats.think_waits,
                r.stats.unit_waits,
                r.field_updates.repairs,
                r.field_updates.rebuilds
            )?;
        }
        writeln!(
            f,
            "budget-limited turns {} of {}; think-waits {} of {} monster-turns ({:.2}%)",
            self.budget_limited_turns,
            self.turns,
            self.think_waits(),
            self.monster_turns,
            percent(self.think_waits(), self.monster_turns)
        )?;
        write!(f, "events:")?;
        for (name, n) in Event::KINDS.iter().zip(self.events) {
            write!(f, " {name} {n}")?;
        }
        writeln!(f)
    }
}
