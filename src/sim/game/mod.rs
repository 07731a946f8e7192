//! The turn loop: the rules of movement, sight and bumping, applied to the
//! true world, with every monster's plan made over its faction's knowledge
//! (see [`super::ai`]). Deterministic: monsters act in id order, every
//! search visits neighbours in one fixed order and breaks ties one fixed
//! way, energy is integer, the one RNG is seeded and owned here, and no
//! hash map is iterated.
//!
//! Energy: each turn a monster gains its speed ([`NORMAL_SPEED`] is one
//! floor step a turn) and acts while it has at least [`ACTION_READY`];
//! each action spends what it costs ([`move_energy`], [`WAIT_ENERGY`]), so
//! a swamp step takes three turns and a road step seven tenths of one.
//!
//! Searches: A* requests go into a first-come-first-served queue that gets
//! [`SimConfig::expansion_budget`] expansions a turn, so hundreds of
//! monsters replanning at once never stall a turn; a search that runs out
//! goes on next turn, first in line, over a snapshot of the knowledge it
//! started on (so it is still an optimal search, and nobody starves), and
//! its path is then checked against what was learnt meanwhile like any
//! other. D* Lite repairs are charged to the same budget but run at once:
//! they are small, and that is the point of them.
//!
//! The shape is Hauberk's: each action, an actor decides an
//! [`Action`](crate::sim::Action) (a monster by its behaviours, over a
//! read-only [`Situation`](crate::sim::behaviour::Situation), and its
//! plan; the player by a key), and the game performs it under the rules
//! (`perform.rs`), answering done, failed or "do this instead". A
//! [`Game`] is one level or a run that owns its depths; each level in
//! play is a [`Floor`], whose state this file holds with its set-up and
//! what can be read of it; beside it are `act` (a monster's action: its
//! behaviours, sync, decide, perform), `mind` (the faction's state of
//! mind its behaviours read), `perform` (the rules), `items`, `run` (the
//! run and its depths, the stairs),
//! `sight` (looking and feeling), `queue` (plans kept in step, the A*
//! search queue and budget), `turn` (the plan phase and a turn), `play`
//! (the player), `hash` (the state hash) and `planning_memory`. The
//! game's state is private to this module: the rest of the simulation,
//! plans included, reads it through the accessors below or a plan's
//! context, never by reaching into its fields.

use rand::RngExt;

use super::Command;
use super::behaviour::Repertoire;
use super::chronicle::Chronicle;
use super::event::Event;
use super::faction::Faction;
use super::mind::{Intel, Mind, Minds};
use super::monster::{Monster, MonsterId, Spawned};
use super::player::PlayOutcome;
use super::stats::Stats;
use super::world::World;
use crate::clock::Turn;
use crate::content::level::{KindSpec, Level};
use crate::map::cost::Cost;
use crate::map::geom::Pos;
use crate::rng::{SimRng, sim_rng};
use crate::sim::action::{Action, Outcome as ActionOutcome};
use crate::sim::plan::{Plan, Status};
use ground::Ground;
use queue::Planning;
use units::Units;

pub use crate::content::level::NORMAL_SPEED;
pub use items::PACK_SIZE;
pub use mind::{NoticeOdds, notice_chance, stealth_range_if, wake_chance, wake_range_if};
pub use run::Stairs;
pub(crate) use sight::seen_as_known;

mod act;
mod ground;
mod hash;
mod items;
mod mind;
mod perform;
mod planning_memory;
mod play;
mod queue;
mod run;
mod scratch;
mod sight;
mod turn;
mod units;

/// A monster acts while it has at least this much energy.
pub const ACTION_READY: i64 = 100;
/// Standing still (waiting, thinking, or a move lost to a bump) costs what
/// a straight floor step does, so a blocked monster takes its turn.
pub const WAIT_ENERGY: i64 = 100;
/// At most this many actions a turn, whatever the speed and terrain.
pub(super) const MAX_ACTIONS: u32 = 32;

/// Energy a step costs: ten times the entering cost factor of the target
/// cell for a straight step (floor: 100), fourteen for a diagonal. Time
/// approximates the diagonal by 1.4; plans use the exact costs, so this
/// decides how long a step takes, never which route is best.
pub fn move_energy(enter_factor: Cost, diagonal: bool) -> i64 {
    enter_factor as i64 * if diagonal { 14 } else { 10 }
}

