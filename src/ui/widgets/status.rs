//! The game's status row: turn, seed, level, speed and view (a screen
//! over the game, such as the inspector, the look cursor, the quit
//! question or a desync, writes its own over it).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Style};

use crate::sim::{PLAYER_HP, PlayOutcome};
use crate::ui::app::{App, Mode, Overlay};
use crate::ui::paint::{STATUS, cut_words, fit};

/// Turn, seed, level, speed, overlay, and each faction's counters.
pub(super) fn draw_status(app: &App, area: Rect, buf: &mut Buffer) {
    let game = app.game();
    let style = STATUS;
    buf.set_style(area, style);
    let text = if let (Mode::Play, Some(p), Some(play)) =
        (app.mode(), game.floor().player(), game.floor().play_state())
    {
        let view = match app.overlay() {
            Overlay::None => "your view".to_string(),
            Overlay::Cost if !app.spectating() => "terrain cost".to_string(),
            // Every faction's monsters: nobody's view.
            Overlay::Alarm => Overlay::Alarm.name().to_string(),
            o => format!(
                "{} of {}",
                o.name(),
                game.floor()
                    .factions()
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
            (Some(_), true) => "REVEALED (V: hide)",
            (Some(_), false) => "REVEALED",
            (None, _) => "",
        };
        // First: a game that holds what play never records is no
        // player's game, whatever else it shows.
        let unranked = if app.unranked().is_some() {
            "UNRANKED"
        } else {
            ""
        };
        let sneak = if play.sneaking { "sneaking" } else { "" };
        // What sneaking buys, by the game's rules (narrow, it goes first).
        let quiet = match play.sneaking {
            true => format!(
                "unheard, noticed within {}, woken within {}",
                crate::sim::stealth_range_if(true),
                crate::sim::wake_range_if(true)
            ),
            false => String::new(),
        };
        let dark = match game.floor().darkness() {
            Some(d) => format!("dark {}", d.until.saturating_sub(game.floor().turn())),
            None => String::new(),
        };
        // Too narrow for all (80 columns in a run: "... seed 41 dungeon
        // | your" lost the help), the least worth goes first: the level's
        // name, the seed, the view; never the help, the hit points or
        // what the player is doing.
        let parts = [
            (10, unranked.to_string()),
            (10, revealed.to_string()),
            (10, format!("HP {}/{}", p.hp().max(0), PLAYER_HP)),
            (8, format!("turn {}", game.floor().turn())),
            (9, sneak.to_string()),
            (4, quiet),
            (9, dark),
            (7, goal),
            // A run's seed is the run's; a run names its depth in the
            // goal.
            (
                3,
                format!(
                    "seed {} {}",
                    game.run_seed().unwrap_or(game.floor().seed()),
                    if game.depth().is_some() {
                        "dungeon"
                    } else {
                        app.level_name()
                    }
                ),
            ),
            (5, view),
            (10, "? help".to_string()),
        ];
        fit(&parts, area.width as usize)
    } else {
        let run = if let Some(seek) = app.seek_status() {
            seek
        } else if app.is_paused() {
            "paused".to_string()
        } else {
            app.speed().to_string()
        };
        let camera = match (app.following(), app.selected()) {
            (true, Some(id)) => {
                let m = &game.floor().monsters()[id as usize];
                let glyph = game.floor().kind_of(m).glyph;
                if m.is_here() {
                    format!("follow {glyph}{id} {}", game.floor().awareness(id).word())
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
        let unranked = if game.floor().player().is_some() && app.unranked().is_some() {
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
            Overlay::Alarm => Overlay::Alarm.name().to_string(),
            o => format!("{} of {}", o.name(), app.faction_name()),
        };
        let parts = [
            (10, unranked.to_string()),
            (10, revealed.to_string()),
            (10, eyes.to_string()),
            (9, format!("turn {}", game.floor().turn())),
            (8, run),
            (9, view),
            (5, camera),
            // A run's seed is the run's (each depth's own is drawn from it).
            (
                3,
                format!("seed {}", game.run_seed().unwrap_or(game.floor().seed())),
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
    if let (Mode::Play, Some(p)) = (app.mode(), game.floor().player())
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
