//! The player's autopilot: travel to a cell (or the stairs), explore, rest.
//! Choosing is kept apart from doing: given a `&Game`, [`next_action`]
//! picks the next [`Action`] of an [`Activity`] and [`interruption`]
//! says whether what an action led to should stop it. The caller (the UI)
//! applies each action as an ordinary [`crate::sim::Command::Player`], so a
//! replay or a save records travel as the moves it was made of.
//!
//! Routes are Darkstar's own searches over what the player's faction
//! knows, as a monster's are: A* to a cell, and a multi-source Dijkstra
//! from every frontier cell (known ground next to the unknown) for
//! exploring, as DCSS and Brogue explore. Unlike a monster, the autopilot
//! walks on known ground only ([`KnownGround`]): an unknown cell might be
//! a wall, or worse, and the player's keys are there for taking risks.
//! Monsters the player sees now stand in the way (stepping into one would
//! be an attack nobody asked for). What the player sees is worked out as
//! the map view draws it: field of view from the player over the true
//! walls, the sight any player has, never the map behind them.

pub mod care;

pub use care::{AWAKE_TURNS, Care, Carry, Exclusion, carry, marked, sight_from};

use super::game::Game;
use super::monster::MonsterId;
use super::player::{PLAYER_HP, PlayOutcome, REGEN_TURNS};
use super::recall::Seen;
use super::{Action, Event};
use crate::fog::knowledge::Knowledge;
use crate::map::cost::{Cost, StepCosts};
use crate::map::geom::{Dir, Pos};
use crate::path::{
    Connectivity, CostMap, DistanceMap, Outcome, SearchContext, SearchOptions, Step, WithObstacles,
};

/// The longest rest: enough to heal from one hit point to full, so rest
/// stops by itself even if nothing interrupts it.
pub const REST_TURNS: u32 = PLAYER_HP as u32 * REGEN_TURNS;

/// What the player has set going.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Activity {
    /// Walk to this cell over known ground.
    Travel(Pos),
    /// Walk to the nearest cell next to the unknown, again and again;
    /// with `items`, to the nearest item known on the way first (one the
    /// pack has room for, or one to wear), as DCSS's explore does.
    Explore { items: bool },
    /// Wait until healed: at most this many more turns.
    Rest(u32),
}

/// Why an activity will not start, or stopped.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    /// A monster came into view.
    MonsterInView(MonsterId),
    /// A hostile monster is in view: no autopilot beside it.
    HostileInView(MonsterId),
    /// The player lost hit points.
    Hurt,
    /// The player stands where it was going.
    Arrived,
    /// Every cell the player can reach over known ground is known, and so
    /// are all their neighbours.
    Explored,
    /// The treasure came into sight.
    TreasureSeen,
    /// The player took the treasure (or won).
    Treasure,
    /// Full hit points.
    Healed,
    /// Rested [`REST_TURNS`] without healing fully.
    RestedLong,
    /// No way over known ground (or a monster the player sees blocks it).
    NoWay,
    /// No way but through what the autopilot keeps out of (see
    /// [`care`]): this one is in the way.
    Excluded(Exclusion),
    /// The player does not know where the stairs are.
    StairsUnknown,
    /// The game is over, or this is not a game to play.
    NotPlaying,
}

/// What the player had before an action, to compare with after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sight {
    /// Monsters the player sees, by id.
    pub in_view: Vec<MonsterId>,
    /// The threats among them (see [`threats_in_view`]).
    pub threats: Vec<MonsterId>,
    /// The player's hit points.
    pub hp: i32,
    /// True when the player knows the cell the treasure lies on.
    pub treasure_known: bool,
}

impl Sight {
    /// How things stand for the player of `game` now.
    pub fn of(game: &Game) -> Sight {
        let knowledge = player_knowledge(game);
        Sight {
            in_view: monsters_in_view(game),
            threats: threats_in_view(game),
            hp: game.floor().player().map_or(0, |p| p.hp()),
            treasure_known: game
                .floor()
                .play_state()
                .and_then(|p| p.treasure.filter(|_| !p.carrying))
                .zip(knowledge)
                .is_some_and(|(t, k)| k.is_known(t)),
        }
    }
}

/// What the player's faction knows, on a level to play.
fn player_knowledge(game: &Game) -> Option<&Knowledge> {
    let p = game.floor().player()?;
    Some(game.floor().factions()[p.faction()].knowledge())
}

/// The monsters the player sees now (in its field of view, on the level),
/// in id order.
pub fn monsters_in_view(game: &Game) -> Vec<MonsterId> {
    let Some(view) = game
        .floor()
        .player_view()
        .filter(|_| game.floor().player().is_some_and(|p| p.is_here()))
    else {
        return Vec::new();
    };
    game.floor()
        .monsters()
        .iter()
        .filter(|m| m.is_here() && !m.is_player() && view.sees(m.pos()))
        .map(|m| m.id())
        .collect()
}

