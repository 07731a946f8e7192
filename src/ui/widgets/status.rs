//! The status row: turn, seed, level, speed and view; or what the
//! inspector, look mode, a quit question or a desync has to say.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Style};

use super::field_inspector::replay_field;
use super::inspector::replay;
use crate::cost::{Cost, to_tiles};
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
            (_, _, None) => "target queued".to_string(),
        };
        format!(
            "inspect {}{} field from {}: expansion {}/{total}, frontier {}, {verdict} | a A*, ] [ step, }} {{ ten, m next, z zoom, i close",
            f.glyph,
            i.monster,
            field.target,
            i.field_shown,
            state.open.len(),
        )
    } else if let Some(i) = app.inspector() {
        let m = &game.monsters()[i.monster as usize];
        let f = game.factions()[m.faction()].spec();
        let state = replay(&i.trace, i.shown);
        let switch = if i.field.is_some() { "a field, " } else { "" };
        let verdict = match (&i.trace.outcome, i.shown == i.trace.expansions()) {
            (Outcome::Found { cost, .. }, true) => {
                format!(" path {:.2} floor steps", to_tiles(*cost) / 10.0)
            }
            (Outcome::Unreachable, true) => " no path".to_string(),
            _ => String::new(),
        };
        format!(
            "inspect {}{} ({}): expansion {}/{}, open {}, closed {}{verdict} | {switch}] [ step, }} {{ ten, m next, z zoom, i close",
            f.glyph,
            i.monster,
            f.name,
            i.shown,
            i.trace.expansions(),
            state.open.len(),
            state.closed.len(),
        )
    } else if let Some(c) = app.cursor() {
        format!("look at {c}: move the cursor with the move keys; x: stop looking")
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
        let goal = match play.outcome {
            PlayOutcome::Won(_) => "escaped with the $",
            PlayOutcome::Lost(_) => "dead",
            PlayOutcome::Playing if play.carrying => "$ carried, to the stairs >",
            PlayOutcome::Playing => "find the $",
        };
        let revealed = match (app.revealed_at(), app.revealing()) {
            (Some(_), true) => "REVEALED (V: hide) | ",
            (Some(_), false) => "REVEALED | ",
            (None, _) => "",
        };
        format!(
            "{revealed}HP {}/{} | turn {} | {goal} | seed {} {} | {view} | ? help",
            p.hp().max(0),
            PLAYER_HP,
            game.turn(),
            game.seed(),
            app.level_name,
        )
    } else {
        let run = if app.is_paused() {
            "paused".to_string()
        } else {
            format!("{}/s", app.turns_per_second())
        };
        let viewed = game
            .factions()
            .get(app.faction())
            .map_or("-", |f| f.spec().name.as_str());
        // A played game's replay: whether it was revealed, and whose eyes.
        let marks = format!(
            "{}{}",
            if app.revealed_at().is_some() {
                "REVEALED | "
            } else {
                ""
            },
            if app.through_eyes() {
                "@'s eyes | "
            } else {
                ""
            }
        );
        format!(
            "{marks}turn {} seed {} {} {run} | {} of {viewed} | ? help",
            game.turn(),
            game.seed(),
            app.level_name,
            app.overlay().name()
        )
    };
    buf.set_stringn(area.x, area.y, text, area.width as usize, style);
}
