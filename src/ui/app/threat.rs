//! How dangerous a monster the player sees is, from the numbers the game
//! rolls with ([`Odds`]): how often each side's blow lands and for how
//! much, in how few blows it could kill the player as the player is now,
//! in how many the player kills it, and what a stealth blow would do. The
//! look box says the odds in full; the map colours a monster's glyph by
//! its [`Threat`] (as DCSS does), and the row of monsters in view and the
//! monsters panel say the threat's word, so it reads without colour.

use ratatui::style::{Color, Modifier, Style};

use crate::sim::{Game, MonsterId, STEALTH_MULTIPLIER, hit_chance};
use crate::ui::log::capitalised;

/// The odds of a fight between the player and one monster, now.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Odds {
    /// Percent of its blows that land on the player.
    pub hits_you: i64,
    /// Its blow's least and most.
    pub its_blow: (i32, i32),
    /// Its most as a percent of the player's hit points now.
    pub worst_share: i32,
    /// Fewest of its blows that can kill the player now.
    pub kills_you_in: i32,
    /// Percent of the player's blows that land on it.
    pub you_hit: i64,
    /// The player's blow's least and most.
    pub your_blow: (i32, i32),
    /// Blows of the player's that kill it: at best, at worst.
    pub dies_in: (i32, i32),
    /// What a stealth blow does while it has not noticed the player (a
    /// sure blow, [`STEALTH_MULTIPLIER`] times): least, most.
    pub stealth_blow: Option<(i32, i32)>,
    /// Its hit points now.
    pub its_hp: i32,
}

/// How dangerous a monster is, in a word and a colour.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Threat {
    /// It does not fight.
    Harmless,
    /// Ten blows or more to kill you.
    Weak,
    /// Five to nine blows.
    Fair,
    /// Three or four blows.
    Dangerous,
    /// One or two blows can kill you.
    Deadly,
}

impl Threat {
    /// Its word, for the screen.
    pub fn word(self) -> &'static str {
        match self {
            Threat::Harmless => "harmless",
            Threat::Weak => "weak",
            Threat::Fair => "a fair fight",
            Threat::Dangerous => "dangerous",
            Threat::Deadly => "deadly",
        }
    }

    /// The colour its glyph is drawn in (the basic sixteen).
    pub fn colour(self) -> Color {
        self.style(Palette::Standard).fg.unwrap_or(Color::Reset)
    }

    /// How its glyph and its word are drawn in `palette`: a colour, and,
    /// in the colour-blind-safe palette, the deadliest underlined too (a
    /// cue that is not a colour).
    pub fn style(self, palette: Palette) -> Style {
        let colour = match (palette, self) {
            (Palette::Standard, Threat::Harmless) => Color::Green,
            (Palette::Standard, Threat::Dangerous) => Color::Yellow,
            (Palette::Standard, Threat::Deadly) => Color::LightRed,
            (_, Threat::Weak) => Color::Gray,
            (_, Threat::Fair) => Color::White,
            // Okabe and Ito's colours, from the 256 (the nearest of
            // xterm's cube): sky blue, orange and vermillion, told apart
            // by blue against yellow and by lightness, not red against
            // green.
            (Palette::Safe, Threat::Harmless) => SKY_BLUE,
            (Palette::Safe, Threat::Dangerous) => ORANGE,
            (Palette::Safe, Threat::Deadly) => VERMILLION,
        };
        let style = Style::default().fg(colour);
        match (palette, self) {
            (Palette::Safe, Threat::Deadly) => style.add_modifier(Modifier::UNDERLINED),
            _ => style,
        }
    }
}

/// Okabe and Ito's sky blue (86, 180, 233), as xterm's 256 colours have
/// it nearest: (95, 175, 215).
pub const SKY_BLUE: Color = Color::Indexed(74);
/// Okabe and Ito's orange (230, 159, 0): (255, 175, 0).
pub const ORANGE: Color = Color::Indexed(214);
/// Okabe and Ito's vermillion (213, 94, 0): (215, 95, 0).
pub const VERMILLION: Color = Color::Indexed(166);

/// The colours threats are drawn in.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Palette {
    /// Green harmless, yellow dangerous, light red deadly (the basic
    /// sixteen colours).
    #[default]
    Standard,
    /// Colour-blind safe: no red against green. Sky blue harmless,
    /// orange dangerous, vermillion and underlined deadly (Okabe and
    /// Ito's colours; `P` in a game).
    Safe,
}

impl Palette {
    /// The other one.
    pub fn toggled(self) -> Palette {
        match self {
            Palette::Standard => Palette::Safe,
            Palette::Safe => Palette::Standard,
        }
    }

