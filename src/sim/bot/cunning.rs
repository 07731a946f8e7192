//! The cunning bot's own moves, tried before the brawler's: it plays what
//! the monsters do not know. It strikes a monster that has not noticed it
//! (asleep, or its faction not hunting the player: a sure blow, three
//! times as hard); it creeps up on one such blow would kill; and it
//! sneaks (silent steps) while a monster that has not noticed it is within
//! that monster's hearing, and stops once none is, or once it is hunted.
//! It goes for no monster it would lose to. Hunted by more than it can
//! take (by the numbers the look box shows: hit points, how often each
//! side lands a blow and for how much, and speed), it shuts a door beside
//! it on those that work no door, or, if it can outrun them, leaves by the
//! nearest stairs it knows rather than fight. All of it read as a player
//! reads it: the look box says which monsters are asleep, wandering or
//! hunting, and their hit points.

use super::super::autopilot::monsters_in_view;
use super::super::player::{PlayOutcome, STEALTH_MULTIPLIER};
use super::super::{Action, Awareness, Game, MonsterId};
use super::{is_hostile, knows, nearness, reaches, step_toward};
use crate::content::level::{KindSpec, NORMAL_SPEED};
use crate::map::geom::Dir;
use crate::map::terrain::Terrain;

/// The cunning bot's move, if one of its tricks applies now.
pub(super) fn trick(game: &Game) -> Option<Action> {
    let play = game.play_state()?;
    let player = game.player().filter(|p| p.is_here())?;
    if play.outcome != PlayOutcome::Playing {
        return None;
    }
    let at = player.pos();
    let view: Vec<_> = monsters_in_view(game)
        .into_iter()
        .filter(|&m| is_hostile(game, m))
        .collect();
    let unaware: Vec<_> = view
        .iter()
        .copied()
        .filter(|&m| game.unaware(m as usize))
        .collect();
    let pos = |m: crate::sim::MonsterId| game.monsters()[m as usize].pos();
    // One beside it that has not noticed it: strike it unawares.
    for d in Dir::ALL {
        if unaware.iter().any(|&m| pos(m) == at.step(d)) && reaches(game, at, d) {
            return Some(Action::Walk(d));
        }
    }
    let hunters: Vec<MonsterId> = view
        .iter()
        .copied()
        .filter(|&m| game.awareness(m) == Awareness::Hunting)
        .collect();
    // Hunted by more than it can take, one of them unable to work a door
    // and past a door beside it: shut it.
    let outmatched = outmatched(game, &hunters);
    if outmatched && let Some(d) = door_to_shut(game, at, &hunters) {
        return Some(Action::Close(d));
    }
    // Else away by the stairs it knows, but only from those it can
    // outrun: a faster one strikes its back.
    let outrun = hunters
        .iter()
        .all(|&m| game.kind_of(&game.monsters()[m as usize]).speed <= game.kind_of(player).speed);
    if outrun
        && outmatched
        && let Some(action) = leave(game)
    {
        // At full pace: a sneaking step would let it catch up.
        return Some(if play.sneaking { Action::Sneak } else { action });
    }
    // Silent while one that has not noticed it could hear its steps.
    let hunted = view
        .iter()
        .any(|&m| game.awareness(m) == Awareness::Hunting);
    let within_hearing = unaware.iter().any(|&m| {
        let hearing = game.kind_of(&game.monsters()[m as usize]).hearing;
        nearness(at, pos(m)).0 <= hearing
    });
    let quiet = within_hearing && !hunted;
    if quiet != play.sneaking {
        return Some(Action::Sneak);
    }
    // Creep up on one a sure blow would kill.
    let blow = game.kind_of(player).damage.min() * STEALTH_MULTIPLIER;
    let prey = unaware
        .iter()
        .copied()
        .filter(|&m| game.monsters()[m as usize].hp() <= blow)
        .min_by_key(|&m| nearness(at, pos(m)))?;
    step_toward(game, at, pos(prey))
}

