//! Levels: the true map, the factions that live on it (how far they see,
//! how they plan, what they think of unexplored ground), where their
//! monsters start and where they are going. Read from the plain-text
//! format documented in `levels/README.md` ([`Level::parse`]), written
//! back by [`Level::to_text`].

mod error;
mod outline;
mod parse;
mod settings;

pub use error::LevelError;
pub use outline::{Outline, straight_steps};
pub use parse::{
    MAX_DANGER_WEIGHT, MAX_FACTIONS, MAX_HEARING, MAX_HP, MAX_LEVEL_BYTES, MAX_MONSTERS, MAX_SIGHT,
    MAX_SKILL, MAX_SPEED, MAX_UNKNOWN, MAX_VOICE,
};

use std::fmt::Write as _;
use std::path::Path;

use crate::content::behaviours::Behaviours;
use crate::content::bestiary::Kind;
use crate::content::dice::Dice;
use crate::content::items::ItemDef;
use crate::content::textfile::escape_controls;
use crate::map::cost::Cost;
use crate::map::geom::Pos;
use crate::map::terrain::{Terrain, TerrainMap};
use crate::path::Replanner;

/// Energy a normal monster gains a turn: one straight floor step (a
/// faction's `speed=` in the level format, and the simulation's unit of
/// energy: see `sim::move_energy`).
pub const NORMAL_SPEED: u32 = 100;

/// One faction: shared knowledge, one way of planning, and the kinds of
/// monster that make it up. What one field of the faction serves stays
/// the faction's: how it prices the unknown and whether doors are walls
/// to it (its knowledge is one for all its kinds); the numbers and
/// behaviours are each kind's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FactionSpec {
    /// A name for summaries (one word): the name of several ("goblins").
    pub name: String,
    /// Repeated A* or D* Lite.
    pub planner: Replanner,
    /// Unknown cells cost this many times floor (1: the freespace
    /// assumption; more prefers known ground).
    pub unknown_factor: Cost,
    /// True when the faction starts knowing the whole map (natives).
    pub knows_map: bool,
    /// How much danger (deaths, chokepoints) weighs in its planning costs;
    /// 0 ignores it (see [`crate::fog::danger`]).
    pub danger: u32,
    /// Its monsters open doors (a turn); if not, a closed door they know
    /// of is a wall to them.
    pub opens_doors: bool,
    /// Where its monsters are going, if anywhere.
    pub goal: Option<Pos>,
    /// The digit marking the goal in the grid (kept for writing back).
    pub goal_label: Option<char>,
    /// Its kinds, never none: the first is the one its `faction:` line
    /// describes, the others its `kind:` lines.
    pub kinds: Vec<KindSpec>,
}

/// One kind of monster in a faction: what each of its monsters is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KindSpec {
    /// The name of one ("goblin"), when the level or the bestiary gives
    /// it (`one=` in a level); see [`FactionSpec::one_of`].
    pub one: Option<String>,
    /// The letter its monsters are drawn with (and marked with in the
    /// grid).
    pub glyph: char,
    /// Sight radius in cells; 0 means touch only (a dark dungeon).
    pub sight: u32,
    /// Energy gained a turn; [`NORMAL_SPEED`] is one floor step a turn.
    pub speed: u32,
    /// Steps through open ground a noise carries to its monsters (at a
    /// fight's loudness; see [`crate::fog::noise`]); 0 hears nothing.
    pub hearing: u32,
    /// Hit points of each of its monsters.
    pub hp: i32,
    /// To-hit in percent against defence 0; 100 or more against the
    /// target's defence never misses (and rolls nothing).
    pub accuracy: u32,
    /// What it takes off an attacker's accuracy.
    pub defence: u32,
    /// What one of its blows does.
    pub damage: Dice,
    /// What its monsters do, first say first (see
    /// [`crate::content::behaviours`]): the level's flags `sleeps`,
    /// `flees`, `hostile` and `wanders` make it, or `behaviours=`, or the
    /// bestiary's kind.
    pub behaviours: Behaviours,
    /// How it cries out on noticing the player, if it cries (the `cry`
    /// behaviour): `voice=LOUDNESS` or `voice=VERB:LOUDNESS` in a level.
    pub voice: Voice,
}

/// How a kind that cries cries out: the word the log says of it and how
/// loud it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Voice {
    /// What it does, as the log says it: "The raven shrieks!"
    pub verb: String,
    /// Its loudness, in percent of a fight's ([`crate::fog::noise::FIGHT`]):
    /// a kin hears it as far as its hearing times this over 100 steps
    /// through open ground.
    pub loudness: u32,
}