    /// What the log says when it is chosen.
    pub fn told(self) -> &'static str {
        match self {
            Palette::Standard => "Threat colours: standard (green harmless, red deadly).",
            Palette::Safe => {
                "Threat colours: colour-blind safe (blue harmless, orange dangerous, \
                 vermillion and underlined deadly)."
            }
        }
    }
}

impl Odds {
    /// The odds between the player and monster `id`; `None` when there is
    /// no player, or the monster does not fight.
    pub fn of(game: &Game, id: MonsterId) -> Option<Odds> {
        let player = game.floor().player()?;
        let m = &game.floor().monsters()[id as usize];
        let (me, it) = (game.floor().kind_of(player), game.floor().kind_of(m));
        if m.is_player() || !it.behaviours.fights() {
            return None;
        }
        let (hp, its_hp) = (player.hp().max(1), m.hp().max(1));
        let blows = |hp: i32, blow: i32| (hp + blow.max(1) - 1) / blow.max(1);
        let (its, mine) = (it.damage, me.damage);
        let unaware = game.floor().unaware(id as usize);
        Some(Odds {
            hits_you: hit_chance(it.accuracy, me.defence),
            its_blow: (its.min(), its.max()),
            worst_share: its.max() * 100 / hp,
            kills_you_in: blows(hp, its.max()),
            you_hit: hit_chance(me.accuracy, it.defence),
            your_blow: (mine.min(), mine.max()),
            dies_in: (blows(its_hp, mine.max()), blows(its_hp, mine.min())),
            stealth_blow: unaware.then(|| {
                (
                    mine.min() * STEALTH_MULTIPLIER,
                    mine.max() * STEALTH_MULTIPLIER,
                )
            }),
            its_hp,
        })
    }

    /// How dangerous it is: by the fewest blows that can kill the player
    /// as the player is now (so a monster grows more dangerous as the
    /// player is hurt).
    pub fn threat(&self) -> Threat {
        match self.kills_you_in {
            ..=2 => Threat::Deadly,
            3..=4 => Threat::Dangerous,
            5..=9 => Threat::Fair,
            _ => Threat::Weak,
        }
    }

    /// The odds in sentences, for the look box, the first opening with
    /// the threat's word ("Dangerous: it hits you ...").
    pub fn lines(&self) -> Vec<String> {
        let plural = |n: i32| if n == 1 { "blow" } else { "blows" };
        let share = match self.worst_share {
            p if p >= 100 => "all you have".to_string(),
            p => format!("{p}% of your HP"),
        };
        let (best, worst) = self.dies_in;
        let mut lines = vec![
            format!(
                "{}: it hits you {}% of blows, {}-{} (up to {share}); {} {} can kill you.",
                capitalised(self.threat().word()),
                self.hits_you,
                self.its_blow.0,
                self.its_blow.1,
                self.kills_you_in,
                plural(self.kills_you_in)
            ),
            format!(
                "You hit it {}% of blows, {}-{}: it dies in {best} to {worst} {}.",
                self.you_hit,
                self.your_blow.0,
                self.your_blow.1,
                plural(worst)
            ),
        ];
        let Some((low, high)) = self.stealth_blow else {
            // Why none is on offer (seven stabs at one that had noticed
            // the player landed as plain blows, and the screen never said).
            lines.push(format!(
                "It is on its guard (it hunts, or runs): no stealth blow, the sure blow \
                 {STEALTH_MULTIPLIER} times as hard."
            ));
            return lines;
        };
        {
            let outcome = if low >= self.its_hp {
                "it dies".to_string()
            } else if high >= self.its_hp {
                "it may die".to_string()
            } else {
                format!("it lives with {} HP at least", self.its_hp - high)
            };
            lines.push(format!(
                "Unaware of you: a stealth blow lands surely, {low}-{high}: {outcome}."
            ));
        }
        lines
    }
}

/// The threat of monster `id` to the player ([`Threat::Harmless`] for one
/// that does not fight).
pub fn threat_of(game: &Game, id: MonsterId) -> Threat {
    Odds::of(game, id).map_or(Threat::Harmless, |o| o.threat())
}

impl super::App {
    /// The colours threats are drawn in.
    pub fn palette(&self) -> Palette {
        self.palette
    }

    /// Draws threats in `palette`.
    pub fn set_palette(&mut self, palette: Palette) {
        self.palette = palette;
    }

    /// `P`: the other threat palette, said in the log.
    pub(super) fn toggle_palette(&mut self) {
        self.palette = self.palette.toggled();
        self.say(self.palette.told().to_string());
    }
}
