//! The search inspector as a screen: one monster's search recorded when
//! the inspector opens on it, how far through it the screen is, and the
//! keys that step through it. It draws its figure over the map (the A*
//! in `astar.rs`, the field in `field.rs`, what they share in
//! `figure.rs`) and its own status row (`status.rs`).

mod astar;
mod field;
mod figure;
mod status;

pub(crate) use figure::{BOX_HEIGHT, BOX_WIDTH, WALL_BOX, fgh_lines, paint_boxes, search_mark};

use ratatui::buffer::Buffer;

use super::screen::{Ask, Ctx, DrawCtx, Handled, Screen};
use crate::path::Connectivity;
use crate::path::Replanner;
use crate::path::field_trace::{FieldTrace, trace_field};
use crate::path::trace::{Trace, trace_search};
use crate::sim::{Game, MonsterId};
use crate::ui::keymap::{Command, Intent};
use crate::ui::mode::Mode;

/// Which search the inspector shows.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Figure {
    /// The monster's own A* from its cell, the classic article's figure.
    AStar,
    /// Its faction's shared field grown from the target until the
    /// monster's cell is settled (field-planning monsters only).
    Field,
}

/// The search inspector: one monster's search, recorded, shown expansion
/// by expansion. A field-planning monster has two: the shared field its
/// faction grows from the target (shown first) and the A* it would make
/// on its own (the classic figure); `a` switches between them, each
/// keeping its own step.
#[derive(Clone, Debug)]
pub struct Inspector {
    pub monster: MonsterId,
    /// The A* the monster would make now.
    pub trace: Trace,
    /// A* expansions shown (0: just the start opened).
    pub shown: usize,
    /// Field-planning monsters: the field grown from its target.
    pub field: Option<FieldTrace>,
    /// Field expansions shown (0: just the target queued).
    pub field_shown: usize,
    /// The search on screen.
    pub figure: Figure,
    /// Zoomed in: F, G, H and parent arrows per cell (the field: values
    /// and next steps).
    pub zoom: bool,
}

impl Inspector {
    /// The field trace, while it is the one shown.
    pub fn shown_field(&self) -> Option<&FieldTrace> {
        self.field.as_ref().filter(|_| self.figure == Figure::Field)
    }
}

/// Events recorded per inspected search at most.
const MAX_TRACE_EVENTS: usize = 400_000;

impl Inspector {
    /// Records the search monster `id` would make now, from where it
    /// stands, over what its faction knows, round the units and claims it
    /// plans with. For a field-planning monster, also its faction's field
    /// toward its goal, grown afresh over the same knowledge until the
    /// monster's cell is settled (what the shared field did for it, less
    /// any repairs), shown first. `zoom`: opened zoomed in.
    pub fn open(game: &Game, id: MonsterId, zoom: bool) -> Inspector {
        let m = &game.floor().monsters()[id as usize];
        let knowledge = game.floor().factions()[m.faction()].knowledge();
        let goal = m.plan().goal().unwrap_or(m.pos());
        let trace = trace_search(
            &m.plan().view(knowledge),
            m.pos(),
            goal,
            Connectivity::Eight,
            MAX_TRACE_EVENTS,
        );
        let field = (m.plan().kind() == Replanner::Field).then(|| {
            trace_field(
                knowledge,
                goal,
                m.pos(),
                Connectivity::Eight,
                MAX_TRACE_EVENTS,
            )
        });
        let figure = if field.is_some() {
            Figure::Field
        } else {
            Figure::AStar
        };
        Inspector {
            monster: m.id(),
            trace,
            shown: 0,
            field,
            field_shown: 0,
            figure,
            zoom,
        }
    }

    /// Faction `faction`'s next monster after `after` (by id, wrapping)
    /// that is on the map with somewhere to go: only that faction's, since
    /// the search shown is over that faction's knowledge.
    pub fn next_to_inspect(
        game: &Game,
        faction: usize,
        after: MonsterId,
        step: i32,
    ) -> Option<MonsterId> {
        let n = game.floor().monsters().len() as i64;
        let way = if step < 0 { -1 } else { 1 };
        // `u32::MAX`: none yet, so the first (or the last) comes first.
        let from = match after {
            u32::MAX if way > 0 => -1,
            u32::MAX => n,
            id => id as i64,
        };
        (1..=n)
            .map(|k| (from + way * k).rem_euclid(n.max(1)))
            .filter_map(|id| game.floor().monsters().get(id as usize))
            .find(|m| {
                m.is_here() && !m.is_player() && m.faction() == faction && m.plan().goal().is_some()
            })
            .map(|m| m.id())
    }

    /// What the app does on opening an inspector on monster `id`: select
    /// it, centre on it, pause the clock.
    pub fn opened(game: &Game, id: MonsterId) -> [Ask; 3] {
        let pos = game.floor().monsters()[id as usize].pos();
        [Ask::Select(id), Ask::CentreOn(pos), Ask::Pause]
    }

