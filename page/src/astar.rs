//! The page `astar.html`: "A* for beginners", live
//! (`darkstar::ui::astar_lesson`), drawn into the page as the game's
//! screens are, its keys and clicks from the browser.

use std::cell::RefCell;

use darkstar::map::cost::to_tiles;
use darkstar::map::geom::Pos;
use darkstar::path::Connectivity;
use darkstar::path::trace::trace_search;
use darkstar::ui::astar_lesson::AStarLesson;
use darkstar::ui::key::KeyEvent;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

use crate::rows::Rows;
use crate::{fit, measure_cell, on_every_frame};

/// The lesson on screen, and what draws it.
struct Lesson {
    lesson: AStarLesson,
    terminal: Terminal<TestBackend>,
    rows: Rows,
    screen: web_sys::HtmlElement,
    cell: (f64, f64),
    /// Something changed since the last frame drawn.
    dirty: bool,
}

thread_local! {
    static LESSON: RefCell<Option<Lesson>> = const { RefCell::new(None) };
}

fn with_lesson<T>(f: impl FnOnce(&mut Lesson) -> T) -> Option<T> {
    LESSON.with(|l| l.borrow_mut().as_mut().map(f))
}

/// Opens the lesson in `screen`.
pub fn start(screen: web_sys::HtmlElement) -> Result<(), JsValue> {
    let cell = measure_cell(&screen)?;
    let (w, h) = fit(&screen, cell);
    let lesson = Lesson {
        lesson: AStarLesson::new(),
        terminal: Terminal::new(TestBackend::new(w, h))
            .map_err(|e| JsValue::from_str(&e.to_string()))?,
        rows: Rows::new(screen.clone().into()),
        screen: screen.clone(),
        cell,
        dirty: true,
    };
    LESSON.with(|l| *l.borrow_mut() = Some(lesson));
    let window = web_sys::window().ok_or("no window")?;
    let keydown = Closure::<dyn FnMut(web_sys::KeyboardEvent)>::new(|e: web_sys::KeyboardEvent| {
        if e.meta_key() || e.ctrl_key() {
            return;
        }
        if let Some(key) = KeyEvent::of_browser(&e.key(), e.shift_key(), false, e.alt_key()) {
            with_lesson(|l| {
                if l.lesson.press(key) {
                    e.prevent_default();
                    l.dirty = true;
                }
            });
        }
    });
    window.add_event_listener_with_callback("keydown", keydown.as_ref().unchecked_ref())?;
    keydown.forget();
    let click = Closure::<dyn FnMut(web_sys::MouseEvent)>::new(|e: web_sys::MouseEvent| {
        with_lesson(|l| {
            let rect = l.screen.get_bounding_client_rect();
            let x = (f64::from(e.client_x()) - rect.left()) / l.cell.0;
            let y = (f64::from(e.client_y()) - rect.top()) / l.cell.1;
            let size = l.terminal.backend().buffer().area;
            if x >= 0.0 && y >= 0.0 && l.lesson.click(size, x as u16, y as u16) {
                l.dirty = true;
            }
            let _ = l.screen.focus();
        });
    });
    screen.add_event_listener_with_callback("click", click.as_ref().unchecked_ref())?;
    click.forget();
    let resize = Closure::<dyn FnMut()>::new(|| {
        with_lesson(|l| {
            if let Ok(cell) = measure_cell(&l.screen) {
                l.cell = cell;
                let (w, h) = fit(&l.screen, cell);
                l.terminal.backend_mut().resize(w, h);
                l.dirty = true;
            }
        });
    });
    window.add_event_listener_with_callback("resize", resize.as_ref().unchecked_ref())?;
    resize.forget();
    screen.focus()?;
    on_every_frame(|| {
        with_lesson(|l| {
            if !l.dirty {
                return Ok(());
            }
            l.dirty = false;
            let lesson = &l.lesson;
            l.terminal
                .draw(|frame| frame.render_widget(lesson, frame.area()))
                .map_err(|e| JsValue::from_str(&e.to_string()))?;
            l.rows.show(l.terminal.backend().buffer())
        })
        .unwrap_or(Ok(()))
    });
    Ok(())
}

/// F, G and H of the square (`x`, `y`) as the crate's A* records them for
/// the lesson's grid as the search knows it, searched again here rather
/// than read off the screen, after as many expansions as the screen
/// shows; in the article's units (a straight step 10). Empty if the
/// search has not reached the square by then. The page's test holds the
/// screen to these.
#[wasm_bindgen]
pub fn astar_cell(x: i32, y: i32) -> Vec<f64> {
    with_lesson(|l| {
        let lesson = &l.lesson;
        let trace = trace_search(
            &lesson.known_map(),
            lesson.walker(),
            lesson.goal(),
            Connectivity::Eight,
            usize::MAX,
        );
        let state = trace.after(lesson.shown());
        let p = Pos::new(x, y);
        state
            .closed
            .get(&p)
            .or(state.open.get(&p))
            .map(|r| vec![to_tiles(r.g + r.h), to_tiles(r.g), to_tiles(r.h)])
            .unwrap_or_default()
    })
    .unwrap_or_default()
}
