//! The item book: every kind of item a run's depths hold, each with its
//! word (what a replay writes), its name, its glyph, the lots it is found
//! in on a depth's floor, and its effect: one of a closed set the game
//! knows ([`Effect`]), with that effect's numbers. A new item of a known
//! effect is a block in the file and no code; a new effect is code
//! (`src/sim/game/items.rs` performs each).
//!
//! The built-in book is `data/items.txt`, documented at its top and
//! compiled into the binary ([`ItemBook::builtin`]); [`ItemBook::parse`]
//! reads the same format with errors naming the file, line and column.
//!
//! ```
//! use darkstar::content::items::{Effect, Heal, ItemBook};
//! let book = ItemBook::builtin();
//! let potion = book.item("healing").unwrap();
//! assert_eq!((potion.name.as_str(), potion.glyph), ("a healing potion", '!'));
//! assert_eq!(potion.effect, Effect::Heal(Heal::Full));
//! assert_eq!(book.items()[potion.index].word, "healing");
//! ```

mod parse;

/// Why an item book could not be used (see [`crate::content::blocks::BlocksError`]).
pub type ItemsError = crate::content::blocks::BlocksError;
pub use parse::{MAX_ITEMS, MAX_ITEMS_BYTES};

use std::path::Path;
use std::sync::OnceLock;

use crate::clock::Turn;
use crate::content::dice::Dice;

/// How much a healing item gives back.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Heal {
    /// Back to the player's most.
    Full,
    /// This many hit points, never above the player's most.
    By(u32),
}

/// What an item does: the closed set of effects the game performs, each
/// with its numbers.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Effect {
    /// Used: hit points back.
    Heal(Heal),
    /// Used: the player learns the whole depth.
    Map,
    /// Thrown at a cell the player sees within `range`: a noise there,
    /// `loudness` in percent of a fight's (see [`crate::fog::noise`]).
    Noise { loudness: u32, range: u32 },
    /// Used: the first open cell beside the player becomes wall.
    Collapse,
    /// Used: the player to a random floor cell far away.
    Teleport,
    /// Used: no monster sees within `radius` of where it was read for
    /// `turns` turns.
    Darkness { radius: u32, turns: Turn },
    /// Thrown at a cell the player sees within `range`: the first unit
    /// on the way takes `damage` at the player's accuracy.
    Missile { damage: Dice, range: u32 },
    /// Put on when picked up, if better than what is worn.
    Armour { defence: u32 },
    /// Wielded when picked up, if its blow is better on average.
    Weapon { damage: Dice },
}

impl Effect {
    /// Every effect's word in the file, in the order the file's header
    /// gives them.
    pub const WORDS: [&'static str; 9] = [
        "heal", "map", "noise", "collapse", "teleport", "darkness", "missile", "armour", "weapon",
    ];

    /// Its word in the file.
    pub fn word(self) -> &'static str {
        Effect::WORDS[match self {
            Effect::Heal(_) => 0,
            Effect::Map => 1,
            Effect::Noise { .. } => 2,
            Effect::Collapse => 3,
            Effect::Teleport => 4,
            Effect::Darkness { .. } => 5,
            Effect::Missile { .. } => 6,
            Effect::Armour { .. } => 7,
            Effect::Weapon { .. } => 8,
        }]
    }
}

/// The depths a lot is laid on.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Depths {
    Every,
    Even,
    Odd,
    /// First and last, both included.
    Range(u32, u32),
}

impl Depths {
    /// True when depth `depth` is one of them.
    pub fn covers(self, depth: u32) -> bool {
        match self {
            Depths::Every => true,
            Depths::Even => depth.is_multiple_of(2),
            Depths::Odd => !depth.is_multiple_of(2),
            Depths::Range(first, last) => (first..=last).contains(&depth),
        }
    }
}

/// One place in the laying of a depth's floor an item is found in (see
/// `data/items.txt` for how a floor is laid).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Lot {
    /// Its number: lots are laid in order of it.
    pub number: u32,
    pub depths: Depths,
    /// The group it is drawn from with the group's other lots of the same
    /// number, if any.
    pub group: Option<String>,
}

/// One kind of item.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ItemDef {
    /// Its place in its book, from 0: what orders the pack.
    pub index: usize,
    /// Its word, as a replay writes it ("noise-maker").
    pub word: String,
    /// What the log calls one ("a healing potion").
    pub name: String,
    /// What the log calls several ("healing potions": "You pick up 3
    /// darts.").
    pub plural: String,
    pub glyph: char,
    pub effect: Effect,
    /// How many lie together where one is found.
    pub bundle: u32,
    /// The lots it is found in (none: never laid by a run).
    pub found: Vec<Lot>,
}

/// Every kind of item, in the order the file gives them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ItemBook {
    items: Vec<ItemDef>,
}

/// The built-in item book's text.
pub const BUILTIN: &str = include_str!("../../../data/items.txt");

