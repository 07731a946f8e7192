//! Bad input to the readers and the command line: clear errors naming the
//! file and line, never a panic, never an unbounded allocation.

use darkstar::content::level::{Level, MAX_LEVEL_BYTES};
use darkstar::content::movingai::{MAX_MAP_BYTES, MovingAiMap, Scenario};
use darkstar::map::terrain::AsciiMap;
use proptest::prelude::*;

use crate::checked::Checked;

/// A fresh scratch folder for one test.
fn scratch(name: &str) -> crate::common::Scratch {
    crate::common::Scratch::new("test", name)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_text_never_panics_the_readers(text in "(?s).{0,400}") {
        let _ = MovingAiMap::parse(&text, "fuzz.map".as_ref());
        let _ = Scenario::parse(&text, "fuzz.map.scen".as_ref());
        let _ = AsciiMap::parse(&text);
        let _ = Level::parse(&text, "fuzz.txt".as_ref());
        let _ = darkstar::content::items::ItemBook::parse(&text, "fuzz.txt".as_ref());
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

/// Near-valid levels: a real header and random grid rows and settings.
/// Any error names the file, a line that exists and a column. A level
/// that reads has no error to check: the run counts the errors checked,
/// at least one in two cases.
#[test]
fn mangled_levels_give_positioned_errors() {
    let config = ProptestConfig::with_cases(2000);
    let errors = Checked::new("errors", &config);
    proptest!(config, |(
        setting in "(glyph=[a-z#]|sight=[0-9]{1,3}|planner=[a-z]{4,5}|unknown=[0-9]{1,3}|goal=[0-9x]|speed=[0-9]{1,4}|danger=[0-9]{1,3}|knows-map|frob)",
        rows in proptest::collection::vec("[.#=:,~ao0-3x]{0,7}", 0..7),
    )| {
        let text = format!("name: fuzz\nfaction: orcs glyph=o {setting}\nmap:\n{}\n", rows.join("\n"));
        if let Err(e) = Level::parse(&text, "l.txt".as_ref()) {
            let (line, column) = e.position().unwrap();
            prop_assert!(line >= 1 && line <= text.lines().count() + 1, "{}", e);
            prop_assert!(column >= 1, "{}", e);
            prop_assert!(e.to_string().starts_with(&format!("l.txt:{line}:{column}: ")), "{}", e);
            errors.add(1);
        }
    });
    errors.at_least(0.5);
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
    crate::common::darkstar_command()
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
    let params = darkstar::content::generator::GenParams {
        style: darkstar::content::generator::Style::Cave,
        width: 60,
        height: 30,
        ..Default::default()
    };
    assert_eq!(
        Level::load(&path).unwrap(),
        darkstar::content::generator::generate(&params, 3)
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

// Error messages: each says what is wrong once, names the file, and shows
// text from files with control characters escaped.

/// The message an error prints with its chain of sources, as the binary
/// prints it (anyhow's `{:#}`): each thing must appear in it once.
fn chain(e: &dyn std::error::Error) -> String {
    let mut text = e.to_string();
    let mut source = e.source();
    while let Some(s) = source {
        text.push_str(&format!(": {s}"));
        source = s.source();
    }
    text
}

#[test]
fn every_os_error_appears_once_with_the_file_once() {
    let dir = scratch("oserrors");
    let missing = dir.join("missing.txt");
    let os = std::io::Error::from(std::io::ErrorKind::NotFound).kind();
    let os_text = std::fs::read(&missing).unwrap_err().to_string();
    let file = missing.display().to_string();
    let level = Level::load(&missing).unwrap_err();
    assert_eq!(level.io_error().map(|e| e.kind()), Some(os));
    let map = MovingAiMap::load(&missing).unwrap_err();
    assert_eq!(map.io_error().map(|e| e.kind()), Some(os));
    let scen = Scenario::load(&missing).unwrap_err();
    for text in [chain(&level), chain(&map), chain(&scen)] {
        assert_eq!(text, format!("{file}: {os_text}"));
    }
    for args in [
        ["run", "--level", missing.to_str().unwrap()],
        ["scen", missing.to_str().unwrap(), "-v"],
    ] {
        let out = darkstar(&args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert_eq!(stderr.matches(&os_text).count(), 1, "{stderr}");
        assert_eq!(stderr.matches(&file).count(), 1, "{stderr}");
    }
}

#[test]
fn a_scenario_without_a_map_names_what_is_missing() {
    let dir = scratch("nomap");
    let empty = dir.join("empty.map.scen");
    std::fs::write(&empty, "").unwrap();
    let err = Scenario::load(&empty).unwrap_err().to_string();
    assert_eq!(
        err,
        format!(
            "{}:1: the file is empty: a scenario starts with 'version 1'",
            empty.display()
        )
    );

    // No problems, so no map is named, and empty.map is not there.
    std::fs::write(&empty, "version 1\n").unwrap();
    let scenario = Scenario::load(&empty).unwrap();
    let err = darkstar::content::movingai::locate_map(&empty, &scenario)
        .unwrap_err()
        .to_string();
    let beside = dir.join("empty.map").display().to_string();
    assert!(err.starts_with(&format!("{}: ", empty.display())), "{err}");
    assert!(err.contains(&format!("no file {beside} ")), "{err}");
    assert!(err.contains("names no map"), "{err}");
    let out = darkstar(&["scen", empty.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains(&beside) && stderr.contains("names no map"),
        "{stderr}"
    );

    // A named map that is not there either: both places are named.
    let named = dir.join("named.map.scen");
    std::fs::write(
        &named,
        "version 1\n0\tmaps/dao/zz.map\t3\t3\t0\t0\t1\t1\t1.0\n",
    )
    .unwrap();
    let scenario = Scenario::load(&named).unwrap();
    let err = darkstar::content::movingai::locate_map(&named, &scenario)
        .unwrap_err()
        .to_string();
    assert!(
        err.contains(&dir.join("named.map").display().to_string())
            && err.contains(&format!(
                "{} (named on line 2)",
                dir.join("zz.map").display()
            )),
        "{err}"
    );
    // Once it exists, it is found.
    std::fs::write(
        dir.join("zz.map"),
        "type octile\nheight 3\nwidth 3\nmap\n...\n...\n...\n",
    )
    .unwrap();
    assert_eq!(
        darkstar::content::movingai::locate_map(&named, &scenario).unwrap(),
        dir.join("zz.map")
    );
}

#[test]
fn a_map_without_floor_is_refused_not_populated() {
    let dir = scratch("nofloor");
    let cases = [
        ("wall.txt", "name: wall\nmap:\n#\n"),
        ("wall.map", "type octile\nheight 1\nwidth 1\nmap\n@\n"),
        ("trees.map", "type octile\nheight 2\nwidth 2\nmap\nTT\nWW\n"),
    ];
    // The line named is the map's own (`map:`, or a Moving AI map's `map`).
    for ((name, text), line) in cases.into_iter().zip([2, 4, 4]) {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        let err = Level::load_populated(&path, 1, 3).unwrap_err();
        assert_eq!(
            err.to_string(),
            format!(
                "{}:{line}:1: the map has no floor cell to place monsters on",
                path.display()
            )
        );
        assert_eq!(err.position(), Some((line, 1)));
    }
    let path = dir.join("wall.txt");
    let out = darkstar(&["run", "--level", path.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert_eq!(
        stderr,
        format!(
            "darkstar: error: {}:2:1: the map has no floor cell to place monsters on\n",
            path.display()
        )
    );
    // A bare grid with no header is not a level: the file and line are
    // named, and why the grid was not seen.
    let bare = dir.join("bare.txt");
    std::fs::write(&bare, "#\n").unwrap();
    let err = Level::load_populated(&bare, 1, 3).unwrap_err().to_string();
    assert!(
        err.starts_with(&format!("{}:1:1: no `map:` line", bare.display()))
            && err.contains("comments"),
        "{err}"
    );
    std::fs::write(&bare, "...\n.@.\n").unwrap();
    let err = Level::load_populated(&bare, 1, 3).unwrap_err().to_string();
    assert!(
        err.starts_with(&format!("{}:1:1: ", bare.display())) && err.contains("a grid row?"),
        "{err}"
    );
    // One floor cell is enough.
    let one = dir.join("one.map");
    std::fs::write(&one, "type octile\nheight 1\nwidth 2\nmap\nT.\n").unwrap();
    let level = Level::load_populated(&one, 1, 3).unwrap();
    assert_eq!(level.factions.len(), 3);
}

#[test]
fn a_level_to_play_without_factions_says_so() {
    let dir = scratch("nofactions");
    let path = dir.join("player.txt");
    for (mark, what) in [
        ('@', "a player (@)"),
        ('$', "a treasure ($)"),
        ('>', "stairs (>)"),
    ] {
        // The mark's own line and column (a comment and a blank line
        // before `map:` move it).
        std::fs::write(
            &path,
            format!("name: p\n# a comment\n\nmap:\n#####\n#.{mark}.#\n#####\n"),
        )
        .unwrap();
        let err = Level::load_populated(&path, 1, 3).unwrap_err().to_string();
        assert!(
            err.starts_with(&format!(
                "{}:6:3: the level marks {what} but declares no factions",
                path.display()
            )),
            "{err}"
        );
    }
    std::fs::write(&path, "name: p\nmap:\n#####\n#.@.#\n#####\n").unwrap();
    let out = darkstar(&["run", "--level", path.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("a player (@) but declares no factions") && !stderr.contains("blind"),
        "{stderr}"
    );
    // With a faction it is a level as written, player and all.
    std::fs::write(
        &path,
        "name: p\nfaction: o glyph=o\nmap:\n#####\n#o@.#\n#####\n",
    )
    .unwrap();
    let level = Level::load_populated(&path, 1, 3).unwrap();
    assert_eq!(level, Level::load(&path).unwrap());
}

#[test]
fn a_byte_order_mark_is_accepted() {
    let dir = scratch("bom");
    let map = dir.join("bom.map");
    std::fs::write(&map, "\u{feff}type octile\nheight 1\nwidth 2\nmap\n..\n").unwrap();
    assert_eq!(MovingAiMap::load(&map).unwrap().width(), 2);
    assert_eq!(Level::load(&map).unwrap().terrain.width(), 2);
    let level = dir.join("bom.txt");
    std::fs::write(&level, "\u{feff}name: b\nmap:\n..\n").unwrap();
    assert_eq!(Level::load(&level).unwrap().name, "b");
    let scen = dir.join("bom.map.scen");
    std::fs::write(
        &scen,
        "\u{feff}version 1\n0\tbom.map\t2\t1\t0\t0\t1\t0\t1.0\n",
    )
    .unwrap();
    assert_eq!(Scenario::load(&scen).unwrap().problems.len(), 1);
    // Text handed to the parsers directly too.
    let text = "\u{feff}type octile\nheight 1\nwidth 1\nmap\n.\n";
    assert!(MovingAiMap::parse(text, "t.map".as_ref()).is_ok());
}

#[test]
fn a_map_with_too_few_rows_says_so() {
    for (rows, tail, line, found) in [
        (".\n", "", 6, "only 1 row"),
        (".\n", "\n\n", 6, "only 1 row"),
        (".\n.", "", 7, "only 2 rows"),
        ("", "", 5, "only 0 rows"),
    ] {
        let text = format!("type octile\nheight 3\nwidth 1\nmap\n{rows}{tail}");
        let err = MovingAiMap::parse(&text, "m.map".as_ref()).unwrap_err();
        assert_eq!(
            err.to_string(),
            format!("m.map:{line}: the header says height 3 but the file has {found}"),
            "{text:?}"
        );
    }
    // A blank row inside the map is a row of the wrong width.
    let err = MovingAiMap::parse(
        "type octile\nheight 3\nwidth 1\nmap\n.\n\n.\n",
        "m.map".as_ref(),
    )
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "m.map:6: row has 0 cells, expected the width 1"
    );
}

#[test]
fn scenario_numbers_are_printed_as_written() {
    let problem = |fields: &str| {
        let text = format!("version 1\n0\tm.map\t{fields}\t1.0\n");
        Scenario::parse(&text, "s.map.scen".as_ref())
            .unwrap_err()
            .to_string()
    };
    for (fields, message) in [
        ("3\t3\t2147483648\t0\t1\t1", "start (2147483648, 0)"),
        ("3\t3\t0\t4294967296\t1\t1", "start (0, 4294967296)"),
        (
            "3\t3\t0\t0\t1\t99999999999999999999999",
            "goal (1, 99999999999999999999999)",
        ),
        ("3\t3\t0\t0\t4294967295\t1", "goal (4294967295, 1)"),
    ] {
        assert_eq!(
            problem(fields),
            format!("s.map.scen:2: {message} is outside the 3x3 map")
        );
    }
    assert_eq!(
        problem("3\t4294967296\t0\t0\t1\t1"),
        "s.map.scen:2: map size 3x4294967296 is outside 1..=4096"
    );
    assert_eq!(
        problem("3\t3\t0\t-1\t1\t1"),
        "s.map.scen:2: start y \"-1\" is not a whole number"
    );
    let dir = scratch("bigcoords");
    let scen = dir.join("big.map.scen");
    std::fs::write(
        &scen,
        "version 1\n0\tbig.map\t3\t3\t2147483648\t0\t1\t1\t1.0\n",
    )
    .unwrap();
    let out = darkstar(&["scen", scen.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains(":2: start (2147483648, 0) is outside"),
        "{stderr}"
    );
}

/// True when `text` holds a character a terminal would act on rather than
/// show: a control character or a bidirectional override.
fn has_controls(text: &str) -> bool {
    text.chars()
        .any(darkstar::content::textfile::acts_on_terminal)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, ..ProptestConfig::default() })]

    /// Names, descriptions and faction names with any control characters
    /// load, with the controls made visible: nothing a level shows can
    /// reach a terminal raw, and the level still round-trips.
    #[test]
    fn control_characters_in_level_text_are_escaped(
        name in "[a-zé \\x00-\\x09\\x0B-\\x1F\\x7F-\\x{9F}\\x{202A}-\\x{202E}\\x{2066}-\\x{2069}]{0,16}",
        description in "[a-zé \\x00-\\x09\\x0B-\\x1F\\x7F-\\x{9F}\\x{200E}\\x{200F}\\x{61C}]{0,16}",
        faction in "[a-zé\\x00-\\x08\\x0E-\\x1F\\x7F-\\x84\\x86-\\x{9F}\\x{202E}]{1,8}",
    ) {
        let text = format!("name: {name}\ndescription: {description}\nfaction: {faction} glyph=o\nmap:\n.o\n");
        let level = Level::parse(&text, "l.txt".as_ref()).unwrap();
        prop_assert_eq!(&level.name, &darkstar::content::textfile::escape_controls(name.trim()));
        prop_assert_eq!(&level.factions[0].name, &darkstar::content::textfile::escape_controls(&faction));
        for shown in [&level.name, &level.description, &level.factions[0].name] {
            prop_assert!(!has_controls(shown), "{:?}", shown);
        }
        prop_assert_eq!(Level::parse(&level.to_text(), "again".as_ref()).unwrap(), level);
    }
}

/// Whatever the text (and the file's name), an error shows no raw
/// control character. Text that reads has no error to check: the run
/// counts the errors checked, at least two a case (six readings are
/// made of each text, and most are refused).
#[test]
fn errors_never_show_raw_control_characters() {
    let config = ProptestConfig::with_cases(500);
    let checked = Checked::new("errors", &config);
    proptest!(config, |(
        text in "(?s)[\\x00-\\x{9F}\\x{202E}\\x{2066}]{0,80}",
        file in "[a-z\\x00-\\x1F\\x7F-\\x{9F}\\x{202E}]{1,8}",
    )| {
        let level = format!("name: n\nfaction: {text}\nmap:\n{text}\n");
        let errors = [
            Level::parse(&text, file.as_ref()).err().map(|e| e.to_string()),
            Level::parse(&level, file.as_ref()).err().map(|e| e.to_string()),
            MovingAiMap::parse(&text, file.as_ref()).err().map(|e| e.to_string()),
            MovingAiMap::parse(&format!("type octile\nheight 1\nwidth 2\nmap\n{text}"), file.as_ref())
                .err()
                .map(|e| e.to_string()),
            Scenario::parse(&text, file.as_ref()).err().map(|e| e.to_string()),
            Scenario::parse(&format!("version 1\n{text}"), file.as_ref()).err().map(|e| e.to_string()),
        ];
        for e in errors.into_iter().flatten() {
            prop_assert!(!has_controls(&e), "{:?}", e);
            checked.add(1);
        }
    });
    checked.at_least(2.0);
}

/// A level named to retitle the terminal and hide the cursor prints its
/// name, description and factions as visible escapes.
#[test]
fn run_prints_no_control_characters_from_a_level() {
    let dir = scratch("controls");
    let path = dir.join("evil.txt");
    std::fs::write(
        &path,
        "name: evil\u{1b}]2;pwned\u{7}\u{1b}[?25l\ndescription: d\u{9b}31m\u{7f}\n\
         faction: o\u{1b}x glyph=o goal=1\nmap:\n####\n#o1#\n####\n",
    )
    .unwrap();
    let out = darkstar(&["run", "--level", path.to_str().unwrap()]);
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{stdout}");
    assert!(!has_controls(&stdout.replace('\n', "")), "{stdout:?}");
    assert!(
        stdout.starts_with(r"evil\u{1b}]2;pwned\u{7}\u{1b}[?25l (4x3): d\u{9b}31m\u{7f}"),
        "{stdout}"
    );
    assert!(stdout.contains(r"o\u{1b}x "), "{stdout}");

    // A scenario naming a map with control characters: the error escapes it.
    let scen = dir.join("evil.scen");
    std::fs::write(
        &scen,
        "version 1\n0\tx\u{1b}]2;t\u{7}.map\t3\t3\t0\t0\t1\t1\t1.0\n",
    )
    .unwrap();
    let out = darkstar(&["scen", scen.to_str().unwrap()]);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(!has_controls(&stderr.replace('\n', "")), "{stderr:?}");
    assert!(stderr.contains(r"x\u{1b}]2;t\u{7}.map"), "{stderr}");
}

/// However long the line, an error echoes a short excerpt of it.
#[test]
fn errors_echo_at_most_a_short_excerpt() {
    let long = "7".repeat(100_000);
    let texts = [
        format!("name: x\n{long}\n"),
        format!("name: x\n{long}: y\n"),
        format!("name: x\nfaction: o glyph=o sight={long}\nmap:\n.\n"),
        format!("name: x\nfaction: o glyph=o {long}\nmap:\n.\n"),
        format!("name: x\nfaction: o{long} glyph=o goal=1\nmap:\n.\n"),
    ];
    for text in texts {
        let err = Level::parse(&text, "l.txt".as_ref())
            .unwrap_err()
            .to_string();
        assert!(err.len() < 300, "{} bytes: {}", err.len(), &err[..300]);
        assert!(err.contains(&long[..60]) && err.contains("7..."), "{err}");
    }
    for fields in [
        format!("0\tm\t3\t3\t{long}\t0\t1\t1\t1.0"),
        format!("0\tm\t3\t{long}\t0\t0\t1\t1\t1.0"),
        format!("{long}\tm\t3\t3\t0\t0\t1\t1\t1.0"),
        format!("0\tm\t3\t3\t0\t0\t1\t1\t{long}x"),
    ] {
        let err = Scenario::parse(&format!("version 1\n{fields}\n"), "s.scen".as_ref())
            .unwrap_err()
            .to_string();
        assert!(err.len() < 300, "{} bytes: {}", err.len(), &err[..300]);
        assert!(err.contains(&format!("{}...", &long[..64])), "{err}");
    }
}

// ---- The last leaks: FIFOs, help to a full device, flags that
// ---- would do nothing, whole-file errors with a line, paths from the
// ---- environment and bidirectional overrides.

/// Runs `darkstar ARGS` and gives up (failing) if it has not ended within
/// ten seconds: what a command blocked for ever on an open looks like.
fn darkstar_within_seconds(args: &[&std::ffi::OsStr]) -> std::process::Output {
    use std::process::Stdio;
    let mut child = crate::common::darkstar_command()
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run darkstar");
    let start = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > std::time::Duration::from_secs(10) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("darkstar {args:?} still running after 10 s (blocked in open?)");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

#[cfg(unix)]
fn mkfifo(path: &std::path::Path) {
    use std::os::unix::ffi::OsStrExt;
    let c = std::ffi::CString::new(path.as_os_str().as_bytes()).unwrap();
    // SAFETY: a plain libc call with a NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
}

/// A FIFO nobody writes to blocked `run --level`, `replay --verify` and
/// `scen` in open for ever. Now each ends at once, exit 2, naming it; a
/// pipe that does have a writer is still read (`--level <(darkstar gen)`).
#[cfg(unix)]
#[test]
fn a_fifo_with_no_writer_is_an_error_not_a_hang() {
    let dir = scratch("fifo");
    let fifo = dir.join("level.map.scen");
    mkfifo(&fifo);
    let f = fifo.as_os_str();
    for args in [
        vec!["run".as_ref(), "--level".as_ref(), f],
        vec!["replay".as_ref(), "--verify".as_ref(), f],
        vec!["scen".as_ref(), f],
        vec!["watch".as_ref(), "--level".as_ref(), f],
    ] {
        let out = darkstar_within_seconds(&args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.starts_with("darkstar: error: ")
                && stderr.contains(fifo.to_str().unwrap())
                && stderr.contains("not a regular file"),
            "{args:?}: {stderr}"
        );
    }
    // A pipe with something in it is read like a file: what the shell's
    // `--level <(darkstar gen)` hands over (here the writer has written
    // and gone).
    let level = b"name: piped\nfaction: o glyph=o goal=1\nmap:\n#####\n#o.1#\n#####\n";
    let mut fds = [0; 2];
    // SAFETY: a pipe of our own; the write fits in its buffer.
    unsafe {
        assert_eq!(libc::pipe(fds.as_mut_ptr()), 0);
        assert_eq!(
            libc::write(fds[1], level.as_ptr().cast(), level.len()),
            level.len() as isize
        );
        libc::close(fds[1]);
    }
    let read = Level::load(format!("/dev/fd/{}", fds[0]).as_ref());
    // SAFETY: closing the read end we opened.
    unsafe { libc::close(fds[0]) };
    assert_eq!(read.unwrap().name, "piped");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Help and the version are output like any other: to a full device they
/// fail (exit 2, saying so), where they used to exit 0 having written
/// nothing.
#[cfg(target_os = "linux")]
#[test]
fn help_to_a_full_device_is_an_error() {
    for args in [
        &["help"][..],
        &["--help"],
        &["help", "run"],
        &["run", "--help"],
        &["-V"],
        &["--version"],
    ] {
        let full = std::fs::File::create("/dev/full").unwrap();
        let out = crate::common::darkstar_command()
            .args(args)
            .stdout(full)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.starts_with("darkstar: error: writing to standard output"),
            "{args:?}: {stderr}"
        );
    }
}

/// A generator flag beside `--level` would be ignored: it is an error
/// naming both. `--monsters` places the default factions on a bare map,
/// so it is taken with a Moving AI map and refused with a level that has
/// factions of its own. `--resume` takes no game settings either.
#[test]
fn flags_that_would_do_nothing_are_errors() {
    let dir = scratch("idle-flags");
    let level = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("levels/dead-end.txt");
    let l = level.to_str().unwrap();
    for (flag, value) in [("--width", "100"), ("--height", "40"), ("--style", "cave")] {
        for command in ["run", "watch", "play"] {
            let out = darkstar(&[command, "--level", l, flag, value]);
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{command} {flag}: {stderr}");
            assert!(
                stderr.starts_with("darkstar: error: ")
                    && stderr.contains("--level")
                    && stderr.contains(flag),
                "{command} {flag}: {stderr}"
            );
        }
        let out = darkstar(&["play", "--resume", flag, value]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "--resume {flag}: {stderr}");
        assert!(
            stderr.contains("--resume") && stderr.contains(flag),
            "{stderr}"
        );
    }
    let out = darkstar(&["run", "--level", l, "--monsters", "5"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("--monsters") && stderr.contains("dead-end.txt"),
        "{stderr}"
    );
    let map = dir.join("open.map");
    std::fs::write(
        &map,
        "type octile\nheight 3\nwidth 8\nmap\n........\n........\n........\n",
    )
    .unwrap();
    let out = darkstar(&[
        "run",
        "--level",
        map.to_str().unwrap(),
        "--monsters",
        "2",
        "--turns",
        "3",
    ]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("blind"), "{stdout}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A save path from the environment is shown escaped, like text from a
/// level: it cannot retitle the terminal through an error message.
#[test]
fn a_path_from_the_environment_reaches_the_terminal_escaped() {
    let dir = scratch("env-path");
    let save = dir.join("t\u{1b}]2;PWNED\u{7}\u{202e}/save.replay");
    let out = crate::common::darkstar_command()
        .args(["play", "--resume"])
        .env("DARKSTAR_SAVE", &save)
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("no saved game at"), "{stderr}");
    assert!(!has_controls(&stderr.replace('\n', "")), "{stderr:?}");
    assert!(
        stderr.contains(r"t\u{1b}]2;PWNED\u{7}\u{202e}/save.replay"),
        "{stderr}"
    );
    // And the same from the library's own messages.
    let err = darkstar::record::save::SaveError::Missing(save).to_string();
    assert!(!has_controls(&err), "{err:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A right-to-left override in a level's name would make the rest of any
/// line that shows it read backwards: escaped, like control characters.
#[test]
fn bidirectional_overrides_in_level_text_are_escaped() {
    let text = "name: exit\u{202e}txt.exe\ndescription: a\u{2066}b\u{2069}\nfaction: o\u{200f} glyph=o goal=1\nmap:\n#####\n#o.1#\n#####\n";
    let level = Level::parse(text, "l.txt".as_ref()).unwrap();
    assert_eq!(level.name, r"exit\u{202e}txt.exe");
    assert_eq!(level.description, r"a\u{2066}b\u{2069}");
    assert_eq!(level.factions[0].name, r"o\u{200f}");
    let err = Level::parse("name: x\nmap:\n\u{202e}\n", "l\u{202e}.txt".as_ref())
        .unwrap_err()
        .to_string();
    assert!(!has_controls(&err), "{err:?}");
}

/// A damage bonus is refused outside -100..=100 wherever dice are read,
/// with the file, line and column of the value: `-2147483648` too, whose
/// absolute value does not fit an `i32` (it wrapped to itself and passed,
/// then overflowed the mean).
#[test]
fn a_damage_bonus_past_the_limit_is_refused_with_its_place() {
    use darkstar::content::bestiary::Bestiary;
    for bonus in ["-2147483648", "-2147483647", "+2147483648", "-101", "+101"] {
        let text = format!("name: bad\nfaction: orcs glyph=o damage=1d4{bonus}\nmap:\n#o#\n");
        let err = Level::parse(&text, "l.txt".as_ref())
            .unwrap_err()
            .to_string();
        assert!(err.starts_with("l.txt:2:23: damage: "), "{bonus}: {err}");
        assert!(err.contains(&format!("1d4{bonus}")), "{bonus}: {err}");

        let builtin = include_str!("../data/bestiary.txt");
        let first = builtin.find("damage: ").unwrap();
        let line = builtin[..first].lines().count() + 1;
        let end = first + builtin[first..].find('\n').unwrap();
        let text = format!("{}damage: 1d4{bonus}{}", &builtin[..first], &builtin[end..]);
        let err = Bestiary::parse(&text, "b.txt".as_ref())
            .unwrap_err()
            .to_string();
        assert!(
            err.starts_with(&format!("b.txt:{line}:9: damage: ")),
            "{bonus}: {err}"
        );
    }
    for (bonus, expect) in [
        ("-2147483648", "a bonus from -100 to +100"),
        ("-101", "a bonus from -100 to +100"),
    ] {
        let text = format!("name: bad\nfaction: orcs glyph=o damage=1d4{bonus}\nmap:\n#o#\n");
        let err = Level::parse(&text, "l.txt".as_ref())
            .unwrap_err()
            .to_string();
        assert!(err.contains(expect), "{bonus}: {err}");
    }
    for bonus in ["-100", "+100"] {
        let text = format!("name: ok\nfaction: orcs glyph=o damage=1d4{bonus}\nmap:\n#o#\n");
        assert!(Level::parse(&text, "l.txt".as_ref()).is_ok(), "{bonus}");
    }
}

/// A scores file is untrusted text shown on a terminal. A line whose
/// `when` retitles the window and whose `how` clears the screen, and one
/// that turns the text right to left, are listed with every field
/// escaped; a line that cannot be read is skipped with a warning naming
/// the file and line, and the rest are listed (the file is not touched).
#[test]
fn a_scores_file_cannot_reach_the_terminal() {
    let dir = scratch("scores-escapes");
    let scores = dir.join("scores.txt");
    let text = "died 3 100 5 \u{1b}]0;PWNED\u{7} \u{1b}[2J killed\n\
                won 1 2 3 2026-01-01T00-00-00Z exit\u{202e}txt.exe\n\
                died three 1 1 when how\n";
    std::fs::write(&scores, text).unwrap();
    let out = darkstar(&[
        "scores",
        "--save",
        dir.join("save.replay").to_str().unwrap(),
    ]);
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert!(out.status.success(), "{stderr}");
    assert!(!has_controls(&stdout.replace('\n', "")), "{stdout:?}");
    assert!(!has_controls(&stderr.replace('\n', "")), "{stderr:?}");
    assert!(
        stdout.contains(r"\u{1b}]0;PWNED\u{7}") && stdout.contains(r"\u{1b}[2J killed"),
        "{stdout}"
    );
    assert!(stdout.contains(r"exit\u{202e}txt.exe"), "{stdout}");
    assert_eq!(
        stderr.trim_end(),
        format!(
            "darkstar: warning: {}:3: expected the depth, found \"three\"; the line is skipped",
            scores.display()
        )
    );
    assert_eq!(std::fs::read_to_string(&scores).unwrap(), text);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    /// Whatever the bytes of a scores file: no panic, every line either
    /// read or skipped with an error naming the file and that line, and
    /// no error shows a raw control character.
    #[test]
    fn any_scores_file_reads_line_by_line(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
        let read = darkstar::record::scores::parse_scores(&bytes, "scores.txt".as_ref());
        let lines = bytes.split(|&b| b == b'\n').count();
        prop_assert!(read.list.len() + read.skipped.len() <= lines);
        for e in &read.skipped {
            let e = e.to_string();
            let line: usize = e["scores.txt:".len()..].split(':').next().unwrap().parse().unwrap();
            prop_assert!((1..=lines).contains(&line), "{}", e);
            prop_assert!(!has_controls(&e), "{:?}", e);
        }
    }
}

/// The built-in item book with the whole line `from` (the first one that
/// is exactly that) made `to`, read as `items.txt`; and that line's
/// number.
fn item_book_with(
    from: &str,
    to: &str,
) -> (Result<darkstar::content::items::ItemBook, String>, usize) {
    use darkstar::content::items::{BUILTIN, ItemBook};
    let at = BUILTIN
        .find(&format!("\n{from}\n"))
        .expect("the line is in the book")
        + 1;
    let line = BUILTIN[..at].lines().count() + 1;
    let text = format!("{}{to}{}", &BUILTIN[..at], &BUILTIN[at + from.len()..]);
    let book = ItemBook::parse(&text, "items.txt".as_ref()).map_err(|e| e.to_string());
    (book, line)
}

/// Each mistake in an item book is refused with the file, line and
/// column of what is wrong, and what was expected there: every number out
/// of its range, an effect the game does not know, a glyph the map draws
/// with, a lot that cannot be read, an item given twice, an unknown key.
#[test]
fn an_item_book_refuses_each_mistake_with_its_place() {
    // The line as the built-in book has it, what it becomes, the column
    // of the mistake and what the error says.
    let cases = [
        (
            "loudness: 200",
            "loudness: 1001",
            11,
            "loudness must be a whole number from 1 to 1000, found \"1001\"",
        ),
        (
            "range: 8",
            "range: 0",
            8,
            "range must be a whole number from 1 to 64, found \"0\"",
        ),
        (
            "heal: full",
            "heal: 0",
            7,
            "heal must be full or a whole number from 1 to 1000, found \"0\"",
        ),
        (
            "heal: full",
            "heal: all",
            7,
            "heal must be full or a whole number",
        ),
        (
            "radius: 4",
            "radius: 65",
            9,
            "radius must be a whole number from 1 to 64",
        ),
        (
            "turns: 40",
            "turns: 1001",
            8,
            "turns must be a whole number from 1 to 1000",
        ),
        (
            "defence: 20",
            "defence: 201",
            10,
            "defence must be a whole number from 0 to 200",
        ),
        (
            "damage: 2d4+1",
            "damage: 2d",
            9,
            "damage: dice like 1d6 or 2d4+1 expected, found `2d`",
        ),
        ("damage: 2d4+1", "damage: 21d4", 9, "damage: 1 to 20 dice"),
        (
            "bundle: 3",
            "bundle: 21",
            9,
            "bundle must be a whole number from 1 to 20",
        ),
        (
            "effect: weapon",
            "effect: wand",
            9,
            "effect must be one of heal, map, noise, collapse, teleport, darkness, missile, armour, weapon, found \"wand\"",
        ),
        (
            "glyph: !",
            "glyph: #",
            8,
            "glyph must be one ASCII punctuation character the map does not draw with",
        ),
        ("glyph: !", "glyph: !!", 8, "glyph must be one"),
        (
            "name: a dart",
            "name: ",
            7,
            "name must be one line of 1 to 32 characters",
        ),
        (
            "item: plate",
            "item: armour",
            7,
            "item armour is given twice",
        ),
        (
            "item: plate",
            "item: Plate",
            7,
            "item must be one lower-case word",
        ),
        (
            "found: lot 6 on depth 2",
            "found: lot 6 on depth 11",
            8,
            "a depth must be a whole number from 1 to 10, found \"11\"",
        ),
        (
            "found: lot 6 on depth 2",
            "found: lot 100 on depth 2",
            8,
            "a lot's number must be a whole number from 1 to 99",
        ),
        (
            "found: lot 6 on depth 5",
            "found: lot 6 on depths 6-5",
            8,
            "FIRST not after LAST",
        ),
        (
            "found: lot 1 on every depth; lot 4 on even depths",
            "found: lot 1 on every depth; lot 4 on some depths",
            30,
            "a lot must be `lot N on DEPTHS`",
        ),
        (
            "found: lot 3 on every depth",
            "found: lot 3 on every depth, two of noises",
            8,
            "one of GROUP",
        ),
        (
            "range: 8",
            "  colour: red",
            3,
            "unknown key \"colour\" (expected one of item, name, plural, glyph, effect",
        ),
        (
            "loudness: 200",
            "radius: 3",
            1,
            "radius is not for an item of effect noise (it takes loudness and range)",
        ),
        (
            "effect: map",
            "effect: map\nheal: 3",
            1,
            "heal is not for an item of effect map (it takes no numbers)",
        ),
        (
            "range: 8",
            "range: 8\nrange: 9",
            1,
            "range given twice (first on line",
        ),
        (
            "range: 8",
            "range 8",
            1,
            "expected `key: value`, found \"range 8\"",
        ),
    ];
    for (from, to, column, says) in cases {
        let (book, line) = item_book_with(from, to);
        // The mistake is on the changed line, or on the one added after it.
        let line = if to.contains('\n') { line + 1 } else { line };
        let err = book.expect_err(to);
        let place = format!("items.txt:{line}:{column}: ");
        assert!(err.starts_with(&place) && err.contains(says), "{to}: {err}");
    }
}

/// An item lacking a key it needs is refused at the line it starts on:
/// the four every item has, and those its effect takes.
#[test]
fn an_item_book_refuses_an_item_lacking_a_key() {
    for (item, lacking, says) in [
        ("item: dart", "name: a dart", "this item has no `name:`"),
        ("item: healing", "glyph: !", "this item has no `glyph:`"),
        (
            "item: dart",
            "effect: missile",
            "this item has no `effect:`",
        ),
        (
            "item: dart",
            "damage: 1d4+1",
            "this item has no `damage:` (effect missile needs it)",
        ),
        (
            "item: armour",
            "defence: 20",
            "this item has no `defence:` (effect armour needs it)",
        ),
        (
            "item: darkness",
            "turns: 40",
            "this item has no `turns:` (effect darkness needs it)",
        ),
        (
            "item: healing",
            "heal: full",
            "this item has no `heal:` (effect heal needs it)",
        ),
    ] {
        let (_, line) = item_book_with(item, item);
        let (book, _) = item_book_with(lacking, "# gone");
        let err = book.expect_err(lacking);
        assert_eq!(err, format!("items.txt:{line}:1: {says}"));
    }
    // A key before any item.
    let (book, _) = item_book_with("item: healing", "# no item starts here");
    let (_, line) = item_book_with("name: a healing potion", "name: a healing potion");
    assert_eq!(
        book.expect_err("a key before any item"),
        format!("items.txt:{line}:1: an item starts with `item:`")
    );
}

/// An item book file is read like the bestiary: a file that cannot be
/// read names itself, bytes that are not UTF-8 name their line, and a
/// book with no items says so.
#[test]
fn an_item_book_file_that_cannot_be_used_says_why() {
    use darkstar::content::items::ItemBook;
    let dir = scratch("item-book");
    let missing = dir.join("none.txt");
    let err = ItemBook::read(&missing).unwrap_err();
    assert!(
        err.to_string().starts_with(&missing.display().to_string()),
        "{err}"
    );
    assert_eq!(err.position(), None);
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, b"# items\nitem: x\xff\n").unwrap();
    let err = ItemBook::read(&bad).unwrap_err();
    assert_eq!(
        err.to_string(),
        format!("{}:2:1: not UTF-8 text", bad.display())
    );
    let empty = dir.join("empty.txt");
    std::fs::write(&empty, "# nothing but a comment\n").unwrap();
    let err = ItemBook::read(&empty).unwrap_err();
    assert!(
        err.to_string()
            .ends_with(":1:1: no items: an item book needs at least one `item:`"),
        "{err}"
    );
    let good = dir.join("items.txt");
    std::fs::write(&good, darkstar::content::items::BUILTIN).unwrap();
    assert_eq!(
        &ItemBook::read(&good).unwrap(),
        darkstar::content::items::ItemBook::builtin()
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    /// Any line of the built-in item book made anything: no panic, and an
    /// error names a line of the text.
    #[test]
    fn a_mangled_item_book_never_panics(line in 0usize..200, junk in "(?s).{0,40}") {
        use darkstar::content::items::{BUILTIN, ItemBook, ItemsError};
        let mut lines: Vec<&str> = BUILTIN.lines().collect();
        let line = line % lines.len();
        lines[line] = &junk;
        let text = lines.join("\n");
        if let Err(e) = ItemBook::parse(&text, "items.txt".as_ref()) {
            let ItemsError::Parse { line, column, .. } = e else {
                panic!("parsing reads no file");
            };
            prop_assert!(line >= 1 && line <= text.lines().count().max(1) && column >= 1);
        }
    }
}
