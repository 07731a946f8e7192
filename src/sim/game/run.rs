//! A run of the dungeon's ten depths: the current depth is this game, and
//! the depths the player has left are kept whole inside it (their
//! monsters, their factions' knowledge and the player's), frozen until
//! the player comes back. `>` on a depth's down-stairs goes down (a new
//! depth is made from the run's seed and its number the first time),
//! `<` on its up-stairs climbs; the Darkstar lies on the last depth, and
//! the run is won by carrying it out through depth 1's up-stairs.
//!
//! Time runs on across depths: a depth made or entered later starts on
//! the turn the player arrives, so a replay's turns only ever go forward.
//! The player's hit points go with it; its knowledge of each depth stays
//! there.

use super::ground::Ground;
use super::units::Units;
use super::{Floor, Game, GameError, SimConfig, items};
use crate::clock::Turn;
use crate::content::bestiary::{Bestiary, DEPTHS};
use crate::content::generator::{depth_level, depth_seed};
use crate::content::items::ItemBook;
use crate::map::geom::Pos;
use crate::sim::action::Outcome;
use crate::sim::event::Event;
use crate::sim::faction::Faction;
use crate::sim::monster::MonsterId;
use crate::sim::player::PlayOutcome;

/// The run's state beside the current depth's game.
#[derive(Clone, Debug)]
pub(super) struct RunState {
    seed: u64,
    depth: u32,
    /// The depths made so far and left, by depth (index 0: depth 1); the
    /// current one is `None` here (it is the game's floor).
    others: Vec<Option<Box<Floor>>>,
    /// The item book the depths are furnished from.
    items: &'static ItemBook,
}

impl RunState {
    /// Feeds the run to the state hash: its depth, its seed and the hash
    /// of every depth left (the item book is its set-up).
    pub(super) fn hash_into(&self, h: &mut crate::sim::fnv::Fnv) {
        let RunState {
            seed,
            depth,
            others,
            items: _,
        } = self;
        h.int(*depth as i64);
        h.int(*seed as i64);
        for (i, floor) in others.iter().enumerate() {
            if let Some(floor) = floor {
                h.int(i as i64 + 1);
                h.word(floor.state_hash());
            }
        }
    }
}

/// Where the player stands on a depth, and what lies there, as the run
/// lays it out.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Stairs {
    /// The up-stairs: where the player comes down to (on depth 1, the way
    /// out).
    pub up: Pos,
    /// The down-stairs (none on the last depth).
    pub down: Option<Pos>,
}

impl Game {
    /// A run with `seed`, starting on depth `depth` (1 for a whole run;
    /// deeper to practise a depth: the depths above it are made when the
    /// player climbs to them).
    ///
    /// ```
    /// use darkstar::sim::{Action, Command, Game, SimConfig};
    /// let mut game = Game::new_run(3, 1, SimConfig::default()).unwrap();
    /// assert_eq!(game.depth(), Some(1));
    /// let stairs = game.stairs().unwrap();
    /// assert_eq!(game.floor().player().unwrap().pos(), stairs.up);
    /// assert!(stairs.down.is_some());
    /// ```
    pub fn new_run(seed: u64, depth: u32, config: SimConfig) -> Result<Game, GameError> {
        Game::new_run_with_items(seed, depth, config, ItemBook::builtin())
    }

    /// [`Game::new_run`], its depths furnished from the item book `items`
    /// rather than the built-in one (a replay always plays the built-in
    /// one).
    pub fn new_run_with_items(
        seed: u64,
        depth: u32,
        config: SimConfig,
        items: &'static ItemBook,
    ) -> Result<Game, GameError> {
        let depth = depth.clamp(1, DEPTHS);
        Ok(Game {
            floor: Game::depth_floor(seed, depth, config, 0, items)?,
            run: Some(RunState {
                seed,
                depth,
                others: vec![None; DEPTHS as usize],
                items,
            }),
            chronicle: Default::default(),
        })
    }

