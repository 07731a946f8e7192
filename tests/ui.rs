//! The terminal front end without a terminal: key handling drives the app
//! state machine directly, and whole screens are drawn on ratatui's
//! `TestBackend` and compared with insta snapshots (`tests/snapshots/`;
//! after an intended change, review with `cargo insta review` or rerun with
//! `INSTA_UPDATE=always` and commit the files).

use std::collections::VecDeque;

use crossterm::event::{Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use darkstar::content::level::Level;
use darkstar::map::geom::{Dir, Pos};
use darkstar::ui::app::{App, Mode, Overlay, SPEEDS};
use darkstar::ui::keymap::{Intent, intent_for};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

fn level(name: &str) -> Level {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("levels")
        .join(name);
    Level::load(&path).unwrap()
}

/// Figure 1, its seekers knowing the wall (so the search goes round it).
fn figure1() -> App {
    let mut l = level("figure1.txt");
    l.factions[0].knows_map = true;
    App::new(&l, 1).unwrap()
}

fn dungeon() -> App {
    let level = darkstar::content::generator::generate(
        &darkstar::content::generator::GenParams::default(),
        1,
    );
    App::new(&level, 1).unwrap()
}

fn key(c: KeyCode) -> KeyEvent {
    KeyEvent::new(c, KeyModifiers::NONE)
}

fn screen(app: &mut App, width: u16, height: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    darkstar::ui::draw(&mut terminal, app).unwrap();
    terminal.backend().to_string()
}

#[test]
fn keys_map_to_intents_on_press_only() {
    assert_eq!(
        intent_for(key(KeyCode::Char('q')), Mode::Watch),
        Some(Intent::Quit)
    );
    assert_eq!(
        intent_for(key(KeyCode::Char('.')), Mode::Watch),
        Some(Intent::Step)
    );
    assert_eq!(
        intent_for(key(KeyCode::Char('l')), Mode::Watch),
        Some(Intent::Scroll(8, 0))
    );
    assert_eq!(
        intent_for(key(KeyCode::Left), Mode::Watch),
        Some(Intent::Scroll(-8, 0))
    );
    assert_eq!(
        intent_for(key(KeyCode::Char('v')), Mode::Watch),
        Some(Intent::Show(Overlay::Knowledge))
    );
    let ctrl_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
    assert_eq!(intent_for(ctrl_c, Mode::Play), Some(Intent::ForceQuit));
    let mut repeat = key(KeyCode::Char('.'));
    repeat.kind = KeyEventKind::Repeat;
    assert_eq!(intent_for(repeat, Mode::Play), None);
    repeat.kind = KeyEventKind::Release;
    assert_eq!(intent_for(repeat, Mode::Play), None);
    // A key with no meaning is still a key ("any key" turns the help's
    // page), and does nothing on the map.
    let z = key(KeyCode::Char('Z'));
    assert_eq!(intent_for(z, Mode::Watch), Some(Intent::Other));
    let mut app = dungeon();
    app.handle(Intent::Help);
    app.handle(Intent::Other);
    assert_eq!(app.help_page(), 1, "an unbound key turned the page");
    let before = format!("{:?}", app.game().state_hash());
    app.handle(Intent::Quit);
    app.handle(Intent::Other);
    assert!(!app.confirming_quit(), "the question taken back");
    assert_eq!(format!("{:?}", app.game().state_hash()), before);
}

/// A key means the same in play and watch, but for what play gives the
/// player: its movement keys move (watch scrolls with the four straight
/// ones, and has no use for the rest), and `.` waits a turn (watch plays
/// one). Each mode's own keys mean nothing in the other, and each mode's
/// help (`?`) names them.
#[test]
fn keys_mean_the_same_in_play_and_watch() {
    use darkstar::ui::app::game::commands;
    const PLAY_ONLY: &str = "x><_oRCsUtDV";
    const WATCH_ONLY: &str = "F@";
    let mut keys: Vec<KeyCode> = (' '..='~').map(KeyCode::Char).collect();
    keys.extend([
        KeyCode::Left,
        KeyCode::Right,
        KeyCode::Up,
        KeyCode::Down,
        KeyCode::Home,
        KeyCode::End,
        KeyCode::PageUp,
        KeyCode::PageDown,
        KeyCode::Enter,
        KeyCode::Esc,
        KeyCode::Tab,
        KeyCode::Backspace,
    ]);
    let own = |code: KeyCode, set: &str| matches!(code, KeyCode::Char(c) if set.contains(c));
    for code in keys {
        let play = intent_for(key(code), Mode::Play).unwrap();
        let watch = intent_for(key(code), Mode::Watch).unwrap();
        let agreed = match (play, watch) {
            _ if play == watch => true,
            (Intent::Move(_), Intent::Scroll(..) | Intent::Home | Intent::Other) => true,
            (Intent::Wait, Intent::Step | Intent::Other) => true,
            (_, Intent::Other) => own(code, PLAY_ONLY),
            (Intent::Other, _) => own(code, WATCH_ONLY),
            _ => false,
        };
        assert!(agreed, "{code:?}: {play:?} in play, {watch:?} in watch");
    }
    // Every one of a mode's own keys, and the keys changed to agree, are
    // on its help page.
    let named = |mode: Mode, c: char| {
        commands(mode)
            .iter()
            .any(|command| command.keys(mode).split(' ').any(|k| k == c.to_string()))
    };
    for c in PLAY_ONLY.chars().chain("mMTq?".chars()) {
        assert!(named(Mode::Play, c), "play's help names {c}");
    }
    for c in WATCH_ONLY.chars().chain("mMTq?".chars()) {
        assert!(named(Mode::Watch, c), "watch's help names {c}");
    }
    // The quit question takes the same keys in both: `y` is a move in play.
    for mode in [Mode::Play, Mode::Watch] {
        assert_eq!(intent_for(key(KeyCode::Enter), mode), Some(Intent::Confirm));
        assert_ne!(
            intent_for(key(KeyCode::Char('y')), mode),
            Some(Intent::Confirm)
        );
    }
}

#[test]
fn the_app_pauses_steps_speeds_up_and_asks_before_quitting() {
    let mut app = dungeon();
    assert_eq!(app.game().turn(), 0);
    app.tick();
    assert_eq!(app.game().turn(), 1, "running: a tick plays a turn");
    app.handle(Intent::TogglePause);
    app.tick();
    assert_eq!(app.game().turn(), 1, "paused: ticks do nothing");
    app.handle(Intent::Step);
    assert_eq!((app.game().turn(), app.is_paused()), (2, true));
    for _ in 0..20 {
        app.handle(Intent::Faster);
    }
    assert_eq!(app.turns_per_second(), *SPEEDS.last().unwrap());
    for _ in 0..20 {
        app.handle(Intent::Slower);
    }
    assert_eq!(app.turns_per_second(), SPEEDS[0]);
    app.handle(Intent::Quit);
    assert!(app.confirming_quit() && !app.should_quit());
    app.handle(Intent::Step);
    assert!(
        !app.confirming_quit() && !app.should_quit(),
        "any other key stays"
    );
    assert_eq!(
        app.game().turn(),
        2,
        "the key that answered did nothing else"
    );
    app.handle(Intent::Quit);
    app.handle(Intent::Confirm);
    assert!(app.should_quit());
    let mut app = dungeon();
    app.handle(Intent::ForceQuit);
    assert!(app.should_quit(), "Ctrl-C quits at once");
}

#[test]
fn overlays_toggle_and_factions_cycle_and_help_closes_on_any_key() {
    let mut app = dungeon();
    app.handle(Intent::Show(Overlay::Danger));
    assert_eq!(app.overlay(), Overlay::Danger);
    app.handle(Intent::Show(Overlay::Danger));
    assert_eq!(app.overlay(), Overlay::Combined);
    let n = app.game().factions().len();
    for i in 1..=n {
        app.handle(Intent::NextFaction);
        assert_eq!(app.faction(), i % n);
    }
    app.handle(Intent::Help);
    assert!(app.showing_help());
    app.tick();
    assert_eq!(app.game().turn(), 0, "the help screen pauses the game");
    // Any key turns the page (keys, glyphs, factions); past the last, or
    // with q, it closes.
    // No screen under the help: the game's keys, glyphs, factions.
    for page in 1..3 {
        app.handle(Intent::Faster);
        assert!(app.showing_help());
        assert_eq!(app.help_page(), page);
    }
    app.handle(Intent::Faster);
    assert!(!app.showing_help());
    app.handle(Intent::Help);
    assert_eq!(app.help_page(), 0);
    app.handle(Intent::Quit);
    assert!(!app.showing_help() && !app.confirming_quit());
    app.handle(Intent::Scroll(-8, -8));
    assert_eq!(
        app.camera(),
        darkstar::map::geom::Pos::new(0, 0),
        "the view stays on the map"
    );
    app.handle(Intent::Scroll(8, 8));
    // The dungeon is 80 wide, as wide as the view: no sideways room.
    assert_eq!(app.camera(), darkstar::map::geom::Pos::new(0, 8));
}

/// The event loop on a test backend, fed scripted keys: two steps, then
/// quit and confirm. It draws every pass and returns.
#[test]
fn the_event_loop_runs_on_any_backend() {
    let mut app = dungeon();
    app.handle(Intent::TogglePause);
    let mut script: VecDeque<Event> = [
        Event::Key(key(KeyCode::Char('.'))),
        Event::Resize(30, 10),
        Event::Key(key(KeyCode::Char('.'))),
        Event::Key(key(KeyCode::Char('q'))),
        Event::Key(key(KeyCode::Enter)),
    ]
    .into();
    let mut terminal = Terminal::new(TestBackend::new(80, 30)).unwrap();
    darkstar::ui::event_loop(&mut terminal, &mut app, |_| Ok(script.pop_front())).unwrap();
    assert!(app.should_quit());
    assert_eq!(app.game().turn(), 2);
}

/// Ctrl-Z is the loop's: it asks the session to suspend (the real
/// terminal gives itself back and stops; see `signals::ctrl_z_suspends_
/// and_fg_resumes_with_the_screen_redrawn`), then draws the whole screen
/// afresh, and the game has not moved nor been told. A stop behind the
/// loop's back (SIGCONT reported) is redrawn whole too.
#[test]
fn ctrl_z_suspends_through_the_session_and_redraws() {
    struct Recorded {
        suspends: usize,
        continued: bool,
    }
    impl darkstar::ui::Session for Recorded {
        fn suspend(&mut self) -> std::io::Result<()> {
            self.suspends += 1;
            self.continued = true; // the continue that resumes it
            Ok(())
        }
        fn continued(&mut self) -> bool {
            std::mem::take(&mut self.continued)
        }
    }
    let ctrl_z = Event::Key(KeyEvent::new(KeyCode::Char('z'), KeyModifiers::CONTROL));
    assert_eq!(
        intent_for(
            KeyEvent::new(KeyCode::Char('z'), KeyModifiers::CONTROL),
            Mode::Play
        ),
        Some(Intent::Suspend)
    );
    let mut app = play_app();
    let (turn, messages) = (app.game().turn(), app.log().count());
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
    // Quit twice (q asks, q again quits; `y` is a move in play); a script
    // run dry quits too, so a broken loop fails rather than hangs.
    let mut script: VecDeque<Event> = [
        ctrl_z.clone(),
        Event::Key(key(KeyCode::Char('q'))),
        Event::Key(key(KeyCode::Char('q'))),
    ]
    .into();
    let mut session = Recorded {
        suspends: 0,
        continued: false,
    };
    darkstar::ui::event_loop_until(
        &mut terminal,
        &mut app,
        |_| {
            let force_quit = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
            Ok(Some(script.pop_front().unwrap_or(Event::Key(force_quit))))
        },
        &mut session,
    )
    .unwrap();
    assert_eq!(session.suspends, 1);
    assert!(!session.continued, "the suspend's own continue is taken");
    assert_eq!(app.game().turn(), turn, "suspending spent no time");
    assert_eq!(app.log().count(), messages, "nothing said");
    assert!(app.should_quit() && script.is_empty());
    // Drawn again after it (the pty test sees the whole screen rewritten).
    let text = terminal.backend().to_string();
    assert!(
        text.contains('@') && text.contains("Really quit?"),
        "{text}"
    );
}

/// The terminal's reader stuck for good never holds the event loop.
/// crossterm's read can stay inside for ever: spinning on a hung-up
/// terminal (its read loop ends only on `WouldBlock`), or waiting in
/// `read(2)` for the rest of an escape sequence (restarted after every
/// signal). Read through [`Input`](darkstar::ui::Input) (its own thread,
/// a channel), as the real terminal is: the keys read before reach the
/// game in their order, and the stop signal that comes while the reader
/// is stuck (here the hang-up, once the loop has waited in vain) ends the
/// loop. Stuck both ways, blocked and spinning. The loop runs on a thread
/// of its own, so a held loop fails the test at the deadline instead of
/// hanging it; the stuck reader is let go at the end.
#[test]
fn a_reader_stuck_for_good_never_holds_the_event_loop() {
    use darkstar::ui::{Exit, Input, Session};
    use std::cell::Cell;
    use std::rc::Rc;
    use std::sync::mpsc::{TryRecvError, channel};
    use std::time::Duration;
    const SIGHUP: i32 = libc::SIGHUP;
    struct HangUp(Rc<Cell<bool>>);
    impl Session for HangUp {
        fn stop_signal(&mut self) -> Option<i32> {
            self.0.get().then_some(SIGHUP)
        }
    }
    for spinning in [false, true] {
        let (release, released) = channel::<()>();
        let mut keys = ['l', '.', 'h'].into_iter();
        let source = move |_wait: Duration| {
            if let Some(c) = keys.next() {
                return Ok(Some(Event::Key(key(KeyCode::Char(c)))));
            }
            if spinning {
                while released.try_recv() == Err(TryRecvError::Empty) {
                    std::hint::spin_loop();
                }
            } else {
                let _ = released.recv();
            }
            Err(std::io::Error::other("let go"))
        };
        let (ended, end) = channel();
        std::thread::spawn(move || {
            let level = Level::parse(
                "name: room\nfaction: sleepers glyph=s sight=0\nmap:\n\
                 ########\n#@.....#\n######.#\n#s.....#\n########\n",
                "room.txt".as_ref(),
            )
            .unwrap();
            let mut app = App::play(&level, 1).unwrap();
            let mut terminal = Terminal::new(TestBackend::new(60, 16)).unwrap();
            let input = Input::spawn(source).unwrap();
            input.open();
            let hung_up = Rc::new(Cell::new(false));
            let mut session = HangUp(Rc::clone(&hung_up));
            let mut taken = 0;
            let exit = darkstar::ui::event_loop_until(
                &mut terminal,
                &mut app,
                |timeout| {
                    let event = input.next(timeout)?;
                    match event {
                        Some(_) => taken += 1,
                        None if taken == 3 => hung_up.set(true),
                        None => {}
                    }
                    Ok(event)
                },
                &mut session,
            );
            let commands: Vec<String> = app
                .recording()
                .to_text()
                .lines()
                .filter(|l| l.starts_with("c "))
                .map(String::from)
                .collect();
            let _ = ended.send((exit.map_err(|e| e.to_string()), commands));
        });
        let (exit, commands) = end
            .recv_timeout(Duration::from_secs(10))
            .unwrap_or_else(|_| {
                panic!("the loop is held by the stuck reader (spinning: {spinning})")
            });
        assert_eq!(exit, Ok(Exit::Signal(SIGHUP)), "spinning: {spinning}");
        assert_eq!(commands, ["c 0 move e", "c 1 wait", "c 2 move w"]);
        drop(release);
    }
}

#[test]
fn snapshot_watch() {
    let mut app = dungeon();
    for _ in 0..12 {
        app.step();
    }
    insta::assert_snapshot!(screen(&mut app, 90, 48));
}

#[test]
fn snapshot_watch_with_a_faction_overlay() {
    let mut app = App::new(&level("dead-end.txt"), 1).unwrap();
    for _ in 0..12 {
        app.step();
    }
    app.handle(Intent::Show(Overlay::Knowledge));
    insta::assert_snapshot!(screen(&mut app, 60, 16));
}

#[test]
fn snapshot_danger_and_claims() {
    let mut app = App::new(&level("deadly-pass.txt"), 1).unwrap();
    app.step();
    app.handle(Intent::Show(Overlay::Claims));
    let claims = screen(&mut app, 60, 20);
    app.handle(Intent::Show(Overlay::Danger));
    let danger = screen(&mut app, 60, 20);
    insta::assert_snapshot!(format!("{claims}\n{danger}"));
}

#[test]
fn snapshot_help() {
    let mut app = dungeon();
    app.handle(Intent::Help);
    insta::assert_snapshot!(screen(&mut app, 80, 30));
}

#[test]
fn snapshot_too_small() {
    let mut app = dungeon();
    insta::assert_snapshot!(screen(&mut app, 30, 8));
    // Every size from nothing up draws without panicking.
    for w in 0..50 {
        for h in 0..16 {
            let area = ratatui::layout::Rect::new(0, 0, w, h);
            let mut buf = ratatui::buffer::Buffer::empty(area);
            ratatui::widgets::Widget::render(&app, area, &mut buf);
        }
    }
}

fn play_app() -> App {
    let level = darkstar::content::generator::play_level(
        &darkstar::content::generator::GenParams::default(),
        1,
    );
    App::play(&level, 1).unwrap()
}

#[test]
fn play_keys_move_in_eight_directions() {
    let press = |c| intent_for(key(c), Mode::Play);
    for (c, d) in [
        (KeyCode::Char('h'), Dir::W),
        (KeyCode::Char('j'), Dir::S),
        (KeyCode::Char('k'), Dir::N),
        (KeyCode::Char('l'), Dir::E),
        (KeyCode::Char('y'), Dir::NW),
        (KeyCode::Char('u'), Dir::NE),
        (KeyCode::Char('b'), Dir::SW),
        (KeyCode::Char('n'), Dir::SE),
        (KeyCode::Left, Dir::W),
        (KeyCode::Up, Dir::N),
        (KeyCode::Char('7'), Dir::NW),
        (KeyCode::Char('3'), Dir::SE),
    ] {
        assert_eq!(press(c), Some(Intent::Move(d)), "{c:?}");
    }
    assert_eq!(press(KeyCode::Char('.')), Some(Intent::Wait));
    assert_eq!(press(KeyCode::Char('x')), Some(Intent::Look));
    assert_eq!(press(KeyCode::Char('?')), Some(Intent::Help));
    assert_eq!(press(KeyCode::Char('q')), Some(Intent::Quit));
}

/// The player moves, time passes only when it acts, look mode moves a
/// cursor and not the player, and ticks never play a turn in play mode.
#[test]
fn play_mode_is_turn_based_and_looking_is_free() {
    let mut app = play_app();
    let start = app.game().player().unwrap().pos();
    app.tick();
    assert_eq!(app.game().turn(), 0, "ticks do not play turns");
    app.handle(Intent::Wait);
    assert_eq!(app.game().turn(), 1);
    app.handle(Intent::Look);
    app.handle(Intent::Move(Dir::E));
    assert_eq!(app.cursor(), Some(Pos::new(start.x + 1, start.y)));
    assert_eq!(app.game().turn(), 1, "looking takes no time");
    assert_eq!(app.game().player().unwrap().pos(), start);
    app.handle(Intent::Look);
    assert_eq!(app.cursor(), None);
    // Walk somewhere open: some direction from the start is floor.
    let moved = Dir::ALL.into_iter().any(|d| {
        app.handle(Intent::Move(d));
        app.game().player().unwrap().pos() != start
    });
    assert!(moved);
}

#[test]
fn snapshot_play() {
    let mut app = play_app();
    app.handle(Intent::Wait);
    insta::assert_snapshot!(screen(&mut app, 80, 30));
}

#[test]
fn snapshot_play_look_and_death() {
    let level = Level::parse(
        "name: duel\nfaction: goblins glyph=g sight=12 hostile\nmap:\n\
         ##########\n#g......@#\n#........#\n##########\n",
        "duel.txt".as_ref(),
    )
    .unwrap();
    let mut app = App::play(&level, 3).unwrap();
    app.handle(Intent::Look);
    app.handle(Intent::Move(Dir::W));
    let look = screen(&mut app, 60, 14);
    app.handle(Intent::Look);
    for _ in 0..200 {
        app.handle(Intent::Wait);
    }
    assert!(app.game_over());
    let end = screen(&mut app, 60, 14);
    app.handle(Intent::Quit);
    assert!(app.should_quit(), "after the end q quits without asking");
    insta::assert_snapshot!(format!("{look}\n{end}"));
}

/// The inspector records the selected monster's search and steps through
/// it; the game waits meanwhile.
#[test]
fn the_inspector_steps_through_a_monsters_search() {
    let mut app = figure1();
    app.handle(Intent::Inspect);
    let total = app.inspector().expect("open").trace.expansions();
    assert!(total > 5, "{total}");
    assert_eq!(app.inspector().unwrap().shown, 0);
    app.handle(Intent::InspectStep(1));
    app.handle(Intent::InspectStep(10));
    assert_eq!(app.inspector().unwrap().shown, 11.min(total));
    app.handle(Intent::InspectStep(-100));
    assert_eq!(app.inspector().unwrap().shown, 0);
    app.tick();
    assert_eq!(app.game().turn(), 0, "the game waits while inspecting");
    app.handle(Intent::Inspect);
    assert!(app.inspector().is_none());
}

#[test]
fn snapshot_inspector() {
    let mut app = figure1();
    app.handle(Intent::Inspect);
    app.handle(Intent::InspectStep(4));
    let stepping = screen(&mut app, 60, 14);
    app.handle(Intent::Zoom);
    let zoomed = screen(&mut app, 60, 14);
    app.handle(Intent::Zoom);
    app.handle(Intent::InspectStep(1000));
    let done = screen(&mut app, 60, 14);
    insta::assert_snapshot!(format!("{stepping}\n{zoomed}\n{done}"));
}

/// In play mode `y` is a move (north-west), so quitting is confirmed with
/// `q` or Enter, as the prompt says.
#[test]
fn play_mode_quits_with_q_twice() {
    let mut app = play_app();
    for c in ['q', 'q'] {
        let intent = intent_for(key(KeyCode::Char(c)), Mode::Play).unwrap();
        app.handle(intent);
    }
    assert!(app.should_quit());
    let mut app = play_app();
    app.handle(intent_for(key(KeyCode::Char('q')), Mode::Play).unwrap());
    app.handle(intent_for(key(KeyCode::Enter), Mode::Play).unwrap());
    assert!(app.should_quit());
    assert!(screen(&mut play_app(), 80, 30).contains("HP 40/40"));
}

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
        app.game().turn(),
        last_hash.0,
        "{:?}",
        app.log().collect::<Vec<_>>()
    );
    assert_eq!(app.game().state_hash(), last_hash.1);
    assert!(app.log().any(|l| l.contains("End of the replay")));
}

