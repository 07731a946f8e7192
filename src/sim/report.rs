//! A headless run and its summary: what `darkstar run` prints.

use std::fmt;

use super::{Command, Event, Game, Stats};
use crate::knowledge::Turn;

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
}

/// What a headless run did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    pub seed: u64,
    pub turns: Turn,
    /// Events of each kind, in [`Event::KINDS`] order.
    pub events: [u64; Event::KINDS.len()],
    pub factions: Vec<FactionReport>,
}

/// Plays `game` for at most `turns` turns (stopping early once it is
/// settled) and summarises it.
pub fn run_headless(game: &mut Game, turns: Turn) -> Report {
    let mut events = [0u64; Event::KINDS.len()];
    for _ in 0..turns {
        if game.is_settled() {
            break;
        }
        for e in game.apply(Command::Advance) {
            events[e.kind()] += 1;
        }
    }
    let factions = game
        .factions()
        .iter()
        .enumerate()
        .map(|(i, f)| {
            let mine = game.monsters().iter().filter(|m| m.faction() == i);
            let k = f.knowledge();
            FactionReport {
                name: f.spec().name.clone(),
                monsters: mine.clone().count(),
                reached: mine
                    .filter(|m| matches!(m.presence(), super::Presence::Escaped(_)))
                    .count(),
                known: (0..k.height() as i32)
                    .flat_map(|y| (0..k.width() as i32).map(move |x| crate::geom::Pos::new(x, y)))
                    .filter(|&p| k.is_known(p))
                    .count(),
                stats: game.faction_stats(i),
            }
        })
        .collect();
    Report {
        seed: game.seed(),
        turns: game.turn(),
        events,
        factions,
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "seed {}, {} turns", self.seed, self.turns)?;
        writeln!(
            f,
            "{:<12} {:>8} {:>8} {:>8} {:>8} {:>8} {:>12} {:>8} {:>8}",
            "faction",
            "monsters",
            "reached",
            "steps",
            "bumps",
            "replans",
            "expanded",
            "wasted",
            "known"
        )?;
        for r in &self.factions {
            writeln!(
                f,
                "{:<12} {:>8} {:>8} {:>8} {:>8} {:>8} {:>12} {:>8} {:>8}",
                r.name,
                r.monsters,
                r.reached,
                r.stats.steps,
                r.stats.bumps,
                r.stats.replans,
                r.stats.expanded,
                r.stats.wasted,
                r.known
            )?;
        }
        write!(f, "events:")?;
        for (name, n) in Event::KINDS.iter().zip(self.events) {
            write!(f, " {name} {n}")?;
        }
        writeln!(f)
    }
}