/// Energy the player's step onto `ground` costs: the step's, and,
/// sneaking, [`crate::sim::SNEAK_EXTRA`] floor steps more (straight or
/// diagonal as the step is). The game charges it; the front end says it
/// before a slow step.
pub fn player_step_energy(ground: Cost, diagonal: bool, sneaking: bool) -> i64 {
    let quiet = if sneaking {
        crate::sim::player::SNEAK_EXTRA
    } else {
        0
    };
    let floor = crate::map::terrain::Terrain::Floor
        .enter_cost()
        .unwrap_or(1);
    move_energy(ground, diagonal) + quiet * move_energy(floor, diagonal)
}

/// The chance, in percent, that a blow with `accuracy` lands on one with
/// `defence`: the accuracy less the defence, from 5 to 95; 100 (no roll)
/// at a margin of 100 or more. The game rolls against it; the look box
/// and the bots read it.
pub fn hit_chance(accuracy: u32, defence: u32) -> i64 {
    let margin = accuracy as i64 - defence as i64;
    if margin >= 100 {
        100
    } else {
        margin.clamp(5, 95)
    }
}

/// Settings of the simulation that are not part of a level.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SimConfig {
    /// A* expansions the search queue may spend a turn (D* Lite repairs
    /// are charged to it too). The default, 20,000, keeps a turn of 1,000
    /// monsters replanning on a 512x512 map near 6 ms (see docs/benchmarks.md); small
    /// levels never reach it.
    pub expansion_budget: u64,
    /// Most actions a monster waits for a moving unit to clear its way
    /// before it plans around it (drawn from 1 to this for each hold-up; a
    /// stopped unit is planned around at once).
    pub patience: u32,
    /// Stopped units of its own faction within this many cells are planned
    /// around (adjacent units always are).
    pub avoid_radius: u32,
    /// Most expansions a search for a way round units in the way may take
    /// (it runs at once, charged to the turn's budget).
    pub detour_budget: u64,
    /// A* plans treat cells on the future paths of allies within this many
    /// cells as claimed (dearer, see [`crate::sim::plan::CLAIM_PENALTY`]);
    /// 0 turns claims off.
    pub claim_radius: u32,
}

impl Default for SimConfig {
    fn default() -> Self {
        SimConfig {
            expansion_budget: 20_000,
            patience: 2,
            avoid_radius: 8,
            detour_budget: 2_000,
            claim_radius: 8,
        }
    }
}

/// Why a level cannot start.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    #[error("monster {monster} spawns at {at}, which is not free, passable ground")]
    BadSpawn { monster: usize, at: Pos },
    #[error("faction {faction}'s goal {at} is off the map")]
    BadGoal { faction: String, at: Pos },
    #[error("faction {faction} has a behaviour this game does not know: {name}")]
    UnknownBehaviour { faction: String, name: String },
}

/// A game in progress: one level, or a run of the dungeon's depths,
/// which owns them, and its record. What is on the level the player is
/// on (or the one level) is its [`Floor`] ([`Game::floor`]), read the
/// same way whatever the game is; the run's own state (its depths, its
/// stairs) is read here; what changes it goes through [`Game::apply`],
/// which hands the stairs to the run and all else to the floor.
#[derive(Clone, Debug)]
pub struct Game {
    /// The level being played.
    floor: Floor,
    /// A run of the dungeon's depths: the depths left, kept (see
    /// `run.rs`).
    run: Option<run::RunState>,
    /// The game's record, fed every event as it happens (no part of the
    /// state: a replay rebuilds it).
    chronicle: Chronicle,
}

/// One level in play, in parts, each owning its state: the `Ground`
/// (the true world, the items on it, a darkness), the `Units` (the
/// monsters, the player's side of the game), the [`Minds`] (each
/// monster's mind, each faction's intel of the player), the factions
/// (their knowledge and the fields planned over it) and the
/// `Planning` (the search queue and the turn's budget); beside them
/// its own clock and RNG. A game is one floor, or a run of them (see
/// [`Game`]); the rules are the floor's, and each takes the parts it
/// needs.
#[derive(Clone, Debug)]
pub struct Floor {
    seed: u64,
    turn: Turn,
    rng: SimRng,
    /// Monsters on the level (not the player) summed over turns played.
    monster_turns: u64,
    /// A depth of a run: the stairs are taken with `>` and `<` (not won
    /// by reaching them with the treasure, as on a single level).
    in_run: bool,
    ground: Ground,
    units: Units,
    minds: Minds,
    factions: Vec<Faction>,
    planning: Planning,
}

