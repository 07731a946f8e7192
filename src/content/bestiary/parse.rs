//! The bestiary's reader: blocks of `key: value` lines, each block a kind
//! starting at `kind:`. Every value is checked against its range, every
//! key is given once, every required key is there; an error is the
//! 1-based line and column of what is wrong, and what was expected.

use super::{DEPTHS, Kind};
use crate::content::behaviours::Behaviours;
use crate::content::blocks;
use crate::content::dice::Dice;
use crate::content::level::{
    MAX_HEARING, MAX_HP, MAX_SIGHT, MAX_SKILL, MAX_SPEED, MAX_UNKNOWN, MAX_VOICE, Voice, is_verb,
};
use crate::content::textfile::clip;

/// Largest bestiary file read.
pub const MAX_BESTIARY_BYTES: u64 = 1024 * 1024;
/// Most kinds in a bestiary.
pub const MAX_KINDS: usize = 64;
/// Most monsters in one pack.
const MAX_PACK: u64 = 20;
/// Longest name, and longest `about` line (it fits the look box).
const MAX_NAME: usize = 24;
const MAX_ABOUT: usize = 60;
/// Most of a bad value echoed in an error.
const ECHO: usize = 40;

/// A line, column and message.
type Error = (usize, usize, String);

/// The keys of a kind, in the order the documentation gives them.
const KEYS: [&str; 18] = [
    "kind",
    "plural",
    "glyph",
    "faction",
    "depths",
    "hp",
    "accuracy",
    "defence",
    "damage",
    "speed",
    "sight",
    "hearing",
    "unknown",
    "doors",
    "pack",
    "behaviours",
    "voice",
    "about",
];
/// Keys a kind may leave out.
const OPTIONAL: [&str; 3] = ["behaviours", "voice", "about"];

/// A kind as read: each key's value (see [`blocks::Field`]).
struct Draft {
    line: usize,
    values: Vec<Option<blocks::Field>>,
}

/// Reads a whole bestiary.
pub(super) fn parse(text: &str, known: &dyn Fn(&str) -> bool) -> Result<Vec<Kind>, Error> {
    let names = blocks::Names {
        one: "a kind",
        many: "kinds",
        file: "a bestiary",
    };
    blocks::read(text, &KEYS, MAX_KINDS, &names, |b, earlier| {
        Draft {
            line: b.line,
            values: b.values,
        }
        .finish(earlier, known)
    })
}

