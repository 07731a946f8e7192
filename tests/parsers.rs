//! Bad input to the readers and the command line: clear errors naming the
//! file and line, never a panic, never an unbounded allocation.

use std::path::PathBuf;
use std::process::Command;

use darkstar::level::{Level, MAX_LEVEL_BYTES};
use darkstar::movingai::{MAX_MAP_BYTES, MovingAiMap, Scenario};
use darkstar::terrain::AsciiMap;
use proptest::prelude::*;

/// A fresh scratch folder for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("darkstar-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_text_never_panics_the_readers(text in "(?s).{0,400}") {
        let _ = MovingAiMap::parse(&text, "fuzz.map".as_ref());
        let _ = Scenario::parse(&text, "fuzz.map.scen".as_ref());
        let _ = AsciiMap::parse(&text);
        let _ = Level::parse(&text, "fuzz.txt".as_ref());
    }

    /// Near-valid levels: a real header and random grid rows and settings.
    /// Any error names the file, a line that exists and a column.
    #[test]
    fn mangled_levels_give_positioned_errors(
        setting in "(glyph=[a-z#]|sight=[0-9]{1,3}|planner=[a-z]{4,5}|unknown=[0-9]{1,3}|goal=[0-9x]|speed=[0-9]{1,4}|danger=[0-9]{1,3}|knows-map|frob)",
        rows in proptest::collection::vec("[.#=:,~ao0-3x]{0,7}", 0..7),
    ) {
        let text = format!("name: fuzz\nfaction: orcs glyph=o {setting}\nmap:\n{}\n", rows.join("\n"));
        if let Err(e) = Level::parse(&text, "l.txt".as_ref()) {
            let (line, column) = e.position().unwrap();
            prop_assert!(line >= 1 && line <= text.lines().count() + 1, "{}", e);
            prop_assert!(column >= 1, "{}", e);
            prop_assert!(e.to_string().starts_with(&format!("l.txt:{line}:{column}: ")), "{}", e);
        }
    }

    /// Near-valid maps: a real header with random sizes and random rows.
    #[test]
    fn mangled_maps_give_line_numbered_errors(h in 0u32..6, w in 0u32..6, rows in proptest::collection::vec("[.@TSWGOx]{0,7}", 0..8)) {
        let text = format!("type octile\nheight {h}\nwidth {w}\nmap\n{}\n", rows.join("\n"));
        match MovingAiMap::parse(&text, "m.map".as_ref()) {
            Ok(map) => prop_assert_eq!((map.width(), map.height()), (w, h)),
            Err(e) => {
                let line = e.line().unwrap();
                prop_assert!(line >= 1 && line <= text.lines().count() + 1, "{}", e);
                prop_assert!(e.to_string().starts_with("m.map:"), "{}", e);
            }
        }
    }
}

#[test]
fn file_errors_name_the_path_and_line() {
    let dir = scratch("errors");
    let map = dir.join("bad.map");
    std::fs::write(
        &map,
        "type octile\r\nheight 2\r\nwidth 3\r\nmap\r\n...\r\n.?.\r\n",
    )
    .unwrap();
    let err = MovingAiMap::load(&map).unwrap_err().to_string();
    assert_eq!(
        err,
        format!("{}:6: column 2: unknown terrain '?'", map.display())
    );

    let scen = dir.join("bad.map.scen");
    std::fs::write(&scen, "version 1\n0\tbad.map\t3\t2\t0\t0\t1\n").unwrap();
    let err = Scenario::load(&scen).unwrap_err().to_string();
    assert!(
        err.starts_with(&format!("{}:2: expected 9 fields", scen.display())),
        "{err}"
    );

    let missing = dir.join("missing.map");
    let err = MovingAiMap::load(&missing).unwrap_err().to_string();
    assert!(err.starts_with(&missing.display().to_string()), "{err}");

    std::fs::write(&map, [b'.', 0xff, b'\n']).unwrap();
    assert!(
        MovingAiMap::load(&map)
            .unwrap_err()
            .to_string()
            .contains("UTF-8")
    );
}

