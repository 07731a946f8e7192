//! Items: few, and each about knowledge or terrain. They lie on the floor
//! of a run's depths and are picked up by walking onto them; the player
//! uses them from its pack (`U`), throws the throwable ones at a cell it
//! sees (a target cursor), or drops them.
//!
//! - a healing potion: back to full hit points;
//! - a scroll of magic mapping: the player learns the whole depth;
//! - a noise-maker, thrown: a loud noise where it lands; the factions
//!   that hear it go and look there (they learn a place, not a player);
//! - a scroll of collapse: the open ground next to the player it chooses
//!   (its first open neighbour from the north, clockwise) becomes wall;
//!   monsters that planned through it bump into it: a dead end made on
//!   purpose;
//! - a scroll of teleport: to a random floor cell of the depth, away from
//!   whatever was beside the player;
//! - a scroll of darkness: for [`DARKNESS_TURNS`] turns no monster sees
//!   into the cells within [`DARKNESS_RADIUS`] of where it was read: not
//!   the player standing there, not the ground (they learn nothing
//!   there); a hunter loses the player who stays in it and goes to search
//!   where it last saw it;
//! - darts, thrown: one at the first unit on the line to the cell aimed
//!   at, for 1d4+1 at the player's accuracy;
//! - armour and weapons, worn or wielded when picked up, for good, each
//!   only if better than what the player has: mail (defence 20) and a
//!   sword (2d4+1 a blow) early, plate (defence 35) and a war axe (2d6+2)
//!   halfway down: the only way the player grows.

use crate::content::dice::Dice;
use crate::fog::knowledge::Turn;
use crate::map::geom::Pos;

/// A kind of item.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ItemKind {
    Healing,
    MagicMap,
    NoiseMaker,
    Collapse,
    Teleport,
    Dart,
    Armour,
    Sword,
    /// From here on last, so the kinds before keep their numbers in state
    /// hashes.
    Darkness,
    Plate,
    Axe,
}

/// Defence mail armour gives.
pub const ARMOUR_DEFENCE: u32 = 20;
/// Defence plate armour gives.
pub const PLATE_DEFENCE: u32 = 35;
/// A sword's blow.
pub const SWORD_DAMAGE: Dice = Dice::new(2, 4, 1);
/// A war axe's.
pub const AXE_DAMAGE: Dice = Dice::new(2, 6, 2);
/// A dart's.
pub const DART_DAMAGE: Dice = Dice::new(1, 4, 1);
/// How far the player throws, in cells.
pub const THROW_RANGE: u32 = 8;
/// How far from where a scroll of darkness is read monsters cannot see
/// (Euclidean, rounded outwards as sight is: `dx² + dy² <= r² + r`).
pub const DARKNESS_RADIUS: u32 = 4;
/// How many turns the darkness lasts.
pub const DARKNESS_TURNS: Turn = 40;

impl ItemKind {
    /// Every kind, in the order of the enum.
    pub const ALL: [ItemKind; 11] = [
        ItemKind::Healing,
        ItemKind::MagicMap,
        ItemKind::NoiseMaker,
        ItemKind::Collapse,
        ItemKind::Teleport,
        ItemKind::Dart,
        ItemKind::Armour,
        ItemKind::Sword,
        ItemKind::Darkness,
        ItemKind::Plate,
        ItemKind::Axe,
    ];

    /// Its name, as the log says it.
    pub fn name(self) -> &'static str {
        match self {
            ItemKind::Healing => "a healing potion",
            ItemKind::MagicMap => "a scroll of magic mapping",
            ItemKind::NoiseMaker => "a noise-maker",
            ItemKind::Collapse => "a scroll of collapse",
            ItemKind::Teleport => "a scroll of teleport",
            ItemKind::Dart => "a dart",
            ItemKind::Armour => "mail armour",
            ItemKind::Sword => "a sword",
            ItemKind::Darkness => "a scroll of darkness",
            ItemKind::Plate => "plate armour",
            ItemKind::Axe => "a war axe",
        }
    }

    /// The glyph it lies on the floor as.
    pub fn glyph(self) -> char {
        match self {
            ItemKind::Healing => '!',
            ItemKind::MagicMap | ItemKind::Collapse | ItemKind::Teleport | ItemKind::Darkness => {
                '?'
            }
            ItemKind::NoiseMaker | ItemKind::Dart => '(',
            ItemKind::Armour | ItemKind::Plate => '[',
            ItemKind::Sword | ItemKind::Axe => ')',
        }
    }

    /// True for what is thrown at a cell rather than used.
    pub fn is_thrown(self) -> bool {
        matches!(self, ItemKind::NoiseMaker | ItemKind::Dart)
    }

    /// True for what is put on when picked up (and so never in the pack).
    pub fn is_worn(self) -> bool {
        self.defence().is_some() || self.blow().is_some()
    }

    /// The defence armour gives.
    pub fn defence(self) -> Option<u32> {
        match self {
            ItemKind::Armour => Some(ARMOUR_DEFENCE),
            ItemKind::Plate => Some(PLATE_DEFENCE),
            _ => None,
        }
    }

    /// A weapon's blow.
    pub fn blow(self) -> Option<Dice> {
        match self {
            ItemKind::Sword => Some(SWORD_DAMAGE),
            ItemKind::Axe => Some(AXE_DAMAGE),
            _ => None,
        }
    }

    /// Its word in a replay.
    pub fn word(self) -> &'static str {
        match self {
            ItemKind::Healing => "healing",
            ItemKind::MagicMap => "magic-map",
            ItemKind::NoiseMaker => "noise-maker",
            ItemKind::Collapse => "collapse",
            ItemKind::Teleport => "teleport",
            ItemKind::Dart => "dart",
            ItemKind::Armour => "armour",
            ItemKind::Sword => "sword",
            ItemKind::Darkness => "darkness",
            ItemKind::Plate => "plate",
            ItemKind::Axe => "axe",
        }
    }
}

/// A scroll of darkness read: monsters see nothing within
/// [`DARKNESS_RADIUS`] of `at` until turn `until`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Darkness {
    /// Where it was read.
    pub at: Pos,
    /// The turn it lifts, at that turn's start.
    pub until: Turn,
}

impl Darkness {
    /// True when `p` lies inside it.
    ///
    /// ```
    /// use darkstar::map::geom::Pos;
    /// use darkstar::sim::item::Darkness;
    /// let dark = Darkness { at: Pos::new(10, 10), until: 40 };
    /// assert!(dark.covers(Pos::new(14, 10)) && dark.covers(Pos::new(13, 12)));
    /// assert!(!dark.covers(Pos::new(15, 10)) && !dark.covers(Pos::new(14, 13)));
    /// ```
    pub fn covers(&self, p: Pos) -> bool {
        let (dx, dy) = self.at.abs_delta(p);
        let (dx, dy, r) = (dx as u64, dy as u64, DARKNESS_RADIUS as u64);
        dx * dx + dy * dy <= r * r + r
    }
}
