//! The item book's reader: blocks of `key: value` lines, each block an
//! item starting at `item:`. Every value is checked against its range,
//! every key is given once, every required key is there and no key its
//! effect does not take; an error is the 1-based line and column of what
//! is wrong, and what was expected.

use super::{Depths, Effect, Heal, ItemDef, Lot};
use crate::content::bestiary::DEPTHS;
use crate::content::blocks;
use crate::content::dice::Dice;
use crate::content::level::{MAX_HP, MAX_SIGHT, MAX_SKILL};
use crate::content::textfile::clip;
use crate::map::terrain::Terrain;

/// Largest item book file read.
pub const MAX_ITEMS_BYTES: u64 = 1024 * 1024;
/// Most items in a book.
pub const MAX_ITEMS: usize = 64;
/// Loudest noise, in percent of a fight's.
const MAX_LOUDNESS: u64 = 1000;
/// Longest darkness, in turns.
const MAX_TURNS: u64 = 1000;
/// Most items in a bundle.
const MAX_BUNDLE: u64 = 20;
/// Highest lot number.
const MAX_LOT: u64 = 99;
/// Longest word, and longest name.
const MAX_WORD: usize = 24;
const MAX_NAME: usize = 32;
/// Most of a bad value echoed in an error.
const ECHO: usize = 40;
/// Glyphs the map draws with besides its terrain's: the stairs, the
/// Darkstar, the player, a plan.
const MAP_GLYPHS: [char; 5] = ['<', '>', '$', '@', '*'];

/// A line, column and message.
type Error = (usize, usize, String);

/// The keys of an item, in the order the documentation gives them.
const KEYS: [&str; 14] = [
    "item", "name", "plural", "glyph", "effect", "heal", "loudness", "range", "radius", "turns",
    "damage", "defence", "bundle", "found",
];
/// The keys that give an effect its numbers: each effect takes some.
const EFFECT_KEYS: [&str; 7] = [
    "heal", "loudness", "range", "radius", "turns", "damage", "defence",
];

/// The keys the effect `word` takes, or `None` for no such effect.
fn takes(word: &str) -> Option<&'static [&'static str]> {
    Some(match word {
        "heal" => &["heal"],
        "map" | "collapse" | "teleport" => &[],
        "noise" => &["loudness", "range"],
        "darkness" => &["radius", "turns"],
        "missile" => &["damage", "range"],
        "armour" => &["defence"],
        "weapon" => &["damage"],
        _ => return None,
    })
}

/// An item as read: each key's value (see [`blocks::Field`]).
struct Draft {
    line: usize,
    values: Vec<Option<blocks::Field>>,
}

/// Reads a whole item book.
pub(super) fn parse(text: &str) -> Result<Vec<ItemDef>, Error> {
    let names = blocks::Names {
        one: "an item",
        many: "items",
        file: "an item book",
    };
    blocks::read(text, &KEYS, MAX_ITEMS, &names, |b, earlier| {
        Draft {
            line: b.line,
            values: b.values,
        }
        .finish(earlier)
    })
}