/// The threats the player sees now, in id order: hostile monsters
/// neither asleep nor running away (as the look box says; see
/// [`Seen::is_threat`]). Sleepers, runners and the harmless do not stop
/// the autopilot: it keeps clear of them.
pub fn threats_in_view(game: &Game) -> Vec<MonsterId> {
    monsters_in_view(game)
        .into_iter()
        .filter(|&m| Seen::of(game.floor(), m).is_threat())
        .collect()
}

/// The monsters in `after` that were not in `before` (both in id order).
pub fn newly_in_view(before: &[MonsterId], after: &[MonsterId]) -> Vec<MonsterId> {
    after
        .iter()
        .copied()
        .filter(|m| before.binary_search(m).is_err())
        .collect()
}

/// The stairs, if the player knows where they are.
pub fn known_stairs(game: &Game) -> Option<Pos> {
    let stairs = game.floor().play_state()?.stairs?;
    player_knowledge(game)?.is_known(stairs).then_some(stairs)
}

/// Whether `activity` may start: not when the game is over, nor with a
/// threat in view (the first one, by id, is named; see
/// [`threats_in_view`]), nor a rest at full health.
pub fn can_start(game: &Game, activity: Activity) -> Result<(), Stop> {
    let player = playing(game)?;
    if let Some(&m) = threats_in_view(game).first() {
        return Err(Stop::HostileInView(m));
    }
    if matches!(activity, Activity::Rest(_)) && player.hp() >= PLAYER_HP {
        return Err(Stop::Healed);
    }
    Ok(())
}

fn playing(game: &Game) -> Result<&super::Monster, Stop> {
    match (game.floor().play_state(), game.floor().player()) {
        (Some(play), Some(p)) if play.outcome == PlayOutcome::Playing && p.is_here() => Ok(p),
        _ => Err(Stop::NotPlaying),
    }
}

/// The next action of `activity` (a rest counts its turns down), or why
/// it is over.
pub fn next_action(game: &Game, activity: &mut Activity) -> Result<Action, Stop> {
    next_action_avoiding(game, activity, &[])
}

/// [`next_action`], keeping out of the cells `avoid` besides (a bot's
/// berth round a monster it would not meet).
pub fn next_action_avoiding(
    game: &Game,
    activity: &mut Activity,
    avoid: &[Pos],
) -> Result<Action, Stop> {
    next_action_leaving(game, activity, avoid, &[])
}

/// [`next_action_avoiding`], exploring past the items on the cells
/// `left` (those the player dropped: explore does not pick them up
/// again).
pub fn next_action_leaving(
    game: &Game,
    activity: &mut Activity,
    avoid: &[Pos],
    left: &[Pos],
) -> Result<Action, Stop> {
    next_action_with(game, activity, Care::NONE, avoid, left)
}

/// [`next_action_leaving`], keeping out of what `care` says of what the
/// player remembers (see [`care`]): the senses of the monsters it saw,
/// the doors it shut. With no way but through one of those, it stops
/// with [`Stop::Excluded`], naming the one in the way (the nearest whose
/// lifting alone opens a way, else the nearest).
pub fn next_action_with(
    game: &Game,
    activity: &mut Activity,
    care: Care,
    avoid: &[Pos],
    left: &[Pos],
) -> Result<Action, Stop> {
    let player = playing(game)?;
    if let Activity::Rest(turns) = activity {
        if player.hp() >= PLAYER_HP {
            return Err(Stop::Healed);
        }
        if *turns == 0 {
            return Err(Stop::RestedLong);
        }
        *turns -= 1;
        return Ok(Action::Wait(None));
    }
    let Some(knowledge) = player_knowledge(game) else {
        return Err(Stop::NotPlaying);
    };
    let avoided = keep_out(knowledge, avoid);
    if care == Care::NONE {
        return route(game, knowledge, *activity, &avoided, left);
    }
    let kept = care::Exclusions::of(game, care);
    let first = route(game, knowledge, *activity, &kept.mask(None, &avoided), left);
    if !matches!(first, Err(Stop::NoWay | Stop::Explored)) || kept.is_empty() {
        return first;
    }
    if route(game, knowledge, *activity, &avoided, left).is_err() {
        return first;
    }
    let at = player.pos();
    let mut order: Vec<usize> = (0..kept.why.len()).collect();
    let place = |e: Exclusion| match e {
        Exclusion::Monster(m) => game.floor().recall().of(m).map_or(at, |s| s.at),
        Exclusion::Door(d) | Exclusion::Marked(d) => d,
    };
    order.sort_by_key(|&k| {
        let (dx, dy) = place(kept.why[k]).abs_delta(at);
        (dx.max(dy), k)
    });
    let lifted = order.iter().copied().find(|&k| {
        route(
            game,
            knowledge,
            *activity,
            &kept.mask(Some(k), &avoided),
            left,
        )
        .is_ok()
    });
    Err(Stop::Excluded(kept.why[lifted.unwrap_or(order[0])]))
}

