//! The colours and glyphs every widget shares: faction colours and how
//! terrain looks on the true map.

use ratatui::style::Color;

use crate::map::terrain::Terrain;

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
