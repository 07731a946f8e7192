//! The level text format (see `levels/README.md`): `key: value` header
//! lines, then `map:` and the grid. Untrusted input: every error names the
//! file, line and column; sizes and counts are limited, so no input can
//! make the reader allocate without bound or panic.

use std::path::Path;

use super::settings::{extra_kind, faction};
use super::{FactionSpec, Level, LevelError, MAX_PACK, Spawn};
use crate::content::items::{ItemBook, ItemDef};
use crate::content::textfile::{ECHO, clip, escape_controls};
use crate::map::geom::Pos;
use crate::map::grid::Grid;
use crate::map::terrain::{MAX_SIDE, Terrain, TerrainMap};

/// Largest level file read.
pub const MAX_LEVEL_BYTES: u64 = 20 * 1024 * 1024;
/// Most factions a level may declare.
pub const MAX_FACTIONS: usize = 16;
/// Most monsters a level may place.
pub const MAX_MONSTERS: usize = 100_000;
/// Largest sight radius (field of view costs grow with its square).
pub const MAX_SIGHT: u32 = 64;
/// Largest unknown-cell cost factor.
pub const MAX_UNKNOWN: u64 = 100;
/// Largest speed (ten floor steps a turn).
pub const MAX_SPEED: u32 = 1000;
/// Largest danger weight.
pub const MAX_DANGER_WEIGHT: u32 = 100;
/// Most hit points a faction's monsters (or a kind) have.
pub const MAX_HP: u64 = 1000;
/// Most accuracy or defence.
pub const MAX_SKILL: u64 = 200;
/// Farthest a faction (or a kind) hears, in steps.
pub const MAX_HEARING: u64 = 64;
/// The loudest cry a kind may have, in percent of a fight.
pub const MAX_VOICE: u64 = 400;

pub(super) fn error(
    file: &Path,
    line: usize,
    column: usize,
    message: impl Into<String>,
) -> LevelError {
    LevelError::Parse {
        file: file.to_path_buf(),
        line,
        column,
        message: message.into(),
    }
}

/// Parses level text; `file` names it in errors.
pub(super) fn parse(text: &str, file: &Path) -> Result<Level, LevelError> {
    parse_located(text, file).map(|(level, _)| level)
}

