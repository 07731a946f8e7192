//! Seeking in a replay played back: to a turn typed at the prompt (`G`),
//! forward and back, lands on the state playing there step by step
//! reaches; `>` and `<` go to the first turn of a run's next and previous
//! depth; a seek is played a slice a tick, shows where it goes, and
//! space stops it.

use super::*;
use darkstar::record::replay::Replay;

fn committed(name: &str) -> Replay {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/replays");
    Replay::load(&dir.join(name)).unwrap()
}

/// Types `text` at the prompt `G` opens, then Enter.
fn go_to(app: &mut App, text: &str) {
    app.handle(Intent::GoToTurn);
    assert!(app.takes_keys(), "the prompt reads keys");
    for c in text.chars() {
        app.handle(Intent::Key(key(KeyCode::Char(c))));
    }
    app.handle(Intent::Key(key(KeyCode::Enter)));
}

/// Ticks until the seek under way ends; the ticks it took.
fn seek_to_end(app: &mut App) -> usize {
    let mut ticks = 0;
    while app.seeking() {
        app.tick();
        ticks += 1;
        assert!(ticks < 100_000, "the seek runs on");
    }
    ticks
}

/// The replay played a command a step, as the clock plays it, until
/// `done` says so.
fn stepped(replay: &Replay, done: impl Fn(&App) -> bool) -> App {
    let mut app = App::replay(replay).unwrap();
    while !done(&app) {
        assert!(!app.is_paused(), "the replay ended first");
        app.step();
    }
    app
}

/// A seek to a turn, forward and then back (played again from the
/// start), stands where playing there step by step stands: the same
/// turn, the same state hash; paused there, and said.
#[test]
fn seeking_to_a_turn_gives_the_state_of_playing_there_step_by_step() {
    let replay = committed("bot-depth8-seed8.replay");
    let mut app = App::replay(&replay).unwrap();
    for (target, ahead) in [(250, true), (100, false), (100, false), (400, true)] {
        let from = app.game().floor().turn();
        go_to(&mut app, &target.to_string());
        seek_to_end(&mut app);
        let there = stepped(&replay, |a| a.game().floor().turn() >= target);
        assert_eq!(
            app.game().floor().turn(),
            there.game().floor().turn(),
            "{target}"
        );
        assert_eq!(
            app.game().state_hash(),
            there.game().state_hash(),
            "{target}"
        );
        assert!(app.is_paused() && app.desync().is_none(), "{target}");
        assert_eq!(from < target, ahead);
        let said = format!("from turn {from}: paused");
        assert!(app.log().any(|l| l.contains(&said)), "{target}: {said}");
    }
    // Past the end: the end, in sync.
    go_to(&mut app, "999999");
    seek_to_end(&mut app);
    let end = replay.verify().unwrap().unwrap();
    assert_eq!(app.game().floor().turn(), end.turn);
    assert!(
        app.log()
            .any(|l| l.starts_with("End of the replay: in sync"))
    );
    // Esc at the prompt goes nowhere.
    app.handle(Intent::GoToTurn);
    app.handle(Intent::Key(key(KeyCode::Char('5'))));
    app.handle(Intent::Key(key(KeyCode::Esc)));
    assert!(!app.takes_keys() && !app.seeking());
    assert_eq!(app.game().floor().turn(), end.turn);
}

/// `>` lands on the first turn of a run's next depth (the state playing
/// on step by step first reaches there), again on the one after; `<`
/// back on the first turn of the previous depth, and on the run's start.
#[test]
fn seeking_to_the_next_depth_lands_on_its_first_turn() {
    let replay = committed("bot-run-seed6.replay");
    let mut app = App::replay(&replay).unwrap();
    assert_eq!(app.game().depth(), Some(1));
    let start = app.game().state_hash();
    let mut firsts = Vec::new();
    for depth in [2, 3] {
        app.handle(Intent::SeekDepth(1));
        seek_to_end(&mut app);
        let there = stepped(&replay, |a| a.game().depth() == Some(depth));
        assert_eq!(app.game().depth(), Some(depth));
        assert_eq!(
            (app.game().floor().turn(), app.game().state_hash()),
            (there.game().floor().turn(), there.game().state_hash()),
            "depth {depth}"
        );
        assert!(app.is_paused());
        // The player is followed onto the depth.
        assert_eq!(app.selected(), app.game().floor().player().map(|p| p.id()));
        firsts.push((app.game().floor().turn(), app.game().state_hash()));
    }
    app.handle(Intent::SeekDepth(-1));
    seek_to_end(&mut app);
    assert_eq!(app.game().depth(), Some(2));
    assert_eq!(
        (app.game().floor().turn(), app.game().state_hash()),
        firsts[0]
    );
    app.handle(Intent::SeekDepth(-1));
    seek_to_end(&mut app);
    assert_eq!(
        (app.game().floor().turn(), app.game().state_hash()),
        (0, start)
    );
    app.handle(Intent::SeekDepth(-1));
    assert!(app.log().last().unwrap().contains("first depth"));
    assert!(app.desync().is_none());
}

/// A seek plays a slice a tick: the status row says where it goes while
/// it is under way, space stops it where it got, Ctrl-C quits at once;
/// outside a replay, or on a replay of no run, the keys say why not.
#[test]
fn a_seek_is_shown_and_can_be_stopped() {
    let replay = committed("bot-run-seed6.replay");
    let mut app = App::replay(&replay).unwrap();
    go_to(&mut app, "9000");
    assert!(app.seeking(), "9,000 turns are not a tick's work");
    assert_eq!(app.tick_period(), std::time::Duration::ZERO);
    let status = screen(&mut app, 80, 24);
    assert!(status.contains("to turn 9000"), "{status}");
    app.tick();
    let got = app.game().floor().turn();
    assert!(got > 0 && got < 9000, "{got}");
    app.handle(Intent::TogglePause);
    assert!(!app.seeking() && app.is_paused());
    assert_eq!(app.game().floor().turn(), got);
    assert!(
        app.log()
            .last()
            .unwrap()
            .starts_with("Seek stopped on turn")
    );
    go_to(&mut app, "9000");
    app.handle(Intent::ForceQuit);
    assert!(app.should_quit());

    let mut watched = dungeon();
    watched.handle(Intent::GoToTurn);
    assert!(!watched.takes_keys());
    assert!(watched.log().last().unwrap().contains("Only a replay"));
    let mut level_replay = App::replay(&committed("deadly-pass.replay")).unwrap();
    level_replay.handle(Intent::SeekDepth(1));
    assert!(level_replay.log().last().unwrap().contains("Not a run"));
}
