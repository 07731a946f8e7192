//! The monsters panel (Brogue CE's sidebar), playing on a screen wide
//! enough to hold the level and it side by side: you first (your hit
//! points as a bar), then each monster you see now, nearest first, with
//! its hit points as a bar, its state (asleep, wandering, not yet aware of
//! you, hunting, searching, fleeing), its threat to you in a word (the
//! colour its glyph is drawn in on the map), how a hunter knows where you
//! are (saw you, heard a noise, told by a cry) and what it cannot do that
//! matters: blind, deaf, cannot open doors; and fast or slow beside you.
//! Only what the player sees now: fog-honest as the map.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};

use crate::sim::{Awareness, Game, Monster, NORMAL_SPEED, PLAYER_HP};
use crate::ui::app::look::how_it_knows;
use crate::ui::app::threat::threat_of;
use crate::ui::app::{App, Mode};
use crate::ui::paint::wrap;

/// The panel's width, its border column included.
pub(super) const PANEL_WIDTH: u16 = 30;
/// The narrowest map the panel stands beside.
const MIN_MAP_WIDTH: u16 = 50;

/// Where the map and the panel go, playing, when the screen holds the
/// level's width and the panel beside it (else no panel).
pub(super) fn layout(app: &App, map: Rect) -> Option<(Rect, Rect)> {
    if app.mode() != Mode::Play || app.game().floor().player().is_none() {
        return None;
    }
    // The level whole beside it, and never a map so narrow that the look
    // box over it could not say its lines.
    let level_width = app.game().floor().world().terrain().width();
    let map_needs = (level_width + 1).max(MIN_MAP_WIDTH as u32);
    if (map.width as u32) < map_needs + PANEL_WIDTH as u32 {
        return None;
    }
    let map_width = map.width - PANEL_WIDTH;
    Some((
        Rect::new(map.x, map.y, map_width, map.height),
        Rect::new(map.x + map_width, map.y, PANEL_WIDTH, map.height),
    ))
}

/// "[#######---]": `hp` of `max` in a bar of `width` cells.
fn bar(hp: i32, max: i32, width: usize) -> String {
    let full = (hp.clamp(0, max.max(1)) as usize * width).div_ceil(max.max(1) as usize);
    format!("[{}{}]", "#".repeat(full), "-".repeat(width - full))
}

/// Its state, as the look box says it in a word or three.
fn state(game: &Game, m: &Monster) -> &'static str {
    match game.floor().awareness(m.id()) {
        Awareness::Asleep => "asleep",
        Awareness::Hunting => "hunting you",
        Awareness::Searching => "searching",
        Awareness::Fleeing => "fleeing",
        Awareness::Wandering => "wandering",
        Awareness::Heading | Awareness::Idle => "not aware of you",
    }
}

/// What it cannot do that matters to the player, and its pace.
fn limits(game: &Game, m: &Monster) -> Vec<&'static str> {
    let kind = game.floor().kind_of(m);
    let mut out = Vec::new();
    if kind.sight == 0 {
        out.push("blind");
    }
    if kind.hearing == 0 {
        out.push("deaf");
    }
    if !game.floor().factions()[m.faction()].spec().opens_doors {
        out.push("no doors");
    }
    match kind.speed.cmp(&NORMAL_SPEED) {
        std::cmp::Ordering::Greater => out.push("fast"),
        std::cmp::Ordering::Less => out.push("slow"),
        std::cmp::Ordering::Equal => {}
    }
    out
}

/// A row of the panel: its text and style.
type Row = (String, Style);

/// The panel's rows in groups: you, then a group a monster in view.
fn groups(app: &App, width: usize) -> Vec<Vec<Row>> {
    let game = app.game();
    let Some(player) = game.floor().player() else {
        return Vec::new();
    };
    let plain = Style::default();
    let mut groups = vec![vec![
        (
            format!("@ you  HP {}/{PLAYER_HP}", player.hp().max(0)),
            plain,
        ),
        (bar(player.hp(), PLAYER_HP, 20), plain),
        (String::new(), plain),
    ]];
    if !player.is_here() {
        // Dead: the row under the status names the killer.
        groups.push(vec![("You died.".to_string(), plain)]);
        return groups;
    }
    let mut seen: Vec<&Monster> = game
        .floor()
        .monsters()
        .iter()
        .filter(|m| m.is_here() && !m.is_player() && app.player_sees(m.pos()))
        .collect();
    let from = player.pos();
    seen.sort_by_key(|m| {
        let (dx, dy) = from.abs_delta(m.pos());
        (dx.max(dy), m.id())
    });
    if seen.is_empty() {
        groups.push(vec![("Nothing in view.".to_string(), plain)]);
    }
    for m in seen {
        let kind = game.floor().kind_of(m);
        let spec = game.floor().factions()[m.faction()].spec();
        let threat = threat_of(game, m.id());
        let weight = if game.floor().mind(m.id()).is_asleep() {
            Modifier::DIM
        } else {
            Modifier::BOLD
        };
        let mut group = vec![
            (
                format!(
                    "{} {}: {}",
                    kind.glyph,
                    spec.one_of(m.kind()),
                    state(game, m)
                ),
                threat.style(app.palette()).add_modifier(weight),
            ),
            (
                format!("{} {}/{}", bar(m.hp(), kind.hp, 10), m.hp().max(0), kind.hp),
                plain,
            ),
        ];
        let mut about = vec![threat.word()];
        about.extend(how_it_knows(game, m.id()));
        about.extend(limits(game, m));
        let style = threat.style(app.palette());
        group.extend(
            wrap(&about.join(", "), width)
                .into_iter()
                .map(|l| (l, style)),
        );
        groups.push(group);
    }
    groups
}

/// Draws the panel in `area`, a line down its left side; the monsters
/// that do not fit are counted in its last row.
pub(super) fn draw_monsters(app: &App, area: Rect, buf: &mut Buffer) {
    let line = Style::default().fg(Color::DarkGray);
    for y in area.top()..area.bottom() {
        buf.set_stringn(area.x, y, "│", 1, line);
    }
    let (x, width) = (area.x + 2, area.width.saturating_sub(2) as usize);
    let groups = groups(app, width);
    let mut y = area.y;
    for (i, group) in groups.iter().enumerate() {
        let last = i + 1 == groups.len();
        // Room for the group, and for the count of those left if any are.
        let needs = group.len() as u16 + u16::from(!last);
        if y + needs > area.bottom() {
            buf.set_stringn(
                x,
                y.min(area.bottom().saturating_sub(1)),
                format!("... {} more in view", groups.len() - i),
                width,
                line,
            );
            return;
        }
        for (text, style) in group {
            buf.set_stringn(x, y, text, width, *style);
            y += 1;
        }
    }
}
