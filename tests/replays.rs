//! Replays: recorded games play back to the same state hashes; a change
//! anywhere names the turn where the games part; bad replay files are
//! errors with file and line, never panics; golden hashes of every level
//! and of generated seeds after a fixed number of turns.

use darkstar::content::generator::{GenParams, generate};
use darkstar::content::level::Level;
use darkstar::map::geom::Dir;
use darkstar::record::replay::{
    Checked, DesyncKind, Item, LevelSource, Recorder, Replay, ReplayError,
};
use darkstar::sim::{Action, Command, Game, SimConfig};
use proptest::prelude::*;
use rand::RngExt;
use std::ops::ControlFlow;

/// A play level played by random keys, recorded.
fn recorded_play(seed: u64, actions: usize) -> Replay {
    let source = LevelSource::Generated {
        params: GenParams::default(),
        play: true,
    };
    let mut rec = Recorder::new(source, seed, SimConfig::default(), 10);
    let mut game = Replay {
        seed,
        level: rec.replay().level.clone(),
        config: SimConfig::default(),
        items: vec![],
        lines: vec![],
    }
    .start()
    .unwrap();
    let mut rng = darkstar::rng::sim_rng(seed + 1000);
    for _ in 0..actions {
        if game.floor().is_settled() {
            break;
        }
        let k = rng.random_range(0..9);
        let action = if k == 8 {
            Action::Wait(None)
        } else {
            Action::Walk(Dir::ALL[k])
        };
        rec.apply(&mut game, Command::Player(action));
    }
    rec.replay().clone()
}

#[test]
fn a_recorded_game_replays_in_sync_through_its_text() {
    let replay = recorded_play(3, 300);
    let hashes = replay
        .items
        .iter()
        .filter(|i| matches!(i, Item::Hash(..)))
        .count();
    assert!(hashes >= 5, "{hashes} hashes");
    let text = replay.to_text();
    let again = Replay::parse(&text, "r.replay".as_ref()).unwrap();
    assert_eq!(again, replay);
    let v = again.verify().unwrap().expect("in sync");
    assert_eq!(v.hashes, hashes);
}

#[test]
fn a_changed_command_or_hash_names_the_turn_of_the_desync() {
    let replay = recorded_play(4, 200);
    // A different hash: reported on exactly that turn.
    let mut bad = replay.clone();
    let (i, turn) = bad
        .items
        .iter()
        .enumerate()
        .filter_map(|(i, it)| match it {
            Item::Hash(t, _) => Some((i, *t)),
            _ => None,
        })
        .nth(2)
        .unwrap();
    bad.items[i] = Item::Hash(turn, 12345);
    let d = bad.verify().unwrap().unwrap_err();
    assert_eq!((d.turn, d.line), (turn, bad.line_of(i)));
    assert_eq!(
        d.kind,
        DesyncKind::Hash {
            expected: 12345,
            found: match replay.items[i] {
                Item::Hash(_, h) => h,
                _ => unreachable!(),
            }
        }
    );
    // A different command: the player's move on turn t (which ended the
    // player's turn) becomes a kill (which does not), so the game stays on
    // turn t and the next recorded command, for a later turn, comes up on
    // turn t: reported on exactly turn t, on that command's line.
    let mut bad = replay.clone();
    let j = bad
        .items
        .iter()
        .position(|it| matches!(it, Item::Command(t, _) if *t > 20))
        .unwrap();
    let Item::Command(t, _) = bad.items[j] else {
        unreachable!()
    };
    bad.items[j] = Item::Command(t, Command::Kill { monster: 0 });
    let Item::Command(next, _) = bad.items[j + 1] else {
        panic!("a command follows: {:?}", bad.items[j + 1])
    };
    assert!(next > t);
    let d = bad.verify().unwrap().unwrap_err();
    assert_eq!(
        (d.turn, d.line, d.kind),
        (
            t,
            bad.line_of(j + 1),
            DesyncKind::CommandTurn { recorded: next }
        )
    );
}

#[test]
fn level_files_travel_inside_the_replay() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("levels/dead-end.txt");
    let text = std::fs::read_to_string(path).unwrap();
    let mut rec = Recorder::new(LevelSource::Text(text.clone()), 1, SimConfig::default(), 5);
    let mut game = Game::new(
        &Level::parse(&text, "x".as_ref()).unwrap(),
        1,
        SimConfig::default(),
    )
    .unwrap();
    for _ in 0..40 {
        rec.apply(&mut game, Command::Advance);
    }
    let replay = Replay::parse(&rec.replay().to_text(), "r".as_ref()).unwrap();
    assert_eq!(replay.verify().unwrap().unwrap().turn, 40);
}