/// Plays `app` (a replay) until it pauses: at its end, or at a desync.
fn play_to_pause(app: &mut App) {
    let mut guard = 0;
    while !app.is_paused() && guard < 10_000 {
        app.tick();
        guard += 1;
    }
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
    assert_eq!(app.game().config(), &config);
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
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/replays/bot-run-seed70.replay");
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
    assert_eq!(app.selected(), app.game().player().map(|p| p.id()));
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
    assert_eq!(app.game().turn(), 20);
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
    assert_eq!(app.game().turn(), 20);
    insta::assert_snapshot!(screen(&mut app, 90, 30));
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
    let turn = app.game().turn();
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
        other => panic!("{:?}", other.map(|a| a.game().turn())),
    }
}

/// Field-planning monsters' routes on the knowledge overlay are read off
/// their faction's field from their cell (their plan is only their next
/// step): each drawn route is `Field::route` from the step it chose, and
/// the overlay shows them as far as they go, through unknown ground too.
#[test]
fn snapshot_knowledge_overlay_draws_field_routes() {
    let mut app = dungeon();
    for _ in 0..12 {
        app.step();
    }
    app.handle(Intent::Show(Overlay::Knowledge));
    let game = app.game();
    let f = &game.factions()[0];
    let routed: Vec<_> = game
        .monsters()
        .iter()
        .filter(|m| m.is_here() && m.faction() == 0 && !m.is_player())
        .filter(|m| m.plan().kind() == darkstar::path::Replanner::Field)
        .filter_map(|m| {
            let field = f.fields().get(m.plan().goal()?)?;
            let from = *m.plan().remaining().last()?;
            Some(field.route(f.knowledge(), from, 4096))
        })
        .collect();
    assert!(!routed.is_empty(), "the first faction plans with fields");
    let (w, h) = (90u16, 48u16);
    let text = screen(&mut app.clone(), w, h);
    let rows: Vec<Vec<char>> = text
        .lines()
        .map(|l| l.trim_matches('"').chars().collect())
        .collect();
    // Each route's cells in view, past its first two, are drawn as plan
    // cells unless a monster or a goal stands there.
    let mut checked = 0;
    for route in &routed {
        for &p in route.iter().skip(2) {
            let (x, y) = (p.x as usize, p.y as usize);
            if x >= w as usize || y >= (h - 6) as usize || game.world().occupant(p).is_some() {
                continue;
            }
            if f.spec().goal == Some(p) {
                continue;
            }
            assert_eq!(rows[y][x], '*', "route cell {p} of {route:?}");
            checked += 1;
        }
    }
    assert!(checked > 20, "only {checked} route cells in view");
    insta::assert_snapshot!(text);
}