#[test]
fn oversized_files_are_refused_before_reading_them_whole() {
    let dir = scratch("oversized");
    let map = dir.join("huge.map");
    let file = std::fs::File::create(&map).unwrap();
    file.set_len(MAX_MAP_BYTES + 1).unwrap();
    let err = MovingAiMap::load(&map).unwrap_err().to_string();
    assert!(err.contains("larger than"), "{err}");
}

fn darkstar(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_darkstar"))
        .args(args)
        .output()
        .expect("run darkstar")
}

#[test]
fn scen_command_reports_matches_and_mismatches_by_exit_code() {
    let dir = scratch("cli");
    std::fs::write(
        dir.join("t.map"),
        "type octile\nheight 3\nwidth 4\nmap\n....\n.T..\n....\n",
    )
    .unwrap();
    let good = dir.join("t.map.scen");
    std::fs::write(&good, "version 1\n0\tt.map\t4\t3\t0\t0\t3\t2\t4.41421356\n0\tt.map\t4\t3\t0\t2\t0\t2\t0.00000000\n").unwrap();
    let out = darkstar(&["scen", good.to_str().unwrap()]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(
        stdout.contains("2 problems") && stdout.contains("0 mismatches"),
        "{stdout}"
    );

    let bad = dir.join("wrong.map.scen");
    std::fs::write(&bad, "version 1\n0\tt.map\t4\t3\t0\t0\t3\t2\t3.00000000\n").unwrap();
    let out = darkstar(&[
        "scen",
        bad.to_str().unwrap(),
        "--map",
        dir.join("t.map").to_str().unwrap(),
    ]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.contains("MISMATCH") && stdout.contains(":2:"),
        "{stdout}"
    );
}

#[test]
fn bad_command_lines_are_errors_not_panics() {
    for args in [
        &["scen"][..],
        &["scen", "/nonexistent/x.map.scen"],
        &["scen", "a", "b"],
        &["scen", "a", "--every", "0"],
        &["demo", "--seed"],
        &["demo", "--seed", "x"],
        &["frobnicate"],
        &["run", "--turns", "x"],
        &["run", "--seed", "1", "--level", "levels/dead-end.txt"],
        &["run", "--width", "3"],
        &["run", "--budget", "0"],
        &["run", "--level", "/nonexistent/level.txt"],
        &["run", "--style", "hexagons"],
        &["gen", "--width", "2000"],
        &["gen", "--height", "5"],
        &["gen", "--monsters", "0"],
        &["gen", "--frob"],
        &["replay"],
        &["replay", "--verify", "/nonexistent/x.replay"],
        &["replay", "--verify", "--fast", "x"],
    ] {
        let out = darkstar(args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.starts_with("darkstar: error:"), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
}

#[test]
fn demo_runs_headless() {
    let out = darkstar(&["demo"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success());
    assert!(
        stdout.contains("seed 1:") && stdout.contains('S') && stdout.contains('G'),
        "{stdout}"
    );
}

/// With no arguments `darkstar` plays; without a terminal (as here) that
/// is a clear error naming the terminal, not a panic.
#[test]
fn playing_without_a_terminal_is_a_clear_error() {
    for args in [&[][..], &["play"], &["watch", "--seed", "2"]] {
        let out = darkstar(args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.contains("terminal") && !stderr.contains("panicked"),
            "{stderr}"
        );
    }
    let dead_end = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("levels/dead-end.txt");
    let out = darkstar(&["play", "--level", dead_end.to_str().unwrap()]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("no player"));
}

#[test]
fn level_files_errors_name_file_line_and_column() {
    let dir = scratch("levels");
    let path = dir.join("bad.txt");
    std::fs::write(&path, "name: bad\nfaction: orcs glyph=o\nmap:\n###\n#o?\n").unwrap();
    let err = Level::load(&path).unwrap_err().to_string();
    assert!(
        err.starts_with(&format!("{}:5:3: unknown glyph '?'", path.display())),
        "{err}"
    );
    let out = darkstar(&["run", "--level", path.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr.contains(":5:3:"), "{stderr}");

    std::fs::write(&path, [b'n', 0xff, b'\n']).unwrap();
    assert!(
        Level::load(&path)
            .unwrap_err()
            .to_string()
            .contains(":1:1: not valid UTF-8")
    );
    let huge = std::fs::File::create(&path).unwrap();
    huge.set_len(MAX_LEVEL_BYTES + 1).unwrap();
    assert!(
        Level::load(&path)
            .unwrap_err()
            .to_string()
            .contains("larger than")
    );
}

/// Every level shipped in `levels/` loads and starts.
#[test]
fn shipped_levels_load() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("levels");
    let mut count = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "txt") {
            let level = Level::load(&path).unwrap_or_else(|e| panic!("{e}"));
            darkstar::sim::Game::new(&level, 1, Default::default()).unwrap();
            count += 1;
        }
    }
    assert!(count >= 2);
}

#[test]
fn run_command_prints_a_summary_per_faction() {
    let out = darkstar(&["run", "--seed", "2", "--turns", "3000"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    for word in [
        "dungeon-2",
        "blind",
        "scouts",
        "natives",
        "bumps",
        "replans",
        "expanded",
        "wasted",
        "events: moved",
    ] {
        assert!(stdout.contains(word), "{word} missing: {stdout}");
    }
    let dead_end = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("levels/dead-end.txt");
    let out = darkstar(&[
        "run",
        "--level",
        dead_end.to_str().unwrap(),
        "--turns",
        "100",
    ]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(
        stdout.contains("Dead-end alley") && stdout.contains("reached-goal 1"),
        "{stdout}"
    );
}

/// `darkstar gen` prints a level that loads back as the generator's level,
/// and `run --level` plays it.
#[test]
fn gen_prints_a_loadable_level() {
    let out = darkstar(&[
        "gen", "--seed", "3", "--style", "cave", "--width", "60", "--height", "30",
    ]);
    assert!(out.status.success());
    let dir = scratch("gen");
    let path = dir.join("cave.txt");
    std::fs::write(&path, &out.stdout).unwrap();
    let params = darkstar::mapgen::GenParams {
        style: darkstar::mapgen::Style::Cave,
        width: 60,
        height: 30,
        ..Default::default()
    };
    assert_eq!(
        Level::load(&path).unwrap(),
        darkstar::mapgen::generate(&params, 3)
    );
    let out = darkstar(&["run", "--level", path.to_str().unwrap()]);
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("reached-goal 9"));
}

/// A Moving AI map loads as a level (terrain only) and `run` puts the
/// default factions on it.
#[test]
fn moving_ai_maps_load_as_levels() {
    let dir = scratch("mapaslevel");
    let path = dir.join("room.map");
    std::fs::write(
        &path,
        "type octile\nheight 4\nwidth 6\nmap\n......\n.TT...\n......\n@@@...\n",
    )
    .unwrap();
    let level = Level::load(&path).unwrap();
    assert_eq!((level.terrain.width(), level.terrain.height()), (6, 4));
    assert!(level.factions.is_empty());
    let out = darkstar(&["run", "--level", path.to_str().unwrap(), "--monsters", "1"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(stdout.contains("reached-goal 3"), "{stdout}");
    std::fs::write(&path, "type octile\nheight 4\nwidth 6\nmap\n..?...\n").unwrap();
    let err = Level::load(&path).unwrap_err().to_string();
    assert!(err.starts_with(&format!("{}:5:", path.display())), "{err}");
}

/// `darkstar replay --verify`: 0 in sync, 1 on a desync naming line and
/// turn, 2 on a file that is not a replay.
#[test]
fn replay_verify_reports_by_exit_code() {
    let good =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/replays/deadly-pass.replay");
    let out = darkstar(&["replay", "--verify", good.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("in sync"));
    let dir = scratch("replays");
    let bad = dir.join("bad.replay");
    let text = std::fs::read_to_string(&good).unwrap();
    let line = text.lines().position(|l| l.starts_with("h 30 ")).unwrap() + 1;
    let tampered: String = text
        .lines()
        .map(|l| {
            if l.starts_with("h 30 ") {
                "h 30 0000000000000001".to_string()
            } else {
                l.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    std::fs::write(&bad, tampered).unwrap();
    let out = darkstar(&["replay", "--verify", bad.to_str().unwrap()]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.contains(&format!(":{line}: desync on turn 30")),
        "{stdout}"
    );
    std::fs::write(&bad, "not a replay\n").unwrap();
    let out = darkstar(&["replay", "--verify", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("bad.replay:1:"));
}
