//! The command line: clap's help and version for every command, errors
//! that name the flag (exit 2, never a panic), paths that are not UTF-8,
//! and output to a closed pipe or a full device.

use std::io::Read;
use std::process::{Command, Stdio};

fn darkstar() -> Command {
    crate::common::darkstar_command()
}

fn run(args: &[&str]) -> std::process::Output {
    darkstar().args(args).output().expect("run darkstar")
}

#[test]
fn every_command_has_help_and_the_version_is_printed() {
    for command in [
        "play", "watch", "replay", "run", "gen", "scen", "sweep", "demo",
    ] {
        for args in [vec![command, "--help"], vec!["help", command]] {
            let out = run(&args);
            let stdout = String::from_utf8_lossy(&out.stdout);
            assert!(out.status.success(), "{args:?}");
            assert!(
                stdout.contains(&format!("Usage: darkstar {command}")),
                "{args:?}: {stdout}"
            );
        }
    }
    let out = run(&["--version"]);
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        format!("darkstar {}", env!("CARGO_PKG_VERSION"))
    );
    let out = run(&["help"]);
    assert!(String::from_utf8_lossy(&out.stdout).contains("Commands:"));
}

#[test]
fn errors_name_the_flag() {
    for (args, flag) in [
        (&["run", "--width", "3"][..], "--width"),
        (&["run", "--budget", "0"], "--budget"),
        (&["gen", "--monsters", "0"], "--monsters"),
        (&["gen", "--style", "hexagons"], "--style"),
        (&["sweep", "--seeds", "9..3"], "--seeds"),
        (&["scen", "x.map.scen", "--every", "0"], "--every"),
        (&["run", "--seed", "1", "--level", "x.txt"], "--level"),
        (&["play", "--resume", "--seed", "3"], "--resume"),
        (&["run", "--frobnicate"], "--frobnicate"),
        (&["run", "--depth", "11"], "--depth"),
        (&["watch", "--depth", "2", "--level", "x.txt"], "--depth"),
        (&["watch", "--speed", "7"], "--speed"),
        (&["watch", "--speed", "fast"], "--speed"),
        (&["replay", "--speed", "0", "x.replay"], "--speed"),
        (
            &["replay", "--verify", "--speed", "300", "x.replay"],
            "--speed",
        ),
    ] {
        let out = run(args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.starts_with("darkstar: error:") && stderr.contains(flag),
            "{args:?}: {stderr}"
        );
    }
}

#[cfg(unix)]
#[test]
fn arguments_that_are_not_utf8_are_errors_not_panics() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    let bad = OsStr::from_bytes(b"/nonexistent/\xff\xfe.txt");
    // A path: taken as it is, and the missing file is the error.
    let out = darkstar()
        .arg("run")
        .arg("--level")
        .arg(bad)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("/nonexistent/"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    // A number: refused by the parser.
    let out = darkstar()
        .arg("run")
        .arg("--seed")
        .arg(bad)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("UTF-8"), "{stderr}");
}

/// `darkstar gen | head`: the reader leaves early; the command ends
/// quietly (no panic, no error) instead of crashing on the closed pipe.
#[test]
fn a_closed_pipe_ends_output_quietly() {
    let mut child = darkstar()
        .args(["gen", "--width", "1024", "--height", "1024"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0u8; 64];
    stdout.read_exact(&mut first).unwrap();
    drop(stdout);
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{:?}: {stderr}", out.status);
    assert!(stderr.is_empty(), "{stderr}");
}

#[cfg(target_os = "linux")]
#[test]
fn a_full_device_is_an_error() {
    let full = std::fs::File::create("/dev/full").unwrap();
    let out = darkstar().args(["gen"]).stdout(full).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.starts_with("darkstar: error: writing to standard output"),
        "{stderr}"
    );
}

