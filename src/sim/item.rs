//! Items: few, and each about knowledge or terrain. They lie on the floor
//! of a run's depths and are picked up by walking onto them; the player
//! uses them from its pack (`U`), throws the throwable ones at a cell it
//! sees (a target cursor), or drops them.
//!
//! What items there are, and every number of theirs, is data: the item
//! book (`data/items.txt`, read by [`crate::content::items`]). Each has
//! one effect of a closed set the game performs (`src/sim/game/items.rs`),
//! with its numbers from the book:
//!
//! - heal: hit points back (all, or so many);
//! - map: the player learns the whole depth;
//! - noise, thrown: a loud noise where it lands; the factions that hear
//!   it go and look there (they learn a place, not a player);
//! - collapse: the open ground next to the player it chooses (its first
//!   open neighbour from the north, clockwise) becomes wall; monsters
//!   that planned through it bump into it: a dead end made on purpose;
//! - teleport: to a random floor cell of the depth, away from whatever
//!   was beside the player;
//! - darkness: for some turns no monster sees into the cells within a
//!   radius of where it was read ([`Darkness`]): not the player standing
//!   there, not the ground (they learn nothing there); a hunter loses the
//!   player who stays in it and goes to search where it last saw it;
//! - missile, thrown: at the first unit on the line to the cell aimed at,
//!   for its damage dice at the player's accuracy;
//! - armour and weapon, worn or wielded when picked up, for good, each
//!   only if better than what the player has: the only way the player
//!   grows.
//!
//! An [`ItemKind`] is a handle on an item's definition in its book.

use std::fmt;
use std::hash::{Hash, Hasher};

use crate::clock::Turn;
use crate::content::dice::Dice;
use crate::content::items::{Effect, ItemBook, ItemDef};
use crate::map::geom::Pos;

/// A kind of item: a handle on its definition in an item book (the
/// built-in one, or a book kept for the program's life with
/// [`ItemBook::leak`]). Copied freely; equal, hashed and ordered by its
/// place in its book (so a pack sorts in the book's order); shown by
/// `{:?}` as its word.
#[derive(Copy, Clone)]
pub struct ItemKind(&'static ItemDef);

impl PartialEq for ItemKind {
    fn eq(&self, other: &ItemKind) -> bool {
        self.0.index == other.0.index
    }
}

impl Eq for ItemKind {}

impl Hash for ItemKind {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.index.hash(state);
    }
}

impl PartialOrd for ItemKind {
    fn partial_cmp(&self, other: &ItemKind) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for ItemKind {
    fn cmp(&self, other: &ItemKind) -> std::cmp::Ordering {
        self.0.index.cmp(&other.0.index)
    }
}

impl fmt::Debug for ItemKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0.word)
    }
}

impl ItemKind {
    /// The handle on `def`.
    pub fn new(def: &'static ItemDef) -> ItemKind {
        ItemKind(def)
    }

    /// The built-in book's item whose word is `word` (what a replay
    /// names).
    ///
    /// ```
    /// use darkstar::sim::item::ItemKind;
    /// let dart = ItemKind::named("dart").unwrap();
    /// assert_eq!((dart.name(), dart.glyph(), format!("{dart:?}")), ("a dart", '(', "dart".to_string()));
    /// assert!(dart.is_thrown() && !dart.is_worn());
    /// assert!(ItemKind::named("wand").is_none());
    /// ```
    pub fn named(word: &str) -> Option<ItemKind> {
        ItemKind::in_book(ItemBook::builtin(), word)
    }

    /// The item of `book` whose word is `word`.
    pub fn in_book(book: &'static ItemBook, word: &str) -> Option<ItemKind> {
        book.item(word).map(ItemKind)
    }

    /// Every item of `book`, in its order.
    pub fn all(book: &'static ItemBook) -> impl Iterator<Item = ItemKind> {
        book.items().iter().map(ItemKind)
    }

    /// Its inventory letter, the same in every game: `a` for the first
    /// item of the book, `b` for the second, and so on (DCSS's letters,
    /// kept by the kind, never by where it lies in the pack); `?` past
    /// the twenty-sixth.
    pub fn letter(self) -> char {
        u8::try_from(self.index())
            .ok()
            .filter(|&i| i < 26)
            .map_or('?', |i| char::from(b'a' + i))
    }

    /// Its definition.
    pub fn def(self) -> &'static ItemDef {
        self.0
    }

    /// Its place in its book.
    pub fn index(self) -> usize {
        self.0.index
    }

    /// What it does.
    pub fn effect(self) -> Effect {
        self.0.effect
    }

    /// Its name, as the log says it.
    pub fn name(self) -> &'static str {
        &self.0.name
    }

    /// Its name for several, as the log says it ("darts").
    pub fn plural(self) -> &'static str {
        &self.0.plural
    }

    /// The glyph it lies on the floor as.
    pub fn glyph(self) -> char {
        self.0.glyph
    }

    /// Its word in a replay.
    pub fn word(self) -> &'static str {
        &self.0.word
    }

    /// True for what is thrown at a cell rather than used.
    pub fn is_thrown(self) -> bool {
        self.range().is_some()
    }

    /// True for what using it (`Action::Use`) does something: a potion,
    /// a scroll. What is thrown, or worn, the game refuses to use
    /// (`Event::NotUsable`).
    pub fn is_usable(self) -> bool {
        match self.0.effect {
            Effect::Heal(_)
            | Effect::Map
            | Effect::Collapse
            | Effect::Teleport
            | Effect::Darkness { .. } => true,
            Effect::Noise { .. }
            | Effect::Missile { .. }
            | Effect::Armour { .. }
            | Effect::Weapon { .. } => false,
        }
    }

    /// How far it is thrown, in cells, if it is thrown.
    pub fn range(self) -> Option<u32> {
        match self.0.effect {
            Effect::Noise { range, .. } | Effect::Missile { range, .. } => Some(range),
            _ => None,
        }
    }

    /// True for what is put on when picked up (and so never in the pack).
    pub fn is_worn(self) -> bool {
        self.defence().is_some() || self.blow().is_some()
    }

    /// The defence armour gives.
    pub fn defence(self) -> Option<u32> {
        match self.0.effect {
            Effect::Armour { defence } => Some(defence),
            _ => None,
        }
    }

    /// A weapon's blow.
    pub fn blow(self) -> Option<Dice> {
        match self.0.effect {
            Effect::Weapon { damage } => Some(damage),
            _ => None,
        }
    }
}

/// A scroll of darkness read: monsters see nothing within `radius` of
/// `at` until turn `until`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Darkness {
    /// Where it was read.
    pub at: Pos,
    /// How far from `at` it covers (Euclidean, rounded outwards as sight
    /// is: `dx² + dy² <= r² + r`).
    pub radius: u32,
    /// The turn it lifts, at that turn's start.
    pub until: Turn,
}

impl Darkness {
    /// True when `p` lies inside it.
    ///
    /// ```
    /// use darkstar::map::geom::Pos;
    /// use darkstar::sim::item::Darkness;
    /// let dark = Darkness { at: Pos::new(10, 10), radius: 4, until: 40 };
    /// assert!(dark.covers(Pos::new(14, 10)) && dark.covers(Pos::new(13, 12)));
    /// assert!(!dark.covers(Pos::new(15, 10)) && !dark.covers(Pos::new(14, 13)));
    /// ```
    pub fn covers(&self, p: Pos) -> bool {
        let (dx, dy) = self.at.abs_delta(p);
        let (dx, dy, r) = (dx as u64, dy as u64, self.radius as u64);
        dx * dx + dy * dy <= r * r + r
    }
}
