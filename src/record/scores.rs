//! The scores: `scores.txt` beside the save, a line a finished game
//! (`won|died DEPTH TURNS SEED WHEN LEVEL HOW`), in two parts: the runs,
//! then the single levels (the lessons, level files), each ranked wins
//! first, then deeper, then quicker, and the best [`KEPT_SCORES`] of each
//! kept. `LEVEL` is `run`, or `level:NAME` with the level's name
//! `%`-escaped (`level:The%20sleeping%20pack`). A line written before the
//! scores named the level (`won|died DEPTH TURNS SEED WHEN HOW`) still
//! reads: a run when it has a depth, else a level it does not name.
//!
//! Untrusted: the file is read line by line, and a line that cannot be
//! read (not UTF-8, a word that is not a number, a torn write of some
//! other program) is skipped with an error naming the file and line,
//! never the whole file refused for it. Adding a score sets those lines
//! aside in a dated file (`scores.txt.2026-11-24T07-12-00Z.bad`, never
//! overwritten) before the file is written again, so nothing in it is
//! lost; a file too large to be a scores file is set aside whole.
//!
//! Several darkstars may end their games at once, so adding a score reads,
//! merges and writes the file under an advisory lock (`scores.txt.lock`,
//! beside it, never removed), and the write itself is atomic (this
//! process's temporary file, fsync, rename): a reader sees the old file
//! or the new one, never a torn one.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant, SystemTime};

use crate::content::textfile::{ReadError, escape_controls, escape_path, read_limited_bytes};
use crate::record::save::{
    SaveError, dated_path, make_folder_of, stamp, write_atomically, write_new,
};

/// Best games of each part (the runs, the levels) kept in the scores file.
pub const KEPT_SCORES: usize = 100;
/// Largest scores file read.
pub const MAX_SCORES_BYTES: u64 = 1024 * 1024;
/// Longest an update waits for another darkstar's update of the scores (a
/// few milliseconds, unless that darkstar was stopped mid-update): then
/// the score is not added, and the error says so, rather than waiting for
/// ever.
pub const SCORES_LOCK_WAIT: Duration = Duration::from_secs(10);

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
    /// What was played.
    pub played: Played,
    /// What ended it.
    pub how: String,
}

/// What a scored game played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Played {
    /// A run of the dungeon.
    Run,
    /// One level (a lesson, a level file, a generated level): its name.
    Level(String),
    /// Not said: a line written before the scores named the level (a run
    /// if it has a depth, else a level).
    Unnamed,
}

impl Score {
    /// True for a run's score (listed apart from the levels').
    pub fn is_run(&self) -> bool {
        match self.played {
            Played::Run => true,
            Played::Level(_) => false,
            Played::Unnamed => self.depth > 0,
        }
    }

    /// The level as the scores list it: `run`, or the level's name.
    pub fn level(&self) -> &str {
        match &self.played {
            Played::Level(name) => name,
            _ if self.is_run() => "run",
            _ => "(unnamed)",
        }
    }

    /// The order of the scores: the runs, then the levels; each wins
    /// first, then deeper, then quicker, then by seed and time (so the
    /// order is total).
    fn rank(&self) -> (bool, bool, std::cmp::Reverse<u32>, u32, u64, String) {
        (
            !self.is_run(),
            !self.won,
            std::cmp::Reverse(self.depth),
            self.turns,
            self.seed,
            self.when.clone(),
        )
    }

    fn to_line(&self) -> String {
        let level = match &self.played {
            Played::Run => "run ".to_string(),
            Played::Level(name) => format!("level:{} ", escape_name(name)),
            // As it was read: in the old format.
            Played::Unnamed => String::new(),
        };
        format!(
            "{} {} {} {} {} {level}{}",
            if self.won { "won" } else { "died" },
            self.depth,
            self.turns,
            self.seed,
            self.when,
            self.how
        )
    }

