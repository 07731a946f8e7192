//! A monster crosses a maze it has never seen. It plans as if every cell
//! it has not seen were open (the freespace assumption), walks, looks at
//! the cells around it, and when it finds a wall on its way D* Lite
//! repairs the plan instead of searching again from scratch.
//!
//! Run: `cargo run -p darkstar-path --example monster`

use darkstar_path::geom::{Dir, Pos};
use darkstar_path::{Connectivity, CostMap, DStarLite, GridMap};

const MAZE: [&str; 9] = [
    "S....#........",
    "####.#.######.",
    "...#.#.#....#.",
    ".#.#...#.##.#.",
    ".#.#####..#.#.",
    ".#.......##.#.",
    ".#######.#..#.",
    ".........#.##G",
    "##########....",
];

fn main() {
    let truth = GridMap::from_rows(MAZE, |c| (c != '#').then_some(1)).unwrap();
    // What the monster believes: open ground everywhere, to begin with.
    let mut known = GridMap::new(truth.width(), truth.height());
    let (mut at, goal) = (Pos::new(0, 0), Pos::new(13, 7));
    let mut plan = DStarLite::new(
        &known,
        at,
        goal,
        Connectivity::Eight,
        known.cheapest_steps(),
    );
    let (mut steps, mut walls) = (0, 0);
    while at != goal {
        // Look around: walls next to it become known, and the plan is
        // repaired where they touch it.
        let seen: Vec<Pos> = Dir::ALL
            .map(|d| at.step(d))
            .into_iter()
            .filter(|&p| truth.contains(p) && truth.get(p).is_none() && known.get(p).is_some())
            .collect();
        for &p in &seen {
            known.set(p, None);
        }
        walls += seen.len();
        plan.cells_changed(&known, &seen);
        let Some(next) = plan.next_step(&known) else {
            println!("no way to {goal}");
            return;
        };
        at = next;
        plan.move_to(at);
        steps += 1;
    }
    println!("reached {goal} in {steps} steps, finding {walls} walls on the way;");
    println!("D* Lite expanded {} cells in all", plan.expanded());
}
