//! The two-tiered search (`darkstar_path::hierarchy::Hierarchy`, HPA*)
//! against this crate's exact A* (`SearchContext::find_path`, over the
//! map as given and over it read into a `DenseMap`) and against the peer
//! `hierarchical_pathfinding` 0.5 (`PathCache`, chunks of 8, its default
//! config), in one run, on the longest fifth (by optimal cost) of the
//! Moving AI problems of arena2 and 8room_000 and of 500 queries between
//! open cells of the game's 1024 x 1024 dungeon of seed 1 (mazes left
//! out, as the issue asks).
//!
//! Both hierarchies use clusters of 8 and the same movement rule: the peer
//! is given a neighbourhood that lists exactly the moves our
//! `Connectivity::Eight` allows (no corner cutting), read from the map, and
//! each cell's entry factor as its tile cost. What differs is the metric:
//! the peer counts a diagonal step as dear as a straight one (its costs are
//! per tile entered), ours costs it 665857/470832 of one. Every path of
//! both is re-costed with our step costs (`path_cost`) and set against the
//! optimal (A*'s) before anything is timed: the table printed first
//! (stderr) gives each side's mean and worst error and mean expansions.
//! The peer builds and repairs with rayon (its default `parallel`
//! feature; this machine has 2 cores); its sequential build
//! (`new_with_fn_mut`) is timed beside it.
//!
//! Groups: `hpa-build-*` (ours, ours in clusters of 16, peer, peer
//! sequential), `hpa-query-*` (one pass over the queries: A*, A* dense,
//! ours, ours in clusters of 16, peer, each path collected into cells),
//! `hpa-repair-*` (one cell on the middle of the longest query's optimal
//! path turned wall, or back, and the hierarchy repaired: ours by
//! `cells_changed`, the peer by `tiles_changed`). Our expansions are
//! counted as cells expanded by the searches within the start's and
//! goal's clusters, transitions expanded, and steps tried by smoothing
//! (each counted as a cell expanded, though it examines one step, not
//! eight); the peer's are not counted (it has no counter).
//!
//! `DARKSTAR_MOVINGAI=/work/shared/movingai cargo bench -p darkstar-benches --bench hpa`

mod support;

use std::hint::black_box;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use darkstar::content::movingai::{MovingAiMap, Scenario};
use darkstar::map::cost::{Cost, StepCosts};
use darkstar::map::geom::{Dir, Pos};
use darkstar::path::astar::path_cost;
use darkstar::path::hierarchy::{Hierarchy, Refinement};
use darkstar::path::{
    Connectivity, CostMap, DenseMap, Outcome, SearchContext, SearchOptions, Step, neighbours, step,
};
use hierarchical_pathfinding::neighbors::Neighborhood;
use hierarchical_pathfinding::{PathCache, PathCacheConfig};

const RULE: Connectivity = Connectivity::Eight;

/// The peer's neighbourhood: our legal moves of each cell (bit `d` for
/// `Dir::ALL[d]`, as a `DenseMap` reads them).
#[derive(Clone, Debug)]
struct Moves {
    width: usize,
    moves: Arc<Vec<u8>>,
}

impl Neighborhood for Moves {
    fn get_all_neighbors(&self, (x, y): (usize, usize), target: &mut Vec<(usize, usize)>) {
        let m = self.moves[y * self.width + x];
        for (d, dir) in Dir::ALL.iter().enumerate() {
            if m & (1 << d) != 0 {
                let (dx, dy) = dir.delta();
                target.push((
                    (x as isize + dx as isize) as usize,
                    (y as isize + dy as isize) as usize,
                ));
            }
        }
    }
    fn heuristic(&self, (x, y): (usize, usize), (gx, gy): (usize, usize)) -> usize {
        x.abs_diff(gx).max(y.abs_diff(gy))
    }
}

struct Suite {
    name: String,
    map: Box<dyn CostMap>,
    dense: DenseMap,
    queries: Vec<(Pos, Pos)>,
    /// The peer's tile costs: the factor of entering each cell, -1 a wall.
    tiles: Arc<Vec<isize>>,
    neighbourhood: Moves,
    /// The cell the repair groups toggle.
    toggled: Pos,
}

/// A map with one cell turned wall.
struct Walled<'a> {
    map: &'a dyn CostMap,
    wall: Option<usize>,
}

