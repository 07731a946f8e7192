//! The search inspector's state: one monster's search recorded when the
//! inspector opens on it, and how far through it the screen is. The
//! drawing is in `widgets/inspector.rs` and `widgets/field_inspector.rs`.

use super::App;
use crate::path::Connectivity;
use crate::path::Replanner;
use crate::path::field_trace::{FieldTrace, trace_field};
use crate::path::trace::{Trace, trace_search};
use crate::sim::MonsterId;

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

impl App {
    /// The search inspector, while open.
    pub fn inspector(&self) -> Option<&Inspector> {
        self.inspector.as_ref()
    }

    /// Opens the inspector on the selected monster (watch's `n`/`N`; else
    /// the viewed faction's first with somewhere to go), as
    /// [`App::inspect_next`] records it.
    pub(super) fn inspect_open(&mut self) {
        let first = self
            .selected()
            .filter(|&id| self.game.monsters()[id as usize].plan().goal().is_some());
        match first {
            Some(id) => self.inspect_monster(id),
            None => self.inspect_next(),
        }
    }

    /// Opens the inspector on the viewed faction's next monster (after the
    /// one inspected) that is on the map with somewhere to go: only that
    /// faction's, since the search shown is over that faction's
    /// knowledge. Says so when it has none.
    pub(super) fn inspect_next(&mut self) {
        let game = &self.game;
        let after = self.inspector.as_ref().map_or(u32::MAX, |i| i.monster);
        let n = game.monsters().len() as u32;
        let candidates = (1..=n).map(|k| after.wrapping_add(k) % n.max(1));
        let found = candidates
            .filter_map(|id| game.monsters().get(id as usize))
            .find(|m| {
                m.is_here()
                    && !m.is_player()
                    && m.faction() == self.faction
                    && m.plan().goal().is_some()
            })
            .map(|m| m.id());
        match found {
            Some(id) => self.inspect_monster(id),
            None => self.say(format!(
                "No {} monster with somewhere to go to inspect (f picks a faction).",
                self.faction_name()
            )),
        }
    }

    /// Records the search monster `id` would make now, from where it
    /// stands, over what its faction knows, round the units and claims it
    /// plans with. For a field-planning monster, also its faction's field
    /// toward its goal, grown afresh over the same knowledge until the
    /// monster's cell is settled (what the shared field did for it, less
    /// any repairs), shown first. The view centres on the monster.
    fn inspect_monster(&mut self, id: crate::sim::MonsterId) {
        let game = &self.game;
        let m = &game.monsters()[id as usize];
        let knowledge = game.factions()[m.faction()].knowledge();
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
        let zoom = self.inspector.as_ref().is_some_and(|i| i.zoom);
        let figure = if field.is_some() {
            Figure::Field
        } else {
            Figure::AStar
        };
        let pos = m.pos();
        self.inspector = Some(Inspector {
            monster: m.id(),
            trace,
            shown: 0,
            field,
            field_shown: 0,
            figure,
            zoom,
        });
        self.selected = Some(id);
        self.centre_on(pos);
        self.paused = true;
    }

    /// Shows the whole search on screen at once (`true`: every expansion,
    /// the path or verdict) or goes back to its start.
    pub(super) fn inspect_end(&mut self, end: bool) {
        self.inspect_step(if end { i32::MAX } else { i32::MIN });
    }

    pub(super) fn inspect_step(&mut self, n: i32) {
        if let Some(i) = &mut self.inspector {
            let (shown, total) = match (&i.field, i.figure) {
                (Some(f), Figure::Field) => (&mut i.field_shown, f.expansions()),
                _ => (&mut i.shown, i.trace.expansions()),
            };
            *shown = (*shown as i64 + n as i64).clamp(0, total as i64) as usize;
        }
    }

    /// Switches a field monster's inspector between the field from its
    /// target and its own A*.
    pub(super) fn inspect_figure(&mut self) {
        let Some(i) = &mut self.inspector else { return };
        if i.field.is_none() {
            let line = "This monster plans with its own search: no field to show.";
            return self.say(line.to_string());
        }
        i.figure = match i.figure {
            Figure::Field => Figure::AStar,
            Figure::AStar => Figure::Field,
        };
    }
}
