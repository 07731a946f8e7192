//! The three ways a faction's monsters can plan, named in level files,
//! reports and the legend: each its own A*, each its own D* Lite, or one
//! shared field per target.

/// How a unit (or a faction's units) plan.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Replanner {
    /// Each unit runs its own A*, afresh whenever its path breaks.
    AStar,
    /// Each unit holds its own D* Lite and repairs it.
    DStarLite,
    /// One shared field per faction and target (see
    /// [`crate::path::Field`]): a backward search from the target, grown
    /// lazily and repaired incrementally, read by every unit heading
    /// there.
    Field,
}

impl Replanner {
    /// Its name in level files and reports.
    pub fn name(self) -> &'static str {
        match self {
            Replanner::AStar => "astar",
            Replanner::DStarLite => "dstar",
            Replanner::Field => "field",
        }
    }
}