/// The replays committed under `tests/replays/`, with their names.
fn committed_replays() -> Vec<(std::path::PathBuf, Replay)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/replays");
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        // Only replays: anything else a run may leave here is not one.
        .filter(|p| p.extension().is_some_and(|e| e == "replay"))
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|p| {
            let r = Replay::load(&p).unwrap_or_else(|e| panic!("{e}"));
            (p, r)
        })
        .collect()
}

/// The replays committed under `tests/replays/` still play back in sync.
/// After an intended change to the rules or the state hash, re-record
/// them (same level, seed, settings and commands; a hash every 10 turns)
/// with `DARKSTAR_UPDATE_GOLDEN=1 cargo test --release committed_replays`;
/// that run rewrites them and then fails on purpose ("updated FILE, review
/// and commit"), so an update can never pass unnoticed. (A run recorded
/// by the bot may no longer be won when its commands are played on new
/// rules: `committed_replays_hold_whole_runs` says so, and CONTRIBUTING.md says how
/// to record it again.)
#[test]
fn committed_replays_reproduce_their_games() {
    let mut count = 0;
    let mut updated = Vec::new();
    for (path, replay) in committed_replays() {
        if std::env::var_os(crate::golden::UPDATE).is_some() {
            let mut game = replay.start().unwrap();
            let mut rec = Recorder::new(replay.level.clone(), replay.seed, replay.config, 10);
            for item in &replay.items {
                if let Item::Command(_, c) = item {
                    rec.apply(&mut game, c.clone());
                }
            }
            std::fs::write(&path, rec.closed(&game).to_text()).unwrap();
            updated.push(path.display().to_string());
            continue;
        }
        let v = replay.verify().unwrap();
        assert!(v.is_ok(), "{}: {:?}", path.display(), v);
        count += 1;
    }
    assert!(
        updated.is_empty(),
        "updated {}, review and commit",
        updated.join(", ")
    );
    assert!(count >= 4, "{count} committed replays");
}

/// Plays `replay` back through the terminal's playback (`App::replay`, a
/// command a step, as the clock ticks it) to its end, and checks it
/// agrees with `--verify`'s pass: in sync, on the same turn, the same
/// state hashes checked. The app at the end.
fn played_in_the_terminal(replay: &Replay, what: &str) -> darkstar::ui::App {
    let verified = match replay.verify().unwrap() {
        Ok(v) => v,
        Err(d) => panic!("{what}: --verify: {d}"),
    };
    let mut app = darkstar::ui::App::replay(replay).unwrap();
    let mut steps = 0;
    let mut depth = app.game().depth();
    while !app.is_paused() {
        app.step();
        steps += 1;
        assert!(steps <= replay.items.len() + 1, "{what}: playback runs on");
        // A played run is followed from depth to depth (each numbers its
        // units afresh).
        if app.game().depth() != depth {
            depth = app.game().depth();
            let player = app.game().floor().player().map(|p| p.id());
            assert_eq!(
                app.selected(),
                player,
                "{what}: @ not followed to {depth:?}"
            );
        }
    }
    if let Some(d) = app.desync() {
        panic!("{what}: the terminal's playback: {d}");
    }
    assert_eq!(app.game().floor().turn(), verified.turn, "{what}");
    let end = format!(
        "End of the replay: in sync, {} state hashes checked.",
        verified.hashes
    );
    assert!(
        app.log().any(|l| *l == end),
        "{what}: {:?}",
        app.log().rev().take(3).collect::<Vec<_>>()
    );
    app
}