impl CostMap for Walled<'_> {
    fn width(&self) -> u32 {
        self.map.width()
    }
    fn height(&self) -> u32 {
        self.map.height()
    }
    fn step_cost(&self, s: Step) -> Option<Cost> {
        if Some(s.from_index) == self.wall || Some(s.to_index) == self.wall {
            return None;
        }
        self.map.step_cost(s)
    }
    fn cheapest_steps(&self) -> StepCosts {
        self.map.cheapest_steps()
    }
}

fn suite(name: String, map: Box<dyn CostMap>, candidates: Vec<(Pos, Pos)>) -> Suite {
    let dense = DenseMap::new(&*map, RULE).expect("a dense map");
    let mut ctx = SearchContext::new();
    let options = SearchOptions::default();
    // The longest fifth, by optimal cost, of the connected queries.
    let mut solved: Vec<(Cost, Pos, Pos)> = candidates
        .iter()
        .filter_map(|&(s, g)| {
            ctx.find_path(&dense, s, g, &options)
                .cost()
                .map(|c| (c, s, g))
        })
        .collect();
    solved.sort_by_key(|&(c, s, g)| (std::cmp::Reverse(c), s, g));
    solved.truncate(solved.len().div_ceil(5));
    let queries: Vec<(Pos, Pos)> = solved.iter().map(|&(_, s, g)| (s, g)).collect();
    let (w, h) = (map.width(), map.height());
    let cells = (w * h) as usize;
    let mut moves = vec![0u8; cells];
    let mut tiles = vec![-1isize; cells];
    for (i, m) in moves.iter_mut().enumerate() {
        *m = dense.moves(i);
        let p = Pos::from_row_major(i, w);
        // The factor of entering `p`, from any legal step into it.
        if let Some(n) = neighbours(&*map, p, i, RULE).next() {
            let (_, c) = step(&*map, n.to, n.dir.opposite(), RULE).expect("legal both ways");
            tiles[i] = (c / StepCosts::UNIT.for_dir(n.dir)) as isize;
        }
    }
    let (_, s, g) = solved[0];
    let path = ctx
        .find_path(&dense, s, g, &options)
        .path()
        .unwrap()
        .to_vec();
    let toggled = path[path.len() / 2];
    Suite {
        name,
        map,
        dense,
        queries,
        tiles: Arc::new(tiles),
        neighbourhood: Moves {
            width: w as usize,
            moves: Arc::new(moves),
        },
        toggled,
    }
}

fn moving_ai(dir: &Path, name: &str) -> Suite {
    let map = MovingAiMap::load(&dir.join(format!("{name}.map"))).expect("map");
    let scen = Scenario::load(&dir.join(format!("{name}.map.scen"))).expect("scen");
    let queries = scen.problems.iter().map(|p| (p.start, p.goal)).collect();
    suite(name.to_string(), Box::new(map), queries)
}

/// The generator's dungeon of seed 1 at `side` x `side`, with `n`
/// candidate queries between open cells picked by a fixed sequence.
fn dungeon(side: u32, n: usize) -> Suite {
    let (terrain, open) = support::dungeon(side, |map, p| map.is_passable(p));
    let queries = support::lcg_pairs(&open, n);
    suite(format!("dungeon{side}"), Box::new(terrain), queries)
}

fn build_ours(s: &Suite) -> Hierarchy {
    Hierarchy::new(&*s.map, RULE).expect("a hierarchy")
}

/// Ours in clusters of 16, timed beside the default 8.
fn build_ours_16(s: &Suite) -> Hierarchy {
    Hierarchy::with_cluster_size(&*s.map, RULE, 16).expect("a hierarchy")
}

fn build_peer(s: &Suite) -> PathCache<Moves> {
    let (w, h) = (s.map.width() as usize, s.map.height() as usize);
    let tiles = s.tiles.clone();
    PathCache::new(
        (w, h),
        move |(x, y)| tiles[y * w + x],
        s.neighbourhood.clone(),
        PathCacheConfig::with_chunk_size(8),
    )
}

fn build_peer_sequential(s: &Suite) -> PathCache<Moves> {
    let (w, h) = (s.map.width() as usize, s.map.height() as usize);
    let tiles = s.tiles.clone();
    PathCache::new_with_fn_mut(
        (w, h),
        move |(x, y)| tiles[y * w + x],
        s.neighbourhood.clone(),
        PathCacheConfig::with_chunk_size(8),
    )
}