/// A level file's text up to its grid: the header lines read, and the
/// grid's rows located (each with its 1-based line) and checked for size,
/// but not yet read cell by cell.
pub(super) struct Header<'a> {
    pub name: String,
    pub description: String,
    pub factions: Vec<FactionSpec>,
    /// What the player starts carrying, and the line that said so.
    pub pack: Option<(Vec<&'static ItemDef>, usize)>,
    /// The line of `map:`.
    pub map_line: usize,
    /// The grid's rows, trailing blank lines dropped: at least one, at
    /// most [`MAX_SIDE`], the first 1 to [`MAX_SIDE`] cells wide.
    pub rows: Vec<(usize, &'a str)>,
    /// The first row's width in cells.
    pub width: usize,
}

/// Reads the header of level text and locates its grid.
pub(super) fn header<'a>(text: &'a str, file: &Path) -> Result<Header<'a>, LevelError> {
    let err = |line, column, message: String| error(file, line, column, message);
    // A byte-order mark (Windows editors write one) is not part of the text.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut name = None;
    let mut description = String::new();
    let mut factions: Vec<FactionSpec> = Vec::new();
    let mut pack = None;
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim_end_matches('\r')));
    let mut map_line = None;
    for (n, line) in lines.by_ref() {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let Some((key, value)) = trimmed.split_once(':') else {
            let hint = grid_hint(trimmed);
            return Err(err(
                n,
                1,
                format!(
                    "expected `key: value` or `map:`, found {:?}{hint}",
                    clip(trimmed, ECHO)
                ),
            ));
        };
        let value = value.trim();
        // 1-based column where the trimmed value starts in the line.
        let column = 1 + (value.as_ptr() as usize - line.as_ptr() as usize);
        match key.trim() {
            // Names and descriptions are shown on terminals: control
            // characters in them are kept, but as visible escapes.
            "name" => name = Some(escape_controls(value).into_owned()),
            "description" => {
                if !description.is_empty() {
                    description.push(' ');
                }
                description.push_str(&escape_controls(value));
            }
            "faction" => {
                if factions.len() == MAX_FACTIONS {
                    return Err(err(n, 1, format!("more than {MAX_FACTIONS} factions")));
                }
                let f =
                    faction(value, &factions).map_err(|(offset, m)| err(n, column + offset, m))?;
                factions.push(f);
            }
            "kind" => {
                extra_kind(value, &mut factions)
                    .map_err(|(offset, m)| err(n, column + offset, m))?;
            }
            "pack" => {
                if pack.is_some() {
                    return Err(err(n, 1, "a second `pack:` line".into()));
                }
                let items = pack_items(value).map_err(|(offset, m)| err(n, column + offset, m))?;
                pack = Some((items, n));
            }
            "map" => {
                if !value.is_empty() {
                    return Err(err(
                        n,
                        column,
                        "nothing may follow `map:` on its line".into(),
                    ));
                }
                map_line = Some(n);
                break;
            }
            other => {
                return Err(err(
                    n,
                    1,
                    format!(
                        "unknown key {:?} (expected name, description, faction, kind, pack or map){}",
                        clip(other, ECHO),
                        grid_hint(trimmed)
                    ),
                ));
            }
        }
    }
    let Some(map_line) = map_line else {
        return Err(err(
            text.lines().count().max(1),
            1,
            "no `map:` line: a level file is `name:` and other `key: value` lines, then \
             `map:` and the grid (before `map:`, lines starting with # are comments)"
                .into(),
        ));
    };
    let name = name.ok_or_else(|| err(1, 1, "no `name:` line".into()))?;

    // The grid: every remaining line, trailing blank lines ignored. At
    // most MAX_SIDE are kept (a file of newlines would otherwise make a
    // list entry of each); a line with text past them is too many rows.
    let mut rows: Vec<(usize, &str)> = lines.by_ref().take(MAX_SIDE as usize).collect();
    if let Some((n, _)) = lines.find(|(_, r)| !r.trim().is_empty()) {
        return Err(err(n, 1, format!("more than {MAX_SIDE} rows")));
    }
    let last = rows.iter().rposition(|(_, r)| !r.trim().is_empty());
    rows.truncate(last.map_or(0, |l| l + 1));
    if rows.is_empty() {
        return Err(err(
            map_line + 1,
            1,
            "the grid after `map:` is empty".into(),
        ));
    }
    let width = rows[0].1.chars().count();
    if width == 0 {
        return Err(err(rows[0].0, 1, "empty grid row".into()));
    }
    if width > MAX_SIDE as usize {
        return Err(err(
            rows[0].0,
            MAX_SIDE as usize + 1,
            format!("rows longer than {MAX_SIDE} cells"),
        ));
    }
    Ok(Header {
        name,
        description,
        factions,
        pack,
        map_line,
        rows,
        width,
    })
}

/// The items a `pack:` line names: words of the built-in item book
/// (`data/items.txt`), separated by spaces, one word for each item (a
/// word twice, two of it), at most [`MAX_PACK`]; an error says at which
/// byte of `value` it lies.
fn pack_items(value: &str) -> Result<Vec<&'static ItemDef>, (usize, String)> {
    let book = ItemBook::builtin();
    let mut items = Vec::new();
    for word in value.split_whitespace() {
        let offset = word.as_ptr() as usize - value.as_ptr() as usize;
        let Some(def) = book.item(word) else {
            let words: Vec<&str> = book.items().iter().map(|d| d.word.as_str()).collect();
            return Err((
                offset,
                format!(
                    "unknown item {:?} (expected one of {})",
                    clip(word, ECHO),
                    words.join(", ")
                ),
            ));
        };
        if items.len() == MAX_PACK {
            return Err((offset, format!("more than {MAX_PACK} items in the pack")));
        }
        items.push(def);
    }
    if items.is_empty() {
        return Err((
            0,
            "`pack:` names no item (say what the player carries: `pack: noise-maker dart`)".into(),
        ));
    }
    Ok(items)
}