    /// Reads one line of the scores; an error says what is wrong with it.
    fn from_line(line: &str) -> Result<Score, String> {
        let mut words = line.splitn(6, ' ');
        let mut next = |what: &str| {
            words
                .next()
                .filter(|w| !w.is_empty())
                .ok_or_else(|| format!("expected {what}"))
        };
        let won = match next("won or died")? {
            "won" => true,
            "died" => false,
            w => return Err(format!("expected won or died, found {}", quote(w))),
        };
        let number = |w: &str, what: &str| {
            w.parse::<u64>()
                .map_err(|_| format!("expected {what}, found {}", quote(w)))
        };
        let depth = number(next("the depth")?, "the depth")?.min(u32::MAX as u64) as u32;
        let turns = number(next("the turns")?, "the turns")?.min(u32::MAX as u64) as u32;
        let seed = number(next("the seed")?, "the seed")?;
        let when = next("when")?.to_string();
        let rest = words.next().unwrap_or("");
        let (first, after) = rest.split_once(' ').unwrap_or((rest, ""));
        let (played, how) = if first == "run" {
            (Played::Run, after)
        } else if let Some(name) = first.strip_prefix("level:") {
            let name = unescape_name(name).ok_or_else(|| {
                format!(
                    "expected the level's name (%-escaped, not empty), found {}",
                    quote(first)
                )
            })?;
            (Played::Level(name), after)
        } else {
            // The old format: no level named.
            (Played::Unnamed, rest)
        };
        Ok(Score {
            won,
            depth,
            turns,
            seed,
            when,
            played,
            how: how.to_string(),
        })
    }
}

/// A level's name as one word of a scores line: every byte that is not
/// a printable ASCII character other than `%` written `%XX`.
fn escape_name(name: &str) -> String {
    let mut out = String::new();
    for b in name.bytes() {
        if b.is_ascii_graphic() && b != b'%' {
            out.push(b as char);
        } else {
            out += &format!("%{b:02X}");
        }
    }
    out
}

/// [`escape_name`] undone; `None` for an escape that is not `%` and two
/// hex digits, bytes that are not UTF-8, or an empty name.
fn unescape_name(word: &str) -> Option<String> {
    let mut bytes = Vec::new();
    let mut rest = word.as_bytes();
    while let Some((&b, tail)) = rest.split_first() {
        if b == b'%' {
            let hex = std::str::from_utf8(tail.get(..2)?).ok()?;
            bytes.push(u8::from_str_radix(hex, 16).ok()?);
            rest = &tail[2..];
        } else {
            bytes.push(b);
            rest = tail;
        }
    }
    String::from_utf8(bytes).ok().filter(|n| !n.is_empty())
}

/// A word of a bad line in an error: short, quoted, escaped (it is about
/// to be shown on a terminal).
fn quote(word: &str) -> String {
    let short: String = word.chars().take(24).collect();
    format!("\"{}\"", escape_controls(&short))
}

/// Why a scores file, or a line of it, cannot be read. Paths are shown
/// escaped, as everything from outside is.
#[derive(Debug, thiserror::Error)]
pub enum ScoresError {
    #[error("{}: {error}", escape_path(file))]
    Io {
        file: PathBuf,
        error: std::io::Error,
    },
    #[error("{}:{line}: {message}", escape_path(file))]
    Parse {
        file: PathBuf,
        line: usize,
        message: String,
    },
    #[error("{}: larger than {max} bytes: not a scores file", escape_path(file))]
    TooLarge { file: PathBuf, max: u64 },
}

/// A scores file as read: its lines, best first, and the lines that could
/// not be read (each an error naming the file and line), which are left
/// out.
#[derive(Debug, Default)]
pub struct Scores {
    pub list: Vec<Score>,
    pub skipped: Vec<ScoresError>,
}

/// Reads a scores file's bytes, naming `file` in errors: each line on its
/// own, a bad one skipped. Blank lines and `#` comments are not scores.
pub fn parse_scores(bytes: &[u8], file: &Path) -> Scores {
    let (scores, _) = parse_lines(bytes, file);
    scores
}

/// [`parse_scores`], with the bad lines as they were (to set them aside).
fn parse_lines<'a>(bytes: &'a [u8], file: &Path) -> (Scores, Vec<&'a [u8]>) {
    let bytes = bytes.strip_prefix("\u{feff}".as_bytes()).unwrap_or(bytes);
    let mut scores = Scores::default();
    let mut bad = Vec::new();
    for (i, raw) in bytes.split(|&b| b == b'\n').enumerate() {
        let raw = raw.strip_suffix(b"\r").unwrap_or(raw);
        let read = match std::str::from_utf8(raw) {
            Err(_) => Err("not UTF-8 text".to_string()),
            Ok(line) if line.trim().is_empty() || line.starts_with('#') => continue,
            Ok(line) => Score::from_line(line),
        };
        match read {
            Ok(score) => scores.list.push(score),
            Err(message) => {
                scores.skipped.push(ScoresError::Parse {
                    file: file.to_path_buf(),
                    line: i + 1,
                    message,
                });
                bad.push(raw);
            }
        }
    }
    scores.list.sort_by_key(Score::rank);
    (scores, bad)
}