/// The next step of `activity` (travel or explore) for the player of
/// `game` over what it knows, the cells marked in `mask` (row-major, or
/// empty) out of bounds, past the items on the cells `left`.
fn route(
    game: &Game,
    knowledge: &Knowledge,
    activity: Activity,
    mask: &[bool],
    left: &[Pos],
) -> Result<Action, Stop> {
    let at = playing(game)?.pos();
    let blocked = in_the_way(game, knowledge);
    let known = Berth(KnownGround(knowledge), mask);
    let map = WithObstacles::new(&known, &blocked);
    let next = match activity {
        Activity::Rest(_) => return Ok(Action::Wait(None)),
        Activity::Travel(to) => {
            if at == to {
                return Err(Stop::Arrived);
            }
            if !map.contains(to) {
                return Err(Stop::NoWay);
            }
            let found = SearchContext::new().find_path(&map, at, to, &SearchOptions::default());
            match found {
                Outcome::Found { path, .. } => path[1],
                _ => return Err(Stop::NoWay),
            }
        }
        Activity::Explore { items } => {
            let wanted: Vec<Pos> = match items {
                true => items_to_fetch(game, knowledge, at)
                    .filter(|p| !left.contains(p) && map.contains(*p))
                    .collect(),
                false => Vec::new(),
            };
            if !wanted.is_empty()
                && let Some(next) = DistanceMap::step_toward(&map, &wanted, Connectivity::Eight, at)
            {
                let dir = at.dir_to(next).ok_or(Stop::NoWay)?;
                return Ok(Action::Walk(dir));
            }
            let frontier = frontier(knowledge, at);
            if frontier.is_empty() {
                return Err(Stop::Explored);
            }
            DistanceMap::step_toward(&map, &frontier, Connectivity::Eight, at)
                .ok_or(Stop::Explored)?
        }
    };
    let dir = at.dir_to(next).ok_or(Stop::NoWay)?;
    Ok(Action::Walk(dir))
}

/// A step toward whichever of `targets` is nearest by the way there,
/// over known ground with the monsters in view in the way (a
/// multi-source Dijkstra from the targets, as exploring does): `None` if
/// none can be reached, or the player stands on one. Being nearest by
/// path, not by line, the choice holds from step to step, where the
/// nearest as the crow flies can flip back and forth across a wall.
pub fn step_to_nearest(game: &Game, targets: &[Pos]) -> Option<Action> {
    step_to_nearest_avoiding(game, targets, &[])
}

/// [`step_to_nearest`], keeping out of the cells `avoid` besides.
pub fn step_to_nearest_avoiding(game: &Game, targets: &[Pos], avoid: &[Pos]) -> Option<Action> {
    let at = playing(game).ok()?.pos();
    let knowledge = player_knowledge(game)?;
    let blocked = in_the_way(game, knowledge);
    let mask = keep_out(knowledge, avoid);
    let known = Berth(KnownGround(knowledge), &mask);
    let map = WithObstacles::new(&known, &blocked);
    let targets: Vec<Pos> = targets
        .iter()
        .copied()
        .filter(|&t| map.contains(t))
        .collect();
    if targets.is_empty() || targets.contains(&at) {
        return None;
    }
    let next = DistanceMap::step_toward(&map, &targets, Connectivity::Eight, at)?;
    Some(Action::Walk(at.dir_to(next)?))
}

/// The cells of the items the player knows of that it would pick up
/// (the pack has room, or it would wear it), not the one it stands on.
fn items_to_fetch<'a>(
    game: &'a Game,
    knowledge: &'a Knowledge,
    at: Pos,
) -> impl Iterator<Item = Pos> + 'a {
    let room = game.floor().pack().len() < super::game::PACK_SIZE;
    game.floor()
        .floor_items()
        .iter()
        .filter(move |&&(p, k)| p != at && knowledge.is_known(p) && (room || k.is_worn()))
        .map(|&(p, _)| p)
}

/// The cell of the nearest item the player knows of, by the way there
/// over known ground (the monsters it sees in the way), not the one it
/// stands on: where `g` travels. `None` if it knows of none it can reach.
pub fn nearest_known_item(game: &Game) -> Option<Pos> {
    let at = playing(game).ok()?.pos();
    let knowledge = player_knowledge(game)?;
    let blocked = in_the_way(game, knowledge);
    let known = KnownGround(knowledge);
    let map = WithObstacles::new(&known, &blocked);
    let items: Vec<Pos> = game
        .floor()
        .floor_items()
        .iter()
        .map(|&(p, _)| p)
        .filter(|&p| p != at && knowledge.is_known(p) && map.contains(p))
        .collect();
    let nearest = DistanceMap::compute(&map, &items, Connectivity::Eight).nearest_source(at)?;
    items.get(nearest).copied()
}

