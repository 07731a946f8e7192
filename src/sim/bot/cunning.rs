//! The cunning bot's own moves, tried before the brawler's: it plays what
//! the monsters do not know. It kills the eyes of blind kin first (a
//! raven sees for the trolls: a blow beside it, else a dart with a clear
//! way), so that they hunt by ear again. Beside monsters that could kill
//! it before its next turn (each blow at its most, as the look box gives
//! it), it drinks a healing potion, whatever its hit points. It strikes a
//! monster that has not noticed it (asleep, or not hunting the player: a
//! sure blow, five times as hard) when the blow kills it or leaves a
//! fight it wins; it
//! creeps up on one such blow would kill; and it sneaks (silent steps)
//! while a monster that has not noticed it is within that monster's
//! hearing, until none is. It goes only for a monster it would beat
//! (fights only where it can win).
//! Hunted by more than it can take (by the numbers the look box shows:
//! hit points, how often each side lands a blow and for how much, speed
//! and sight), it shuts a door beside it on those that work no door;
//! none beside it, it reads a scroll of collapse where the cell it walls
//! is their way to it (over ground it knows: a dead end made for them),
//! so long as it keeps a way on itself;
//! hunted by none that can see it from where it stands, it throws a
//! noise-maker far off to send them there; seen by them and none beside
//! it, it reads a scroll of darkness (no monster sees into one) and goes
//! silent, so they hunt where they last saw it; able to outrun them, it leaves
//! by the nearest stairs it knows or breaks away, a step at a time to the
//! cell furthest from them. All of it read as a player reads it: the look
//! box says which monsters are asleep, wandering or hunting, and their
//! numbers.

use super::super::autopilot::monsters_in_view;
use super::super::player::{PlayOutcome, STEALTH_MULTIPLIER};
use super::super::{Action, Awareness, Game, MonsterId};
use super::tricks::Trick;
use super::{in_pack, is_hostile, knows, nearness, reaches, step_toward};
use crate::content::items::Effect;
use crate::content::level::{KindSpec, NORMAL_SPEED};
use crate::map::geom::Dir;
use crate::map::terrain::Terrain;

/// What the cunning bot holds back from, for a while: a creep that keeps
/// it going back and forth, a break from hunters that never ends (one it
/// cannot get past, found again every time it turns back), a second
/// noise-maker before the first has had its [`super::TRICK_TURNS`] to work,
/// a way out by the stairs from hunters that wait at their foot each time
/// it comes back.
#[derive(Copy, Clone, Debug)]
pub(super) struct Restraint {
    pub creep: bool,
    pub break_away: bool,
    pub lure: bool,
    pub stairs: bool,
}

impl Restraint {
    /// Every trick open.
    pub const NONE: Restraint = Restraint {
        creep: true,
        break_away: true,
        lure: true,
        stairs: true,
    };
}

