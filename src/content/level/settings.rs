//! A level's settings lines: a `faction:` line (the faction's settings
//! and its first kind's) and a `kind:` line (one more kind of a faction),
//! each word checked and placed: an error is the offset in the line's
//! value and what is wrong.

use super::parse::{
    MAX_DANGER_WEIGHT, MAX_HEARING, MAX_HP, MAX_SIGHT, MAX_SKILL, MAX_SPEED, MAX_UNKNOWN, MAX_VOICE,
};
use super::{FactionSpec, KindSpec, MAX_VERB, is_verb};
use crate::content::behaviours::Behaviours;
use crate::content::bestiary::Bestiary;
use crate::content::dice::Dice;
use crate::content::textfile::{ECHO, clip, escape_controls};
use crate::path::Replanner;

/// A faction's line: its name, then its settings and its first kind's.
pub(super) fn faction(
    value: &str,
    earlier: &[FactionSpec],
) -> Result<FactionSpec, (usize, String)> {
    let mut words = value
        .split_whitespace()
        .map(|w| (w.as_ptr() as usize - value.as_ptr() as usize, w));
    let Some((_, name)) = words.next() else {
        return Err((0, "a faction needs a name".into()));
    };
    // Shown on terminals, as level names are.
    let name = escape_controls(name);
    if earlier.iter().any(|f| f.name == name) {
        return Err((0, format!("faction {:?} declared twice", clip(&name, ECHO))));
    }
    let mut spec = FactionSpec::new(&name, '\0');
    let mut kind = KindDraft::default();
    for (at, word) in words {
        let bad = |m: String| (at, m);
        if word == "knows-map" {
            spec.knows_map = true;
            continue;
        }
        if word == "no-doors" {
            spec.opens_doors = false;
            continue;
        }
        if kind.flag(word) {
            continue;
        }
        let Some((key, v)) = word.split_once('=') else {
            return Err(bad(format!(
                "expected key=value or knows-map, found {:?}",
                clip(word, ECHO)
            )));
        };
        match key {
            "unknown" => spec.unknown_factor = number(key, v, MAX_UNKNOWN, 1).map_err(bad)?,
            "danger" => {
                spec.danger = number(key, v, MAX_DANGER_WEIGHT as u64, 0).map_err(bad)? as u32
            }
            "planner" => {
                spec.planner = match v {
                    "astar" => Replanner::AStar,
                    "dstar" => Replanner::DStarLite,
                    "field" => Replanner::Field,
                    _ => {
                        return Err(bad(format!(
                            "planner must be field, astar or dstar, found {:?}",
                            clip(v, ECHO)
                        )));
                    }
                }
            }
            "kind" => {
                // Every number of the bestiary's kind, and what of it is
                // the faction's; settings after it still change them.
                let k = bestiary_kind(v).map_err(bad)?;
                spec.take_kind(&k);
            }
            "goal" => {
                let mut chars = v.chars();
                match (chars.next(), chars.next()) {
                    (Some(c), None) if c.is_ascii_digit() => spec.goal_label = Some(c),
                    _ => {
                        return Err(bad(format!(
                            "goal must be one digit, found {:?}",
                            clip(v, ECHO)
                        )));
                    }
                }
            }
            _ => {
                if !kind.setting(&mut spec.kinds[0], at, key, v, earlier)? {
                    return Err(bad(format!(
                        "unknown setting {:?} (expected glyph, one, kind, sight, planner, unknown, speed, danger, hearing, voice, hp, accuracy, defence, damage, goal, behaviours, knows-map, hostile, sleeps, flees, no-doors or wanders)",
                        clip(key, ECHO)
                    )));
                }
            }
        }
    }
    if spec.glyph() == '\0' {
        return Err((0, format!("faction {name} needs glyph=LETTER")));
    }
    kind.finish(&mut spec.kinds[0])?;
    Ok(spec)
}

