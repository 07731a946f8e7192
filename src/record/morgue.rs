//! A run's record, written when it ends: a morgue file (seed, the depth
//! reached, turns, kills by kind, what killed the player, the items, the
//! last depth as the player knew it, the last messages) in `morgue/`
//! beside the save, and a line in `scores.txt` beside it, the best runs
//! first. Both are written atomically (a temporary file, fsync, rename),
//! so a crash or a full disk mid-write leaves the old file whole. A
//! scores file that cannot be read is moved aside (`scores.txt.bad`),
//! never overwritten, and a new one started.

use std::path::{Path, PathBuf};
use std::time::SystemTime;

use crate::content::textfile::{ReadError, read_limited};
use crate::record::save::{SaveError, write_atomically};

/// Best runs kept in the scores file.
pub const KEPT_SCORES: usize = 100;
/// Largest scores file read.
pub const MAX_SCORES_BYTES: u64 = 1024 * 1024;

/// The record of one finished game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Morgue {
    pub seed: u64,
    pub won: bool,
    /// The deepest depth reached (a run), or none (one level).
    pub depth: Option<u32>,
    pub turns: u32,
    /// Kills by kind, as (name of one, count), by name.
    pub kills: Vec<(String, u32)>,
    /// What ended it: "killed by a jackal on depth 3".
    pub cause: String,
    /// What the player carried at the end.
    pub items: Vec<String>,
    /// The last depth (or level) as the player knew it, row by row.
    pub map: Vec<String>,
    /// The last messages, oldest first.
    pub messages: Vec<String>,
}

impl Morgue {
    /// The morgue file's text.
    pub fn to_text(&self) -> String {
        let mut out = String::from("Darkstar: the record of a game\n\n");
        out += &format!("Seed:        {}\n", self.seed);
        out += &format!("Outcome:     {}\n", if self.won { "won" } else { "lost" });
        out += &format!("How:         {}\n", self.cause);
        if let Some(d) = self.depth {
            out += &format!("Deepest:     depth {d}\n");
        }
        out += &format!("Turns:       {}\n", self.turns);
        let kills: Vec<String> = self.kills.iter().map(|(k, n)| format!("{k} {n}")).collect();
        out += &format!(
            "Kills:       {}\n",
            if kills.is_empty() {
                "none".to_string()
            } else {
                kills.join(", ")
            }
        );
        out += &format!(
            "Items:       {}\n",
            if self.items.is_empty() {
                "none".to_string()
            } else {
                self.items.join(", ")
            }
        );
        out += "\nThe last place, as you knew it:\n";
        for row in &self.map {
            out += row.trim_end();
            out.push('\n');
        }
        out += "\nThe last messages:\n";
        for m in &self.messages {
            out += m;
            out.push('\n');
        }
        out
    }

    /// Its line in the scores, made `when`.
    pub fn score(&self, when: &str) -> Score {
        Score {
            won: self.won,
            depth: self.depth.unwrap_or(0),
            turns: self.turns,
            seed: self.seed,
            when: when.to_string(),
            how: self.cause.clone(),
        }
    }
}

/// One line of the scores.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Score {
    pub won: bool,
    /// Deepest depth (0: a single level).
    pub depth: u32,
    pub turns: u32,
    pub seed: u64,
    /// When it ended (UTC, `2026-11-24T07-12-00Z`).
    pub when: String,
    /// What ended it.
    pub how: String,
}

impl Score {
    /// The order of the scores: wins first, then deeper, then quicker,
    /// then by seed and time (so the order is total).
    fn rank(&self) -> (bool, std::cmp::Reverse<u32>, u32, u64, String) {
        (
            !self.won,
            std::cmp::Reverse(self.depth),
            self.turns,
            self.seed,
            self.when.clone(),
        )
    }

    fn to_line(&self) -> String {
        format!(
            "{} {} {} {} {} {}",
            if self.won { "won" } else { "died" },
            self.depth,
            self.turns,
            self.seed,
            self.when,
            self.how
        )
    }
}

/// Why a scores file cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum ScoresError {
    #[error("{file}: {error}")]
    Io {
        file: PathBuf,
        error: std::io::Error,
    },
    #[error("{file}:{line}: {message}")]
    Parse {
        file: PathBuf,
        line: usize,
        message: String,
    },
}

/// Reads a scores file's text, naming `file` in errors.
pub fn parse_scores(text: &str, file: &Path) -> Result<Vec<Score>, ScoresError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let bad = |message: String| ScoresError::Parse {
            file: file.to_path_buf(),
            line: i + 1,
            message,
        };
        let mut words = line.splitn(6, ' ');
        let mut next = |what: &str| {
            words
                .next()
                .filter(|w| !w.is_empty())
                .ok_or_else(|| bad(format!("expected {what}")))
        };
        let won = match next("won or died")? {
            "won" => true,
            "died" => false,
            w => return Err(bad(format!("expected won or died, found {:?}", clip(w)))),
        };
        let number = |w: &str, what: &str| {
            w.parse::<u64>()
                .map_err(|_| bad(format!("expected {what}, found {:?}", clip(w))))
        };
        let depth = number(next("the depth")?, "the depth")?.min(u32::MAX as u64) as u32;
        let turns = number(next("the turns")?, "the turns")?.min(u32::MAX as u64) as u32;
        let seed = number(next("the seed")?, "the seed")?;
        let when = next("when")?.to_string();
        let how = words.next().unwrap_or("").to_string();
        out.push(Score {
            won,
            depth,
            turns,
            seed,
            when,
            how,
        });
    }
    Ok(out)
}