/// The cunning bot's move, if one of its tricks applies now, with the
/// trick it plays when the action alone does not say (a step to get away
/// from hunters).
pub(super) fn trick(game: &Game, open: Restraint) -> Option<(Action, Option<Trick>)> {
    let plain = |a: Action| (a, None);
    let play = game.floor().play_state()?;
    let player = game.floor().player().filter(|p| p.is_here())?;
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
        .filter(|&m| game.floor().unaware(m as usize))
        .collect();
    let pos = |m: crate::sim::MonsterId| game.floor().monsters()[m as usize].pos();
    // Those beside it could kill it before it acts again: a healing
    // potion now, whatever its hit points (the brawler drinks at a third,
    // which an ogre's blow and a troll's together go past in one turn).
    if at_risk(game, at, player.hp(), &view)
        && let Some((s, ())) = in_pack(game, |e| matches!(e, Effect::Heal(_)).then_some(()))
    {
        return Some(plain(Action::Use(s as u8)));
    }
    // One beside it that has not noticed it: strike it unawares, if the
    // blow kills it or leaves a fight it wins.
    for d in Dir::ALL {
        if unaware
            .iter()
            .any(|&m| pos(m) == at.step(d) && worth_striking(game, m))
            && reaches(game, at, d)
        {
            return Some(plain(Action::Walk(d)));
        }
    }
    // The eyes of blind kin in view (a raven, for the trolls): kill them
    // first, beside it with a blow, else from afar with a dart.
    if let Some(choice) = kill_the_eyes(game, at, &view) {
        return Some((choice, Some(Trick::Eyes)));
    }
    let hunters: Vec<MonsterId> = view
        .iter()
        .copied()
        .filter(|&m| game.floor().awareness(m) == Awareness::Hunting)
        .collect();
    // Hunted by more than it can take, one of them unable to work a door
    // and past a door beside it: shut it.
    let outmatched = outmatched(game, &hunters);
    if outmatched && let Some(d) = door_to_shut(game, at, &hunters) {
        return Some(plain(Action::Close(d)));
    }
    // Hunted by more than it can take, none beside it, where a scroll of
    // collapse would wall the way they come by: a dead end made for them.
    if outmatched
        && hunters.iter().all(|&m| nearness(at, pos(m)).0 >= 2)
        && let Some((slot, ())) = in_pack(game, |e| matches!(e, Effect::Collapse).then_some(()))
        && cuts_off(game, at, &hunters)
    {
        return Some((Action::Use(slot as u8), Some(Trick::Collapse)));
    }
    // Hunted by ear or by where they last saw it, by none that sees it
    // now: a noise-maker thrown far off sends them there.
    if outmatched
        && open.lure
        && let Some(throw) = lure(game, at, &hunters)
    {
        return Some((throw, Some(Trick::Lure)));
    }
    // Seen by one of them, none beside it: a darkness read here hides
    // it (no monster sees into one) while it slips away silent.
    if outmatched
        && hunters.iter().any(|&m| could_see(game, m, at))
        && hunters.iter().all(|&m| nearness(at, pos(m)).0 >= 2)
        && let Some((slot, ())) =
            in_pack(game, |e| matches!(e, Effect::Darkness { .. }).then_some(()))
    {
        return Some((Action::Use(slot as u8), Some(Trick::Darkness)));
    }
    // Else away by the stairs it knows, but only from those it can
    // outrun: a faster one strikes its back.
    let outrun = hunters.iter().all(|&m| {
        let monster = &game.floor().monsters()[m as usize];
        let (theirs, mine) = (
            game.floor().kind_of(monster).speed,
            game.floor().kind_of(player).speed,
        );
        theirs < mine || theirs == mine && nearness(at, monster.pos()).0 > 1
    });
    // Hunted only by ones that cannot see it from where they stand (blind,
    // or it is past their sight) and none beside it: away silent, and
    // they hunt the last place they heard it.
    let unseen = !hunters.is_empty()
        && hunters
            .iter()
            .all(|&m| nearness(at, pos(m)).0 >= 2 && !could_see(game, m, at));
    // Silent first: the start of a break away from those it would lose
    // to (so tallied; it is no sneak past monsters unaware of it).
    if unseen && !play.sneaking {
        return Some((Action::Sneak, outmatched.then_some(Trick::BreakAway)));
    }
    if unseen
        && outmatched
        && open.break_away
        && let Some(d) = break_away(game, at, &hunters)
    {
        return Some((Action::Walk(d), Some(Trick::BreakAway)));
    }
    // Else away from them, where they lose it: out of their sight and,
    // at full pace, out of their hearing, then silent.
    if outrun && outmatched && open.break_away {
        let away = open
            .stairs
            .then(|| leave(game))
            .flatten()
            .or_else(|| break_away(game, at, &hunters).map(Action::Walk));
        if let Some(action) = away {
            // At full pace: a sneaking step would let it catch up.
            let action = if play.sneaking && !unseen {
                Action::Sneak
            } else {
                action
            };
            return Some((action, Some(Trick::BreakAway)));
        }
    }
    // Silent while one that has not noticed it could hear its steps.
    let hunted = view
        .iter()
        .any(|&m| game.floor().awareness(m) == Awareness::Hunting);
    let within_hearing = unaware.iter().any(|&m| {
        let hearing = game
            .floor()
            .kind_of(&game.floor().monsters()[m as usize])
            .hearing;
        nearness(at, pos(m)).0 <= hearing
    }) || play.sneaking && super::wary::near_a_sleeper(game);
    // It starts sneaking only unhunted, but once sneaking it goes on
    // until none is left to hide from: stopping each time one notices it
    // and starting again each time that one loses it spent every turn
    // on the switch.
    if within_hearing && !hunted && !play.sneaking || !within_hearing && !unseen && play.sneaking {
        return Some(plain(Action::Sneak));
    }
    // Creep up on one a sure blow would kill.
    if !open.creep {
        return None;
    }
    let blow = game.floor().kind_of(player).damage.min() * STEALTH_MULTIPLIER;
    let prey = unaware
        .iter()
        .copied()
        .filter(|&m| game.floor().monsters()[m as usize].hp() <= blow)
        .min_by_key(|&m| nearness(at, pos(m)))?;
    step_toward(game, at, pos(prey)).map(plain)
}