/// A `kind:` line: one more kind of an earlier faction, `NAME of=FACTION
/// glyph=LETTER` and the settings a kind has (sight, speed, hearing,
/// hp, accuracy, defence, damage, behaviours or its flags, a bestiary
/// `kind=`). How the faction prices the unknown and whether it opens
/// doors are the faction's: a bestiary kind that says otherwise is
/// refused.
pub(super) fn extra_kind(value: &str, factions: &mut [FactionSpec]) -> Result<(), (usize, String)> {
    let mut words = value
        .split_whitespace()
        .map(|w| (w.as_ptr() as usize - value.as_ptr() as usize, w));
    let Some((_, name)) = words.next() else {
        return Err((
            0,
            "a kind needs a name (the name of one: kind: scout of=goblins glyph=s)".into(),
        ));
    };
    let mut kind = KindSpec::new('\0');
    kind.one = Some(escape_controls(name).into_owned());
    let mut draft = KindDraft::default();
    let mut of = None;
    for (at, word) in words {
        let bad = |m: String| (at, m);
        if draft.flag(word) {
            continue;
        }
        let Some((key, v)) = word.split_once('=') else {
            return Err(bad(format!(
                "expected key=value, found {:?}",
                clip(word, ECHO)
            )));
        };
        match key {
            "of" => {
                let Some(f) = factions.iter().position(|f| f.name == v) else {
                    return Err(bad(format!(
                        "of= must name a faction declared above, found {:?}",
                        clip(v, ECHO)
                    )));
                };
                of = Some(f);
            }
            "kind" => {
                let k = bestiary_kind(v).map_err(bad)?;
                let Some(f) = of.map(|f| &factions[f]) else {
                    return Err(bad(
                        "of= comes before kind= (its faction decides what is shared)".into(),
                    ));
                };
                if (k.unknown, k.opens_doors) != (f.unknown_factor, f.opens_doors) {
                    return Err(bad(format!(
                        "the {} prices the unknown at {} and {} doors, but faction {} at {} and {} them: one knowledge serves a faction's kinds, so these are the faction's",
                        k.name,
                        k.unknown,
                        if k.opens_doors {
                            "opens"
                        } else {
                            "cannot open"
                        },
                        f.name,
                        f.unknown_factor,
                        if f.opens_doors {
                            "opens"
                        } else {
                            "cannot open"
                        },
                    )));
                }
                let one = kind.one.clone();
                kind.take_kind(&k);
                kind.one = one;
            }
            "unknown" | "planner" | "danger" | "goal" | "knows-map" | "no-doors" => {
                return Err(bad(format!(
                    "{key} is the faction's: set it on its faction: line"
                )));
            }
            _ => {
                if !draft.setting(&mut kind, at, key, v, factions)? {
                    return Err(bad(format!(
                        "unknown setting {:?} for a kind (expected of, glyph, kind, sight, speed, hearing, voice, hp, accuracy, defence, damage, behaviours, hostile, sleeps, flees or wanders)",
                        clip(key, ECHO)
                    )));
                }
            }
        }
    }
    let Some(f) = of else {
        return Err((0, format!("kind {name} needs of=FACTION")));
    };
    if kind.glyph == '\0' {
        return Err((0, format!("kind {name} needs glyph=LETTER")));
    }
    draft.finish(&mut kind)?;
    if factions[f].kinds.len() == MAX_KINDS {
        return Err((0, format!("at most {MAX_KINDS} kinds a faction")));
    }
    factions[f].kinds.push(kind);
    Ok(())
}

/// Most kinds one faction holds.
pub const MAX_KINDS: usize = 16;

/// A whole number from `min` to `max` for setting `key`.
fn number(key: &str, v: &str, max: u64, min: u64) -> Result<u64, String> {
    v.parse::<u64>()
        .ok()
        .filter(|n| (min..=max).contains(n))
        .ok_or_else(|| {
            format!(
                "{key} must be a whole number from {min} to {max}, found {:?}",
                clip(v, ECHO)
            )
        })
}

/// The bestiary's kind named `v`.
fn bestiary_kind(v: &str) -> Result<crate::content::bestiary::Kind, String> {
    let bestiary = Bestiary::builtin();
    let Some(k) = bestiary.kind(v) else {
        let known: Vec<&str> = bestiary.kinds().iter().map(|k| k.name.as_str()).collect();
        return Err(format!(
            "no kind {:?} in the bestiary (it has {})",
            clip(v, ECHO),
            known.join(", ")
        ));
    };
    Ok(k.clone())
}

/// A kind's behaviours as its line gives them: the flags `(sleeps, flees,
/// hostile, wanders)`, and where `behaviours=` was.
#[derive(Default)]
struct KindDraft {
    flags: (bool, bool, bool, bool),
    listed: Option<usize>,
}

