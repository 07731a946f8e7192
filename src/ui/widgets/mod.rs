//! Drawing: `impl Widget for &App`, which lays the screen out, draws the
//! game at the bottom (each part by a widget, one per file here: map,
//! status rows, log, legend, the monsters panel, the end of a game) and then each open screen
//! over it, the one opened first first (each draws itself: see
//! [`crate::ui::app::Screen`]). Widgets read the app and the game, change
//! neither, and draw nothing from the simulation's RNG. The sixteen basic
//! colours are used, so every terminal shows the same thing, but for two
//! from the 256: the darkness's shade, and by choice (`P`) the
//! colour-blind-safe threat palette.

mod end_summary;
mod faction_stats;
mod in_view;
mod legend;
mod log;
mod map;
mod monsters;
mod palette;
mod status;

pub use crate::ui::app::{describe, help_lines, pack_lines};
pub use end_summary::end_summary;
pub use map::{HEARD_FIGHT, HEARD_STEP, IN_ITS_SIGHT, MARKED};

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::widgets::{StatefulWidget, Widget};

use super::app::{App, DrawCtx, Mode};

/// Smallest terminal the game draws in.
pub const MIN_WIDTH: u16 = 40;
/// Smallest terminal the game draws in.
pub const MIN_HEIGHT: u16 = 13;
/// Rows of message log under the map.
const LOG_ROWS: u16 = 4;

/// Where each part of the screen goes, for a screen of a given size.
struct Layout {
    map: Rect,
    status: Rect,
    stats: Rect,
    log: Rect,
    /// Watching: the legend, beside the map or under it.
    legend: Option<legend::Placement>,
    /// Playing on a wide screen: the monsters panel beside the map.
    monsters: Option<Rect>,
}

impl Layout {
    /// The layout of `app` on a screen of `area`; none when the screen is
    /// too small to draw in.
    fn of(app: &App, area: Rect) -> Option<Layout> {
        if !fits(area) {
            return None;
        }
        // Watching on a short terminal, two log rows leave the map room
        // beside the legend.
        let log_rows = match app.mode() {
            Mode::Watch if area.height < 30 => 2,
            _ => LOG_ROWS,
        };
        let map = Rect::new(area.x, area.y, area.width, area.height - 2 - log_rows);
        let status = Rect::new(area.x, map.bottom(), area.width, 1);
        let stats = Rect::new(area.x, status.bottom(), area.width, 1);
        let log = Rect::new(area.x, stats.bottom(), area.width, log_rows);
        // Watching, the legend is always on screen (beside the map or
        // under it), and the map gets the rest.
        let legend = (app.mode() == Mode::Watch).then(|| legend::layout(app, map));
        let map = match &legend {
            Some(legend::Placement::Panel { map, .. } | legend::Placement::Rows { map, .. }) => {
                *map
            }
            None => map,
        };
        // Playing, the monsters panel when the level and it fit side by
        // side.
        let (map, monsters) = match monsters::layout(app, map) {
            Some((map, panel)) => (map, Some(panel)),
            None => (map, None),
        };
        Some(Layout {
            map,
            status,
            stats,
            log,
            legend,
            monsters,
        })
    }
}

/// True when a screen of `area` is big enough to draw the game (and the
/// title screen) in: at least [`MIN_WIDTH`] x [`MIN_HEIGHT`].
pub fn fits(area: Rect) -> bool {
    area.width >= MIN_WIDTH && area.height >= MIN_HEIGHT
}

/// What a screen too small to draw in shows: that it is, and the size it
/// needs.
pub fn draw_too_small(area: Rect, buf: &mut Buffer) {
    let lines = [
        "Terminal too small".to_string(),
        format!(
            "need {MIN_WIDTH}x{MIN_HEIGHT}, have {}x{}",
            area.width, area.height
        ),
    ];
    for (i, line) in lines.iter().enumerate() {
        let y = area.y + area.height / 2 + i as u16;
        if y < area.y + area.height {
            let x = area.x + area.width.saturating_sub(line.len() as u16) / 2;
            buf.set_stringn(x, y, line, area.width as usize, Style::default());
        }
    }
}

/// The size (columns, rows) of the map view on a screen of `area`, as
/// drawing lays it out: what the event loop tells the app before a frame
/// ([`App::lay_out`]), so drawing itself changes nothing.
pub fn map_view_size(app: &App, area: Rect) -> Option<(u16, u16)> {
    map_area(app, area).map(|map| (map.width, map.height))
}

/// Where the map view is on a screen of `area`, as drawing lays it out
/// (none: too small to draw in): what the event loop tells the app
/// before a frame ([`App::lay_out_map`]), so a click is read where the
/// map was drawn.
pub fn map_area(app: &App, area: Rect) -> Option<Rect> {
    Layout::of(app, area).map(|l| l.map)
}

impl Widget for &App {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let Some(Layout {
            map,
            status,
            stats,
            log,
            legend,
            monsters,
        }) = Layout::of(self, area)
        else {
            return draw_too_small(area, buf);
        };
        if let Some(placement) = &legend {
            legend::draw_legend(self, placement, buf);
        }
        if let Some(panel) = monsters {
            monsters::draw_monsters(self, panel, buf);
        }
        // Where the view stands, worked out once from the camera and given
        // to the map and to what the screens draw over it.
        let mut view = map::view_of(self, map);
        map::MapWidget::of(self).render(map, buf, &mut view);
        status::draw_status(self, status, buf);
        if self.mode() == Mode::Play && !self.revealing() {
            in_view::draw_in_view(self, stats, buf);
        } else {
            faction_stats::draw_faction_stats(self, stats, buf);
        }
        log::draw_log(self, log, buf);
        end_summary::draw_end_summary(self, area, buf);
        let dc = DrawCtx {
            app: self,
            area,
            map,
            status,
            view,
        };
        for screen in self.screens() {
            screen.draw(&dc, buf);
        }
    }
}

/// Draws one frame of `app` on `terminal` (any ratatui backend: the
/// terminal's, a browser's, a test's): first lays the screen out at the
/// backend's size and tells the app the map view's size (so the camera
/// keys clamp to the view on screen), then draws from the app as it is,
/// changing nothing.
pub fn draw<B: ratatui::backend::Backend>(
    terminal: &mut ratatui::Terminal<B>,
    app: &mut App,
) -> std::io::Result<()> {
    let size = terminal
        .size()
        .map_err(|e| std::io::Error::other(e.to_string()))?;
    app.lay_out_map(map_area(app, Rect::new(0, 0, size.width, size.height)));
    terminal
        .draw(|frame| frame.render_widget(&*app, frame.area()))
        .map_err(|e| std::io::Error::other(e.to_string()))?;
    Ok(())
}