/// The inspector on a field-planning monster shows its faction's field
/// grown from the target, step by step, and `a` switches to the
/// monster's own A* (each keeping its step) and back; a monster with its
/// own A* has no field to switch to.
#[test]
fn snapshot_inspector_on_a_field_monster() {
    use darkstar::path::field_trace::FieldEvent;
    use darkstar::ui::app::Figure;
    use ratatui::style::Color;
    for mode in [Mode::Watch, Mode::Play] {
        let a = intent_for(key(KeyCode::Char('a')), mode);
        assert_eq!(a, Some(Intent::InspectFigure), "{mode:?}");
    }
    let mut app = dungeon();
    for _ in 0..6 {
        app.step();
    }
    app.handle(Intent::Inspect);
    let i = app.inspector().expect("open");
    assert_eq!(
        i.figure,
        Figure::Field,
        "a field monster shows its field first"
    );
    let field = i.field.clone().expect("a field trace");
    let m = &app.game().monsters()[i.monster as usize];
    assert_eq!(
        (field.target, field.start),
        (m.plan().goal().unwrap(), m.pos())
    );
    let total = field.expansions();
    assert!(total > 30, "{total}");
    // The view over the target and the monster.
    app.handle(Intent::Inspect);
    let (t, s) = (field.target, field.start);
    app.handle(Intent::Scroll(t.x.min(s.x) - 10, t.y.min(s.y) - 2));
    app.handle(Intent::Inspect);
    app.handle(Intent::InspectStep(10));
    app.handle(Intent::InspectStep(10));
    app.handle(Intent::InspectStep(1));
    assert_eq!(app.inspector().unwrap().field_shown, 21);
    assert_eq!(app.inspector().unwrap().shown, 0);
    let stepping = screen(&mut app, 90, 56);
    // Colours: the cells expanded so far blue (the last yellow), the
    // frontier green, as the record has them after 21 expansions.
    let mut closed = Vec::new();
    let mut open = std::collections::BTreeSet::new();
    for e in &field.events {
        match *e {
            FieldEvent::Expanded { at, .. } if closed.len() < 21 => {
                open.remove(&(at.x, at.y));
                closed.push(at);
            }
            FieldEvent::Expanded { .. } => break,
            FieldEvent::Opened { at, .. } => {
                open.insert((at.x, at.y));
            }
        }
    }
    let area = ratatui::layout::Rect::new(0, 0, 90, 56);
    let mut buf = ratatui::buffer::Buffer::empty(area);
    ratatui::widgets::Widget::render(&app, area, &mut buf);
    let cam = app.camera();
    // The map is the top 48 rows (2 for the legend, 6 for the status
    // and the log).
    let in_view = |p: Pos| (0..90).contains(&(p.x - cam.x)) && (0..48).contains(&(p.y - cam.y));
    let bg = |p: Pos| buf[((p.x - cam.x) as u16, (p.y - cam.y) as u16)].bg;
    assert_eq!(bg(field.target), Color::LightMagenta);
    let mut seen = 0;
    for (k, &p) in closed
        .iter()
        .enumerate()
        .skip(1)
        .filter(|(_, p)| in_view(**p))
    {
        let want = if k == 20 { Color::Yellow } else { Color::Blue };
        assert_eq!(bg(p), want, "expanded cell {p}");
        seen += 1;
    }
    for p in open
        .iter()
        .map(|&(x, y)| Pos::new(x, y))
        .filter(|&p| in_view(p))
    {
        assert_eq!(bg(p), Color::Green, "queued cell {p}");
        seen += 1;
    }
    assert!(seen > 20, "{seen} cells of the search in view");
    assert!(
        stepping.contains(&format!("expansion 21/{total}, frontier ")),
        "{stepping}"
    );
    app.handle(Intent::Zoom);
    let zoomed = screen(&mut app, 90, 56);
    assert!(zoomed.contains("settled") && zoomed.contains("queued"));
    app.handle(Intent::Zoom);
    app.handle(Intent::InspectStep(1_000_000));
    let done = screen(&mut app, 90, 56);
    assert!(done.contains("its cell "), "{done}");
    app.handle(Intent::InspectFigure);
    assert_eq!(app.inspector().unwrap().figure, Figure::AStar);
    app.handle(Intent::InspectStep(3));
    assert_eq!(app.inspector().unwrap().shown, 3);
    assert_eq!(app.inspector().unwrap().field_shown, total);
    let astar = screen(&mut app, 90, 56);
    assert!(astar.contains("expansion 3/"), "{astar}");
    app.handle(Intent::InspectFigure);
    assert_eq!(app.inspector().unwrap().figure, Figure::Field);
    insta::assert_snapshot!(format!("{stepping}\n{zoomed}\n{done}\n{astar}"));

    let mut app = figure1();
    app.handle(Intent::Inspect);
    app.handle(Intent::InspectFigure);
    let i = app.inspector().unwrap();
    assert!(i.field.is_none());
    assert_eq!(i.figure, Figure::AStar);
    assert!(app.log().last().unwrap().contains("no field"));
}

/// The danger overlay on `deadly-pass.txt` after the first raider died in
/// the pass: the cell of the death red (two floor steps of danger), its
/// outer ring yellow (half a floor step), the one-cell corridor of the way
/// round blue (chokepoints: a tenth of a floor step each, shown apart from
/// the dead), open floor unmarked.
#[test]
fn the_danger_overlay_shows_chokepoints_apart_from_the_dead() {
    use darkstar::sim::Presence;
    use ratatui::style::Color;
    let mut app = App::new(&level("deadly-pass.txt"), 1).unwrap();
    let died = |app: &App| {
        app.game()
            .monsters()
            .iter()
            .find(|m| matches!(m.presence(), Presence::Dead(_)))
            .map(|m| m.pos())
    };
    for _ in 0..50 {
        if died(&app).is_some() {
            break;
        }
        app.step();
    }
    let death = died(&app).expect("a raider died in the pass");
    app.handle(Intent::Show(Overlay::Danger));
    let area = ratatui::layout::Rect::new(0, 0, 80, 30);
    let mut buf = ratatui::buffer::Buffer::empty(area);
    ratatui::widgets::Widget::render(&app, area, &mut buf);
    let cam = app.camera();
    let bg = |p: Pos| buf[((p.x - cam.x) as u16, (p.y - cam.y) as u16)].bg;
    let corridor = Pos::new(30, 1);
    let raiders = app.game().factions()[0].knowledge().influence();
    assert!(raiders.is_choke(corridor) && raiders.danger(corridor) == 0);
    assert_eq!(bg(corridor), Color::Blue, "a chokepoint");
    assert_eq!(bg(death), Color::Red, "where a raider died");
    assert_eq!(bg(Pos::new(death.x - 3, death.y + 3)), Color::Yellow);
    assert_eq!(bg(Pos::new(5, 5)), Color::Reset, "open floor");
}

// ---- Playing: fog-honest overlays, look, log, end screens, eyes ----

/// Every map cell drawn that is not blank must be one the player knows,
/// and every monster glyph drawn must stand where the player sees now.
/// Returns how many drawn cells broke that (0 when fog-honest).
fn unknown_cells_drawn(app: &App, w: u16, h: u16) -> usize {
    let area = ratatui::layout::Rect::new(0, 0, w, h);
    let mut buf = ratatui::buffer::Buffer::empty(area);
    ratatui::widgets::Widget::render(app, area, &mut buf);
    let game = app.game();
    let player = game.player().unwrap();
    let knowledge = game.factions()[player.faction()].knowledge();
    // The map view as drawn: watching, the legend and a shorter log
    // leave it less than the play screen's.
    let (vw, vh) = app.map_view_size();
    let cam = app.camera();
    let mut bad = 0;
    for sy in 0..vh {
        for sx in 0..vw {
            let cell = &buf[(sx, sy)];
            let p = Pos::new(cam.x + sx as i32, cam.y + sy as i32);
            let blank = cell.symbol() == " " && cell.bg == ratatui::style::Color::Reset;
            if !blank && !knowledge.is_known(p) {
                bad += 1;
            }
            if let Some(o) = game.world().occupant(p)
                && !game.monsters()[o as usize].is_player()
                && cell
                    .symbol()
                    .starts_with(game.kind_of(&game.monsters()[o as usize]).glyph)
                && !app.player_sees(p)
            {
                bad += 1;
            }
        }
    }
    bad
}

/// A play level with a goblin pack and a second faction, played a few
/// turns: monsters out of sight, much of the map unknown.
fn played_a_while() -> App {
    let mut app = play_app();
    for _ in 0..6 {
        app.handle(Intent::Wait);
    }
    app
}

/// Playing, no overlay key (nor faction, nor inspector) shows a cell the
/// player does not know or a monster the player does not see; revealing
/// shows them (so the check can see a leak), and marks the game.
#[test]
fn play_overlays_show_only_what_the_player_knows_unless_revealed() {
    let (w, h) = (80, 30);
    let mut app = played_a_while();
    let keys = [
        Intent::Show(Overlay::Knowledge),
        Intent::Show(Overlay::Danger),
        Intent::Show(Overlay::Cost),
        Intent::Show(Overlay::Claims),
        Intent::NextFaction,
        Intent::Inspect,
    ];
    assert_eq!(unknown_cells_drawn(&app, w, h), 0);
    for k in keys {
        app.handle(k);
        assert_eq!(unknown_cells_drawn(&app, w, h), 0, "after {k:?}");
        assert!(app.inspector().is_none(), "no inspector without reveal");
    }
    assert!(!status_row(&app).contains("REVEALED"));
    assert!(app.recording().revealed().is_none());
    // Revealed: the monsters' knowledge overlay shows the true ground they
    // know (and their plans), which the player has never seen.
    app.handle(intent_for(key(KeyCode::Char('V')), Mode::Play).unwrap());
    assert!(app.revealing());
    app.handle(Intent::Show(Overlay::Knowledge));
    assert_eq!(app.overlay(), Overlay::Knowledge);
    assert!(
        unknown_cells_drawn(&app, w, h) > 0,
        "reveal shows the hidden"
    );
    let turn = app.game().turn();
    assert!(status_row(&app).starts_with("REVEALED (V: hide) | HP"));
    // Turned off again: honest again, and still marked.
    app.handle(Intent::Reveal);
    assert_eq!(unknown_cells_drawn(&app, w, h), 0);
    assert!(status_row(&app).starts_with("REVEALED | HP"));
    // The mark is in the recording (and its text), and a replay of it
    // says so.
    let recording = app.recording();
    assert_eq!(recording.revealed(), Some(turn));
    let text = recording.to_text();
    assert!(text.contains(&format!("\nr {turn}\n")), "{text}");
    let back = darkstar::record::replay::Replay::parse(&text, "x.replay".as_ref()).unwrap();
    assert_eq!(back, recording);
    assert!(back.verify().unwrap().is_ok());
    let mut replayed = App::replay(&back).unwrap();
    assert_eq!(replayed.revealed_at(), Some(turn));
    assert!(status_row(&replayed).starts_with("REVEALED | "));
    play_to_pause(&mut replayed);
    assert!(replayed.desync().is_none(), "{:?}", replayed.desync());
    assert!(
        replayed
            .log()
            .any(|l| *l == format!("{turn}: The player revealed the map here."))
    );
    // A resumed save stays marked.
    let resumed = App::resume(recording).unwrap();
    assert_eq!(resumed.revealed_at(), Some(turn));
    assert!(status_row(&resumed).starts_with("REVEALED | "));
}