/// Blows (in the player's turns) one side needs to kill the other, in
/// tenths: hit points over what a blow lands on average (the chance to
/// hit, accuracy less defence in percent from 5 to 95, times the mean
/// roll), scaled by how often it strikes against the other's speed.
fn blows_to_kill(by: &KindSpec, on: &KindSpec, hp: i32) -> i64 {
    let margin = by.accuracy as i64 - on.defence as i64;
    let chance = if margin >= 100 {
        100
    } else {
        margin.clamp(5, 95)
    };
    let landed = chance * by.damage.mean_tenths() as i64 * by.speed as i64;
    (hp as i64 * 1000 * NORMAL_SPEED as i64 * 10) / landed.max(1)
}

/// True when monster `m` alone would kill the player before the player
/// killed it, blow for blow from where they stand now.
pub(super) fn loses_to(game: &Game, m: MonsterId) -> bool {
    outmatched_by(game, &[m], 10)
}

/// True when the `hunters` together come near to killing the player
/// before it could kill them one after another: it would need more than
/// seven tenths of the blows they need (a fight's luck runs both ways,
/// and a player that leaves late leaves hurt).
fn outmatched(game: &Game, hunters: &[MonsterId]) -> bool {
    outmatched_by(game, hunters, 7)
}

/// True when the player's blows to kill all of `ms` in turn exceed
/// `tenths` tenths of the blows they need together to kill it.
fn outmatched_by(game: &Game, ms: &[MonsterId], tenths: i64) -> bool {
    let Some(player) = game.player() else {
        return false;
    };
    if ms.is_empty() {
        return false;
    }
    let me = game.kind_of(player);
    let mut mine = 0;
    // Their blows on the player per thousand of the player's turns.
    let mut rate = 0;
    for &m in ms {
        let monster = &game.monsters()[m as usize];
        let it = game.kind_of(monster);
        mine += blows_to_kill(me, it, monster.hp());
        rate += 1_000_000 / blows_to_kill(it, me, player.hp()).max(1);
    }
    let theirs = 1_000_000 / rate.max(1);
    mine * 10 > theirs * tenths
}

/// The way to an open door beside the player at `at`, empty, with one of
/// `hunters` that cannot open doors nearer the door than the player (on
/// its far side): shutting it shuts that one out.
fn door_to_shut(game: &Game, at: crate::map::geom::Pos, hunters: &[MonsterId]) -> Option<Dir> {
    Dir::ALL
        .into_iter()
        .filter(|d| !d.is_diagonal())
        .find(|&d| {
            let door = at.step(d);
            game.world().get(door) == Some(Terrain::OpenDoor)
                && game.world().occupant(door).is_none()
                && hunters.iter().any(|&m| {
                    let monster = &game.monsters()[m as usize];
                    let q = monster.pos();
                    !game.factions()[monster.faction()].spec().opens_doors
                        && nearness(q, door).0 < nearness(q, at).0
                })
        })
}

/// A step toward (or onto) the nearest stairs that lead away: down, if
/// it knows where they are; up, unless this is depth 1 without the
/// Darkstar (the way out only lets it leave with it).
fn leave(game: &Game) -> Option<Action> {
    let play = game.play_state()?;
    let at = game.player()?.pos();
    let stairs = game.stairs()?;
    let depth = game.depth().unwrap_or(1);
    if stairs.down == Some(at) {
        return Some(Action::Descend);
    }
    if at == stairs.up && (depth > 1 || play.carrying) {
        return Some(Action::Ascend);
    }
    let mut ways: Vec<_> = stairs
        .down
        .filter(|&d| knows(game, d))
        .into_iter()
        .collect();
    if depth > 1 || play.carrying {
        ways.push(stairs.up);
    }
    super::autopilot::step_to_nearest(game, &ways)
}
