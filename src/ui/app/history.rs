//! The message history (Ctrl-P) as a component: how far back it is
//! scrolled, moved by the vertical keys, closed by any other.

use super::component::{Ask, Component, Ctx, Handled};
use crate::ui::keymap::Intent;

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

impl Component for History {
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
}