    /// Depth `depth` of the run with `seed`, as the run lays it out: the
    /// player on the up-stairs, the down-stairs on the far goal, and on
    /// the last depth the Darkstar there instead; its items from `items`;
    /// its clock set to `turn`.
    fn depth_floor(
        seed: u64,
        depth: u32,
        config: SimConfig,
        turn: Turn,
        items: &'static ItemBook,
    ) -> Result<Floor, GameError> {
        let mut level = depth_level(seed, depth, &Bestiary::builtin());
        let far = level.treasure;
        level.stairs = far.filter(|_| depth < DEPTHS);
        level.treasure = far.filter(|_| depth == DEPTHS);
        let mut floor = Game::new(&level, depth_seed(seed, depth), config)?.floor;
        items::place_items(
            &mut floor.ground,
            &floor.units,
            depth_seed(seed, depth),
            depth,
            items,
        );
        floor.turn = turn;
        floor.in_run = true;
        Ok(floor)
    }

    /// The depth the player is on, in a run.
    pub fn depth(&self) -> Option<u32> {
        self.run.as_ref().map(|r| r.depth)
    }

    /// The deepest depth a run has reached (the current or any left), in
    /// a run.
    pub fn deepest_depth(&self) -> Option<u32> {
        let left = self.other_depths().map(|(d, _)| d).max().unwrap_or(0);
        self.depth().map(|d| d.max(left))
    }

    /// The run's seed, in a run.
    pub fn run_seed(&self) -> Option<u64> {
        self.run.as_ref().map(|r| r.seed)
    }

    /// This depth's stairs, in a run.
    pub fn stairs(&self) -> Option<Stairs> {
        let play = self.floor.units.play.as_ref()?;
        self.run.as_ref()?;
        Some(Stairs {
            up: play.up?,
            down: play.stairs,
        })
    }

    /// The floors of the depths made and left, by depth (for the state
    /// hash and for tests).
    pub fn other_depths(&self) -> impl Iterator<Item = (u32, &Floor)> {
        self.run.iter().flat_map(|r| {
            r.others
                .iter()
                .enumerate()
                .filter_map(|(i, g)| g.as_deref().map(|g| (i as u32 + 1, g)))
        })
    }

    /// `>` or `<`: the player takes the stairs it stands on, down or up;
    /// failed (no time passes) if it is not on such stairs, or climbs out
    /// of depth 1 without the Darkstar.
    pub(super) fn take_stairs(&mut self, down: bool, ev: &mut Vec<Event>) -> Outcome {
        let (Some(stairs), Some(depth)) = (self.stairs(), self.depth()) else {
            return Outcome::Failed(Event::NoStairs { down });
        };
        let at = self.floor().player().map(|p| p.pos());
        let carrying = self.floor.units.play.as_ref().is_some_and(|p| p.carrying);
        match (down, at) {
            (true, Some(p)) if Some(p) == stairs.down => self.change_depth(depth + 1, ev),
            (false, Some(p)) if p == stairs.up && depth == 1 && carrying => {
                let turn = self.floor.turn;
                if let Some(play) = &mut self.floor.units.play {
                    play.outcome = PlayOutcome::Won(turn);
                }
                ev.push(Event::Won { turn });
                Outcome::Done(0)
            }
            (false, Some(p)) if p == stairs.up && depth == 1 => {
                Outcome::Failed(Event::NeedDarkstar)
            }
            (false, Some(p)) if p == stairs.up => self.change_depth(depth - 1, ev),
            _ => Outcome::Failed(Event::NoStairs { down }),
        }
    }