impl ItemBook {
    /// The item book built into the game (`data/items.txt`), read once.
    pub fn builtin() -> &'static ItemBook {
        static BUILT_IN: OnceLock<ItemBook> = OnceLock::new();
        BUILT_IN.get_or_init(|| {
            // Checked by a test; a broken built-in file is a build mistake.
            ItemBook::parse(BUILTIN, Path::new("data/items.txt"))
                .unwrap_or_else(|e| panic!("the built-in item book: {e}"))
        })
    }

    /// The book kept for the rest of the program: what a game's items
    /// point into. For a book of one's own (a test's, a mod's), made once.
    pub fn leak(self) -> &'static ItemBook {
        Box::leak(Box::new(self))
    }

    /// Reads an item book from `text`, naming `file` in errors.
    pub fn parse(text: &str, file: &Path) -> Result<ItemBook, ItemsError> {
        parse::parse(text)
            .map(|items| ItemBook { items })
            .map_err(|e| ItemsError::at(file, e))
    }

    /// Reads the item book file at `path` (at most [`MAX_ITEMS_BYTES`]).
    pub fn read(path: &Path) -> Result<ItemBook, ItemsError> {
        let text = crate::content::blocks::read_text(path, MAX_ITEMS_BYTES, "an item book")?;
        ItemBook::parse(&text, path)
    }

    /// Every item, in the file's order.
    pub fn items(&self) -> &[ItemDef] {
        &self.items
    }

    /// The item whose word is `word`.
    pub fn item(&self, word: &str) -> Option<&ItemDef> {
        self.items.iter().find(|d| d.word == word)
    }

    /// The items laid on depth `depth`'s floor, in the order they are
    /// laid (steps 1 and 2 of the header of `data/items.txt`); `draw(n)`
    /// draws a number below `n` for each group's pick, in order.
    ///
    /// ```
    /// use darkstar::content::items::ItemBook;
    /// let laid = ItemBook::builtin().laid_on(2, |_| 3);
    /// let words: Vec<&str> = laid.iter().map(|d| d.word.as_str()).collect();
    /// assert_eq!(words, ["healing", "dart", "noise-maker", "healing", "darkness", "armour"]);
    /// ```
    pub fn laid_on(&self, depth: u32, mut draw: impl FnMut(usize) -> usize) -> Vec<&ItemDef> {
        let mut lots: Vec<(&Lot, &ItemDef)> = self
            .items
            .iter()
            .flat_map(|d| d.found.iter().map(move |lot| (lot, d)))
            .filter(|(lot, _)| lot.depths.covers(depth))
            .collect();
        // Stable: lots of one number stay in the file's order.
        lots.sort_by_key(|(lot, _)| lot.number);
        let mut laid = Vec::new();
        let mut drawn: Vec<(u32, &str)> = Vec::new();
        for &(lot, def) in &lots {
            let Some(group) = lot.group.as_deref() else {
                laid.push(def);
                continue;
            };
            if drawn.contains(&(lot.number, group)) {
                continue;
            }
            drawn.push((lot.number, group));
            let members: Vec<&ItemDef> = lots
                .iter()
                .filter(|(l, _)| l.number == lot.number && l.group.as_deref() == Some(group))
                .map(|&(_, d)| d)
                .collect();
            // `draw` is asked for a number below the count; one past it
            // is taken as the last rather than trusted as an index.
            let pick = draw(members.len()).min(members.len() - 1);
            laid.push(members[pick]);
        }
        laid
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The built-in book reads, holds one item of every effect, and lays
    /// every depth's floor with healing, a missile and a noise.
    #[test]
    fn the_builtin_book_has_every_effect() {
        let book = ItemBook::builtin();
        for word in Effect::WORDS {
            assert!(
                book.items().iter().any(|d| d.effect.word() == word),
                "{word}"
            );
        }
        for (i, d) in book.items().iter().enumerate() {
            assert_eq!(d.index, i);
        }
        for depth in 1..=crate::content::bestiary::DEPTHS {
            let laid = book.laid_on(depth, |_| 0);
            for effect in ["heal", "missile", "noise"] {
                assert!(
                    laid.iter().any(|d| d.effect.word() == effect),
                    "{effect} on depth {depth}"
                );
            }
        }
    }

    /// A depth's list is in the lots' order, a group drawn once where its
    /// first lot stands, each draw below its group's count.
    #[test]
    fn a_floor_is_laid_in_the_order_of_the_lots() {
        let text = "item: a\nname: a\nglyph: !\neffect: map\nfound: lot 3 on every depth, one of g; lot 1 on odd depths\n\n\
                    item: b\nname: b\nglyph: !\neffect: map\nfound: lot 2 on depths 2-3\n\n\
                    item: c\nname: c\nglyph: !\neffect: map\nfound: lot 3 on depth 3, one of g\n";
        let book = ItemBook::parse(text, "t".as_ref()).unwrap();
        let words = |depth: u32, pick: usize| {
            let mut asked = Vec::new();
            let laid = book.laid_on(depth, |n| {
                asked.push(n);
                pick
            });
            let words: Vec<&str> = laid.iter().map(|d| d.word.as_str()).collect();
            (words.join(" "), asked)
        };
        assert_eq!(words(1, 0), ("a a".to_string(), vec![1]));
        assert_eq!(words(2, 0), ("b a".to_string(), vec![1]));
        assert_eq!(words(3, 1), ("a b c".to_string(), vec![2]));
        assert_eq!(words(3, 9), ("a b c".to_string(), vec![2]), "clamped");
        assert_eq!(words(4, 0).0, "a");
    }
}