/// The longest verb a voice may have.
pub const MAX_VERB: usize = 24;

/// True when `verb` may be a voice's verb: one lower-case word of at most
/// [`MAX_VERB`] letters ("shrieks").
pub fn is_verb(verb: &str) -> bool {
    !verb.is_empty() && verb.len() <= MAX_VERB && verb.bytes().all(|b| b.is_ascii_lowercase())
}

impl Default for Voice {
    /// A fight's loudness: "cries out".
    fn default() -> Voice {
        Voice {
            verb: "cries out".to_string(),
            loudness: 100,
        }
    }
}

impl KindSpec {
    /// A kind drawn with `glyph`, with the level format's defaults: blind,
    /// deaf, normal speed, [`DEFAULT_HP`], [`SURE_HIT`],
    /// [`DEFAULT_DAMAGE`], no behaviours.
    pub fn new(glyph: char) -> KindSpec {
        KindSpec {
            one: None,
            glyph,
            sight: 0,
            speed: NORMAL_SPEED,
            hearing: 0,
            hp: DEFAULT_HP,
            accuracy: SURE_HIT,
            defence: 0,
            damage: DEFAULT_DAMAGE,
            behaviours: Behaviours::default(),
            voice: Voice::default(),
        }
    }

    /// Takes every number of the bestiary's kind `k`: its name for one,
    /// sight, speed, hit points, accuracy, defence, damage, hearing,
    /// behaviours and voice. The glyph stays.
    pub fn take_kind(&mut self, k: &Kind) {
        self.one = Some(k.name.clone());
        (self.sight, self.speed, self.hearing) = (k.sight, k.speed, k.hearing);
        (self.hp, self.accuracy, self.defence, self.damage) =
            (k.hp, k.accuracy, k.defence, k.damage);
        self.behaviours = k.behaviours.clone();
        self.voice = k.voice.clone();
    }
}

impl FactionSpec {
    /// Its first kind (the one its `faction:` line describes).
    pub fn kind(&self) -> &KindSpec {
        &self.kinds[0]
    }
    /// Its first kind, to change.
    pub fn kind_mut(&mut self) -> &mut KindSpec {
        &mut self.kinds[0]
    }
    /// The glyph of its first kind: the faction's in legends and tables.
    pub fn glyph(&self) -> char {
        self.kinds[0].glyph
    }
    /// True when any of its kinds hunts the player (the faction then goes
    /// to a noise it hears).
    pub fn hunts(&self) -> bool {
        self.kinds.iter().any(|k| k.behaviours.hunts())
    }

    /// The name of one of its first kind, as messages say it ("the zombie
    /// hits you"): the one given (`one=` in a level, or the bestiary's
    /// kind); else the faction's name less one final `s` ("walkers": a
    /// walker), and the name as it is when it ends in no single `s`
    /// ("blind"). Nothing cleverer is guessed: "zombies" is never
    /// "zomby"; a name that is no plain plural ("wolves") says `one=`.
    ///
    /// ```
    /// use darkstar::content::level::FactionSpec;
    /// let mut f = FactionSpec::new("wolves", 'w');
    /// assert_eq!(f.one(), "wolve");
    /// f.kind_mut().one = Some("wolf".to_string());
    /// assert_eq!(f.one(), "wolf");
    /// assert_eq!(FactionSpec::new("blind", 'b').one(), "blind");
    /// assert_eq!(FactionSpec::new("zombies", 'z').one(), "zombie");
    /// ```
    pub fn one(&self) -> &str {
        self.one_of(0)
    }

    /// The name of one of its kind `kind` (see [`FactionSpec::one`]; a
    /// kind after the first always has its own).
    pub fn one_of(&self, kind: usize) -> &str {
        if let Some(one) = self.kinds.get(kind).and_then(|k| k.one.as_deref()) {
            return one;
        }
        match self.name.strip_suffix('s') {
            Some(stem) if !stem.is_empty() && !stem.ends_with('s') => stem,
            _ => &self.name,
        }
    }

    /// [`FactionSpec::one`] with its article: "a goblin", "an orc".
    ///
    /// ```
    /// use darkstar::content::level::FactionSpec;
    /// assert_eq!(FactionSpec::new("orcs", 'o').a_one(), "an orc");
    /// assert_eq!(FactionSpec::new("goblins", 'g').a_one(), "a goblin");
    /// ```
    pub fn a_one(&self) -> String {
        self.a_one_of(0)
    }

