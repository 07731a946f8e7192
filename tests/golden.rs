//! Golden files: text a test makes (a screen, a digest of games, hashes),
//! compared with a file committed beside the tests. After a change meant
//! to move it, `DARKSTAR_UPDATE_GOLDEN=1 cargo test --release NAME`
//! rewrites the files of the tests it runs and fails them on purpose
//! ("rewrote FILE: review the diff and commit it"), so a rewrite never
//! passes unnoticed; `git diff` is the review.

use std::path::Path;

/// The variable that asks for golden files to be rewritten.
pub const UPDATE: &str = "DARKSTAR_UPDATE_GOLDEN";

/// `now` is what `file` (a path from the repository's root) holds, but for
/// white space at the end. Says which lines differ, as many as
/// fit in a screen, and how to rewrite it.
pub fn check(file: &str, now: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
    let now = now.trim_end();
    if std::env::var_os(UPDATE).is_some() {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).unwrap();
        }
        std::fs::write(&path, format!("{now}\n")).unwrap();
        panic!("rewrote {file}: review the diff and commit it");
    }
    let was = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!("{file}: {e}; write it with `{UPDATE}=1 cargo test --release` and the test's name")
    });
    let was = was.trim_end();
    if now == was {
        return;
    }
    let (now_lines, was_lines): (Vec<&str>, Vec<&str>) =
        (now.lines().collect(), was.lines().collect());
    let differ: Vec<usize> = (0..now_lines.len().max(was_lines.len()))
        .filter(|&i| now_lines.get(i) != was_lines.get(i))
        .collect();
    let shown: String = differ
        .iter()
        .take(12)
        .map(|&i| {
            let line = |l: Option<&&str>| l.map_or("(none)".to_string(), |l| format!("{l:?}"));
            format!(
                "line {}\n  now {}\n  was {}\n",
                i + 1,
                line(now_lines.get(i)),
                line(was_lines.get(i))
            )
        })
        .collect();
    panic!(
        "{file}: {} of {} lines differ ({} now, {} committed):\n{shown}\
         If that is meant, rerun the test with {UPDATE}=1 and commit {file}.",
        differ.len(),
        now_lines.len().max(was_lines.len()),
        now_lines.len(),
        was_lines.len(),
    );
}

/// The test's own golden file under `tests/snapshots/`, named after the
/// test (`ui::play::snapshot_play` is
/// `tests/snapshots/ui__play__snapshot_play.txt`), or after its module and
/// a name given first when a test keeps more than one.
macro_rules! snapshot {
    ($text:expr) => {{
        fn here() {}
        $crate::golden::check(
            &$crate::golden::snapshot_file(std::any::type_name_of_val(&here), None),
            &$text,
        )
    }};
    ($name:literal, $text:expr) => {{
        fn here() {}
        $crate::golden::check(
            &$crate::golden::snapshot_file(std::any::type_name_of_val(&here), Some($name)),
            &$text,
        )
    }};
}
pub(crate) use snapshot;

/// The file of a snapshot taken in the function whose inner item is
/// `here` (`main::ui::play::snapshot_play::here`), named `name` if given.
pub fn snapshot_file(here: &str, name: Option<&str>) -> String {
    let test = here.strip_suffix("::here").unwrap_or(here);
    let test = test.strip_prefix("main::").unwrap_or(test);
    let stem = match name {
        Some(name) => format!(
            "{}::{name}",
            test.rsplit_once("::").map_or("", |(module, _)| module)
        ),
        None => test.to_string(),
    };
    format!("tests/snapshots/{}.txt", stem.replace("::", "__"))
}