/// The status row of an 80x30 screen (the sixth row from the bottom).
fn status_row(app: &App) -> String {
    let text = screen(&mut app.clone(), 80, 30);
    let rows: Vec<&str> = text.lines().collect();
    rows[rows.len() - 6]
        .trim_matches('"')
        .trim_end()
        .to_string()
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

fn look_level() -> Level {
    Level::parse(
        "name: look\nfaction: goblins glyph=g sight=12 speed=150 hostile\n\
         faction: moles glyph=m sight=0\nmap:\n\
         ############\n#@>$,=:~+..#\n#.....g....#\n#######.####\n#######m####\n############\n",
        "look.txt".as_ref(),
    )
    .unwrap()
}

/// Look names the stairs, the treasure and each terrain with what a step
/// costs in turns, and a monster the player sees with its faction, HP,
/// speed, sight and whether it hunts the player; a monster out of sight is
/// not described.
#[test]
fn snapshot_look_descriptions() {
    use darkstar::ui::widgets::describe;
    let level = look_level();
    let mut app = App::play(&level, 1).unwrap();
    let mut out = Vec::new();
    for x in 1..=9 {
        out.extend(describe(&app, Pos::new(x, 1)));
    }
    let goblin = app.game().monsters()[0].pos();
    let before = describe(&app, goblin);
    out.extend(before.clone());
    app.handle(Intent::Wait);
    let goblin = app.game().monsters()[0].pos();
    let after = describe(&app, goblin);
    out.extend(after.clone());
    // The mole is behind walls: the player knows nothing of its cell.
    let mole = app.game().monsters()[1].pos();
    let unseen = describe(&app, mole);
    assert!(!unseen.iter().any(|l| l.contains("mole")), "{unseen:?}");
    out.extend(unseen);
    let text = out.join("\n");
    assert!(
        text.contains("Swamp (,): a step costs 3 turns (4.2 diagonally)."),
        "{text}"
    );
    assert!(text.contains("The stairs (>)") && text.contains("The treasure ($)"));
    assert!(
        after.iter().any(|l| l.contains("It is hunting you.")),
        "{after:?}"
    );
    assert!(
        before
            .iter()
            .any(|l| l.contains("HP 6, speed 1.5, sight 12")),
        "{before:?}"
    );
    // Drawn: a box over the map, the status row says how to leave.
    app.handle(Intent::Look);
    for _ in 0..3 {
        app.handle(Intent::Move(Dir::E));
    }
    let drawn = screen(&mut app, 60, 16);
    assert!(drawn.contains("Swamp"), "{drawn}");
    insta::assert_snapshot!(format!("{text}\n\n{drawn}"));
}

/// A monster on a cell the player knows but does not see now is not
/// described (it was, before), and the look says how old the memory is:
/// the player's last sight of the cell was its move on turn 5.
#[test]
fn look_shows_monsters_only_where_the_player_sees_now() {
    use darkstar::ui::widgets::describe;
    let level = Level::parse(
        "name: corner\nfaction: moles glyph=m sight=0\nmap:\n\
         #######\n#@....#\n#####.#\n#m....#\n#######\n",
        "corner.txt".as_ref(),
    )
    .unwrap();
    let mut app = App::play(&level, 1).unwrap();
    let mole = app.game().monsters()[0].pos();
    assert!(!app.player_sees(mole));
    // Round the corner, where the mole's corridor is in sight.
    for d in [Dir::E, Dir::E, Dir::E, Dir::E, Dir::S, Dir::S] {
        app.handle(Intent::Move(d));
    }
    assert!(app.player_sees(mole));
    let seen = describe(&app, mole);
    assert!(seen.iter().any(|l| l.contains("A mole (m)")), "{seen:?}");
    // Back out of sight: the cell is known, the mole no longer shown.
    for d in [Dir::N, Dir::N, Dir::W, Dir::W, Dir::W, Dir::W] {
        app.handle(Intent::Move(d));
    }
    assert_eq!(app.game().monsters()[0].pos(), mole, "moles stay put");
    assert!(!app.player_sees(mole));
    let text = describe(&app, mole);
    assert!(!text.iter().any(|l| l.contains("mole")), "{text:?}");
    assert!(
        text.iter()
            .any(|l| l == "You do not see it now (last seen on turn 5; now turn 12)."),
        "{text:?}"
    );
}

/// The look box names a monster with its article as the log does
/// (`FactionSpec::a_one`): "An orc", "An ogre", "A goblin", never "A orc".
#[test]
fn the_look_box_says_an_orc() {
    use darkstar::ui::widgets::describe;
    let level = Level::parse(
        "name: orcs\nfaction: orcs glyph=o kind=orc\nfaction: ogres glyph=O kind=ogre\n\
         faction: goblins glyph=g kind=goblin\nmap:\n\
         ########\n#@o.O.g#\n########\n",
        "orcs.txt".as_ref(),
    )
    .unwrap();
    let mut app = App::play(&level, 1).unwrap();
    let said = |app: &App, x: i32| describe(app, Pos::new(x, 1)).join("\n");
    let (orc, ogre, goblin) = (said(&app, 2), said(&app, 4), said(&app, 6));
    assert!(orc.contains("An orc (o), of the orcs: "), "{orc}");
    assert!(ogre.contains("An ogre (O), of the ogres: "), "{ogre}");
    assert!(
        goblin.contains("A goblin (g), of the goblins: "),
        "{goblin}"
    );
    // Drawn: the look box over the map, its cursor on the orc.
    app.handle(Intent::Look);
    app.handle(Intent::Move(Dir::E));
    let text = screen(&mut app, 60, 16);
    assert!(text.contains("An orc (o)"), "{text}");
    assert!(!text.contains("A orc"), "{text}");
}

/// The same words repeated collapse into one line with a count.
#[test]
fn the_log_collapses_repeats_and_keeps_a_bounded_history() {
    let mut app = duel();
    for _ in 0..4 {
        app.handle(Intent::Move(Dir::E)); // A wall the player sees.
    }
    assert_eq!(app.game().turn(), 0, "a known wall takes no time");
    assert_eq!(app.log().last().unwrap(), "0: A wall. x4");
    assert_eq!(app.log().filter(|l| l.contains("A wall")).count(), 1);
    // Bounded: a long watch keeps the last messages only.
    let mut app = dungeon();
    for _ in 0..(darkstar::ui::log::MessageLog::CAPACITY + 50) {
        app.handle(Intent::TogglePause);
    }
    assert_eq!(app.log().len(), darkstar::ui::log::MessageLog::CAPACITY);
}

fn duel() -> App {
    let level = Level::parse(
        "name: duel\nfaction: goblins glyph=g sight=12 hostile\nmap:\n\
         ##########\n#g......@#\n#........#\n##########\n",
        "duel.txt".as_ref(),
    )
    .unwrap();
    App::play(&level, 3).unwrap()
}

/// The log speaks English: "you hit", "the goblin hits you", "1 state
/// hash" but "4 state hashes".
#[test]
fn the_log_says_you_hit_and_counts_in_the_singular() {
    let mut app = duel();
    // Wait for the goblin, then hit it.
    while app.game().monsters()[0].pos().x < 7 && app.game().turn() < 20 {
        app.handle(Intent::Wait);
    }
    let goblin = app.game().monsters()[0].pos();
    let me = app.game().player().unwrap().pos();
    app.handle(Intent::Move(me.dir_to(goblin).expect("next to it")));
    let log: Vec<&String> = app.log().collect();
    assert!(
        log.iter().any(|l| l.contains("You hit the goblin for ")),
        "{log:?}"
    );
    assert!(
        log.iter().any(|l| l.contains("The goblin hits you for ")),
        "{log:?}"
    );
    assert!(
        !log.iter()
            .any(|l| l.contains("hits the") && l.contains("You hits"))
    );
    // One hash checked: singular.
    let level = level("deadly-pass.txt");
    let config = darkstar::sim::SimConfig::default();
    let mut rec = darkstar::record::replay::Recorder::new(
        darkstar::record::replay::LevelSource::Text(level.to_text()),
        2,
        config,
        10,
    );
    let mut game = darkstar::sim::Game::new(&level, 2, config).unwrap();
    for _ in 0..10 {
        rec.apply(&mut game, darkstar::sim::Command::Advance);
    }
    let mut app = App::replay(rec.replay()).unwrap();
    play_to_pause(&mut app);
    assert!(
        app.log()
            .any(|l| l.contains("End of the replay: in sync, 1 state hash checked.")),
        "{:?}",
        app.log().collect::<Vec<_>>()
    );
}

/// Playing, the log says nothing of what the player cannot know: no
/// replans, no bumps of monsters, no fights out of sight; the same game
/// watched (its replay) shows they happened.
#[test]
fn play_logs_no_ai_internal_messages() {
    // A blind monster beyond a wall, walking into walls on its way.
    let level = Level::parse(
        "name: busy\nfaction: blind glyph=b sight=0 goal=1\nmap:\n\
         ##############\n#@..#........#\n#...#.b.###..#\n#...#...#1#..#\n##############\n",
        "busy.txt".as_ref(),
    )
    .unwrap();
    let mut app = App::play(&level, 1).unwrap();
    for _ in 0..40 {
        app.handle(Intent::Wait);
    }
    let internal = |l: &String| {
        l.contains("replans") || l.contains("bumps into") || l.contains("finds no way")
    };
    let played: Vec<&String> = app.log().collect();
    assert!(!played.iter().any(|l| internal(l)), "{played:?}");
    let mut watched = App::replay(&app.recording()).unwrap();
    play_to_pause(&mut watched);
    assert!(watched.log().any(internal), "the AI did replan meanwhile");
}

/// Ctrl-P opens the whole log (more than the four rows under the map),
/// the move keys scroll it, any other key closes it.
#[test]
fn ctrl_p_shows_the_message_history() {
    let ctrl_p = KeyEvent::new(KeyCode::Char('p'), KeyModifiers::CONTROL);
    assert_eq!(intent_for(ctrl_p, Mode::Play), Some(Intent::History));
    assert_eq!(intent_for(ctrl_p, Mode::Watch), Some(Intent::History));
    let mut app = dungeon();
    for _ in 0..30 {
        app.handle(Intent::TogglePause);
        app.handle(Intent::Step);
    }
    let first = app.log().next().unwrap().clone();
    assert!(!screen(&mut app, 80, 30).contains(&first));
    app.handle(Intent::History);
    assert_eq!(app.history(), Some(0));
    let newest = screen(&mut app, 80, 30);
    assert!(newest.contains("Messages ("), "{newest}");
    assert!(newest.contains(app.log().last().unwrap().as_str()));
    // Scrolled back to the oldest.
    for _ in 0..200 {
        app.handle(Intent::Scroll(0, -8));
    }
    assert_eq!(app.history(), Some(app.log().len() - 1));
    assert!(screen(&mut app, 80, 30).contains(&first));
    app.handle(Intent::Scroll(0, 8));
    assert_eq!(app.history(), Some(app.log().len() - 2));
    let turn = app.game().turn();
    app.tick();
    assert_eq!(app.game().turn(), turn, "the history pauses the game");
    app.handle(Intent::Help);
    assert_eq!(app.history(), None, "any other key closes");
    assert!(!app.showing_help(), "and does nothing else");
    // In play, k scrolls it (not the player).
    let mut app = duel();
    for _ in 0..5 {
        app.handle(Intent::Move(Dir::E));
        app.handle(Intent::Wait);
    }
    app.handle(Intent::History);
    let at = app.game().player().unwrap().pos();
    app.handle(Intent::Move(Dir::N));
    assert_eq!(app.history(), Some(1));
    assert_eq!(app.game().player().unwrap().pos(), at);
}

/// The killer is named with its article everywhere it is named: "an
/// orc", not "a orc" (seen on the end screen of a run played in tmux).
#[test]
fn the_killer_is_an_orc_not_a_orc() {
    let level = Level::parse(
        "name: duel\nfaction: orcs glyph=o sight=12 hostile hp=90 damage=3d6\nmap:\n\
         ######\n#o.@.#\n######\n",
        "duel.txt".as_ref(),
    )
    .unwrap();
    let mut app = App::play(&level, 3).unwrap();
    while !app.game_over() {
        app.handle(Intent::Wait);
        assert!(app.game().turn() < 300);
    }
    let text = screen(&mut app, 80, 24);
    assert!(text.contains("killed by an orc (o)."), "{text}");
    assert!(text.contains("Killed by an orc (o)."), "{text}");
    assert_eq!(app.morgue().cause, "killed by an orc");
}

/// The end screens: turns, kills, damage taken, what killed the player,
/// cells explored, and `n` for a new game; after a win the status row no
/// longer sends the player to the stairs.
#[test]
fn snapshot_end_summaries() {
    use darkstar::ui::widgets::end_summary;
    // Death: the goblin of the duel.
    let mut app = duel();
    while !app.game_over() {
        app.handle(Intent::Wait);
        assert!(app.game().turn() < 200);
    }
    let death = end_summary(&app).unwrap();
    let taken: i32 = app
        .log()
        .filter_map(|l| l.split("hits you for ").nth(1))
        .map(|n| {
            // A message said again in a row is counted, "... for 2. x2".
            let (amount, times) = n.split_once(". x").unwrap_or((n, "1"));
            let amount: i32 = amount.trim_end_matches('.').parse().unwrap();
            amount * times.parse::<i32>().unwrap()
        })
        .sum();
    assert_eq!(app.tally().damage_taken, taken);
    assert!(death[0].contains("killed by a goblin (g)"), "{death:?}");
    let death_screen = screen(&mut app, 60, 18);
    // Win: the treasure beside the player, the stairs two steps back.
    let level = Level::parse(
        "name: haul\nfaction: moles glyph=m sight=0\nmap:\n#######\n#>.@$.#\n#.....#\n#######\n#m....#\n#######\n",
        "haul.txt".as_ref(),
    )
    .unwrap();
    let mut app = App::play(&level, 1).unwrap();
    for d in [Dir::E, Dir::W, Dir::W, Dir::W] {
        app.handle(Intent::Move(d));
    }
    assert!(app.game_over());
    let win = end_summary(&app).unwrap();
    let win_screen = screen(&mut app, 60, 18);
    let status = status_row(&app);
    assert!(status.contains("| escaped with the $ |"), "{status}");
    assert!(!status.contains("carried"), "{status}");
    assert!(win.iter().any(|l| l == "Turns played      3"), "{win:?}");
    insta::assert_snapshot!(format!(
        "{}\n\n{death_screen}\n{}\n\n{win_screen}",
        death.join("\n"),
        win.join("\n")
    ));
}

/// Kills and damage are counted from what happened, exactly, also for a
/// resumed save (its replay is counted again).
#[test]
fn the_tally_counts_kills_and_survives_a_resume() {
    let level = Level::parse(
        "name: brawl\nfaction: rats glyph=r sight=8 hostile\nmap:\n\
         #########\n#r.....@#\n#r.......#\n##########\n",
        "brawl.txt".as_ref(),
    );
    let level = match level {
        Ok(l) => l,
        Err(_) => Level::parse(
            "name: brawl\nfaction: rats glyph=r sight=8 hostile\nmap:\n\
             #########\n#r.....@#\n#r......#\n#########\n",
            "brawl.txt".as_ref(),
        )
        .unwrap(),
    };
    let mut app = App::play(&level, 5).unwrap();
    let mut guard = 0;
    while !app.game_over() && guard < 300 {
        guard += 1;
        let me = app.game().player().unwrap().pos();
        let near = app
            .game()
            .monsters()
            .iter()
            .filter(|m| m.is_here() && !m.is_player())
            .find_map(|m| me.dir_to(m.pos()));
        match near {
            Some(d) => app.handle(Intent::Move(d)),
            None => app.handle(Intent::Wait),
        }
        if app.tally().kills > 0 && !app.game_over() {
            break;
        }
    }
    let dead = app
        .game()
        .monsters()
        .iter()
        .filter(|m| !m.is_player() && !m.is_here())
        .count() as u32;
    assert!(
        app.tally().kills >= 1,
        "{:?}",
        app.log().collect::<Vec<_>>()
    );
    assert_eq!(app.tally().kills, dead, "only the player kills here");
    assert!(app.log().any(|l| l.contains("You kill the rat!")));
    if !app.game_over() {
        let resumed = App::resume(app.recording()).unwrap();
        assert_eq!(resumed.tally(), app.tally());
    }
}

/// `n` on the end screen asks for a new game (a move key while playing):
/// the app quits with the wish, and the next game is the same level with
/// the next seed, from turn 0.
#[test]
fn n_on_the_end_screen_starts_a_new_game() {
    use darkstar::ui::keymap::end_intent_for;
    let n = key(KeyCode::Char('n'));
    assert_eq!(intent_for(n, Mode::Play), Some(Intent::Move(Dir::SE)));
    assert_eq!(end_intent_for(n, Mode::Play), Some(Intent::NewGame));
    let mut app = duel();
    app.handle(Intent::NewGame);
    assert!(!app.should_quit(), "not while playing");
    while !app.game_over() {
        app.handle(Intent::Wait);
    }
    app.handle(end_intent_for(n, Mode::Play).unwrap());
    assert!(app.should_quit() && app.wants_new_game());
    let next = app.next_game().unwrap();
    assert_eq!(next.game().seed(), app.game().seed() + 1);
    assert_eq!(next.game().turn(), 0);
    assert_eq!(next.mode(), Mode::Play);
    assert!(!next.game_over() && !next.wants_new_game());
    assert_eq!(
        next.game().world().terrain().to_ascii(),
        app.game().world().terrain().to_ascii()
    );
    // Quitting the end screen plainly is no wish for another.
    let mut app = duel();
    while !app.game_over() {
        app.handle(Intent::Wait);
    }
    app.handle(Intent::Quit);
    assert!(app.should_quit() && !app.wants_new_game());
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

/// `?` pages through the keys, every glyph with its cost, and the
/// factions of the level; every page fits 80x24.
#[test]
fn snapshot_help_pages() {
    use darkstar::ui::widgets::help_lines;
    let mut app = play_app();
    let mut pages = Vec::new();
    app.handle(Intent::Help);
    for page in 0..3 {
        assert_eq!(app.help_page(), page);
        let (_, lines) = help_lines(&app, page);
        assert!(
            lines.len() + 4 <= 24,
            "page {page} has {} lines",
            lines.len()
        );
        assert!(
            lines.iter().all(|l| l.chars().count() + 4 <= 80),
            "{lines:?}"
        );
        pages.push(screen(&mut app, 80, 24));
        app.handle(Intent::Wait);
    }
    assert!(!app.showing_help());
    let glyphs = &pages[1];
    assert!(glyphs.contains("swamp: a step costs 3 turns"), "{glyphs}");
    assert!(
        pages[2].contains("goblins") && pages[2].contains("hostile"),
        "{}",
        pages[2]
    );
    insta::assert_snapshot!(pages.join("\n"));
}

// ---- Watching (issue 12, helper A): the combined view, the legend, the
// camera, the status rows at 80 columns, the inspector's keys, the cost
// overlay.

/// A cell of a drawn `width` x `height` screen.
fn drawn(app: &mut App, width: u16, height: u16) -> ratatui::buffer::Buffer {
    let area = ratatui::layout::Rect::new(0, 0, width, height);
    let mut buf = ratatui::buffer::Buffer::empty(area);
    // As the event loop does: lay out, then draw.
    if let Some(view) = darkstar::ui::widgets::map_view_size(app, area) {
        app.lay_out(view);
    }
    ratatui::widgets::Widget::render(&*app, area, &mut buf);
    buf
}

/// Row `y` of a drawn screen as text.
fn row(buf: &ratatui::buffer::Buffer, y: u16) -> String {
    (0..buf.area.width)
        .map(|x| buf[(x, y)].symbol().to_string())
        .collect()
}

/// A level with `n` factions, each a pair of monsters heading east.
fn many_factions(n: usize) -> Level {
    let names = [
        "blind",
        "scouts",
        "natives",
        "walkers",
        "seekers",
        "wanderers",
    ];
    let glyphs = ['b', 's', 'n', 'w', 'e', 'a'];
    // A long name, which the status row must leave out at 80 columns.
    let mut text =
        String::from("name: Many factions with a name too long for the row\ndescription: Many.\n");
    for k in 0..n {
        text.push_str(&format!(
            "faction: {} glyph={} sight={k} planner=astar goal=1\n",
            names[k], glyphs[k]
        ));
    }
    text.push_str("map:\n");
    let width = 100;
    text.push_str(&"#".repeat(width));
    text.push('\n');
    for (k, g) in glyphs.iter().enumerate().take(n) {
        let mut line = format!("#{g}{g}");
        line.push_str(&".".repeat(width - 4 - usize::from(k == 0)));
        if k == 0 {
            line.push('1');
        }
        line.push('#');
        text.push_str(&line);
        text.push('\n');
    }
    text.push_str(&"#".repeat(width));
    text.push('\n');
    Level::parse(&text, std::path::Path::new("many.txt")).unwrap()
}

#[test]
fn watch_opens_at_two_turns_a_second_on_the_combined_view() {
    let mut app = dungeon();
    assert_eq!(app.turns_per_second(), 2);
    assert_eq!(app.overlay(), Overlay::Combined);
    assert!(app.following());
    // `T` shows the pure true map, and again the combined view.
    let t = intent_for(key(KeyCode::Char('T')), Mode::Watch);
    assert_eq!(t, Some(Intent::Show(Overlay::None)));
    app.handle(t.unwrap());
    assert_eq!(app.overlay(), Overlay::None);
    app.handle(t.unwrap());
    assert_eq!(app.overlay(), Overlay::Combined);
    app.handle(Intent::Show(Overlay::Knowledge));
    app.handle(Intent::Show(Overlay::Knowledge));
    assert_eq!(app.overlay(), Overlay::Combined, "a second press goes back");
    let text = screen(&mut app, 80, 24);
    assert!(text.contains("true map+plans of blind"), "{text}");
    // Playing, the default stays the player's own view.
    let play = play_app();
    assert_eq!(play.overlay(), Overlay::None);
    // Playing, `t` throws, and `T` is the same key as in watch: no
    // overlay (the player's own view), after `V`.
    assert_eq!(
        intent_for(key(KeyCode::Char('t')), Mode::Play),
        Some(Intent::ThrowItem)
    );
    assert_eq!(intent_for(key(KeyCode::Char('T')), Mode::Play), t);
}

/// The combined view on Dead-end alley: the blind (sight 0) plan
/// straight through the wall they have not found (`*` on grey where the
/// truth is `#`); walls they have not found are drawn dim on grey, known
/// cells plain.
#[test]
fn snapshot_combined_watch_view() {
    use ratatui::style::Color;
    let mut app = App::new(&level("dead-end.txt"), 1).unwrap();
    for _ in 0..6 {
        app.step();
    }
    let buf = drawn(&mut app, 80, 24);
    let wall = Pos::new(11, 2);
    assert_eq!(
        app.game().world().get(wall),
        Some(darkstar::map::terrain::Terrain::Wall)
    );
    let cell = &buf[(11, 2)];
    assert_eq!(
        (cell.symbol(), cell.bg),
        ("*", Color::DarkGray),
        "the plan through the unknown wall"
    );
    let corner = &buf[(0, 0)];
    assert_eq!(
        (corner.symbol(), corner.fg, corner.bg),
        ("#", Color::Black, Color::DarkGray),
        "an undiscovered wall, dim on grey"
    );
    let b = app.game().monsters()[0].pos();
    let (x, y) = (b.x as u16, b.y as u16);
    assert_eq!(buf[(x, y)].symbol(), "b");
    assert!(app.game().factions()[0].knowledge().is_known(b));
    let start = Pos::new(1, 1);
    assert_eq!(buf[(1, 1)].bg, Color::Reset, "{start}: known, plain");
    insta::assert_snapshot!(screen(&mut app, 80, 24));
}

/// A bump flashes and the frame after the replan draws the new plan: the
/// wall bumped into no longer has a `*` on it, and every cell of the new
/// plan in view does.
#[test]
fn the_frame_after_a_bump_draws_the_new_plan() {
    use ratatui::style::Color;
    let mut app = App::new(&level("dead-end.txt"), 1).unwrap();
    let mut turns = 0;
    while !app.log().any(|l| l.contains("bumps into")) {
        app.step();
        turns += 1;
        assert!(turns < 50, "no bump");
    }
    let buf = drawn(&mut app, 80, 24);
    let &(flash, _) = app.flashes().last().unwrap();
    assert_eq!(buf[(flash.x as u16, flash.y as u16)].bg, Color::Red);
    let m = &app.game().monsters()[0];
    let plan = m.plan().remaining();
    assert!(plan.len() > 2, "{plan:?}");
    assert!(!plan.contains(&flash), "the new plan avoids the wall");
    for &p in plan.iter().skip(1) {
        if app.game().factions()[0].spec().goal == Some(p) {
            continue;
        }
        assert_eq!(buf[(p.x as u16, p.y as u16)].symbol(), "*", "plan cell {p}");
    }
}

/// The legend is on screen in watch at 80x24 on every level: each glyph
/// and the viewed faction (sight, planner, unknown cost); beside the map
/// on a small level (which it does not cover), under it on a wide one.
#[test]
fn the_legend_is_always_on_screen_in_watch() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("levels");
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.ends_with(".txt"))
        .collect();
    names.sort();
    assert!(names.len() >= 5);
    for name in names {
        let mut app = App::new(&level(&name), 1).unwrap();
        app.step();
        let text = screen(&mut app, 80, 24);
        let f = app.game().factions()[app.faction()].spec();
        let planner = match f.planner {
            darkstar::path::Replanner::AStar => "A*",
            darkstar::path::Replanner::DStarLite => "D* Lite",
            darkstar::path::Replanner::Field => "field",
        };
        for want in [
            "floor 1", "road .7", "plan", "goal", "unknown", "bump", planner,
        ] {
            assert!(text.contains(want), "{name}: no {want:?}\n{text}");
        }
        assert!(
            text.contains("sight ") || text.contains("knows map"),
            "{name}\n{text}"
        );
        assert!(
            text.contains(&format!("{} {}", f.glyph(), f.name)),
            "{name}\n{text}"
        );
        // The level's top-left corner is drawn: the legend hides none of
        // a small level.
        let buf = drawn(&mut app, 80, 24);
        let w = app.game().world().terrain().width() as u16;
        if w + 28 <= 80 {
            for x in 0..w {
                let drawn = buf[(x, 0)].symbol();
                assert_ne!(drawn, " ", "{name}: top row at {x}");
            }
        }
    }
    let mut app = App::new(&level("maze.txt"), 1).unwrap();
    app.step();
    let panel = screen(&mut app, 80, 24);
    let mut app = dungeon();
    app.step();
    let rows = screen(&mut app, 80, 24);
    insta::assert_snapshot!(format!("{panel}\n{rows}"));
}

