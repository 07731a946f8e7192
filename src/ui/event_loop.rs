//! The draw-wait-act loop, generic over the ratatui backend and the event
//! source, so tests drive it with a `TestBackend` and a script of keys while
//! the real terminal (`terminal.rs`) feeds it crossterm's events. It turns
//! keys into intents with the key map and hands them to the app; it knows
//! nothing of signals or terminal set-up beyond what its [`Session`] says
//! (a stop signal came; suspend now; the process was continued).

use std::io;
use std::time::{Duration, Instant};

use crossterm::event::Event;
use ratatui::Terminal;
use ratatui::backend::Backend;

use super::app::App;
use super::intents;
use super::keymap::Intent;
use super::widgets::draw;

/// How a terminal session ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Exit {
    /// The user quit (or the game ended and they left).
    Quit,
    /// This signal arrived (SIGTERM, SIGHUP, SIGINT or SIGQUIT): save and
    /// exit with `128 + signal`, as a shell reports a death by signal.
    Signal(i32),
}

impl Exit {
    /// The conventional exit status of a process that stopped for this
    /// reason: 0, or 128 + the signal.
    pub fn code(self) -> u8 {
        match self {
            Exit::Quit => 0,
            Exit::Signal(sig) => (128 + sig).clamp(0, 255) as u8,
        }
    }
}

/// Longest wait for input before the loop looks at the signal flag again,
/// whatever the game speed (a paused game still answers a SIGTERM at once).
pub const SIGNAL_POLL: Duration = Duration::from_millis(40);

/// What the loop asks of the session it runs in, beyond drawing and keys:
/// the real terminal ([`super::terminal`]) answers with its signals and
/// its job control; a test's session has none unless it says so.
pub trait Session {
    /// The stop signal received since the last call, if any (SIGTERM,
    /// SIGHUP, SIGINT, SIGQUIT): the loop ends with [`Exit::Signal`].
    fn stop_signal(&mut self) -> Option<i32> {
        None
    }

    /// Ctrl-Z: give the terminal back as it was, stop as a shell's job
    /// does, and take the terminal again once continued (`fg`). The loop
    /// then redraws the whole screen.
    fn suspend(&mut self) -> io::Result<()> {
        Ok(())
    }

    /// True (once) when the process was stopped and continued behind the
    /// loop's back (SIGSTOP or a SIGTSTP from outside, then SIGCONT): the
    /// screen may hold anything, so the loop redraws all of it.
    fn continued(&mut self) -> bool {
        false
    }

    /// Every pass of the loop, after the key or tick it handled: what the
    /// session keeps of the game as it goes (the binary writes the save
    /// as the game is played, see `darkstar::record::save::SaveKeeper`).
    fn keep(&mut self, _app: &mut App) {}
}

/// `session` with `keep` run every pass of the loop (see
/// [`Session::keep`]).
pub struct Keeping<'a, S: Session> {
    pub session: &'a mut S,
    pub keep: &'a mut dyn FnMut(&mut App),
}

impl<S: Session> Session for Keeping<'_, S> {
    fn stop_signal(&mut self) -> Option<i32> {
        self.session.stop_signal()
    }

    fn suspend(&mut self) -> io::Result<()> {
        self.session.suspend()
    }

    fn continued(&mut self) -> bool {
        self.session.continued()
    }

    fn keep(&mut self, app: &mut App) {
        self.session.keep(app);
        (self.keep)(app);
    }
}

/// A session with no signals and no job control (tests).
pub struct NoSession;

impl Session for NoSession {}

/// Draws, waits for a key or the next tick, acts; until the app quits.
/// Generic over the backend and the event source, so tests can drive it.
pub fn event_loop<B: Backend>(
    terminal: &mut Terminal<B>,
    app: &mut App,
    next_event: impl FnMut(Duration) -> io::Result<Option<Event>>,
) -> io::Result<()> {
    event_loop_until(terminal, app, next_event, &mut NoSession).map(|_| ())
}

