//! What happened: [`crate::sim::Game::apply`] returns these, in order, for
//! the UI to animate and tests to check. Events describe; they never feed
//! back into the simulation.

use super::{MonsterId, ReplanReason};
use crate::clock::Turn;
use crate::map::cost::Cost;
use crate::map::geom::Pos;
use crate::sim::item::ItemKind;

/// Why a monster spent its action standing still.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum WaitReason {
    /// Its path request is waiting in (or being worked through by) the
    /// turn's search budget.
    Thinking,
    /// A unit stands on its next cell.
    Blocked,
}

/// One thing that happened in a turn.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Event {
    /// A monster stepped.
    Moved {
        monster: MonsterId,
        from: Pos,
        to: Pos,
    },
    /// A monster walked into a wall it did not know (towards `toward`; for
    /// a diagonal, the wall may be a corner) and lost its move.
    Bumped { monster: MonsterId, toward: Pos },
    /// A faction learnt these cells (seen or bumped by `by`).
    Discovered {
        faction: usize,
        by: MonsterId,
        cells: Vec<Pos>,
    },
    /// A monster made its first plan.
    Planned { monster: MonsterId, cost: Cost },
    /// A monster made a new plan.
    Replanned {
        monster: MonsterId,
        reason: ReplanReason,
        cost: Option<Cost>,
    },
    /// A monster found no way to its goal on what its faction knows.
    NoPath { monster: MonsterId },
    /// A monster stood still.
    Waited {
        monster: MonsterId,
        reason: WaitReason,
    },
    /// A monster reached its goal and left the level.
    ReachedGoal { monster: MonsterId, at: Pos },
    /// A monster died.
    Died { monster: MonsterId, at: Pos },
    /// One unit hit another.
    Attacked {
        attacker: MonsterId,
        target: MonsterId,
        damage: i32,
    },
    /// The player took the treasure.
    TookTreasure { at: Pos },
    /// The player reached the stairs with the treasure.
    Won { turn: u32 },
    /// The player walked into a wall it already knew: no time passes.
    Blocked { at: Pos },
    /// A sleeping monster woke: at a noise it heard (where it was made),
    /// or (`None`) at the sight of the player.
    Woke {
        monster: MonsterId,
        heard: Option<Pos>,
    },
    /// One unit swung at another and missed (its accuracy against the
    /// other's defence).
    Missed {
        attacker: MonsterId,
        target: MonsterId,
    },
    /// A unit opened (`open`) or closed the door at `at`.
    Door { by: MonsterId, at: Pos, open: bool },
    /// The player tried to close something that is no open door, or a
    /// door someone stands in: no time passes.
    CannotClose { at: Pos },
    /// The player started (`on`) or stopped sneaking.
    Sneak { on: bool },
    /// A monster lost the player where it believed it to be, and searches
    /// round `around` (the nearest ground its faction has not seen since)
    /// for a while.
    Searching { monster: MonsterId, around: Pos },
    /// A monster gave up searching.
    GaveUp { monster: MonsterId },
    /// The player took the stairs to depth `depth` (`down`, or up).
    Depth { depth: u32, down: bool },
    /// The player asked to take stairs it is not standing on (no time).
    NoStairs { down: bool },
    /// The player tried to leave the dungeon without the Darkstar.
    NeedDarkstar,
    /// The player picked up an item (armour and a sword are put on).
    PickedUp { item: ItemKind },
    /// The pack had no room for the item here.
    PackFull { item: ItemKind },
    /// No item in that slot of the pack.
    NoSuchItem,
    /// The item would do nothing here (no time passes).
    Fizzled { item: ItemKind },
    /// The item is thrown, not used, or is worn (no time passes).
    NotUsable { item: ItemKind },
    /// The player used an item.
    Used { item: ItemKind },
    /// The ground at `at` collapsed into wall.
    Collapsed { at: Pos },
    /// The player was teleported.
    Teleported { from: Pos, to: Pos },
    /// The player cannot throw that there (out of sight or range, or not
    /// a thing to throw): no time passes.
    CannotThrow { item: ItemKind, at: Pos },
    /// The player threw an item at `at`.
    Threw { item: ItemKind, at: Pos },
    /// Something already lies here (no time passes).
    CannotDrop { item: ItemKind },
    /// The player dropped an item.
    Dropped { item: ItemKind },
    /// A scroll of darkness was read at `at`: no monster sees in it until
    /// turn `until`.
    Darkened { at: Pos, until: Turn },
    /// The darkness read at `at` lifted.
    Lifted { at: Pos },
    /// A thrown dart met what blocks sight at `at` (a wall, a closed
    /// door) on its way to `aimed` (the same cell when it was aimed at
    /// it) and fell there, spent. Short of `aimed` only when the ground
    /// changed since the player last looked: the dart flies the way the
    /// player's sight saw ([`crate::fog::flight`]).
    DartStopped { at: Pos, aimed: Pos },
    /// The player, wading into a slow step onto `at`, was hurt before it
    /// was across and stopped short: the step is not taken.
    StoppedShort { at: Pos },
    /// An opening asked of a cell that is no closed door within reach, or
    /// by one who cannot open doors.
    CannotOpen { at: Pos },
    /// An attack on a unit that is not next to the attacker (or not
    /// there at all): `at`, where it is (or the attacker's cell).
    OutOfReach { at: Pos },
    /// The player's blow fell on `target` unawares (asleep, or its faction
    /// not hunting the player): a sure blow, [`crate::sim::STEALTH_MULTIPLIER`]
    /// times as hard. Told just before the blow's [`Event::Attacked`].
    StealthBlow { target: MonsterId },
    /// `monster`, one that cries (a raven shrieks, a goblin shouts), set
    /// eyes on the player and cried out: a noise as loud as its kind's
    /// voice where it stands, which tells the kin that hear it where it
    /// saw the player. Told just before what the cry woke.
    Cried { monster: MonsterId },
}

