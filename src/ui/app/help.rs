//! The help screen (`?`), in pages that each fit an 80x24 terminal: the
//! keys of each screen open, topmost first, and the game's (made from
//! their command lists and the key table: see
//! [`Command`]), every glyph with its meaning
//! and, for terrain, what a step onto it costs in turns, and the factions
//! on this level. Any key turns the page; `q` or `?` closes, as does a
//! key past the last page.

use ratatui::buffer::Buffer;

use super::look::{speed_of_spec, step_cost};
use super::screen::{Ask, Ctx, DrawCtx, Handled, Screen};
use super::{App, game};
use crate::map::terrain::Terrain;
use crate::ui::keymap::{Command, Intent};
use crate::ui::mode::{Mode, Overlay};
use crate::ui::paint::draw_box;

/// The pages after the keys: glyphs, factions.
const MORE_PAGES: usize = 2;

/// A page of keys: its title and its lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeyPage {
    pub title: String,
    pub lines: Vec<String>,
}

/// The help screen, while open: the pages of keys of the screens it
/// opened over (taken when it opened; nothing under it changes while it
/// is up), and the page shown.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Help {
    keys: Vec<KeyPage>,
    page: usize,
}

impl Help {
    /// The help on its first page, with `keys` before the glyphs and the
    /// factions.
    pub fn new(keys: Vec<KeyPage>) -> Help {
        Help { keys, page: 0 }
    }

    /// The page shown (from 0: the pages of keys, then glyphs, factions).
    pub fn page(&self) -> usize {
        self.page
    }

    /// How many pages it has.
    pub fn pages(&self) -> usize {
        self.keys.len() + MORE_PAGES
    }
}

impl Screen for Help {
    fn name(&self) -> &str {
        "help"
    }

    /// Every key is the help's while it is up: any key turns the page,
    /// past the last closes; `q` and `?` close at once.
    fn handle(&mut self, intent: Intent, _: Ctx<'_>, asks: &mut Vec<Ask>) -> Handled {
        self.page += 1;
        if matches!(intent, Intent::Quit | Intent::Help) || self.page >= self.pages() {
            asks.push(Ask::Close);
        }
        Handled::Used
    }

    /// The page shown, in a box in the middle.
    fn draw(&self, dc: &DrawCtx<'_>, buf: &mut Buffer) {
        let pages = self.pages();
        let page = self.page.min(pages - 1);
        let (name, mut lines) = match self.keys.get(page) {
            Some(keys) => (keys.title.clone(), keys.lines.clone()),
            None => more_lines(dc.app, page - self.keys.len()),
        };
        lines.push(String::new());
        lines.push(if page + 1 < pages {
            "any key: next page; q: close".to_string()
        } else {
            "any key: close".to_string()
        });
        let title = format!(" Darkstar: {name} ({}/{pages}) ", page + 1);
        let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
        draw_box(&title, &lines, dc.area, buf);
    }

    fn stills_the_game(&self) -> bool {
        true
    }
}

/// Narrowest the keys' column is: the page's lines line up at the same
/// place whatever keys a page has.
const KEY_COLUMN: usize = 14;

/// A page of `commands`, titled `title`: each line its keys (right
/// aligned in a column as wide as the widest) and what they do.
pub fn key_page(title: String, commands: &[Command], mode: Mode) -> KeyPage {
    let keys: Vec<String> = commands.iter().map(|c| c.keys(mode)).collect();
    let width = keys
        .iter()
        .map(|k| k.chars().count())
        .fold(KEY_COLUMN, usize::max);
    let lines = keys
        .iter()
        .zip(commands)
        .map(|(k, c)| format!("{k:>width$}  {}", c.what))
        .collect();
    KeyPage { title, lines }
}

/// The help's pages of keys for `app` as it is: a page for each open
/// screen that lists commands, topmost first, then the game's.
pub fn key_pages(app: &App) -> Vec<KeyPage> {
    let mode = app.mode();
    let mut pages: Vec<KeyPage> = app
        .screens()
        .rev()
        .filter_map(|s| {
            let commands = s.commands(mode);
            (!commands.is_empty()).then(|| key_page(format!("{} keys", s.name()), &commands, mode))
        })
        .collect();
    let run = app.game().depth().is_some();
    pages.push(key_page(
        "keys".to_string(),
        &game::commands(mode, run, app.opening_speed()),
        mode,
    ));
    pages
}

/// Page `page` of the help `app` would open now (its pages of keys, then
/// glyphs and factions): its title and lines.
pub fn help_lines(app: &App, page: usize) -> (String, Vec<String>) {
    let keys = key_pages(app);
    let n = keys.len();
    match keys.into_iter().nth(page) {
        Some(k) => (k.title, k.lines),
        None => more_lines(app, page - n),
    }
}

