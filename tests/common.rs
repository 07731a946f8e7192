//! Shared helpers: random terrain maps for property tests and an
//! independent brute-force reference for optimal path costs.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use darkstar::map::cost::{Cost, DIAGONAL, STRAIGHT};
use darkstar::map::geom::{Dir, Pos};
use darkstar::map::grid::Grid;
use darkstar::map::terrain::{Terrain, TerrainMap};
use darkstar::path::Connectivity;
use proptest::prelude::*;

/// A random map of up to `max` x `max` cells, walls likely enough that
/// some goals are unreachable, every other terrain present too.
pub fn terrain_map(max: u32) -> impl Strategy<Value = TerrainMap> {
    (1..=max, 1..=max).prop_flat_map(|(w, h)| {
        let cell = prop_oneof![
            4 => Just(Terrain::Floor),
            3 => Just(Terrain::Wall),
            1 => Just(Terrain::Road),
            1 => Just(Terrain::Rubble),
            1 => Just(Terrain::Swamp),
            1 => Just(Terrain::ShallowWater),
            1 => Just(Terrain::Door),
        ];
        proptest::collection::vec(cell, (w * h) as usize)
            .prop_map(move |cells| TerrainMap::from_grid(Grid::from_vec(w, h, cells).unwrap()))
    })
}

/// A map with a start and a goal on it.
pub fn query(max: u32) -> impl Strategy<Value = (TerrainMap, Pos, Pos)> {
    terrain_map(max).prop_flat_map(|m| {
        let (w, h) = (m.width() as i32, m.height() as i32);
        let pos = move || (0..w, 0..h).prop_map(|(x, y)| Pos::new(x, y));
        (Just(m), pos(), pos())
    })
}

pub fn connectivity() -> impl Strategy<Value = Connectivity> {
    prop_oneof![
        Just(Connectivity::Eight),
        Just(Connectivity::Four),
        Just(Connectivity::EightCuttingCorners)
    ]
}

/// The reference movement rule, written from the rules and not from the
/// library: a step goes from a passable cell to a passable cell on the map
/// (so legality is symmetric, as `CostMap` requires); a diagonal also needs
/// both cells beside it (the two orthogonal neighbours) passable, or one
/// of them when cutting corners; the cost is the entered terrain's factor
/// times 470832 or 665857.
pub fn reference_step(
    map: &TerrainMap,
    from: Pos,
    dir: Dir,
    conn: Connectivity,
) -> Option<(Pos, Cost)> {
    let (dx, dy) = dir.delta();
    let diagonal = dx != 0 && dy != 0;
    if diagonal && conn == Connectivity::Four {
        return None;
    }
    let to = Pos::new(from.x + dx, from.y + dy);
    map.get(from)?.enter_cost()?;
    let factor = map.get(to)?.enter_cost()?;
    if diagonal {
        let side_a = Pos::new(from.x + dx, from.y);
        let side_b = Pos::new(from.x, from.y + dy);
        let (a, b) = (map.is_passable(side_a), map.is_passable(side_b));
        let cutting = conn == Connectivity::EightCuttingCorners;
        if !(a && b || cutting && (a || b)) {
            return None;
        }
    }
    Some((to, factor * if diagonal { DIAGONAL } else { STRAIGHT }))
}

/// Dijkstra over (cell, last direction) states with a flat penalty for
/// each change of direction; `turn_penalty` 0 gives plain shortest paths.
/// Returns the cost from `start` to every cell (`None` if unreachable).
pub fn reference_costs(
    map: &TerrainMap,
    start: Pos,
    conn: Connectivity,
    turn_penalty: Cost,
) -> Grid<Option<Cost>> {
    let (w, h) = (map.width(), map.height());
    // State 8 = no heading yet (the start).
    let mut best = vec![Cost::MAX; (w * h) as usize * 9];
    let index = |p: Pos, heading: usize| (p.y as usize * w as usize + p.x as usize) * 9 + heading;
    let mut heap = BinaryHeap::new();
    best[index(start, 8)] = 0;
    heap.push(Reverse((0, start.x, start.y, 8usize)));
    while let Some(Reverse((d, x, y, heading))) = heap.pop() {
        let p = Pos::new(x, y);
        if d > best[index(p, heading)] {
            continue;
        }
        for (i, dir) in Dir::ALL.into_iter().enumerate() {
            if let Some((to, c)) = reference_step(map, p, dir, conn) {
                let turn = if heading != 8 && heading != i {
                    turn_penalty
                } else {
                    0
                };
                let nd = d + c + turn;
                if nd < best[index(to, i)] {
                    best[index(to, i)] = nd;
                    heap.push(Reverse((nd, to.x, to.y, i)));
                }
            }
        }
    }
    let mut out = Grid::new(w, h, None);
    for p in out.positions() {
        let m = (0..9)
            .map(|hd| best[index(p, hd)])
            .min()
            .unwrap_or(Cost::MAX);
        out[p] = (m != Cost::MAX).then_some(m);
    }
    out
}