    /// [`FactionSpec::one_of`] with its article.
    pub fn a_one_of(&self, kind: usize) -> String {
        let one = self.one_of(kind);
        let article = match one.chars().next() {
            Some(c) if "aeiouAEIOU".contains(c) => "an",
            _ => "a",
        };
        format!("{article} {one}")
    }

    /// Takes the bestiary's kind `k` for its first kind (a level's
    /// `kind=`, see [`KindSpec::take_kind`]), and what of it is the
    /// faction's: how it prices the unknown and whether it opens doors.
    /// The rest (glyph, planner, goal) stays.
    pub fn take_kind(&mut self, k: &Kind) {
        self.kinds[0].take_kind(k);
        (self.unknown_factor, self.opens_doors) = (k.unknown, k.opens_doors);
    }

    /// A faction with the defaults of the level format: one kind drawn
    /// with `glyph` (see [`KindSpec::new`]), a shared field, unknown
    /// factor 1, danger weight 1, doors opened, no goal.
    pub fn new(name: &str, glyph: char) -> FactionSpec {
        FactionSpec {
            name: name.to_string(),
            planner: Replanner::Field,
            unknown_factor: 1,
            knows_map: false,
            danger: 1,
            opens_doors: true,
            goal: None,
            goal_label: None,
            kinds: vec![KindSpec::new(glyph)],
        }
    }
}

/// A monster's hit points unless its faction says otherwise: two or three
/// blows of [`DEFAULT_DAMAGE`].
pub const DEFAULT_HP: i32 = 6;
/// Accuracy that hits whatever the defence (0): the level format's
/// default, so a level that says nothing of combat fights as before
/// combat had dice (every blow lands).
pub const SURE_HIT: u32 = 100;
/// A blow unless its faction says otherwise: 2 to 4.
pub const DEFAULT_DAMAGE: Dice = Dice::new(1, 3, 1);

/// Where one monster starts.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Spawn {
    /// Index into [`Level::factions`].
    pub faction: usize,
    /// Index into its faction's [`FactionSpec::kinds`].
    pub kind: usize,
    pub at: Pos,
}

/// A level: map, factions, spawns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Level {
    pub name: String,
    pub description: String,
    pub terrain: TerrainMap,
    pub factions: Vec<FactionSpec>,
    /// In reading order of the grid: monster ids follow it.
    pub spawns: Vec<Spawn>,
    /// Where the player (`@`) starts, on a level to play.
    pub player: Option<Pos>,
    /// The treasure (`$`) the player must take...
    pub treasure: Option<Pos>,
    /// ...to the stairs (`>`).
    pub stairs: Option<Pos>,
    /// What the player starts carrying (`pack:`), from the built-in item
    /// book (`data/items.txt`), at most [`MAX_PACK`]: a lesson's
    /// noise-maker or scroll.
    pub pack: Vec<&'static ItemDef>,
}

/// Most items a pack holds: the player's, and so a level's `pack:`.
pub const MAX_PACK: usize = 26;

/// The level `darkstar watch` opens on with no arguments
/// (`levels/opening.txt`, built into the binary so it opens anywhere): the
/// idea at a glance. One blind seeker plans straight through what it has
/// not touched, into an alley that ends short of the goal, bumps, and goes
/// round; two scouts see the alley's end and turn before it; a native
/// knows the way. The whole map and the goal fit an 80x24 terminal.
pub const OPENING: &str = include_str!("../../../levels/opening.txt");

/// Every hand-made level of `levels/`, its file name and text, sorted by
/// name: built in, so that a front end with no files (a browser) has
/// them, and so that the digest plays the same games there
/// ([`crate::sim::digest::digest_built_in`]).
pub const HAND_MADE: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/hand_made.rs"));

impl Level {
    /// [`OPENING`], parsed.
    ///
    /// ```
    /// let level = darkstar::content::level::Level::opening();
    /// assert_eq!(level.factions[0].kind().sight, 0);
    /// assert!(level.terrain.width() <= 80);
    /// ```
    pub fn opening() -> Level {
        Level::parse(OPENING, Path::new("levels/opening.txt"))
            .expect("the built-in opening level parses (a doc test checks it)")
    }

    /// Reads a level file (at most [`MAX_LEVEL_BYTES`]). A Moving AI `.map`
    /// file (it starts `type `) loads too, as terrain without factions:
    /// see [`Level::load_populated`] to put monsters on it.
    pub fn load(path: &Path) -> Result<Level, LevelError> {
        Level::load_located(path).map(|(level, _)| level)
    }

