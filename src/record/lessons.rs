//! The lessons on disk: each lesson keeps its own save in `lessons/`
//! beside the save (`lessons/door-shut.replay`), so a run that is saved is
//! never in a lesson's way nor a lesson in the run's; and the lessons won
//! are listed in `lessons/won.txt`, a lesson's file stem a line, for the
//! title screen to mark.
//!
//! `won.txt` is untrusted: read up to [`MAX_WON_BYTES`], a line that names
//! no lesson is ignored, and a file that cannot be read marks none won
//! (it is only a mark: no game depends on it). It is written atomically,
//! so a reader never sees it torn.

use std::path::{Path, PathBuf};

use crate::content::lessons::{LESSONS, Lesson};
use crate::content::textfile::read_limited_bytes;
use crate::record::save::write_atomically;

/// Largest `won.txt` read: eight short lines, with room to spare.
pub const MAX_WON_BYTES: u64 = 4096;

/// The folder of the lessons' saves, beside `save`.
pub fn lessons_dir(save: &Path) -> PathBuf {
    save.with_file_name("lessons")
}

/// Where `lesson` is saved: `lessons/STEM.replay` beside `save`.
pub fn lesson_save_path(save: &Path, lesson: &Lesson) -> PathBuf {
    lessons_dir(save).join(format!("{}.replay", lesson.stem()))
}

fn won_path(save: &Path) -> PathBuf {
    lessons_dir(save).join("won.txt")
}

/// Which lessons were won, in [`LESSONS`]' order.
pub fn lessons_won(save: &Path) -> [bool; LESSONS.len()] {
    match read_limited_bytes(&won_path(save), MAX_WON_BYTES) {
        Ok(bytes) => won_of_text(&String::from_utf8_lossy(&bytes)),
        Err(_) => [false; LESSONS.len()],
    }
}

/// The lessons a `won.txt`'s text marks won, in [`LESSONS`]' order; a
/// line naming no lesson is ignored.
pub fn won_of_text(text: &str) -> [bool; LESSONS.len()] {
    let mut won = [false; LESSONS.len()];
    for line in text.lines() {
        if let Some(i) = LESSONS.iter().position(|l| l.stem() == line.trim()) {
            won[i] = true;
        }
    }
    won
}

/// `won` with `lesson` marked, and the text of a `won.txt` that says so
/// (`None`: it already was, or `lesson` is none of [`LESSONS`]).
pub fn with_won(
    mut won: [bool; LESSONS.len()],
    lesson: &Lesson,
) -> Option<([bool; LESSONS.len()], String)> {
    let i = LESSONS.iter().position(|l| l == lesson)?;
    if won[i] {
        return None;
    }
    won[i] = true;
    let text = LESSONS
        .iter()
        .zip(won)
        .filter(|(_, w)| *w)
        .map(|(l, _)| format!("{}\n", l.stem()))
        .collect();
    Some((won, text))
}

/// Marks `lesson` won (a no-op if it already is). Two darkstars marking
/// at the same moment may lose one mark, never the file.
pub fn mark_won(save: &Path, lesson: &Lesson) -> std::io::Result<()> {
    match with_won(lessons_won(save), lesson) {
        Some((_, text)) => write_atomically(&won_path(save), &text),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lesson_marked_won_stays_marked_and_odd_lines_are_ignored() {
        let dir = std::env::temp_dir().join(format!("darkstar-lessons-{}", std::process::id()));
        let save = dir.join("save.replay");
        assert_eq!(lessons_won(&save), [false; 8]);
        mark_won(&save, &LESSONS[2]).unwrap();
        mark_won(&save, &LESSONS[0]).unwrap();
        mark_won(&save, &LESSONS[2]).unwrap();
        assert_eq!(
            std::fs::read_to_string(won_path(&save)).unwrap(),
            "sleeping-pack\nblind-troll\n"
        );
        std::fs::write(won_path(&save), "eyes\n\u{1b}[2J\nnot-a-lesson\n").unwrap();
        let won = lessons_won(&save);
        assert_eq!(won, [false, false, false, false, false, false, true, false]);
        assert_eq!(
            lesson_save_path(&save, &LESSONS[1]),
            dir.join("lessons/door-shut.replay")
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