/// Checks that `path` goes from `start` to `goal` in legal steps whose
/// costs (with turn penalties) add up to `cost`.
pub fn check_path(
    map: &TerrainMap,
    path: &[Pos],
    start: Pos,
    goal: Pos,
    cost: Cost,
    conn: Connectivity,
    turn_penalty: Cost,
) -> Result<(), String> {
    if path.first() != Some(&start) || path.last() != Some(&goal) {
        return Err(format!(
            "path does not run from {start} to {goal}: {path:?}"
        ));
    }
    let mut total = 0;
    let mut heading = None;
    for pair in path.windows(2) {
        let dir = pair[0]
            .dir_to(pair[1])
            .ok_or_else(|| format!("{} and {} are not neighbours", pair[0], pair[1]))?;
        let (_, c) = reference_step(map, pair[0], dir, conn)
            .ok_or_else(|| format!("illegal step {} -> {}", pair[0], pair[1]))?;
        total += c;
        if heading.is_some_and(|h| h != dir) {
            total += turn_penalty;
        }
        heading = Some(dir);
    }
    if total != cost {
        return Err(format!("steps add up to {total}, search said {cost}"));
    }
    Ok(())
}

/// The `darkstar` binary as a command, kept away from the user's real
/// data folder (see [`isolate`]).
pub fn darkstar_command() -> std::process::Command {
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_darkstar"));
    isolate(&mut cmd);
    cmd
}

/// Points a command's default save and last replay at a folder of this
/// test process, never the user's (a test that names `DARKSTAR_SAVE`
/// itself overrides it).
pub fn isolate(cmd: &mut std::process::Command) {
    let home = test_home();
    cmd.env("XDG_DATA_HOME", &home)
        .env("DARKSTAR_SAVE", home.join("darkstar/save.replay"));
}

/// The files in `dir`, sorted (to see that nothing was added or moved).
pub fn listing(dir: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// A folder of this test process under the system's temporary folder,
/// made empty, and removed when dropped (a failing test's too, as a panic
/// unwinds): tests leave nothing behind.
pub struct Scratch(std::path::PathBuf);

impl Scratch {
    /// `darkstar-{area}-{pid}-{name}`, empty.
    pub fn new(area: &str, name: &str) -> Scratch {
        let dir =
            std::env::temp_dir().join(format!("darkstar-{area}-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }
}

impl std::ops::Deref for Scratch {
    type Target = std::path::Path;
    fn deref(&self) -> &std::path::Path {
        &self.0
    }
}

impl AsRef<std::path::Path> for Scratch {
    fn as_ref(&self) -> &std::path::Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The data folder every command of this test process is pointed at
/// (`darkstar-home-{pid}`). Shared by tests running at once, so it cannot
/// be removed when one ends; instead the first call removes those left by
/// earlier test processes that are no longer running.
fn test_home() -> std::path::PathBuf {
    static SWEPT: std::sync::Once = std::sync::Once::new();
    let tmp = std::env::temp_dir();
    SWEPT.call_once(|| {
        let Ok(entries) = std::fs::read_dir(&tmp) else {
            return;
        };
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            let Some(pid) = name.strip_prefix("darkstar-home-") else {
                continue;
            };
            let alive = std::path::Path::new("/proc").join(pid).exists();
            if pid.bytes().all(|b| b.is_ascii_digit()) && !alive {
                let _ = std::fs::remove_dir_all(entry.path());
            }
        }
    });
    tmp.join(format!("darkstar-home-{}", std::process::id()))
}

/// Walks the player to `to` on a shortest path over the true map (the
/// test knows it; the player is walking a route it was told), a step at a
/// time, opening doors on the way; returns every event. Stops early if
/// the game ends.
pub fn travel(game: &mut darkstar::sim::Game, to: Pos, events: &mut Vec<darkstar::sim::Event>) {
    for _ in 0..200 {
        let at = game.floor().player().unwrap().pos();
        if at == to
            || game.floor().play_state().unwrap().outcome != darkstar::sim::PlayOutcome::Playing
        {
            return;
        }
        let dir = first_step(game, at, to).expect("a way there");
        events.extend(
            game.apply(darkstar::sim::Command::Player(darkstar::sim::Action::Walk(
                dir,
            ))),
        );
    }
    let at = game.floor().player().unwrap().pos();
    panic!("never got to {to}: at {at}");
}

/// The first step of a shortest way from `from` to `to` over passable
/// ground (breadth first, no corner cutting).
pub fn first_step(
    game: &darkstar::sim::Game,
    from: Pos,
    to: Pos,
) -> Option<darkstar::map::geom::Dir> {
    let world = game.floor().world();
    let mut came: std::collections::BTreeMap<Pos, darkstar::map::geom::Dir> = Default::default();
    let mut queue = std::collections::VecDeque::from([to]);
    let mut seen = std::collections::BTreeSet::from([to]);
    // Backwards from `to`, so the step out of `from` is read off at once.
    while let Some(p) = queue.pop_front() {
        for d in darkstar::map::geom::Dir::ALL {
            let q = p.step(d);
            if seen.contains(&q)
                || !world
                    .get(q)
                    .is_some_and(darkstar::map::terrain::Terrain::is_passable)
            {
                continue;
            }
            let (a, b) = d.components();
            if d.is_diagonal()
                && [p.step(a), p.step(b)].iter().any(|&c| {
                    !world
                        .get(c)
                        .is_some_and(darkstar::map::terrain::Terrain::is_passable)
                })
            {
                continue;
            }
            seen.insert(q);
            came.insert(q, d.opposite());
            if q == from {
                return came.get(&from).copied();
            }
            queue.push_back(q);
        }
    }
    None
}

/// The built-in book's item whose word is `word` (as a replay names it).
pub fn item(word: &str) -> darkstar::sim::item::ItemKind {
    darkstar::sim::item::ItemKind::named(word).unwrap_or_else(|| panic!("no item {word:?}"))
}