/// True when the awake monsters of `view` beside the player at `at`
/// could land `hp` or more before its next turn, every blow at its most
/// (a kind faster than the player may strike twice): the look box gives
/// each one's damage and speed.
fn at_risk(game: &Game, at: crate::map::geom::Pos, hp: i32, view: &[MonsterId]) -> bool {
    let most: i32 = view
        .iter()
        .map(|&m| &game.floor().monsters()[m as usize])
        .filter(|monster| nearness(at, monster.pos()).0 == 1)
        .filter(|monster| game.floor().awareness(monster.id()) != Awareness::Asleep)
        .map(|monster| {
            let kind = game.floor().kind_of(monster);
            kind.damage.max() * kind.speed.div_ceil(NORMAL_SPEED) as i32
        })
        .sum();
    most > 0 && most >= hp
}

/// True when monster `m` sees for kin that cannot (a raven for the
/// trolls): it sees, and its faction has a blind kind. What it sees its
/// faction knows; killed, they hunt by ear again. The player reads it
/// from the look box (faction and sight) and the bestiary.
pub(super) fn is_eyes(game: &Game, m: MonsterId) -> bool {
    let monster = &game.floor().monsters()[m as usize];
    game.floor().kind_of(monster).sight > 0
        && game.floor().factions()[monster.faction()]
            .spec()
            .kinds
            .iter()
            .any(|k| k.sight == 0)
}

/// The blow or the dart that goes for the nearest of the eyes of blind
/// kin among `view` (see [`is_eyes`]): a blow if it stands beside the
/// player at `at`, a dart if one is in the pack, it is within the dart's
/// range and nothing stands in the dart's way; none for eyes it would
/// lose to.
fn kill_the_eyes(game: &Game, at: crate::map::geom::Pos, view: &[MonsterId]) -> Option<Action> {
    // Always: one that has not noticed it yet would cry; one that has
    // tells its kin where the player is for as long as it lives. (Only
    // before it cries, or with its blind kin awake in view, won 107 of
    // seeds 1..200; always, 105; never, 108: a fight's noise wakes the
    // kin much as a cry does.)
    let eye = view
        .iter()
        .copied()
        .filter(|&m| is_eyes(game, m) && !loses_to(game, m))
        .min_by_key(|&m| nearness(at, game.floor().monsters()[m as usize].pos()))?;
    let q = game.floor().monsters()[eye as usize].pos();
    if let Some(d) = at.dir_to(q).filter(|&d| reaches(game, at, d)) {
        return Some(Action::Walk(d));
    }
    let (slot, range) = in_pack(game, |e| match e {
        Effect::Missile { range, .. } => Some(range),
        _ => None,
    })?;
    // Only a clear shot: the dart strikes the first one on its way (a
    // troll between the player and its raven).
    let terrain = game.floor().world().terrain();
    let clear = crate::fog::flight::flight(at, q, |p| terrain.is_opaque(p))
        .into_iter()
        .take_while(|&p| p != q)
        .all(|p| game.floor().world().occupant(p).is_none() && !terrain.is_opaque(p));
    (clear && nearness(at, q).0 <= range).then_some(Action::Throw(slot as u8, q))
}

