//! The colours and glyphs every widget shares: faction colours and how
//! terrain looks on the true map.

use ratatui::style::Color;

use crate::map::terrain::Terrain;
use crate::sim::Learnt;

/// Colours of factions, in order.
const FACTION_COLOURS: [Color; 6] = [
    Color::LightRed,
    Color::LightCyan,
    Color::LightGreen,
    Color::LightMagenta,
    Color::LightYellow,
    Color::LightBlue,
];

pub(super) fn faction_colour(f: usize) -> Color {
    FACTION_COLOURS[f % FACTION_COLOURS.len()]
}

/// How terrain looks on the true map.
pub(super) fn terrain_style(t: Terrain) -> (char, Color) {
    let colour = match t {
        Terrain::Floor => Color::Gray,
        Terrain::Road => Color::Yellow,
        Terrain::Rubble => Color::DarkGray,
        Terrain::Swamp => Color::Green,
        Terrain::ShallowWater => Color::Blue,
        Terrain::Door | Terrain::OpenDoor => Color::Magenta,
        Terrain::Wall => Color::White,
    };
    (t.glyph(), colour)
}

/// The alarm overlay's colour for a monster that learnt where the player
/// is by `how` (its letter, its mark where it believes the player is, and
/// the line between): saw, light red; heard a noise, yellow; told by a
/// kin's cry, light magenta (the cry's own colour).
pub(super) fn learnt_colour(how: Learnt) -> Color {
    match how {
        Learnt::Saw => Color::LightRed,
        Learnt::Heard => Color::Yellow,
        Learnt::Told => Color::LightMagenta,
    }
}

/// The alarm overlay's colour for a cry: the ground it reached, and
/// (behind) the cell it rose in.
pub(super) const CRY: Color = Color::Magenta;