/// [`parse`], and the 1-based line of `map:` (the grid's row `y` is line
/// `map + 1 + y`), for errors found in a level after it is read.
pub(super) fn parse_located(text: &str, file: &Path) -> Result<(Level, usize), LevelError> {
    let err = |line, column, message: String| error(file, line, column, message);
    let Header {
        name,
        description,
        mut factions,
        pack,
        map_line,
        rows,
        width,
    } = header(text, file)?;
    let mut cells = Vec::with_capacity(width * rows.len());
    let mut spawns = Vec::new();
    let mut goals: Vec<(char, Pos, usize, usize)> = Vec::new();
    // The player `@`, the treasure `$` and the stairs `>`: one each at most.
    let mut marks: [Option<Pos>; 3] = [None; 3];
    for (y, &(n, row)) in rows.iter().enumerate() {
        let mut count = 0;
        for (x, c) in row.chars().enumerate() {
            count += 1;
            if x >= width {
                break;
            }
            let at = Pos::new(x as i32, y as i32);
            let t = if let Some(t) = Terrain::from_glyph(c) {
                t
            } else if let Some((f, kind)) = factions
                .iter()
                .enumerate()
                .find_map(|(f, spec)| spec.kinds.iter().position(|k| k.glyph == c).map(|k| (f, k)))
            {
                if spawns.len() == MAX_MONSTERS {
                    return Err(err(n, x + 1, format!("more than {MAX_MONSTERS} monsters")));
                }
                spawns.push(Spawn {
                    faction: f,
                    kind,
                    at,
                });
                Terrain::Floor
            } else if let Some(k) = ['@', '$', '>'].iter().position(|&m| m == c) {
                if marks[k].is_some() {
                    return Err(err(n, x + 1, format!("{c:?} marked twice")));
                }
                marks[k] = Some(at);
                Terrain::Floor
            } else if c.is_ascii_digit() {
                if goals.iter().any(|g| g.0 == c) {
                    return Err(err(n, x + 1, format!("goal {c:?} marked twice")));
                }
                goals.push((c, at, n, x + 1));
                Terrain::Floor
            } else {
                return Err(err(
                    n,
                    x + 1,
                    format!(
                        "unknown glyph {c:?} (expected terrain `#.=:,~+`, a faction glyph, a goal digit, `@`, `$` or `>`)"
                    ),
                ));
            };
            cells.push(t);
        }
        if count != width {
            return Err(err(
                n,
                count.min(width) + 1,
                format!("row is {count} cells wide, expected {width} like the first row"),
            ));
        }
    }
    let grid = Grid::from_vec(width as u32, rows.len() as u32, cells)
        .ok_or_else(|| err(map_line, 1, "grid size mismatch".into()))?;
    for f in &mut factions {
        if let Some(label) = f.goal_label {
            let Some(g) = goals.iter().find(|g| g.0 == label) else {
                return Err(err(
                    map_line,
                    1,
                    format!(
                        "faction {}'s goal {label:?} is not in the grid",
                        clip(&f.name, ECHO)
                    ),
                ));
            };
            f.goal = Some(g.1);
        }
    }
    if let Some(g) = goals
        .iter()
        .find(|g| !factions.iter().any(|f| f.goal_label == Some(g.0)))
    {
        return Err(err(
            g.2,
            g.3,
            format!("goal {:?} is no faction's goal", g.0),
        ));
    }
    if let Some((_, line)) = &pack
        && marks[0].is_none()
    {
        return Err(err(
            *line,
            1,
            "a `pack:` but no player (`@`) to carry it".into(),
        ));
    }
    let level = Level {
        name,
        description,
        terrain: TerrainMap::from_grid(grid),
        factions,
        spawns,
        player: marks[0],
        treasure: marks[1],
        stairs: marks[2],
        pack: pack.map(|(items, _)| items).unwrap_or_default(),
    };
    Ok((level, map_line))
}

/// True for a line made only of grid glyphs: terrain, letters, digits and
/// the player's marks (a grid written without its header).
fn looks_like_grid_row(line: &str) -> bool {
    let mark = |c: char| Terrain::from_glyph(c).is_some() || "@$>".contains(c);
    line.chars().all(|c| mark(c) || c.is_ascii_alphanumeric()) && line.chars().any(mark)
}