/// The scores file beside `save`.
pub fn scores_path(save: &Path) -> PathBuf {
    save.with_file_name("scores.txt")
}

/// The lock file of the scores beside `save`: `scores.txt.lock`. It is
/// never removed (removing a lock file races with the next process taking
/// it).
pub fn scores_lock_path(save: &Path) -> PathBuf {
    save.with_file_name("scores.txt.lock")
}

/// Reads the scores beside `save` (none if there is no file yet), best
/// first, with the lines that could not be read. Only a file that cannot
/// be read at all (the OS refuses, or it is too large to be a scores file)
/// is an error.
pub fn read_scores(save: &Path) -> Result<Scores, ScoresError> {
    let path = scores_path(save);
    match read_limited_bytes(&path, MAX_SCORES_BYTES) {
        Ok(bytes) => Ok(parse_scores(&bytes, &path)),
        Err(ReadError::Io(e)) if e.kind() == std::io::ErrorKind::NotFound => Ok(Scores::default()),
        Err(ReadError::TooLarge(max)) => Err(ScoresError::TooLarge { file: path, max }),
        Err(ReadError::Io(error)) => Err(ScoresError::Io { file: path, error }),
        Err(ReadError::NotUtf8 { .. }) => Err(ScoresError::Io {
            file: path,
            error: std::io::Error::other("not UTF-8 text"),
        }),
    }
}

/// The best `top` runs and the best `top` levels of `scores` (ranked as
/// [`parse_scores`] gives them) as two tables, each under its heading
/// ("Runs", "Lessons and levels") and a header, then a line a game (rank,
/// the level, outcome, the runs' deepest depth, turns, seed, when, how);
/// a part with no games is left out. Every field from the file is shown
/// escaped. What `darkstar scores` prints and the title screen shows.
///
/// ```
/// use darkstar::record::scores::{parse_scores, table};
/// let file = "won 0 300 1 2026-01-01T00-00-00Z level:The%20sleeping%20pack escaped\n\
///             died 3 900 7 2026-01-02T00-00-00Z run killed by a jackal on depth 3\n";
/// let lines = table(&parse_scores(file.as_bytes(), "scores.txt".as_ref()).list, 10);
/// assert_eq!(lines[0], "Runs");
/// assert!(lines[2].starts_with("  1  run    died         3"));
/// assert_eq!(lines[4], "Lessons and levels");
/// assert!(lines[6].starts_with("  1  The sleeping pack  won"));
/// ```
pub fn table(scores: &[Score], top: usize) -> Vec<String> {
    let mut lines = Vec::new();
    for runs in [true, false] {
        let part: Vec<&Score> = scores
            .iter()
            .filter(|s| s.is_run() == runs)
            .take(top)
            .collect();
        if part.is_empty() {
            continue;
        }
        if !lines.is_empty() {
            lines.push(String::new());
        }
        let names: Vec<String> = part
            .iter()
            .map(|s| escape_controls(s.level()).into_owned())
            .collect();
        let wide = names
            .iter()
            .map(|n| n.chars().count())
            .max()
            .unwrap_or(0)
            .max(5);
        let depth = if runs { "  depth" } else { "" };
        lines.push(if runs { "Runs" } else { "Lessons and levels" }.to_string());
        lines.push(format!(
            "  #  {:<wide$}  outcome{depth}   turns        seed  when                  how",
            "level"
        ));
        for (i, (s, name)) in part.iter().zip(&names).enumerate() {
            let depth = if runs {
                format!("  {:>5}", s.depth)
            } else {
                String::new()
            };
            lines.push(format!(
                "{:>3}  {name:<wide$}  {:<7}{depth}  {:>6}  {:>10}  {:<20}  {}",
                i + 1,
                if s.won { "won" } else { "died" },
                s.turns,
                s.seed,
                escape_controls(&s.when),
                escape_controls(&s.how)
            ));
        }
    }
    lines
}

/// What adding a score found in the file, besides adding it.
#[derive(Debug, Default)]
pub struct ScoresUpdate {
    /// What could not be read: lines (skipped), or the whole file.
    pub skipped: Vec<ScoresError>,
    /// Where what could not be read was set aside, never overwritten.
    pub set_aside: Option<PathBuf>,
}

