//! The terminal front end (feature `tui`): the only part of the library
//! that knows ratatui and crossterm. [`app`] holds the state and turns
//! intents into changes, [`input`] maps keys to intents, [`view`] draws a
//! `&App`, and [`run`] owns the terminal: it is restored on quit, on error,
//! on Ctrl-C (a key like any other in raw mode) and on panic (ratatui's
//! panic hook).

pub mod app;
pub mod input;
pub mod view;

use std::io;
use std::time::{Duration, Instant};

use crossterm::event::{self, Event};
use ratatui::Terminal;
use ratatui::backend::Backend;

pub use app::App;

/// Runs `app` in the real terminal until the user quits; returns it (for
/// its recording).
pub fn run(mut app: App) -> io::Result<App> {
    let mut terminal = ratatui::try_init()?;
    let result = event_loop(&mut terminal, &mut app, |timeout| {
        if event::poll(timeout)? {
            Ok(Some(event::read()?))
        } else {
            Ok(None)
        }
    });
    ratatui::restore();
    result.map(|()| app)
}

/// Draws, waits for a key or the next tick, acts; until the app quits.
/// Generic over the backend and the event source, so tests can drive it.
pub fn event_loop<B: Backend>(
    terminal: &mut Terminal<B>,
    app: &mut App,
    mut next_event: impl FnMut(Duration) -> io::Result<Option<Event>>,
) -> io::Result<()> {
    let mut last_tick = Instant::now();
    while !app.should_quit() {
        terminal
            .draw(|frame| frame.render_widget(&*app, frame.area()))
            .map_err(|e| io::Error::other(e.to_string()))?;
        let period = Duration::from_millis(1000 / app.turns_per_second().max(1) as u64);
        let timeout = period.saturating_sub(last_tick.elapsed());
        match next_event(timeout)? {
            Some(Event::Key(key)) => {
                if let Some(intent) = input::intent_for(key, app.mode()) {
                    app.handle(intent);
                }
            }
            // A resize is simply drawn at the new size on the next pass.
            Some(_) => {}
            None => {}
        }
        if last_tick.elapsed() >= period {
            app.tick();
            last_tick = Instant::now();
        }
    }
    Ok(())
}