impl Game {
    /// Starts `level` with `seed`: monsters placed in the level's order with
    /// a random head start of energy (so equal-speed monsters are not in
    /// lockstep), and every monster looks around once.
    pub fn new(level: &Level, seed: u64, config: SimConfig) -> Result<Game, GameError> {
        Game::new_knowing(level, seed, config, &Repertoire::builtin())
    }

    /// [`Game::new`] for a game whose monsters may have behaviours of its
    /// own beside the built-in ones: every faction's behaviours are looked
    /// up in `known`.
    pub fn new_knowing(
        level: &Level,
        seed: u64,
        config: SimConfig,
        known: &Repertoire,
    ) -> Result<Game, GameError> {
        Ok(Game {
            floor: Floor::new(level, seed, config, known)?,
            run: None,
            chronicle: Chronicle::default(),
        })
    }

    /// Drops every cache of the floor in play, each made again exactly
    /// from its state (its factions' islands, fields and safety maps, the
    /// searches' scratch): what the test that caches decide no play does
    /// between commands. Returns how many caches it dropped.
    #[cfg(test)]
    pub(crate) fn drop_caches(&mut self) -> u64 {
        let floor = &mut self.floor;
        floor.planning.drop_scratch();
        floor
            .factions
            .iter_mut()
            .map(|f| f.drop_caches() as u64)
            .sum()
    }

    /// Does what `command` asks; returns what happened, in order. The
    /// player's `>` and `<` in a run are the run's: it moves the player
    /// to another of its depths. All else is the floor's.
    pub fn apply(&mut self, command: Command) -> Vec<Event> {
        let before = self.floor.turn;
        let events = self.apply_rules(command);
        // What the screen, the bots and the next command read is every
        // monster's state of mind now.
        self.floor.settle_states();
        // What the player remembers: what it sees now, after it all.
        let mut recall = std::mem::take(&mut self.floor.units.recall);
        recall.update(&self.floor, &events);
        self.floor.units.recall = recall;
        let mut chronicle = std::mem::take(&mut self.chronicle);
        chronicle.record(self, &events, before);
        self.chronicle = chronicle;
        events
    }

    /// Marks cell `at` of the level in play for travel and explore to keep
    /// out of, within `reach` (see [`crate::sim::recall::Mark`]), or takes
    /// its mark away (`None`). The player's memory, not a rule: it changes
    /// nothing in the game (a replay keeps it beside the commands, so a
    /// resumed save keeps the marks). A cell off the map is not marked.
    pub fn mark(&mut self, at: Pos, reach: Option<u32>) {
        if self.floor.world().get(at).is_some() {
            self.floor.units.recall.set_mark(at, reach);
        }
    }

    /// Every mind on the floor, to change: for tests that ask what a
    /// reader of the game does when a mind is otherwise.
    #[cfg(test)]
    pub(crate) fn minds_mut(&mut self) -> &mut crate::sim::mind::Minds {
        &mut self.floor.minds
    }

    /// The turn event `index` of the last command's events happened on,
    /// the command given on turn `before`: the turn it played that the
    /// event came in (one command may play many: a slow step's), or
    /// `before` for what came before its first; with no turn played on
    /// this floor by it (a command that played none, or took the stairs),
    /// the turn the floor stands on.
    pub(crate) fn turn_of_event(&self, index: usize, before: Turn) -> Turn {
        let starts = &self.floor.units.turn_starts;
        if starts.is_empty() {
            return self.floor.turn;
        }
        match starts.partition_point(|&(i, _)| i <= index) {
            0 => before,
            k => starts[k - 1].1,
        }
    }

    /// The level being played: what can be read of the game there.
    pub fn floor(&self) -> &Floor {
        &self.floor
    }

    /// The game's record so far: kills, damage, the killer, the events
    /// told and the last the player perceived (see [`Chronicle`]).
    pub fn chronicle(&self) -> &Chronicle {
        &self.chronicle
    }

