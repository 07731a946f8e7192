//! Darkstar in a web page: the terminal's screens (the title, the
//! lessons, a run, watch with its overlays and the inspector, playback)
//! drawn by ratatui into the page ([`rows`]), driven by the browser's
//! keys and clicks through the same key table as the terminal's
//! (`darkstar::ui::intents`), and saved in the browser's storage
//! ([`texts`]) by the game's own life cycle (`darkstar::record::life`),
//! so a game survives a reload and the title offers to go on with it.
//!
//! The page is `page/static/index.html`; `cargo xtask web` builds this
//! crate for wasm32, glues it with `wasm-bindgen` and writes the site.
//! What the page's buttons call ([`replay_text`], [`open_replay`]) and
//! what its test reads ([`turn_frame_times`], [`first_frame_ms`]) are
//! exported to JavaScript.

pub mod astar;
pub mod rows;
pub mod texts;

use std::cell::RefCell;
use std::collections::VecDeque;
use std::ops::ControlFlow;
use std::path::Path;
use std::rc::Rc;
use std::time::Duration;

use darkstar::content::lessons::LESSONS;
use darkstar::content::level::Level;
use darkstar::record::life::{
    After, Ending, KeyValue, Keyed, LAST_REPLAY, Life, Said, SaveName, Start, Storage, Wish,
    renew_lease,
};
use darkstar::record::replay::Replay;
use darkstar::record::scores::table;
use darkstar::ui::App;
use darkstar::ui::intents;
use darkstar::ui::key::{KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use darkstar::ui::keymap::Intent;
use darkstar::ui::title::{Choice, LessonLine, Title, TitleMenu};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

use rows::Rows;
use texts::LocalTexts;

/// The id of the element the screen is drawn in.
const SCREEN: &str = "screen";
/// The id of the element the A* lesson is drawn in (astar.html).
const ASTAR: &str = "astar";
/// Scores shown on the title screen, of the runs and of the levels each
/// (as the terminal's).
const SCORES_SHOWN: usize = 5;
/// The most memory a game played back in the page may need (the
/// terminal's `--max-memory` is 2 GiB; a tab has less): a replay or save
/// whose game would need more is refused before it is played.
const PAGE_MAX_MEMORY: u64 = 1 << 30;

/// Refuses a replay (a file opened, a save) too large to read, or whose
/// game would not fit in [`PAGE_MAX_MEMORY`], naming it.
fn fits(replay: &Replay, name: &str) -> Result<(), String> {
    let footprint = replay.footprint().map_err(|e| e.to_string())?;
    darkstar::sim::memory::check(
        &footprint,
        &darkstar::sim::SimConfig::default(),
        PAGE_MAX_MEMORY,
    )
    .map(|_| ())
    .map_err(|e| format!("{name}: {e}"))
}

/// The game's storage in this page.
type Kept = Keyed<LocalTexts>;

/// What the page shows. One a page, moved only when what is shown
/// changes, so its size does not matter.
#[allow(clippy::large_enum_variant)]
enum Phase {
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
struct Page {
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

thread_local! {
    static PAGE: RefCell<Option<Page>> = const { RefCell::new(None) };
}

/// The page's clock, for the screens' ticks and the life cycle: ms since
/// the page began loading.
fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

fn wall_clock() -> Duration {
    Duration::from_secs_f64(now_ms().max(0.0) / 1000.0)
}

/// `app` on the page's clock.
fn clocked(mut app: App) -> App {
    app.set_wall_clock(wall_clock);
    app
}

/// Opens the page: the title screen, then a frame each time the browser
/// draws.
#[wasm_bindgen(start)]
pub fn start() -> Result<(), JsValue> {
    std::panic::set_hook(Box::new(|info| {
        let text = format!("darkstar stopped: {info}");
        web_sys::console::error_1(&text.clone().into());
        if let Some(screen) = document().get_element_by_id(SCREEN) {
            screen.set_text_content(Some(&text));
        }
    }));
    // astar.html: the A* lesson.
    if let Some(lesson) = document().get_element_by_id(ASTAR) {
        return astar::start(lesson.dyn_into()?);
    }
    let screen: web_sys::HtmlElement = document()
        .get_element_by_id(SCREEN)
        .ok_or("the page has no #screen")?
        .dyn_into()?;
    let cell = measure_cell(&screen)?;
    let (width, height) = fit(&screen, cell);
    let texts = LocalTexts::open();
    let phase = title_phase(&texts, None, None).map_err(|e| JsValue::from_str(&e))?;
    let page = Page {
        phase,
        terminal: Terminal::new(TestBackend::new(width, height))
            .map_err(|e| JsValue::from_str(&e.to_string()))?,
        rows: Rows::new(screen.clone().into()),
        screen: screen.clone(),
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
    };
    PAGE.with(|p| *p.borrow_mut() = Some(page));
    listen()?;
    screen.focus()?;
    on_every_frame(|| with_page(Page::frame).unwrap_or(Ok(())));
    Ok(())
}

fn document() -> web_sys::Document {
    web_sys::window()
        .and_then(|w| w.document())
        .expect("a page has a document")
}

/// The size of one cell of the screen's font, in CSS pixels: a probe of
/// ten cells, measured, then removed.
pub(crate) fn measure_cell(screen: &web_sys::HtmlElement) -> Result<(f64, f64), JsValue> {
    let probe = document().create_element("pre")?;
    probe.set_text_content(Some("MMMMMMMMMM"));
    probe.set_attribute("style", "position:absolute;visibility:hidden")?;
    screen.append_child(&probe)?;
    let rect = probe.get_bounding_client_rect();
    probe.remove();
    let (w, h) = (rect.width() / 10.0, rect.height());
    Ok(if w > 0.0 && h > 0.0 {
        (w, h)
    } else {
        (9.0, 18.0)
    })
}

/// How many cells fit in the screen's element.
pub(crate) fn fit(screen: &web_sys::HtmlElement, cell: (f64, f64)) -> (u16, u16) {
    let cols = (f64::from(screen.client_width()) / cell.0).floor();
    let rows = (f64::from(screen.client_height()) / cell.1).floor();
    (
        cols.clamp(1.0, 1000.0) as u16,
        rows.clamp(1.0, 1000.0) as u16,
    )
}

/// The title screen, with what is kept in the browser: the saved run,
/// the lessons won or left, the scores, the last game (to play back).
fn title_phase(
    texts: &LocalTexts,
    note: Option<String>,
    highlight: Option<Choice>,
) -> Result<Phase, String> {
    let mut kept = Keyed::new(texts.clone(), "title");
    let saved = match kept.look(SaveName::Run) {
        Ok(None) => None,
        Ok(Some(replay)) => Some(replay.summary().to_string()),
        Err(e) => Some(format!("cannot be read ({e})")),
    };
    let scores = kept.scores();
    let seed = scores
        .iter()
        .filter(|s| s.depth > 0)
        .map(|s| s.seed)
        .max()
        .and_then(|s| s.checked_add(1))
        .unwrap_or(1);
    let won = kept.lessons_won();
    let lessons = LESSONS
        .iter()
        .zip(won)
        .map(|(l, won)| LessonLine {
            trick: l.trick(),
            won,
            saved: kept.has(SaveName::Lesson(l)),
        })
        .collect();
    let games: Vec<Replay> = last_game(texts).into_iter().collect();
    let menu = TitleMenu {
        saved,
        seed,
        lessons,
        games: games
            .iter()
            .map(|g| format!("last game: {}", g.summary()))
            .collect(),
        scores: if scores.is_empty() {
            Vec::new()
        } else {
            table(&scores, SCORES_SHOWN)
        },
    };
    let mut title = Title::new(menu);
    if let Some(note) = note {
        title.say(note);
    }
    if let Some(choice) = highlight {
        title.highlight(choice);
    }
    let app = title.into_app().map_err(|e| e.to_string())?;
    Ok(Phase::Title {
        app: clocked(app),
        games,
    })
}

/// The last game played, kept as `last.replay`, if it reads.
fn last_game(texts: &LocalTexts) -> Option<Replay> {
    let text = texts.get(LAST_REPLAY)?;
    Replay::parse(&text, Path::new(LAST_REPLAY)).ok()
}

/// What a game chosen on the title asks of its save.
enum Want {
    Continue,
    NewRun(u64),
    Lesson,
}

/// A played game begun by the life cycle over the browser's storage, as
/// the terminal's `play` begins it: looked at, checked, decided, taken;
/// then the app made, and the life cycle told it started.
fn played(texts: &LocalTexts, owner: &str, name: SaveName, want: Want) -> Result<Phase, String> {
    let text = |e: &dyn std::fmt::Display| e.to_string();
    let looked = Life::look(Keyed::new(texts.clone(), owner), name).map_err(|e| text(&e))?;
    if let Some(saved) = looked.saved() {
        fits(saved, &Keyed::<LocalTexts>::key(name))?;
    }
    let checked = looked
        .check(|_| ControlFlow::Continue(()))
        .map_err(|e| text(&e))?;
    let wish = Wish {
        resume: matches!(want, Want::Continue),
        new: matches!(want, Want::NewRun(_)),
        asks_for_a_game: matches!(want, Want::NewRun(_)),
    };
    let decided = checked.decide(&wish).map_err(|e| text(&e))?;
    let (mut life, start) = decided.take().map_err(|e| text(&e))?;
    let new = matches!(start, Start::New);
    let app = match (start, want, name) {
        (Start::Resume(checked), _, _) => App::resume_checked(*checked),
        (Start::New, Want::NewRun(seed), _) => App::play_run(seed, 1).map_err(|e| text(&e))?,
        (Start::New, _, SaveName::Lesson(lesson)) => {
            App::play(&lesson.level(), 1).map_err(|e| text(&e))?
        }
        (Start::New, _, SaveName::Run) => return Err("there is no saved game".into()),
    };
    let app = clocked(app);
    life.started(app.game(), app.commands_played(), wall_clock(), new)
        .map_err(|e| text(&e))?;
    Ok(Phase::Game {
        app,
        life: Some(life),
        watching: false,
    })
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
    fn frame(&mut self) -> Result<(), JsValue> {
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
    fn leave(&mut self) {
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

/// A replay played back on its own screen (space, `.`, `+`, `-`, `q`).
fn play_back(replay: &Replay) -> Result<Phase, String> {
    let app = App::replay(replay).map_err(|e| e.to_string())?;
    Ok(Phase::Game {
        app: clocked(app),
        life: None,
        watching: false,
    })
}

fn with_page<T>(f: impl FnOnce(&mut Page) -> T) -> Option<T> {
    PAGE.with(|p| p.borrow_mut().as_mut().map(f))
}

/// `frame` at every animation frame from the next on (an error said on
/// the console).
pub(crate) fn on_every_frame(frame: impl FnMut() -> Result<(), JsValue> + 'static) {
    type Frame = Rc<RefCell<Option<Closure<dyn FnMut()>>>>;
    fn request(next: &Frame) {
        if let (Some(window), Some(f)) = (web_sys::window(), next.borrow().as_ref()) {
            let _ = window.request_animation_frame(f.as_ref().unchecked_ref());
        }
    }
    let next: Frame = Rc::new(RefCell::new(None));
    let again = next.clone();
    let mut frame = frame;
    *next.borrow_mut() = Some(Closure::new(move || {
        if let Err(e) = frame() {
            web_sys::console::error_1(&e);
        }
        request(&again);
    }));
    request(&next);
}

/// Keys (on the whole page, the browser's own use of them prevented:
/// arrows scroll, space pages, `/` finds), clicks on the screen, the
/// window's size, and the page being left.
fn listen() -> Result<(), JsValue> {
    let window = web_sys::window().ok_or("no window")?;
    let keydown = Closure::<dyn FnMut(web_sys::KeyboardEvent)>::new(|e: web_sys::KeyboardEvent| {
        // The replay file's chooser has its own keys; so do the browser's
        // shortcuts (with Ctrl or the command key).
        let in_form = e
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
            .is_some();
        if in_form || e.meta_key() || (e.ctrl_key() && e.key() != "c") {
            return;
        }
        if let Some(key) = KeyEvent::of_browser(&e.key(), e.shift_key(), e.ctrl_key(), e.alt_key())
        {
            e.prevent_default();
            with_page(|page| page.keys.push_back(key));
        }
    });
    window.add_event_listener_with_callback("keydown", keydown.as_ref().unchecked_ref())?;
    keydown.forget();

    let click = Closure::<dyn FnMut(web_sys::MouseEvent)>::new(|e: web_sys::MouseEvent| {
        with_page(|page| {
            let rect = page.screen.get_bounding_client_rect();
            let x = (f64::from(e.client_x()) - rect.left()) / page.cell.0;
            let y = (f64::from(e.client_y()) - rect.top()) / page.cell.1;
            if x >= 0.0 && y >= 0.0 {
                let button = match e.button() {
                    1 => MouseButton::Middle,
                    2 => MouseButton::Right,
                    _ => MouseButton::Left,
                };
                page.clicks.push_back(MouseEvent {
                    kind: MouseEventKind::Down(button),
                    column: x.floor().min(f64::from(u16::MAX)) as u16,
                    row: y.floor().min(f64::from(u16::MAX)) as u16,
                    modifiers: KeyModifiers::NONE,
                });
            }
            let _ = page.screen.focus();
        });
    });
    let screen = document().get_element_by_id(SCREEN).ok_or("no #screen")?;
    screen.add_event_listener_with_callback("click", click.as_ref().unchecked_ref())?;
    click.forget();

    let resize = Closure::<dyn FnMut()>::new(|| {
        with_page(|page| page.resized = true);
    });
    window.add_event_listener_with_callback("resize", resize.as_ref().unchecked_ref())?;
    resize.forget();

    let leave = Closure::<dyn FnMut()>::new(|| {
        with_page(Page::leave);
    });
    window.add_event_listener_with_callback("pagehide", leave.as_ref().unchecked_ref())?;
    leave.forget();
    Ok(())
}

/// The replay of the game on screen (played, watched or played back), or
/// else of the last game kept; `None` if there is neither. The page's
/// "download" button saves it as a file that `darkstar replay` plays.
#[wasm_bindgen]
pub fn replay_text() -> Option<String> {
    with_page(|page| match &page.phase {
        Phase::Game { app, .. } => Some(app.recording().to_text()),
        Phase::Title { games, .. } => games.first().map(Replay::to_text),
    })
    .flatten()
}

/// A file name for [`replay_text`]'s replay.
#[wasm_bindgen]
pub fn replay_name() -> String {
    with_page(|page| match &page.phase {
        Phase::Game { app, .. } => format!("darkstar-{}.replay", app.recording().seed),
        Phase::Title { .. } => "last.replay".to_string(),
    })
    .unwrap_or_else(|| "darkstar.replay".into())
}

/// Plays back a replay the reader opened (`name` its file's name, for
/// errors): a terminal's game, in sync or stopped where it is not. An
/// error is said on the title screen and returned.
#[wasm_bindgen]
pub fn open_replay(text: &str, name: &str) -> Result<(), JsValue> {
    let replay =
        Replay::parse(text, Path::new(name)).map_err(|e| JsValue::from_str(&e.to_string()));
    with_page(|page| {
        page.leave_game_for(match &replay {
            Ok(replay) => play_back(replay),
            Err(e) => Err(e.as_string().unwrap_or_default()),
        })
    });
    replay.map(|_| ())
}

impl Page {
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

/// How long each frame of a watch that played a turn took, its tick and
/// its drawing into the page, in ms (the test's median is the issue's
/// "a watched turn drawn").
#[wasm_bindgen]
pub fn turn_frame_times() -> Vec<f64> {
    with_page(|page| page.turn_frames.clone()).unwrap_or_default()
}

/// When the first frame (the title screen) was drawn, in ms since the
/// page began loading; negative before it is.
#[wasm_bindgen]
pub fn first_frame_ms() -> f64 {
    with_page(|page| page.first_frame.unwrap_or(-1.0)).unwrap_or(-1.0)
}