    /// Shows `n` more (or fewer) expansions of the search on screen.
    fn step(&mut self, n: i32) {
        let (shown, total) = match (&self.field, self.figure) {
            (Some(f), Figure::Field) => (&mut self.field_shown, f.expansions()),
            _ => (&mut self.shown, self.trace.expansions()),
        };
        *shown = (*shown as i64 + n as i64).clamp(0, total as i64) as usize;
    }
}

/// Says so when faction `faction` has no monster to inspect.
pub fn nothing_to_inspect(game: &Game, faction: usize) -> Ask {
    let name = game
        .floor()
        .factions()
        .get(faction)
        .map_or("-", |f| f.spec().name.as_str());
    Ask::Say(format!(
        "No {name} monster with somewhere to go to inspect (f picks a faction)."
    ))
}

impl Screen for Inspector {
    fn name(&self) -> &str {
        "inspector"
    }

    /// The inspector's keys: `]` `[` `}` `{` step, `e`/`E` end and start,
    /// `m`/`M` the next/previous monster, `z` zoom, `a` field or A*, `i` or `q` close.
    /// The help, reveal and history keys go on to the app; every other
    /// key is swallowed while it is open (the clock is stopped on a
    /// search).
    fn handle(&mut self, intent: Intent, ctx: Ctx<'_>, asks: &mut Vec<Ask>) -> Handled {
        match intent {
            Intent::Inspect | Intent::Quit => asks.push(Ask::Close),
            Intent::InspectStep(n) => self.step(n),
            Intent::InspectEnd(end) => self.step(if end { i32::MAX } else { i32::MIN }),
            Intent::NextMonster(step) => {
                match Inspector::next_to_inspect(ctx.game, ctx.faction, self.monster, step) {
                    Some(id) => {
                        *self = Inspector::open(ctx.game, id, self.zoom);
                        asks.extend(Inspector::opened(ctx.game, id));
                    }
                    None => asks.push(nothing_to_inspect(ctx.game, ctx.faction)),
                }
            }
            Intent::Zoom => self.zoom = !self.zoom,
            Intent::InspectFigure if self.field.is_none() => {
                let line = "This monster plans with its own search: no field to show.";
                asks.push(Ask::Say(line.to_string()));
            }
            Intent::InspectFigure => {
                self.figure = match self.figure {
                    Figure::Field => Figure::AStar,
                    Figure::AStar => Figure::Field,
                };
            }
            Intent::Help | Intent::Reveal | Intent::History => return Handled::Ignored,
            _ => {}
        }
        Handled::Used
    }

    /// Its figure over the map, and its status row.
    fn draw(&self, dc: &DrawCtx<'_>, buf: &mut Buffer) {
        astar::draw_inspector(dc.app, self, dc.view, dc.map, buf);
        status::draw_status(dc.app, self, dc.status, buf);
    }

    fn commands(&self, _: Mode) -> Vec<Command> {
        use Intent as I;
        vec![
            Command::new(
                &[I::InspectStep(1), I::InspectStep(-1)],
                "one expansion more / fewer",
            ),
            Command::new(
                &[I::InspectStep(10), I::InspectStep(-10)],
                "ten more / fewer",
            ),
            Command::new(
                &[I::InspectEnd(true), I::InspectEnd(false)],
                "the whole search / back to its start",
            ),
            Command::new(
                &[I::NextMonster(1), I::NextMonster(-1)],
                "the faction's next / previous monster",
            ),
            Command::new(&[I::Zoom], "zoom in to F, G, H and parents (or out)"),
            Command::new(
                &[I::InspectFigure],
                "a field planner: its faction's field or its own A*",
            ),
            Command::new(&[I::Inspect, I::Quit], "close the inspector"),
        ]
    }

    fn stills_the_game(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::app::screen::tests::{ctx, game};

    /// The inspector swallows what would move the game on under it, and
    /// passes on the help and reveal keys.
    #[test]
    fn the_inspector_keeps_the_game_still_and_passes_on_help() {
        let game = game();
        let id = Inspector::next_to_inspect(&game, 0, u32::MAX, 1).expect("a blind monster");
        let mut i = Inspector::open(&game, id, false);
        let mut asks = Vec::new();
        for key in [Intent::Wait, Intent::TogglePause, Intent::Scroll(8, 0)] {
            assert_eq!(i.handle(key, ctx(&game), &mut asks), Handled::Used);
        }
        for key in [Intent::Help, Intent::Reveal] {
            assert_eq!(i.handle(key, ctx(&game), &mut asks), Handled::Ignored);
        }
        assert!(asks.is_empty());
        let total = i
            .shown_field()
            .map_or(i.trace.expansions(), |f| f.expansions());
        i.handle(Intent::InspectEnd(true), ctx(&game), &mut asks);
        assert_eq!(i.shown.max(i.field_shown), total);
        i.handle(Intent::Quit, ctx(&game), &mut asks);
        assert_eq!(asks, vec![Ask::Close]);
    }
}
