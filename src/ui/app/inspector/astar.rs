//! The search inspector's A* figure: a monster's recorded A* replayed to
//! the expansion shown, over the map or zoomed to the classic article's
//! F, G, H boxes (the painting both figures share is in `figure.rs`).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use super::field::draw_field_inspector;
use super::figure::{WALL_BOX, fgh_lines, paint_marks, paint_zoomed, search_mark};
use crate::map::geom::Pos;
use crate::path::Outcome;
use crate::ui::app::MapView;
use crate::ui::app::{App, Inspector};

/// The inspector over the map: open cells green, closed blue, the cell
/// expanded last yellow, start and goal marked, the path once found; or,
/// zoomed, a box per cell with F, G, H and an arrow to its parent, like
/// the figures of the classic article.
pub(super) fn draw_inspector(
    app: &App,
    inspector: &Inspector,
    view: MapView,
    area: Rect,
    buf: &mut Buffer,
) {
    if let Some(field) = inspector.shown_field() {
        return draw_field_inspector(app, inspector, field, view, area, buf);
    }
    let trace = &inspector.trace;
    let state = trace.after(inspector.shown);
    let done = inspector.shown == trace.expansions();
    let path: Vec<Pos> = match (&trace.outcome, done) {
        (Outcome::Found { path, .. }, true) => path.clone(),
        _ => Vec::new(),
    };
    let mark = |p: Pos| {
        search_mark(
            p,
            (trace.start, trace.goal, 'G'),
            &path,
            state.current,
            state.closed.contains_key(&p),
            state.open.contains_key(&p),
        )
    };
    if !inspector.zoom {
        return paint_marks(view, area, buf, mark);
    }
    let centre = state.current.unwrap_or(trace.start);
    paint_zoomed(
        app,
        inspector,
        area,
        buf,
        centre,
        mark,
        |p, wall| match state.closed.get(&p).or(state.open.get(&p)).copied() {
            Some(reached) => fgh_lines(p, reached),
            None if wall => WALL_BOX.map(String::from),
            None => Default::default(),
        },
    )
}
