//! The map widget: terrain as the overlay has it, plans, goals, the
//! player's stairs and treasure, flashes, the alarm (cries, beliefs),
//! monsters and the look cursor.
//! It is a `StatefulWidget` given where the view stands ([`MapView`],
//! worked out from the camera before the frame) and the parts of the app
//! it shows; it writes nothing but the buffer.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};

use std::borrow::Cow;

use super::palette::{CRY, faction_colour, learnt_colour, terrain_style};
use crate::clock::Turn;
use crate::fog::danger::Influence;
use crate::map::geom::Pos;
use crate::map::terrain::{FLOOR_COST, Terrain};
use crate::path::Replanner;
use crate::sim::{Game, Learnt, Monster};
use crate::ui::app::alarm::beliefs;
use crate::ui::app::threat::{Palette, threat_of};
use crate::ui::app::{App, Cry, Overlay};
use ratatui::widgets::StatefulWidget;

/// Most steps of a field-planning monster's route drawn (read off its
/// faction's field each frame): longer than any route on a 1024x1024
/// dungeon's corridors is likely to be, short enough that a thousand
/// monsters' routes cost a few milliseconds a frame.
const ROUTE_STEPS: usize = 4096;

pub use crate::ui::app::MapView;

/// The view `app` shows in a map area of `area`'s size.
pub(super) fn view_of(app: &App, area: Rect) -> MapView {
    MapView {
        origin: app.view_origin(area.width, area.height),
    }
}

/// The map widget: what it draws, taken from the app once.
pub struct MapWidget<'a> {
    game: &'a Game,
    overlay: Overlay,
    /// The faction whose knowledge, plans and danger show.
    faction: usize,
    flashes: &'a [(Pos, Turn)],
    /// Drawn through the player's eyes (playing, or a replay with `@`).
    through_eyes: bool,
    /// Showing what the player could not know (see [`App::spectating`]).
    spectating: bool,
    cursor: Option<Pos>,
    /// Aiming a throw: the cells the dart would cross to the cursor, and
    /// where it would stop short of it.
    line_of_fire: Option<(Vec<Pos>, Option<Pos>)>,
    /// The cries the alarm overlay draws.
    cries: Vec<&'a Cry>,
    /// Looking at a monster: the cells it sees.
    sight: Option<Vec<Pos>>,
    /// How far the player's noise carries (`N`).
    carry: Option<crate::sim::autopilot::Carry>,
    /// The colours threats are drawn in.
    palette: Palette,
}

impl<'a> MapWidget<'a> {
    /// The map as `app` shows it.
    pub fn of(app: &'a App) -> MapWidget<'a> {
        MapWidget {
            game: app.game(),
            overlay: app.overlay(),
            faction: app.faction(),
            flashes: app.flashes(),
            through_eyes: app.through_eyes(),
            spectating: app.spectating(),
            cursor: app.cursor(),
            line_of_fire: app.line_of_fire(),
            cries: app.cries().collect(),
            sight: app.cursor_sight(),
            carry: app.noise_carry(),
            palette: app.palette(),
        }
    }
}

impl StatefulWidget for MapWidget<'_> {
    type State = MapView;

    /// Draws the map with its top-left at `view.origin`; reads the view,
    /// never moves it.
    fn render(self, area: Rect, buf: &mut Buffer, view: &mut MapView) {
        self.draw(*view, area, buf);
    }
}