/// True when a scroll of collapse read at `at` cuts every one of
/// `hunters` off from the player: over the ground the player knows to be
/// open (a way through rock it has not seen is no way it can count on),
/// their way to it is gone, or [`DETOUR_STEPS`] longer, once that cell
/// is wall.
fn cuts_off(game: &Game, at: crate::map::geom::Pos, hunters: &[MonsterId]) -> bool {
    let Some(wall) = game.floor().collapse_cell(at) else {
        return false;
    };
    let Some(player) = game.floor().player() else {
        return false;
    };
    let known = game.floor().factions()[player.faction()].knowledge();
    if !still_open(game, known, at, wall) {
        return false;
    }
    let limit = |m: MonsterId| {
        let q = game.floor().monsters()[m as usize].pos();
        steps(known, at, q, None, DETOUR_LIMIT).map(|s| (q, s))
    };
    !hunters.is_empty()
        && hunters.iter().all(|&m| {
            limit(m).is_some_and(|(q, now)| {
                steps(known, at, q, Some(wall), now + DETOUR_STEPS).is_none()
            })
        })
}

/// True when, `wall` walled, the player at `at` still has a way over
/// ground it knows to be open to the stairs it will leave by: up with
/// the Darkstar, else down (a level's way out), which it must know. A
/// collapse that walls the player in with the hunters out is no way on:
/// with ground yet to explore taken for a way on, it held 18 runs of
/// seeds 1..200 to their 20,000 turns (30 with the unknown taken as
/// open in the hunters' way).
fn still_open(
    game: &Game,
    known: &crate::fog::knowledge::Knowledge,
    at: crate::map::geom::Pos,
    wall: crate::map::geom::Pos,
) -> bool {
    let Some(play) = game.floor().play_state() else {
        return false;
    };
    let down = play.stairs.filter(|&d| known.is_known(d));
    let Some(goal) = play.up.filter(|_| play.carrying).or(down) else {
        return false;
    };
    steps(known, at, goal, Some(wall), known.width() * known.height()).is_some()
}

/// Steps a walled cell must add to a hunter's way for a collapse to make
/// a dead end of it.
const DETOUR_STEPS: u32 = 12;

/// The furthest a hunter's way is looked at, in steps.
const DETOUR_LIMIT: u32 = 40;

/// Steps from `from` to `to` over what `known` knows to be passable,
/// `wall` held a wall, diagonals not past a wall corner:
/// `None` if more than `limit` (a breadth-first search that stops there).
fn steps(
    known: &crate::fog::knowledge::Knowledge,
    from: crate::map::geom::Pos,
    to: crate::map::geom::Pos,
    wall: Option<crate::map::geom::Pos>,
    limit: u32,
) -> Option<u32> {
    let open =
        |p: crate::map::geom::Pos| Some(p) != wall && known.is_known(p) && known.is_passable(p);
    let width = known.width() as i32;
    let index = |p: crate::map::geom::Pos| (p.y * width + p.x) as usize;
    let mut seen = vec![false; (known.width() * known.height()) as usize];
    seen[index(from)] = true;
    let mut ring = vec![from];
    for n in 0..=limit {
        if ring.contains(&to) {
            return Some(n);
        }
        let mut next = Vec::new();
        for &p in &ring {
            for d in Dir::ALL {
                let q = p.step(d);
                let corner = d.is_diagonal()
                    && !(open(crate::map::geom::Pos::new(q.x, p.y))
                        && open(crate::map::geom::Pos::new(p.x, q.y)));
                // The hunter's own cell counts as open (it stands there).
                if (open(q) || q == to) && !corner && !seen[index(q)] {
                    seen[index(q)] = true;
                    next.push(q);
                }
            }
        }
        ring = next;
    }
    None
}

