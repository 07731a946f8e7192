//! The message history (Ctrl-P) as a screen: every message the log
//! keeps, newest at the bottom, over the whole screen; k/j (or the
//! arrows) scroll a line, and in play u/n (PgUp/PgDn) ten; any other key
//! closes. Long messages wrap at words, and the screen never scrolls past
//! the first message.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::widgets::{Block, Borders, Clear, Widget};

use super::screen::{Ask, Ctx, DrawCtx, Handled, Screen};
use crate::map::geom::Dir;
use crate::ui::keymap::{Command, Intent};
use crate::ui::mode::Mode;
use crate::ui::paint::wrap;

/// The message history screen, while open.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct History {
    back: usize,
}

impl History {
    /// Messages scrolled back from the newest.
    pub fn back(&self) -> usize {
        self.back
    }
}

impl Screen for History {
    fn name(&self) -> &str {
        "history"
    }

    /// Up (older) and down (newer) scroll, never past the first message
    /// nor the newest: `k`/`j` a message, `u` `y` / `n` `b` (PgUp, PgDn)
    /// ten, the mouse wheel one; any other key closes.
    fn handle(&mut self, intent: Intent, ctx: Ctx<'_>, asks: &mut Vec<Ask>) -> Handled {
        let by: i64 = match intent {
            Intent::Move(d) if d.delta().1 != 0 => match d.delta() {
                (0, dy) => -dy as i64,
                (_, dy) => -10 * dy as i64,
            },
            Intent::Scroll(0, dy) if dy != 0 => -dy.signum() as i64,
            _ => {
                asks.push(Ask::Close);
                return Handled::Used;
            }
        };
        let most = ctx.log_len.saturating_sub(1) as i64;
        self.back = (self.back as i64 + by).clamp(0, most) as usize;
        Handled::Used
    }

    fn draw(&self, dc: &DrawCtx<'_>, buf: &mut Buffer) {
        draw_history(dc.app.log(), self, dc.area, buf);
    }

    fn commands(&self, mode: Mode) -> Vec<Command> {
        let (one, ten) = match mode {
            Mode::Play => (
                vec![Intent::Move(Dir::N), Intent::Move(Dir::S)],
                vec![Intent::Move(Dir::NE), Intent::Move(Dir::SE)],
            ),
            Mode::Watch => (vec![Intent::Scroll(0, -8), Intent::Scroll(0, 8)], vec![]),
        };
        let mut commands = vec![Command::new(&one, "a message older / newer")];
        if !ten.is_empty() {
            commands.push(Command::new(&ten, "ten older / newer"));
        }
        commands.push(Command::note("any other", "close"));
        commands
    }

    fn stills_the_game(&self) -> bool {
        true
    }
}

/// The history screen, scrolled as `history` is, over the log's lines.
fn draw_history(
    log: impl DoubleEndedIterator<Item = impl AsRef<str>> + ExactSizeIterator,
    history: &History,
    area: Rect,
    buf: &mut Buffer,
) {
    let back = history.back();
    Clear.render(area, buf);
    let total = log.len();
    let title = format!(" Messages ({total}; k j scroll, u n ten, any other key closes) ");
    Block::default()
        .borders(Borders::ALL)
        .title(title)
        .render(area, buf);
    let rows = area.height.saturating_sub(2) as usize;
    let width = area.width.saturating_sub(2) as usize;
    // Long messages wrap at words as in the log. The screen ends at the
    // message `back` from the newest, but never starts past the first:
    // scrolled further back, it stays full from the first message down.
    let lines: Vec<Vec<String>> = log.map(|l| wrap(l.as_ref(), width)).collect();
    let mut end = total.saturating_sub(back);
    let rows_before = |end: usize| lines[..end].iter().map(Vec::len).sum::<usize>();
    while end < total && rows_before(end) < rows {
        end += 1;
    }
    let shown: Vec<&String> = lines[..end].iter().flatten().collect();
    let start = shown.len().saturating_sub(rows);
    for (i, line) in shown[start..].iter().enumerate() {
        buf.set_stringn(
            area.x + 1,
            area.y + 1 + i as u16,
            line.as_str(),
            width,
            Style::default(),
        );
    }
}
