//! What both benchmarks need: where criterion writes, its medians, and the
//! Moving AI data folder (or one line saying why the bench is skipped).

use std::path::{Path, PathBuf};
use std::time::Duration;

use criterion::Criterion;
use darkstar::content::movingai;
use darkstar::map::cost::{Cost, StepCosts};
use darkstar::map::geom::Pos;
use darkstar::path::{Connectivity, CostMap};

/// Where criterion writes its estimates.
pub fn criterion_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../target"))
        .join("criterion")
}

/// Criterion's median estimate for one benchmark of this run, in ns.
pub fn median_ns(group: &str, id: &str) -> Option<f64> {
    let file = criterion_dir()
        .join(group)
        .join(id)
        .join("new/estimates.json");
    let json: serde_json::Value = serde_json::from_slice(&std::fs::read(file).ok()?).ok()?;
    json["median"]["point_estimate"].as_f64()
}

/// The Moving AI folder, or `None` after printing that `what` is skipped.
// Not every bench reads Moving AI data (render does not).
#[allow(dead_code)]
pub fn data_dir_or_skip(what: &str) -> Option<PathBuf> {
    let dir = movingai::data_dir();
    // In CI (`CI` set) missing data is a failure, not a skip.
    assert!(
        dir.is_some() || std::env::var_os("CI").is_none(),
        "CI is set but there is no Moving AI data folder (set {})",
        movingai::DATA_DIR_VAR
    );
    if dir.is_none() {
        println!(
            "skipping {what}: no Moving AI data (set {} or add ../shared/movingai)",
            movingai::DATA_DIR_VAR
        );
    }
    dir
}

/// Criterion set up as both benches use it: ten samples, results where
/// `median_ns` reads them.
pub fn criterion(measurement: Duration) -> Criterion {
    Criterion::default()
        .output_directory(&criterion_dir())
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(measurement)
        .configure_from_args()
}

/// A grid as a graph, for the benches' graph searches (ours and the
/// peer's): node `i` is the cell `i` in row-major order. Built once per
/// map outside the timed loop: each cell's (successor, step cost) list in
/// compressed rows, and each cell's coordinates, so a successor or
/// heuristic call costs a slice or a table lookup, never a division.
/// (Tried against `(x, y)` nodes, which pay for `for_each_step` per
/// expansion; these lists were the faster.)
// Not every bench searches a graph.
#[allow(dead_code)]
pub struct Csr {
    /// `edges[offsets[i]..offsets[i + 1]]` are node `i`'s steps, in the
    /// grid's fixed neighbour order.
    pub offsets: Vec<u32>,
    pub edges: Vec<(u32, Cost)>,
    /// Each node's cell.
    pub pos: Vec<Pos>,
    pub cheapest: StepCosts,
    pub width: u32,
}

#[allow(dead_code)]
impl Csr {
    /// The legal steps of `map` (8-connected, no corner cutting).
    pub fn new<M: CostMap>(map: &M) -> Csr {
        let (w, h) = (map.width(), map.height());
        let mut offsets = vec![0];
        let mut edges = Vec::new();
        let mut pos = Vec::with_capacity((w * h) as usize);
        for y in 0..h {
            for x in 0..w {
                let p = Pos::new(x as i32, y as i32);
                pos.push(p);
                darkstar::path::for_each_step(map, p, Connectivity::Eight, |_, to, _, c| {
                    edges.push((to as u32, c));
                });
                offsets.push(edges.len() as u32);
            }
        }
        Csr {
            offsets,
            edges,
            pos,
            cheapest: map.cheapest_steps(),
            width: w,
        }
    }

    /// The node of cell `p`.
    pub fn node(&self, p: Pos) -> u32 {
        p.y as u32 * self.width + p.x as u32
    }
}

/// Rounds of [`fastest_in_turns`].
#[allow(dead_code)]
pub const ROUNDS: usize = 7;

/// The fastest of [`ROUNDS`] runs of each of `passes`, in seconds, the
/// passes taking turns within each round: criterion times one side after
/// the other, minutes apart, and this machine's speed drifts by a fifth
/// within minutes, so a slow minute falls on every side alike here.
// Not every bench times sides in turns.
#[allow(dead_code)]
pub fn fastest_in_turns<const N: usize>(mut passes: [&mut dyn FnMut() -> Cost; N]) -> [f64; N] {
    let mut best = [f64::MAX; N];
    for _ in 0..ROUNDS {
        for (b, pass) in best.iter_mut().zip(passes.iter_mut()) {
            let start = std::time::Instant::now();
            std::hint::black_box(pass());
            *b = b.min(start.elapsed().as_secs_f64());
        }
    }
    best
}

/// The generator's `side` x `side` dungeon of seed 1 (rooms, corridors,
/// caves, swamps and roads: terrain costs vary) and its cells that pass
/// `keep`, row by row.
// Not every bench walks the dungeon.
#[allow(dead_code)]
pub fn dungeon(
    side: u32,
    keep: impl Fn(&darkstar::map::terrain::TerrainMap, Pos) -> bool,
) -> (darkstar::map::terrain::TerrainMap, Vec<Pos>) {
    let params = darkstar::content::generator::GenParams {
        width: side,
        height: side,
        ..darkstar::content::generator::GenParams::default()
    };
    let map = darkstar::content::generator::generate(&params, 1).terrain;
    let cells = (0..(side * side) as usize)
        .map(|i| Pos::from_row_major(i, side))
        .filter(|&p| keep(&map, p))
        .collect();
    (map, cells)
}

/// An endless, fixed draw of `cells` (Marsaglia's xorshift from a fixed
/// seed), for benches that pick their problems on a generated map.
#[allow(dead_code)]
pub fn xorshift_draw(cells: &[Pos]) -> impl FnMut() -> Pos + '_ {
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        cells[(x % cells.len() as u64) as usize]
    }
}

/// `n` pairs of `cells` drawn in a fixed order (Knuth's MMIX linear
/// congruential generator from a fixed seed).
#[allow(dead_code)]
pub fn lcg_pairs(cells: &[Pos], n: usize) -> Vec<(Pos, Pos)> {
    let mut x: u64 = 0x2545_f491_4f6c_dd1d;
    let mut pick = || {
        x = x
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        cells[(x >> 33) as usize % cells.len()]
    };
    (0..n).map(|_| (pick(), pick())).collect()
}
