//! Replays played back in the app: in sync to the end, with the recorded
//! settings, a run's depths, the UNRANKED and REVEALED marks, a desync
//! shown and stopped at, a save resumed, the player's eyes.

use super::*;

/// A replay played back in the app, a command a tick, ends in the state the
/// recording checked.
#[test]
fn the_app_plays_a_replay_back() {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/replays/deadly-pass.replay");
    let replay = darkstar::record::replay::Replay::load(&path).unwrap();
    let mut app = App::replay(&replay).unwrap();
    let mut guard = 0;
    while !app.is_paused() && guard < 10_000 {
        app.tick();
        guard += 1;
    }
    let last_hash = replay
        .items
        .iter()
        .rev()
        .find_map(|i| match i {
            darkstar::record::replay::Item::Hash(t, h) => Some((*t, *h)),
            _ => None,
        })
        .unwrap();
    assert_eq!(
        app.game().floor().turn(),
        last_hash.0,
        "{:?}",
        app.log().collect::<Vec<_>>()
    );
    assert_eq!(app.game().state_hash(), last_hash.1);
    assert!(app.log().any(|l| l.contains("End of the replay")));
}

/// Terminal playback uses the settings the replay was recorded with: a
/// game recorded with a tiny search budget plays back in sync.
#[test]
fn replay_playback_uses_the_recorded_settings() {
    let level = level("deadly-pass.txt");
    let config = darkstar::sim::SimConfig {
        expansion_budget: 3,
        patience: 5,
        ..darkstar::sim::SimConfig::default()
    };
    let mut rec = darkstar::record::replay::Recorder::new(
        darkstar::record::replay::LevelSource::Text(level.to_text()),
        2,
        config,
        10,
    );
    let mut game = darkstar::sim::Game::new(&level, 2, config).unwrap();
    for _ in 0..40 {
        rec.apply(&mut game, darkstar::sim::Command::Advance);
    }
    let mut app = App::replay(rec.replay()).unwrap();
    assert_eq!(app.game().floor().config(), &config);
    play_to_pause(&mut app);
    assert!(app.desync().is_none(), "{:?}", app.desync());
    assert_eq!(app.game().state_hash(), game.state_hash());
    assert!(
        app.log()
            .any(|l| l.contains("End of the replay: in sync, 4 state hashes checked")),
        "{:?}",
        app.log().collect::<Vec<_>>()
    );
}

/// A played run watched back names, in its status row, the depth it is
/// on as it goes down (it named depth 1 all the way), and follows @.
#[test]
fn playback_of_a_run_names_the_depth_it_is_on() {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/replays/bot-run-seed6.replay");
    let replay = darkstar::record::replay::Replay::load(&path).unwrap();
    let mut app = App::replay(&replay).unwrap();
    let status = |app: &mut App| {
        let shown = screen(app, 100, 30);
        shown
            .lines()
            .find(|l| l.contains("turn "))
            .unwrap()
            .to_string()
    };
    assert!(status(&mut app).contains("depth 1"), "{}", status(&mut app));
    let mut steps = 0;
    while app.game().depth() != Some(2) {
        app.step();
        steps += 1;
        assert!(steps < replay.items.len(), "never went down");
    }
    let row = status(&mut app);
    assert!(row.contains("depth 2") && !row.contains("depth 1"), "{row}");
    assert_eq!(app.selected(), app.game().floor().player().map(|p| p.id()));
}

/// A played game's recording that holds what a player's game never
/// records (here a kill, as an editor would put in) is UNRANKED in
/// playback too, in its status row, as it is in play; the same game as
/// played is not marked, and a watched game (nobody's) never is.
#[test]
fn playback_of_an_unranked_game_says_so() {
    use darkstar::record::replay::{Item, Recorder, Replay};
    use darkstar::sim::{Action, Command, Game, SimConfig};
    let pack = level("sleeping-pack.txt");
    let record = |cheat: bool| -> Replay {
        let source = darkstar::record::replay::LevelSource::Text(pack.to_text());
        let mut rec = Recorder::new(source, 3, SimConfig::default(), 10);
        let mut game = Game::new(&pack, 3, SimConfig::default()).unwrap();
        for i in 0..12 {
            if cheat && i == 5 {
                rec.apply(&mut game, Command::Kill { monster: 1 });
            }
            rec.apply(&mut game, Command::Player(Action::Wait(None)));
        }
        rec.closed(&game)
    };
    for (cheat, marked) in [(false, false), (true, true)] {
        let replay = record(cheat);
        assert_eq!(
            replay
                .items
                .iter()
                .any(|i| matches!(i, Item::Command(_, Command::Kill { .. }))),
            cheat
        );
        let mut app = App::replay(&replay).unwrap();
        assert_eq!(app.unranked().is_some(), marked);
        let shown = screen(&mut app, 100, 30);
        let status = shown.lines().find(|l| l.contains("turn ")).unwrap();
        assert_eq!(status.contains("UNRANKED"), marked, "{status}");
    }
    let mut watched = App::new(&level("deadly-pass.txt"), 1).unwrap();
    watched.step();
    let shown = screen(&mut watched, 100, 30);
    assert!(!shown.contains("UNRANKED"), "{shown}");
}