    /// [`Level::load`], and the 1-based line of the file's `map:` (or a
    /// Moving AI map's `map`) line: the grid's row `y` is line `map + 1 +
    /// y`, so errors found after reading can still name a line.
    fn load_located(path: &Path) -> Result<(Level, usize), LevelError> {
        let text = Level::read_text(path)?;
        if !text.starts_with("type ") {
            return parse::parse_located(&text, path);
        }
        let map = crate::content::movingai::MovingAiMap::parse(&text, path)
            .map_err(|e| Level::map_error(path, e))?;
        // The header is four lines, the last `map`: the parse checked it.
        let map_line = 1 + text.lines().position(|l| l.trim() == "map").unwrap_or(3);
        // The name comes from the file's name, which may hold anything.
        let name = path.file_stem().map_or("map".into(), |s| {
            escape_controls(&s.to_string_lossy()).into_owned()
        });
        let level = Level {
            description: format!("Moving AI map {name}"),
            name,
            terrain: map.to_terrain_map(),
            factions: Vec::new(),
            spawns: Vec::new(),
            player: None,
            treasure: None,
            stairs: None,
            pack: Vec::new(),
        };
        Ok((level, map_line))
    }

    /// The text of a level file (or Moving AI map), at most
    /// [`MAX_LEVEL_BYTES`].
    fn read_text(path: &Path) -> Result<String, LevelError> {
        use crate::content::textfile::{ReadError, read_limited};
        read_limited(path, MAX_LEVEL_BYTES).map_err(|e| match e {
            ReadError::Io(error) => LevelError::Io {
                file: path.to_path_buf(),
                error,
            },
            ReadError::TooLarge(max) => parse::error(
                path,
                1,
                1,
                format!("file is larger than the {max}-byte limit"),
            ),
            ReadError::NotUtf8 { line } => parse::error(path, line, 1, "not valid UTF-8 text"),
        })
    }

    /// A Moving AI map's parse error as a level error (same file and line).
    fn map_error(path: &Path, e: crate::content::movingai::MovingAiError) -> LevelError {
        match e {
            crate::content::movingai::MovingAiError::Parse { line, message, .. } => {
                parse::error(path, line, 1, message)
            }
            // Parsing text reads no file and locates no map.
            other => parse::error(path, 1, 1, other.to_string()),
        }
    }

    /// Reads a level to simulate or play, as [`Level::load`] does; a bare
    /// map (a Moving AI map, or a level file that declares no factions and
    /// marks no `@`, `$` or `>`) gets the default factions, placed by
    /// `seed` with `per_faction` monsters each
    /// ([`crate::content::generator::populate_map`]).
    ///
    /// Refuses, naming the file and line, what cannot be made a game
    /// without inventing it: a level that marks a player, treasure or
    /// stairs but declares no factions (default factions would replace the
    /// level the author wrote; the line and column of the mark), and a bare
    /// map with no floor to place monsters on (the line of `map:`).
    pub fn load_populated(path: &Path, seed: u64, per_faction: usize) -> Result<Level, LevelError> {
        let (level, map_line) = Level::load_located(path)?;
        if !level.factions.is_empty() {
            return Ok(level);
        }
        let marks = [
            (level.player, "a player (@)"),
            (level.treasure, "a treasure ($)"),
            (level.stairs, "stairs (>)"),
        ];
        if let Some((Some(at), what)) = marks.iter().find(|(at, _)| at.is_some()) {
            return Err(parse::error(
                path,
                map_line + 1 + at.y as usize,
                at.x as usize + 1,
                format!(
                    "the level marks {what} but declares no factions: a level file needs \
                     `faction:` lines for its monsters (levels/README.md); only a bare map, \
                     with no @, $ or >, gets the default factions"
                ),
            ));
        }
        crate::content::generator::populate_map(level.terrain, seed, per_faction, &level.name)
            .map_err(|e| parse::error(path, map_line, 1, e.to_string()))
    }

    /// Parses level text; `file` names it in errors.
    ///
    /// ```
    /// use darkstar::content::level::Level;
    /// let text = "name: corridor\nfaction: orcs glyph=o sight=2 goal=1\nmap:\n#####\n#o.1#\n#####\n";
    /// let level = Level::parse(text, "corridor.txt".as_ref()).unwrap();
    /// assert_eq!(level.factions[0].kind().sight, 2);
    /// assert_eq!(level.spawns.len(), 1);
    /// assert_eq!(Level::parse(&level.to_text(), "again".as_ref()).unwrap(), level);
    /// ```
    pub fn parse(text: &str, file: &Path) -> Result<Level, LevelError> {
        parse::parse(text, file)
    }