/// The cells (row-major) of the monsters the player sees: they are in
/// the way; those it does not see it cannot plan round.
fn in_the_way(game: &Game, knowledge: &Knowledge) -> Vec<usize> {
    monsters_in_view(game)
        .iter()
        .map(|&m| {
            game.floor().monsters()[m as usize]
                .pos()
                .row_major(knowledge.width())
        })
        .collect()
}

/// Known passable cells with an unknown neighbour on the map, in reading
/// order; not `at` (standing there has shown all its neighbours: sight
/// always reaches the eight around).
fn frontier(knowledge: &Knowledge, at: Pos) -> Vec<Pos> {
    let (w, h) = (knowledge.width() as i32, knowledge.height() as i32);
    let on_map = |p: Pos| (0..w).contains(&p.x) && (0..h).contains(&p.y);
    let mut out = Vec::new();
    for y in 0..h {
        for x in 0..w {
            let p = Pos::new(x, y);
            if p == at || !knowledge.belief(p).is_some_and(|t| t.is_passable()) {
                continue;
            }
            if Dir::ALL
                .iter()
                .any(|&d| on_map(p.step(d)) && !knowledge.is_known(p.step(d)))
            {
                out.push(p);
            }
        }
    }
    out
}

/// Whether what an action led to stops an activity: a threat came into
/// view (or one in view woke, or turned to fight), the player was hurt,
/// took the treasure or won, or first saw the treasure. A sleeper, a
/// runner or a harmless monster coming into view does not stop it (the
/// routes keep clear of them). `before` is [`Sight::of`] the game before
/// the action, `events` what the action returned.
pub fn interruption(before: &Sight, game: &Game, events: &[Event]) -> Option<Stop> {
    if playing(game).is_err() {
        return Some(Stop::NotPlaying);
    }
    let after = Sight::of(game);
    if let Some(&m) = newly_in_view(&before.threats, &after.threats).first() {
        return Some(Stop::MonsterInView(m));
    }
    if after.hp < before.hp {
        return Some(Stop::Hurt);
    }
    if events
        .iter()
        .any(|e| matches!(e, Event::TookTreasure { .. } | Event::Won { .. }))
    {
        return Some(Stop::Treasure);
    }
    if after.treasure_known && !before.treasure_known {
        return Some(Stop::TreasureSeen);
    }
    None
}

/// What the player knows, with unknown cells impassable: the autopilot
/// walks on known ground only. Costs are the knowledge's own (terrain, and
/// danger, which the player's faction does not weigh).
#[derive(Copy, Clone, Debug)]
pub struct KnownGround<'k>(pub &'k Knowledge);

/// A row-major mask of `avoid`'s cells on `knowledge`'s map (empty when
/// there are none).
fn keep_out(knowledge: &Knowledge, avoid: &[Pos]) -> Vec<bool> {
    if avoid.is_empty() {
        return Vec::new();
    }
    let known = KnownGround(knowledge);
    let w = knowledge.width();
    let mut mask = vec![false; (w * knowledge.height()) as usize];
    for &p in avoid.iter().filter(|&&p| known.contains(p)) {
        mask[p.row_major(w)] = true;
    }
    mask
}

/// Known ground with a berth kept: the cells marked in the mask (a
/// bot's round a monster it would not meet) are out of bounds.
struct Berth<'k, 'm>(KnownGround<'k>, &'m [bool]);

impl CostMap for Berth<'_, '_> {
    fn width(&self) -> u32 {
        self.0.width()
    }
    fn height(&self) -> u32 {
        self.0.height()
    }
    fn step_cost(&self, step: Step) -> Option<Cost> {
        let out = |i: usize| self.1.get(i).copied().unwrap_or(false);
        if out(step.to_index) || out(step.from_index) {
            return None;
        }
        self.0.step_cost(step)
    }
    fn cheapest_steps(&self) -> StepCosts {
        self.0.cheapest_steps()
    }
}

impl CostMap for KnownGround<'_> {
    fn width(&self) -> u32 {
        self.0.width()
    }
    fn height(&self) -> u32 {
        self.0.height()
    }
    fn step_cost(&self, step: Step) -> Option<Cost> {
        if !self.0.is_known(step.from) || !self.0.is_known(step.to) {
            return None;
        }
        self.0.step_cost(step)
    }
    fn cheapest_steps(&self) -> StepCosts {
        // Known ground costs at least what the knowledge's bound says.
        self.0.cheapest_steps()
    }
}
