//! The lessons: the eight hand-made levels of `levels/` that teach the
//! game's idea (you win by what the monsters do not know), in the order a
//! newcomer should play them. Built into the binary, so the title screen
//! offers them wherever `darkstar` is installed; `levels/` holds the same
//! files for `darkstar play --level`.
//!
//! ```
//! use darkstar::content::lessons::LESSONS;
//!
//! let first = &LESSONS[0];
//! assert_eq!(first.file, "sleeping-pack.txt");
//! assert_eq!(first.level().name, "The sleeping pack");
//! assert!(first.trick().starts_with("Sneak past sleepers"));
//! ```

use std::path::Path;

use crate::content::level::Level;

/// One lesson: its file in `levels/` and that file's text.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Lesson {
    /// Its file name in `levels/`.
    pub file: &'static str,
    /// The level file's text, as built in.
    pub text: &'static str,
}

macro_rules! lesson {
    ($file:literal) => {
        Lesson {
            file: $file,
            text: include_str!(concat!("../../levels/", $file)),
        }
    };
}

/// The lessons, first to play first.
pub const LESSONS: [Lesson; 8] = [
    lesson!("sleeping-pack.txt"),
    lesson!("door-shut.txt"),
    lesson!("blind-troll.txt"),
    lesson!("noise-lure.txt"),
    lesson!("darkness.txt"),
    lesson!("collapse.txt"),
    lesson!("eyes.txt"),
    lesson!("sentry.txt"),
];

impl Lesson {
    /// The lesson's level (a test parses every one).
    pub fn level(&self) -> Level {
        Level::parse(self.text, &Path::new("levels").join(self.file))
            .expect("a built-in lesson parses (a test checks every one)")
    }

    /// The file's name without `.txt`: the name of its save
    /// (`lessons/door-shut.replay`) and what `darkstar play --level`
    /// is given (`levels/door-shut.txt`).
    pub fn stem(&self) -> &'static str {
        self.file.strip_suffix(".txt").unwrap_or(self.file)
    }

    /// Its trick in plain words: the first sentence of its description
    /// ("Shut a door on those that cannot open one.").
    pub fn trick(&self) -> String {
        let about = self.level().description;
        match about.find(". ") {
            Some(end) => about[..=end].to_string(),
            None => about,
        }
    }

    /// The lesson whose built-in text this is, if any: a lesson file
    /// edited is a level of one's own, not the lesson.
    pub fn of_text(text: &str) -> Option<&'static Lesson> {
        LESSONS.iter().find(|l| l.text == text)
    }

    /// The lesson of this level's name, if any (how a finished game is
    /// known to have been a lesson).
    pub fn named(name: &str) -> Option<&'static Lesson> {
        LESSONS.iter().find(|l| l.level().name == name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_lesson_parses_has_a_player_and_a_short_trick() {
        for lesson in &LESSONS {
            let level = lesson.level();
            assert!(level.player.is_some(), "{}", lesson.file);
            let trick = lesson.trick();
            assert!(trick.ends_with('.'), "{}: {trick}", lesson.file);
            assert!(trick.chars().count() <= 60, "{}: {trick}", lesson.file);
            assert_eq!(Lesson::named(&level.name), Some(lesson));
            assert_eq!(Lesson::of_text(lesson.text), Some(lesson));
        }
        assert_eq!(Lesson::of_text("name: mine\n"), None);
    }
}
