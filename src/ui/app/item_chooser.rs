//! "Which item?" as a screen: the pack listed in a box, alike items
//! stacked on one line ("f - 3 darts"), each kind with the letter it keeps
//! in every game; one picked by its letter, or with the arrows and Enter
//! or `.`, for using, throwing or dropping. A thrown
//! one then takes a target cursor; the rest are done at once. `q` or Esc
//! puts the list away. Throwing, it lists only what does something
//! thrown (a missile, a noise-maker), using only what does something
//! used (a potion, a scroll); throwing, it opens on the kind last
//! thrown, else on the first missile (a quiver: `t` Enter Enter throws a dart,
//! not the noise-maker listed above it).

use ratatui::buffer::Buffer;

use super::Cursor;
use super::screen::{Ask, Ctx, DrawCtx, Handled, Screen};
use crate::map::geom::Dir;
use crate::sim::Action;
use crate::sim::item::ItemKind;
use crate::ui::keymap::{Command, Intent};
use crate::ui::mode::Mode;
use crate::ui::paint::{draw_box, wrap};

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

    /// True when the list offers `kind` for this: throwing, only what
    /// does something thrown (what has a range: a missile, a
    /// noise-maker; a potion thrown would do nothing, and the game
    /// refuses it); using, only what does something used (a potion, a
    /// scroll: the game refuses to use a dart or a noise-maker).
    pub fn offers(self, kind: ItemKind) -> bool {
        match self {
            ItemUse::Throw => kind.range().is_some(),
            ItemUse::Use => kind.is_usable(),
            ItemUse::Drop => true,
        }
    }
}

/// How the list is used, as its title says it.
const HOW: &str = "(letter, or arrows and Enter; Esc: none)";

/// The list, while up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ItemChooser {
    purpose: ItemUse,
    /// The stack picked (a line of the list).
    selected: usize,
}

impl ItemChooser {
    /// The list over `pack`, opened on the stack of `start` if the pack
    /// holds one, else on the first line.
    pub fn new(purpose: ItemUse, pack: &[ItemKind], start: Option<ItemKind>) -> ItemChooser {
        let selected = start
            .and_then(|k| offered(purpose, pack).iter().position(|s| s.kind == k))
            .unwrap_or(0);
        ItemChooser { purpose, selected }
    }

    pub fn purpose(&self) -> ItemUse {
        self.purpose
    }

    /// The line picked (a stack of alike items).
    pub fn selected(&self) -> usize {
        self.selected
    }
}

/// Alike items in the pack, one line of the list: the kind, how many,
/// and the first pack slot holding one (the pack is sorted by kind, so
/// alike items lie together).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Stack {
    pub kind: ItemKind,
    pub count: usize,
    pub slot: usize,
}

/// The stacks of `pack` the list offers for `purpose`, in its order.
pub fn offered(purpose: ItemUse, pack: &[ItemKind]) -> Vec<Stack> {
    let mut out = stacks(pack);
    out.retain(|s| purpose.offers(s.kind));
    out
}

/// The pack as stacks, in its order.
pub fn stacks(pack: &[ItemKind]) -> Vec<Stack> {
    let mut out: Vec<Stack> = Vec::new();
    for (slot, &kind) in pack.iter().enumerate() {
        match out.last_mut() {
            Some(s) if s.kind == kind => s.count += 1,
            _ => out.push(Stack {
                kind,
                count: 1,
                slot,
            }),
        }
    }
    out
}

impl Screen for ItemChooser {
    fn name(&self) -> &str {
        "items"
    }

    fn handle(&mut self, intent: Intent, ctx: Ctx<'_>, asks: &mut Vec<Ask>) -> Handled {
        let stacks = offered(self.purpose, ctx.game.floor().pack());
        let len = stacks.len();
        match intent {
            // Its letter picks a stack and chooses it at once.
            Intent::Letter(c) => {
                if let Some(i) = stacks.iter().position(|s| s.kind.letter() == c) {
                    self.selected = i;
                    return self.handle(Intent::Confirm, ctx, asks);
                }
            }
            Intent::Move(Dir::N) => self.selected = self.selected.saturating_sub(1),
            Intent::Move(Dir::S) => self.selected = (self.selected + 1).min(len.saturating_sub(1)),
            Intent::Confirm | Intent::Wait if self.selected < len => {
                asks.push(Ask::Close);
                let slot = stacks[self.selected].slot as u8;
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
        let lines = stack_lines(
            &offered(self.purpose, dc.app.game().floor().pack()),
            self.selected,
        );
        // The count against the limit first (the lines stack alike
        // items: seven lines can be a full pack).
        let short = format!(
            " Pack {}/{}. {} which? ",
            dc.app.game().floor().pack().len(),
            crate::sim::PACK_SIZE,
            self.purpose.verb()
        );
        let title = format!("{short}{HOW} ");
        // On a screen too narrow for the whole title (at 60 columns), the
        // keys go under the list, and the title keeps its count whole.
        let (title, lines) = if title.chars().count() + 4 <= usize::from(dc.area.width) {
            (title, lines)
        } else {
            let room = usize::from(dc.area.width).saturating_sub(4);
            let mut lines = lines;
            lines.push(String::new());
            lines.extend(wrap(HOW.trim_matches(['(', ')']), room));
            (short, lines)
        };
        let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
        draw_box(&title, &lines, dc.area, buf);
    }

    fn takes_letters(&self) -> bool {
        true
    }

    fn commands(&self, _: Mode) -> Vec<Command> {
        vec![
            Command::note("a-z", "the item of that letter, at once"),
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

/// The pack as the item list shows it: a line a stack of alike items
/// ("3 darts") with the kind's letter, the picked one marked.
///
/// ```
/// use darkstar::sim::item::ItemKind;
/// use darkstar::ui::widgets::pack_lines;
/// let [dart, potion] = ["dart", "healing"].map(|w| ItemKind::named(w).unwrap());
/// let mut pack = vec![dart, potion, dart, dart];
/// pack.sort();
/// assert_eq!(
///     pack_lines(&pack, 1),
///     ["  a - ! a healing potion", "> f - ( 3 darts"]
/// );
/// ```
pub fn pack_lines(pack: &[ItemKind], selected: usize) -> Vec<String> {
    stack_lines(&stacks(pack), selected)
}

/// A line a stack, the picked one marked (see [`pack_lines`]).
fn stack_lines(stacks: &[Stack], selected: usize) -> Vec<String> {
    stacks
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let mark = if i == selected { '>' } else { ' ' };
            let what = match s.count {
                1 => s.kind.name().to_string(),
                n => format!("{n} {}", s.kind.plural()),
            };
            format!("{mark} {} - {} {what}", s.kind.letter(), s.kind.glyph())
        })
        .collect()
}