/// The peer's path from `s` to `g` as our cells, start included.
fn peer_path(s: &Suite, peer: &PathCache<Moves>, a: Pos, b: Pos) -> Option<Vec<Pos>> {
    let w = s.map.width() as usize;
    let tiles = &s.tiles;
    let found = peer.find_path(
        (a.x as usize, a.y as usize),
        (b.x as usize, b.y as usize),
        |(x, y)| tiles[y * w + x],
    )?;
    let mut path = vec![a];
    path.extend(found.map(|(x, y)| Pos::new(x as i32, y as i32)));
    if path.len() > 1 && path[1] == a {
        path.remove(0);
    }
    Some(path)
}

fn pass_astar(ctx: &mut SearchContext, map: &dyn CostMap, queries: &[(Pos, Pos)]) -> Cost {
    let options = SearchOptions::default();
    queries
        .iter()
        .filter_map(|&(a, b)| match ctx.find_path(map, a, b, &options) {
            Outcome::Found { path, cost } => Some(cost + path.len() as Cost),
            _ => None,
        })
        .sum()
}

fn pass_ours(hpa: &mut Hierarchy, map: &dyn CostMap, queries: &[(Pos, Pos)]) -> Cost {
    queries
        .iter()
        .filter_map(|&(a, b)| match hpa.find_path(map, a, b) {
            Outcome::Found { path, cost } => Some(cost + path.len() as Cost),
            _ => None,
        })
        .sum()
}

fn pass_peer(s: &Suite, peer: &PathCache<Moves>) -> Cost {
    s.queries
        .iter()
        .filter_map(|&(a, b)| peer_path(s, peer, a, b).map(|p| p.len() as Cost))
        .sum()
}

/// Errors against the optimal, in percent: mean and worst.
#[derive(Default)]
struct Errors {
    sum: f64,
    worst: f64,
    n: usize,
    missing: usize,
}

impl Errors {
    fn add(&mut self, cost: Option<Cost>, optimal: Cost) {
        match cost {
            Some(c) => {
                let e = 100.0 * (c as f64 / optimal as f64 - 1.0);
                self.sum += e;
                self.worst = self.worst.max(e);
                self.n += 1;
            }
            None => self.missing += 1,
        }
    }
    fn mean(&self) -> f64 {
        self.sum / self.n.max(1) as f64
    }
}

/// Checks every path and prints each side's errors and expansions.
fn report(s: &Suite, label: &str, hpa: &mut Hierarchy, peer: &PathCache<Moves>) -> (f64, f64) {
    let options = SearchOptions::default();
    let mut ctx = SearchContext::new();
    let (mut ours, mut raw, mut theirs) = (Errors::default(), Errors::default(), Errors::default());
    let (mut exp_astar, mut exp_ours, mut exp_searches) = (0u64, 0u64, 0u64);
    for &(a, b) in &s.queries {
        let optimal = ctx.find_path(&*s.map, a, b, &options).cost().unwrap();
        exp_astar += ctx.stats().expanded;
        let got = hpa.find_path(&*s.map, a, b);
        exp_ours += hpa.stats().expanded();
        exp_searches += hpa.stats().cells_expanded + hpa.stats().nodes_expanded;
        let path = got.path().expect("ours finds every connected query");
        assert_eq!(
            path_cost(&*s.map, path, &options),
            got.cost(),
            "{}: our path re-costed",
            s.name
        );
        assert!(got.cost().unwrap() >= optimal);
        assert_eq!(
            hpa.find_path(&s.dense, a, b),
            got,
            "{}: over the dense map",
            s.name
        );
        ours.add(got.cost(), optimal);
        let refinement = hpa.refinement();
        hpa.set_refinement(Refinement::None);
        let unsmoothed = hpa.find_path(&*s.map, a, b);
        hpa.set_refinement(refinement);
        assert_eq!(
            path_cost(&*s.map, unsmoothed.path().unwrap(), &options),
            unsmoothed.cost()
        );
        raw.add(unsmoothed.cost(), optimal);
        let peer_cost = peer_path(s, peer, a, b).map(|p| {
            assert_eq!(
                (p[0], *p.last().unwrap()),
                (a, b),
                "{}: the peer's ends",
                s.name
            );
            path_cost(&*s.map, &p, &options).expect("the peer's path is legal under our rule")
        });
        theirs.add(peer_cost, optimal);
    }
    let n = s.queries.len() as f64;
    eprintln!(
        "| {}{label} | {} | {:.2}% | {:.2}% | {:.2}% | {:.2}% | {:.2}% | {:.2}% | {} | {:.0} | {:.0} ({:.0} + {:.0}) | {:.1}x | {:.1}x | {} nodes, {} edges |",
        s.name,
        s.queries.len(),
        ours.mean(),
        ours.worst,
        raw.mean(),
        raw.worst,
        theirs.mean(),
        theirs.worst,
        theirs.missing,
        exp_astar as f64 / n,
        exp_ours as f64 / n,
        exp_searches as f64 / n,
        (exp_ours - exp_searches) as f64 / n,
        exp_astar as f64 / exp_ours as f64,
        exp_astar as f64 / exp_searches as f64,
        hpa.node_count(),
        hpa.edge_count(),
    );
    (ours.mean(), ours.worst)
}

