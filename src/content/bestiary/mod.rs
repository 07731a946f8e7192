//! The bestiary: every kind of monster a run can meet, with its numbers
//! (hit points, accuracy, damage dice, defence, speed, sight, hearing, how
//! it prices the unknown), whether it opens doors, its pack size, the
//! faction it shares knowledge with, the depths it lives on and the
//! behaviours that set it apart (fleeing when hurt, sleeping until woken).
//!
//! The built-in bestiary is `data/bestiary.txt`, documented at its top and
//! compiled into the binary ([`Bestiary::builtin`]); [`Bestiary::parse`]
//! reads the same format with errors naming the file, line and column.
//!
//! ```
//! use darkstar::content::bestiary::Bestiary;
//! let b = Bestiary::builtin();
//! let zombie = b.kind("zombie").unwrap();
//! assert_eq!((zombie.plural.as_str(), zombie.glyph), ("zombies", 'z'));
//! assert!(!zombie.opens_doors);
//! assert!(b.at_depth(1).all(|k| k.depths.0 == 1));
//! ```

mod parse;

/// Why a bestiary could not be used (see [`crate::content::blocks::BlocksError`]).
pub type BestiaryError = crate::content::blocks::BlocksError;
pub use parse::{MAX_BESTIARY_BYTES, MAX_KINDS};

use std::path::Path;

use crate::content::behaviours::{BUILTIN as BUILTIN_BEHAVIOURS, Behaviours};
use crate::content::dice::Dice;
use crate::content::level::Voice;
use crate::map::cost::Cost;

/// Depths in a run.
pub const DEPTHS: u32 = 10;

/// One kind of monster.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kind {
    /// The name of one ("goblin").
    pub name: String,
    /// The name of several ("goblins").
    pub plural: String,
    pub glyph: char,
    /// The faction its monsters make up (one kind a faction): they share
    /// what they know.
    pub faction: String,
    /// First and last depth it is found on.
    pub depths: (u32, u32),
    pub hp: i32,
    /// To-hit in percent against defence 0.
    pub accuracy: u32,
    pub defence: u32,
    pub damage: Dice,
    /// Energy a turn (100: a floor step a turn).
    pub speed: u32,
    pub sight: u32,
    /// Steps through open ground a noise carries to it.
    pub hearing: u32,
    /// Unexplored ground costs this many times floor in its plans.
    pub unknown: Cost,
    pub opens_doors: bool,
    /// Fewest and most that come together.
    pub pack: (u32, u32),
    /// What it does, first say first (see [`crate::content::behaviours`]).
    pub behaviours: Behaviours,
    /// How it cries out, if it cries.
    pub voice: Voice,
    /// One line for the look box.
    pub about: String,
}

impl Kind {
    /// True when it is found on depth `depth`.
    pub fn lives_on(&self, depth: u32) -> bool {
        (self.depths.0..=self.depths.1).contains(&depth)
    }
}

/// Every kind, in the order the file gives them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bestiary {
    kinds: Vec<Kind>,
}

/// The built-in bestiary's text.
pub const BUILTIN: &str = include_str!("../../../data/bestiary.txt");

impl Bestiary {
    /// The bestiary built into the game (`data/bestiary.txt`).
    pub fn builtin() -> Bestiary {
        // Checked by a test; a broken built-in file is a build mistake.
        Bestiary::parse(BUILTIN, Path::new("data/bestiary.txt"))
            .unwrap_or_else(|e| panic!("the built-in bestiary: {e}"))
    }

    /// Reads a bestiary from `text`, naming `file` in errors; its
    /// behaviours must be the simulation's own
    /// ([`crate::content::behaviours::BUILTIN`]).
    pub fn parse(text: &str, file: &Path) -> Result<Bestiary, BestiaryError> {
        Bestiary::parse_knowing(text, file, &|n| BUILTIN_BEHAVIOURS.contains(&n))
    }

    /// [`Bestiary::parse`], for a game that knows the behaviours `known`
    /// says it does (the built-in ones and some of its own).
    pub fn parse_knowing(
        text: &str,
        file: &Path,
        known: &dyn Fn(&str) -> bool,
    ) -> Result<Bestiary, BestiaryError> {
        parse::parse(text, known)
            .map(|kinds| Bestiary { kinds })
            .map_err(|e| BestiaryError::at(file, e))
    }

    /// Reads the bestiary file at `path` (at most [`MAX_BESTIARY_BYTES`]).
    pub fn read(path: &Path) -> Result<Bestiary, BestiaryError> {
        let text = crate::content::blocks::read_text(path, MAX_BESTIARY_BYTES, "a bestiary")?;
        Bestiary::parse(&text, path)
    }

    /// Every kind, in the file's order.
    pub fn kinds(&self) -> &[Kind] {
        &self.kinds
    }

    /// The kind named `name` (singular).
    pub fn kind(&self, name: &str) -> Option<&Kind> {
        self.kinds.iter().find(|k| k.name == name)
    }

    /// The kinds found on depth `depth`, in the file's order.
    pub fn at_depth(&self, depth: u32) -> impl Iterator<Item = &Kind> {
        self.kinds.iter().filter(move |k| k.lives_on(depth))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The built-in bestiary reads, spreads at least ten kinds over every
    /// depth, and has the four kinds that differ in behaviour, not only in
    /// numbers: one blind that hears far, one that flees, one that sleeps
    /// and comes in a pack (never alone), one that cannot open doors.
    #[test]
    fn the_builtin_bestiary_covers_the_run() {
        let b = Bestiary::builtin();
        assert!(b.kinds().len() >= 10);
        for depth in 1..=DEPTHS {
            assert!(b.at_depth(depth).count() >= 2, "depth {depth}");
        }
        let most_hearing = b.kinds().iter().map(|k| k.hearing).max().unwrap();
        assert!(
            b.kinds()
                .iter()
                .any(|k| k.sight == 0 && k.hearing == most_hearing)
        );
        assert!(b.kinds().iter().any(|k| k.behaviours.flees()));
        assert!(
            b.kinds()
                .iter()
                .any(|k| k.behaviours.sleeps() && k.pack.0 >= 2)
        );
        assert!(b.kinds().iter().any(|k| !k.opens_doors));
        assert!(
            b.kinds().iter().any(|k| k.unknown == 1) && b.kinds().iter().any(|k| k.unknown >= 2)
        );
        // Deeper is stronger: the mean hit points of a depth's kinds grow.
        let mean_hp = |d: u32| {
            let hp: Vec<i32> = b.at_depth(d).map(|k| k.hp).collect();
            hp.iter().sum::<i32>() / hp.len() as i32
        };
        assert!(mean_hp(1) < mean_hp(5) && mean_hp(5) < mean_hp(10));
        // Singulars come from the file, never from stripping a plural.
        assert_eq!(b.kind("zombie").map(|k| k.plural.as_str()), Some("zombies"));
    }
}
