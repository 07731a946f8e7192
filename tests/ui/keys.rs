//! Keys and the loop: keys to intents (the same in play and watch but for
//! what play gives the player), the clock's and the quit question's keys,
//! the event loop on a test backend (Ctrl-Z, a stuck reader), and drawing
//! that changes nothing.

use super::*;

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
/// one), and the stairs' keys go a depth down or up (watch: a run's
/// replay to its next or previous depth). Each mode's own keys mean
/// nothing in the other, and each mode's help (`?`) names them.
#[test]
fn keys_mean_the_same_in_play_and_watch() {
    use darkstar::ui::app::game::commands;
    const PLAY_ONLY: &str = "xX><_oOgRCsNUtDV";
    const WATCH_ONLY: &str = "F@G><";
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
            // The stairs' keys: a depth down or up in play, the next or
            // previous depth of a run's replay watching.
            (Intent::TravelStairs, Intent::SeekDepth(1)) => true,
            (Intent::Upstairs, Intent::SeekDepth(-1)) => true,
            (_, Intent::Other) => own(code, PLAY_ONLY),
            (Intent::Other, _) => own(code, WATCH_ONLY),
            _ => false,
        };
        assert!(agreed, "{code:?}: {play:?} in play, {watch:?} in watch");
    }
    // Every one of a mode's own keys, and the keys changed to agree, are
    // on its help page.
    let named = |mode: Mode, c: char| {
        commands(mode, true, SPEEDS[0])
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
    assert_eq!(app.game().floor().turn(), 0);
    app.tick();
    assert_eq!(app.game().floor().turn(), 1, "running: a tick plays a turn");
    app.handle(Intent::TogglePause);
    app.tick();
    assert_eq!(app.game().floor().turn(), 1, "paused: ticks do nothing");
    app.handle(Intent::Step);
    assert_eq!((app.game().floor().turn(), app.is_paused()), (2, true));
    for _ in 0..20 {
        app.handle(Intent::Faster);
    }
    assert_eq!(app.speed(), *SPEEDS.last().unwrap());
    for _ in 0..20 {
        app.handle(Intent::Slower);
    }
    assert_eq!(app.speed(), SPEEDS[0]);
    app.handle(Intent::Quit);
    assert!(app.confirming_quit() && !app.should_quit());
    app.handle(Intent::Step);
    assert!(
        !app.confirming_quit() && !app.should_quit(),
        "any other key stays"
    );
    assert_eq!(
        app.game().floor().turn(),
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

/// The event loop on a test backend, fed scripted keys: two steps, then
/// quit and confirm. It draws every pass and returns.
#[test]
fn the_event_loop_runs_on_any_backend() {
    let mut app = dungeon();
    app.handle(Intent::TogglePause);
    let mut script: VecDeque<Event> = [
        typed(key(KeyCode::Char('.'))),
        Event::Resize(30, 10),
        typed(key(KeyCode::Char('.'))),
        typed(key(KeyCode::Char('q'))),
        typed(key(KeyCode::Enter)),
    ]
    .into();
    let mut terminal = Terminal::new(TestBackend::new(80, 30)).unwrap();
    darkstar::ui::event_loop(&mut terminal, &mut app, |_| Ok(script.pop_front())).unwrap();
    assert!(app.should_quit());
    assert_eq!(app.game().floor().turn(), 2);
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
    let ctrl_z = typed(KeyEvent::new(KeyCode::Char('z'), KeyModifiers::CONTROL));
    assert_eq!(
        intent_for(
            KeyEvent::new(KeyCode::Char('z'), KeyModifiers::CONTROL),
            Mode::Play
        ),
        Some(Intent::Suspend)
    );
    let mut app = play_app();
    let (turn, messages) = (app.game().floor().turn(), app.log().count());
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
    // Quit twice (q asks, q again quits; `y` is a move in play); a script
    // run dry quits too, so a broken loop fails rather than hangs.
    let mut script: VecDeque<Event> = [
        ctrl_z.clone(),
        typed(key(KeyCode::Char('q'))),
        typed(key(KeyCode::Char('q'))),
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
            Ok(Some(script.pop_front().unwrap_or(typed(force_quit))))
        },
        &mut session,
    )
    .unwrap();
    assert_eq!(session.suspends, 1);
    assert!(!session.continued, "the suspend's own continue is taken");
    assert_eq!(app.game().floor().turn(), turn, "suspending spent no time");
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
                return Ok(Some(typed(key(KeyCode::Char(c)))));
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
fn snapshot_too_small() {
    let mut app = dungeon();
    crate::golden::snapshot!(screen(&mut app, 30, 8));
    // Every size from nothing up draws without panicking.
    for w in 0..50 {
        for h in 0..16 {
            let area = ratatui::layout::Rect::new(0, 0, w, h);
            let mut buf = ratatui::buffer::Buffer::empty(area);
            ratatui::widgets::Widget::render(&app, area, &mut buf);
        }
    }
}

/// While the screen is too small to draw the game, keys do nothing to it
/// (six waits and five moves once played on unseen) and a tick moves
/// nothing; `q` quits; laid out at a size that fits again, keys act.
#[test]
fn a_screen_too_small_takes_no_command_but_quit() {
    let mut app = duel();
    drawn(&mut app, 20, 6);
    assert!(app.too_small());
    let turn = app.game().floor().turn();
    let at = app.game().floor().player().unwrap().pos();
    for intent in [Intent::Wait; 6]
        .into_iter()
        .chain([Intent::Move(Dir::W); 5])
    {
        app.handle(intent);
        app.tick();
    }
    assert_eq!(app.game().floor().turn(), turn, "the game played on unseen");
    assert_eq!(app.game().floor().player().unwrap().pos(), at);
    assert!(!app.should_quit());
    drawn(&mut app, 80, 24);
    assert!(!app.too_small());
    app.handle(Intent::Wait);
    assert!(
        app.game().floor().turn() > turn,
        "a fitting screen takes keys"
    );
    drawn(&mut app, 20, 6);
    app.handle(Intent::Quit);
    assert!(app.should_quit());
    // Watching, a tick plays nothing while the screen is too small.
    let mut app = dungeon();
    drawn(&mut app, 30, 8);
    let turn = app.game().floor().turn();
    for _ in 0..5 {
        app.tick();
    }
    assert_eq!(app.game().floor().turn(), turn);
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