/// `f`/Tab cycles over the factions with monsters of their own, and the
/// legend names the one viewed.
#[test]
fn factions_cycle_over_monster_factions() {
    let mut app = App::new(&many_factions(4), 1).unwrap();
    let mut seen = Vec::new();
    for _ in 0..4 {
        seen.push(app.faction());
        app.handle(Intent::NextFaction);
    }
    assert_eq!(seen, [0, 1, 2, 3]);
    assert_eq!(app.faction(), 0);
    // Watching a game with a player (a played game's replay), the
    // player's faction is left out.
    let level = darkstar::content::generator::play_level(
        &darkstar::content::generator::GenParams::default(),
        1,
    );
    let mut app = App::new(&level, 1).unwrap();
    let player = app.game().player().unwrap().faction();
    let n = app.game().factions().len();
    assert!(n >= 4, "{n}");
    let mut seen = std::collections::BTreeSet::new();
    for _ in 0..2 * n {
        assert_ne!(app.faction(), player);
        seen.insert(app.faction());
        app.handle(Intent::NextFaction);
    }
    assert_eq!(seen.len(), n - 1);
}

/// Ten presses of `j` (or `l`) never show blank space past the map; a
/// map smaller than the view stays at 0; moving the view stops following.
#[test]
fn the_camera_stays_on_the_map() {
    let mut app = dungeon();
    let (w, h) = (80u16, 24u16);
    drawn(&mut app, w, h);
    for _ in 0..10 {
        app.handle(Intent::Scroll(0, 8));
        app.handle(Intent::Scroll(8, 0));
    }
    assert!(!app.following());
    let buf = drawn(&mut app, w, h);
    // The map view is 80 x 18 (two legend rows, status, counters, two
    // log rows); the map 80 x 40.
    let map_h = app.game().world().terrain().height() as i32;
    assert_eq!(app.camera(), Pos::new(0, map_h - 18));
    for y in 0..18 {
        assert!(
            row(&buf, y).trim_end().len() == 80,
            "row {y} runs to the edge"
        );
    }
    let bottom = row(&buf, 17);
    assert!(bottom.chars().all(|c| c == '#'), "{bottom}");
    // Straight back up: no dead presses spent beyond the edge.
    app.handle(Intent::Scroll(0, -8));
    assert_eq!(app.camera(), Pos::new(0, map_h - 26));
    let mut small = App::new(&level("dead-end.txt"), 1).unwrap();
    drawn(&mut small, w, h);
    for _ in 0..10 {
        small.handle(Intent::Scroll(8, 8));
    }
    assert_eq!(small.camera(), Pos::new(0, 0));
}