/// The fastest of seven query passes each, A*, A* dense, ours (smoothed,
/// and refined in a corridor) and the peer taking turns (a slow minute of this shared machine falls on every
/// side alike), printed before criterion's groups.
fn turns(suites: &[Suite], built: &mut [(Hierarchy, Hierarchy, PathCache<Moves>)]) {
    eprintln!(
        "\n| map | fastest of {} passes in turns: A* (ms) | A* dense (ms) | ours (ms) | ours, refined in a corridor (ms) | peer (ms) | A* / ours | A* dense / ours | A* / ours refined | A* dense / ours refined | peer / ours |",
        support::ROUNDS
    );
    eprintln!("|---|---|---|---|---|---|---|---|---|---|---|");
    let (mut ctx, mut ctx_dense) = (SearchContext::new(), SearchContext::new());
    for (s, (hpa, _, peer)) in suites.iter().zip(built.iter_mut()) {
        let mut refined = hpa.clone();
        refined.set_refinement(Refinement::Corridor);
        let [a, d, o, r, p] = support::fastest_in_turns([
            &mut || pass_astar(&mut ctx, &*s.map, &s.queries),
            &mut || pass_astar(&mut ctx_dense, &s.dense, &s.queries),
            &mut || pass_ours(hpa, &*s.map, &s.queries),
            &mut || pass_ours(&mut refined, &*s.map, &s.queries),
            &mut || pass_peer(s, peer),
        ])
        .map(|t| t * 1e3);
        eprintln!(
            "| {} | {a:.2} | {d:.2} | {o:.2} | {r:.2} | {p:.2} | {:.1}x | {:.1}x | {:.1}x | {:.1}x | {:.2}x |",
            s.name,
            a / o,
            d / o,
            a / r,
            d / r,
            p / o
        );
    }
}

