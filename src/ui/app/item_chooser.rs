//! "Which item?" as a screen: the pack listed in a box, one picked with
//! the move keys (up and down) and Enter or `.`, for using, throwing or
//! dropping. A thrown one then takes a target cursor; the rest are done
//! at once. `q` or Esc puts the list away.

use ratatui::buffer::Buffer;

use super::Cursor;
use super::screen::{Ask, Ctx, DrawCtx, Handled, Screen};
use crate::map::geom::Dir;
use crate::sim::Action;
use crate::sim::item::ItemKind;
use crate::ui::keymap::{Command, Intent};
use crate::ui::mode::Mode;
use crate::ui::paint::draw_box;

/// What the item is picked for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ItemUse {
    Use,
    Throw,
    Drop,
}

impl ItemUse {
    /// The verb the list's title asks with.
    pub fn verb(self) -> &'static str {
        match self {
            ItemUse::Use => "Use",
            ItemUse::Throw => "Throw",
            ItemUse::Drop => "Drop",
        }
    }
}

/// The list, while up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ItemChooser {
    purpose: ItemUse,
    selected: usize,
}

impl ItemChooser {
    pub fn new(purpose: ItemUse) -> ItemChooser {
        ItemChooser {
            purpose,
            selected: 0,
        }
    }

    pub fn purpose(&self) -> ItemUse {
        self.purpose
    }

    /// The pack slot picked.
    pub fn selected(&self) -> usize {
        self.selected
    }
}

impl Screen for ItemChooser {
    fn name(&self) -> &str {
        "items"
    }

    fn handle(&mut self, intent: Intent, ctx: Ctx<'_>, asks: &mut Vec<Ask>) -> Handled {
        let len = ctx.game.pack().len();
        match intent {
            Intent::Move(Dir::N) => self.selected = self.selected.saturating_sub(1),
            Intent::Move(Dir::S) => self.selected = (self.selected + 1).min(len.saturating_sub(1)),
            Intent::Confirm | Intent::Wait if self.selected < len => {
                asks.push(Ask::Close);
                let slot = self.selected as u8;
                match self.purpose {
                    ItemUse::Use => asks.push(Ask::Act(Action::Use(slot))),
                    ItemUse::Drop => asks.push(Ask::Act(Action::Drop(slot))),
                    ItemUse::Throw => {
                        if let Some(cursor) = Cursor::aim(ctx.game, slot) {
                            asks.push(Ask::Open(Box::new(cursor)));
                            let line = "Throw where? Enter or . throws, Esc cancels.";
                            asks.push(Ask::Say(line.to_string()));
                        }
                    }
                }
            }
            Intent::Quit | Intent::Other | Intent::Confirm | Intent::Wait => {
                asks.push(Ask::Close);
            }
            _ => {}
        }
        Handled::Used
    }

    /// The pack in a box in the middle, the item picked marked.
    fn draw(&self, dc: &DrawCtx<'_>, buf: &mut Buffer) {
        let lines = pack_lines(dc.app.game().pack(), self.selected);
        let title = format!(
            " {} which? (up/down, Enter; q: never mind) ",
            self.purpose.verb()
        );
        let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
        draw_box(&title, &lines, dc.area, buf);
    }

    fn commands(&self, _: Mode) -> Vec<Command> {
        vec![
            Command::new(
                &[Intent::Move(Dir::N), Intent::Move(Dir::S)],
                "the item above / below",
            ),
            Command::new(
                &[Intent::Confirm, Intent::Wait],
                self.purpose.verb().to_lowercase() + " it",
            ),
            Command::new(&[Intent::Quit], "never mind"),
        ]
    }
}

/// The pack as the item list shows it: a line an item, the picked one
/// marked.
pub fn pack_lines(pack: &[ItemKind], selected: usize) -> Vec<String> {
    pack.iter()
        .enumerate()
        .map(|(i, k)| {
            let mark = if i == selected { '>' } else { ' ' };
            format!("{mark} {} {}", k.glyph(), k.name())
        })
        .collect()
}