/// [`looks_like_grid_row`]'s hint, or nothing.
fn grid_hint(line: &str) -> &'static str {
    if looks_like_grid_row(line) {
        " (a grid row? the grid goes after the `name:` and `map:` lines)"
    } else {
        ""
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::path::Replanner;

    fn parse_err(text: &str) -> (usize, usize, String) {
        match parse(text, Path::new("t.txt")) {
            Err(LevelError::Parse {
                line,
                column,
                message,
                ..
            }) => (line, column, message),
            other => panic!("expected an error, got {other:?}"),
        }
    }

    #[test]
    fn a_level_reads_and_round_trips() {
        let text = "# comment\nname: test\ndescription: two\ndescription: lines\n\
                    faction: orcs glyph=o sight=3 planner=dstar unknown=2 speed=50 goal=1\n\
                    faction: elves glyph=e knows-map\nmap:\n######\n#o.e1#\n#,~=:#\n######\n";
        let level = parse(text, Path::new("t.txt")).unwrap();
        assert_eq!(level.description, "two lines");
        assert_eq!(level.terrain.width(), 6);
        assert_eq!(level.factions[0].goal, Some(Pos::new(4, 1)));
        assert_eq!(level.factions[0].planner, Replanner::DStarLite);
        assert!(level.factions[1].knows_map);
        assert_eq!(
            level.spawns,
            vec![
                Spawn {
                    faction: 0,
                    kind: 0,
                    at: Pos::new(1, 1)
                },
                Spawn {
                    faction: 1,
                    kind: 0,
                    at: Pos::new(3, 1)
                }
            ]
        );
        assert_eq!(parse(&level.to_text(), Path::new("again")).unwrap(), level);
    }

    #[test]
    fn errors_name_line_column_and_expectation() {
        let head = "name: t\nfaction: orcs glyph=o\nmap:\n";
        assert_eq!(parse_err(&format!("{head}#o#\n#?#\n")).0, 5);
        assert_eq!(parse_err(&format!("{head}#o#\n#?#\n")).1, 2);
        assert!(
            parse_err(&format!("{head}#o#\n##\n"))
                .2
                .contains("expected 3")
        );
        let (line, column, m) = parse_err("name: t\nfaction: orcs glyph=o sight=999\nmap:\n#\n");
        assert_eq!((line, column), (2, 23));
        assert!(m.contains("sight must be"), "{m}");
        assert!(
            parse_err("name: t\nmap:\n1\n")
                .2
                .contains("no faction's goal")
        );
        assert!(
            parse_err("name: t\nfaction: a glyph=a goal=2\nmap:\n.\n")
                .2
                .contains("not in the grid")
        );
        assert!(
            parse_err("name: t\nfaction: a glyph=#\nmap:\n.\n")
                .2
                .contains("letter")
        );
        assert!(
            parse_err("name: t\nfaction: a glyph=a\nfaction: b glyph=a\nmap:\n.\n")
                .2
                .contains("already")
        );
        assert!(parse_err("name: t\n").2.contains("no `map:`"));
        assert!(parse_err("map:\n.\n").2.contains("no `name:`"));
        assert!(parse_err("name: t\nmap:\n\n\n").2.contains("empty"));
        assert!(
            parse_err("name: t\nsize: 3\nmap:\n.\n")
                .2
                .contains("unknown key")
        );
    }

    /// `pack:` gives the player what it names, in the file's order, and
    /// writes back the same; a word no item has, a pack with no player
    /// and an empty or second `pack:` are refused where they stand.
    #[test]
    fn a_pack_line_gives_the_player_its_items() {
        let text = "name: t\npack: noise-maker dart noise-maker\nmap:\n@.\n";
        let level = parse(text, Path::new("t.txt")).unwrap();
        let words: Vec<&str> = level.pack.iter().map(|d| d.word.as_str()).collect();
        assert_eq!(words, ["noise-maker", "dart", "noise-maker"]);
        assert_eq!(parse(&level.to_text(), Path::new("again")).unwrap(), level);
        let (line, column, message) = parse_err("name: t\npack: dart spoon\nmap:\n@.\n");
        assert_eq!((line, column), (2, 12), "{message}");
        assert!(message.contains("unknown item \"spoon\""), "{message}");
        assert!(message.contains("noise-maker"), "{message}");
        let (line, _, message) = parse_err("name: t\npack: dart\nmap:\n..\n");
        assert_eq!(line, 2);
        assert!(message.contains("no player"), "{message}");
        assert!(
            parse_err("name: t\npack:\nmap:\n@\n")
                .2
                .contains("names no item")
        );
        assert!(
            parse_err("name: t\npack: dart\npack: dart\nmap:\n@\n")
                .2
                .contains("second")
        );
        let many = vec!["dart"; MAX_PACK + 1].join(" ");
        let (_, column, message) = parse_err(&format!("name: t\npack: {many}\nmap:\n@\n"));
        assert!(message.contains("more than 26"), "{message}");
        assert_eq!(column, 7 + 5 * MAX_PACK);
    }
}