impl KindDraft {
    /// True when `word` is one of the flags.
    fn flag(&mut self, word: &str) -> bool {
        match word {
            "sleeps" => self.flags.0 = true,
            "flees" => self.flags.1 = true,
            "hostile" => self.flags.2 = true,
            "wanders" => self.flags.3 = true,
            _ => return false,
        }
        true
    }

    /// Reads the kind's setting `key=v` at offset `at` into `kind`; false
    /// if it is none of a kind's. Glyphs are unique over `earlier`
    /// factions' kinds.
    fn setting(
        &mut self,
        kind: &mut KindSpec,
        at: usize,
        key: &str,
        v: &str,
        earlier: &[FactionSpec],
    ) -> Result<bool, (usize, String)> {
        let bad = |m: String| (at, m);
        let n = |max: u64, min: u64| number(key, v, max, min).map_err(bad);
        match key {
            "glyph" => {
                let mut chars = v.chars();
                let (Some(c), None) = (chars.next(), chars.next()) else {
                    return Err(bad(format!(
                        "glyph must be one letter, found {:?}",
                        clip(v, ECHO)
                    )));
                };
                if !c.is_ascii_alphabetic() {
                    return Err(bad(format!("glyph must be an ASCII letter, found {c:?}")));
                }
                if let Some(f) = earlier
                    .iter()
                    .find(|f| f.kinds.iter().any(|k| k.glyph == c))
                {
                    return Err(bad(format!(
                        "glyph {c:?} is already faction {}'s",
                        clip(&f.name, ECHO)
                    )));
                }
                kind.glyph = c;
            }
            "sight" => kind.sight = n(MAX_SIGHT as u64, 0)? as u32,
            "speed" => kind.speed = n(MAX_SPEED as u64, 1)? as u32,
            "hp" => kind.hp = n(MAX_HP, 1)? as i32,
            "hearing" => kind.hearing = n(MAX_HEARING, 0)? as u32,
            "voice" => {
                // `voice=LOUDNESS`, or `voice=VERB:LOUDNESS` (the word the
                // log says of its cry: "shrieks").
                let (verb, loud) = match v.split_once(':') {
                    Some((verb, loud)) => (Some(verb), loud),
                    None => (None, v),
                };
                let loudness = loud
                    .parse::<u64>()
                    .ok()
                    .filter(|l| (1..=MAX_VOICE).contains(l))
                    .ok_or_else(|| {
                        bad(format!(
                            "voice must be LOUDNESS or VERB:LOUDNESS, a loudness from 1 to {MAX_VOICE} (voice=shrieks:150), found {:?}",
                            clip(v, ECHO)
                        ))
                    })?;
                if let Some(verb) = verb {
                    if !is_verb(verb) {
                        return Err(bad(format!(
                            "a voice's verb must be one lower-case word of at most {MAX_VERB} letters, found {:?}",
                            clip(verb, ECHO)
                        )));
                    }
                    kind.voice.verb = verb.to_string();
                }
                kind.voice.loudness = loudness as u32;
            }
            "accuracy" => kind.accuracy = n(MAX_SKILL, 0)? as u32,
            "defence" => kind.defence = n(MAX_SKILL, 0)? as u32,
            "damage" => {
                kind.damage =
                    Dice::parse(v).map_err(|m| bad(format!("damage: {}", clip(&m, 2 * ECHO))))?
            }
            "behaviours" => {
                let known = |n: &str| crate::content::behaviours::BUILTIN.contains(&n);
                kind.behaviours = Behaviours::parse(v, &known).map_err(bad)?;
                self.listed = Some(at);
            }
            "one" => {
                // One word, shown on terminals as the name is.
                if v.is_empty() {
                    return Err(bad("one must name one of the faction (one=goblin)".into()));
                }
                kind.one = Some(escape_controls(v).into_owned());
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// The flags, added to the kind's behaviours in the flags' order (a
    /// bestiary kind's, say); never with `behaviours=`.
    fn finish(self, kind: &mut KindSpec) -> Result<(), (usize, String)> {
        let flags = self.flags;
        if flags == (false, false, false, false) {
            return Ok(());
        }
        if let Some(at) = self.listed {
            return Err((
                at,
                "give behaviours= or the flags sleeps, flees, hostile and wanders, not both".into(),
            ));
        }
        let b = &kind.behaviours;
        kind.behaviours = Behaviours::from_flags(
            flags.0 || b.sleeps(),
            flags.1 || b.flees(),
            flags.2 || b.hunts(),
            flags.3 || b.wanders(),
        );
        Ok(())
    }
}
