//! The status row: turn, seed, level, speed and view; or what the
//! inspector, look mode, a quit question or a desync has to say.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Style};

use super::field_inspector::replay_field;
use super::inspector::replay;
use crate::map::cost::{Cost, to_tiles};
use crate::path::Outcome;
use crate::sim::{PLAYER_HP, PlayOutcome};
use crate::ui::app::{App, Mode, Overlay};

/// Turn, seed, level, speed, overlay, and each faction's counters.
pub(super) fn draw_status(app: &App, area: Rect, buf: &mut Buffer) {
    let game = app.game();
    let style = Style::default().fg(Color::Black).bg(Color::Gray);
    buf.set_style(area, style);
    let text = if app.confirming_quit() {
        "Really quit? q or Enter: quit; any other key: stay".to_string()
    } else if let Some(d) = app.desync() {
        let alarm = Style::default().fg(Color::White).bg(Color::Red);
        buf.set_style(area, alarm);
        buf.set_stringn(
            area.x,
            area.y,
            App::desync_text(d),
            area.width as usize,
            alarm,
        );
        return;
    } else if let Some(i) = app.inspector()
        && let Some(field) = i.shown_field()
    {
        let m = &game.monsters()[i.monster as usize];
        let f = game.factions()[m.faction()].spec();
        let state = replay_field(field, i.field_shown);
        let total = field.expansions();
        // Values in floor steps: of the monster's cell once the search
        // is shown to its end, else of the cell expanded last.
        let value = |v: Cost| format!("{:.2}", to_tiles(v) / 10.0);
        let verdict = match (field.value, field.truncated, state.current) {
            (Some(v), _, _) if i.field_shown == total => format!("its cell {}", value(v)),
            (None, true, _) if i.field_shown == total => "record cut short".to_string(),
            (None, false, _) if i.field_shown == total => "no route from its cell".to_string(),
            (_, _, Some(p)) => format!("last {p} {}", value(state.closed[&(p.x, p.y)].0)),
            (_, _, None) => "starting from the target".to_string(),
        };
        let parts = vec![
            (
                9,
                format!(
                    "inspect {}{} field from {}",
                    f.glyph(),
                    i.monster,
                    field.target
                ),
            ),
            (
                9,
                format!(
                    "expansion {}/{total}, frontier {}",
                    i.field_shown,
                    state.open.len()
                ),
            ),
            (8, verdict),
        ];
        fit_with_keys(&parts, "a A*", area.width as usize)
    } else if let Some(i) = app.inspector() {
        let m = &game.monsters()[i.monster as usize];
        let f = game.factions()[m.faction()].spec();
        let state = replay(&i.trace, i.shown);
        let verdict = match (&i.trace.outcome, i.shown == i.trace.expansions()) {
            (Outcome::Found { cost, .. }, true) => {
                format!("path {:.2} floor steps", to_tiles(*cost) / 10.0)
            }
            (Outcome::Unreachable, true) => "no path".to_string(),
            _ => String::new(),
        };
        let parts = vec![
            (
                9,
                format!("inspect {}{} ({})", f.glyph(), i.monster, f.name),
            ),
            (9, format!("expansion {}/{}", i.shown, i.trace.expansions())),
            (
                4,
                format!("open {}, closed {}", state.open.len(), state.closed.len()),
            ),
            (8, verdict),
        ];
        let switch = if i.field.is_some() { "a field" } else { "" };
        fit_with_keys(&parts, switch, area.width as usize)
    } else if let Some(c) = app.cursor_state() {
        match c.purpose() {
            crate::ui::app::Purpose::Throw(_) => format!(
                "throw at {}: move the cursor; Enter or . throws; Esc: not now",
                c.at()
            ),
            _ => format!(
                "look at {}: move the cursor with the move keys; x: stop looking",
                c.at()
            ),
        }
    } else if let (Mode::Play, Some(p), Some(play)) = (app.mode(), game.player(), game.play_state())
    {
        let view = match app.overlay() {
            Overlay::None => "your view".to_string(),
            Overlay::Cost if !app.spectating() => "terrain cost".to_string(),
            o => format!(
                "{} of {}",
                o.name(),
                game.factions()
                    .get(app.faction())
                    .map_or("-", |f| f.spec().name.as_str())
            ),
        };
        let goal = match (play.outcome, game.depth()) {
            (PlayOutcome::Won(_), _) => "escaped with the $".to_string(),
            (PlayOutcome::Lost(_), _) => "dead".to_string(),
            (PlayOutcome::Playing, Some(d)) if play.carrying => {
                format!("depth {d}, $ carried: up and out <")
            }
            (PlayOutcome::Playing, Some(d)) => format!("depth {d}, the $ is on depth 10"),
            (PlayOutcome::Playing, None) if play.carrying => {
                "$ carried, to the stairs >".to_string()
            }
            (PlayOutcome::Playing, None) => "find the $".to_string(),
        };
        let revealed = match (app.revealed_at(), app.revealing()) {
            (Some(_), true) => "REVEALED (V: hide) | ",
            (Some(_), false) => "REVEALED | ",
            (None, _) => "",
        };
        // First: a game that holds what play never records is no
        // player's game, whatever else it shows.
        let unranked = if app.unranked().is_some() {
            "UNRANKED | "
        } else {
            ""
        };
        let sneak = if play.sneaking { "sneaking | " } else { "" };
        let dark = match game.darkness() {
            Some(d) => format!("dark {} | ", d.until.saturating_sub(game.turn())),
            None => String::new(),
        };
        format!(
            "{unranked}{revealed}HP {}/{} | turn {} | {sneak}{dark}{goal} | seed {} {} | {view} | ? help",
            p.hp().max(0),
            PLAYER_HP,
            game.turn(),
            game.run_seed().unwrap_or(game.seed()),
            // A run names its depth in the goal.
            if game.depth().is_some() {
                "dungeon"
            } else {
                app.level_name()
            },
        )
    } else {
        let run = if app.is_paused() {
            "paused".to_string()
        } else {
            format!("{}/s", app.turns_per_second())
        };
        let camera = match (app.following(), app.selected()) {
            (true, Some(id)) => {
                let m = &game.monsters()[id as usize];
                let glyph = game.kind_of(m).glyph;
                if m.is_here() {
                    format!("follow {glyph}{id} {}", game.awareness(id).word())
                } else {
                    format!("follow {glyph}{id}")
                }
            }
            (true, None) => "follow -".to_string(),
            (false, _) => "camera free".to_string(),
        };
        // A played game's replay: whether it was revealed or holds what
        // a player's game never records, and whose eyes.
        let revealed = if app.revealed_at().is_some() {
            "REVEALED"
        } else {
            ""
        };
        let unranked = if game.player().is_some() && app.unranked().is_some() {
            "UNRANKED"
        } else {
            ""
        };
        let eyes = if app.through_eyes() { "@'s eyes" } else { "" };
        // The view: the true map is nobody's; through the player's eyes
        // the map is the player's view, not a faction's.
        let view = match app.overlay() {
            Overlay::None | Overlay::Combined if app.through_eyes() => String::new(),
            Overlay::None => "true map".to_string(),
            o => format!("{} of {}", o.name(), app.faction_name()),
        };
        let parts = [
            (10, unranked.to_string()),
            (10, revealed.to_string()),
            (10, eyes.to_string()),
            (9, format!("turn {}", game.turn())),
            (8, run),
            (9, view),
            (5, camera),
            // A run's seed is the run's (each depth's own is drawn from it).
            (
                3,
                format!("seed {}", game.run_seed().unwrap_or(game.seed())),
            ),
            // A run's depth as it is now, kept before the seed (a played
            // run watched back goes from depth to depth; the level it
            // opened on was depth 1's); a level's name, dropped first.
            match game.depth() {
                Some(d) => (4, format!("depth {d}")),
                None => (2, app.level_name().to_string()),
            },
            (7, "? help".to_string()),
        ];
        fit(&parts, area.width as usize)
    };
    let shown = cut_words(&text, area.width as usize);
    buf.set_stringn(area.x, area.y, &shown, area.width as usize, style);
    // Low hit points at a glance: "HP n/m" in red at a third and below.
    if let (Mode::Play, Some(p)) = (app.mode(), game.player())
        && p.hp() * 3 <= PLAYER_HP
        && let Some(start) = shown.find("HP ")
    {
        let len = shown[start..].find(" |").unwrap_or(shown.len() - start);
        let cells = shown[..start].chars().count() as u16;
        let hp = Rect::new(area.x + cells, area.y, len as u16, 1).intersection(area);
        buf.set_style(hp, Style::default().fg(Color::White).bg(LOW_HP));
    }
}