    /// The level in the text format, loadable by [`Level::parse`].
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "name: {}", self.name);
        if !self.description.is_empty() {
            let _ = writeln!(out, "description: {}", self.description);
        }
        for f in &self.factions {
            let (planner, k) = (f.planner.name(), f.kind());
            let _ = write!(
                out,
                "faction: {} glyph={} sight={} planner={planner} unknown={} speed={} danger={}",
                f.name, k.glyph, k.sight, f.unknown_factor, k.speed, f.danger
            );
            if let Some(label) = f.goal_label {
                let _ = write!(out, " goal={label}");
            }
            if let Some(one) = &k.one {
                let _ = write!(out, " one={one}");
            }
            let hostile = write_kind(&mut out, k, !f.opens_doors);
            if f.knows_map {
                out.push_str(" knows-map");
            }
            if hostile {
                out.push_str(" hostile");
            }
            out.push('\n');
            for k in &f.kinds[1..] {
                let _ = write!(
                    out,
                    "kind: {} of={} glyph={} sight={} speed={}",
                    k.one.as_deref().unwrap_or("?"),
                    f.name,
                    k.glyph,
                    k.sight,
                    k.speed
                );
                if write_kind(&mut out, k, false) {
                    out.push_str(" hostile");
                }
                out.push('\n');
            }
        }
        if !self.pack.is_empty() {
            let words: Vec<&str> = self.pack.iter().map(|d| d.word.as_str()).collect();
            let _ = writeln!(out, "pack: {}", words.join(" "));
        }
        out.push_str("map:\n");
        let mut rows: Vec<Vec<char>> = (0..self.terrain.height() as i32)
            .map(|y| {
                (0..self.terrain.width() as i32)
                    .map(|x| self.terrain.get(Pos::new(x, y)).map_or('#', Terrain::glyph))
                    .collect()
            })
            .collect();
        let mut put = |p: Pos, c: char| rows[p.y as usize][p.x as usize] = c;
        for f in &self.factions {
            if let (Some(goal), Some(label)) = (f.goal, f.goal_label) {
                put(goal, label);
            }
        }
        for s in &self.spawns {
            put(s.at, self.factions[s.faction].kinds[s.kind].glyph);
        }
        for (mark, c) in [(self.player, '@'), (self.treasure, '$'), (self.stairs, '>')] {
            if let Some(p) = mark {
                put(p, c);
            }
        }
        for row in rows {
            out.extend(row);
            out.push('\n');
        }
        out
    }
}

/// Writes kind `k`'s settings but its glyph, sight, speed and name, each
/// only where it differs from the format's defaults, so a level that
/// never spoke of them is written as it was read (with ` no-doors` where
/// the flags' order puts it, when `no_doors`); true when it is hostile
/// (the caller writes the word last, as levels always had it).
fn write_kind(out: &mut String, k: &KindSpec, no_doors: bool) -> bool {
    if k.hearing != 0 {
        let _ = write!(out, " hearing={}", k.hearing);
    }
    if k.voice != Voice::default() {
        match k.voice.verb == Voice::default().verb {
            true => write!(out, " voice={}", k.voice.loudness),
            false => write!(out, " voice={}:{}", k.voice.verb, k.voice.loudness),
        }
        .ok();
    }
    let flags = k.behaviours.flags();
    let (sleeps, flees, hostile, wanders) = flags.unwrap_or_default();
    if sleeps {
        out.push_str(" sleeps");
    }
    if flees {
        out.push_str(" flees");
    }
    if no_doors {
        out.push_str(" no-doors");
    }
    if wanders {
        out.push_str(" wanders");
    }
    if flags.is_none() {
        let names: Vec<&str> = k.behaviours.names().collect();
        let _ = write!(out, " behaviours={}", names.join(","));
    }
    if k.hp != DEFAULT_HP {
        let _ = write!(out, " hp={}", k.hp);
    }
    if k.accuracy != SURE_HIT {
        let _ = write!(out, " accuracy={}", k.accuracy);
    }
    if k.defence != 0 {
        let _ = write!(out, " defence={}", k.defence);
    }
    if k.damage != DEFAULT_DAMAGE {
        let _ = write!(out, " damage={}", k.damage);
    }
    hostile
}