/// The page after the keys numbered `page` (0: glyphs, 1: factions).
fn more_lines(app: &App, page: usize) -> (String, Vec<String>) {
    let (name, lines) = match page {
        0 => {
            // Watching a level without a player: no @, no treasure, and
            // the shading is the viewed faction's unknown, not memory.
            let player = app.game().floor().player().is_some();
            let mut lines = Vec::new();
            if player {
                lines.extend([
                    "@    you (the player)".to_string(),
                    match app.mode() {
                        // Playing, its colour is its threat to the player.
                        Mode::Play => {
                            "g k  a monster: letter its faction, colour its threat (red: deadly)"
                        }
                        _ => "g k  a monster: its letter is its faction (next page)",
                    }
                    .to_string(),
                ]);
                if app.game().depth().is_some() {
                    lines.extend([
                        "$    the Darkstar, on depth 10: carry it out".to_string(),
                        ">    the stairs down".to_string(),
                        "<    the stairs up (depth 1's: the way out)".to_string(),
                    ]);
                } else {
                    lines.extend([
                        "$    the treasure: take it to the stairs".to_string(),
                        ">    the stairs (watching: also a faction's goal)".to_string(),
                    ]);
                }
                lines.extend([
                    "! ?  a potion, a scroll (walk onto an item to pick it up)".to_string(),
                    "([)  darts or a noise-maker, armour, a weapon".to_string(),
                ]);
            } else {
                lines.extend([
                    "b n  a monster: its letter is its faction (next page)".to_string(),
                    ">    the viewed faction's goal".to_string(),
                ]);
            }
            for t in Terrain::ALL {
                lines.push(format!("{}    {}: {}", t.glyph(), t.name(), step_cost(t)));
            }
            let alarm = player && app.overlay() == Overlay::Alarm;
            if alarm {
                // The alarm's marks, in place of the plans and the digits
                // it does not draw (a run's page is full).
                lines.extend([
                    "X \u{b7}  where a monster believes you are, and its line: red saw, yellow heard,"
                        .to_string(),
                    "\u{2591} \"  magenta told; a cry's reach (for the keenest ear) and where it rose"
                        .to_string(),
                ]);
            } else {
                lines.push(match app.mode() {
                    Mode::Play => "*    a monster's planned path (after V)".to_string(),
                    Mode::Watch => {
                        "*    the viewed faction's plans (f: another faction)".to_string()
                    }
                });
                lines.push("0-9  c: a step's cost in floor steps; p: plans crossing".to_string());
            }
            // The alarm shades nothing over the true map; through the
            // player's eyes it is drawn over their memory, as play is.
            if !alarm || app.through_eyes() {
                lines.push(if player && (app.mode() == Mode::Play || alarm) {
                    "     bright: seen now; grey: remembered; blank: unseen".to_string()
                } else {
                    "     grey shading: what the viewed faction has not seen".to_string()
                });
            }
            lines.push("red  a bump: a wall walked into".to_string());
            if player {
                lines.push("blue ground: darkness no monster sees into".to_string());
            }
            ("glyphs", lines)
        }
        _ => {
            let game = app.game();
            let mut lines = Vec::new();
            for (i, f) in game.floor().factions().iter().enumerate() {
                let spec = f.spec();
                if game.floor().player().is_some_and(|p| p.faction() == i) {
                    continue;
                }
                // What it knows of the map, said once: a faction that
                // knows the map is not "blind" whatever its sight.
                let sight = match (spec.knows_map, spec.kind().sight) {
                    (true, 0) => "knows the map".to_string(),
                    (true, s) => format!("knows the map, sight {s}"),
                    (false, 0) => "blind (touch only)".to_string(),
                    (false, s) => format!("sight {s}"),
                };
                let hostile = match (
                    spec.kind().behaviours.fights(),
                    game.floor().player().is_some(),
                ) {
                    (true, true) => "hostile (hunts you)",
                    (true, false) => "hostile (attacks other factions)",
                    (false, _) => "not hostile",
                };
                lines.push(format!(
                    "{} {}: {sight}, speed {}, {hostile}{}",
                    spec.glyph(),
                    spec.name,
                    speed_of_spec(spec.kind()),
                    if spec.goal.is_some() {
                        ", has a goal >"
                    } else {
                        ""
                    },
                ));
                lines.push(format!(
                    "    plans with {} over what it knows; unknown costs {}x floor",
                    match spec.planner {
                        crate::path::Replanner::AStar => "A*",
                        crate::path::Replanner::DStarLite => "D* Lite",
                        crate::path::Replanner::Field => "a shared field",
                    },
                    spec.unknown_factor
                ));
            }
            if lines.is_empty() {
                lines.push("No monsters on this level.".to_string());
            }
            ("factions", lines)
        }
    };
    (name.to_string(), lines)
}