/// `darkstar run` prints each faction's think-waits and unit-waits in
/// columns so named, and the budget-limited turns out of turns played with
/// think-waits as a share of monster-turns; a tight budget makes the
/// monsters that plan alone (here the blind, on repeated A*) wait to
/// think, the default does not on this small level; field monsters never
/// do, and their rows count the field updates that were repairs and
/// rebuilds. `sweep` prints the totals.
#[test]
fn run_and_sweep_report_think_waits_and_unit_waits() {
    let line = |stdout: &str, start: &str| -> String {
        stdout
            .lines()
            .find(|l| l.starts_with(start))
            .unwrap_or_else(|| panic!("no line {start:?} in {stdout}"))
            .to_string()
    };
    let numbers = |l: &str| -> Vec<u64> {
        l.split(|c: char| !c.is_ascii_digit())
            .filter(|w| !w.is_empty())
            .map(|w| w.parse().unwrap())
            .collect()
    };
    let dir = crate::common::Scratch::new("cli", "waits");
    let level = dir.join("astar-blind.txt");
    let generated = String::from_utf8(run(&["gen", "--seed", "3"]).stdout).unwrap();
    let text: String = generated
        .lines()
        .map(|l| match l.starts_with("faction: blind") {
            true => l.replace("planner=field", "planner=astar") + "\n",
            false => l.to_string() + "\n",
        })
        .collect();
    assert!(text.contains("planner=astar"));
    std::fs::write(&level, text).unwrap();
    let l = level.to_str().unwrap();
    for (budget, limited) in [("30", true), ("20000", false)] {
        let out = run(&["run", "--level", l, "--turns", "300", "--budget", budget]);
        assert!(out.status.success());
        let stdout = String::from_utf8_lossy(&out.stdout);
        let header = line(&stdout, "faction");
        let columns: Vec<&str> = header.split_whitespace().collect();
        let think = columns
            .iter()
            .position(|&c| c == "think-waits")
            .expect(&header);
        let unit = columns
            .iter()
            .position(|&c| c == "unit-waits")
            .expect(&header);
        let turns = numbers(&line(&stdout, "seed"))[1];
        let budget_line = line(&stdout, "budget-limited turns");
        let n = numbers(&budget_line);
        // budget-limited, turns, think-waits, monster-turns, percent...
        assert_eq!(n[1], turns, "{budget_line}");
        let rows: Vec<Vec<&str>> = stdout
            .lines()
            .skip_while(|l| !l.starts_with("faction"))
            .skip(1)
            .take_while(|l| !l.starts_with("budget-limited"))
            .map(|l| l.split_whitespace().collect())
            .collect();
        assert!(!rows.is_empty());
        let total =
            |col: usize| -> u64 { rows.iter().map(|r| r[col].parse::<u64>().unwrap()).sum() };
        assert_eq!(total(think), n[2], "{stdout}");
        assert!(n[3] >= turns, "{budget_line}");
        assert_eq!((n[0] > 0, total(think) > 0), (limited, limited), "{stdout}");
        // Every unit-waits cell is a number (total panics otherwise).
        total(unit);
        let repairs = columns.iter().position(|&c| c == "repairs").expect(&header);
        let rebuilds = columns
            .iter()
            .position(|&c| c == "rebuilds")
            .expect(&header);
        for row in &rows {
            let field = row[0] != "blind";
            assert_eq!(row[think] == "0", field || !limited, "{stdout}");
            let updates: u64 =
                row[repairs].parse::<u64>().unwrap() + row[rebuilds].parse::<u64>().unwrap();
            assert_eq!(updates > 0, field, "{stdout}");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
    let out = run(&["sweep", "--seeds", "1..3", "--turns", "200"]);
    assert!(out.status.success());
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("think-waits"), "{stdout}");
    assert!(stdout.contains("unit-waits"), "{stdout}");
    assert!(stdout.contains("budget-limited turns"), "{stdout}");
    assert!(
        String::from_utf8_lossy(&out.stderr).is_empty(),
        "a bar on a pipe"
    );
}

/// `replay --eyes` needs a played game: a watched game's replay is refused
/// by name (before any terminal is needed); `--eyes` with `--verify` is a
/// usage error.
#[test]
fn replay_eyes_needs_a_played_game() {
    let watched = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/replays/deadly-pass.replay"
    );
    let out = run(&["replay", "--eyes", watched]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("--eyes needs a played game, and this replay has no player"),
        "{stderr}"
    );
    let played = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/replays/play-seed7.replay"
    );
    let out = run(&["replay", "--eyes", played]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("needs a terminal"), "{stderr}");
    let out = run(&["replay", "--eyes", "--verify", played]);
    assert_eq!(out.status.code(), Some(2));
}

/// `--depth N` plays a depth of the dungeon for the seed: the bestiary's
/// kinds living there, each its own faction, fighting one another when
/// watched or run without the player.
#[test]
fn run_plays_a_depth_peopled_from_the_bestiary() {
    let out = run(&["run", "--depth", "4", "--seed", "2", "--turns", "60"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(
        stdout.starts_with("depth-4 (80x40): Depth 4 of the dungeon of seed 2:"),
        "{stdout}"
    );
    let bestiary = darkstar::content::bestiary::Bestiary::builtin();
    let level = darkstar::content::generator::depth_level(2, 4, &bestiary);
    for f in &level.factions {
        assert!(
            stdout.contains(&format!("\n{}", f.name)),
            "{} in {stdout}",
            f.name
        );
    }
    assert!(stdout.contains("seed 2, 60 turns"), "{stdout}");
}

/// `darkstar bot` prints the difficulty table's numbers for its seeds.
#[test]
fn bot_prints_wins_depths_and_deaths() {
    let out = run(&["bot", "--seeds", "1..2", "--turns", "2000"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    for line in [
        "bot (brawler) over seeds 1..2: 2 runs",
        "won ",
        "median depth reached",
        "median run",
        "deaths by kind:",
    ] {
        assert!(stdout.contains(line), "{line} in {stdout}");
    }
}

/// `watch --speed` and `replay --speed` open at a speed setting, named by
/// its turns a second or `max`: the help lists them, and a good one gets
/// past the command line (to the terminal it needs); a bad one is refused
/// naming the flag and the settings (`errors_name_the_flag`).
#[test]
fn watch_and_replay_open_at_a_speed_given() {
    for command in ["watch", "replay"] {
        let out = run(&[command, "--help"]);
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            stdout.contains("--speed <N>") && stdout.contains("300, 1000, max"),
            "{stdout}"
        );
    }
    let played = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/replays/play-seed7.replay"
    );
    for args in [
        &["watch", "--speed", "max"][..],
        &["watch", "--speed", "1000", "--seed", "3"],
        &["replay", "--speed", "300", played],
    ] {
        let out = run(args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains("needs a terminal"), "{args:?}: {stderr}");
    }
    let out = run(&["watch", "--speed", "7"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("1, 2, 5, 10, 20, 50, 100, 300, 1000, max"),
        "{stderr}"
    );
}