/// The colour of the hit points in the status row: red at a third of the
/// player's and below.
pub const LOW_HP: Color = Color::Red;

/// The inspector's keys in the status row, each with how much it matters
/// when the row is short of room (beside the figures' 9, 8 and 4).
const INSPECT_KEYS: [(u8, &str); 6] = [
    (7, "e end"),
    (5, "] [ step"),
    (3, "} { ten"),
    (4, "m next"),
    (2, "z zoom"),
    (7, "i close"),
];

/// [`fit`] the figures `parts`, then the inspector's keys (and `extra`,
/// a key of the least worth, if any), the keys joined by `, ` after a
/// ` | `.
fn fit_with_keys(parts: &[(u8, String)], extra: &str, width: usize) -> String {
    let mut all: Vec<(u8, bool, String)> =
        parts.iter().map(|(p, t)| (*p, false, t.clone())).collect();
    all.extend(INSPECT_KEYS.iter().map(|&(p, k)| (p, true, k.to_string())));
    all.push((2, true, extra.to_string()));
    fit_parts(&all, width)
}

/// `parts` (worth, text), in order, joined by ` | `, leaving out the
/// least worth (the later of equals) until they fit in `width` columns;
/// empty parts are skipped. What still does not fit is cut at a word's
/// end, never inside one.
pub(super) fn fit(parts: &[(u8, String)], width: usize) -> String {
    let all: Vec<(u8, bool, String)> = parts.iter().map(|(p, t)| (*p, false, t.clone())).collect();
    fit_parts(&all, width)
}