impl Draft {
    /// The item, every key checked; `earlier` for words taken.
    fn finish(self, earlier: &[ItemDef]) -> Result<ItemDef, Error> {
        // A key's line, the value's column and the value.
        let given = |key: &str| -> Option<(usize, usize, &str)> {
            let k = KEYS.iter().position(|&known| known == key)?;
            self.values[k]
                .as_ref()
                .map(|(n, _, c, v)| (*n, *c, v.as_str()))
        };
        let key_column = |key: &str| -> usize {
            let k = KEYS.iter().position(|&known| known == key);
            k.and_then(|k| self.values[k].as_ref()).map_or(1, |v| v.1)
        };
        let get = |key: &str| -> Result<(usize, usize, &str), Error> {
            given(key).ok_or_else(|| (self.line, 1, format!("this item has no `{key}:`")))
        };
        let number = |key: &str, min: u64, max: u64| -> Result<u64, Error> {
            let (n, c, v) = get(key)?;
            whole(v, min, max).ok_or_else(|| {
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
        let dice = |key: &str| -> Result<Dice, Error> {
            let (n, c, v) = get(key)?;
            Dice::parse(v).map_err(|m| (n, c, format!("{key}: {}", clip(&m, 2 * ECHO))))
        };
        let word = {
            let (n, c, v) = get("item")?;
            if !is_word(v) {
                return Err((
                    n,
                    c,
                    format!(
                        "item must be one lower-case word (letters and -) of at most {MAX_WORD} letters, found {:?}",
                        clip(v, ECHO)
                    ),
                ));
            }
            if earlier.iter().any(|d| d.word == v) {
                return Err((n, c, format!("item {v} is given twice")));
            }
            v.to_string()
        };
        let name = match get("name")? {
            (n, c, v)
                if v.is_empty()
                    || v.chars().count() > MAX_NAME
                    || v.chars().any(char::is_control) =>
            {
                return Err((
                    n,
                    c,
                    format!("name must be one line of 1 to {MAX_NAME} characters"),
                ));
            }
            (_, _, v) => v.to_string(),
        };
        // Several at once ("3 darts"): given, or the name without its
        // article with an s.
        let plural = match given("plural") {
            Some((n, c, v))
                if v.is_empty()
                    || v.chars().count() > MAX_NAME
                    || v.chars().any(char::is_control) =>
            {
                return Err((
                    n,
                    c,
                    format!("plural must be one line of 1 to {MAX_NAME} characters"),
                ));
            }
            Some((_, _, v)) => v.to_string(),
            None => {
                let bare = ["a ", "an "]
                    .iter()
                    .find_map(|a| name.strip_prefix(a))
                    .unwrap_or(&name);
                format!("{bare}s")
            }
        };
        let glyph = {
            let (n, c, v) = get("glyph")?;
            let mut chars = v.chars();
            match (chars.next(), chars.next()) {
                (Some(g), None)
                    if g.is_ascii_punctuation()
                        && !MAP_GLYPHS.contains(&g)
                        && Terrain::from_glyph(g).is_none() =>
                {
                    g
                }
                _ => {
                    return Err((
                        n,
                        c,
                        format!(
                            "glyph must be one ASCII punctuation character the map does not draw with (not . = : , ~ + # ' < > $ @ *), found {:?}",
                            clip(v, ECHO)
                        ),
                    ));
                }
            }
        };
        let (en, ec, ev) = get("effect")?;
        let Some(keys) = takes(ev) else {
            return Err((
                en,
                ec,
                format!(
                    "effect must be one of {}, found {:?}",
                    Effect::WORDS.join(", "),
                    clip(ev, ECHO)
                ),
            ));
        };
        // Every key of another effect is a mistake (said first: it is the
        // more telling one); every key of this one is needed.
        for key in EFFECT_KEYS.iter().filter(|k| !keys.contains(k)) {
            if let Some((n, _, _)) = given(key) {
                let wants = match keys {
                    [] => "no numbers".to_string(),
                    keys => keys.join(" and "),
                };
                return Err((
                    n,
                    key_column(key),
                    format!("{key} is not for an item of effect {ev} (it takes {wants})"),
                ));
            }
        }
        if let Some(key) = keys.iter().find(|k| given(k).is_none()) {
            return Err((
                self.line,
                1,
                format!("this item has no `{key}:` (effect {ev} needs it)"),
            ));
        }
        let range = || number("range", 1, MAX_SIGHT as u64).map(|r| r as u32);
        let effect = match ev {
            "heal" => Effect::Heal(match get("heal")? {
                (_, _, "full") => Heal::Full,
                (n, c, v) => Heal::By(whole(v, 1, MAX_HP).ok_or_else(|| {
                    (
                        n,
                        c,
                        format!(
                            "heal must be full or a whole number from 1 to {MAX_HP}, found {:?}",
                            clip(v, ECHO)
                        ),
                    )
                })? as u32),
            }),
            "map" => Effect::Map,
            "noise" => Effect::Noise {
                loudness: number("loudness", 1, MAX_LOUDNESS)? as u32,
                range: range()?,
            },
            "collapse" => Effect::Collapse,
            "teleport" => Effect::Teleport,
            "darkness" => Effect::Darkness {
                radius: number("radius", 1, MAX_SIGHT as u64)? as u32,
                turns: number("turns", 1, MAX_TURNS)? as u32,
            },
            "missile" => Effect::Missile {
                damage: dice("damage")?,
                range: range()?,
            },
            "armour" => Effect::Armour {
                defence: number("defence", 0, MAX_SKILL)? as u32,
            },
            _ => Effect::Weapon {
                damage: dice("damage")?,
            },
        };
        let bundle = match given("bundle") {
            None => 1,
            Some(_) => number("bundle", 1, MAX_BUNDLE)? as u32,
        };
        let found = match given("found") {
            None => Vec::new(),
            Some((n, c, v)) => lots(v).map_err(|(at, m)| (n, c + at, m))?,
        };
        Ok(ItemDef {
            index: earlier.len(),
            word,
            name,
            plural,
            glyph,
            effect,
            bundle,
            found,
        })
    }
}

/// `v` as a whole number from `min` to `max`.
fn whole(v: &str, min: u64, max: u64) -> Option<u64> {
    v.parse::<u64>().ok().filter(|x| (min..=max).contains(x))
}

/// One lower-case word: letters and `-`, not too long.
fn is_word(v: &str) -> bool {
    !v.is_empty() && v.len() <= MAX_WORD && v.bytes().all(|b| b.is_ascii_lowercase() || b == b'-')
}

/// The lots of a `found:` value; an error is the offset of the lot in
/// the value (in characters) and what is wrong.
fn lots(v: &str) -> Result<Vec<Lot>, (usize, String)> {
    let mut found = Vec::new();
    let mut start = 0;
    for part in v.split(';') {
        let at = start + part.chars().count() - part.trim_start().chars().count();
        start += part.chars().count() + 1;
        found.push(lot(part.trim()).map_err(|m| (at, m))?);
    }
    Ok(found)
}

/// `lot N on DEPTHS` or `lot N on DEPTHS, one of GROUP`.
fn lot(text: &str) -> Result<Lot, String> {
    let bad = || {
        format!(
            "a lot must be `lot N on DEPTHS` or `lot N on DEPTHS, one of GROUP` (DEPTHS: every depth, even depths, odd depths, depth D or depths FIRST-LAST), found {:?}",
            clip(text, ECHO)
        )
    };
    let (main, group) = match text.split_once(',') {
        Some((main, group)) => (main, Some(group)),
        None => (text, None),
    };
    let words: Vec<&str> = main.split_whitespace().collect();
    let ["lot", number, "on", depths @ ..] = words.as_slice() else {
        return Err(bad());
    };
    let number = whole(number, 1, MAX_LOT).ok_or_else(|| {
        format!(
            "a lot's number must be a whole number from 1 to {MAX_LOT}, found {:?}",
            clip(number, ECHO)
        )
    })? as u32;
    let depth = |d: &str| {
        whole(d, 1, DEPTHS as u64).map(|d| d as u32).ok_or_else(|| {
            format!(
                "a depth must be a whole number from 1 to {DEPTHS}, found {:?}",
                clip(d, ECHO)
            )
        })
    };
    let depths = match depths {
        ["every", "depth"] => Depths::Every,
        ["even", "depths"] => Depths::Even,
        ["odd", "depths"] => Depths::Odd,
        ["depth", d] => {
            let d = depth(d)?;
            Depths::Range(d, d)
        }
        ["depths", range] => {
            let (a, b) = range.split_once('-').ok_or_else(bad)?;
            let (a, b) = (depth(a)?, depth(b)?);
            if a > b {
                return Err(format!(
                    "depths must be FIRST-LAST with FIRST not after LAST, found {:?}",
                    clip(range, ECHO)
                ));
            }
            Depths::Range(a, b)
        }
        _ => return Err(bad()),
    };
    let group = match group.map(|g| g.split_whitespace().collect::<Vec<_>>()) {
        None => None,
        Some(g) => match g.as_slice() {
            ["one", "of", name] if is_word(name) => Some(name.to_string()),
            _ => return Err(bad()),
        },
    };
    Ok(Lot {
        number,
        depths,
        group,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const DART: &str = "item: dart\nname: a dart\nglyph: (\neffect: missile\ndamage: 1d4+1\nrange: 8\nbundle: 3\nfound: lot 2 on every depth\n";

    fn error(text: &str) -> Error {
        parse(text).expect_err("should not read")
    }

    #[test]
    fn an_item_reads_with_its_defaults() {
        let items = parse(DART).unwrap();
        assert_eq!(items.len(), 1);
        let d = &items[0];
        assert_eq!(
            (d.index, d.word.as_str(), d.name.as_str(), d.glyph, d.bundle),
            (0, "dart", "a dart", '(', 3)
        );
        assert_eq!(
            d.effect,
            Effect::Missile {
                damage: Dice::new(1, 4, 1),
                range: 8
            }
        );
        let bare = parse("item: map\nname: a map\nglyph: ?\neffect: map\n").unwrap();
        assert_eq!((bare[0].bundle, bare[0].found.len()), (1, 0));
        // The plural: the name's without its article, or as given.
        assert_eq!(
            (d.plural.as_str(), bare[0].plural.as_str()),
            ("darts", "maps")
        );
        let given =
            parse(&DART.replace("name: a dart\n", "name: a dart\nplural: flights\n")).unwrap();
        assert_eq!(given[0].plural, "flights");
        let e = error(&DART.replace("name: a dart\n", "name: a dart\nplural: \n"));
        assert_eq!((e.0, e.1), (3, 9), "{}", e.2);
        assert!(e.2.starts_with("plural must be one line"), "{}", e.2);
    }

    /// Each mistake names its line and column exactly.
    #[test]
    fn errors_name_the_line_and_column() {
        assert_eq!(error("").0, 1);
        let e = error("name: x\n");
        assert_eq!((e.0, e.1), (1, 1));
        let e = error(&DART.replace("range: 8", "range: 65"));
        assert_eq!((e.0, e.1), (6, 8), "{}", e.2);
        assert!(
            e.2.contains("range must be a whole number from 1 to 64"),
            "{}",
            e.2
        );
        let e = error(&DART.replace("damage: 1d4+1", "damage:   4d"));
        assert_eq!((e.0, e.1), (5, 11), "{}", e.2);
        let e = error(&DART.replace("effect: missile", "effect: explode"));
        assert_eq!((e.0, e.1), (4, 9));
        assert!(e.2.contains("effect must be one of heal, map"), "{}", e.2);
        let e = error(&DART.replace("range: 8\n", ""));
        assert_eq!((e.0, e.1), (1, 1));
        assert!(
            e.2.contains("no `range:` (effect missile needs it)"),
            "{}",
            e.2
        );
        let e = error(&format!("{DART}  loudness: 9\n"));
        assert_eq!((e.0, e.1), (9, 3), "{}", e.2);
        assert!(
            e.2.contains("not for an item of effect missile (it takes damage and range)"),
            "{}",
            e.2
        );
        let e = error(&format!("{DART}  colour: red\n"));
        assert_eq!((e.0, e.1), (9, 3));
        let e = error(&format!("{DART}range: 7\n"));
        assert!(e.2.contains("given twice (first on line 6)"), "{}", e.2);
        let e = error(&format!("{DART}\n{DART}"));
        assert_eq!((e.0, e.1), (10, 7));
        let e = error(&DART.replace("glyph: (", "glyph: #"));
        assert_eq!((e.0, e.1), (3, 8));
        let e = error(&DART.replace("item: dart", "item: Dart"));
        assert_eq!((e.0, e.1), (1, 7));
        let e = error(&DART.replace("bundle: 3", "bundle: 21"));
        assert_eq!((e.0, e.1), (7, 9));
    }

    /// A lot's mistake is placed at the lot, not at the line's start.
    #[test]
    fn lots_read_and_their_errors_are_placed() {
        let lots_of = |found: &str| parse(&DART.replace("lot 2 on every depth", found));
        let d = lots_of("lot 1 on depth 3; lot 4 on depths 2-5, one of gear").unwrap();
        assert_eq!(
            d[0].found,
            [
                Lot {
                    number: 1,
                    depths: Depths::Range(3, 3),
                    group: None
                },
                Lot {
                    number: 4,
                    depths: Depths::Range(2, 5),
                    group: Some("gear".to_string())
                },
            ]
        );
        let e = lots_of("lot 1 on depth 3;  lot 4 on depth 11").unwrap_err();
        assert_eq!((e.0, e.1), (8, 27), "{}", e.2);
        assert!(e.2.contains("from 1 to 10"), "{}", e.2);
        let e = lots_of("lot 0 on even depths").unwrap_err();
        assert_eq!((e.0, e.1), (8, 8), "{}", e.2);
        let e = lots_of("lot 1 on depths 5-2").unwrap_err();
        assert!(e.2.contains("FIRST not after LAST"), "{}", e.2);
        let e = lots_of("lot 1 on every depth, two of x").unwrap_err();
        assert!(e.2.contains("one of GROUP"), "{}", e.2);
        assert!(lots_of("").is_err());
    }
}