/// A noise-maker thrown to pull `hunters` off the player at `at`: when
/// none of them is within its own sight of the player (the look box says
/// how far each sees; one that sees it would hunt it again at once), at
/// the cell in the player's view and the noise-maker's range, open
/// ground, furthest from the player (then the first in reading order).
fn lure(game: &Game, at: crate::map::geom::Pos, hunters: &[MonsterId]) -> Option<Action> {
    let (slot, range) = in_pack(game, |e| match e {
        Effect::Noise { range, .. } => Some(range),
        _ => None,
    })?;
    if hunters.is_empty() || hunters.iter().any(|&m| could_see(game, m, at)) {
        return None;
    }
    let view = game.floor().player_view()?;
    let r = range as i32;
    let mut best: Option<(u32, crate::map::geom::Pos)> = None;
    for y in at.y - r..=at.y + r {
        for x in at.x - r..=at.x + r {
            let q = crate::map::geom::Pos::new(x, y);
            let far = nearness(at, q).0;
            if far < LURE_STEPS
                || !view.sees(q)
                || !game.floor().world().terrain().is_passable(q)
                || game.floor().world().occupant(q).is_some()
            {
                continue;
            }
            if best.is_none_or(|(b, _)| far > b) {
                best = Some((far, q));
            }
        }
    }
    best.map(|(_, q)| Action::Throw(slot as u8, q))
}

/// True when monster `m` could see the player at `at`, as the player
/// reckons it: within the sight the look box gives it, and the player
/// not inside a darkness it read (no monster sees into one).
fn could_see(game: &Game, m: MonsterId, at: crate::map::geom::Pos) -> bool {
    let monster = &game.floor().monsters()[m as usize];
    nearness(at, monster.pos()).0 <= game.floor().kind_of(monster).sight
        && !game.floor().darkness().is_some_and(|d| d.covers(at))
}

/// The nearest a lure is thrown: a noise at the player's feet tells them
/// where it is.
const LURE_STEPS: u32 = 4;

/// The step from `at` that takes the player furthest from the nearest of
/// `hunters` (in steps), if one takes it further than it is now; among
/// equals, the one with the most open ground round it (a corridor's
/// mouth before a dead end), then the first in the fixed order.
fn break_away(game: &Game, at: crate::map::geom::Pos, hunters: &[MonsterId]) -> Option<Dir> {
    let gap = |p: crate::map::geom::Pos| {
        hunters
            .iter()
            .map(|&m| nearness(p, game.floor().monsters()[m as usize].pos()).0)
            .min()
            .unwrap_or(u32::MAX)
    };
    let now = gap(at);
    let open = |p: crate::map::geom::Pos| Dir::ALL.iter().filter(|&&d| reaches(game, p, d)).count();
    Dir::ALL
        .into_iter()
        .filter(|&d| reaches(game, at, d) && game.floor().world().occupant(at.step(d)).is_none())
        .map(|d| (gap(at.step(d)), open(at.step(d)), d))
        .filter(|&(g, _, _)| g > now)
        .max_by_key(|&(g, o, d)| (g, o, std::cmp::Reverse(d as u8)))
        .map(|(_, _, d)| d)
}