    /// [`Game::apply`] without the chronicle.
    fn apply_rules(&mut self, command: Command) -> Vec<Event> {
        match command {
            Command::Player(action @ (Action::Descend | Action::Ascend)) if self.run.is_some() => {
                let mut events = Vec::new();
                if self.floor.units.playing()
                    && let ActionOutcome::Failed(why) =
                        self.take_stairs(action == Action::Descend, &mut events)
                {
                    events.push(why);
                }
                // No turn of this floor was played by it (it may be a floor
                // left before, with its last command's turns).
                self.floor.units.turn_starts.clear();
                events
            }
            command => self.floor.apply(command),
        }
    }

    /// Brings every faction's fields up to date under `policy` (see
    /// [`Floor::update_fields_by`]), for the benches.
    pub fn update_fields_by(&mut self, policy: crate::sim::FieldPolicy) {
        self.floor.update_fields_by(policy);
    }
}

impl Floor {
    /// A floor of `level` with `seed` (see [`Game::new_knowing`]).
    fn new(
        level: &Level,
        seed: u64,
        config: SimConfig,
        known: &Repertoire,
    ) -> Result<Floor, GameError> {
        let terrain = &level.terrain;
        let mut world = World::new(terrain.clone());
        let mut rng = sim_rng(seed);
        let mut factions = Vec::new();
        let mut minds = Minds::default();
        for spec in &level.factions {
            if let Some(goal) = spec.goal
                && terrain.get(goal).is_none()
            {
                return Err(GameError::BadGoal {
                    faction: spec.name.clone(),
                    at: goal,
                });
            }
            let mut f = Faction::new(spec.clone(), terrain.width(), terrain.height());
            f.resolve_behaviours(known)
                .map_err(|name| GameError::UnknownBehaviour {
                    faction: spec.name.clone(),
                    name,
                })?;
            if spec.knows_map {
                for p in terrain.grid().positions() {
                    f.know(p, terrain.grid()[p]);
                }
                // Chokepoints judged on the way need no telling: no plan
                // exists yet.
                f.learn(|knowledge, _| knowledge.drain_danger_changes());
            }
            f.start_islands();
            factions.push(f);
            minds.add_faction();
        }
        let mut monsters = Vec::new();
        for (i, s) in level.spawns.iter().enumerate() {
            if !terrain.is_passable(s.at) || world.occupant(s.at).is_some() {
                return Err(GameError::BadSpawn {
                    monster: i,
                    at: s.at,
                });
            }
            let spec = &level.factions[s.faction];
            let kind = &spec.kinds[s.kind];
            let id = i as MonsterId;
            world.place(id, s.at);
            monsters.push(Monster::new(
                Spawned {
                    id,
                    faction: s.faction,
                    kind: s.kind,
                    at: s.at,
                    energy: rng.random_range(0..kind.speed.max(1) as i64),
                    speed: kind.speed,
                    plan: Plan::new(spec.planner, spec.goal),
                    hp: kind.hp,
                    is_player: false,
                },
                terrain.width(),
            ));
            minds.add_monster(kind.behaviours.sleeps());
        }
        let mut game = Floor {
            seed,
            turn: 0,
            rng,
            monster_turns: 0,
            in_run: false,
            ground: Ground::new(world),
            units: Units {
                monsters,
                ..Units::default()
            },
            minds,
            factions,
            planning: Planning::new(config),
        };
        if let Some(at) = level.player {
            game.add_player(at, level.treasure, level.stairs, &level.pack)?;
        }
        let mut ignored = Vec::new();
        for id in 0..game.units.monsters.len() {
            game.look(id, &[], &mut ignored);
        }
        game.update_fields();
        game.settle_states();
        Ok(game)
    }

    /// Does what `command` asks on this floor; returns what happened, in
    /// order (the game's [`Game::apply`] gives it all but a run's stairs).
    fn apply(&mut self, command: Command) -> Vec<Event> {
        let mut events = Vec::new();
        self.units.turn_starts.clear();
        match command {
            Command::Advance => self.advance(&mut events),
            Command::SetGoal { monster, goal } => {
                if let Some(m) = self.units.monsters.get_mut(monster as usize) {
                    m.retarget(goal);
                    self.planning.unqueue(monster);
                }
            }
            Command::Kill { monster } => turn::kill(
                &mut self.ground,
                &mut self.units,
                &mut self.factions,
                &mut self.planning,
                self.turn,
                monster,
                &mut events,
            ),
            Command::PutItem { at, item } => {
                if self.ground.world.get(at).is_some_and(|t| t.is_passable()) {
                    self.ground.items.push((at, item));
                }
            }
            Command::Player(action) => self.player_turn(action, &mut events),
        }
        events
    }