/// Every state hash is checked as the game reaches its turn; the first
/// that differs stops playback, in the log, the status bar and a box.
#[test]
fn replay_playback_stops_at_a_desync_and_shows_it() {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/replays/deadly-pass.replay");
    let mut replay = darkstar::record::replay::Replay::load(&path).unwrap();
    let i = replay
        .items
        .iter()
        .position(|it| matches!(it, darkstar::record::replay::Item::Hash(20, _)))
        .unwrap();
    replay.items[i] = darkstar::record::replay::Item::Hash(20, 0xdead_beef);
    let line = replay.line_of(i);
    let mut app = App::replay(&replay).unwrap();
    play_to_pause(&mut app);
    let d = app.desync().expect("a desync").clone();
    assert_eq!((d.turn, d.line), (20, line));
    assert_eq!(app.game().floor().turn(), 20);
    let expected = format!("DESYNC on turn 20 (line {line}): expected 00000000deadbeef, found ");
    assert!(
        app.log().last().unwrap().starts_with(&expected),
        "{:?}",
        app.log().last()
    );
    // Playback stays stopped there.
    app.handle(Intent::TogglePause);
    assert!(app.is_paused());
    app.tick();
    app.step();
    assert_eq!(app.game().floor().turn(), 20);
    crate::golden::snapshot!(screen(&mut app, 90, 30));
}