/// Every committed replay plays back in the terminal as `--verify` plays
/// it, to its end, in sync; among them a whole run of the ten depths won
/// (the Darkstar carried out of depth 1) and a run started deeper (as
/// `darkstar play --depth N` starts one), both recorded by the bot
/// (`darkstar bot --record DIR`), so that either can be recorded again
/// when a rule changes.
#[test]
fn committed_replays_hold_whole_runs_and_play_in_sync_in_the_terminal() {
    use darkstar::sim::PlayOutcome;
    let (mut won_run, mut deeper_run) = (None, None);
    for (path, replay) in committed_replays() {
        let what = path.display().to_string();
        let app = played_in_the_terminal(&replay, &what);
        let game = app.game();
        match replay.level {
            LevelSource::Run { depth: 1 }
                if matches!(
                    game.floor().play_state().map(|p| p.outcome),
                    Some(PlayOutcome::Won(_))
                ) =>
            {
                assert_eq!(game.deepest_depth(), Some(10), "{what}");
                won_run = Some(game.floor().turn());
            }
            LevelSource::Run { depth } if depth > 1 => {
                assert!(
                    game.floor().turn() > 100,
                    "{what}: a run of {} turns",
                    game.floor().turn()
                );
                deeper_run = Some(depth);
            }
            _ => {}
        }
    }
    assert!(
        won_run.is_some(),
        "no committed replay of a won run of the ten depths: record one with \
         `darkstar bot --seeds N..N --record DIR` (CONTRIBUTING.md, Goldens)"
    );
    assert!(
        deeper_run.is_some(),
        "no committed replay of a run started with --depth"
    );
}

