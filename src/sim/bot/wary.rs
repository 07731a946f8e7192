//! The monsters the cunning bot keeps clear of, as a player keeps in mind
//! the troll it saw asleep round the last corner: each hostile monster
//! it would lose to (by the look box's numbers), where it last saw it and
//! in what state. Its routes (exploring, fetching, travelling) keep a
//! berth round them: out of a sleeper's sight, and further from one awake.
//! A sleeper is remembered until the bot sees its cell empty; one awake
//! for [`AWAKE_TURNS`] turns after it was last seen (it will have moved).

use super::super::autopilot::monsters_in_view;
use super::super::{Awareness, Game, MonsterId};
use super::{cunning, is_hostile};
use crate::clock::Turn;
use crate::map::geom::Pos;

/// Turns a monster seen awake is kept clear of after it drops from view.
pub const AWAKE_TURNS: Turn = 40;

/// Cells beyond its sight an awake monster's berth reaches (it moves).
const AWAKE_MARGIN: u32 = 2;

/// One monster kept clear of.
#[derive(Copy, Clone, Debug)]
struct Danger {
    id: MonsterId,
    at: Pos,
    seen: Turn,
    asleep: bool,
    sight: u32,
}

/// What the bot remembers of the monsters it keeps clear of, on the
/// depth it is on.
#[derive(Clone, Debug, Default)]
pub struct Wary {
    depth: Option<u32>,
    dangers: Vec<Danger>,
}

impl Wary {
    /// Learns from what the player sees in `game` now.
    pub fn update(&mut self, game: &Game) {
        let depth = game.depth();
        if depth != self.depth {
            self.depth = depth;
            self.dangers.clear();
        }
        let Some(view) = game.floor().player_view() else {
            return;
        };
        let in_view = monsters_in_view(game);
        let now = game.floor().turn();
        for &m in &in_view {
            if !is_hostile(game, m) || !cunning::loses_to(game, m) {
                continue;
            }
            let monster = &game.floor().monsters()[m as usize];
            let danger = Danger {
                id: m,
                at: monster.pos(),
                seen: now,
                asleep: game.floor().awareness(m) == Awareness::Asleep,
                sight: game.floor().kind_of(monster).sight,
            };
            match self.dangers.iter_mut().find(|d| d.id == m) {
                Some(d) => *d = danger,
                None => self.dangers.push(danger),
            }
        }
        self.dangers.retain(|d| {
            let monster = &game.floor().monsters()[d.id as usize];
            monster.is_here()
                && (in_view.contains(&d.id) || !view.sees(d.at))
                && (d.asleep || d.seen + AWAKE_TURNS >= now)
        });
    }

    /// The cells to keep out of: within a remembered monster's berth
    /// (its sight, and [`AWAKE_MARGIN`] more if awake), and nearer it than
    /// the player at `at` stands now (so a player inside one may still go
    /// away, or round at the same distance). Those awake only, or all.
    fn berth(&self, at: Pos, awake_only: bool) -> Vec<Pos> {
        let mut cells = Vec::new();
        for d in &self.dangers {
            if awake_only && d.asleep {
                continue;
            }
            let r = d.sight + if d.asleep { 1 } else { AWAKE_MARGIN };
            let (dx, dy) = at.abs_delta(d.at);
            let mine = dx.max(dy);
            let r = r as i32;
            for y in d.at.y - r..=d.at.y + r {
                for x in d.at.x - r..=d.at.x + r {
                    let q = Pos::new(x, y);
                    let (qx, qy) = q.abs_delta(d.at);
                    if qx.max(qy) < mine {
                        cells.push(q);
                    }
                }
            }
        }
        cells
    }

    /// The berths a route tries in turn from `at`: every monster's, then
    /// the awake ones' only (see `go` in `mod.rs`).
    pub fn berths(&self, at: Pos) -> [Vec<Pos>; 2] {
        [self.berth(at, false), self.berth(at, true)]
    }

    /// True when it keeps clear of anything now.
    pub fn is_wary(&self) -> bool {
        !self.dangers.is_empty()
    }
}
