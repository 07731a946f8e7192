//! What the cunning bot keeps clear of: what the player remembers of the
//! monsters (where it last saw each, asleep or awake) and of the doors it
//! shut, by the player's own autopilot (see `autopilot::care`), as a
//! player keeps in mind the troll it saw asleep round the last corner.
//! Its routes (exploring, fetching, travelling) keep out of the senses of
//! every hostile monster it remembers; with no way so, out of what they
//! would sense of silent steps, sneaking (see `cunning.rs`: it goes on
//! sneaking while a sleeper it remembers could hear its steps); with
//! none that way either, it waits for the awake to go, and never walks
//! where a sleeper it remembers would wake. The brawler keeps clear of
//! nothing (the autopilot of old).

use super::super::Game;
use super::super::autopilot::care::senses;
use super::super::autopilot::{AWAKE_TURNS, Care};
use super::super::recall::Seen;

/// Whether the bot keeps clear of what the player remembers, and whether
/// there is anything to keep clear of now.
#[derive(Copy, Clone, Debug, Default)]
pub struct Wary {
    careful: bool,
    minded: bool,
}

impl Wary {
    /// Takes in what the player remembers in `game` now: from here on
    /// the bot keeps clear of it.
    pub fn update(&mut self, game: &Game) {
        let now = game.floor().turn();
        self.careful = true;
        self.minded = game
            .floor()
            .recall()
            .sightings()
            .iter()
            .any(|s| match s.seen {
                Seen::Asleep | Seen::Fleeing => true,
                Seen::Awake => s.turn + AWAKE_TURNS >= now,
                Seen::Harmless => false,
            });
    }

    /// What a route keeps out of, tried in turn (see `go` in `mod.rs`):
    /// all it remembers, then the same for silent steps. None for a bot
    /// that keeps clear of nothing.
    pub fn cares(&self) -> &'static [Care] {
        const CARES: [Care; 2] = [
            Care::FULL,
            Care {
                sneak: true,
                ..Care::FULL
            },
        ];
        match self.careful {
            true => &CARES,
            false => &[],
        }
    }

    /// True when it keeps clear of anything now.
    pub fn is_wary(&self) -> bool {
        self.careful && self.minded
    }
}

/// True when a sleeper the player remembers (in view or not) would hear
/// the player's steps on its cell or one beside it: the cunning bot goes
/// on sneaking (see `cunning.rs`), or its silent way past would wake it.
pub fn near_a_sleeper(game: &Game) -> bool {
    let Some(at) = game.floor().player().map(|p| p.pos()) else {
        return false;
    };
    game.floor().recall().sightings().iter().any(|s| {
        let (dx, dy) = s.at.abs_delta(at);
        s.seen == Seen::Asleep
            && dx.max(dy) <= NEAR
            && senses(game, s, false).iter().any(|q| {
                let (dx, dy) = q.abs_delta(at);
                dx.max(dy) <= 1
            })
    })
}

/// The furthest a sleeper's senses of a walking player are looked for:
/// the reach of a door's noise for the keenest ear in the bestiary, and
/// a step.
const NEAR: u32 = 16;