/// Following (the default, `F` toggles, `m`/`M` pick the monster): the
/// selected monster stays in view however far it goes.
#[test]
fn the_camera_follows_the_selected_monster() {
    let key_is =
        |c: char, i: Intent| assert_eq!(intent_for(key(KeyCode::Char(c)), Mode::Watch), Some(i));
    key_is('F', Intent::ToggleFollow);
    key_is('m', Intent::NextMonster(1));
    key_is('M', Intent::NextMonster(-1));
    let mut app = dungeon();
    app.handle(Intent::NextMonster(1));
    let id = app.selected().unwrap();
    assert_eq!(app.game().monsters()[id as usize].faction(), app.faction());
    app.handle(Intent::NextMonster(-1));
    app.handle(Intent::NextMonster(1));
    assert_eq!(app.selected(), Some(id), "m then M then m: the same one");
    let (mut moved, mut lowest) = (false, 0);
    for _ in 0..120 {
        app.step();
        drawn(&mut app, 80, 24);
        let Some(sel) = app.selected() else { break };
        let p = app.game().monsters()[sel as usize].pos();
        let cam = app.camera();
        assert!(
            (0..80).contains(&(p.x - cam.x)) && (0..18).contains(&(p.y - cam.y)),
            "{p} out of the view at {cam}"
        );
        moved |= cam != Pos::new(0, 0);
        lowest = lowest.max(p.y);
    }
    assert!(
        moved && lowest >= 18,
        "the monster left the first screen ({lowest})"
    );
    // F: the view stays put while the monsters move on.
    app.handle(Intent::ToggleFollow);
    assert!(!app.following());
    let cam = app.camera();
    for _ in 0..20 {
        app.step();
        drawn(&mut app, 80, 24);
    }
    assert_eq!(app.camera(), cam);
}

/// The inspector opens on the viewed faction's monsters only (`m` stays
/// among them), centres the view on the one it opens on, and says so when
/// that faction has none to inspect.
#[test]
fn the_inspector_inspects_the_viewed_faction_and_centres_on_it() {
    let mut app = App::new(&level("cave.txt"), 1).unwrap();
    app.step();
    app.handle(Intent::NextFaction);
    assert_eq!(app.faction(), 1);
    drawn(&mut app, 80, 24);
    app.handle(Intent::ToggleFollow); // Centring is not following.
    app.handle(Intent::Inspect);
    let mut seen = std::collections::BTreeSet::new();
    for _ in 0..8 {
        let buf = drawn(&mut app, 80, 24);
        let i = app.inspector().expect("open");
        let m = &app.game().monsters()[i.monster as usize];
        assert_eq!(m.faction(), 1, "a scout, over the scouts' knowledge");
        seen.insert(i.monster);
        let cam = app.camera();
        // The view (80 x 18, the map 120 x 60) centred on it, on the map.
        let want = Pos::new((m.pos().x - 40).clamp(0, 40), (m.pos().y - 9).clamp(0, 42));
        assert_eq!(cam, want, "centred on {}", m.pos());
        let s = ((m.pos().x - cam.x) as u16, (m.pos().y - cam.y) as u16);
        assert_eq!(buf[s].symbol(), "S", "the search's start, the monster");
        app.handle(Intent::NextMonster(1));
    }
    assert!(seen.len() > 1, "m cycles: {seen:?}");
    // `M` goes back the way `m` came.
    let at = app.inspector().unwrap().monster;
    app.handle(Intent::NextMonster(1));
    assert_ne!(app.inspector().unwrap().monster, at);
    app.handle(Intent::NextMonster(-1));
    assert_eq!(app.inspector().unwrap().monster, at, "m then M");
    app.handle(Intent::Inspect);
    // A faction with nowhere to go has nothing to inspect.
    let mut l = level("dead-end.txt");
    l.factions[0].goal = None;
    let mut app = App::new(&l, 1).unwrap();
    app.handle(Intent::Inspect);
    assert!(app.inspector().is_none());
    let said = app.log().last().unwrap().clone();
    assert!(said.contains("No blind monster"), "{said}");
}

/// `e` runs the search to its end at once (every expansion, the path), `E`
/// back to its start.
#[test]
fn snapshot_inspector_run_to_end() {
    for mode in [Mode::Watch, Mode::Play] {
        assert_eq!(
            intent_for(key(KeyCode::Char('e')), mode),
            Some(Intent::InspectEnd(true))
        );
        assert_eq!(
            intent_for(key(KeyCode::Char('E')), mode),
            Some(Intent::InspectEnd(false))
        );
    }
    let mut app = figure1();
    app.handle(Intent::Inspect);
    let total = app.inspector().unwrap().trace.expansions();
    app.handle(Intent::InspectEnd(true));
    assert_eq!(app.inspector().unwrap().shown, total);
    let text = screen(&mut app, 80, 24);
    assert!(
        text.contains(&format!("expansion {total}/{total}")),
        "{text}"
    );
    assert!(text.contains("path "), "{text}");
    app.handle(Intent::InspectEnd(false));
    assert_eq!(app.inspector().unwrap().shown, 0);
    insta::assert_snapshot!(text);
    // A field monster: its field to the end, then its A* to the end.
    let mut app = dungeon();
    app.step();
    app.handle(Intent::Inspect);
    app.handle(Intent::InspectEnd(true));
    let i = app.inspector().unwrap();
    assert_eq!(i.field_shown, i.field.as_ref().unwrap().expansions());
    app.handle(Intent::InspectFigure);
    app.handle(Intent::InspectEnd(true));
    let i = app.inspector().unwrap();
    assert_eq!(i.shown, i.trace.expansions());
}

/// The cost overlay tells every terrain cost apart: road (0.7) from floor
/// (1) from door (1.2), by digit or colour.
#[test]
fn the_cost_overlay_tells_road_from_floor() {
    let mut app = App::new(&level("road-swamp.txt"), 1).unwrap();
    app.handle(Intent::Show(Overlay::Cost));
    let buf = drawn(&mut app, 80, 24);
    let look = |x: u16, y: u16| {
        let c = &buf[(x, y)];
        (c.symbol().to_string(), c.fg, c.bg)
    };
    let (road, floor, swamp) = (look(2, 2), look(1, 1), look(3, 3));
    assert_eq!(
        app.game().world().get(Pos::new(2, 2)),
        Some(darkstar::map::terrain::Terrain::Road)
    );
    assert_ne!(road, floor, "road is not floor");
    assert_eq!(swamp.0, "3");
    assert_eq!(floor.0, "1");
    // Every cost's swatch differs: the six passable terrains cost five
    // different amounts (a closed door takes as long as rubble: a turn to
    // open it, a step in), and an open door is floor.
    let mut l = level("road-swamp.txt");
    l.terrain = darkstar::map::terrain::TerrainMap::from_ascii("#.=+:,~'#").unwrap();
    l.spawns.clear();
    l.factions[0].goal = None;
    let mut app = App::new(&l, 1).unwrap();
    app.handle(Intent::Show(Overlay::Cost));
    let buf = drawn(&mut app, 80, 24);
    let swatch = |x: u16| {
        let c = &buf[(x, 0)];
        (c.symbol().to_string(), format!("{:?}", c.bg))
    };
    let swatches: std::collections::BTreeSet<_> = (1..8).map(swatch).collect();
    assert_eq!(swatches.len(), 5, "{swatches:?}");
    assert_eq!(swatch(3), swatch(4), "a closed door costs what rubble does");
    assert_eq!(swatch(7), swatch(1), "an open door costs what floor does");
}

/// The status row and the counters fit 80 columns with many factions
/// (and the play level's three hostile ones), never cut inside a word.
#[test]
fn the_status_rows_fit_80_columns() {
    let words = |s: &str| s.split_whitespace().map(str::to_string).collect::<Vec<_>>();
    let check = |app: &App, what: &str| {
        let narrow = drawn(&mut app.clone(), 80, 24);
        let wide = drawn(&mut app.clone(), 300, 24);
        // The status row: each word as the wide screen has it. The
        // counters are reworded, each faction whole.
        let n = row(&narrow, 20);
        let all = words(&row(&wide, 20));
        for w in words(&n) {
            assert!(all.contains(&w), "{what}: {w:?} cut in {n:?}");
        }
        let counters = row(&narrow, 21);
        for f in app
            .game()
            .factions()
            .iter()
            .filter(|f| f.spec().glyph() != '@')
        {
            assert!(
                counters.contains(&format!("{} ", f.spec().glyph())),
                "{what}: {} missing from {counters:?}",
                f.spec().name
            );
        }
        row(&narrow, 20)
    };
    let mut app = App::new(&many_factions(5), 1).unwrap();
    for _ in 0..5 {
        app.step();
    }
    let status = check(&app, "five factions");
    assert!(status.trim_end().ends_with("? help"), "{status}");
    app.handle(Intent::Inspect);
    let status = check(&app, "inspector");
    assert!(
        status.contains("e end") && status.contains("i close"),
        "{status}"
    );
    let mut play = play_app();
    play.handle(Intent::Wait);
    // The play screen has four log rows: status and counters at 18, 19.
    // Playing, the counters row names only the monsters in view (the
    // factions' counters would tell the player what it cannot see).
    let narrow = drawn(&mut play, 80, 24);
    let counters = row(&narrow, 19);
    assert!(counters.contains("in view"), "{counters}");
}

/// A message longer than the screen is wide is wrapped after a word onto
/// the next log row, not cut: the play level's opening line at 80 columns
/// ends on the second row with "Press ? for help.".
#[test]
fn long_messages_wrap_at_words_in_the_log() {
    let mut app = play_app();
    let buf = drawn(&mut app, 80, 24);
    // Play: four log rows at the bottom.
    let rows: Vec<String> = (20..24).map(|y| row(&buf, y)).collect();
    let first = rows
        .iter()
        .position(|r| r.starts_with("dungeon-1: Take the treasure"))
        .expect("the opening message");
    assert!(rows[first].trim_end().ends_with("monsters"), "{rows:?}");
    assert!(
        rows[first + 1].trim_end().ends_with("Press ? for help."),
        "{rows:?}"
    );
    assert!(!rows[first + 1].contains(".."), "{rows:?}");
}

