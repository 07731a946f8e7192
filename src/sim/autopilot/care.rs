//! What the autopilot keeps out of, as far as the player can know it
//! (DCSS's travel exclusions, set by what the player has seen): the
//! senses of every hostile monster it remembers (see
//! [`crate::sim::recall`]): a sleeper's, where it would wake at the sight
//! of the player or the sound of its steps or of a door it opens; an awake
//! one's, where it would notice the player or hear it, and a running
//! one's cell and the cells round it, for [`AWAKE_TURNS`] after it was
//! last seen (it will have moved). And the doors the player shut: they
//! stay shut unless there is no other way.
//!
//! The senses are the game's own rules ([`crate::sim::wake_range_if`],
//! [`crate::sim::stealth_range_if`], the kind's sight and hearing, the noise of a
//! step and of a door) worked out over the map as the player knows it:
//! what it has not seen counts as open (it might be), so the zone is never
//! smaller for what the player does not know.

use crate::clock::Turn;
use crate::fog::noise::{self, Loudness, NoiseReach};
use crate::map::geom::{Dir, Pos};
use crate::map::terrain::Terrain;
use crate::sim::game::{Game, seen_as_known, stealth_range_if, wake_range_if};
use crate::sim::monster::MonsterId;
use crate::sim::recall::{Mark, Seen, Sighting};

/// Turns after it was last seen that an awake monster's senses are kept
/// out of: it will have moved.
pub const AWAKE_TURNS: Turn = 40;

/// Which of what the player remembers the autopilot keeps out of.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Care {
    /// The senses of the sleepers it remembers.
    pub sleepers: bool,
    /// The senses of the awake monsters it saw lately, and the cells
    /// round one running away.
    pub awake: bool,
    /// The doors the player shut.
    pub doors: bool,
    /// The places the player marked by hand.
    pub marks: bool,
    /// The senses reckoned as if the player sneaked, whether it does or
    /// not (a route for silent steps: the player must sneak to take it).
    pub sneak: bool,
}

impl Care {
    /// All of it: the player's autopilot.
    pub const FULL: Care = Care {
        sleepers: true,
        awake: true,
        doors: true,
        marks: true,
        sneak: false,
    };
    /// None of it: the autopilot of old (the brawler's), which keeps
    /// clear only of the monsters in view.
    pub const NONE: Care = Care {
        sleepers: false,
        awake: false,
        doors: false,
        marks: false,
        sneak: false,
    };
}

/// Why a cell is kept out of.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Exclusion {
    /// A remembered monster's senses reach it.
    Monster(MonsterId),
    /// A door the player shut.
    Door(Pos),
    /// The place the player marked on this cell.
    Marked(Pos),
}

/// The cells a mark keeps the autopilot out of: its cell, and those
/// within its reach that it sees, over the map as the player knows it
/// (what it has not seen counts as open). Sorted, each once.
pub fn marked(game: &Game, mark: &Mark) -> Vec<Pos> {
    let floor = game.floor();
    let mut cells = vec![mark.at];
    if let Some(player) = floor.player()
        && mark.reach > 0
    {
        let known = floor.factions()[player.faction()].knowledge();
        seen_as_known(known, mark.at, mark.reach, |p| cells.push(p));
    }
    cells.sort_by_key(|p| (p.y, p.x));
    cells.dedup();
    cells
}

