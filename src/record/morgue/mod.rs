//! A finished game's record, written when it ends: a morgue file (seed,
//! the depth reached, turns, kills by kind, what killed the player, the
//! items, the last depth as the player knew it, the last messages) in
//! `morgue/` beside the save, and a line in the scores
//! ([`crate::record::scores`]) beside it. The morgue file takes a new name
//! claimed atomically (two games ending in the same second never share
//! one) and is whole from the moment it has it (written and fsynced
//! first). Each part is written on its own: one that cannot be written
//! (a full disk, `morgue` a file) never stops the other, and each failure
//! names its own file. A game marked UNRANKED
//! ([`crate::record::replay::Unranked`]) gets a morgue file that says so,
//! and no score.

mod of_game;

use std::path::{Path, PathBuf};
use std::time::SystemTime;

use crate::record::replay::{LevelSource, Replay, Unranked};
use crate::record::save::{SaveError, remove_stale_tmps, stamp, write_new};
use crate::record::scores::{Played, Score, ScoresUpdate, add_score};

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
    /// Hit points the player lost to blows, and took with theirs.
    pub damage: (i32, i32),
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
    /// The morgue file's text, for a ranked game.
    pub fn to_text(&self) -> String {
        self.text(None)
    }

    /// The morgue file's text; an unranked game's says why, and that it is
    /// not in the scores.
    pub fn text(&self, unranked: Option<&Unranked>) -> String {
        let mut out = String::from("Darkstar: the record of a game\n\n");
        out += &format!("Seed:        {}\n", self.seed);
        out += &format!("Outcome:     {}\n", if self.won { "won" } else { "lost" });
        if let Some(why) = unranked {
            out += &format!("Unranked:    {why}; not in the scores\n");
        }
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
            "Damage:      {} taken, {} dealt\n",
            self.damage.0, self.damage.1
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

    /// Its line in the scores, made `when`, of a game that played
    /// `played`.
    pub fn score(&self, when: &str, played: Played) -> Score {
        Score {
            won: self.won,
            depth: self.depth.unwrap_or(0),
            turns: self.turns,
            seed: self.seed,
            when: when.to_string(),
            played,
            how: self.cause.clone(),
        }
    }
}

/// What `replay` played, as the scores name it: a run, or the level's
/// name (a lesson's is its level's).
pub(crate) fn played(replay: &Replay) -> Played {
    match replay.level {
        LevelSource::Run { .. } => Played::Run,
        _ => Played::Level(replay.summary().level),
    }
}

/// The morgue folder beside `save`.
pub fn morgue_dir(save: &Path) -> PathBuf {
    save.with_file_name("morgue")
}

/// The `n`th candidate name of a morgue file made `when`:
/// `morgue-2026-11-24T07-12-00Z.txt`, then `...Z-001.txt`.
fn morgue_name(dir: &Path, when: &str, n: u32) -> PathBuf {
    match n {
        0 => dir.join(format!("morgue-{when}.txt")),
        n => dir.join(format!("morgue-{when}-{n:03}.txt")),
    }
}

/// What recording a finished game did: each part written, or why not.
#[derive(Debug)]
pub struct Recorded {
    /// The morgue file written.
    pub morgue: Result<PathBuf, SaveError>,
    /// The scores updated (and what in them could not be read), or `None`
    /// for an unranked game, which is never scored.
    pub scores: Result<Option<ScoresUpdate>, SaveError>,
    /// Why the game is not ranked, if it is not.
    pub unranked: Option<Unranked>,
}

impl Recorded {
    /// True when every part was written.
    pub fn is_whole(&self) -> bool {
        self.morgue.is_ok() && self.scores.is_ok()
    }
}

/// Records a finished game, `replay` its recording: its morgue file, and
/// unless the replay is unranked its line in the scores (the best
/// [`crate::record::scores::KEPT_SCORES`] kept). Each is written whatever
/// became of the other.
pub fn record(save: &Path, morgue: &Morgue, replay: &Replay, now: SystemTime) -> Recorded {
    remove_stale_tmps(save);
    let when = stamp(now);
    let unranked = replay.unranked();
    let dir = morgue_dir(save);
    let text = morgue.text(unranked.as_ref());
    let morgue_file = write_new(|n| morgue_name(&dir, &when, n), 0, text.as_bytes());
    let scores = match unranked {
        Some(_) => Ok(None),
        None => add_score(save, &morgue.score(&when, played(replay)), now).map(Some),
    };
    Recorded {
        morgue: morgue_file,
        scores,
        unranked,
    }
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
            damage: (40, 31),
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

    /// A game of the run as play records it (ranked).
    fn played() -> Replay {
        Replay {
            seed: 7,
            level: crate::record::replay::LevelSource::Run { depth: 1 },
            config: Default::default(),
            items: Vec::new(),
            lines: Vec::new(),
        }
    }

    /// A morgue file says every part; the scores keep the best runs first
    /// and read back what they wrote; each game gets its own morgue file,
    /// in the same second too; an unranked game's morgue says so, and it
    /// is not scored.
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
            "40 taken, 31 dealt",
            "#.@.#",
            "The jackal hits you",
        ] {
            assert!(text.contains(part), "{part} in {text}");
        }
        assert!(!text.contains("Unranked"), "{text}");
        let dir = std::env::temp_dir().join(format!("darkstar-morgue-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let save = dir.join("save.replay");
        let t = SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(1_800_000_000);
        let ranked = played();
        for m in [
            morgue(false, 3, 1499),
            morgue(true, 10, 9000),
            morgue(false, 5, 3000),
        ] {
            let recorded = record(&save, &m, &ranked, t);
            assert!(recorded.is_whole(), "{recorded:?}");
        }
        let scores = crate::record::scores::read_scores(&save).unwrap();
        assert!(scores.skipped.is_empty());
        let order: Vec<(bool, u32)> = scores.list.iter().map(|s| (s.won, s.depth)).collect();
        assert_eq!(order, [(true, 10), (false, 5), (false, 3)]);
        assert_eq!(scores.list[2].how, "killed by a jackal on depth 3");
        let files = std::fs::read_dir(morgue_dir(&save)).unwrap().count();
        assert_eq!(files, 3, "one morgue file each, none overwritten");
        // Unranked: a kill no key gives. Its morgue says why; no score.
        let mut edited = played();
        edited.items.push(crate::record::replay::Item::Command(
            0,
            crate::sim::Command::Kill { monster: 1 },
        ));
        let recorded = record(&save, &morgue(true, 10, 10), &edited, t);
        assert!(recorded.is_whole() && recorded.unranked.is_some());
        assert!(matches!(recorded.scores, Ok(None)));
        let text = std::fs::read_to_string(recorded.morgue.unwrap()).unwrap();
        assert!(
            text.contains(
                "Unranked:    line 5 holds `kill 1`, a command a player's game never records; \
                 not in the scores"
            ),
            "{text}"
        );
        assert_eq!(
            crate::record::scores::read_scores(&save)
                .unwrap()
                .list
                .len(),
            3
        );
        let leftovers: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .flatten()
            .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
            .collect();
        assert!(leftovers.is_empty());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