/// The screen at 80x24 as a buffer, to read cells and their colours.
fn buffer(app: &mut App) -> ratatui::buffer::Buffer {
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
    darkstar::ui::draw(&mut terminal, app).unwrap();
    terminal.backend().buffer().clone()
}

/// `darkstar watch` with no arguments opens on the built-in opening level
/// (`args::tests` checks the choice), and the idea shows within twenty
/// turns (ten seconds at the opening speed) at 80x24, read off the screen:
/// the viewed faction is the blind one, its goal is drawn, its plan is
/// drawn (`*`) across a wall it has not discovered, and one of its
/// monsters bumps (a red cell on the map).
#[test]
fn watch_opens_on_the_idea() {
    use ratatui::style::Color;
    let level = Level::opening();
    let mut app = App::new(&level, 1).unwrap();
    assert_eq!(app.turns_per_second(), 2, "the opening speed");
    let viewed = app.faction();
    assert_eq!(
        level.factions[viewed].kind().sight,
        0,
        "the blind are watched first"
    );
    let goal = level.factions[viewed].goal.unwrap();
    let (mut plan_through_wall, mut bumped_on) = (false, None);
    for _ in 0..=20 {
        let screen = buffer(&mut app);
        let cam = app.camera();
        let at = |p: Pos| screen.cell(((p.x - cam.x) as u16, (p.y - cam.y) as u16));
        assert_eq!(
            at(goal).map(|c| c.symbol()),
            Some(">"),
            "the goal on screen"
        );
        let knowledge = app.game().factions()[viewed].knowledge();
        for p in level.terrain.grid().positions() {
            let Some(cell) = at(p) else { continue };
            let wall = level.terrain.get(p) == Some(darkstar::map::terrain::Terrain::Wall);
            plan_through_wall |= wall && !knowledge.is_known(p) && cell.symbol() == "*";
            if cell.bg == Color::Red && bumped_on.is_none() {
                bumped_on = Some(app.game().turn());
            }
        }
        app.step();
    }
    assert!(
        plan_through_wall,
        "no plan drawn across an undiscovered wall"
    );
    let turn = bumped_on.expect("no bump within twenty turns");
    assert!(turn <= 20, "first bump on turn {turn}");
}

/// The end of a watched game is said on screen: who got home and when,
/// with keys for the next seed and quit; `n` asks for the same level with
/// the next seed, watched again.
#[test]
fn the_end_of_a_watched_game_is_said_and_n_plays_the_next_seed() {
    let mut app = App::new(&Level::opening(), 1).unwrap();
    while !app.game_over() {
        assert!(app.game().turn() < 500, "the opening never ended");
        app.step();
    }
    let end = screen(&mut app, 80, 24);
    insta::assert_snapshot!(end);
    assert!(end.contains("Everyone is home") && end.contains("n: the next seed (2)"));
    let turn = app.game().turn();
    app.tick();
    assert_eq!(app.game().turn(), turn, "nothing more is played");
    app.handle(Intent::NewGame);
    assert!(app.wants_new_game() && app.should_quit());
    let next = app.next_game().unwrap();
    assert_eq!((next.game().seed(), next.game().turn()), (2, 0));
    assert_eq!(next.mode(), Mode::Watch);
    // A game still running takes no `n` for a new one.
    let mut running = App::new(&Level::opening(), 1).unwrap();
    running.handle(Intent::NewGame);
    assert!(!running.wants_new_game() && !running.should_quit());
    // Guards go nowhere: the end says how many are still here, not that
    // they have no way on (found watching the deadly pass in tmux).
    let mut pass = App::new(&level("deadly-pass.txt"), 1).unwrap();
    while !pass.game_over() {
        assert!(pass.game().turn() < 500, "the pass never ended");
        pass.step();
    }
    let end = screen(&mut pass, 80, 24);
    assert!(end.contains("g guards: no goal, 4 still here"), "{end}");
    assert!(!end.contains("guards: 0 of 4 home"), "{end}");
}

/// Messages and the status row speak plainly: a replan says why in words
/// (never the code's `NewWall`), and the true map (`t`) is nobody's, so
/// the status row does not name a faction for it.
#[test]
fn watch_speaks_plainly() {
    let mut app = App::new(&Level::opening(), 1).unwrap();
    for _ in 0..20 {
        app.step();
    }
    let log: Vec<&String> = app.log().collect();
    assert!(
        log.iter()
            .any(|l| l.contains("finds a wall in its way and plans again")),
        "{log:?}"
    );
    let text = screen(&mut app, 80, 24);
    for internal in ["NewWall", "Costlier", "Blocked)", "queued"] {
        assert!(!text.contains(internal), "{internal} on screen:\n{text}");
    }
    app.handle(Intent::Show(Overlay::None));
    let text = screen(&mut app, 80, 24);
    assert!(text.contains("| true map |"), "{text}");
    assert!(!text.contains("true map of"), "{text}");
}

/// A step refused on what the player knows says why: into a wall, "A
/// wall."; diagonally past a wall's corner to open ground, that the corner
/// is what stops it.
#[test]
fn a_blocked_diagonal_says_why() {
    let level = Level::parse(
        "name: corner\nmap:\n#####\n#..##\n#@#.#\n#####\n",
        "corner.txt".as_ref(),
    )
    .unwrap();
    let mut app = App::play(&level, 1).unwrap();
    app.handle(Intent::Move(Dir::NE));
    assert_eq!(app.game().turn(), 0, "no time passes");
    assert!(
        app.log()
            .last()
            .unwrap()
            .ends_with("You cannot squeeze past the corner."),
        "{:?}",
        app.log().last()
    );
    app.handle(Intent::Move(Dir::W));
    assert!(
        app.log().last().unwrap().ends_with("A wall."),
        "{:?}",
        app.log().last()
    );
}

/// Low hit points show at a glance: the status row's "HP n/m" turns red
/// at a third of the player's and below, and not before.
#[test]
fn low_hit_points_turn_red() {
    use darkstar::sim::PLAYER_HP;
    use ratatui::style::Color;
    let hp_is_red = |app: &App| {
        let b = buffer(&mut app.clone());
        let area = *b.area();
        (0..area.height).any(|y| {
            let row: String = (0..area.width).map(|x| b[(x, y)].symbol()).collect();
            row.find("HP ")
                .is_some_and(|x| b[(x as u16, y)].bg == Color::Red)
        })
    };
    let mut app = duel();
    assert!(!hp_is_red(&app), "full health");
    let mut was_red_above_a_third = false;
    while app.game().player().unwrap().hp() * 3 > PLAYER_HP && app.game().turn() < 200 {
        was_red_above_a_third |= hp_is_red(&app);
        app.handle(Intent::Wait);
    }
    assert!(!was_red_above_a_third);
    let hp = app.game().player().unwrap().hp();
    assert!(
        hp * 3 <= PLAYER_HP,
        "the goblin never brought the player low ({hp})"
    );
    assert!(hp_is_red(&app), "{hp} of {PLAYER_HP}, not red");
}

/// Watching, the help speaks of watching: the glyph page has no player,
/// no treasure and no memory shading, and the factions page never
/// contradicts itself (a faction that knows the map is not "blind"; a
/// hostile one does not hunt a "you" who is not there).
#[test]
fn watch_help_describes_watch() {
    use darkstar::ui::widgets::help_lines;
    let mut level = Level::opening();
    level.factions[1].kinds[0].behaviours =
        darkstar::content::behaviours::Behaviours::from_flags(false, false, true, false);
    let app = App::new(&level, 1).unwrap();
    let (_, glyphs) = help_lines(&app, 1);
    let glyphs = glyphs.join("\n");
    for player_only in ["@", "treasure", "remembered", "stairs"] {
        assert!(!glyphs.contains(player_only), "{player_only}:\n{glyphs}");
    }
    assert!(glyphs.contains("not seen"), "{glyphs}");
    let (_, factions) = help_lines(&app, 2);
    let natives = factions
        .iter()
        .find(|l| l.starts_with("n natives"))
        .unwrap();
    assert!(
        natives.contains("knows the map") && !natives.contains("blind"),
        "{natives}"
    );
    let blind = factions.iter().find(|l| l.starts_with("b blind")).unwrap();
    assert!(blind.contains("blind"), "{blind}");
    assert!(factions.iter().all(|l| !l.contains("you")), "{factions:?}");
}