/// The cells monster `s` (as the player remembers it) would notice the
/// player on, by the rules, with the player sneaking or not, over what
/// the player knows of the map: for a sleeper, within its sight and the
/// wake range, or within the reach of a step; for one awake, within its
/// sight and the stealth range, or a step's reach; for one running, its
/// cell and those round it; none for a harmless one. A closed door in the
/// reach of the noise of opening it is among them. Sorted, each once.
pub fn senses(game: &Game, s: &Sighting, sneaking: bool) -> Vec<Pos> {
    let floor = game.floor();
    let Some(player) = floor.player() else {
        return Vec::new();
    };
    let known = floor.factions()[player.faction()].knowledge();
    let kind = floor.kind_of(&floor.monsters()[s.id as usize]);
    let mut cells = Vec::new();
    let range = match s.seen {
        Seen::Harmless => return cells,
        Seen::Fleeing => {
            cells.push(s.at);
            cells.extend(Dir::ALL.iter().map(|&d| s.at.step(d)));
            cells.sort_by_key(|p| (p.y, p.x));
            return cells;
        }
        Seen::Asleep => wake_range_if(sneaking),
        Seen::Awake => stealth_range_if(sneaking),
    };
    // Sight: shadowcast from where it stands, what the player has not
    // seen taken for open.
    cells.extend(
        sight_from(game, s.at, kind.sight)
            .into_iter()
            .filter(|&p| nearness(p, s.at) <= range),
    );
    // Hearing: a step's noise (none sneaking), and a door's.
    let heard = |loudness: Loudness| {
        let r = noise::radius(kind.hearing, loudness);
        (r > 0).then(|| NoiseReach::damped(|p| known_damping(known, p), s.at, r))
    };
    if !sneaking && let Some(reach) = heard(noise::FOOTSTEP) {
        around(s.at, noise::radius(kind.hearing, noise::FOOTSTEP), |p| {
            if reach.steps(p).is_some() {
                cells.push(p);
            }
        });
    }
    // A door is heard from where it stands (the noise rises in its cell,
    // which a shut door's damping does not count): a step from a cell
    // beside it.
    if let Some(reach) = heard(noise::DOOR) {
        let r = noise::radius(kind.hearing, noise::DOOR);
        around(s.at, r, |p| {
            if known.belief(p) == Some(Terrain::Door)
                && Dir::ALL
                    .iter()
                    .any(|&d| reach.steps(p.step(d)).is_some_and(|n| n < r))
            {
                cells.push(p);
            }
        });
    }
    cells.sort_by_key(|p| (p.y, p.x));
    cells.dedup();
    cells
}

/// The cells one standing on `at` with sight `sight` sees, as far as the
/// player can know: shadowcast over the map the player knows, what it has
/// not seen taken for open (the look cursor draws a monster's sight so).
/// Sorted, each once; none when the player is not playing.
pub fn sight_from(game: &Game, at: Pos, sight: u32) -> Vec<Pos> {
    let floor = game.floor();
    let Some(player) = floor.player() else {
        return Vec::new();
    };
    let known = floor.factions()[player.faction()].knowledge();
    let mut cells = Vec::new();
    if sight > 0 {
        seen_as_known(known, at, sight, |p| cells.push(p));
    }
    cells.sort_by_key(|p| (p.y, p.x));
    cells.dedup();
    cells
}

/// How far the player's noises carry from where it stands, as far as it
/// can know: to the keenest ear among the kinds of the level's hostile
/// factions (the help lists them), over the map it knows (what it has not
/// seen counts as open; rock and shut doors damp as the game's rule
/// does). Brogue shows its stealth range so.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Carry {
    /// The kind with the keenest ear: "a jackal".
    pub ear: String,
    /// The cells where it would hear the player's step (none sneaking),
    /// sorted.
    pub step: Vec<Pos>,
    /// The cells where it would hear a fight there, sorted.
    pub fight: Vec<Pos>,
}

/// [`Carry`] for the player of `game` now; `None` when it is not playing
/// or nothing on the level hears.
pub fn carry(game: &Game) -> Option<Carry> {
    let floor = game.floor();
    let player = floor.player()?;
    let play = floor.play_state()?;
    let known = floor.factions()[player.faction()].knowledge();
    let (hearing, ear) = floor
        .factions()
        .iter()
        .enumerate()
        .filter(|&(f, _)| f != player.faction())
        .flat_map(|(_, faction)| {
            let spec = faction.spec();
            (0..spec.kinds.len())
                .filter(|&k| spec.kinds[k].behaviours.fights())
                .map(move |k| (spec.kinds[k].hearing, spec.a_one_of(k)))
        })
        .fold(None, |best: Option<(u32, String)>, (h, name)| match best {
            Some((b, _)) if b >= h => best,
            _ => Some((h, name)),
        })?;
    if hearing == 0 {
        return None;
    }
    let at = player.pos();
    let heard = |loudness: Loudness| {
        let r = noise::radius(hearing, loudness);
        let reach = NoiseReach::damped(|p| known_damping(known, p), at, r);
        let mut cells = Vec::new();
        around(at, r, |p| {
            if on_map(known, p) && reach.heard(p, hearing, loudness) {
                cells.push(p);
            }
        });
        cells
    };
    Some(Carry {
        ear,
        step: if play.sneaking {
            Vec::new()
        } else {
            heard(noise::FOOTSTEP)
        },
        fight: heard(noise::FIGHT),
    })
}

/// The steps a noise spends entering `p`, as the player knows the map:
/// unknown ground counts as open; off the map, none passes.
fn known_damping(known: &crate::fog::knowledge::Knowledge, p: Pos) -> Option<u32> {
    match known.belief(p) {
        _ if !on_map(known, p) => None,
        Some(t) => Some(noise::damping(t)),
        None => Some(noise::OPEN),
    }
}