fn main() {
    let Some(dir) = support::data_dir_or_skip("the two-tiered search benchmark") else {
        return;
    };
    let suites = vec![
        moving_ai(&dir, "arena2"),
        moving_ai(&dir, "8room_000"),
        dungeon(1024, 500),
    ];
    eprintln!(
        "\n| map | queries | ours: mean error | worst | unsmoothed: mean | worst | peer: mean error | worst | peer: no path | A* expanded (mean) | ours (searches + smoothing steps) | A* / ours | A* / ours' searches | our graph |"
    );
    eprintln!("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
    let mut built = Vec::new();
    for s in &suites {
        let mut hpa = build_ours(s);
        let mut hpa16 = build_ours_16(s);
        let peer = build_peer(s);
        report(s, "", &mut hpa, &peer);
        report(s, " (clusters of 16)", &mut hpa16, &peer);
        hpa.set_refinement(Refinement::Corridor);
        report(s, " (refined in a corridor)", &mut hpa, &peer);
        hpa.set_refinement(Refinement::Smooth);
        built.push((hpa, hpa16, peer));
    }
    turns(&suites, &mut built);
    if std::env::var_os("DARKSTAR_HPA_TURNS_ONLY").is_some() {
        return;
    }
    let mut c = support::criterion(Duration::from_secs(3));
    let mut ctx = SearchContext::new();
    for (s, (hpa, hpa16, peer)) in suites.iter().zip(built.iter_mut()) {
        let mut group = c.benchmark_group(format!("hpa-build-{}", s.name));
        group.bench_function("ours-16", |b| {
            b.iter(|| black_box(build_ours_16(black_box(s))))
        });
        group.bench_function("ours", |b| b.iter(|| black_box(build_ours(black_box(s)))));
        group.bench_function("peer", |b| b.iter(|| black_box(build_peer(black_box(s)))));
        group.bench_function("peer-sequential", |b| {
            b.iter(|| black_box(build_peer_sequential(black_box(s))))
        });
        group.finish();

        let mut group = c.benchmark_group(format!("hpa-query-{}", s.name));
        group.bench_function("astar", |b| {
            b.iter(|| black_box(pass_astar(&mut ctx, &*s.map, black_box(&s.queries))))
        });
        group.bench_function("astar-dense", |b| {
            b.iter(|| black_box(pass_astar(&mut ctx, &s.dense, black_box(&s.queries))))
        });
        group.bench_function("ours", |b| {
            b.iter(|| black_box(pass_ours(hpa, &*s.map, black_box(&s.queries))))
        });
        group.bench_function("ours-16", |b| {
            b.iter(|| black_box(pass_ours(hpa16, &*s.map, black_box(&s.queries))))
        });
        // The same hierarchy asked over the `DenseMap` (the same steps
        // and costs), as the dense A* is.
        group.bench_function("ours-over-dense", |b| {
            b.iter(|| black_box(pass_ours(hpa, &s.dense, black_box(&s.queries))))
        });
        group.bench_function("peer", |b| b.iter(|| black_box(pass_peer(s, peer))));
        group.finish();

        let mut group = c.benchmark_group(format!("hpa-repair-{}", s.name));
        let cell = s.toggled.row_major(s.map.width());
        let mut walled = false;
        let mut ours = hpa.clone();
        group.bench_function("ours", |b| {
            b.iter(|| {
                walled = !walled;
                let view = Walled {
                    map: &*s.map,
                    wall: walled.then_some(cell),
                };
                ours.cells_changed(&view, black_box(&[s.toggled]));
            })
        });
        let mut walled = false;
        let w = s.map.width() as usize;
        group.bench_function("peer", |b| {
            b.iter(|| {
                walled = !walled;
                let tiles = &s.tiles;
                let wall = walled;
                peer.tiles_changed(
                    black_box(&[(s.toggled.x as usize, s.toggled.y as usize)]),
                    move |(x, y)| {
                        if wall && y * w + x == cell {
                            -1
                        } else {
                            tiles[y * w + x]
                        }
                    },
                );
            })
        });
        group.finish();
    }
    c.final_summary();

    println!(
        "\n| map | queries | A* (ms) | A* dense (ms) | ours (ms) | ours over dense (ms) | ours, 16 (ms) | peer (ms) | A* / ours | A* dense / ours | A* dense / ours over dense | peer / ours | A* dense / ours 16 |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|---|");
    let ms = |g: &str, id: &str| support::median_ns(g, id).map_or(f64::NAN, |ns| ns / 1e6);
    for s in &suites {
        let g = format!("hpa-query-{}", s.name);
        let (a, d, o, od, o16, p) = (
            ms(&g, "astar"),
            ms(&g, "astar-dense"),
            ms(&g, "ours"),
            ms(&g, "ours-over-dense"),
            ms(&g, "ours-16"),
            ms(&g, "peer"),
        );
        println!(
            "| {} | {} | {a:.2} | {d:.2} | {o:.2} | {od:.2} | {o16:.2} | {p:.2} | {:.1}x | {:.1}x | {:.1}x | {:.2}x | {:.1}x |",
            s.name,
            s.queries.len(),
            a / o,
            d / o,
            d / od,
            p / o,
            d / o16
        );
    }
    println!(
        "\n| map | build: ours (ms) | ours, 16 (ms) | peer, rayon (ms) | peer, sequential (ms) | peer / ours | peer sequential / ours | repair: ours (us) | peer (us) | ours: build / repair |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|");
    for s in &suites {
        let (gb, gr) = (
            format!("hpa-build-{}", s.name),
            format!("hpa-repair-{}", s.name),
        );
        let (bo, b16, bp, bs) = (
            ms(&gb, "ours"),
            ms(&gb, "ours-16"),
            ms(&gb, "peer"),
            ms(&gb, "peer-sequential"),
        );
        let (ro, rp) = (ms(&gr, "ours") * 1e3, ms(&gr, "peer") * 1e3);
        println!(
            "| {} | {bo:.2} | {b16:.2} | {bp:.2} | {bs:.2} | {:.2}x | {:.2}x | {ro:.1} | {rp:.1} | {:.0}x |",
            s.name,
            bp / bo,
            bs / bo,
            bo * 1e3 / ro
        );
    }
}