    /// The player leaves this depth for depth `to`: this floor is kept in
    /// the run, `to`'s (made now if never visited) becomes the current
    /// one, and the player arrives on its stairs (the up-stairs going
    /// down, the down-stairs going up, or the nearest free cell), with
    /// its hit points and the Darkstar if carried.
    fn change_depth(&mut self, to: u32, ev: &mut Vec<Event>) -> Outcome {
        let down = to > self.depth().unwrap_or(0);
        let Some(run) = self.run.as_mut() else {
            return Outcome::Failed(Event::NoStairs { down });
        };
        let (turn, config) = (self.floor.turn, self.floor.planning.config);
        let next = match run.others[to as usize - 1].take() {
            Some(floor) => *floor,
            // A depth that cannot start (never for the generator's
            // levels): the player stays.
            None => match Game::depth_floor(run.seed, to, config, turn, run.items) {
                Ok(floor) => floor,
                Err(_) => return Outcome::Failed(Event::NoStairs { down }),
            },
        };
        let Some(traveller) = traveller(&self.floor.units, &self.floor.factions) else {
            return Outcome::Failed(Event::NoStairs { down });
        };
        let floor = &mut self.floor;
        player_leaves(&mut floor.ground, &mut floor.units, floor.turn);
        let left = std::mem::replace(&mut self.floor, next);
        let from = run.depth;
        run.others[from as usize - 1] = Some(Box::new(left));
        run.depth = to;
        self.floor.turn = self.floor.turn.max(turn);
        let stairs = self.stairs();
        let at = match (down, stairs) {
            (true, Some(s)) => s.up,
            (false, Some(s)) => s.down.unwrap_or(s.up),
            (_, None) => return Outcome::Done(0),
        };
        self.floor.player_enters(at, traveller, ev);
        ev.push(Event::Depth { depth: to, down });
        Outcome::Done(0)
    }
}

impl Floor {
    /// The player arrives at `at` (or the nearest free passable cell) as
    /// `traveller` left the last depth (hit points, the Darkstar or not,
    /// its pack and what it wears), ready to act before the depth's
    /// monsters do (as in most roguelikes: taking the stairs gives the
    /// player the first move); it looks round.
    fn player_enters(&mut self, at: Pos, traveller: Traveller, ev: &mut Vec<Event>) {
        let Some(play) = &mut self.units.play else {
            return;
        };
        play.carrying |= traveller.carrying;
        play.pack = traveller.pack;
        play.sneaking = traveller.sneaking;
        let id = play.player as usize;
        let spec = self.factions[self.units.monsters[id].faction()]
            .spec_mut()
            .kind_mut();
        spec.defence = traveller.defence;
        spec.damage = traveller.damage;
        // A depth just made has the player on its up-stairs already.
        if self.units.monsters[id].is_here() {
            self.ground.world.remove(self.units.monsters[id].pos());
        }
        let free = |g: &Floor, p: Pos| {
            g.ground.world.terrain().is_passable(p) && g.ground.world.occupant(p).is_none()
        };
        let mut spot = at;
        if !free(self, at) {
            spot = (1..8)
                .flat_map(|r| ring(at, r))
                .find(|&p| free(self, p))
                .unwrap_or(at);
        }
        self.units.monsters[id].arrive(spot, traveller.hp);
        self.ground.world.place(id as MonsterId, spot);
        self.look(id, &[], ev);
    }
}

/// The player as it goes from one depth to another.
struct Traveller {
    hp: i32,
    carrying: bool,
    pack: Vec<crate::sim::item::ItemKind>,
    sneaking: bool,
    defence: u32,
    damage: crate::content::dice::Dice,
}

/// The cells at Chebyshev distance `r` from `c`, in reading order.
fn ring(c: Pos, r: i32) -> impl Iterator<Item = Pos> {
    (-r..=r).flat_map(move |dy| {
        (-r..=r)
            .filter(move |dx| dx.abs() == r || dy.abs() == r)
            .map(move |dx| Pos::new(c.x + dx, c.y + dy))
    })
}

/// The player leaves the level (for another depth): off the map,
/// present nowhere until it comes back.
fn player_leaves(ground: &mut Ground, units: &mut Units, turn: Turn) {
    let Some(play) = &units.play else { return };
    let id = play.player as usize;
    let m = &mut units.monsters[id];
    ground.world.remove(m.pos());
    m.escaped(turn);
}

/// What the player takes from this depth to another: itself, as it
/// stands.
fn traveller(units: &Units, factions: &[Faction]) -> Option<Traveller> {
    let p = units.player()?;
    let play = units.play.as_ref()?;
    let spec = &factions[p.faction()].spec().kinds[p.kind()];
    Some(Traveller {
        hp: p.hp(),
        carrying: play.carrying,
        pack: play.pack.clone(),
        sneaking: play.sneaking,
        defence: spec.defence,
        damage: spec.damage,
    })
}
