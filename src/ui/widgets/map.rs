//! The map widget: terrain as the overlay has it, plans, goals, the
//! player's stairs and treasure, flashes, monsters and the look cursor.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};

use std::borrow::Cow;

use super::palette::{faction_colour, terrain_style};
use crate::explore::Replanner;
use crate::fov::visible_from;
use crate::geom::Pos;
use crate::influence::Influence;
use crate::sim::{Game, Monster, PLAYER_SIGHT};
use crate::terrain::{FLOOR_COST, Terrain};
use crate::ui::app::{App, Overlay};

/// Most steps of a field-planning monster's route drawn (read off its
/// faction's field each frame): longer than any route on a 1024x1024
/// dungeon's corridors is likely to be, short enough that a thousand
/// monsters' routes cost a few milliseconds a frame.
const ROUTE_STEPS: usize = 4096;

/// The map: terrain (as the overlay has it), paths, monsters, flashes.
pub(super) fn draw_map(app: &App, area: Rect, buf: &mut Buffer) {
    let game = app.game();
    let world = game.world();
    let faction = &game.factions()[app.faction().min(game.factions().len().saturating_sub(1))];
    let knowledge = faction.knowledge();
    let cam = app.view_origin(area.width, area.height);
    let at = |sx: u16, sy: u16| Pos::new(cam.x + sx as i32, cam.y + sy as i32);
    // Playing (or watching a played game through the player's eyes): the
    // map as the player knows it, lit where the player sees.
    let player = game.player().filter(|_| app.through_eyes());
    // Fog-honest: nothing drawn but what the player knows and sees now.
    let honest = player.is_some() && !app.spectating();
    let fog = player.map(|p| {
        let mut lit = vec![false; area.width as usize * area.height as usize];
        let terrain = world.terrain();
        visible_from(
            p.pos(),
            PLAYER_SIGHT,
            |q| terrain.is_opaque(q),
            |q| {
                if let Some(i) = view_index(q, cam, area) {
                    lit[i] = true;
                }
            },
        );
        (game.factions()[p.faction()].knowledge(), lit)
    });
    let lit_at = |p: Pos| {
        fog.as_ref()
            .is_none_or(|(_, lit)| view_index(p, cam, area).is_some_and(|i| lit[i]))
    };
    // Claims: how many plans of the faction cross each cell in view.
    let mut claims = vec![0u8; area.width as usize * area.height as usize];
    let mut paths = Vec::new();
    if !honest && matches!(app.overlay(), Overlay::Claims | Overlay::Knowledge) {
        for m in game
            .monsters()
            .iter()
            .filter(|m| m.is_here() && m.faction() == app.faction())
        {
            for &p in planned_route(game, m).iter().skip(1) {
                if let Some(i) = view_index(p, cam, area) {
                    claims[i] = claims[i].saturating_add(1);
                    paths.push(p);
                }
            }
        }
    }
    for sy in 0..area.height {
        for sx in 0..area.width {
            let p = at(sx, sy);
            let Some(truth) = world.get(p) else {
                continue;
            };
            let (mut ch, mut fg) = terrain_style(truth);
            let mut bg = Color::Reset;
            if honest && let Some((known, _)) = &fog {
                match known.terrain(p) {
                    Some(t) if app.overlay() == Overlay::Cost => {
                        // Whole floor steps of the ground as known.
                        let c = t.enter_cost().map_or(9, |c| (c / 10).min(9));
                        (ch, fg) = (char::from_digit(c as u32, 10).unwrap_or('9'), Color::Gray);
                        if !t.is_passable() {
                            (ch, fg) = terrain_style(t);
                        }
                    }
                    Some(t) if lit_at(p) => (ch, fg) = terrain_style(t),
                    Some(t) => (ch, fg) = (t.glyph(), Color::DarkGray),
                    None => (ch, fg) = (' ', Color::Reset),
                }
                if let Some(cell) = buf.cell_mut((area.x + sx, area.y + sy)) {
                    cell.set_char(ch).set_style(Style::default().fg(fg).bg(bg));
                }
                continue;
            }
            match app.overlay() {
                Overlay::None => {
                    if let Some((known, _)) = &fog {
                        match known.terrain(p) {
                            Some(t) if lit_at(p) => (ch, fg) = terrain_style(t),
                            Some(t) => (ch, fg) = (t.glyph(), Color::DarkGray),
                            None => (ch, fg) = (' ', Color::Reset),
                        }
                    }
                }
                Overlay::Knowledge => match knowledge.terrain(p) {
                    Some(t) => (ch, fg) = terrain_style(t),
                    // Unknown: blank on dark grey, unmistakable for floor.
                    None => (ch, fg, bg) = (' ', Color::Reset, Color::DarkGray),
                },
                Overlay::Danger => bg = danger_colour(knowledge.influence(), p),
                Overlay::Cost => {
                    if let Some(c) = truth.enter_cost() {
                        // Whole floor steps (road 0, floor 1, rubble 2...).
                        ch = char::from_digit((c / 10).min(9) as u32, 10).unwrap_or('9');
                    }
                }
                Overlay::Claims => {
                    let n = claims[sy as usize * area.width as usize + sx as usize];
                    if n > 0 {
                        ch = char::from_digit(n.min(9) as u32, 10).unwrap_or('9');
                        fg = Color::Black;
                        bg = faction_colour(app.faction());
                    }
                }
            }
            if let Some(cell) = buf.cell_mut((area.x + sx, area.y + sy)) {
                cell.set_char(ch).set_style(Style::default().fg(fg).bg(bg));
            }
        }
    }
    let mut put = |p: Pos, ch: char, style: Style| {
        if let Some(cell) = view_cell(p, cam, area).and_then(|at| buf.cell_mut(at)) {
            cell.set_char(ch).set_style(style);
        }
    };
    if !honest && app.overlay() == Overlay::Knowledge {
        // Plans drawn straight through unknown cells.
        let style = Style::default().fg(faction_colour(app.faction()));
        for &p in &paths {
            put(p, '*', style);
        }
    }
    let gold = Style::default()
        .fg(Color::Yellow)
        .add_modifier(Modifier::BOLD);
    // Through the player's eyes, only what the player knows of; else all.
    let known = |p: Pos| !honest || fog.as_ref().is_none_or(|(k, _)| k.is_known(p));
    for f in game.factions() {
        if let Some(goal) = f.spec().goal.filter(|&g| known(g)) {
            put(goal, '>', gold);
        }
    }
    if let Some(play) = game.play_state() {
        if let Some(s) = play.stairs.filter(|&s| known(s)) {
            put(s, '>', gold);
        }
        if let Some(t) = play.treasure.filter(|&t| known(t) && !play.carrying) {
            put(t, '$', gold);
        }
    }
    for &(p, _) in app.flashes.iter().filter(|&&(p, _)| known(p)) {
        let ch = world.get(p).map_or('#', Terrain::glyph);
        put(p, ch, Style::default().fg(Color::White).bg(Color::Red));
    }
    for m in game.monsters().iter().filter(|m| m.is_here()) {
        if honest && !lit_at(m.pos()) {
            continue; // Only what the player sees now.
        }
        let glyph = game.factions()[m.faction()].spec().glyph;
        let colour = if m.is_player() {
            Color::White
        } else {
            faction_colour(m.faction())
        };
        put(
            m.pos(),
            glyph,
            Style::default().fg(colour).add_modifier(Modifier::BOLD),
        );
    }
    if let Some(cell) = app
        .cursor()
        .and_then(|c| view_cell(c, cam, area))
        .and_then(|at| buf.cell_mut(at))
    {
        cell.set_style(Style::default().fg(Color::Black).bg(Color::White));
    }
}