/// [`event_loop`] in `session`: it ends when the session reports a stop
/// signal (asked at least every [`SIGNAL_POLL`], whatever the game speed),
/// suspends on Ctrl-Z, and redraws everything after a stop. That holds
/// only while `next_event` returns within about the timeout it is given:
/// the real terminal reads on another thread ([`super::input`]) so that
/// a read that never returns cannot keep the loop from its signals.
pub fn event_loop_until<B: Backend>(
    terminal: &mut Terminal<B>,
    app: &mut App,
    mut next_event: impl FnMut(Duration) -> io::Result<Option<Event>>,
    session: &mut impl Session,
) -> io::Result<Exit> {
    let mut last_tick = Instant::now();
    // Draw only when something changed: the loop wakes often (to see
    // signals) but a still screen costs nothing.
    let mut dirty = true;
    while !app.should_quit() {
        if let Some(sig) = session.stop_signal() {
            return Ok(Exit::Signal(sig));
        }
        if session.continued() {
            whole_redraw(terminal)?;
            dirty = true;
        }
        if dirty {
            draw(terminal, app)?;
            dirty = false;
        }
        let period = app.tick_period();
        let timeout = period.saturating_sub(last_tick.elapsed()).min(SIGNAL_POLL);
        match next_event(timeout)? {
            Some(Event::Key(key)) => {
                match intents::of_key(app, key.into()) {
                    Some(Intent::Suspend) => {
                        session.suspend()?;
                        // The continue that resumed it is the suspend's
                        // own, not news.
                        session.continued();
                        whole_redraw(terminal)?;
                    }
                    Some(intent) => app.handle(intent),
                    None => {}
                }
                dirty = true;
            }
            // A click, playing (the title reads keys alone, and an ended
            // game's screen takes none); other mouse events mean nothing,
            // and change nothing on screen.
            Some(Event::Mouse(mouse)) => {
                if let Some(intent) = intents::of_click(app, mouse.into()) {
                    app.handle(intent);
                    dirty = true;
                }
            }
            // A resize is simply drawn at the new size on the next pass.
            Some(_) => dirty = true,
            None => {}
        }
        if last_tick.elapsed() >= period {
            app.tick();
            last_tick = Instant::now();
            dirty = true;
        }
        if app.take_interrupt() {
            drop_typed_ahead(app, &mut next_event)?;
        }
        session.keep(app);
    }
    Ok(Exit::Quit)
}

/// Makes the next frame draw every cell: after a stop the screen holds
/// whatever the shell left there. The screen is cleared, then a blank
/// frame is drawn so ratatui's idea of the screen is blank too (it only
/// writes the cells that change). Not `Terminal::clear`, which asks the
/// terminal where its cursor is and fails on one that does not answer.
fn whole_redraw<B: Backend>(terminal: &mut Terminal<B>) -> io::Result<()> {
    let failed = |e: &dyn std::fmt::Display| io::Error::other(e.to_string());
    terminal.backend_mut().clear().map_err(|e| failed(&e))?;
    terminal
        .draw(|frame| frame.render_widget(ratatui::widgets::Clear, frame.area()))
        .map_err(|e| failed(&e))?;
    Ok(())
}

/// Most queued events [`drop_typed_ahead`] goes through: a held key fills
/// the queue no faster than the terminal repeats it, so this is plenty,
/// and a source that never runs dry cannot hold the loop.
const MAX_DROPPED: usize = 256;

/// A monster came into view: the events already queued were typed before
/// the player saw it, so the moves among them (and waits, and travel) are
/// thrown away; other keys (quit, help, look) still count.
fn drop_typed_ahead(
    app: &mut App,
    next_event: &mut impl FnMut(Duration) -> io::Result<Option<Event>>,
) -> io::Result<()> {
    for _ in 0..MAX_DROPPED {
        let Some(event) = next_event(Duration::ZERO)? else {
            break;
        };
        if let Event::Key(key) = event
            && let Some(intent) = intents::of_key_in_play(app, key.into())
            && !intent.spends_a_turn()
        {
            app.handle(intent);
            if app.should_quit() {
                break;
            }
        }
    }
    Ok(())
}