/// Blows (in the player's turns) one side needs to kill the other, in
/// tenths: hit points over what a blow lands on average (the chance to
/// hit, accuracy less defence in percent from 5 to 95, times the mean
/// roll), scaled by how often it strikes against the other's speed.
fn blows_to_kill(by: &KindSpec, on: &KindSpec, hp: i32) -> i64 {
    let chance = crate::sim::hit_chance(by.accuracy, on.defence);
    let landed = chance * by.damage.mean_tenths() as i64 * by.speed as i64;
    (hp as i64 * 1000 * NORMAL_SPEED as i64 * 10) / landed.max(1)
}

/// True when a stealth blow on monster `m` (sure, five times a blow's
/// mean) kills it or leaves a fight the player wins: a sleeping ogre it
/// would only anger is let lie.
fn worth_striking(game: &Game, m: MonsterId) -> bool {
    let Some(player) = game.floor().player() else {
        return false;
    };
    let blow = game.floor().kind_of(player).damage.mean_tenths() * STEALTH_MULTIPLIER / 10;
    !outmatched_after(game, &[m], 10, blow)
}

/// True when the player would not beat monster `m` alone, from where
/// they stand now: it would need more blows than `m` needs to kill it.
/// The cunning bot goes for no such one, nor for one it would beat with
/// less than four tenths of the blows to spare (a troll's or an ogre's
/// blows run high, and a fight judged even is one lost half the time):
/// on seeds 1..100 it won 27 runs with these thresholds (six tenths here,
/// five in [`outmatched`]) and 24 with eight and six. With the weaker
/// trolls and ogres of before, ten and seven did best (58 runs).
pub(super) fn loses_to(game: &Game, m: MonsterId) -> bool {
    outmatched_by(game, &[m], 6)
}

/// True when the `hunters` together come near to killing the player
/// before it could kill them one after another: it would need more than
/// half the blows they need (a fight's luck runs both ways,
/// and a player that leaves late leaves hurt; see [`loses_to`]).
fn outmatched(game: &Game, hunters: &[MonsterId]) -> bool {
    outmatched_by(game, hunters, 5)
}

/// True when the player's blows to kill all of `ms` in turn exceed
/// `tenths` tenths of the blows they need together to kill it.
fn outmatched_by(game: &Game, ms: &[MonsterId], tenths: i64) -> bool {
    outmatched_after(game, ms, tenths, 0)
}

/// [`outmatched_by`], once the player's first blow has taken `first` hit
/// points off the first of `ms`.
fn outmatched_after(game: &Game, ms: &[MonsterId], tenths: i64, first: i32) -> bool {
    let Some(player) = game.floor().player() else {
        return false;
    };
    if ms.is_empty() {
        return false;
    }
    let me = game.floor().kind_of(player);
    let mut mine = 0;
    // Their blows on the player per thousand of the player's turns.
    let mut rate = 0;
    for (i, &m) in ms.iter().enumerate() {
        let monster = &game.floor().monsters()[m as usize];
        let it = game.floor().kind_of(monster);
        let hp = if i == 0 {
            monster.hp() - first
        } else {
            monster.hp()
        };
        if hp <= 0 {
            continue;
        }
        mine += blows_to_kill(me, it, hp);
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
            game.floor().world().get(door) == Some(Terrain::OpenDoor)
                && game.floor().world().occupant(door).is_none()
                && hunters.iter().any(|&m| {
                    let monster = &game.floor().monsters()[m as usize];
                    let q = monster.pos();
                    !game.floor().factions()[monster.faction()]
                        .spec()
                        .opens_doors
                        && nearness(q, door).0 < nearness(q, at).0
                })
        })
}

/// A step toward (or onto) the nearest stairs that lead away: down, if
/// it knows where they are; up, unless this is depth 1 without the
/// Darkstar (the way out only lets it leave with it).
fn leave(game: &Game) -> Option<Action> {
    let play = game.floor().play_state()?;
    let at = game.floor().player()?.pos();
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