/// The cells monster `m` means to cross, from its own: its plan (A*, D*
/// Lite); for a field-planning monster, the step (or detour round units)
/// it chose, then the route read off its faction's field from there
/// without searching (its plan is only ever its next step, the field holds
/// the rest), over what the faction knows, unknown ground included.
fn planned_route<'a>(game: &'a Game, m: &'a Monster) -> Cow<'a, [Pos]> {
    let planned = m.planner().remaining();
    if m.planner().kind() != Replanner::Field {
        return Cow::Borrowed(planned);
    }
    let faction = &game.factions()[m.faction()];
    let Some(field) = m.planner().goal().and_then(|g| faction.fields().get(g)) else {
        return Cow::Borrowed(planned);
    };
    let mut route = match planned {
        [] => vec![m.pos()],
        some => some.to_vec(),
    };
    let from = route[route.len() - 1];
    let rest = field.route(faction.knowledge(), from, ROUTE_STEPS);
    route.extend_from_slice(&rest[1..]);
    Cow::Owned(route)
}

/// The screen cell showing world cell `p` in a map view of `area` whose
/// top-left world cell is `cam`, if it is in view.
pub(super) fn view_cell(p: Pos, cam: Pos, area: Rect) -> Option<(u16, u16)> {
    let (dx, dy) = (p.x - cam.x, p.y - cam.y);
    (dx >= 0 && dy >= 0 && (dx as u16) < area.width && (dy as u16) < area.height)
        .then(|| (area.x + dx as u16, area.y + dy as u16))
}

/// The row-major index of world cell `p` among the cells of the view.
pub(super) fn view_index(p: Pos, cam: Pos, area: Rect) -> Option<usize> {
    view_cell(p, cam, area)
        .map(|(x, y)| (y - area.y) as usize * area.width as usize + (x - area.x) as usize)
}

/// The danger overlay's colour for `p`: a chokepoint with no deaths near
/// blue (it adds a tenth of a floor step at weight 1: the least danger
/// there is, so it gets a colour of its own rather than the bottom of the
/// heat scale); danger from the faction's dead by what it adds to a step:
/// yellow under a floor step, red under ten, magenta from ten floor steps
/// up to the cap ([`crate::influence::MAX_PENALTY`], twenty).
fn danger_colour(influence: &Influence, p: Pos) -> Color {
    let penalty = influence.penalty(p);
    if influence.danger(p) == 0 {
        return if influence.is_choke(p) && penalty > 0 {
            Color::Blue
        } else {
            Color::Reset
        };
    }
    match penalty {
        0 => Color::Reset,
        c if c < FLOOR_COST => Color::Yellow,
        c if c < 10 * FLOOR_COST => Color::Red,
        _ => Color::Magenta,
    }
}
