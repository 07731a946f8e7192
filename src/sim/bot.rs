//! A scripted player for measuring difficulty: it plays a whole run
//! headless, built on the autopilot, and reports how it went. Careful, it
//! fights what stands next to it, goes for hostile monsters it sees,
//! rests when hurt with nothing in view, explores each depth and goes down
//! once the depth is explored (or nothing more can be reached), takes the
//! Darkstar and climbs out. Careless, it never rests. It knows only what
//! the player knows (its moves are the autopilot's, over the player's
//! knowledge), so it is fooled by the dark as a player is.
//!
//! The careful bot also fetches the items it knows of, drinks a healing
//! potion at a third of its hit points, and throws darts at a hostile
//! monster two to eight cells off; the careless one uses none (it wears
//! what it walks over).

use rayon::prelude::*;

use super::autopilot::{self, Activity, monsters_in_view};
use super::game::Game;
use super::player::{PLAYER_HP, PlayOutcome};
use super::{Command, Event, PlayerAction, SimConfig};
use crate::fog::knowledge::Turn;
use crate::map::geom::Dir;
use crate::sim::item::{ItemKind, THROW_RANGE};

/// How one bot run ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BotRun {
    pub seed: u64,
    pub won: bool,
    /// The deepest depth reached.
    pub depth: u32,
    /// Turns played.
    pub turns: Turn,
    /// What killed it (one of the kind), if it died.
    pub killed_by: Option<String>,
    /// It ran out of turns (neither won nor died).
    pub timed_out: bool,
}

/// The bot's next action in `game` (`careful`: it rests when hurt), or
/// `None` when the game is over.
pub fn next_action(game: &Game, careful: bool) -> Option<PlayerAction> {
    let play = game.play_state()?;
    let player = game.player().filter(|p| p.is_here())?;
    if play.outcome != PlayOutcome::Playing {
        return None;
    }
    let at = player.pos();
    let hostile = |m: super::MonsterId| {
        let monster = &game.monsters()[m as usize];
        game.factions()[monster.faction()].spec().hostile
    };
    // An enemy next to it: hit it (a step the rules allow).
    for d in Dir::ALL {
        if let Some(o) = game.world().occupant(at.step(d))
            && hostile(o)
            && crate::path::step(
                game.world().terrain(),
                at,
                d,
                crate::path::Connectivity::Eight,
            )
            .is_some()
        {
            return Some(PlayerAction::Move(d));
        }
    }
    let seen: Vec<_> = monsters_in_view(game)
        .into_iter()
        .filter(|&m| hostile(m))
        .collect();
    let slot = |k: ItemKind| game.pack().iter().position(|&x| x == k).map(|s| s as u8);
    if careful
        && player.hp() * 3 <= PLAYER_HP
        && let Some(s) = slot(ItemKind::Healing)
    {
        return Some(PlayerAction::Use(s));
    }
    if careful && seen.is_empty() && player.hp() * 2 <= PLAYER_HP {
        return Some(PlayerAction::Wait);
    }
    // Darts at the nearest hostile monster in range, before it closes.
    if careful && let Some(s) = slot(ItemKind::Dart) {
        let target = seen
            .iter()
            .map(|&m| game.monsters()[m as usize].pos())
            .filter(|q| {
                let (dx, dy) = q.abs_delta(at);
                (2..=THROW_RANGE).contains(&dx.max(dy))
            })
            .min_by_key(|q| (q.abs_delta(at).0.max(q.abs_delta(at).1), q.y, q.x));
        if let Some(q) = target {
            return Some(PlayerAction::Throw(s, q));
        }
    }
    // A hostile monster in view: go for the nearest.
    if let Some(&m) = seen.iter().min_by_key(|&&m| {
        let (dx, dy) = game.monsters()[m as usize].pos().abs_delta(at);
        (dx.max(dy), m)
    }) {
        let to = game.monsters()[m as usize].pos();
        return Some(step_toward(game, at, to).unwrap_or(PlayerAction::Wait));
    }
    let stairs = game.stairs()?;
    if play.carrying {
        if at == stairs.up {
            return Some(PlayerAction::Ascend);
        }
        return Some(travel(game, stairs.up));
    }
    if let Some(t) = play.treasure.filter(|&t| knows(game, t)) {
        return Some(travel(game, t));
    }
    // The careful bot fetches the items it knows of.
    if careful
        && let Some(&(p, _)) = game
            .floor_items()
            .iter()
            .filter(|&&(p, _)| knows(game, p) && p != at)
            .min_by_key(|(p, _)| (p.abs_delta(at).0.max(p.abs_delta(at).1), p.y, p.x))
        && let Ok(a) = autopilot::next_action(game, &mut Activity::Travel(p))
    {
        return Some(a);
    }
    match autopilot::next_action(game, &mut Activity::Explore) {
        Ok(action) => Some(action),
        Err(_) => match stairs.down.filter(|&d| knows(game, d)) {
            Some(d) if d == at => Some(PlayerAction::Descend),
            Some(d) => Some(travel(game, d)),
            None => Some(PlayerAction::Wait),
        },
    }
}

