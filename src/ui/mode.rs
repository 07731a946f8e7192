//! The two small enums every ui module shares: whether a person plays or
//! watches ([`Mode`]) and what is drawn over the map ([`Overlay`]). They sit
//! at the bottom of the ui modules (they import nothing of the ui), so the
//! key map and the app can both use them without importing each other.

/// What is drawn over the map.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Overlay {
    /// The true map and everyone on it.
    None,
    /// Watch's default: the true map, with the viewed faction's unknown
    /// shaded (walls it has not found drawn dim) and its monsters' live
    /// plans on top, so a plan through a wall it does not know is plain.
    Combined,
    /// The map as the viewed faction knows it, with its monsters' plans.
    Knowledge,
    /// The viewed faction's danger (its dead, chokepoints) as heat.
    Danger,
    /// Terrain cost of every cell.
    Cost,
    /// Cells on the planned paths of the viewed faction's monsters, by
    /// how many plans claim them.
    Claims,
    /// The alarm, in a game with a player: every monster that believes it
    /// knows where the player is, coloured by how it learnt it (saw,
    /// heard, told by a kin's cry), a mark where it believes the player
    /// is and a line from it to there; the cries of the last few turns,
    /// where each rose and how far it carried.
    Alarm,
}

impl Overlay {
    /// Its name in the status bar.
    pub fn name(self) -> &'static str {
        match self {
            Overlay::None => "true map",
            Overlay::Combined => "true map+plans",
            Overlay::Knowledge => "knowledge",
            Overlay::Danger => "danger",
            Overlay::Cost => "terrain cost",
            Overlay::Claims => "claimed paths",
            Overlay::Alarm => "alarm",
        }
    }
}

/// Playing as `@`, or watching the AI.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Mode {
    Play,
    Watch,
}
