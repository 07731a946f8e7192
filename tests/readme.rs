//! README.md as a newcomer reads it: short (at most 150 lines), and every
//! command in it works. A command that needs no terminal is run here
//! (`darkstar help`, ...) and must succeed; a `cargo` command must be one
//! the CI runs (`.ci/run`); one that opens the game is checked for what it
//! names (each lesson's command names its built-in lesson, in order), and
//! is played on a pseudo-terminal by `tests/title.rs`.

use std::path::Path;

use darkstar::content::lessons::LESSONS;

fn read(name: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(name)).unwrap()
}

/// Every command in `readme`: the lines of its fenced blocks, and its
/// inline code, that start with `cargo `, `darkstar` or
/// `target/release/darkstar`; whitespace made single spaces.
fn commands(readme: &str) -> Vec<String> {
    let is_command = |c: &str| {
        c.starts_with("cargo ")
            || c == "darkstar"
            || c.starts_with("darkstar ")
            || c.starts_with("target/release/darkstar")
    };
    let mut out = Vec::new();
    for (i, block) in readme.split("```").enumerate() {
        let code: Vec<String> = if i % 2 == 1 {
            block.lines().map(str::to_string).collect()
        } else {
            block
                .split('`')
                .skip(1)
                .step_by(2)
                .map(str::to_string)
                .collect()
        };
        for c in code {
            let c = c.split_whitespace().collect::<Vec<_>>().join(" ");
            if is_command(&c) && !out.contains(&c) {
                out.push(c);
            }
        }
    }
    out
}

#[test]
fn the_readme_fits_on_a_few_screens() {
    let lines = read("README.md").lines().count();
    assert!(lines <= 150, "README.md has {lines} lines");
}

#[test]
fn every_command_in_the_readme_works_or_is_run_elsewhere() {
    let readme = read("README.md");
    let ci = read(".ci/run");
    let all = commands(&readme);
    assert!(all.len() >= 10, "commands found: {all:?}");
    let mut lessons = Vec::new();
    for command in &all {
        let words: Vec<&str> = command.split(' ').collect();
        match words.as_slice() {
            // The game itself: played on a pty by tests/title.rs.
            ["darkstar"] | ["target/release/darkstar"] | ["cargo", "run", "--release"] => {}
            ["darkstar", "play", "..."] => {}
            // Watching needs a terminal too: the level it names is there.
            ["darkstar", "watch", "--level", file] => {
                let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
                assert!(path.is_file(), "{command}: no {file}");
            }
            ["darkstar", "play", "--level", file] => {
                let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
                assert!(path.is_file(), "{command}: no {file}");
                lessons.push(file.trim_start_matches("levels/").to_string());
            }
            ["cargo", ..] => assert!(
                ci.lines()
                    .any(|l| l.trim_start().starts_with(command.as_str())),
                "`{command}` is in README.md but .ci/run never runs it"
            ),
            ["darkstar", args @ ..] => {
                let out = crate::common::darkstar_command()
                    .args(args)
                    .output()
                    .unwrap();
                assert!(
                    out.status.success() && !out.stdout.is_empty(),
                    "`{command}`: {:?} {}",
                    out.status,
                    String::from_utf8_lossy(&out.stderr)
                );
            }
            _ => panic!("`{command}`: which kind of command is it?"),
        }
    }
    let built_in: Vec<&str> = LESSONS.iter().map(|l| l.file).collect();
    assert_eq!(lessons, built_in, "every lesson's command, in order");
}