    /// The seed the game started from.
    pub fn seed(&self) -> u64 {
        self.seed
    }
    /// Turns played.
    pub fn turn(&self) -> Turn {
        self.turn
    }
    /// The true world (for the rules, the UI and tests; never for planners).
    pub fn world(&self) -> &World {
        &self.ground.world
    }
    pub fn factions(&self) -> &[Faction] {
        &self.factions
    }
    pub fn monsters(&self) -> &[Monster] {
        &self.units.monsters
    }
    /// Monster `id`'s mind: asleep or not, and its state of mind.
    pub fn mind(&self, id: MonsterId) -> &Mind {
        self.minds.of(id)
    }
    /// What faction `fi`'s monsters share of the player.
    pub fn intel(&self, fi: usize) -> &Intel {
        self.minds.intel(fi)
    }
    /// An enemy next to monster `id` (a unit of another faction, the
    /// player included), within reach.
    pub(crate) fn enemy_beside(&self, id: usize) -> Option<MonsterId> {
        act::enemy_beside(&self.ground, &self.units, id)
    }
    /// Monster `id` looks round and feels the `touched` cells (see
    /// [`sight::look`]): what the orchestrating rules call.
    fn look(&mut self, id: usize, touched: &[Pos], ev: &mut Vec<Event>) -> bool {
        sight::look(
            &self.ground,
            &mut self.units,
            &mut self.factions,
            self.turn,
            id,
            touched,
            ev,
        )
    }

    /// A noise of `loudness` at `at` (see [`mind::noise`]): what the
    /// orchestrating rules call.
    fn noise(&mut self, at: Pos, loudness: crate::fog::noise::Loudness, ev: &mut Vec<Event>) {
        let (ground, units, factions) = (&self.ground, &self.units, &self.factions);
        let turn = self.turn;
        mind::noise(
            ground,
            units,
            factions,
            &mut self.minds,
            turn,
            at,
            loudness,
            ev,
        );
    }

    /// True when monster `id` can see `target` now (see `sight.rs`).
    pub(crate) fn sees(&self, id: usize, target: Pos) -> bool {
        sight::sees(&self.ground, &self.units, &self.factions, id, target)
    }
    /// What monster `m` is: its kind's numbers and behaviours (the
    /// player's, with what it wears).
    pub fn kind_of(&self, m: &Monster) -> &KindSpec {
        &self.factions[m.faction()].spec().kinds[m.kind()]
    }
    pub fn config(&self) -> &SimConfig {
        &self.planning.config
    }
    /// Expansions spent by searches this turn.
    pub fn spent_this_turn(&self) -> u64 {
        self.planning.spent
    }
    /// Turns whose search budget ran out while requests still waited in
    /// the queue: turns in which some monster's plan was held back.
    pub fn budget_limited_turns(&self) -> u64 {
        self.planning.budget_limited
    }
    /// Monsters on the level (not counting the player) summed over the
    /// turns played: what think-waits are a share of.
    pub fn monster_turns(&self) -> u64 {
        self.monster_turns
    }
    /// A* requests waiting for the search budget.
    pub fn queued_searches(&self) -> usize {
        self.planning.queue.waiting.len()
    }

    /// A faction's counters: its monsters' summed, and the cells its
    /// field updates expanded counted in `expanded` (the faction's work
    /// for its monsters).
    pub fn faction_stats(&self, faction: usize) -> Stats {
        let mut s = Stats::default();
        for m in self
            .units
            .monsters
            .iter()
            .filter(|m| m.faction() == faction)
        {
            s += m.stats();
        }
        if let Some(f) = self.factions.get(faction) {
            s.expanded += f.field_updates().expanded;
        }
        s
    }

    /// True when nothing more can happen: every monster has left, or has
    /// no goal (and does not wander), or has no path on what its faction
    /// knows with nobody in its way (final: only a door seen opening
    /// takes a wall away, and nobody here would open one). A wanderer
    /// never settles.
    pub fn is_settled(&self) -> bool {
        if let Some(play) = &self.units.play {
            return play.outcome != PlayOutcome::Playing;
        }
        self.units.monsters.iter().all(|m| {
            !m.is_here()
                || (m.plan().goal().is_none() && !self.kind_of(m).behaviours.wanders())
                || (m.plan().status() == Status::NoPath && m.plan().blocked().is_empty())
        })
    }
}
