//! Playing (unless revealed), the row under the status row lists the
//! monsters the player sees now, instead of every faction's counters
//! (which would tell how many monsters there are, and where they go):
//! each with its threat to the player in a word (drawn in the colour its
//! glyph has on the map), what the look box says of its mind (asleep,
//! hunting you, unaware of you) and whether the player's next step would reach its
//! ears. While the game is on it opens with the player's stealth range
//! (Brogue CE's): how far off a monster that sees the player may notice
//! it, halved sneaking.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;

use crate::fog::noise::FOOTSTEP;
use crate::sim::{Awareness, Game, Monster, PlayOutcome};
use crate::ui::app::App;
use crate::ui::app::look::how_it_knows;
use crate::ui::app::threat::threat_of;

/// "Stealth 14 | In view: g goblin 6 HP hunting, ..." or "Stealth 14 |
/// Nothing in view." (dead: what killed the player).
pub(super) fn draw_in_view(app: &App, area: Rect, buf: &mut Buffer) {
    let game = app.game();
    let dead = game.floor().player().is_some_and(|p| !p.is_here());
    // Only while the game is on: won or lost, there is nobody to hide from.
    let playing = game
        .floor()
        .play_state()
        .is_some_and(|p| p.outcome == PlayOutcome::Playing);
    let stealth = match playing && !dead {
        true => format!("Stealth {} | ", game.floor().stealth_range()),
        false => String::new(),
    };
    let (x, _) = buf.set_stringn(
        area.x,
        area.y,
        stealth,
        area.width as usize,
        Style::default(),
    );
    let area = Rect {
        x,
        width: area.right().saturating_sub(x),
        ..area
    };
    let seen: Vec<_> = game
        .floor()
        .monsters()
        .iter()
        .filter(|m| m.is_here() && !m.is_player() && app.player_sees(m.pos()))
        .collect();
    if seen.is_empty() {
        // Dead, the player sees nothing: the row names the killer instead.
        let killer = game
            .chronicle()
            .killer()
            .map(|k| format!("Killed by {} ({}).", k.a_noun(), k.glyph));
        let text = match (dead, killer) {
            (true, Some(k)) => k,
            (true, None) => "You died.".to_string(),
            (false, _) => "Nothing in view.".to_string(),
        };
        buf.set_stringn(area.x, area.y, text, area.width as usize, Style::default());
        return;
    }
    let (mut x, _) = buf.set_stringn(
        area.x,
        area.y,
        "In view: ",
        area.width as usize,
        Style::default(),
    );
    for m in seen {
        let spec = game.floor().factions()[m.faction()].spec();
        let threat = threat_of(game, m.id());
        let text = format!(
            "{} {} {} HP {}, {}{}  ",
            game.floor().kind_of(m).glyph,
            spec.one_of(m.kind()),
            m.hp(),
            threat.word(),
            mind(game, m),
            if in_earshot(game, m) {
                ", in earshot"
            } else {
                ""
            },
        );
        let left = area.right().saturating_sub(x) as usize;
        let style = threat.style(app.palette());
        (x, _) = buf.set_stringn(x, area.y, text, left, style);
        if x >= area.right() {
            break;
        }
    }
}

/// What the look box says of monster `m`'s mind, in a word or two: asleep,
/// hunting (and how it knows where you are), searching or fleeing as it
/// is, and "unaware" for the rest (wandering, idle, heading elsewhere:
/// not after the player, so a blow on it is a stealth blow).
fn mind(game: &Game, m: &Monster) -> String {
    let state = match game.floor().awareness(m.id()) {
        a
        @ (Awareness::Asleep | Awareness::Hunting | Awareness::Searching | Awareness::Fleeing) => {
            a.word()
        }
        Awareness::Wandering | Awareness::Heading | Awareness::Idle => "unaware",
    };
    match how_it_knows(game, m.id()) {
        Some(how) if game.floor().awareness(m.id()) == Awareness::Hunting => {
            format!("{state} ({how})")
        }
        _ => state.to_string(),
    }
}

/// True when the player's next step, at full pace, may reach monster
/// `m`'s ears: not sneaking, and within a footstep's reach of its hearing
/// (the look box gives its hearing; walls on the way may still keep it
/// from hearing, so "may").
fn in_earshot(game: &Game, m: &Monster) -> bool {
    let (Some(player), Some(play)) = (game.floor().player(), game.floor().play_state()) else {
        return false;
    };
    let reach = crate::fog::noise::radius(game.floor().kind_of(m).hearing, FOOTSTEP);
    let (dx, dy) = player.pos().abs_delta(m.pos());
    !play.sneaking && dx.max(dy) <= reach
}