fn on_map(known: &crate::fog::knowledge::Knowledge, p: Pos) -> bool {
    (0..known.width() as i32).contains(&p.x) && (0..known.height() as i32).contains(&p.y)
}

/// Every cell within `r` steps (a square) of `at`, in reading order.
fn around(at: Pos, r: u32, mut f: impl FnMut(Pos)) {
    let r = r as i32;
    for y in at.y - r..=at.y + r {
        for x in at.x - r..=at.x + r {
            f(Pos::new(x, y));
        }
    }
}

/// The cells the autopilot keeps out of under `care`, for the player at
/// `at`: row-major over the map, 0 where free, else one more than the
/// index in `why` of the first exclusion that covers it. A monster's
/// zone the player stands in is kept out of only where it is nearer the
/// monster than the player stands now, so the player may still leave it
/// (or, from an awake one's, go round at the same distance); the
/// player's own cell is never kept out of.
pub(super) struct Exclusions {
    pub mask: Vec<u16>,
    pub why: Vec<Exclusion>,
}

impl Exclusions {
    /// Works them out for `game` under `care`.
    pub(super) fn of(game: &Game, care: Care) -> Exclusions {
        let floor = game.floor();
        let mut out = Exclusions {
            mask: Vec::new(),
            why: Vec::new(),
        };
        let (Some(player), Some(play)) = (floor.player(), floor.play_state()) else {
            return out;
        };
        let known = floor.factions()[player.faction()].knowledge();
        let w = known.width();
        out.mask = vec![0; (w * known.height()) as usize];
        let at = player.pos();
        let now = floor.turn();
        let mark_cells = |cells: &[Pos], why: Exclusion, out: &mut Exclusions| {
            out.why.push(why);
            let k = out.why.len() as u16;
            for &p in cells {
                if p != at && on_map(known, p) && out.mask[p.row_major(w)] == 0 {
                    out.mask[p.row_major(w)] = k;
                }
            }
        };
        for s in floor.recall().sightings() {
            let minded = match s.seen {
                Seen::Asleep => care.sleepers,
                Seen::Awake | Seen::Fleeing => care.awake && s.turn + AWAKE_TURNS >= now,
                Seen::Harmless => false,
            };
            if !minded {
                continue;
            }
            let mut cells = senses(game, s, play.sneaking || care.sneak);
            // Inside: away from a sleeper (any step nearer, or round it,
            // may wake it), away or round an awake one.
            let round = s.seen != Seen::Asleep;
            way_out(&mut cells, at, s.at, round);
            mark_cells(&cells, Exclusion::Monster(s.id), &mut out);
        }
        if care.marks {
            for mark in floor.recall().marks() {
                let mut cells = marked(game, mark);
                way_out(&mut cells, at, mark.at, true);
                mark_cells(&cells, Exclusion::Marked(mark.at), &mut out);
            }
        }
        if care.doors {
            for &d in floor.recall().shut_doors() {
                mark_cells(&[d], Exclusion::Door(d), &mut out);
            }
        }
        out
    }

    /// True when none is kept out of.
    pub(super) fn is_empty(&self) -> bool {
        self.why.is_empty()
    }

    /// A row-major mask of the cells kept out of, all but those of
    /// exclusion `but` (an index into `why`), with the cells `avoid`
    /// besides.
    pub(super) fn mask(&self, but: Option<usize>, avoid: &[bool]) -> Vec<bool> {
        let skip = but.map(|k| k as u16 + 1);
        let mut out: Vec<bool> = self
            .mask
            .iter()
            .map(|&k| k != 0 && Some(k) != skip)
            .collect();
        for (i, &a) in avoid.iter().enumerate() {
            if a && i < out.len() {
                out[i] = true;
            }
        }
        out
    }
}

/// For a zone `cells` (sorted) round `centre` that the player at `at`
/// stands in: keeps out only of the cells nearer the centre than the
/// player is (or, `round` false, as near), so the player may leave it
/// (or go round at the same distance). A zone it is outside is kept.
fn way_out(cells: &mut Vec<Pos>, at: Pos, centre: Pos, round: bool) {
    if cells
        .binary_search_by_key(&(at.y, at.x), |p| (p.y, p.x))
        .is_ok()
    {
        let mine = nearness(at, centre) + u32::from(!round);
        cells.retain(|&p| nearness(p, centre) < mine);
    }
}

/// Steps between two cells (Chebyshev).
fn nearness(a: Pos, b: Pos) -> u32 {
    let (dx, dy) = a.abs_delta(b);
    dx.max(dy)
}