/// Adds `score` to the scores beside `save` at `now`, the best
/// [`KEPT_SCORES`] of its part kept, under the scores' lock (so two games ending at
/// once both count). What of the file cannot be read is first set aside
/// in a dated `scores.txt.DATE.bad` (the bad lines, or a file too large
/// to be scores, whole); if that cannot be done, nothing is written.
pub fn add_score(save: &Path, score: &Score, now: SystemTime) -> Result<ScoresUpdate, SaveError> {
    let path = scores_path(save);
    let io = |file: &Path| {
        let file = file.to_path_buf();
        move |cause| SaveError::Io { file, cause }
    };
    make_folder_of(&path).map_err(io(&path))?;
    let _lock = lock(&scores_lock_path(save))?;
    let aside = |n| dated_path(&path, now, n, "bad");
    let mut update = ScoresUpdate::default();
    let mut scores = match read_limited_bytes(&path, MAX_SCORES_BYTES) {
        Ok(bytes) => {
            let (read, bad) = parse_lines(&bytes, &path);
            if !bad.is_empty() {
                let mut kept = format!(
                    "# Lines of {} that could not be read, set aside on {}:\n",
                    escape_path(&path),
                    stamp(now)
                )
                .into_bytes();
                for line in bad {
                    kept.extend_from_slice(line);
                    kept.push(b'\n');
                }
                update.set_aside = Some(write_new(aside, 0, &kept)?);
            }
            update.skipped = read.skipped;
            read.list
        }
        Err(ReadError::Io(e)) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
        Err(ReadError::TooLarge(max)) => {
            let whole = crate::record::save::give_new_name(&path, &aside, 0).map_err(io(&path))?;
            update.skipped.push(ScoresError::TooLarge {
                file: path.clone(),
                max,
            });
            update.set_aside = Some(whole);
            Vec::new()
        }
        Err(ReadError::Io(cause)) => return Err(io(&path)(cause)),
        Err(ReadError::NotUtf8 { .. }) => {
            return Err(io(&path)(std::io::Error::other("not UTF-8 text")));
        }
    };
    keep_best(&mut scores, score.clone());
    let text = scores_text(&scores);
    write_atomically(&path, &text).map_err(io(&path))?;
    Ok(update)
}

/// Adds `score` to `scores` (ranked as [`parse_scores`] gives them), the
/// best [`KEPT_SCORES`] of each part kept: a lesson's wins never push a
/// run out. What [`add_score`] does to the file, and a browser's storage
/// to its copy.
pub fn keep_best(scores: &mut Vec<Score>, score: Score) {
    scores.push(score);
    scores.sort_by_key(Score::rank);
    let mut kept = [0, 0];
    scores.retain(|s| {
        let n = &mut kept[usize::from(s.is_run())];
        *n += 1;
        *n <= KEPT_SCORES
    });
}

/// The text of a scores file holding `scores`: a comment naming the
/// fields, then a line a game, as [`parse_scores`] reads them.
pub fn scores_text(scores: &[Score]) -> String {
    let mut text = String::from(
        "# Darkstar's best games: won|died, depth, turns, seed, when, level (run or level:NAME), how\n",
    );
    for s in scores {
        text += &s.to_line();
        text.push('\n');
    }
    text
}

/// Takes the scores' advisory lock (`lock_file`), waiting for another
/// darkstar's update at most [`SCORES_LOCK_WAIT`]; released when the file
/// returned is dropped (or the process ends, however it ends).
fn lock(lock_file: &Path) -> Result<File, SaveError> {
    let io = |cause| SaveError::Io {
        file: lock_file.to_path_buf(),
        cause,
    };
    let file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(lock_file)
        .map_err(io)?;
    let start = Instant::now();
    loop {
        match file.try_lock() {
            Ok(()) => return Ok(file),
            Err(std::fs::TryLockError::WouldBlock) if start.elapsed() < SCORES_LOCK_WAIT => {
                // Polled rather than waited for, so a holder stopped
                // mid-update (Ctrl-Z) cannot hold this game for ever.
                std::thread::sleep(Duration::from_millis(5));
            }
            Err(std::fs::TryLockError::WouldBlock) => {
                return Err(io(std::io::Error::new(
                    std::io::ErrorKind::WouldBlock,
                    format!(
                        "another darkstar has held it for {} s; the scores were not updated",
                        SCORES_LOCK_WAIT.as_secs()
                    ),
                )));
            }
            Err(std::fs::TryLockError::Error(cause)) => return Err(io(cause)),
        }
    }
}
