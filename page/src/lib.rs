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
mod begin;
mod game;
pub mod rows;
pub mod texts;

use std::cell::RefCell;
use std::rc::Rc;
use std::time::Duration;

use darkstar::ui::App;
use darkstar::ui::key::KeyEvent;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

use game::Page;

/// The id of the element the screen is drawn in.
const SCREEN: &str = "screen";
/// The id of the element the A* lesson is drawn in (astar.html).
const ASTAR: &str = "astar";
thread_local! {
    static PAGE: RefCell<Option<Page>> = const { RefCell::new(None) };
}

/// The page's clock, for the screens' ticks and the life cycle: ms since
/// the page began loading.
pub(crate) fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

pub(crate) fn wall_clock() -> Duration {
    Duration::from_secs_f64(now_ms().max(0.0) / 1000.0)
}

/// `app` on the page's clock.
pub(crate) fn clocked(mut app: App) -> App {
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
    let page = Page::new(screen.clone())?;
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
            with_page(|page| page.key(key));
        }
    });
    window.add_event_listener_with_callback("keydown", keydown.as_ref().unchecked_ref())?;
    keydown.forget();

    let click = Closure::<dyn FnMut(web_sys::MouseEvent)>::new(|e: web_sys::MouseEvent| {
        with_page(|page| page.click(f64::from(e.client_x()), f64::from(e.client_y()), e.button()));
    });
    let screen = document().get_element_by_id(SCREEN).ok_or("no #screen")?;
    screen.add_event_listener_with_callback("click", click.as_ref().unchecked_ref())?;
    click.forget();

    let resize = Closure::<dyn FnMut()>::new(|| {
        with_page(Page::resized);
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
    with_page(|page| page.replay_text()).flatten()
}

/// A file name for [`replay_text`]'s replay.
#[wasm_bindgen]
pub fn replay_name() -> String {
    with_page(|page| page.replay_name()).unwrap_or_else(|| "darkstar.replay".into())
}

/// Plays back a replay the reader opened (`name` its file's name, for
/// errors): a terminal's game, in sync or stopped where it is not. A
/// replay too large to read or to play in a tab is refused. An error is
/// said on the title screen and returned.
#[wasm_bindgen]
pub fn open_replay(text: &str, name: &str) -> Result<(), JsValue> {
    with_page(|page| page.open_replay(text, name))
        .unwrap_or(Ok(()))
        .map_err(|e| JsValue::from_str(&e))
}

/// How long each frame of a watch that played a turn took, its tick and
/// its drawing into the page, in ms (the test's median is the issue's
/// "a watched turn drawn").
#[wasm_bindgen]
pub fn turn_frame_times() -> Vec<f64> {
    with_page(|page| page.turn_frames().to_vec()).unwrap_or_default()
}

/// When the first frame (the title screen) was drawn, in ms since the
/// page began loading; negative before it is.
#[wasm_bindgen]
pub fn first_frame_ms() -> f64 {
    with_page(|page| page.first_frame().unwrap_or(-1.0)).unwrap_or(-1.0)
}
