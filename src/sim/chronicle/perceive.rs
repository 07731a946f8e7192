//! What the player could know of an event: the one perception filter, read
//! by the log on screen (playing, or a replay watched through the player's
//! eyes), by the morgue's last messages and by the bots' reports alike.
//! As Hauberk's game says what its hero perceives, the simulation decides
//! it, never the front end.

use crate::fog::noise;
use crate::sim::player::PLAYER_HEARING;
use crate::sim::{Event, Game, MonsterId};

/// True when the player of `game` could know of `e`, just after `game`
/// applied it: their own deeds and refusals, and what happens where they
/// see. Never a monster's plans, its bumps into walls, a fight nobody of
/// it is in sight, a faction's search; never anything in a game without
/// a player.
pub fn perceives(game: &Game, e: &Event) -> bool {
    if game.floor().player().is_none() {
        return false;
    }
    let is_player = |m: MonsterId| game.floor().monsters()[m as usize].is_player();
    let seen = |m: MonsterId| {
        let monster = &game.floor().monsters()[m as usize];
        monster.is_player() || game.floor().player_sees(monster.pos())
    };
    match *e {
        // Never told, so never perceived.
        Event::Moved { .. }
        | Event::Discovered { .. }
        | Event::Planned { .. }
        | Event::Waited { .. } => false,
        // What the monsters think stays in their heads.
        Event::Replanned { .. }
        | Event::NoPath { .. }
        | Event::Searching { .. }
        | Event::GaveUp { .. } => false,
        Event::Bumped { monster, .. } => is_player(monster),
        Event::ReachedGoal { at, .. } => game.floor().player_sees(at),
        Event::Died { monster, at } => is_player(monster) || game.floor().player_sees(at),
        Event::Attacked {
            attacker, target, ..
        }
        | Event::Missed { attacker, target } => seen(attacker) || seen(target),
        Event::Woke { monster, .. } => seen(monster),
        // A cry is heard as any noise is, by the player's own hearing.
        Event::Cried { monster } => seen(monster) || hears_cry(game, monster),
        Event::Door { by, at, .. } => seen(by) || game.floor().player_sees(at),
        // The rest is the player's own: their deeds, their refusals, what
        // their items did, where they went.
        _ => true,
    }
}

/// True when the player hears monster `m`'s cry: within
/// [`PLAYER_HEARING`] times its loudness over the true map, damped as
/// every noise is.
fn hears_cry(game: &Game, m: MonsterId) -> bool {
    let (Some(player), monster) = (game.floor().player(), &game.floor().monsters()[m as usize])
    else {
        return false;
    };
    let loudness = game.floor().kind_of(monster).voice.loudness;
    let radius = noise::radius(PLAYER_HEARING, loudness);
    noise::reach(game.floor().world().terrain(), monster.pos(), radius).heard(
        player.pos(),
        PLAYER_HEARING,
        loudness,
    )
}