fn knows(game: &Game, p: crate::map::geom::Pos) -> bool {
    game.player()
        .is_some_and(|pl| game.factions()[pl.faction()].knowledge().is_known(p))
}

/// A step of travel to `to` over known ground (a wait if there is no way).
fn travel(game: &Game, to: crate::map::geom::Pos) -> PlayerAction {
    autopilot::next_action(game, &mut Activity::Travel(to)).unwrap_or(PlayerAction::Wait)
}

/// A step toward `to` (a monster's cell): travel to it over known ground,
/// the monster's cell itself let through.
fn step_toward(
    game: &Game,
    at: crate::map::geom::Pos,
    to: crate::map::geom::Pos,
) -> Option<PlayerAction> {
    let dir = at.dir_to(to);
    if let Some(d) = dir {
        return Some(PlayerAction::Move(d));
    }
    // Travel refuses cells with monsters in view; head for a known cell
    // beside it instead.
    Dir::ALL
        .iter()
        .map(|&d| to.step(d))
        .filter(|&p| knows(game, p) && game.world().occupant(p).is_none())
        .find_map(|p| autopilot::next_action(game, &mut Activity::Travel(p)).ok())
}

/// One run with `seed`, played by the bot for at most `max_turns` turns.
pub fn play_run(seed: u64, careful: bool, max_turns: Turn) -> BotRun {
    let mut game = match Game::new_run(seed, 1, SimConfig::default()) {
        Ok(g) => g,
        Err(_) => {
            return BotRun {
                seed,
                won: false,
                depth: 0,
                turns: 0,
                killed_by: None,
                timed_out: false,
            };
        }
    };
    let mut deepest = 1;
    let mut last_hit = None;
    let mut idle = 0u32;
    while game.turn() < max_turns {
        let Some(action) = next_action(&game, careful) else {
            break;
        };
        let before = game.turn();
        let events = game.apply(Command::Player(action));
        for e in &events {
            if let Event::Attacked {
                attacker, target, ..
            } = e
                && game
                    .monsters()
                    .get(*target as usize)
                    .is_some_and(|m| m.is_player())
            {
                let m = &game.monsters()[*attacker as usize];
                last_hit = Some(game.factions()[m.faction()].spec().one().to_string());
            }
        }
        deepest = deepest.max(game.depth().unwrap_or(1));
        // An action that takes no time twice in a row (a refused step):
        // wait instead, so the run always moves on.
        if game.turn() == before {
            idle += 1;
            if idle > 2 {
                game.apply(Command::Player(PlayerAction::Wait));
                idle = 0;
            }
        } else {
            idle = 0;
        }
    }
    let outcome = game.play_state().map(|p| p.outcome);
    let won = matches!(outcome, Some(PlayOutcome::Won(_)));
    let dead = matches!(outcome, Some(PlayOutcome::Lost(_)));
    BotRun {
        seed,
        won,
        depth: deepest,
        turns: game.turn(),
        killed_by: if dead { last_hit } else { None },
        timed_out: !won && !dead,
    }
}

/// Runs for every seed of `seeds`, in parallel (each run serial and
/// deterministic), in seed order.
pub fn play_runs(
    seeds: std::ops::RangeInclusive<u64>,
    careful: bool,
    max_turns: Turn,
) -> Vec<BotRun> {
    let seeds: Vec<u64> = seeds.collect();
    seeds
        .par_iter()
        .map(|&s| play_run(s, careful, max_turns))
        .collect()
}

/// The median of `values` (the lower middle of an even count), 0 if none.
pub fn median<T: Copy + Ord + Default>(values: &[T]) -> T {
    let mut v = values.to_vec();
    v.sort();
    v.get(v.len().saturating_sub(1) / 2)
        .copied()
        .unwrap_or_default()
}
