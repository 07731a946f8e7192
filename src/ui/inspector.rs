//! The search inspector's state: one monster's search recorded when the
//! inspector opens on it, and how far through it the screen is. The
//! drawing is in `widgets/inspector.rs` and `widgets/field_inspector.rs`,
//! the app's side (opening, stepping) in `app/inspect.rs`.

use crate::path::field_trace::FieldTrace;
use crate::path::trace::Trace;
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
pub(crate) const MAX_TRACE_EVENTS: usize = 400_000;