impl Draft {
    /// The kind, every key checked; `earlier` for names and glyphs taken.
    fn finish(self, earlier: &[Kind], known: &dyn Fn(&str) -> bool) -> Result<Kind, Error> {
        let get = |key: &str| -> Result<(usize, usize, &str), Error> {
            let k = KEYS.iter().position(|&known| known == key).unwrap_or(0);
            match &self.values[k] {
                Some((n, _, c, v)) => Ok((*n, *c, v.as_str())),
                None => Err((self.line, 1, format!("this kind has no `{key}:`"))),
            }
        };
        let number = |key: &str, min: u64, max: u64| -> Result<u64, Error> {
            let (n, c, v) = get(key)?;
            v.parse::<u64>()
                .ok()
                .filter(|x| (min..=max).contains(x))
                .ok_or_else(|| {
                    (
                        n,
                        c,
                        format!(
                            "{key} must be a whole number from {min} to {max}, found {:?}",
                            clip(v, ECHO)
                        ),
                    )
                })
        };
        let range = |key: &str, min: u64, max: u64| -> Result<(u32, u32), Error> {
            let (n, c, v) = get(key)?;
            let bad = || {
                (
                    n,
                    c,
                    format!(
                        "{key} must be FIRST-LAST, each from {min} to {max}, found {:?}",
                        clip(v, ECHO)
                    ),
                )
            };
            let (a, b) = v.split_once('-').ok_or_else(bad)?;
            let (a, b) = (
                a.parse::<u64>().map_err(|_| bad())?,
                b.parse::<u64>().map_err(|_| bad())?,
            );
            if a > b || a < min || b > max {
                return Err(bad());
            }
            Ok((a as u32, b as u32))
        };
        let word = |key: &str| -> Result<String, Error> {
            let (n, c, v) = get(key)?;
            let ok = !v.is_empty()
                && v.len() <= MAX_NAME
                && v.bytes().all(|b| b.is_ascii_lowercase() || b == b'-');
            ok.then(|| v.to_string()).ok_or_else(|| {
                (n, c, format!("{key} must be one lower-case word of at most {MAX_NAME} letters, found {:?}", clip(v, ECHO)))
            })
        };
        let name = word("kind")?;
        if let Some(k) = earlier.iter().find(|k| k.name == name) {
            let (n, c, _) = get("kind")?;
            return Err((n, c, format!("kind {} is given twice", k.name)));
        }
        let glyph = {
            let (n, c, v) = get("glyph")?;
            let mut chars = v.chars();
            let g = match (chars.next(), chars.next()) {
                (Some(g), None) if g.is_ascii_alphabetic() => g,
                _ => {
                    return Err((
                        n,
                        c,
                        format!("glyph must be one ASCII letter, found {:?}", clip(v, ECHO)),
                    ));
                }
            };
            if let Some(k) = earlier.iter().find(|k| k.glyph == g) {
                return Err((n, c, format!("glyph {g:?} is already the {}'s", k.name)));
            }
            g
        };
        let damage = {
            let (n, c, v) = get("damage")?;
            Dice::parse(v).map_err(|m| (n, c, format!("damage: {}", clip(&m, 2 * ECHO))))?
        };
        let opens_doors = match get("doors")? {
            (_, _, "opens") => true,
            (_, _, "cannot") => false,
            (n, c, v) => {
                return Err((
                    n,
                    c,
                    format!("doors must be opens or cannot, found {:?}", clip(v, ECHO)),
                ));
            }
        };
        let behaviours = match get("behaviours") {
            Err(_) => Behaviours::default(),
            Ok((n, c, v)) => Behaviours::parse(v, known).map_err(|m| (n, c, m))?,
        };
        // `voice: VERB LOUDNESS`: how a kind that cries cries out.
        let voice = match get("voice") {
            Err(_) => Voice::default(),
            Ok((n, c, _)) if !behaviours.cries() => {
                return Err((
                    n,
                    c,
                    "a voice is for a kind that cries: add cry to its behaviours".to_string(),
                ));
            }
            Ok((n, c, v)) => {
                let bad = || {
                    (
                        n,
                        c,
                        format!(
                            "voice must be a verb (one lower-case word) and a loudness from 1 to {MAX_VOICE} (voice: shrieks 150), found {:?}",
                            clip(v, ECHO)
                        ),
                    )
                };
                let (verb, loudness) = v.rsplit_once(' ').ok_or_else(bad)?;
                let verb = verb.trim_end();
                let loudness = loudness
                    .parse::<u64>()
                    .ok()
                    .filter(|l| (1..=MAX_VOICE).contains(l))
                    .ok_or_else(bad)?;
                if !is_verb(verb) {
                    return Err(bad());
                }
                Voice {
                    verb: verb.to_string(),
                    loudness: loudness as u32,
                }
            }
        };
        let about = match get("about") {
            Err(_) => String::new(),
            Ok((n, c, v)) if v.chars().count() > MAX_ABOUT || v.chars().any(char::is_control) => {
                return Err((
                    n,
                    c,
                    format!("about must be one line of at most {MAX_ABOUT} characters"),
                ));
            }
            Ok((_, _, v)) => v.to_string(),
        };
        for key in OPTIONAL {
            debug_assert!(KEYS.contains(&key));
        }
        let kind = Kind {
            plural: word("plural")?,
            faction: word("faction")?,
            depths: range("depths", 1, DEPTHS as u64)?,
            hp: number("hp", 1, MAX_HP)? as i32,
            accuracy: number("accuracy", 0, MAX_SKILL)? as u32,
            defence: number("defence", 0, MAX_SKILL)? as u32,
            speed: number("speed", 1, MAX_SPEED as u64)? as u32,
            sight: number("sight", 0, MAX_SIGHT as u64)? as u32,
            hearing: number("hearing", 0, MAX_HEARING)? as u32,
            unknown: number("unknown", 1, MAX_UNKNOWN)?,
            pack: range("pack", 1, MAX_PACK)?,
            name,
            glyph,
            damage,
            opens_doors,
            behaviours,
            voice,
            about,
        };
        // Kinds of one faction share its knowledge of the map, so what
        // that one knowledge holds is the faction's, not each kind's: how
        // it prices the unknown, and whether doors are walls to it.
        if let Some(k) = earlier.iter().find(|k| {
            k.faction == kind.faction
                && (k.unknown, k.opens_doors) != (kind.unknown, kind.opens_doors)
        }) {
            let (key, differs) = if k.unknown != kind.unknown {
                ("unknown", format!("unknown: {}", k.unknown))
            } else {
                (
                    "doors",
                    format!("doors: {}", if k.opens_doors { "opens" } else { "cannot" }),
                )
            };
            let (n, c, _) = get(key)?;
            return Err((
                n,
                c,
                format!(
                    "the {} is of the faction {} too, which has {differs}: kinds of one faction share its knowledge of the map, so they share unknown and doors",
                    k.name, k.faction
                ),
            ));
        }
        Ok(kind)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOBLIN: &str = "kind: goblin\nplural: goblins\nglyph: g\nfaction: goblins\ndepths: 1-5\nhp: 6\naccuracy: 70\ndefence: 10\ndamage: 1d4+1\nspeed: 100\nsight: 6\nhearing: 8\nunknown: 2\ndoors: opens\npack: 1-3\n";

    fn error(text: &str) -> Error {
        parse(text, &builtin).expect_err("should not read")
    }

    #[test]
    fn a_kind_reads_with_its_defaults() {
        let kinds = parse(GOBLIN, &builtin).unwrap();
        assert_eq!(kinds.len(), 1);
        let g = &kinds[0];
        assert_eq!(
            (g.name.as_str(), g.plural.as_str(), g.glyph),
            ("goblin", "goblins", 'g')
        );
        assert_eq!(
            (g.depths, g.pack, g.damage),
            ((1, 5), (1, 3), Dice::new(1, 4, 1))
        );
        assert_eq!(g.behaviours, Behaviours::default());
        assert!(g.opens_doors && g.about.is_empty());
    }

    /// Each mistake names its line and column exactly.
    #[test]
    fn errors_name_the_line_and_column() {
        assert_eq!(error("").0, 1);
        let e = error("plural: x\n");
        assert_eq!((e.0, e.1), (1, 1));
        let e = error(&GOBLIN.replace("hp: 6", "hp: 0"));
        assert_eq!((e.0, e.1), (6, 5), "{}", e.2);
        assert!(
            e.2.contains("hp must be a whole number from 1 to 1000"),
            "{}",
            e.2
        );
        let e = error(&GOBLIN.replace("damage: 1d4+1", "damage:   4d"));
        assert_eq!((e.0, e.1), (9, 11), "{}", e.2);
        let e = error(&GOBLIN.replace("depths: 1-5", "depths: 5-1"));
        assert_eq!((e.0, e.1), (5, 9));
        let e = error(&GOBLIN.replace("doors: opens", "doors: kicks"));
        assert_eq!(e.0, 14);
        let e = error(&GOBLIN.replace("pack: 1-3\n", ""));
        assert_eq!((e.0, e.1), (1, 1));
        assert!(e.2.contains("no `pack:`"), "{}", e.2);
        let e = error(&format!("{GOBLIN}  colour: red\n"));
        assert_eq!((e.0, e.1), (16, 3));
        let e = error(&format!("{GOBLIN}hp: 7\n"));
        assert!(e.2.contains("given twice (first on line 6)"), "{}", e.2);
        let twice = format!("{GOBLIN}\n{}", GOBLIN.replace("glyph: g", "glyph: h"));
        assert_eq!(error(&twice).0, 17);
        let same_glyph = format!("{GOBLIN}\n{}", GOBLIN.replace("kind: goblin", "kind: hob"));
        let e = error(&same_glyph);
        assert_eq!(e.0, 19);
        assert!(e.2.contains("already the goblin's"), "{}", e.2);
        let e = error(&format!("{GOBLIN}behaviours: flee, dances\n"));
        assert!(
            e.2.contains("dances") && e.2.contains("known: asleep"),
            "{}",
            e.2
        );
        let e = error(&format!("{GOBLIN}behaviours: hunt melee hunt\n"));
        assert!(e.2.contains("twice"), "{}", e.2);
        // Two kinds of one faction: their numbers may differ, not what
        // the faction's one knowledge holds.
        let scout = GOBLIN
            .replace("kind: goblin", "kind: hob")
            .replace("glyph: g", "glyph: h")
            .replace("sight: 6", "sight: 9")
            .replace("hp: 6", "hp: 3");
        assert_eq!(
            parse(&format!("{GOBLIN}\n{scout}"), &builtin)
                .unwrap()
                .len(),
            2
        );
        let reckless = scout.replace("unknown: 2", "unknown: 1");
        let e = error(&format!("{GOBLIN}\n{reckless}"));
        assert_eq!((e.0, e.1), (29, 10));
        assert!(
            e.2.contains("share unknown and doors") && e.2.contains("unknown: 2"),
            "{}",
            e.2
        );
        let doorless = scout.replace("doors: opens", "doors: cannot");
        let e = error(&format!("{GOBLIN}\n{doorless}"));
        assert_eq!((e.0, e.1), (30, 8));
        let other = reckless.replace("faction: goblins", "faction: hobs");
        assert!(parse(&format!("{GOBLIN}\n{other}"), &builtin).is_ok());
        let e = error(&GOBLIN.replace("kind: goblin", "kind: Goblin"));
        assert_eq!((e.0, e.1), (1, 7));
    }

    fn builtin(name: &str) -> bool {
        crate::content::behaviours::BUILTIN.contains(&name)
    }

    /// Behaviours keep the order they are written in (the first says
    /// first); a name the caller knows reads, others do not.
    #[test]
    fn behaviours_keep_their_order() {
        let kinds = parse(
            &format!("{GOBLIN}behaviours: asleep, hunt melee\n"),
            &builtin,
        )
        .unwrap();
        let names: Vec<&str> = kinds[0].behaviours.names().collect();
        assert_eq!(names, ["asleep", "hunt", "melee"]);
        let none = parse(&format!("{GOBLIN}behaviours: none\n"), &builtin).unwrap();
        assert_eq!(none[0].behaviours, Behaviours::default());
        let dance = format!("{GOBLIN}behaviours: dance melee\n");
        assert!(parse(&dance, &builtin).is_err());
        assert!(parse(&dance, &|n| n == "dance" || builtin(n)).is_ok());
    }
}