/// [`fit`] over (worth, is a key, text): keys next to each other are
/// joined by `, `, anything else by ` | `. Parts are taken most worth
/// first (the earlier of equals), each kept if the row still fits with
/// it, and shown in their order.
fn fit_parts(parts: &[(u8, bool, String)], width: usize) -> String {
    let render = |kept: &[usize]| {
        let mut text = String::new();
        for (n, &k) in kept.iter().enumerate() {
            let (_, key, t) = &parts[k];
            if n > 0 {
                let after_key = parts[kept[n - 1]].1;
                text.push_str(if *key && after_key { ", " } else { " | " });
            }
            text.push_str(t);
        }
        text
    };
    let mut by_worth: Vec<usize> = (0..parts.len())
        .filter(|&k| !parts[k].2.is_empty())
        .collect();
    by_worth.sort_by_key(|&k| (std::cmp::Reverse(parts[k].0), k));
    let mut kept: Vec<usize> = Vec::new();
    for k in by_worth {
        let mut with = kept.clone();
        with.push(k);
        with.sort_unstable();
        if kept.is_empty() || render(&with).chars().count() <= width {
            kept = with;
        }
    }
    cut_words(&render(&kept), width)
}

/// `text` if it fits in `width` columns, else as many whole words of it as
/// do (a trailing separator dropped).
pub(super) fn cut_words(text: &str, width: usize) -> String {
    if text.chars().count() <= width {
        return text.to_string();
    }
    let mut out = String::new();
    for word in text.split(' ') {
        let sep = usize::from(!out.is_empty());
        if out.chars().count() + sep + word.chars().count() > width {
            break;
        }
        if sep == 1 {
            out.push(' ');
        }
        out.push_str(word);
    }
    out.trim_end_matches([' ', '|', ',']).to_string()
}
