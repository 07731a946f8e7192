//! The painting both search-inspector figures (A* in `astar.rs`, the
//! Dijkstra field in `field.rs`) share: cell marks over the map,
//! the zoomed boxes and walls, parent arrows. Its own module so the two
//! figures do not import each other (the A* one dispatches to the field one).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Style};
use ratatui::widgets::{Clear, Widget};

use crate::map::cost::to_tiles;
use crate::map::geom::Pos;
use crate::path::trace::Reached;
use crate::ui::app::MapView;
use crate::ui::app::{App, Inspector};

/// The parent direction as an arrow.
pub(crate) fn arrow(from: Pos, to: Pos) -> char {
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
pub(crate) fn search_mark(
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
pub(crate) const WALL_BOX: [&str; 3] = ["########", "########", "########"];

/// An inspector figure zoomed in: [`paint_boxes`] centred on `centre`,
/// a wall the monster's faction knows grey.
pub(super) fn paint_zoomed(
    app: &App,
    inspector: &Inspector,
    area: Rect,
    buf: &mut Buffer,
    centre: Pos,
    mark: impl Fn(Pos) -> Option<(Color, Option<char>)>,
    lines: impl Fn(Pos, bool) -> [String; 3],
) {
    let (cols, rows) = (area.width / BOX_WIDTH, area.height / BOX_HEIGHT);
    let origin = Pos::new(centre.x - cols as i32 / 2, centre.y - rows as i32 / 2);
    let knowledge = {
        let m = &app.game().floor().monsters()[inspector.monster as usize];
        app.game().floor().factions()[m.faction()].knowledge()
    };
    let wall = |p: Pos| knowledge.belief(p).is_some_and(|t| !t.is_passable());
    Clear.render(area, buf);
    paint_boxes(area, buf, origin, wall, mark, lines);
}

/// A zoomed cell's box: 8 characters wide, 3 high.
pub(crate) const BOX_WIDTH: u16 = 8;
pub(crate) const BOX_HEIGHT: u16 = 3;

/// `area` cut into boxes of [`BOX_WIDTH`] x [`BOX_HEIGHT`], one a cell,
/// `origin` the top left one's; each box coloured as `mark` says (else a
/// `wall` grey) and filled with the three lines `lines` gives for the
/// cell (told whether it is a wall).
pub(crate) fn paint_boxes(
    area: Rect,
    buf: &mut Buffer,
    origin: Pos,
    wall: impl Fn(Pos) -> bool,
    mark: impl Fn(Pos) -> Option<(Color, Option<char>)>,
    lines: impl Fn(Pos, bool) -> [String; 3],
) {
    let (cols, rows) = (area.width / BOX_WIDTH, area.height / BOX_HEIGHT);
    for cy in 0..rows {
        for cx in 0..cols {
            let p = Pos::new(origin.x + cx as i32, origin.y + cy as i32);
            let (x, y) = (area.x + cx * BOX_WIDTH, area.y + cy * BOX_HEIGHT);
            let wall = wall(p);
            let style = match mark(p) {
                Some((bg, _)) => Style::default().fg(Color::Black).bg(bg),
                None if wall => Style::default().fg(Color::White).bg(Color::DarkGray),
                None => Style::default(),
            };
            for (k, line) in lines(p, wall).iter().enumerate() {
                let text = format!("{line:<8}");
                buf.set_stringn(x, y + k as u16, text, BOX_WIDTH as usize, style);
            }
        }
    }
}

/// A reached cell's box as the classic article draws it, in its units
/// (a straight floor step 10, a diagonal 14): F and the arrow to the
/// parent, G, H.
pub(crate) fn fgh_lines(p: Pos, reached: Reached) -> [String; 3] {
    let Reached { g, h, parent } = reached;
    [
        format!("F{:>5.0} {}", to_tiles(g + h), arrow(p, parent)),
        format!("G{:>5.0}", to_tiles(g)),
        format!("H{:>5.0}", to_tiles(h)),
    ]
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