/// A run played in the app (as `darkstar play --seed 3` plays one: 25
/// waits) and one started on depth 8 (`--depth 8 --seed 5`, waiting till
/// the trolls come), recorded as the save and last.replay record them,
/// play back in the terminal in sync to their ends. The terminal's
/// playback once built every replay as a single level, and a run's parted
/// from its recording on its first hash, on turn 10, while `--verify` said
/// it was in sync.
#[test]
fn a_run_recorded_in_the_app_plays_back_in_the_terminal_in_sync() {
    use darkstar::ui::keymap::Intent;
    for (seed, depth, waits) in [(3, 1, 25), (5, 8, 400)] {
        let mut app = darkstar::ui::App::play_run(seed, depth).unwrap();
        for _ in 0..waits {
            if app.game_over() {
                break;
            }
            app.handle(Intent::Wait);
        }
        let recording = app.recording();
        let what = format!("seed {seed} from depth {depth}");
        let end = played_in_the_terminal(&recording, &what);
        assert_eq!(end.game().state_hash(), app.game().state_hash(), "{what}");
        assert_eq!(end.game().depth(), Some(depth), "{what}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_text_never_panics_the_replay_reader(text in "(?s).{0,300}") {
        let _ = Replay::parse(&text, "fuzz".as_ref());
    }
}

/// A real header and random item lines: errors name a line that exists.
/// A replay that reads has no error to check: the run counts the errors
/// checked, at least one in two cases.
#[test]
fn mangled_replays_give_line_numbered_errors() {
    let config = ProptestConfig::with_cases(1000);
    let errors = crate::checked::Checked::new("errors", &config);
    proptest!(config, |(lines in proptest::collection::vec("(c|h|x) [0-9a-z ]{0,12}", 0..6))| {
        let text = format!("darkstar-replay 8\nseed 3\nconfig 20000 2 8 2000 8\nlevel generated dungeon 40 20 1\n{}\nend 0\n", lines.join("\n"));
        if let Err(e) = Replay::parse(&text, "m.replay".as_ref()) {
            let s = e.to_string();
            prop_assert!(s.starts_with("m.replay:"), "{}", s);
            let line: usize = s.split(':').nth(1).unwrap().parse().unwrap();
            prop_assert!(line >= 5 && line <= text.lines().count(), "{}", s);
            errors.add(1);
        }
    });
    errors.at_least(0.5);
}

#[test]
fn newer_or_broken_headers_are_refused() {
    for (text, expect) in [
        ("", "not a replay"),
        ("darkstar-replay 9\n", "version 9 was made by a newer"),
        (
            "darkstar-replay 3\n",
            "version 3 was made by an older Darkstar, whose games play differently; this build reads version 8. Finish or watch it with Darkstar at git commit b8196cc of 2026-11-26, the last build that plays version 3",
        ),
        ("darkstar-replay 2\n", "version 2 was made by an older"),
        ("darkstar-replay 8\nseed x\n", "seed"),
        ("darkstar-replay 8\nseed 1\nlevel text\n", "config"),
        ("darkstar-replay 8\nseed 1\nconfig 0 2 8 2000 8\n", "config"),
        (
            "darkstar-replay 8\nseed 1\nconfig 1 2 8 2000 8\nlevel generated hexagons 40 20 1\n",
            "style",
        ),
        (
            "darkstar-replay 8\nseed 1\nconfig 1 2 8 2000 8\nlevel generated dungeon 5000 20 1\n",
            "number",
        ),
        (
            "darkstar-replay 8\nseed 1\nconfig 1 2 8 2000 8\nlevel text\n| name: x\n",
            "end-level",
        ),
    ] {
        let e = Replay::parse(text, "v.replay".as_ref())
            .unwrap_err()
            .to_string();
        assert!(e.contains(expect), "{text:?}: {e}");
    }
}

const GOLDEN: &str = "tests/golden/run_hashes.txt";

/// Every level in `levels/` and generated seeds 1 to 5, played headless
/// for 150 turns: their state hashes, compared with the committed golden
/// file. After an intended change, regenerate it with
/// `DARKSTAR_UPDATE_GOLDEN=1 cargo test --release run_hashes` and commit it.
/// That run rewrites the file and then fails on purpose ("updated FILE,
/// review and commit"), so an update can never pass unnoticed.
#[test]
fn run_hashes_match_the_golden_file() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut now = String::new();
    let mut names: Vec<_> = std::fs::read_dir(root.join("levels"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    names.sort();
    let mut run = |name: String, level: Level| {
        let mut game = Game::new(&level, 1, SimConfig::default()).unwrap();
        for _ in 0..150 {
            game.apply(Command::Advance);
        }
        now.push_str(&format!("{name} {:016x}\n", game.state_hash()));
    };
    for p in names {
        let name = p.file_name().unwrap().to_string_lossy().into_owned();
        run(name, Level::load(&p).unwrap());
    }
    for seed in 1..=5 {
        run(
            format!("dungeon-{seed}"),
            generate(&GenParams::default(), seed),
        );
    }
    crate::golden::check(GOLDEN, &now);
}

/// The replay's text with a blank line after every item line, so item
/// numbers and file lines part.
fn with_blank_lines(text: &str) -> String {
    text.lines()
        .map(|l| {
            if l.starts_with("c ") || l.starts_with("h ") {
                format!("{l}\n\n")
            } else {
                format!("{l}\n")
            }
        })
        .collect()
}

#[test]
fn a_desync_names_the_files_real_line_even_with_blank_lines() {
    let text = with_blank_lines(&recorded_play(4, 120).to_text());
    // Tamper with the third hash line of the file.
    let line = text
        .lines()
        .enumerate()
        .filter(|(_, l)| l.starts_with("h "))
        .nth(2)
        .unwrap()
        .0
        + 1;
    let tampered: String = text
        .lines()
        .enumerate()
        .map(|(i, l)| {
            if i + 1 == line {
                let turn = l.split(' ').nth(1).unwrap();
                format!("h {turn} 0000000000000001\n")
            } else {
                format!("{l}\n")
            }
        })
        .collect();
    let replay = Replay::parse(&tampered, "b.replay".as_ref()).unwrap();
    let d = replay.verify().unwrap().unwrap_err();
    assert_eq!(d.line, line, "{d}");
    assert!(
        matches!(d.kind, DesyncKind::Hash { expected: 1, .. }),
        "{d}"
    );
    assert!(
        d.to_string()
            .starts_with(&format!("line {line}: desync on turn "))
    );
}

#[test]
fn a_command_at_the_wrong_turn_is_reported_as_such() {
    let text = with_blank_lines(&recorded_play(4, 120).to_text());
    let (index, line) = text
        .lines()
        .enumerate()
        .filter(|(_, l)| l.starts_with("c "))
        .nth(30)
        .unwrap();
    let turn: u32 = line.split(' ').nth(1).unwrap().parse().unwrap();
    let moved = line.replacen(&format!("c {turn} "), &format!("c {} ", turn + 5), 1);
    let tampered = text.replacen(&format!("{line}\n"), &format!("{moved}\n"), 1);
    let replay = Replay::parse(&tampered, "t.replay".as_ref()).unwrap();
    let d = replay.verify().unwrap().unwrap_err();
    assert_eq!(
        (d.line, d.turn, d.kind),
        (
            index + 1,
            turn,
            DesyncKind::CommandTurn { recorded: turn + 5 }
        )
    );
    assert_eq!(
        d.to_string(),
        format!(
            "line {}: command for turn {} but the game is on turn {turn}",
            index + 1,
            turn + 5
        )
    );
}

#[test]
fn errors_in_an_embedded_level_name_the_replay_file_line_and_column() {
    let text = "darkstar-replay 8\nseed 1\nconfig 20000 2 8 2000 8\nlevel text\n| name: x\n| faction: a glyph=a sight=999\n| map:\n| #####\n| #a.1#\n| #####\nend-level\nend 0\n";
    let e = Replay::parse(text, "lv.replay".as_ref()).unwrap_err();
    let s = e.to_string();
    // `sight=999` is on file line 6; the level's own column 20 is 22 in
    // the file, past the `| `.
    assert!(
        matches!(
            e,
            ReplayError::LevelText {
                line: 6,
                column: 22,
                ..
            }
        ),
        "{s}"
    );
    assert!(s.starts_with("lv.replay:6:22: "), "{s}");
    assert!(
        !s.contains("replay level") && s.matches(':').count() <= 6,
        "{s}"
    );
    // A bad grid cell: line 9 of the file, its column moved past the `| `.
    let text = "darkstar-replay 8\nseed 1\nconfig 20000 2 8 2000 8\nlevel text\n| name: x\n| faction: a glyph=a\n| map:\n| #####\n| #a?1#\n| #####\nend-level\nend 0\n";
    let s = Replay::parse(text, "lv.replay".as_ref())
        .unwrap_err()
        .to_string();
    assert!(s.starts_with("lv.replay:9:5: "), "{s}");
}

#[test]
fn restoring_plays_once_checking_every_hash_and_refuses_a_desync() {
    let replay = recorded_play(5, 150);
    // One pass: progress is told each turn once, in order, to the end.
    let mut turns = Vec::new();
    let game = replay
        .restore_with(|p| {
            assert_eq!(p.total, replay.last_turn());
            turns.push(p.turn);
            ControlFlow::Continue(())
        })
        .unwrap();
    assert!(turns.windows(2).all(|w| w[0] < w[1]), "{turns:?}");
    assert_eq!(turns.last(), Some(&game.floor().turn()));
    let v = replay.verify().unwrap().unwrap();
    assert_eq!(game.floor().turn(), v.turn);
    // A wrong hash anywhere is a desync error carrying its line and turn.
    let mut bad = replay.clone();
    let i = bad
        .items
        .iter()
        .rposition(|it| matches!(it, Item::Hash(..)))
        .unwrap();
    let Item::Hash(turn, _) = bad.items[i] else {
        unreachable!()
    };
    bad.items[i] = Item::Hash(turn, 7);
    match bad.restore() {
        Err(ReplayError::Desync(d)) => assert_eq!((d.turn, d.line), (turn, bad.line_of(i))),
        other => panic!("{:?}", other.map(|g| g.floor().turn())),
    }
}

#[test]
fn a_progress_callback_that_breaks_interrupts_on_that_turn() {
    let replay = recorded_play(6, 150);
    assert!(replay.last_turn() > 40, "{}", replay.last_turn());
    let stop_at_20 = |p: darkstar::record::replay::Progress| {
        if p.turn >= 20 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    };
    assert_eq!(
        replay.verify_with(stop_at_20).unwrap(),
        Checked::Interrupted { turn: 20 }
    );
    match replay.restore_with(stop_at_20) {
        Err(ReplayError::Interrupted { turn: 20 }) => {}
        other => panic!("{:?}", other.map(|g| g.floor().turn())),
    }
    assert!(matches!(
        replay.verify_with(|_| ControlFlow::Continue(())).unwrap(),
        Checked::InSync(_)
    ));
}

/// What `darkstar play` records is ranked, read back from its text too:
/// a run (`App::play_run`) and a level played from its text
/// (`App::play`, as `--level FILE` and `--seed N` play). Each thing a
/// player's game never records marks the replay, by the one rule
/// (`Replay::unranked`): any command no key gives (`advance`, `kill`,
/// `goal`, an `item` put down), other settings, or a generated level
/// line (the committed `play-seed7.replay`, recorded by a test, has one).
#[cfg(feature = "tui")]
#[test]
fn only_what_play_records_is_ranked() {
    use crate::common::item;
    use darkstar::map::geom::Pos;
    use darkstar::ui::App;
    use darkstar::ui::keymap::Intent;
    let level = darkstar::content::generator::play_level(&GenParams::default(), 4);
    for mut app in [App::play_run(4, 2).unwrap(), App::play(&level, 4).unwrap()] {
        for _ in 0..12 {
            app.handle(Intent::Wait);
        }
        app.handle(Intent::Move(Dir::E));
        let played = app.recording();
        assert_eq!(played.unranked(), None, "{}", played.to_text());
        let text = played.to_text();
        assert_eq!(Replay::parse(&text, "p".as_ref()).unwrap().unranked(), None);
        let cheats = [
            Command::Advance,
            Command::Kill { monster: 1 },
            Command::SetGoal {
                monster: 1,
                goal: Some(Pos::new(2, 2)),
            },
            Command::PutItem {
                at: Pos::new(2, 2),
                item: item("plate"),
            },
        ];
        for cheat in cheats {
            // Put in the middle of the game's text, as an editor would.
            let mut lines: Vec<String> = text.lines().map(String::from).collect();
            let at = lines.iter().position(|l| l.starts_with("c ")).unwrap() + 1;
            let turn = lines[at - 1].split(' ').nth(1).unwrap().to_string();
            let command = Replay {
                items: vec![Item::Command(0, cheat.clone())],
                ..played.clone()
            }
            .to_text();
            let word = command.lines().find(|l| l.starts_with("c ")).unwrap()[4..].to_string();
            lines.insert(at, format!("c {turn} {word}"));
            let end = lines.len() - 1;
            lines[end] = format!("end {}", played.items.len() + 1);
            let edited = Replay::parse(&lines.join("\n"), "e".as_ref()).unwrap();
            let why = edited
                .unranked()
                .unwrap_or_else(|| panic!("{word} not marked"));
            assert_eq!(
                why.to_string(),
                format!(
                    "line {} holds `{word}`, a command a player's game never records",
                    at + 1
                )
            );
        }
        let other = Replay {
            config: SimConfig {
                expansion_budget: 5,
                ..SimConfig::default()
            },
            ..played.clone()
        };
        assert!(other.unranked().is_some());
    }
    let committed =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/replays/play-seed7.replay");
    let why = Replay::load(&committed)
        .unwrap()
        .unranked()
        .unwrap()
        .to_string();
    assert!(
        why.contains("`level generated dungeon 80 40 3 play`"),
        "{why}"
    );
}

/// `darkstar bot --record DIR` keeps each run's replay as `seed-N.replay`:
/// the game a played run records (`level run DEPTH`, the default
/// settings, only the player's commands: ranked), in sync, ending on the turn the
/// bot's line says, from the depth `--depth` names.
#[test]
fn the_bot_records_its_runs_as_replays() {
    let dir = crate::common::Scratch::new("replays", "bot-record");
    let out = crate::common::darkstar_command()
        .args([
            "bot", "--seeds", "4..5", "--turns", "300", "--depth", "3", "--each", "--record",
        ])
        .arg(&*dir)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    for seed in [4, 5] {
        let replay = Replay::load(&dir.join(format!("seed-{seed}.replay"))).unwrap();
        assert_eq!(replay.level, LevelSource::Run { depth: 3 });
        assert_eq!(replay.seed, seed);
        // Only what a played run records: ranked, as a player's.
        assert_eq!(replay.unranked(), None);
        let v = replay.verify().unwrap().expect("in sync");
        let line = stdout
            .lines()
            .find(|l| l.starts_with(&format!("seed {seed}:")))
            .unwrap();
        assert!(
            line.ends_with(&format!(", {} turns", v.turn)),
            "{line} vs {v:?}"
        );
        assert!(v.hashes >= 2, "{v:?}");
    }
    assert!(stdout.contains("replays of the 2 runs in"), "{stdout}");
}

/// A mark for the autopilot (`x TURN X Y REACH|off`) reads back as it was
/// written; a reach past a room's, a cell off any map or a missing field
/// is refused naming the line.
#[test]
fn exclusion_marks_read_back_and_bad_ones_are_refused() {
    let head =
        "darkstar-replay 8\nseed 3\nconfig 20000 2 8 2000 8\nlevel generated dungeon 40 20 1\n";
    let good = format!("{head}x 0 5 3 0\nx 0 5 3 7\nx 2 5 3 off\nend 3\n");
    let replay = Replay::parse(&good, "m.replay".as_ref()).unwrap();
    assert_eq!(replay.to_text(), good);
    for (line, expect) in [
        (
            "x 0 5 3 8",
            "m.replay:5: expected a mark's reach, 0 to 7, or `off`, found \"8\"",
        ),
        (
            "x 0 -1 3 1",
            "m.replay:5: expected a cell coordinate, found \"-1\"",
        ),
        (
            "x 0 99999 3 1",
            "m.replay:5: expected a cell coordinate, found \"99999\"",
        ),
        ("x 0 5 3", "m.replay:5: expected `c TURN COMMAND`"),
    ] {
        let text = format!("{head}{line}\nend 1\n");
        let e = Replay::parse(&text, "m.replay".as_ref())
            .unwrap_err()
            .to_string();
        assert!(e.starts_with(expect), "{line}: {e}");
    }
}