impl Event {
    /// Every kind of event, in the order summaries list them.
    pub const KINDS: [&'static str; 43] = [
        "moved",
        "bumped",
        "discovered",
        "planned",
        "replanned",
        "no-path",
        "waited",
        "reached-goal",
        "died",
        "attacked",
        "took-treasure",
        "won",
        "blocked",
        "missed",
        "woke",
        "door",
        "cannot-close",
        "sneak",
        "searching",
        "gave-up",
        "depth",
        "no-stairs",
        "need-darkstar",
        "picked-up",
        "pack-full",
        "no-such-item",
        "fizzled",
        "not-usable",
        "used",
        "collapsed",
        "teleported",
        "cannot-throw",
        "threw",
        "cannot-drop",
        "dropped",
        "darkened",
        "lifted",
        "dart-stopped",
        "cannot-open",
        "out-of-reach",
        "stealth-blow",
        "cried",
        "stopped-short",
    ];

    /// This event's index in [`Event::KINDS`].
    pub fn kind(&self) -> usize {
        match self {
            Event::Moved { .. } => 0,
            Event::Bumped { .. } => 1,
            Event::Discovered { .. } => 2,
            Event::Planned { .. } => 3,
            Event::Replanned { .. } => 4,
            Event::NoPath { .. } => 5,
            Event::Waited { .. } => 6,
            Event::ReachedGoal { .. } => 7,
            Event::Died { .. } => 8,
            Event::Attacked { .. } => 9,
            Event::TookTreasure { .. } => 10,
            Event::Won { .. } => 11,
            Event::Blocked { .. } => 12,
            Event::Missed { .. } => 13,
            Event::Woke { .. } => 14,
            Event::Door { .. } => 15,
            Event::CannotClose { .. } => 16,
            Event::Sneak { .. } => 17,
            Event::Searching { .. } => 18,
            Event::GaveUp { .. } => 19,
            Event::Depth { .. } => 20,
            Event::NoStairs { .. } => 21,
            Event::NeedDarkstar => 22,
            Event::PickedUp { .. } => 23,
            Event::PackFull { .. } => 24,
            Event::NoSuchItem => 25,
            Event::Fizzled { .. } => 26,
            Event::NotUsable { .. } => 27,
            Event::Used { .. } => 28,
            Event::Collapsed { .. } => 29,
            Event::Teleported { .. } => 30,
            Event::CannotThrow { .. } => 31,
            Event::Threw { .. } => 32,
            Event::CannotDrop { .. } => 33,
            Event::Dropped { .. } => 34,
            Event::Darkened { .. } => 35,
            Event::Lifted { .. } => 36,
            Event::DartStopped { .. } => 37,
            Event::CannotOpen { .. } => 38,
            Event::OutOfReach { .. } => 39,
            Event::StealthBlow { .. } => 40,
            Event::Cried { .. } => 41,
            Event::StoppedShort { .. } => 42,
        }
    }
}
