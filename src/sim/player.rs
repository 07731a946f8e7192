//! The player's side of a game, as data: its hit points and sight, the
//! monsters' hit points, healing, and how the game stands. The rules that
//! use them are in `play.rs`; the turn loop (`game.rs`) reads them too, so
//! they sit below both.

use super::monster::MonsterId;
use crate::clock::Turn;
use crate::map::geom::Pos;

/// The player's hit points: Brogue's 40. Set, with the bestiary, by the
/// bot's table in docs/manual.md (20 had the careful bot dead on depth 3).
pub const PLAYER_HP: i32 = 40;
/// The player's blow, bare-handed, 2 to 6 (Brogue's dagger hits for 3
/// to 4); a sword on depth 3 and a war axe on depth 6 do better.
pub const PLAYER_DAMAGE: crate::content::dice::Dice = crate::content::dice::Dice::new(2, 3, 0);
/// A monster's hit points: two or three hits.
pub const MONSTER_HP: i32 = 6;
/// How far the player sees.
pub const PLAYER_SIGHT: u32 = 8;
/// How far the player hears a monster's cry, in steps through open
/// ground at a fight's loudness (a goblin's hearing): the log says "You
/// hear a cry." for one it hears and does not see.
pub const PLAYER_HEARING: u32 = 8;
/// The player gets a hit point back every this many turns (turns whose
/// number is a multiple of it), up to [`PLAYER_HP`]: from one hit point
/// to full in 390 turns, a little slower than Brogue's 300 for a full
/// heal. Slow enough that it never wins a fight: a hostile monster
/// adjacent deals about 3 a turn, thirty times what regeneration gives
/// back; quick enough that resting after one (a goblin's two or three
/// hits) takes about a hundred turns.
pub const REGEN_TURNS: Turn = 10;
/// How the game stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum PlayOutcome {
    Playing,
    /// Escaped with the treasure on this turn.
    Won(Turn),
    /// Died on this turn.
    Lost(Turn),
}

/// The player's side of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayState {
    pub player: MonsterId,
    pub treasure: Option<Pos>,
    pub stairs: Option<Pos>,
    pub carrying: bool,
    pub outcome: PlayOutcome,
    /// Sneaking: the player's steps take one floor step longer and make
    /// no sound (see [`SNEAK_EXTRA`]).
    pub sneaking: bool,
    /// In a run: the up-stairs (where the player came in; on depth 1 the
    /// way out with the Darkstar). `stairs` are then the down-stairs.
    pub up: Option<Pos>,
    /// What the player carries to use or throw, sorted by kind.
    pub pack: Vec<crate::sim::item::ItemKind>,
}

/// A sneaking player's step takes as long as the step and this many
/// floor steps more (straight or diagonal as the step is): one turn more
/// on any ground, so a swamp's three turns become four, never six.
pub const SNEAK_EXTRA: i64 = 1;

/// The player's stealth range (Brogue CE's): how far off, in steps, a
/// monster that sees the player may notice it; sneaking halves it. Within
/// it, one that has not noticed the player yet does so at once, or, the
/// player sneaking, each turn by a chance that falls with the distance
/// (see `Floor::notices`).
pub const STEALTH_RANGE: u32 = 14;

/// A blow on a monster that has not noticed the player (asleep, or not
/// hunting it) always lands, for this many times its roll (Brogue CE's
/// stealth attacks are sure, triple, and five times with a dagger): a
/// sword's least blow kills an unaware orc, an axe's a wraith, and half
/// the axe blows a sleeping ogre.
pub const STEALTH_MULTIPLIER: i32 = 5;
