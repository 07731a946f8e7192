//! The painting both search-inspector figures (A* in `astar.rs`, the
//! Dijkstra field in `field.rs`) share: cell marks over the map,
//! the zoomed boxes and walls, parent arrows. Its own module so the two
//! figures do not import each other (the A* one dispatches to the field one).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Style};
use ratatui::widgets::{Clear, Widget};

use crate::map::geom::Pos;
use crate::ui::app::MapView;
use crate::ui::app::{App, Inspector};

/// The parent direction as an arrow.
pub(super) fn arrow(from: Pos, to: Pos) -> char {
    match (to.x - from.x, to.y - from.y) {
        (0, -1) => '↑',
        (1, -1) => '↗',
        (1, 0) => '→',
        (1, 1) => '↘',
        (0, 1) => '↓',
        (-1, 1) => '↙',
        (-1, 0) => '←',
        (-1, -1) => '↖',
        _ => '·',
    }
}

/// How an inspector figure marks cell `p` over the map: its two ends
/// (`S` and `end`'s glyph) magenta, the route once found `*` white, the
/// cell expanded last yellow, settled (closed) cells blue, queued (open)
/// ones green; `None` for the rest.
pub(super) fn search_mark(
    p: Pos,
    (start, end, end_glyph): (Pos, Pos, char),
    route: &[Pos],
    current: Option<Pos>,
    closed: bool,
    open: bool,
) -> Option<(Color, Option<char>)> {
    if p == start {
        Some((Color::LightMagenta, Some('S')))
    } else if p == end {
        Some((Color::LightMagenta, Some(end_glyph)))
    } else if route.contains(&p) {
        Some((Color::White, Some('*')))
    } else if Some(p) == current {
        Some((Color::Yellow, None))
    } else if closed {
        Some((Color::Blue, None))
    } else if open {
        Some((Color::Green, None))
    } else {
        None
    }
}

/// A zoomed cell that is a wall the faction knows.
pub(super) const WALL_BOX: [&str; 3] = ["########", "########", "########"];

/// An inspector figure zoomed in: `area` cleared and cut into boxes of 8 x
/// 3 characters, one a cell, centred on `centre`; each box coloured as
/// `mark` says (a wall the monster's faction knows grey) and filled with
/// the three lines `lines` gives for the cell (told whether it is a known
/// wall).
pub(super) fn paint_zoomed(
    app: &App,
    inspector: &Inspector,
    area: Rect,
    buf: &mut Buffer,
    centre: Pos,
    mark: impl Fn(Pos) -> Option<(Color, Option<char>)>,
    lines: impl Fn(Pos, bool) -> [String; 3],
) {
    const CW: u16 = 8;
    const CH: u16 = 3;
    Clear.render(area, buf);
    let (cols, rows) = (area.width / CW, area.height / CH);
    let origin = Pos::new(centre.x - cols as i32 / 2, centre.y - rows as i32 / 2);
    let knowledge = {
        let m = &app.game().floor().monsters()[inspector.monster as usize];
        app.game().floor().factions()[m.faction()].knowledge()
    };
    for cy in 0..rows {
        for cx in 0..cols {
            let p = Pos::new(origin.x + cx as i32, origin.y + cy as i32);
            let (x, y) = (area.x + cx * CW, area.y + cy * CH);
            let wall = knowledge.belief(p).is_some_and(|t| !t.is_passable());
            let style = match mark(p) {
                Some((bg, _)) => Style::default().fg(Color::Black).bg(bg),
                None if wall => Style::default().fg(Color::White).bg(Color::DarkGray),
                None => Style::default(),
            };
            for (k, line) in lines(p, wall).iter().enumerate() {
                let text = format!("{line:<8}");
                buf.set_stringn(x, y + k as u16, text, CW as usize, style);
            }
        }
    }
}

/// The inspector unzoomed: over the map as drawn, each cell `mark` names
/// gets its background (and glyph, if any).
pub(super) fn paint_marks(
    view: MapView,
    area: Rect,
    buf: &mut Buffer,
    mark: impl Fn(Pos) -> Option<(Color, Option<char>)>,
) {
    let cam = view.origin;
    for sy in 0..area.height {
        for sx in 0..area.width {
            let p = Pos::new(cam.x + sx as i32, cam.y + sy as i32);
            if let Some((bg, ch)) = mark(p)
                && let Some(cell) = buf.cell_mut((area.x + sx, area.y + sy))
            {
                cell.set_style(Style::default().fg(Color::Black).bg(bg));
                if let Some(ch) = ch {
                    cell.set_char(ch);
                }
            }
        }
    }
}
