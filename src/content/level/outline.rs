//! What a level file declares, read without building its grid: its size,
//! its factions and how many monsters each has, and whether it has a
//! player. Enough to weigh the game it would make (`sim::memory`) before
//! anything in proportion to the map is allocated: the grid, the
//! knowledge, the searches. Only the file's text is read, and that is
//! bounded by [`MAX_LEVEL_BYTES`](super::MAX_LEVEL_BYTES).

use std::path::Path;

use super::parse::{self, Header};
use super::{FactionSpec, Level, LevelError};
use crate::map::geom::Pos;

/// A level as its file declares it (see [`Level::outline`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outline {
    pub width: u32,
    pub height: u32,
    /// The factions the game will have: the file's, or the default ones a
    /// bare map gets.
    pub factions: Vec<FactionSpec>,
    /// How many monsters each faction will have at most (parallel to
    /// `factions`).
    pub monsters: Vec<u64>,
    /// For each faction with a goal in the grid, the straight-line steps
    /// from its monsters' cells to it, summed
    /// ([`straight_steps`]; 0 for one without a goal);
    /// `None` where the monsters are not placed yet (a bare map's) or the
    /// goal is not in the grid.
    pub goal_steps: Vec<Option<u64>>,
    /// Whether there is a player (`@`).
    pub player: bool,
    /// True for a bare map (a Moving AI map, or a level file with no
    /// factions and no `@`, `$` or `>`): its factions are the defaults,
    /// with the monsters asked for.
    pub bare: bool,
}

impl Level {
    /// The outline of the game [`Level::load_populated`] would make of
    /// `path` with `per_faction` monsters for a bare map, read without
    /// building the grid. A file too big for the format, or whose header
    /// is wrong, gets the error [`Level::load`] would give; errors in the
    /// grid's cells are left for the full read.
    ///
    /// ```
    /// # let dir = std::env::temp_dir().join(format!("darkstar-outline-doc-{}", std::process::id()));
    /// # std::fs::create_dir_all(&dir).unwrap();
    /// use darkstar::content::level::Level;
    /// let file = dir.join("big.map");
    /// std::fs::write(&file, "type octile\nheight 4000\nwidth 3000\nmap\n").unwrap();
    /// let outline = Level::outline(&file, 7).unwrap();
    /// assert_eq!((outline.width, outline.height), (3000, 4000));
    /// assert_eq!(outline.monsters, [7, 7, 7]);
    /// # std::fs::remove_dir_all(&dir).unwrap();
    /// ```
    pub fn outline(path: &Path, per_faction: usize) -> Result<Outline, LevelError> {
        let text = Level::read_text(path)?;
        let bare = |width, height| {
            let factions = crate::content::generator::default_factions(Pos::new(0, 0));
            Outline {
                width,
                height,
                monsters: vec![per_faction.max(1) as u64; factions.len()],
                goal_steps: vec![None; factions.len()],
                factions,
                player: false,
                bare: true,
            }
        };
        if text.starts_with("type ") {
            let (width, height) = crate::content::movingai::MovingAiMap::size(&text, path)
                .map_err(|e| Level::map_error(path, e))?;
            return Ok(bare(width, height));
        }
        let Header {
            factions,
            rows,
            width,
            ..
        } = parse::header(&text, path)?;
        let height = rows.len() as u32;
        let cells = || rows.iter().flat_map(|(_, row)| row.chars().take(width));
        if factions.is_empty() && !cells().any(|c| matches!(c, '@' | '$' | '>')) {
            return Ok(bare(width as u32, height));
        }
        let mut monsters = vec![0u64; factions.len()];
        let mut player = false;
        // The cells with their places, row by row.
        let placed = || {
            rows.iter().enumerate().flat_map(|(y, (_, row))| {
                row.chars()
                    .take(width)
                    .enumerate()
                    .map(move |(x, c)| (Pos::new(x as i32, y as i32), c))
            })
        };
        // Each faction's goal, where the grid marks it.
        let mut goals: Vec<Option<Pos>> = vec![None; factions.len()];
        for (at, c) in placed().filter(|(_, c)| c.is_ascii_digit()) {
            for (f, goal) in factions.iter().zip(&mut goals) {
                if f.goal_label == Some(c) && goal.is_none() {
                    *goal = Some(at);
                }
            }
        }
        let mut steps = vec![0u64; factions.len()];
        for (at, c) in placed() {
            if let Some(f) = factions
                .iter()
                .position(|f| f.kinds.iter().any(|k| k.glyph == c))
            {
                monsters[f] += 1;
                if let Some(goal) = goals[f] {
                    steps[f] += straight_steps(at, goal);
                }
            }
            player |= c == '@';
        }
        let goal_steps = factions
            .iter()
            .zip(goals.iter().zip(steps))
            .map(|(f, (goal, steps))| match (f.goal_label, goal) {
                (None, _) => Some(0),
                (Some(_), Some(_)) => Some(steps),
                (Some(_), None) => None,
            })
            .collect();
        Ok(Outline {
            width: width as u32,
            height,
            factions,
            monsters,
            goal_steps,
            player,
            bare: false,
        })
    }
}

/// The straight-line steps from `a` to `b`: the larger of the distances
/// across and down (a diagonal step covers one of each), the fewest steps
/// any walk between them takes. What the memory estimate charges a
/// monster bound for its goal is counted from these
/// ([`crate::sim::memory::Walk`]).
pub fn straight_steps(a: Pos, b: Pos) -> u64 {
    let (dx, dy) = a.abs_delta(b);
    dx.max(dy) as u64
}