fn clip(s: &str) -> String {
    s.chars().take(24).collect()
}

/// The scores file beside `save`.
pub fn scores_path(save: &Path) -> PathBuf {
    save.with_file_name("scores.txt")
}

/// The morgue folder beside `save`.
pub fn morgue_dir(save: &Path) -> PathBuf {
    save.with_file_name("morgue")
}

/// Reads the scores beside `save` (none if there is no file yet), best
/// first.
pub fn read_scores(save: &Path) -> Result<Vec<Score>, ScoresError> {
    let path = scores_path(save);
    let text = match read_limited(&path, MAX_SCORES_BYTES) {
        Ok(t) => t,
        Err(ReadError::Io(e)) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(ReadError::Io(error)) => return Err(ScoresError::Io { file: path, error }),
        Err(ReadError::TooLarge(max)) => {
            return Err(ScoresError::Parse {
                file: path,
                line: 1,
                message: format!("larger than {max} bytes: not a scores file"),
            });
        }
        Err(ReadError::NotUtf8 { line }) => {
            return Err(ScoresError::Parse {
                file: path,
                line,
                message: "not UTF-8 text".into(),
            });
        }
    };
    let mut scores = parse_scores(&text, &path)?;
    scores.sort_by_key(Score::rank);
    Ok(scores)
}

/// Records a finished game: its morgue file (returned) and its line in
/// the scores (the best [`KEPT_SCORES`] kept). A scores file that cannot
/// be read is moved aside to `scores.txt.bad` first.
pub fn record(save: &Path, morgue: &Morgue, now: SystemTime) -> Result<PathBuf, SaveError> {
    let when = crate::record::save::stamp(now);
    let dir = morgue_dir(save);
    let mut path = dir.join(format!("morgue-{when}.txt"));
    for n in 1u32.. {
        if std::fs::symlink_metadata(&path).is_err() {
            break;
        }
        path = dir.join(format!("morgue-{when}-{n:03}.txt"));
    }
    write_atomically(&path, &morgue.to_text()).map_err(|cause| SaveError::Io {
        file: path.clone(),
        cause,
    })?;
    let scores_file = scores_path(save);
    let mut scores = match read_scores(save) {
        Ok(s) => s,
        Err(_) => {
            let aside = scores_file.with_file_name("scores.txt.bad");
            std::fs::rename(&scores_file, &aside).map_err(|cause| SaveError::Io {
                file: scores_file.clone(),
                cause,
            })?;
            Vec::new()
        }
    };
    scores.push(morgue.score(&when));
    scores.sort_by_key(Score::rank);
    scores.truncate(KEPT_SCORES);
    let mut text =
        String::from("# Darkstar's best runs: won|died, depth, turns, seed, when, how\n");
    for s in &scores {
        text += &s.to_line();
        text.push('\n');
    }
    write_atomically(&scores_file, &text).map_err(|cause| SaveError::Io {
        file: scores_file.clone(),
        cause,
    })?;
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn morgue(won: bool, depth: u32, turns: u32) -> Morgue {
        Morgue {
            seed: 7,
            won,
            depth: Some(depth),
            turns,
            kills: vec![("jackal".into(), 3), ("rat".into(), 1)],
            cause: if won {
                "escaped with the Darkstar".into()
            } else {
                "killed by a jackal on depth 3".into()
            },
            items: Vec::new(),
            map: vec!["#####".into(), "#.@.#".into(), "#####".into()],
            messages: vec!["3: The jackal hits you for 4.".into()],
        }
    }

    /// A morgue file says every part; the scores keep the best runs first
    /// and read back what they wrote.
    #[test]
    fn a_morgue_says_it_all_and_scores_rank_the_best_first() {
        let text = morgue(false, 3, 1499).to_text();
        for part in [
            "Seed:        7",
            "lost",
            "killed by a jackal on depth 3",
            "depth 3",
            "1499",
            "jackal 3, rat 1",
            "#.@.#",
            "The jackal hits you",
        ] {
            assert!(text.contains(part), "{part} in {text}");
        }
        let dir = std::env::temp_dir().join(format!("darkstar-morgue-{}", std::process::id()));
        let save = dir.join("save.replay");
        let t = SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(1_800_000_000);
        record(&save, &morgue(false, 3, 1499), t).unwrap();
        record(&save, &morgue(true, 10, 9000), t).unwrap();
        record(&save, &morgue(false, 5, 3000), t).unwrap();
        let scores = read_scores(&save).unwrap();
        let order: Vec<(bool, u32)> = scores.iter().map(|s| (s.won, s.depth)).collect();
        assert_eq!(order, [(true, 10), (false, 5), (false, 3)]);
        assert_eq!(scores[2].how, "killed by a jackal on depth 3");
        let files = std::fs::read_dir(morgue_dir(&save)).unwrap().count();
        assert_eq!(files, 3, "one morgue file each, none overwritten");
        // A broken scores file: an error naming its line; recording moves
        // it aside and starts again.
        std::fs::write(
            scores_path(&save),
            "won 1 2 3 now fine\ndied x 2 3 now bad\n",
        )
        .unwrap();
        let e = read_scores(&save).unwrap_err().to_string();
        assert!(
            e.ends_with("scores.txt:2: expected the depth, found \"x\""),
            "{e}"
        );
        record(&save, &morgue(false, 2, 10), t).unwrap();
        assert_eq!(read_scores(&save).unwrap().len(), 1);
        assert!(dir.join("scores.txt.bad").exists());
        let leftovers: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .flatten()
            .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
            .collect();
        assert!(leftovers.is_empty());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