/// The danger overlay keeps the viewed faction's fog (what it has not
/// seen shaded as in the combined view) and never colours a wall: no
/// chokepoint on the map's border walls. Checked for every faction of the
/// opening: the blind have fog, the natives chokepoints.
#[test]
fn the_danger_overlay_keeps_the_fog_and_spares_the_walls() {
    use darkstar::map::terrain::Terrain;
    use ratatui::style::Color;
    let level = Level::opening();
    let mut app = App::new(&level, 1).unwrap();
    for _ in 0..6 {
        app.step();
    }
    let (mut unknown, mut choke) = (0, 0);
    for _ in 0..level.factions.len() {
        app.handle(Intent::Show(Overlay::Combined));
        let combined = buffer(&mut app);
        app.handle(Intent::Show(Overlay::Danger));
        let danger = buffer(&mut app);
        let cam = app.camera();
        let knowledge = app.game().factions()[app.faction()].knowledge();
        for p in level.terrain.grid().positions() {
            let at = ((p.x - cam.x) as u16, (p.y - cam.y) as u16);
            let (Some(d), Some(c)) = (danger.cell(at), combined.cell(at)) else {
                continue;
            };
            if !knowledge.is_known(p) {
                unknown += 1;
                assert_eq!(d.bg, c.bg, "{p} unknown, shaded as in the combined view");
            }
            if level.terrain.get(p) == Some(Terrain::Wall) {
                assert_ne!(d.bg, Color::Blue, "a wall at {p} drawn as a chokepoint");
            }
            choke += usize::from(d.bg == Color::Blue);
        }
        app.handle(Intent::NextFaction);
    }
    assert!(unknown > 100, "{unknown} unknown cells");
    assert!(
        choke > 0,
        "the natives know the door and the alley for chokepoints"
    );
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
        let player = app.game().player().unwrap().id();
        assert_eq!(app.turns_per_second(), 10);
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

/// Ctrl-P never scrolls past the first message: scrolled all the way back,
/// the first message is on the history's top row and the screen below it
/// is full; a message longer than the screen is wide wraps at words, as
/// in the log, rather than being cut.
#[test]
fn the_history_stops_at_the_first_message_and_wraps() {
    let mut app = App::new(&Level::opening(), 1).unwrap();
    for _ in 0..40 {
        app.step();
    }
    app.handle(Intent::History);
    for _ in 0..200 {
        app.handle(Intent::Scroll(0, -8));
    }
    let text = screen(&mut app, 60, 14);
    let rows: Vec<&str> = text.lines().map(|l| l.trim_matches('"')).collect();
    // The first message (the level's name and description) is long: it
    // wraps, and its first words are on the top row inside the border.
    assert!(
        rows[1].starts_with("│Into the dark: The blind plan"),
        "{text}"
    );
    assert!(
        rows[2].starts_with("│through") || rows[2].contains("touched"),
        "{text}"
    );
    assert!(
        rows[1..rows.len() - 1]
            .iter()
            .all(|r| !r.trim_matches(['│', ' ']).is_empty()),
        "a blank row:\n{text}"
    );
    assert!(!text.contains("Press ? fo\n"), "cut inside a word:\n{text}");
}

/// The play status row is never cut inside a word, at any width from 40
/// columns: every word it shows is a whole word of the row at full width
/// (parts that do not fit are left out whole).
#[test]
fn the_play_status_row_keeps_whole_words_at_every_width() {
    let mut app = play_app();
    for _ in 0..5 {
        app.handle(Intent::Wait);
    }
    let row_at = |app: &App, w: u16| -> String {
        let text = screen(&mut app.clone(), w, 24);
        let rows: Vec<&str> = text.lines().collect();
        let row = rows
            .iter()
            .find(|r| r.contains("turn "))
            .expect("the status row");
        row.trim_matches('"').trim_end().to_string()
    };
    for revealed in [false, true] {
        if revealed {
            app.handle(Intent::Reveal); // the longest row: REVEALED (V: hide)
        }
        let full = row_at(&app, 250);
        let words: Vec<&str> = full.split_whitespace().collect();
        for w in 40..=200 {
            let row = row_at(&app, w);
            for word in row.split_whitespace() {
                assert!(
                    words.contains(&word),
                    "width {w}: {word:?} cut in {row:?} ({full:?})"
                );
            }
        }
    }
}

/// Messages come in the order things happened: a monster that comes into
/// view and hits the player within one action is announced before its
/// blow; and dead, the row under the status names the killer, not
/// "Nothing in view."
#[test]
fn a_monster_comes_into_view_before_it_hits_and_the_killer_is_named() {
    let level = Level::parse(
        "name: door\nfaction: goblins glyph=g sight=12 speed=200 hostile\nmap:\n\
         ##########\n#@+..g...#\n##########\n",
        "door.txt".as_ref(),
    )
    .unwrap();
    let mut app = App::play(&level, 1).unwrap();
    assert!(!app.log().any(|l| l.contains("comes into view")));
    app.handle(Intent::Move(Dir::E));
    for _ in 0..3 {
        if app.log().any(|l| l.contains("hits you")) {
            break;
        }
        app.handle(Intent::Wait);
    }
    let log: Vec<&String> = app.log().collect();
    let seen = log
        .iter()
        .position(|l| l.contains("comes into view"))
        .expect("seen");
    let hit = log
        .iter()
        .position(|l| l.contains("hits you"))
        .expect("hit");
    assert!(seen < hit, "{log:?}");
    while !app.game_over() {
        assert!(app.game().turn() < 500);
        app.handle(Intent::Wait);
    }
    let text = screen(&mut app, 80, 24);
    assert!(text.contains("Killed by a goblin (g)."), "{text}");
    assert!(!text.contains("Nothing in view."), "{text}");
}

/// At 200x60 the legend sits beside the map (one column off the level's
/// right edge), not at the far side of the screen.
#[test]
fn the_legend_sits_beside_the_map_on_a_wide_screen() {
    let mut app = dungeon();
    let width = app.game().world().terrain().width() as usize;
    let text = screen(&mut app, 200, 60);
    let top = text.lines().next().unwrap().trim_matches('"');
    let at = top
        .find("Legend")
        .expect("the legend's title on the top row");
    assert!(
        at <= width + 2,
        "the legend at column {at}, the map {width} wide:\n{top}"
    );
}

/// At 40x13, the smallest screen, the counters keep a label saying what
/// their numbers are.
#[test]
fn the_counters_keep_their_label_at_40_columns() {
    let mut app = App::new(&Level::opening(), 1).unwrap();
    for _ in 0..12 {
        app.step();
    }
    let text = screen(&mut app, 40, 13);
    let row = text
        .lines()
        .find(|l| l.contains("b 1/"))
        .expect("the counters");
    assert!(row.trim_matches('"').starts_with("h/b/r: "), "{text}");
}

/// Drawing writes nothing: the map view's size is laid out before a frame
/// (as the event loop does) and a frame drawn at another size leaves the
/// app exactly as it was, its view size included; the camera keys then
/// clamp to the size laid out.
#[test]
fn drawing_changes_nothing_and_the_layout_comes_first() {
    let mut app = dungeon();
    for _ in 0..5 {
        app.step();
    }
    drawn(&mut app, 80, 24);
    assert_eq!(app.map_view_size(), (80, 18));
    let before = format!("{app:?}");
    for (w, h) in [(200, 60), (40, 13), (120, 40)] {
        let area = ratatui::layout::Rect::new(0, 0, w, h);
        let mut buf = ratatui::buffer::Buffer::empty(area);
        ratatui::widgets::Widget::render(&app, area, &mut buf);
    }
    assert_eq!(format!("{app:?}"), before, "a frame changed the app");
    assert_eq!(app.map_view_size(), (80, 18));
    // Laid out at 120x40, the view is that screen's.
    drawn(&mut app, 120, 40);
    assert_ne!(app.map_view_size(), (80, 18));
}

/// One of a faction is named by the level (`one=`) or the generator, by a
/// table per kind, never by stripping letters: the generator's zombies
/// hit as "the zombie" (not "the zomby"), and a level's wolves as "the
/// wolf"; in the log, the look box and the row of what is in view.
#[test]
fn one_of_a_faction_is_named_by_its_kind() {
    let generated = darkstar::content::generator::play_level(&Default::default(), 1);
    let ones: Vec<&str> = generated.factions.iter().map(|f| f.one()).collect();
    assert!(
        ones.contains(&"zombie") && ones.contains(&"goblin"),
        "{ones:?}"
    );
    let level = Level::parse(
        "name: pack\nfaction: wolves glyph=w one=wolf sight=12 hostile\nmap:\n\
         ##########\n#w......@#\n#........#\n##########\n",
        "wolves.txt".as_ref(),
    )
    .unwrap();
    assert!(level.to_text().contains(" one=wolf"), "written back");
    let mut app = App::play(&level, 3).unwrap();
    while app.game().turn() < 30 && !app.log().any(|l| l.contains("hits you")) {
        app.handle(Intent::Wait);
    }
    let log: Vec<&String> = app.log().collect();
    assert!(
        log.iter().any(|l| l.contains("The wolf hits you for ")),
        "{log:?}"
    );
    assert!(!log.iter().any(|l| l.contains("wolve")), "{log:?}");
    let text = screen(&mut app, 80, 24);
    assert!(
        text.contains("w wolf "),
        "the row of what is in view:\n{text}"
    );
    let e = Level::parse(
        "name: x\nfaction: wolves glyph=w one=\nmap:\n#w#\n",
        "bad.txt".as_ref(),
    )
    .unwrap_err();
    assert_eq!(e.position(), Some((2, 25)), "{e}");
}

/// A blow that misses is said ("The goblin misses you.", "You miss the
/// goblin."), as a hit is.
#[test]
fn misses_are_said() {
    let level = Level::parse(
        "name: duel\nfaction: goblins glyph=g sight=12 accuracy=10 defence=60 hp=30 hostile\nmap:\n\
         ##########\n#g......@#\n#........#\n##########\n",
        "duel.txt".as_ref(),
    )
    .unwrap();
    let mut app = App::play(&level, 3).unwrap();
    while app.game().monsters()[0].pos().x < 7 && app.game().turn() < 20 {
        app.handle(Intent::Wait);
    }
    for _ in 0..8 {
        let goblin = &app.game().monsters()[0];
        let me = app.game().player().unwrap().pos();
        match me.dir_to(goblin.pos()).filter(|_| goblin.is_here()) {
            Some(d) => app.handle(Intent::Move(d)),
            None => break,
        }
    }
    let log: Vec<&String> = app.log().collect();
    assert!(
        log.iter().any(|l| l.contains("The goblin misses you.")),
        "{log:?}"
    );
    assert!(
        log.iter().any(|l| l.contains("You miss the goblin.")),
        "{log:?}"
    );
}

/// A sleeper shows as one: dim on the map, "It is asleep." in the look
/// box; a fleer down to a third of its hit points, "It is fleeing."
#[test]
fn sleepers_and_fleers_say_so() {
    use ratatui::style::Modifier;
    let level = Level::parse(
        "name: den\nfaction: jackals glyph=j kind=jackal hostile\nmap:\n\
         ##########\n#@..j....#\n##########\n",
        "den.txt".as_ref(),
    )
    .unwrap();
    let mut app = App::play(&level, 1).unwrap();
    let jackal = app.game().monsters()[0].pos();
    assert!(app.game().monsters()[0].is_asleep());
    let lines = darkstar::ui::widgets::describe(&app, jackal);
    assert!(lines.iter().any(|l| l == "It is asleep."), "{lines:?}");
    let buf = drawn(&mut app, 80, 24);
    let cam = app.camera();
    let j = buf[((jackal.x - cam.x) as u16, (jackal.y - cam.y) as u16)].clone();
    assert_eq!(j.symbol(), "j");
    assert!(j.modifier.contains(Modifier::DIM) && !j.modifier.contains(Modifier::BOLD));
    // A kobold (it flees) hurt to a third: it says so.
    let level = Level::parse(
        "name: run\nfaction: kobolds glyph=k kind=kobold hp=10 hostile\nmap:\n\
         ##########\n#@k......#\n#........#\n##########\n",
        "run.txt".as_ref(),
    )
    .unwrap();
    let mut app = App::play(&level, 2).unwrap();
    for _ in 0..12 {
        let k = &app.game().monsters()[0];
        if k.hp() * 3 <= 10 || !k.is_here() {
            break;
        }
        let me = app.game().player().unwrap().pos();
        match me.dir_to(k.pos()) {
            Some(d) => app.handle(Intent::Move(d)),
            None => app.handle(Intent::Wait),
        }
    }
    let k = &app.game().monsters()[0];
    assert!(k.is_here() && k.hp() * 3 <= 10, "{} hp", k.hp());
    let lines = darkstar::ui::widgets::describe(&app, k.pos());
    assert!(lines.iter().any(|l| l == "It is fleeing."), "{lines:?}");
}

/// A dart that meets a wall says where, in the log: aimed at a wall, it
/// hits it; aimed past a cell walled since the player last looked (a
/// scroll of collapse beside the player), it stops short, and names what
/// it hit as the player knows it (not yet as a wall).
#[test]
fn a_dart_that_meets_a_wall_says_where_in_the_log() {
    use crate::common::item;
    use darkstar::sim::Command;
    let level = Level::parse(
        "name: hall\nmap:\n#######\n#.....#\n#.....#\n#.....#\n#..@..#\n#######\n",
        "hall.txt".as_ref(),
    )
    .unwrap();
    let mut app = App::play(&level, 1).unwrap();
    for item in ["dart", "dart", "collapse"].map(item) {
        app.apply(Command::PutItem {
            at: Pos::new(3, 3),
            item,
        });
    }
    app.handle(Intent::Move(Dir::N));
    app.handle(Intent::Move(Dir::S));
    // The pack: the scroll, then the darts. Throw one at the wall.
    let throw_north = |app: &mut App, slot: usize, cells: usize| {
        app.handle(Intent::ThrowItem);
        for _ in 0..slot {
            app.handle(Intent::Move(Dir::S));
        }
        app.handle(Intent::Confirm);
        for _ in 0..cells {
            app.handle(Intent::Move(Dir::N));
        }
        app.handle(Intent::Confirm);
    };
    throw_north(&mut app, 1, 4);
    let log: Vec<&String> = app.log().collect();
    assert!(
        log.iter()
            .any(|l| l.ends_with("The dart hits a wall at (3, 0).")),
        "{log:?}"
    );
    app.handle(Intent::UseItem);
    app.handle(Intent::Confirm);
    throw_north(&mut app, 0, 3);
    let log: Vec<&String> = app.log().collect();
    assert!(
        log.iter()
            .any(|l| l.ends_with("The dart hits something solid at (3, 3), short of (3, 1).")),
        "{log:?}"
    );
    assert!(app.game().pack().is_empty(), "both darts spent");
}

/// The pack: `U` lists it (the move keys pick, Enter uses), `t` lists it
/// for throwing and then puts up a target cursor on the nearest monster
/// in view (Enter throws), `D` drops; an empty pack says so.
#[test]
fn snapshot_inventory_and_targeting() {
    use crate::common::item;
    use darkstar::sim::Command;
    let level = Level::parse(
        "name: pack\nfaction: goblins glyph=g sight=0 hostile\nmap:\n\
         ############\n#@.......g.#\n#..........#\n############\n",
        "pack.txt".as_ref(),
    )
    .unwrap();
    let mut app = App::play(&level, 1).unwrap();
    app.handle(Intent::UseItem);
    assert!(app.log().any(|l| l == "Your pack is empty."));
    // Items beside the player (put there, recorded), walked onto.
    for item in ["healing", "dart", "noise-maker"].map(item) {
        app.apply(Command::PutItem {
            at: Pos::new(2, 1),
            item,
        });
    }
    app.handle(Intent::Move(Dir::E));
    assert_eq!(app.game().pack().len(), 3);
    // Sorted by kind: the potion, the noise-maker, the dart.
    app.handle(Intent::ThrowItem);
    app.handle(Intent::Move(Dir::S));
    app.handle(Intent::Move(Dir::S));
    let list = screen(&mut app, 60, 14);
    app.handle(Intent::Confirm);
    let aiming = screen(&mut app, 60, 14);
    assert!(aiming.contains("Throw where?"), "{aiming}");
    app.handle(Intent::Confirm);
    assert_eq!(app.game().pack().len(), 2, "thrown");
    assert!(
        app.log().any(|l| l.contains("You throw a dart.")),
        "{:?}",
        app.log().collect::<Vec<_>>()
    );
    app.handle(Intent::UseItem);
    app.handle(Intent::Confirm);
    assert!(app.log().any(|l| l.contains("You feel whole again.")));
    insta::assert_snapshot!(format!("{list}\n{aiming}"));
}