/// Resuming plays the save once (each turn reached once, in order),
/// checking its hashes, says where it resumed, and can be broken off.
#[test]
fn resuming_plays_the_save_once_and_says_where() {
    use std::ops::ControlFlow;
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/replays/play-seed7.replay");
    let replay = darkstar::record::replay::Replay::load(&path).unwrap();
    let mut told = Vec::new();
    let app = App::resume_with(replay.clone(), |p| {
        told.push(p.turn);
        ControlFlow::Continue(())
    })
    .unwrap();
    assert!(told.windows(2).all(|w| w[0] < w[1]), "{told:?}");
    let turn = app.game().floor().turn();
    assert_eq!(told.last(), Some(&turn));
    assert_eq!(app.mode(), Mode::Play);
    assert!(app.log().any(|l| *l == format!("Resumed on turn {turn}.")));
    assert_eq!(
        app.recording().items[..replay.items.len()],
        replay.items[..]
    );
    let broken = App::resume_with(replay, |p| {
        if p.turn >= 20 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    // The first turn reached from 20 on (a player's action may skip one).
    let stop = *told.iter().find(|&&t| t >= 20).unwrap();
    match broken {
        Err(darkstar::record::replay::ReplayError::Interrupted { turn }) => assert_eq!(turn, stop),
        other => panic!("{:?}", other.map(|a| a.game().floor().turn())),
    }
}

/// An old replay (no reveal lines) still reads, and a reveal mark on the
/// wrong turn is a desync that says so.
#[test]
fn reveal_marks_read_and_check_like_other_items() {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/replays/play-seed7.replay");
    let replay = darkstar::record::replay::Replay::load(&path).unwrap();
    assert_eq!(replay.revealed(), None);
    let mut marked = replay.clone();
    marked
        .items
        .insert(0, darkstar::record::replay::Item::Reveal(5));
    marked.lines.clear();
    let d = marked.verify().unwrap().unwrap_err();
    assert!(d.what().contains("reveal mark for turn 5"), "{}", d.what());
}

/// A replay of a played game, through the player's eyes: only what the
/// player knew is drawn, and only the monsters they saw; `@` (or
/// `with_eyes`) switches, and the true map shows more.
#[test]
fn replays_can_be_watched_through_the_players_eyes() {
    let (w, h) = (80, 30);
    let played = played_a_while();
    assert_eq!(
        intent_for(key(KeyCode::Char('@')), Mode::Watch),
        Some(Intent::Eyes)
    );
    let mut app = App::replay(&played.recording()).unwrap();
    for _ in 0..4 {
        app.step();
    }
    assert!(!app.through_eyes());
    assert!(
        unknown_cells_drawn(&app, w, h) > 0,
        "the true map shows more"
    );
    app.handle(Intent::Eyes);
    assert!(app.through_eyes());
    assert_eq!(unknown_cells_drawn(&app, w, h), 0);
    assert!(screen(&mut app, w, h).contains("@'s eyes"));
    play_to_pause(&mut app);
    assert_eq!(unknown_cells_drawn(&app, w, h), 0);
    let eyes = app.clone().with_eyes();
    assert!(eyes.through_eyes());
    app.handle(Intent::Eyes);
    assert!(!app.through_eyes());
    // A watched game has no player: nothing to see through.
    let mut watched = dungeon();
    watched.handle(Intent::Eyes);
    assert!(!watched.through_eyes());
}

/// A played game plays back following `@`, at ten commands a second (a
/// 1,000-turn game in under two minutes); through the player's eyes its
/// log says only what the player could know (no plans, no bumps out of
/// sight), while the spectator's log tells the monsters' too. The game:
/// the opening level with a player in the start room waiting while the
/// blind seeker gropes in the alley, out of the player's sight.
#[test]
fn a_played_game_plays_back_following_the_player() {
    let text = darkstar::content::level::OPENING.replace("#...n.....#", "#...n...@.#");
    let level = Level::parse(&text, "opening-with-you.txt".as_ref()).unwrap();
    let mut played = App::play(&level, 1).unwrap();
    for _ in 0..30 {
        played.handle(Intent::Wait);
    }
    let replay = played.recording();
    let play_back = |eyes: bool| {
        let app = App::replay(&replay).unwrap();
        let mut app = if eyes { app.with_eyes() } else { app };
        let player = app.game().floor().player().unwrap().id();
        assert_eq!(app.speed(), Speed::PerSecond(10));
        assert!(app.following() && app.selected() == Some(player));
        for _ in 0..replay.items.len() + 1 {
            app.step();
        }
        assert!(app.desync().is_none());
        app.log().cloned().collect::<Vec<String>>()
    };
    let spectator = play_back(false);
    let eyes = play_back(true);
    let told = |log: &[String], what: &str| log.iter().filter(|l| l.contains(what)).count();
    assert!(told(&spectator, "plans again") > 0, "{spectator:?}");
    assert!(told(&spectator, "bumps into a wall") > 0, "{spectator:?}");
    assert_eq!(told(&eyes, "plans"), 0, "{eyes:?}");
    assert_eq!(told(&eyes, "bumps into a wall"), 0, "{eyes:?}");
}

/// At the top speed a long replay (the bot's won run, 10,504 commands)
/// plays to its end through the terminal's playback, in sync, in at most
/// one frame for every `MAX_MIN_TURNS` commands (what the user feels: how
/// many frames it takes, not how many seconds); at 1,000 turns a second,
/// twenty commands a tick.
#[test]
fn a_long_replay_plays_to_its_end_at_the_top_speed_in_few_frames() {
    use darkstar::record::replay::{Item, Replay};
    use darkstar::ui::app::clock::MAX_MIN_TURNS;
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/replays");
    for (name, setting) in [
        ("bot-run-seed6.replay", SPEEDS.len() - 1),
        ("bot-depth8-seed8.replay", SPEEDS.len() - 2),
    ] {
        let replay = Replay::load(&dir.join(name)).unwrap();
        let verified = replay.verify().unwrap().unwrap();
        let commands = replay
            .items
            .iter()
            .filter(|i| matches!(i, Item::Command(..)))
            .count();
        let mut app = App::replay(&replay).unwrap();
        for _ in 0..SPEEDS.len() {
            app.handle(Intent::Faster);
        }
        for _ in setting..SPEEDS.len() - 1 {
            app.handle(Intent::Slower);
        }
        let speed = SPEEDS[setting];
        assert_eq!(app.speed(), speed);
        let mut ticks = 0;
        while !app.is_paused() {
            app.tick();
            ticks += 1;
            assert!(ticks <= commands + 1, "{name}: playback runs on");
        }
        assert!(app.desync().is_none(), "{name}");
        assert_eq!(app.game().floor().turn(), verified.turn, "{name}");
        assert!(
            app.log()
                .any(|l| l.starts_with("End of the replay: in sync"))
        );
        let per_tick = match speed {
            Speed::Max => MAX_MIN_TURNS as usize,
            s => s.turns_per_tick() as usize,
        };
        assert!(per_tick >= 20, "{name}: {speed}");
        // The last tick plays the rest, then one finds the end.
        let bound = commands.div_ceil(per_tick) + 1;
        assert!(
            ticks <= bound,
            "{name} at {speed}: {ticks} ticks for {commands} commands (at most {bound})"
        );
    }
}