impl MapWidget<'_> {
    /// The map: terrain (as the overlay has it), paths, monsters, flashes.
    fn draw(&self, view: MapView, area: Rect, buf: &mut Buffer) {
        let game = self.game;
        let world = game.floor().world();
        let faction = &game.floor().factions()[self
            .faction
            .min(game.floor().factions().len().saturating_sub(1))];
        let knowledge = faction.knowledge();
        let cam = view.origin;
        let at = |sx: u16, sy: u16| Pos::new(cam.x + sx as i32, cam.y + sy as i32);
        // Playing (or watching a played game through the player's eyes): the
        // map as the player knows it, lit where the player sees.
        let player = game.floor().player().filter(|_| self.through_eyes);
        // Fog-honest: nothing drawn but what the player knows and sees now.
        let honest = player.is_some() && !self.spectating;
        // Lit where the simulation says the player sees (its view, computed
        // once when the player last looked; none once the player is gone).
        let fog = player.map(|p| {
            let knowledge = game.floor().factions()[p.faction()].knowledge();
            (knowledge, game.floor().player_view())
        });
        let lit_at = |p: Pos| {
            fog.as_ref()
                .is_none_or(|(_, view)| view.is_some_and(|v| v.sees(p)))
        };
        // Claims: how many plans of the faction cross each cell in view.
        let mut claims = vec![0u8; area.width as usize * area.height as usize];
        let mut paths = Vec::new();
        if !honest
            && matches!(
                self.overlay,
                Overlay::Claims | Overlay::Knowledge | Overlay::Combined
            )
        {
            for m in game
                .floor()
                .monsters()
                .iter()
                .filter(|m| m.is_here() && m.faction() == self.faction)
            {
                for &p in planned_route(game, m).iter().skip(1) {
                    if let Some(i) = view_index(p, cam, area) {
                        claims[i] = claims[i].saturating_add(1);
                        paths.push(p);
                    }
                }
            }
        }
        // The alarm: only ever what the player could not know.
        let alarm = !honest && self.overlay == Overlay::Alarm;
        // A scroll of darkness's cells, shaded where they are drawn lit.
        let darkness = game.floor().darkness();
        let dark = |p: Pos| darkness.is_some_and(|d| d.covers(p));
        // Playing, the places the player marked for the autopilot to keep
        // out of, shaded (the look box says so).
        let mut marked: Vec<Pos> = Vec::new();
        if honest {
            for mark in game.floor().recall().marks() {
                marked.extend(crate::sim::autopilot::marked(game, mark));
            }
            marked.sort_by_key(|p| (p.y, p.x));
            marked.dedup();
        }
        let is_marked = |p: Pos| {
            marked
                .binary_search_by_key(&(p.y, p.x), |q| (q.y, q.x))
                .is_ok()
        };
        for sy in 0..area.height {
            for sx in 0..area.width {
                let p = at(sx, sy);
                let Some(truth) = world.get(p) else {
                    continue;
                };
                let (mut ch, mut fg) = terrain_style(truth);
                let mut bg = Color::Reset;
                if honest && let Some((known, _)) = &fog {
                    match known.belief(p) {
                        Some(t) if self.overlay == Overlay::Cost => {
                            // The ground as known, costed as the spectator's
                            // cost overlay does (road green, dearer yellow).
                            match t.enter_cost() {
                                Some(c) => (ch, fg, bg) = cost_style(c),
                                None => (ch, fg) = terrain_style(t),
                            }
                        }
                        Some(t) if lit_at(p) => (ch, fg) = terrain_style(t),
                        Some(t) => (ch, fg) = (t.glyph(), Color::DarkGray),
                        None => (ch, fg) = (' ', Color::Reset),
                    }
                    if lit_at(p) && dark(p) {
                        bg = DARKNESS;
                    }
                    if known.is_known(p) && is_marked(p) {
                        bg = MARKED;
                    }
                    if let Some(cell) = buf.cell_mut((area.x + sx, area.y + sy)) {
                        cell.set_char(ch).set_style(Style::default().fg(fg).bg(bg));
                    }
                    continue;
                }
                match self.overlay {
                    // The alarm draws over the true map (or the player's,
                    // through their eyes).
                    Overlay::None | Overlay::Alarm => {
                        if let Some((known, _)) = &fog {
                            match known.belief(p) {
                                Some(t) if lit_at(p) => (ch, fg) = terrain_style(t),
                                Some(t) => (ch, fg) = (t.glyph(), Color::DarkGray),
                                None => (ch, fg) = (' ', Color::Reset),
                            }
                        }
                        if dark(p) {
                            bg = DARKNESS;
                        }
                    }
                    Overlay::Combined => {
                        if knowledge.belief(p).is_none() {
                            // Unknown to the faction: shaded, its true terrain
                            // dim (a wall it has not found yet among them).
                            (fg, bg) = UNKNOWN;
                        }
                    }
                    Overlay::Knowledge => match knowledge.belief(p) {
                        Some(t) => (ch, fg) = terrain_style(t),
                        // Unknown: blank on dark grey, unmistakable for floor.
                        None => (ch, fg, bg) = (' ', Color::Reset, Color::DarkGray),
                    },
                    // Danger as the faction judges it, over its fog: what it
                    // has not seen shaded as in the combined view, and only
                    // ground it knows passable coloured (a wall, the map's
                    // border among them, is never a chokepoint to walk).
                    Overlay::Danger => match knowledge.belief(p) {
                        None => (fg, bg) = UNKNOWN,
                        Some(t) if t.is_passable() => bg = danger_colour(knowledge.influence(), p),
                        Some(_) => {}
                    },
                    Overlay::Cost => {
                        if let Some(c) = truth.enter_cost() {
                            (ch, fg, bg) = cost_style(c);
                        }
                    }
                    Overlay::Claims => {
                        let n = claims[sy as usize * area.width as usize + sx as usize];
                        if n > 0 {
                            ch = char::from_digit(n.min(9) as u32, 10).unwrap_or('9');
                            fg = Color::Black;
                            bg = faction_colour(self.faction);
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
        if alarm {
            // Each cry's reach, the oldest first: the ground it reached
            // (walls keep their glyph), and where it rose.
            for cry in &self.cries {
                for sy in 0..area.height {
                    for sx in 0..area.width {
                        let p = at(sx, sy);
                        if cry.reached(p) && world.get(p).is_some_and(|t| t != Terrain::Wall) {
                            put(p, CRY_REACH, Style::default().fg(CRY));
                        }
                    }
                }
                let rose = Style::default()
                    .fg(Color::White)
                    .bg(CRY)
                    .add_modifier(Modifier::BOLD);
                put(cry.at, CRY_ROSE, rose);
            }
        }
        if !honest && self.overlay == Overlay::Knowledge {
            // Plans drawn straight through unknown cells.
            let style = Style::default().fg(faction_colour(self.faction));
            for &p in &paths {
                put(p, PLAN, style);
            }
        }
        if self.overlay == Overlay::Combined {
            // Plans over the true map, the unknown's shading kept under them.
            // Where the truth is a wall the faction has not found, the wall
            // keeps its glyph, drawn in the plan's colour: the plan goes on
            // through it, and it is the wall the faction will bump into.
            let colour = faction_colour(self.faction);
            for &p in &paths {
                let bg = if knowledge.is_known(p) {
                    Color::Reset
                } else {
                    UNKNOWN.1
                };
                let ch = plan_glyph(world.get(p));
                put(
                    p,
                    ch,
                    Style::default()
                        .fg(colour)
                        .bg(bg)
                        .add_modifier(Modifier::BOLD),
                );
            }
        }
        let gold = Style::default()
            .fg(Color::Yellow)
            .add_modifier(Modifier::BOLD);
        // Through the player's eyes, only what the player knows of; else all.
        let known = |p: Pos| !honest || fog.as_ref().is_none_or(|(k, _)| k.is_known(p));
        for f in game.floor().factions() {
            if let Some(goal) = f.spec().goal.filter(|&g| known(g)) {
                put(goal, '>', gold);
            }
        }
        for &(p, k) in game
            .floor()
            .floor_items()
            .iter()
            .filter(|&&(p, _)| known(p))
        {
            put(
                p,
                k.glyph(),
                Style::default()
                    .fg(Color::Cyan)
                    .add_modifier(Modifier::BOLD),
            );
        }
        if let Some(play) = game.floor().play_state() {
            if let Some(s) = play.stairs.filter(|&s| known(s)) {
                put(s, '>', gold);
            }
            if let Some(up) = game.stairs().map(|s| s.up).filter(|&u| known(u)) {
                put(up, '<', gold);
            }
            if let Some(t) = play.treasure.filter(|&t| known(t) && !play.carrying) {
                put(t, '$', gold);
            }
        }
        for &(p, _) in self.flashes.iter().filter(|&&(p, _)| known(p)) {
            let ch = world.get(p).map_or('#', Terrain::glyph);
            put(p, ch, Style::default().fg(Color::White).bg(Color::Red));
        }
        // What each monster believes, the surest last (drawn over the
        // rest): the line from it to where it believes the player is (over
        // ground, not through walls' glyphs), then a mark there.
        let mut believed = if alarm { beliefs(game) } else { Vec::new() };
        believed.sort_by_key(|&(id, b)| (sureness(b.how), id));
        for &(id, b) in &believed {
            let from = game.floor().monsters()[id as usize].pos();
            let style = Style::default().fg(learnt_colour(b.how));
            for p in crate::fog::flight::flight(from, b.at, |_| false) {
                if p != b.at && world.get(p).is_some_and(|t| t != Terrain::Wall) {
                    put(p, BELIEF_LINE, style);
                }
            }
        }
        for &(_, b) in &believed {
            let style = Style::default()
                .fg(learnt_colour(b.how))
                .add_modifier(Modifier::BOLD);
            put(b.at, BELIEF, style);
        }
        // Playing, the monsters seen and not seen since, where the player
        // last saw them: their glyph, grey and dim (the look box says how
        // long ago and in what state).
        if honest {
            for s in game.floor().recall().out_of_view() {
                if !lit_at(s.at) {
                    let glyph = game
                        .floor()
                        .kind_of(&game.floor().monsters()[s.id as usize])
                        .glyph;
                    let style = Style::default()
                        .fg(Color::DarkGray)
                        .add_modifier(Modifier::DIM);
                    put(s.at, glyph, style);
                }
            }
        }
        for m in game.floor().monsters().iter().filter(|m| m.is_here()) {
            if honest && !lit_at(m.pos()) {
                continue; // Only what the player sees now.
            }
            let glyph = game.floor().kind_of(m).glyph;
            // Playing, a monster's colour is its threat to the player (the
            // look box and the panel say the word); watching, its faction.
            // In the alarm, by how it knows where the player is (grey: it
            // does not).
            let style = if m.is_player() {
                Style::default().fg(Color::White)
            } else if honest {
                threat_of(game, m.id()).style(self.palette)
            } else if alarm {
                Style::default().fg(game
                    .floor()
                    .mind(m.id())
                    .knows()
                    .map_or(Color::DarkGray, |b| learnt_colour(b.how)))
            } else {
                Style::default().fg(faction_colour(m.faction()))
            };
            // A sleeper is drawn dim, not bold: plain at a glance.
            let weight = if game.floor().mind(m.id()).is_asleep() {
                Modifier::DIM
            } else {
                Modifier::BOLD
            };
            put(m.pos(), glyph, style.add_modifier(weight));
        }
        // A believed place someone stands on (the player, where a monster
        // sees it now): the mark's colour behind them.
        for &(_, b) in &believed {
            if let Some(cell) = view_cell(b.at, cam, area).and_then(|at| buf.cell_mut(at))
                && cell.symbol() != BELIEF.to_string()
            {
                cell.set_bg(learnt_colour(b.how));
            }
        }
        // The line of fire: `*` on the ground the dart crosses, and red
        // behind what would stop it short of the cursor.
        if let Some((passed, stop)) = &self.line_of_fire {
            // (Only the cursor's cell can hold a monster the player sees:
            // the line stops at the first.)
            for &p in passed.iter().filter(|&&p| Some(p) != self.cursor) {
                if let Some(cell) = view_cell(p, cam, area).and_then(|at| buf.cell_mut(at)) {
                    cell.set_char(LINE_OF_FIRE);
                    cell.set_fg(Color::Yellow);
                }
            }
            if let Some(cell) = stop
                .and_then(|p| view_cell(p, cam, area))
                .and_then(|at| buf.cell_mut(at))
            {
                cell.set_bg(Color::Red);
            }
        }
        // The player's noise (`N`): where a fight is heard, and nearer,
        // where a step is; then, looking at a monster, what it sees.
        // (A step's reach shaded, its grey glyphs lightened to show on
        // it; a fight's underlined, so every glyph stays readable.)
        if let Some(carry) = &self.carry {
            for &p in &carry.fight {
                if let Some(cell) = view_cell(p, cam, area).and_then(|at| buf.cell_mut(at)) {
                    cell.modifier.insert(HEARD_FIGHT);
                }
            }
            for &p in &carry.step {
                if let Some(cell) = view_cell(p, cam, area).and_then(|at| buf.cell_mut(at)) {
                    cell.set_bg(HEARD_STEP);
                    if cell.fg == HEARD_STEP {
                        cell.set_fg(Color::Gray);
                    }
                }
            }
        }
        for &p in self.sight.iter().flatten() {
            if let Some(cell) = view_cell(p, cam, area).and_then(|at| buf.cell_mut(at)) {
                cell.set_bg(IN_ITS_SIGHT);
            }
        }
        if let Some(cell) = self
            .cursor
            .and_then(|c| view_cell(c, cam, area))
            .and_then(|at| buf.cell_mut(at))
        {
            cell.set_style(Style::default().fg(Color::Black).bg(Color::White));
        }
    }
}

/// The background of the cells a monster looked at sees.
pub const IN_ITS_SIGHT: Color = Color::Blue;
/// The mark where a fight of the player's would be heard (`N`).
pub const HEARD_FIGHT: Modifier = Modifier::UNDERLINED;
/// The background where a step of the player's would be heard (`N`).
pub const HEARD_STEP: Color = Color::DarkGray;

/// The glyph of a plan over the true map on a cell whose truth is
/// `truth`: `*`, but an impassable cell (a wall the faction has not
/// found) keeps its own glyph, so the plan never hides the wall it goes
/// through (the colour says it is the plan's).
pub(super) fn plan_glyph(truth: Option<Terrain>) -> char {
    match truth {
        Some(t) if !t.is_passable() => t.glyph(),
        _ => PLAN,
    }
}

/// A plan's mark on the ground it means to cross.
pub(super) const PLAN: char = '*';

/// The line of fire's mark on the ground a thrown dart would cross.
pub(super) const LINE_OF_FIRE: char = '*';

/// The alarm's mark where a monster believes the player is.
pub(super) const BELIEF: char = 'X';
/// The alarm's line from a monster to where it believes the player is.
pub(super) const BELIEF_LINE: char = '\u{b7}';
/// The alarm's ground a cry reached.
pub(super) const CRY_REACH: char = '\u{2591}';
/// The alarm's cell a cry rose in: a speech mark (`!` is a potion).
pub(super) const CRY_ROSE: char = '"';

/// How sure a way of knowing is, for drawing the surest over the rest:
/// heard, then told, then saw.
fn sureness(how: Learnt) -> u8 {
    match how {
        Learnt::Heard => 0,
        Learnt::Told => 1,
        Learnt::Saw => 2,
    }
}

/// The combined view's unknown cells: the true glyph dim (black) on dark
/// grey, so a wall not yet found is there but plainly not known.
pub(super) const UNKNOWN: (Color, Color) = (Color::Black, Color::DarkGray);

/// The background of a scroll of darkness's cells: deep blue, under
/// whatever is drawn there.
const DARKNESS: Color = Color::Indexed(17);
/// The background of the cells the player marked for the autopilot to
/// keep out of (apart from the darkness's blue; DCSS shades its
/// exclusions too).
pub const MARKED: Color = Color::Magenta;

/// How the cost overlay shows a cell costing `c` (tenths of a floor step):
/// the digit is the cost in whole floor steps, rounded (road 1, floor 1,
/// door 1, rubble 2, swamp 3, water 4); the background tells the costs the
/// digit rounds together apart: green cheaper than floor (road), none for
/// floor, yellow dearer (door and up). So every terrain cost differs.
pub(super) fn cost_style(c: crate::map::cost::Cost) -> (char, Color, Color) {
    let steps = ((c + 5) / 10).clamp(1, 9) as u32;
    let ch = char::from_digit(steps, 10).unwrap_or('9');
    match c.cmp(&crate::map::terrain::FLOOR_COST) {
        std::cmp::Ordering::Less => (ch, Color::Black, Color::Green),
        std::cmp::Ordering::Equal => (ch, Color::Gray, Color::Reset),
        std::cmp::Ordering::Greater => (ch, Color::Black, Color::Yellow),
    }
}

/// The cells monster `m` means to cross, from its own: its plan (A*, D*
/// Lite); for a field-planning monster, the step (or detour round units)
/// it chose, then the route read off its faction's field from there
/// without searching (its plan is only ever its next step, the field holds
/// the rest), over what the faction knows, unknown ground included.
fn planned_route<'a>(game: &'a Game, m: &'a Monster) -> Cow<'a, [Pos]> {
    let planned = m.plan().remaining();
    if m.plan().kind() != Replanner::Field {
        return Cow::Borrowed(planned);
    }
    let faction = &game.floor().factions()[m.faction()];
    let Some(field) = m.plan().goal().and_then(|g| faction.fields().get(g)) else {
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
/// up to the cap ([`crate::fog::danger::MAX_PENALTY`], twenty).
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
