//! The page's game: what it shows (the title, a game played, watched or
//! played back) and the frame that moves it on: keys and clicks handed to
//! the app through the terminal's key table, a tick when due, the save
//! kept by the life cycle in the browser's storage (its lease renewed),
//! what an app that quit asks, then the screen drawn into the page.

use std::collections::VecDeque;
use std::path::Path;

use darkstar::content::lessons::LESSONS;
use darkstar::content::level::Level;
use darkstar::record::life::{After, Ending, Keyed, Life, Said, SaveName, Storage, renew_lease};
use darkstar::record::replay::{MAX_REPLAY_BYTES, Replay};
use darkstar::ui::App;
use darkstar::ui::intents;
use darkstar::ui::key::{KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use darkstar::ui::keymap::Intent;
use darkstar::ui::title::{Choice, Title};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use wasm_bindgen::JsValue;

use crate::begin::{Want, fits, play_back, played, title_phase};
use crate::rows::Rows;
use crate::texts::LocalTexts;
use crate::{clocked, fit, measure_cell, now_ms, wall_clock};

/// The game's storage in this page.
pub(crate) type Kept = Keyed<LocalTexts>;

/// What the page shows. One a page, moved only when what is shown
/// changes, so its size does not matter.
#[allow(clippy::large_enum_variant)]
pub(crate) enum Phase {
    /// The title screen (an app whose screen is the title), and the
    /// games its "last games" lists.
    Title { app: App, games: Vec<Replay> },
    /// A game: played (with its life cycle: saved as it is played),
    /// watched or played back (no save).
    Game {
        app: App,
        life: Option<Life<Kept>>,
        watching: bool,
    },
}

impl Phase {
    fn app(&mut self) -> &mut App {
        match self {
            Phase::Title { app, .. } | Phase::Game { app, .. } => app,
        }
    }
}

/// The page: what it shows, its screen, the keys and clicks not yet
/// handled, and what its test measures.
pub(crate) struct Page {
    phase: Phase,
    terminal: Terminal<TestBackend>,
    rows: Rows,
    screen: web_sys::HtmlElement,
    texts: LocalTexts,
    /// This page's name in the leases on the saves it takes (a second
    /// tab has another).
    owner: String,
    /// The save this page's game holds (its lease renewed as it plays),
    /// and when the lease was last renewed (ms on the page's clock).
    lease: Option<(SaveName, f64)>,
    keys: VecDeque<KeyEvent>,
    clicks: VecDeque<MouseEvent>,
    /// When the app last ticked (ms on the page's clock).
    last_tick: f64,
    /// The title's highlight, kept between visits.
    last_choice: Option<Choice>,
    /// A cell's size in CSS pixels, measured.
    cell: (f64, f64),
    /// The window changed size: measure again before the next frame.
    resized: bool,
    /// When the first frame was drawn (ms since the page began loading).
    first_frame: Option<f64>,
    /// For each frame of a watch that played a turn: how long the frame
    /// took, its tick and drawing (ms).
    turn_frames: Vec<f64>,
}

/// What the life cycle said, in a line for the title.
fn said_line(said: Vec<Said>) -> Option<String> {
    let lines: Vec<String> = said
        .into_iter()
        .map(|(Said::Say(line) | Said::Warn(line))| line)
        .collect();
    (!lines.is_empty()).then(|| lines.join(" "))
}

impl Page {
    /// One frame: the keys and clicks since the last, a tick when due,
    /// the save kept, what the app's end asks, then the screen drawn.
    pub(crate) fn frame(&mut self) -> Result<(), JsValue> {
        let began = now_ms();
        if self.resized {
            self.resized = false;
            self.cell = measure_cell(&self.screen)?;
            let (w, h) = fit(&self.screen, self.cell);
            self.terminal.backend_mut().resize(w, h);
        }
        let turn = self.phase.app().game().floor().turn();
        self.handle_input();
        let app = self.phase.app();
        let period = app.tick_period().as_secs_f64() * 1000.0;
        if began - self.last_tick >= period {
            app.tick();
            self.last_tick = began;
        }
        if app.take_interrupt() {
            self.keys.retain(|_| false);
        }
        // The lease on the save renewed every second or so, so another
        // tab is refused it while this one plays (see `record::life::LEASE`).
        if let Some((name, renewed)) = &mut self.lease
            && began - *renewed >= 1000.0
        {
            *renewed = began;
            renew_lease(&mut self.texts, *name, &self.owner);
        }
        if let Phase::Game {
            app,
            life: Some(life),
            ..
        } = &mut self.phase
        {
            let (commands, depth) = (app.commands_played(), app.game().depth());
            if let Some(line) = life.keep(commands, depth, wall_clock(), || app.recording()) {
                app.note(line);
            }
        }
        if self.phase.app().should_quit() {
            self.next_phase();
            if matches!(self.phase, Phase::Title { .. }) {
                self.lease = None;
            }
        }
        darkstar::ui::draw(&mut self.terminal, self.phase.app())
            .map_err(|e| JsValue::from_str(&e.to_string()))?;
        self.rows.show(self.terminal.backend().buffer())?;
        let played = self.phase.app().game().floor().turn() != turn;
        if let Phase::Game { watching: true, .. } = self.phase
            && played
        {
            self.turn_frames.push(now_ms() - began);
        }
        if self.first_frame.is_none() {
            self.first_frame = Some(now_ms());
        }
        Ok(())
    }

    /// The keys and clicks since the last frame, as the terminal's loop
    /// hands them to the app: a monster coming into view throws away the
    /// moves typed before it was seen.
    fn handle_input(&mut self) {
        while let Some(key) = self.keys.pop_front() {
            let app = self.phase.app();
            match intents::of_key(app, key) {
                // Ctrl-Z: a browser's tab has no job control.
                Some(Intent::Suspend) | None => {}
                Some(intent) => app.handle(intent),
            }
            if app.take_interrupt() {
                let app = self.phase.app();
                let keys: Vec<KeyEvent> = self.keys.drain(..).collect();
                for key in keys {
                    if let Some(intent) = intents::of_key_in_play(app, key)
                        && !intent.spends_a_turn()
                    {
                        app.handle(intent);
                    }
                }
            }
            if self.phase.app().should_quit() {
                self.keys.clear();
                return;
            }
        }
        while let Some(click) = self.clicks.pop_front() {
            let app = self.phase.app();
            if let Some(intent) = intents::of_click(app, click) {
                app.handle(intent);
            }
        }
    }

    /// The app quit: the title's choice is begun, or a game ends as the
    /// terminal ends it (saved, or its records left), and the title comes
    /// back saying so.
    fn next_phase(&mut self) {
        let placeholder = Phase::Game {
            app: clocked(App::new(&Level::opening(), 1).expect("the opening level starts")),
            life: None,
            watching: false,
        };
        let phase = std::mem::replace(&mut self.phase, placeholder);
        self.phase = match phase {
            Phase::Title { app, games } => {
                let choice = Title::of(&app).map(Title::choice).unwrap_or(Choice::Quit);
                self.last_choice = Some(choice);
                let (texts, owner) = (&self.texts, self.owner.as_str());
                let name = match choice {
                    Choice::Continue | Choice::NewRun { .. } => Some(SaveName::Run),
                    Choice::Lesson(i) => Some(SaveName::Lesson(&LESSONS[i])),
                    _ => None,
                };
                self.lease = name.map(|name| (name, now_ms()));
                let begun = match choice {
                    Choice::Continue => played(texts, owner, SaveName::Run, Want::Continue),
                    Choice::NewRun { seed } => {
                        played(texts, owner, SaveName::Run, Want::NewRun(seed))
                    }
                    Choice::Lesson(i) => {
                        played(texts, owner, SaveName::Lesson(&LESSONS[i]), Want::Lesson)
                    }
                    Choice::Watch => App::new(&Level::opening(), 1)
                        .map(|app| Phase::Game {
                            app: clocked(app),
                            life: None,
                            watching: true,
                        })
                        .map_err(|e| e.to_string()),
                    Choice::PlayBack(i) => play_back(&games[i]),
                    Choice::Quit => {
                        Err("Your games are kept in this browser: close the tab to leave.".into())
                    }
                };
                match begun {
                    Ok(phase) => phase,
                    Err(note) => self.title(Some(note)),
                }
            }
            Phase::Game {
                mut app,
                life: Some(mut life),
                watching,
            } => {
                let after = life.end(
                    app.game(),
                    &app.recording(),
                    app.game_over(),
                    app.wants_new_game(),
                    Ending::Quit,
                    wall_clock(),
                );
                let said = said_line(life.take_said());
                match after {
                    After::Stay(why) => {
                        app.stay(why);
                        Phase::Game {
                            app,
                            life: Some(life),
                            watching,
                        }
                    }
                    After::Next => match app.next_game() {
                        Ok(next) => {
                            let next = clocked(next);
                            match life.started(next.game(), 0, wall_clock(), false) {
                                Ok(()) => Phase::Game {
                                    app: next,
                                    life: Some(life),
                                    watching,
                                },
                                Err(e) => self.title(Some(e.to_string())),
                            }
                        }
                        Err(e) => self.title(Some(e.to_string())),
                    },
                    After::Leave => {
                        let (more, _) = life.finish();
                        let note = [said, said_line(more)]
                            .into_iter()
                            .flatten()
                            .collect::<Vec<_>>()
                            .join(" ");
                        self.title((!note.is_empty()).then_some(note))
                    }
                }
            }
            // Watched or played back: no save; a watched game is kept as
            // the last game (to download, or play back from the title).
            Phase::Game {
                app,
                life: None,
                watching,
            } => {
                if watching {
                    let _ = Keyed::new(self.texts.clone(), &self.owner)
                        .write_last_replay(&app.recording());
                }
                if watching && app.wants_new_game() {
                    match app.next_game() {
                        Ok(next) => Phase::Game {
                            app: clocked(next),
                            life: None,
                            watching,
                        },
                        Err(e) => self.title(Some(e.to_string())),
                    }
                } else {
                    self.title(None)
                }
            }
        };
        self.last_tick = now_ms();
    }

    fn title(&self, note: Option<String>) -> Phase {
        title_phase(&self.texts, note, self.last_choice).unwrap_or_else(|e| {
            panic!("the title screen cannot be made: {e}");
        })
    }

    /// The page is being left (a reload, the tab closed), or another
    /// game opened over this one: a game played is saved now, as a
    /// terminal's game is on a signal, and the title is shown (a page
    /// the browser keeps and shows again shows it).
    pub(crate) fn leave(&mut self) {
        let title = self.title(None);
        if let Phase::Game {
            app,
            life: Some(mut life),
            ..
        } = std::mem::replace(&mut self.phase, title)
        {
            life.end(
                app.game(),
                &app.recording(),
                app.game_over(),
                false,
                Ending::Stopped,
                wall_clock(),
            );
            let _ = life.finish();
        }
        self.lease = None;
    }
}

impl Page {
    /// The page's game in `screen`, opening on the title.
    pub(crate) fn new(screen: web_sys::HtmlElement) -> Result<Page, JsValue> {
        let cell = measure_cell(&screen)?;
        let (width, height) = fit(&screen, cell);
        let texts = LocalTexts::open();
        let phase = title_phase(&texts, None, None).map_err(|e| JsValue::from_str(&e))?;
        Ok(Page {
            phase,
            terminal: Terminal::new(TestBackend::new(width, height))
                .map_err(|e| JsValue::from_str(&e.to_string()))?,
            rows: Rows::new(screen.clone().into()),
            screen,
            texts,
            owner: format!(
                "page-{}-{}",
                js_sys::Date::now() as u64,
                (js_sys::Math::random() * 1e9) as u64
            ),
            lease: None,
            keys: VecDeque::new(),
            clicks: VecDeque::new(),
            last_tick: now_ms(),
            last_choice: None,
            cell,
            resized: false,
            first_frame: None,
            turn_frames: Vec::new(),
        })
    }

    /// A key pressed, for the next frame.
    pub(crate) fn key(&mut self, key: KeyEvent) {
        self.keys.push_back(key);
    }

    /// A click at (`x`, `y`) in the window's pixels, with mouse `button`
    /// (0 left, 1 middle, 2 right), for the next frame as the cell under
    /// it; the screen takes the keys again.
    pub(crate) fn click(&mut self, x: f64, y: f64, button: i16) {
        let rect = self.screen.get_bounding_client_rect();
        let column = (x - rect.left()) / self.cell.0;
        let row = (y - rect.top()) / self.cell.1;
        if column >= 0.0 && row >= 0.0 {
            let button = match button {
                1 => MouseButton::Middle,
                2 => MouseButton::Right,
                _ => MouseButton::Left,
            };
            self.clicks.push_back(MouseEvent {
                kind: MouseEventKind::Down(button),
                column: column.floor().min(f64::from(u16::MAX)) as u16,
                row: row.floor().min(f64::from(u16::MAX)) as u16,
                modifiers: KeyModifiers::NONE,
            });
        }
        let _ = self.screen.focus();
    }

    /// The window changed size: the next frame measures the screen again.
    pub(crate) fn resized(&mut self) {
        self.resized = true;
    }

    /// The replay of the game on screen, else the last game kept.
    pub(crate) fn replay_text(&self) -> Option<String> {
        match &self.phase {
            Phase::Game { app, .. } => Some(app.recording().to_text()),
            Phase::Title { games, .. } => games.first().map(Replay::to_text),
        }
    }

    /// A file name for [`Page::replay_text`]'s replay.
    pub(crate) fn replay_name(&self) -> String {
        match &self.phase {
            Phase::Game { app, .. } => format!("darkstar-{}.replay", app.recording().seed),
            Phase::Title { .. } => "last.replay".to_string(),
        }
    }

    /// Plays back the replay `text` (file `name`), refusing one too large
    /// to read or to play in a tab; an error is said on the title.
    pub(crate) fn open_replay(&mut self, text: &str, name: &str) -> Result<(), String> {
        let replay = if text.len() as u64 > MAX_REPLAY_BYTES {
            Err(format!(
                "{name}: larger than the {MAX_REPLAY_BYTES}-byte limit: not a replay"
            ))
        } else {
            Replay::parse(text, Path::new(name))
                .map_err(|e| e.to_string())
                .and_then(|r| fits(&r, name).map(|()| r))
        };
        self.leave_game_for(match &replay {
            Ok(replay) => play_back(replay),
            Err(e) => Err(e.clone()),
        });
        replay.map(|_| ())
    }

    /// How long each frame of a watch that played a turn took (ms).
    pub(crate) fn turn_frames(&self) -> &[f64] {
        &self.turn_frames
    }

    /// When the first frame was drawn (ms since the page began loading).
    pub(crate) fn first_frame(&self) -> Option<f64> {
        self.first_frame
    }

    /// Shows `next` (or the title, saying why not) in place of what is
    /// shown; a game played is saved first.
    fn leave_game_for(&mut self, next: Result<Phase, String>) {
        self.leave();
        self.phase = match next {
            Ok(phase) => phase,
            Err(note) => self.title(Some(note)),
        };
        let _ = self.screen.focus();
    }
}
